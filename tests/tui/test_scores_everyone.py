"""The title's High scores turn to everyone's with e (issue 32): every
publishing player's runs ranked together, each by its player's name, as
`shamble scores --server` ranks them; e again is the player's own."""

from __future__ import annotations

from saves import public, public_scores, scores
from tests.public_folder import public_folder
from tui.app import ShambleApp
from tui.screens.scores import ScoresScreen


def text(app) -> str:
    return "\n".join(strip.text for strip in app.screen._compositor.render_strips())


async def test_e_shows_the_machines_scoreboard_by_player_and_back(tmp_path, monkeypatch):
    public_folder(tmp_path, monkeypatch)
    monkeypatch.delenv("SHAMBLE_BROKER", raising=False)
    mine = scores.record(scores.Score("tutorial", 31, ("vega",), 6, 1, "won", date="2026-12-01"))
    public_scores.publish_all_scores([mine])
    app = ShambleApp()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("s")
        await pilot.pause()
        assert isinstance(app.screen, ScoresScreen)
        assert "player" not in text(app) and "31" in text(app)
        await pilot.press("e")
        await pilot.pause()
        shown = text(app)
        assert "Everyone's: Docking Ring (tutorial)" in shown
        assert "player" in shown and public.me() in shown and "31" in shown
        await pilot.press("e")
        await pilot.pause()
        assert "Everyone's" not in text(app) and "31" in text(app)


async def test_without_a_public_folder_e_says_there_is_no_scoreboard(tmp_path, monkeypatch):
    monkeypatch.delenv(public.ENV, raising=False)
    monkeypatch.delenv("SHAMBLE_BROKER", raising=False)
    monkeypatch.setattr(public, "SHARED_ROOT", tmp_path / "none")
    monkeypatch.setenv("SHAMBLE_HOME", str(tmp_path / "home"))
    app = ShambleApp()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("s")
        await pilot.pause()
        await pilot.press("e")
        await pilot.pause()
        assert "no public scoreboard" in text(app)


async def test_a_broker_that_does_not_answer_leaves_the_machines_scoreboard_and_says_so(
    tmp_path, monkeypatch
):
    """Issue 32: with a broker set that nothing listens on, e shows this
    machine's scoreboard (read first, the broker on a thread of its own) and
    a line says the broker is not answering."""
    import socket
    import time

    from saves import public_redis

    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    public_folder(tmp_path, monkeypatch)
    monkeypatch.setenv(public_redis.ENV, f"redis://127.0.0.1:{port}/0")
    mine = scores.record(scores.Score("tutorial", 31, ("vega",), 6, 1, "won", date="2026-12-01"))
    public_scores.publish_all_scores([mine])
    app = ShambleApp()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("s")
        await pilot.pause()
        await pilot.press("e")
        line = f"The broker at 127.0.0.1:{port} is not answering: only this machine's scores."
        end = time.monotonic() + 30
        while line not in " ".join(" ".join(text(app).replace("│", " ").split()).split()):
            assert time.monotonic() < end, text(app)
            await pilot.pause(0.05)
        shown = text(app)
        assert "Everyone's: Docking Ring (tutorial)" in shown and "31" in shown
        await pilot.press("e")  # his own again: no word of the broker
        await pilot.pause()
        assert not app.screen.query_one("#scores-broker").display
        assert "Everyone's" not in text(app) and "31" in text(app)
