"""Dialogs built once and asked again (tui/screens/dialogs.py `reused`), and
drawn only where their box is (SeeThrough, DrawsUnderDialogs): the same
keys, Escape, clicks and answers as a new dialog each time, the fresh
question shown, focus back on the board; in a real terminal, the screen
after each dialog closes is what it was before it opened."""

from __future__ import annotations

import sys
import time

import pytest
from textual.widgets import Label, OptionList

from bench.pty_figures import Terminal
from engine import Game
from tests.pilot_wait import until
from tui.app import ShambleApp
from tui.screens.dialogs import ChoiceDialog, ConfirmDialog
from tui.screens.game import GameScreen
from tui.widgets.board import Board


def tutorial() -> Game:
    return Game.new("station", mission="tutorial", seed=1)


def asking(app) -> bool:
    """A choice dialog on top, its list mounted."""
    return isinstance(app.screen, ChoiceDialog) and bool(app.screen.query(OptionList))


def label(dialog, selector: str) -> str:
    return str(dialog.query_one(selector, Label).content)


async def test_the_leave_dialog_is_kept_asks_afresh_and_gives_the_board_its_focus_back():
    app = ShambleApp(game=tutorial(), autosave=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: isinstance(app.screen, GameScreen), "the game")
        game_screen = app.screen
        board = game_screen.query_one(Board)
        assert game_screen.focused is board
        await pilot.press("q")
        await until(pilot, lambda: isinstance(app.screen, ConfirmDialog), "the leave dialog")
        first = app.screen
        assert "It is not saved." in label(first, "#question")
        await pilot.press("n")
        await until(pilot, lambda: app.screen is game_screen, "the game again")
        assert game_screen.focused is board and board.has_focus

        app.session = object()  # as if the game had a save now: the question says so
        await pilot.press("q")
        await until(pilot, lambda: isinstance(app.screen, ConfirmDialog), "the dialog again")
        assert app.screen is first  # the same dialog, filled again
        assert "It is saved: Continue resumes it." in label(first, "#question")
        await pilot.press("escape")  # Escape answers no, as before
        await until(pilot, lambda: app.screen is game_screen, "the game after Escape")
        assert game_screen.focused is board
        app.session = None

        await pilot.press("q")
        await until(pilot, lambda: app.screen is first, "the dialog a third time")
        await pilot.press("y")  # leave: the title
        await until(pilot, lambda: type(app.screen).__name__ == "TitleScreen", "the title")


async def test_a_kept_choice_dialog_shows_the_new_options_and_answers_each_time():
    app = ShambleApp(game=tutorial(), autosave=False)
    answers: list[str | None] = []
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: isinstance(app.screen, GameScreen), "the game")
        screen = app.screen
        screen.pick(
            "Pick a colour", [("r", "red"), ("g", "green"), ("b", "blue")], answers.append, 2
        )
        await until(pilot, lambda: asking(app), "the first choice")
        dialog = app.screen
        menu = dialog.query_one(OptionList)
        assert menu.highlighted == 2 and menu.has_focus
        await pilot.press("enter")
        await until(pilot, lambda: answers == ["b"], "blue chosen")
        await until(pilot, lambda: app.screen is screen, "the game again")

        screen.pick("Pick a shape", [("s", "square"), ("c", "circle")], answers.append)
        await until(pilot, lambda: app.screen is dialog, "the same dialog")
        assert label(dialog, "#question") == "Pick a shape"
        assert [str(o.prompt) for o in menu.options] == ["square", "circle"]
        assert menu.highlighted == 0 and menu.has_focus
        await pilot.press("escape")
        await until(pilot, lambda: answers == ["b", None], "closed without a choice")
        await until(pilot, lambda: app.screen is screen, "the game after Escape")
        assert screen.focused is screen.query_one(Board)

        screen.pick("Pick a shape", [("s", "square"), ("c", "circle")], answers.append)
        await until(pilot, lambda: app.screen is dialog, "the dialog a third time")
        await pilot.pause()
        await pilot.click(OptionList, offset=(2, 1))  # the second row: a click chooses it
        await until(pilot, lambda: answers == ["b", None, "c"], "circle clicked")


