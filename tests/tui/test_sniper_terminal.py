"""Sniper as a terminal shows it: --ascii sends nothing a vt100 cannot draw
on any sniper screen (the board, targeting, dialogs, help, the hot-seat
handover and the commander's board, the campaign screens), SVG snapshots at
80x24 (a move warned of a soldier's sight line; a shot's noise ring), and
one run in a real terminal (tmux, 80x24) from the title's new-game dialog:
sniper picked, a move, a shot with its odds, the commander's turn, quit."""

from __future__ import annotations

import shutil

import pytest
from test_sniper_screen import YARD, yard
from test_tmux_e2e import Terminal

from engine import Game
from tui.app import ShambleApp


def odd_characters(app) -> set[str]:
    text = "\n".join(strip.text for strip in app.screen._compositor.render_strips())
    return {ch for ch in text if ord(ch) > 126}


GAME_PATHS = [
    ([], "GameScreen"),
    (["m"], "GameScreen"),  # targeting a move, the warning in the status line
    (["escape", "f"], "GameScreen"),  # targeting a shot, the odds
    (["enter"], "ChoiceDialog"),  # loud or suppressed
    (["escape", "escape", "i"], "ChoiceDialog"),
    (["escape", "e"], "GameScreen"),  # the end-turn question
    (["n", "question_mark"], "HelpScreen"),
    (["escape", "q"], "ConfirmDialog"),
]


async def test_ascii_sniper_screens_send_only_ascii(tmp_path):
    seen = {}
    app = ShambleApp(ascii_only=True, game=yard(tmp_path), autosave=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        for keys, screen in GAME_PATHS:
            for key in keys:
                await pilot.press(key)
                await pilot.pause()
            assert type(app.screen).__name__ == screen, keys
            seen[f"{screen} after {keys}"] = odd_characters(app)
        await pilot.press("escape", "f", "enter", "enter")  # the shot: a noise ring drawn
        await pilot.pause()
        seen["ring"] = odd_characters(app)
    hot = ShambleApp(ascii_only=True, game=yard(tmp_path, commander="human"), autosave=False)
    async with hot.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        seen["handover"] = odd_characters(hot)
        await pilot.press("enter", "m", "right", "enter", "y", "e", "y", "enter")
        await pilot.pause()
        assert hot.screen.view["viewer"] == "commander"
        seen["commander"] = odd_characters(hot)
        await pilot.press("p")
        await pilot.pause()
        seen["commander's card"] = odd_characters(hot)
    title = ShambleApp(ascii_only=True)
    async with title.run_test(size=(80, 24)) as pilot:
        await pilot.press("r")
        await pilot.pause()
        seen["campaigns"] = odd_characters(title)
        await pilot.press("enter")
        await pilot.pause()
        seen["new campaign"] = odd_characters(title)
        await pilot.press("enter")
        await pilot.pause()
        assert type(title.screen).__name__ == "SniperCampaignScreen"
        seen["campaign"] = odd_characters(title)
    assert all(not chars for chars in seen.values()), seen


def yard_app(tmp_path) -> ShambleApp:
    (tmp_path / "test_yard.toml").write_text(YARD, encoding="utf-8")
    game = Game.new("sniper", mission=tmp_path / "test_yard.toml", seed=1, dice=[1] * 40)
    return ShambleApp(game=game, autosave=False)


def test_snapshot_of_a_move_warned_of_a_sight_line(snap_compare, tmp_path):
    # the cursor on open ground soldier 2 sees: its sight line in italics
    assert snap_compare(yard_app(tmp_path), press=["m", "right"], terminal_size=(80, 24))


def test_snapshot_of_a_shot_and_its_noise_ring(snap_compare, tmp_path):
    assert snap_compare(yard_app(tmp_path), press=["f", "enter", "enter"], terminal_size=(80, 24))


@pytest.mark.skipif(shutil.which("tmux") is None, reason="tmux is not installed")
def test_sniper_from_the_new_game_dialog_in_a_terminal(tmp_path):
    term = Terminal(tmp_path / "home")
    try:
        term.wait_for("New game", "Sniper campaign")
        term.keys("n")
        term.wait_for("Mode", "Undo", "move between rows")
        term.keys("Enter")  # the first row (Mode) has the focus: its drop-down
        term.wait_for("sniper")
        term.keys("Down", "Down", "Down", "Enter")
        term.wait_for("The Village (village", "Commander", "played by the AI")
        term.keys("Tab", "Tab", "Tab", *["BSpace"] * 8, "2", "Enter")  # seed 2
        screen = term.wait_for("The Village", "Turn 1 of 12", "Objectives", "Enemy")
        assert "@" in screen and "Health" in screen and "Ammo 6" in screen
        term.keys("Right", "Right", "Right", "Up")  # the cursor, then Enter moves him
        screen = term.wait_for("Enter moves: 4,6, 3 steps, cover")
        term.keys("Enter")
        term.wait_for("step to 4,6.", "Moves 1")  # seen on the way: told step by step
        term.keys("e")
        term.wait_for("End turn 1 (no action taken)?")
        term.keys("y")
        screen = term.wait_for("The commander's turn:", "Turn 2 of 12")
        assert "Turn 2 begins: 4 moves." in screen
        term.keys("q", "y")
        screen = term.wait_for("Continue: sniper: village, turn 2 of 12, AI commander")
        term.keys("q", "y")
        assert term.wait_exit() == 0
    finally:
        term.close()


async def test_without_colour_sight_and_lines_still_show(tmp_path):
    """NO_COLOR strips colours only: cells out of his sight stay dim, sight
    lines italic (the cells he can reach are underlined by the board)."""
    from rich.color import Color as RichColor
    from textual.filter import NoColor

    from tui.widgets.board import Board

    app = ShambleApp(game=yard(tmp_path), autosave=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("m", "right")
        board = app.screen.query_one(Board)

        def styles(y: int) -> list:
            line = board.render_line(y - board.cam_y)
            segments = NoColor().apply(list(line), RichColor.default())
            out = []
            for seg in segments:
                out += [seg.style] * len(seg.text)
            return out

        row = styles(1)
        x0 = -board.cam_x
        me, near, far = row[x0 + 1], row[x0 + 4], row[x0 + 12]
        assert near.dim is not True and far.dim is True  # in his sight, beyond the wall
        line_cell = styles(3)[x0 + 5]  # on soldier 2's line to 3,1
        target = styles(3)[x0 + 2]  # a cell he can reach, off the line
        assert line_cell.italic and target.underline and not target.italic
        assert me.color.is_default and far.color.is_default  # no colour left
