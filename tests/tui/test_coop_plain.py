"""A plain player (`shamble --plain join`, a process of its own) at one table
with a full-screen player (the shared game screen, under the pilot), through a
real host: each hears the other's moves and lines, and the plain player is
told in words when the turn comes to them."""

from __future__ import annotations

from tests.coop.plain_player import PlainPlayer
from tests.tui.test_coop_screen import joined, log_text, until
from tui.app import ShambleApp


async def heard(pilot, player: PlainPlayer, what: str, since: int = 0) -> str:
    """What the plain player printed from `since`, once it holds `what` (the
    app's loop runs meanwhile: its client must hear the host too)."""
    await until(pilot, lambda: what in player.text()[since:], repr(what), 60)
    return player.text()[since:]


async def test_a_plain_player_and_a_full_screen_player_share_a_table(place):
    name = place.host("--mission", "tutorial", "--players", "2", "--seed", "1")
    app = ShambleApp(autosave=False)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await joined(pilot, name)
        client = screen.client
        assert client.my_seats == ["1"]
        bob = PlainPlayer(place, name, "bob")
        bob.wait_for("You joined")
        assert "Player 2 (Lin, Ruiz)" in bob.text()
        await until(pilot, lambda: "root.bob sat down at Player 2" in log_text(app), "bob", 60)

        # the full screen's move, told to the plain player with whose it was
        index = client.status.index
        screen.selected = "vega"
        screen.submit({"type": "search", "survivor": "vega"})
        await until(pilot, lambda: client.status.index > index, "the search", 60)
        await heard(pilot, bob, "Player 1 (root): Vega searches")
        await heard(pilot, bob, "Waiting for Player 1 (root).")

        # talk both ways, marked apart from the story
        bob.ask("say I go for the door")
        await until(
            pilot,
            lambda: "root.bob (Player 2) says: I go for the door" in log_text(app),
            "bob's line",
            60,
        )
        assert (await client.say("good, I cover you")).ok
        await heard(pilot, bob, "root (Player 1) says: good, I cover you")

        # Vega done: the plain player may act again, and is told so once
        start = len(bob.text())
        screen.submit({"type": "end_turn", "survivor": "vega"})
        told = await heard(pilot, bob, "Your turn, Lin.", start)
        bob.ask("end turn")
        lin = "Player 2 (root.bob): Lin is done for this round."
        await until(pilot, lambda: lin in log_text(app), "Lin's end", 60)
        assert bob.text()[start:].count("Your turn, Lin.") == 1, told
        bob.leave()
        await until(pilot, lambda: "root.bob left" in log_text(app), "bob leaving", 60)
    await client.close()