async def test_a_kept_choice_dialog_asked_again_with_wider_options_keeps_each_on_one_row():
    """Seen in a Sniper game: the fire dialog asked first with short options,
    then under the bombardment with longer ones, wrapped them in the old
    width behind a scrollbar. Asked again, it is laid out as a new one is."""
    short = [("l", "Fire at soldier 2, loud (heard within 3)"), ("s", "Fire, suppressed")]
    wide = [
        ("l", "Fire at soldier 2, loud: masked (no one hears it; you stay unseen)"),
        ("s", "Fire at soldier 2, suppressed: masked (no one hears it; you stay unseen)"),
    ]
    app = ShambleApp(game=tutorial(), autosave=False)
    answers: list[str | None] = []
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: isinstance(app.screen, GameScreen), "the game")
        screen = app.screen
        screen.pick("Fire", short, answers.append)
        await until(pilot, lambda: asking(app), "the first choice")
        dialog = app.screen
        await pilot.press("escape")
        await until(pilot, lambda: app.screen is screen, "the game again")
        screen.pick("Fire", wide, answers.append)
        await until(pilot, lambda: app.screen is dialog, "the same dialog")
        menu = dialog.query_one(OptionList)
        await until(pilot, lambda: menu.size.width >= 72, "the list as wide as its options")
        await until(pilot, lambda: menu.virtual_size.height == 2, "one row an option")
        assert menu.max_scroll_y == 0 and not menu.show_vertical_scrollbar
        await pilot.press("down", "enter")
        await until(pilot, lambda: answers == [None, "s"], "the second option chosen")


async def test_a_choice_asked_in_the_answer_to_another_gets_a_dialog_too():
    app = ShambleApp(game=tutorial(), autosave=False)
    answers: list[str | None] = []
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: isinstance(app.screen, GameScreen), "the game")
        screen = app.screen

        def then(answer: str | None) -> None:
            answers.append(answer)
            screen.pick("And a size?", [("s", "small"), ("l", "large")], answers.append, 1)

        screen.pick("Pick a colour", [("r", "red"), ("g", "green")], then)
        await until(pilot, lambda: asking(app), "the first choice")
        await pilot.press("enter")
        await until(
            pilot,
            lambda: asking(app) and label(app.screen, "#question") == "And a size?",
            "the second choice",
        )
        assert app.screen.query_one(OptionList).highlighted == 1
        await pilot.press("enter")
        await until(pilot, lambda: answers == ["r", "l"], "both answers")
        await until(pilot, lambda: app.screen is screen, "the game again")


def cells(term: Terminal) -> list[list[tuple]]:
    """Every cell as it shows: a blank's text colour and bold do not."""
    buffer = term.screen.buffer
    return [
        [
            (c.data, c.fg if c.data != " " or c.reverse or c.underscore else None, c.bg,
             c.bold and c.data != " ", c.reverse, c.underscore)
            for c in (buffer[y][x] for x in range(term.screen.columns))
        ]
        for y in range(term.screen.lines)
    ]  # fmt: skip


def press_until(term: Terminal, keys: str, text: str, shown: bool) -> None:
    term.press(keys, idle=True)
    deadline = time.monotonic() + 60
    while (text in term.text()) != shown:
        assert time.monotonic() < deadline, f"{text!r} shown={shown}:\n{term.text()}"
        term.press("", idle=True)


@pytest.mark.skipif(sys.platform != "linux", reason="a pty and the Linux driver")
def test_each_dialog_closed_leaves_the_terminal_as_it_was(tmp_path):
    """Dialogs open drawing only their box and close drawing only what it
    covered: after each one closes the terminal shows the game as before,
    for a kept dialog asked again, one whose box changed size since, help
    over the same board, and a dialog the command palette covered."""
    argv = [sys.executable, "-m", "tui.cli", "new", "--mission", "tutorial", "--seed", "0"]
    term = Terminal(argv, {"SHAMBLE_HOME": str(tmp_path)})
    try:
        term.start("Survivors")
        before = cells(term)
        for key, shows, close in [
            ("q", "Leave this game", "n"),
            ("i", "Enter chooses", "\x1b"),  # the gear dialog: wider than the leave dialog
            ("q", "Leave this game", "n"),
            ("?", "Shamble help", "?"),
            ("q", "Leave this game", "\x1b"),
        ]:
            press_until(term, key, shows, True)
            opened = cells(term)
            assert opened != before
            press_until(term, close, shows, False)
            assert cells(term) == before, f"after {key!r} and {close!r}:\n{term.text()}"
        # a screen over an open dialog (the command palette): closed, the
        # dialog and the board around it are as they were
        press_until(term, "q", "Leave this game", True)
        asked = cells(term)
        press_until(term, "\x10", "Search for commands", True)
        press_until(term, "\x1b", "Search for commands", False)
        assert cells(term) == asked, term.text()
        press_until(term, "n", "Leave this game", False)
        assert cells(term) == before, term.text()
    finally:
        term.close()


