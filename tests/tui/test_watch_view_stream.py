"""Watching another player's Outbreak or Sniper game from its watcher's
stream (issue 32, saves/view_stream.py): the watch screen holds only the
watcher's view, as a shared game's spectator does, and tells each move from
the events the watcher was told."""

from __future__ import annotations

import pytest

from engine import Game
from hosting.seats import bot_move
from saves import AutoSave, public
from tests.pilot_wait import until
from tests.public_folder import public_folder
from tui.app import ViewerApp
from tui.screens.coop_view import ViewGame
from tui.screens.watch import ViewWatchScreen, watch_screen
from tui.widgets.panels import MessageLog


@pytest.fixture
def pub(tmp_path, monkeypatch):
    root = public_folder(tmp_path, monkeypatch)
    return root


def text(app) -> str:
    return "\n".join(strip.text for strip in app.screen._compositor.render_strips())


def move(game, seats):
    return game.submit(game.bot_command() or bot_move(game, seats, eager=True))


async def test_ob10_an_outbreak_game_is_watched_from_its_stream_and_no_hand_is_named(pub, tmp_path):
    # given alice's hot-seat Outbreak game, published, one move in
    game = Game.new("outbreak", seed=2, seats="human,bot")
    save = tmp_path / "outbreak-1.shamble"
    session = AutoSave.create(save, game, fsync=False)
    publisher = public.publish(game, save)
    move(game, {"p1"})
    (listed,) = public.live_games()
    app = ViewerApp(lambda app: watch_screen(app, public.follower_of(listed)), autosave=False)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = app.screen
        assert isinstance(screen, ViewWatchScreen) and isinstance(screen.game, ViewGame)
        await until(pilot, lambda: "Watching outbreak-1 live" in text(app))
        lines = screen.query_one(MessageLog).lines
        assert "as a watcher may see it" in lines[0]
        # when the game goes on for a whole round of both seats
        start = len(lines)
        round_ = game.view("spectator")["round"]
        while game.view("spectator")["round"] == round_ and game.outcome is None:
            move(game, {"p1"})
        # then the screen follows, told each move as the watcher is
        await until(pilot, lambda: screen.view == screen.game.client.view and
                    screen.view.get("round") == game.view("spectator")["round"])  # fmt: skip
        told = lines[start:]
        assert any("draws a card" in line for line in told)
        hands = [c for s in game.view("p1")["seats"].values() for c in (s["hand"] or [])]
        assert all(s["hand"] is None for s in screen.view["seats"].values())
        assert hands and not [line for line in told if "You draw" in line]
        assert f"round {screen.view['round']}" in text(app)
        await pilot.press("q")
        await pilot.pause()
    publisher.close()
    session.close()


async def test_sn12_a_sniper_game_is_watched_as_the_sniper_sees_it(pub, tmp_path):
    game = Game.new("sniper", seed=0)
    save = tmp_path / "sniper-1.shamble"
    session = AutoSave.create(save, game, fsync=False)
    publisher = public.publish(game, save)
    (listed,) = public.live_games()
    assert listed.watchable and listed.view
    app = ViewerApp(lambda app: watch_screen(app, public.follower_of(listed)), autosave=False)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = app.screen
        await until(pilot, lambda: "Watching sniper-1 live" in text(app))
        for _ in range(8):
            move(game, {"sniper"})
        await until(pilot, lambda: screen.view.get("turn") == game.view("sniper")["turn"]
                    and screen.view.get("sniper") == game.view("sniper")["sniper"])  # fmt: skip
        assert set(screen.view["units"]) == set(game.view("sniper")["units"])
        assert "commander_hand" not in screen.view
        # and the log tells the sniper's moves of him, never to the watcher
        told = screen.query_one(MessageLog).lines
        assert any(line.startswith("The sniper moves ") for line in told), told
        assert not [line for line in told[1:] if line.startswith(("You ", "Your "))], told
        await until(pilot, lambda: "The sniper moves " in text(app))  # on the screen too
        screen.cursor = tuple(screen.view["sniper"]["at"])
        await pilot.press("x")  # looking at his cell: his, not the watcher's
        await until(pilot, lambda: told[-1].endswith(", the sniper is here."))
        await pilot.press("q")
        await pilot.pause()
    publisher.close()
    session.close()
