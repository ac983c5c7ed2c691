"""Joining a shared game: a fresh one greets the player; "Resumed ..." is
said only once a person has moved before they joined. The bots' opening
moves (Outbreak's Bot 1 plays first here) do not make a game resumed."""

from __future__ import annotations

from tests.coop.conftest import BOB
from tests.tui.test_coop_screen import joined, log_text, until
from tests.tui.test_coop_siege import connecting_as
from tui.app import ShambleApp


async def test_a_game_the_bots_opened_greets_and_a_persons_move_resumes(place, monkeypatch):
    name = place.host("--mode", "outbreak", "--seats", "bot,human,human", "--seed", "2")
    first, second = ShambleApp(autosave=False), ShambleApp(autosave=False)
    async with first.run_test(size=(80, 24)) as p1:
        ann = await joined(p1, name)
        a = ann.client
        await until(p1, lambda: ann.is_mounted and ann.view, "the screen")
        await until(p1, lambda: "Player 2 (root), your turn." in log_text(p1.app), "her turn")
        told = log_text(p1.app)
        assert a.status.index > 0 and not a.status.played  # Bot 1 has played, nobody else
        assert "Resumed" not in told
        assert f"You joined {name} as root: Player 2." in told
        assert told.index("Outbreak: first onto the Helipad") < told.index("You joined")
        index = a.status.index
        await p1.press("t")  # Player 2 draws the tile: a person has played now
        await until(p1, lambda: a.status.index > index, "the host's answer")
        assert a.status.played
        with connecting_as(BOB, monkeypatch):
            async with second.run_test(size=(80, 24)) as p2:
                bob = await joined(p2, name)
                await until(p2, lambda: bob.is_mounted and bob.view, "the screen")
                await until(p2, lambda: "You joined" in log_text(p2.app), "the greeting")
                told = log_text(p2.app)
                assert "Resumed in round 1: Player 2's turn." in told
                assert f"You joined {name} as uid{BOB}: Player 3." in told
                await bob.client.close()
        await a.close()
