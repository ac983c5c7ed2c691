"""Issue 28: no status line or prompt is cut at 80 columns, in any mode.

The sweep: each shipped mission of each mode opens at 80x24, and every one of
the mode's own keys is pressed in turn (by its action, as the palette runs
it); a key that starts targeting has each of its targets highlighted, a key
that asks a question is answered no. Then a legal command is played and the
keys are walked again. Every line the status line is given is read by the
autouse fixture of tests/tui/conftest.py (`whole_status_lines`), which fails
the test on a word the line's two rows cannot show whole."""

from __future__ import annotations

import random

import pytest
from rich.text import Text

from engine import Game, get_mode
from tui import keys
from tui.app import ShambleApp
from tui.modes import ui_modes
from tui.screens.game import GameScreen
from tui.screens.game_ask import fit
from tui.widgets.panels import StatusLine, cut_words

CASES = [
    (mode, mission["id"])
    for mode in ui_modes()
    for mission in get_mode(mode).missions()
    if mission["id"] != "random"
]
STEPS = 3  # legal commands played between two walks over the keys


def back_to(app, screen) -> None:
    while app.screen is not screen:
        app.pop_screen()


async def walk_keys(pilot, screen: GameScreen) -> int:
    """Every mode key of the screen, each target of each targeting; how many
    lines the status line was given."""
    said = 0
    for row in screen.key_table:
        if row.action in keys.SHARED_ACTIONS:
            continue
        screen.run_key(row.action)
        await pilot.pause()
        back_to(pilot.app, screen)
        if screen.targeting:
            for option in list(screen.targeting.options)[:12]:
                screen.cursor = option
                screen.redraw()
                said += 1
            screen.action_cancel()
        if screen.prompt:
            said += 1
            screen.answer(False)
        said += 1
    return said


@pytest.mark.parametrize(("mode", "mission"), CASES)
async def test_every_status_line_of_a_mission_is_whole_at_80_columns(mode, mission):
    app = ShambleApp(game=Game.new(mode, mission=mission, seed=1), autosave=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, GameScreen)
        rng = random.Random(0)
        for _ in range(STEPS):
            back_to(app, screen)
            assert await walk_keys(pilot, screen)
            if screen.game.outcome or not screen.legal:
                break
            screen.submit(rng.choice(screen.legal))
            await pilot.pause()


def test_a_word_past_the_second_row_or_folded_is_a_cut():
    row = "word " * 15  # 75 cells
    assert cut_words(row, 78) == []
    assert cut_words(row + "another line of words", 78) == []  # two rows
    assert cut_words(row * 2 + "lost", 78) == ["lost"]
    assert cut_words("x" * 90, 78)  # one word folded across the row's end


def test_keys_that_do_not_fit_one_row_take_two_whole_rows():
    """The shared targeting and prompt lines (GameScreen.fit): the long keys on
    one row, else the short ones, else whichever is whole on two rows."""
    short = Text("Fire: " + "x " * 20)
    assert fit(short, [". Enter does it", ". Enter"], 78).plain.endswith("Enter does it")
    long = Text("Fire: " + "word " * 14)  # 76 cells
    assert fit(long, [". Enter does it, f next, Esc cancels", ". Enter, f next, Esc"], 78).plain
    shown = fit(long, [". Enter does it, f next, Esc cancels", ". Enter, f next, Esc"], 78)
    assert not cut_words(shown, 78) and shown.plain.endswith("Esc cancels")


async def test_a_two_row_status_line_takes_a_row_from_the_log_not_the_board():
    game = Game.new("station", mission="tutorial", seed=1)
    app = ShambleApp(game=game, autosave=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = app.screen
        board = screen.query_one("#board").region
        status = screen.query_one(StatusLine)
        status.say("Vega " + "waits and listens " * 6)
        await pilot.pause()
        assert status.region.height == 2 and status.has_class("-two")
        assert screen.query_one("#board").region == board
        assert screen.query_one("#log").region.height == 3
        status.say("Vega waits.")
        await pilot.pause()
        assert status.region.height == 1 and screen.query_one("#log").region.height == 4
