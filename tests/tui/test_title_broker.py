"""The title screen with a broker set that does not answer (issue 32): it
says so in one line under the menu, and reading the broker never holds the
title up: the list of this machine's games is drawn first."""

from __future__ import annotations

import socket
import time

import pytest

from saves import public, public_redis
from tests.coop.redis_fixture import redis_server  # noqa: F401
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


def where(app) -> tuple:
    """Where the title's art, tagline and menu are drawn."""
    return tuple(
        app.screen.query_one(f"#{w}").region for w in ("title-art", "tagline", "title-menu")
    )


async def title_places(size, note_shows) -> tuple[tuple, str]:
    """The title at `size`: where its block is once note_shows(note) holds, and the note."""
    from tui.app import ShambleApp

    app = ShambleApp()
    async with app.run_test(size=size) as pilot:
        await until(
            pilot,
            lambda: note_shows(note(app)) and app.screen.query_one("#title-menu").region.width,
            "the title's note",
        )
        await pilot.pause()
        return where(app), note(app)


@pytest.mark.parametrize("size", [(80, 24), (120, 40)])
async def test_the_menu_stays_put_when_a_broker_that_does_not_answer_is_said(
    size, tmp_path, monkeypatch
):
    """The line saying the broker is away (74 columns, under the menu, read
    later on a thread) moves neither the menu nor the art above it; nor
    does a second line of the note (what Continue opens) under it."""
    monkeypatch.setenv(public.ENV, str(tmp_path / "public"))
    (tmp_path / "public").mkdir(mode=0o1777)
    alone, _ = await title_places(size, lambda n: True)
    port = free_port()
    monkeypatch.setenv(public_redis.ENV, f"redis://127.0.0.1:{port}/0")
    placed, said = await title_places(size, lambda n: "is not answering" in n)
    assert placed == alone, said

    from tui.app import ShambleApp

    app = ShambleApp()
    async with app.run_test(size=size) as pilot:
        await until(pilot, lambda: "is not answering" in note(app))
        app.screen.query_one("#title-note").update(f"Continue: Docking Ring, round 3\n{note(app)}")
        await pilot.pause()
        assert where(app) == alone


@pytest.mark.parametrize("size", [(80, 24), (120, 40)])
async def test_the_menu_stays_put_when_a_broker_that_answers_lists_a_game(
    size,
    redis_server,  # noqa: F811
    tmp_path,
    monkeypatch,
):
    """Another machine's game, listed once the broker has answered, is one
    more line under the menu: the menu does not move for it."""
    import msgspec

    from tests.saves.test_public_redis import allow_public

    monkeypatch.setenv(public.ENV, str(tmp_path / "public"))
    (tmp_path / "public").mkdir(mode=0o1777)
    alone, _ = await title_places(size, lambda n: True)
    allow_public(redis_server)
    game = public.LiveGame(
        slot="tutorial-2", mode="station", mission="tutorial", name="Docking Ring", round=1,
        started=time.time(), updated=time.time(), pid=1, watchable=True, player="alice",
    )  # fmt: skip
    key = f"{public_redis.LIVE}alice:box-a:tutorial-2"
    assert redis_server.cli("SET", key, msgspec.json.encode(game).decode()) == "OK"
    monkeypatch.setenv(public_redis.ENV, redis_server.url("bob"))
    try:
        placed, said = await title_places(size, lambda n: "alice@box-a" in n)
    finally:
        redis_server.cli("DEL", key)
    assert said == "Playing now: alice@box-a (station). w watches."
    assert placed == alone
