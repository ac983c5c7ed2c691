"""SVG snapshots of the title, game and game-over screens at 80x24 and
120x40 (pytest-textual-snapshot; update with --snapshot-update after a
deliberate change, and look at the SVGs before committing them)."""

from __future__ import annotations

import pytest

from engine import Game
from engine.station.bot import StationBot
from tui.app import ShambleApp

SIZES = [(80, 24), (120, 40)]


def won_tutorial() -> Game:
    """The tutorial as the station bot plays it on a seed it wins."""
    for seed in range(40):
        game = Game.new("station", mission="tutorial", seed=seed)
        bot = StationBot.for_game(game)
        for _ in range(300):
            if game.outcome:
                break
            game.submit(bot.choose(game.view("players"), game.legal_commands()))
        if game.outcome == "won":
            return game
    raise AssertionError("no won tutorial in 40 seeds")


@pytest.mark.parametrize("size", SIZES)
def test_title_snapshot(snap_compare, size):
    assert snap_compare(ShambleApp(autosave=False), terminal_size=size)


@pytest.mark.parametrize("size", SIZES)
def test_game_snapshot(snap_compare, size):
    game = Game.new("station", mission="tutorial", seed=0)
    app = ShambleApp(game=game, autosave=False)
    # Vega opens the door to the corridor and steps in; the walker comes out
    assert snap_compare(app, press=["o", "enter", "m", "enter"], terminal_size=size)


@pytest.mark.parametrize("size", SIZES)
def test_game_over_snapshot(snap_compare, size):
    assert snap_compare(ShambleApp(game=won_tutorial(), autosave=False), terminal_size=size)
