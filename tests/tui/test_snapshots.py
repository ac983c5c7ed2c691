"""SVG snapshots of the title, game and game-over screens at 80x24 and
120x40 (pytest-textual-snapshot; update with --snapshot-update after a
deliberate change, and look at the SVGs before committing them)."""

from __future__ import annotations

import pytest
from textual.widgets import OptionList

from engine import Game
from engine.station.bot import StationBot
from tui import modes
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


@pytest.fixture
def station_only(monkeypatch):
    """Only station's adapter: the title's picture does not change each time
    another mode adds a title entry (test_title_lists_every_modes_entries)."""
    monkeypatch.setattr(modes, "_UIS", {"station": modes.get_ui("station")})


@pytest.mark.parametrize("size", SIZES)
def test_title_snapshot(snap_compare, size, station_only):
    assert snap_compare(ShambleApp(autosave=False), terminal_size=size)


async def test_title_lists_every_modes_entries_with_the_keys_in_one_column():
    app = ShambleApp(autosave=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        menu = app.screen.query_one("#title-menu", OptionList)
        prompts = [str(menu.get_option_at_index(i).prompt) for i in range(menu.option_count)]
        entries = [e for m in modes.ui_modes() for e in modes.get_ui(m).title_entries()]
        for entry in entries:
            assert any(p.split()[:-1] == entry.label.split() for p in prompts), entry.label
        assert len({len(p.rstrip()) for p in prompts}) == 1  # keys in one column


@pytest.mark.parametrize("size", SIZES)
def test_game_snapshot(snap_compare, size):
    game = Game.new("station", mission="tutorial", seed=0)
    app = ShambleApp(game=game, autosave=False)
    # Vega opens the door to the corridor and steps in; the walker comes out
    assert snap_compare(app, press=["o", "enter", "m", "enter"], terminal_size=size)


@pytest.mark.parametrize("size", SIZES)
def test_game_over_snapshot(snap_compare, size):
    assert snap_compare(ShambleApp(game=won_tutorial(), autosave=False), terminal_size=size)