async def test_a_kept_dialog_takes_a_new_theme_asked_again():
    """A kept dialog is not styled again when it opens unless the app's
    styles changed since: a theme chosen between two openings shows."""
    app = ShambleApp(game=tutorial(), autosave=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: isinstance(app.screen, GameScreen), "the game")
        game_screen = app.screen
        await pilot.press("q")
        await until(pilot, lambda: isinstance(app.screen, ConfirmDialog), "the leave dialog")
        dialog = app.screen
        before = dialog.query_one("#dialog").styles.background
        await pilot.press("n")
        await until(pilot, lambda: app.screen is game_screen, "the game again")
        app.theme = "textual-light" if app.theme != "textual-light" else "textual-dark"
        await pilot.pause()
        await pilot.press("q")
        await until(pilot, lambda: app.screen is dialog, "the dialog again")
        await pilot.pause()
        after = dialog.query_one("#dialog").styles.background
        assert after != before  # the new theme's surface


async def test_help_and_the_leave_dialog_are_built_while_the_player_reads():
    """Once the game screen is still, help and the leave dialog are composed
    and laid out unseen (KeyActions.warm_ups): the keys then open them as
    a second opening does, and a game left without opening them ends well."""
    from tui.screens.help import HelpScreen

    app = ShambleApp(game=tutorial(), autosave=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: isinstance(app.screen, GameScreen), "the game")
        game_screen = app.screen
        await until(pilot, lambda: game_screen._warmed, "the warm-ups done")
        built = {name: app.get_screen(name) for name in app._installed_screens}
        assert {type(s) for s in built.values()} == {ConfirmDialog, HelpScreen}
        for screen in built.values():
            assert screen.is_mounted and screen._size == app.size  # laid out, not shown
        assert app.screen is game_screen and len(app.screen_stack) == 2
        await pilot.press("question_mark")
        await until(pilot, lambda: isinstance(app.screen, HelpScreen), "help")
        assert app.screen in built.values()
        await pilot.press("question_mark")
        await until(pilot, lambda: app.screen is game_screen, "the game again")
        assert game_screen.focused is game_screen.query_one(Board)
    assert app.return_code in (None, 0)


async def test_warm_ups_wait_while_a_dialog_is_open():
    app = ShambleApp(game=tutorial(), autosave=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: isinstance(app.screen, GameScreen), "the game")
        game_screen = app.screen
        game_screen.pick("Pick a colour", [("r", "red"), ("g", "green")], lambda _: None)
        await until(pilot, lambda: asking(app), "the choice")
        await pilot.pause(0.6)  # longer than the stillness the warm-ups wait for
        assert not game_screen._warmed
        await pilot.press("escape")
        await until(pilot, lambda: game_screen._warmed, "the warm-ups once it closed")


def resize(term: Terminal, cols: int, rows: int) -> None:
    """The pty and its emulator resized, and the game told (SIGWINCH)."""
    import fcntl
    import os
    import signal
    import struct
    import termios

    fcntl.ioctl(term.master, termios.TIOCSWINSZ, struct.pack("HHHH", rows, cols, 0, 0))
    term.screen.resize(rows, cols)
    os.kill(term.proc.pid, signal.SIGWINCH)


@pytest.mark.skipif(sys.platform != "linux", reason="a pty and the Linux driver")
def test_kept_dialogs_open_and_close_after_the_terminal_changed_size(tmp_path):
    """A kept dialog last laid out at another size, and a dialog open while
    the terminal is resized: each draws whole then, and closed, leaves the
    game as the terminal showed it before it opened."""
    argv = [sys.executable, "-m", "tui.cli", "new", "--mission", "tutorial", "--seed", "0"]
    term = Terminal(argv, {"SHAMBLE_HOME": str(tmp_path)})

    def resized(cols: int, rows: int) -> None:
        resize(term, cols, rows)
        deadline = time.monotonic() + 60
        while len(term.text().splitlines()[0]) != cols or "Survivors" not in term.text():
            assert time.monotonic() < deadline, term.text()
            term.press("", idle=True)
        term.press("", quiet=0.5)  # the rest of the new frame

    try:
        term.start("Survivors")
        press_until(term, "q", "Leave this game", True)
        resized(100, 30)
        press_until(term, "n", "Leave this game", False)
        resized(80, 24)
        for key, shows, close in [
            ("q", "Leave this game", "n"),  # kept, laid out at 100x30 last
            ("?", "Shamble help", "?"),
            ("i", "Enter chooses", "\x1b"),
        ]:
            before = cells(term)
            press_until(term, key, shows, True)
            press_until(term, close, shows, False)
            assert cells(term) == before, f"after {key!r} and {close!r}:\n{term.text()}"
        assert term.proc.poll() is None and "Traceback" not in term.text()
    finally:
        term.close()
