"""The title screen lists the games other players of the machine play now,
and `w` follows one of them live (issue 32)."""

from __future__ import annotations

import os
import pwd
import time

import msgspec
import pytest

from engine import Game
from saves import public
from tui.app import ShambleApp
from tui.screens.dialogs import ChoiceDialog
from tui.screens.watch import WatchScreen

pytestmark = pytest.mark.skipif(os.geteuid() != 0, reason="another player's files need root")


@pytest.fixture
def neighbour(tmp_path, monkeypatch):
    """`nobody` playing the tutorial, as their process would publish it."""
    root = tmp_path / "public"
    folder = root / "nobody" / "live"
    folder.mkdir(parents=True)
    os.chmod(root, 0o1777)
    monkeypatch.setenv(public.ENV, str(root))
    game = Game.new("station", seed=3)
    game.submit({"type": "search", "survivor": "vega"})
    (folder / "tutorial-2.shamble").write_bytes(game.to_bytes())
    record = public.LiveGame(
        slot="tutorial-2", mode="station", mission="tutorial", name="Docking Ring", round=1,
        started=time.time() - 600, updated=time.time(), pid=os.getpid(), watchable=True,
    )  # fmt: skip
    (folder / "tutorial-2.json").write_bytes(msgspec.json.encode(record))
    who = pwd.getpwnam("nobody")
    for path in (root / "nobody", folder, *folder.iterdir()):
        os.chown(path, who.pw_uid, who.pw_gid)
    return game


async def test_the_title_says_who_plays_and_w_watches_their_game(neighbour):
    app = ShambleApp()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        note = str(app.screen.query_one("#title-note").content)
        assert "Playing now: nobody (station). w watches." in note
        await pilot.press("w")
        await pilot.pause()
        assert isinstance(app.screen, ChoiceDialog)
        await pilot.press("enter")
        for _ in range(50):
            await pilot.pause()
            if isinstance(app.screen, WatchScreen):
                break
        assert isinstance(app.screen, WatchScreen)
        assert app.screen.game.state == neighbour.state
        mine = public.root() / public.me() / "watching" / "nobody--tutorial-2.json"
        assert mine.exists()  # nobody's process sees root watching
        await pilot.press("q")
        await pilot.pause()
        assert not mine.exists()


async def test_without_a_public_folder_w_says_why_nobody_is_listed(monkeypatch, tmp_path):
    monkeypatch.delenv(public.ENV, raising=False)
    monkeypatch.setattr(public, "SHARED_ROOT", tmp_path / "none")
    app = ShambleApp()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("w")
        await pilot.pause()
        assert not isinstance(app.screen, ChoiceDialog)
        assert any("no public folder" in n.message for n in app._notifications)


async def test_a_broker_that_holds_the_line_never_holds_up_the_title(neighbour, monkeypatch):
    """Issue 32: the broker is read off the title's thread. While a broker
    that took the connection says nothing, the title is up, lists this
    machine's game and answers keys; once the broker lets go unanswered,
    the line says it is not answering and the local game stays listed."""
    import socket
    import threading

    from saves import public_redis

    listener = socket.socket()
    listener.bind(("127.0.0.1", 0))
    listener.listen(8)
    port = listener.getsockname()[1]
    held: list[socket.socket] = []
    accepting = threading.Thread(target=lambda: held.append(listener.accept()[0]), daemon=True)
    accepting.start()
    monkeypatch.setenv(public_redis.ENV, f"redis://127.0.0.1:{port}/0")
    monkeypatch.setattr(public_redis, "TIMEOUT", 20.0)  # it waits until the test lets go
    app = ShambleApp()
    try:
        async with app.run_test(size=(80, 24)) as pilot:
            end = time.monotonic() + 30
            while not held:  # the title's worker has reached the broker
                assert time.monotonic() < end, "the title never asked the broker"
                await pilot.pause(0.05)
            note = str(app.screen.query_one("#title-note").content)
            assert note == "Playing now: nobody (station). w watches."  # drawn first
            menu = app.screen.query_one("#title-menu")
            was = menu.highlighted
            await pilot.press("j")  # the title answers while the broker says nothing
            assert menu.highlighted != was
            await pilot.press("w")
            await pilot.pause()
            assert isinstance(app.screen, ChoiceDialog)
            await pilot.press("escape")
            listener.close()
            for conn in held:
                conn.close()  # no answer, ever: redis gives up on it
            line = f"Broker 127.0.0.1:{port}: no answer."
            end = time.monotonic() + 30
            while line not in str(app.screen.query_one("#title-note").content):
                assert time.monotonic() < end, app.screen.query_one("#title-note").content
                await pilot.pause(0.05)
            assert "Playing now: nobody (station). w watches." in str(
                app.screen.query_one("#title-note").content
            )
    finally:
        listener.close()
        for conn in held:
            conn.close()
