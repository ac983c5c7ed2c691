"""The title screen with a broker set that does not answer (issue 32): it
says so in one line under the menu, and reading the broker never holds the
title up: the list of this machine's games is drawn first."""

from __future__ import annotations

import socket

from saves import public, public_redis
from tests.pilot_wait import until


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def note(app) -> str:
    return str(app.screen.query_one("#title-note").content)


async def test_a_broker_nothing_listens_on_is_said_in_one_line(tmp_path, monkeypatch):
    from tui.app import ShambleApp

    port = free_port()
    monkeypatch.setenv(public.ENV, str(tmp_path / "public"))
    (tmp_path / "public").mkdir(mode=0o1777)
    monkeypatch.setenv(public_redis.ENV, f"redis://127.0.0.1:{port}/0")
    app = ShambleApp()
    async with app.run_test(size=(80, 24)) as pilot:
        line = f"The broker at 127.0.0.1:{port} is not answering: only this machine's games."
        await until(pilot, lambda: line in note(app))
        assert note(app).splitlines() == [line]  # no save to continue: the one line

        def drawn() -> str:
            return "\n".join(s.text for s in app.screen._compositor.render_strips())

        await until(pilot, lambda: line in drawn())  # whole on the 80 columns


def test_the_line_keeps_the_games_and_says_the_broker_is_away_in_its_room():
    from tui.screens.title import games_line

    game = public.LiveGame(
        slot="tutorial-2", mode="station", mission="tutorial", name="Docking Ring", round=1,
        started=0.0, updated=0.0, pid=1, watchable=True, player="nobody",
    )  # fmt: skip
    assert games_line([game]) == "Playing now: nobody (station). w watches."
    down = games_line([game], "127.0.0.1:6379")
    assert down == "Playing now: nobody (station). w watches. Broker 127.0.0.1:6379: no answer."
    alone = games_line([], "127.0.0.1:6379")
    assert alone == "The broker at 127.0.0.1:6379 is not answering: only this machine's games."
    many = games_line([game] * 3, "redis.example.org:6379")
    assert many.startswith("Playing now: ") and "redis.example.org:6379" in many
    assert len(many) <= 76 and games_line([game] * 2, "").startswith("Playing now: nobody")
