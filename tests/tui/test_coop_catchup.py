"""A second Outbreak player who joins a game under way reads what happened
before "Resumed ...": the host's Welcome brings the last moves as their seat
may know them, and the screen retells them in the adapter's words. Another
seat's draws are told without their names (OB-10, K-7)."""

from __future__ import annotations

from saves import load
from tests.coop.conftest import BOB
from tests.tui.test_coop_outbreak import short_turn
from tests.tui.test_coop_screen import joined, log_text, until
from tests.tui.test_coop_siege import connecting_as
from tui.app import ShambleApp
from tui.modes.outbreak.words import card_name

INTRO = "p card, t tile, r turn it, Enter lay/walk, z zombies, e end; ? help."


def story_of(log: str) -> list[str]:
    """The lines between the intro and the greeting ("Resumed ..." or "You joined")."""
    lines = log.splitlines()
    end = next(i for i, line in enumerate(lines) if line.startswith(("Resumed", "You joined")))
    return lines[lines.index(INTRO) + 1 : end]


async def test_a_late_outbreak_player_reads_the_moves_before_then_resumed(place, monkeypatch):
    name = place.host("--mode", "outbreak", "--seats", "bot,human,human", "--seed", "2")
    first, second = ShambleApp(autosave=False), ShambleApp(autosave=False)
    async with first.run_test(size=(80, 24)) as p1:
        ann = await joined(p1, name)
        a = ann.client
        await until(p1, lambda: "Player 2 (root), your turn." in log_text(p1.app), "her turn")
        # Bot 1's opening turn, before she joined, is retold to her too (no
        # "Resumed": only the bot has played, a fresh game greets)
        told = log_text(p1.app)
        assert a.recent and "Resumed" not in told
        bot_turn = story_of(told)
        assert any(
            line.startswith("Bot 1 lays the ") and "draws a card" in line for line in bot_turn
        )
        await short_turn(p1, ann)
        await until(p1, lambda: a.status.turn == ["p3"], "Player 3's turn")
        ann_log = log_text(p1.app).splitlines()
        her_turn = ann_log[ann_log.index("Player 2 (root), your turn.") + 1 : -1]
        assert any(line.startswith("Player 2 lays the ") for line in her_turn)

        with connecting_as(BOB, monkeypatch):
            async with second.run_test(size=(80, 24)) as p2:
                bob = await joined(p2, name)
                b = bob.client
                await until(p2, lambda: bob.is_mounted and "You joined" in log_text(p2.app), "hi")
                lines = log_text(p2.app).splitlines()
                resumed = lines.index("Resumed in round 1: Player 3's turn.")
                assert lines[resumed + 1] == f"You joined {name} as uid{BOB}: Player 3."
                story = story_of(log_text(p2.app))
                assert lines.index(INTRO) + 1 + len(story) == resumed
                # the moves before he came, as they were told: Bot 1's turn,
                # then Ann's, line for line as her own log told it (each
                # movement the one line it grew into)
                assert story == bot_turn + her_turn
                assert len(b.recent) == b.status.index  # every move so far (under 40)
                # another's draw has no name, on the wire or on the screen
                drawn = [
                    e for t in b.recent for e in t.events if e["type"] == "event_drawn"
                ]  # fmt: skip
                assert drawn and all(e["card"] is None for e in drawn)
                truth = load(place.save(name)).events
                secret = {card_name(e.card) for e in truth if type(e).__name__ == "EventDrawn"}
                public = "\n".join(s for s in story if "discards" in s or "plays" in s)
                for card in secret:
                    assert card in public or card not in "\n".join(story), card
                await b.close()
        await a.close()
