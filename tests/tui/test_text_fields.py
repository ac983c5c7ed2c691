"""Keys typed fast into a text field act in the order they were typed.

Over SSH keys often come several to a packet; the input thread then hands
them to the app one after another with nothing in between. These tests feed
key events the way the input thread does (`driver.process_message`, no
pause between them) and read the field afterwards. Textual's own Input ran
its editing keys (backspace, the arrows, Enter...) only after the keys
typed behind them (Textualize/textual#6605): '1', '2', backspace, '3' gave
'12' instead of '13'. The game's fields are TextInput
(tui/widgets/text_input.py). The last test sends a burst through a real
terminal (tmux, 80x24) to the new-game dialog's seed."""

from __future__ import annotations

import ast
import shutil
import time
import unicodedata
from pathlib import Path

import pytest
from textual import events
from textual.app import App
from textual.keys import _character_to_key, _get_unicode_name_from_key
from textual.widgets import Input

from saves.files import load
from tests.pilot_wait import until
from tests.tui.test_siege_terminal import DEADLINE, Terminal
from tui.app import ShambleApp
from tui.screens.coop_say import SayDialog
from tui.screens.game import GameScreen
from tui.screens.newgame import NewGameScreen
from tui.widgets.text_input import TextInput

TUI = Path(__file__).resolve().parents[2] / "tui"


def key_event(key: str) -> events.Key:
    """The Key event Textual's terminal driver makes for `key`: a character
    stands for itself ('-' is the key 'minus' typing '-'), a named key is
    looked up as Pilot.press does ('backspace', 'ctrl+w')."""
    if len(key) == 1:
        return events.Key(key if key.isalnum() else _character_to_key(key), key)
    try:
        char = unicodedata.lookup(_get_unicode_name_from_key(key))
    except KeyError:
        char = None
    return events.Key(key, char)


async def burst(pilot, *keys: str) -> None:
    """Hand the keys to the app all at once, as one read from the terminal
    does, then wait until every message they caused has been handled."""
    app = pilot.app
    for key in keys:
        app._driver.process_message(key_event(key))
    await pilot.pause()  # the keys are in the app's queue (or handled)

    def quiet() -> bool:
        pumps = [app, *app.screen.walk_children(with_self=True)]
        return all(pump._message_queue.empty() for pump in pumps)

    await until(pilot, quiet, "the burst of keys to be handled")
    await pilot.pause()


async def seed_field(pilot) -> Input:
    await pilot.press("n")
    await until(pilot, lambda: isinstance(pilot.app.screen, NewGameScreen), "the new-game dialog")
    seed = pilot.app.screen.query_one("#seed", Input)
    seed.focus()  # the whole seed selected: typing replaces it
    await pilot.pause()
    return seed


async def test_backspace_and_arrows_in_a_burst_act_where_they_were_typed():
    app = ShambleApp(autosave=False)
    async with app.run_test(size=(80, 24)) as pilot:
        seed = await seed_field(pilot)
        await burst(pilot, "1", "2", "backspace", "3", "left", "4", "end", "5")
        assert seed.value == "1435"
        await burst(pilot, "home", "delete", "9", "ctrl+e", "backspace", "backspace", "8")
        assert seed.value == "948"
        await burst(pilot, "left", "ctrl+u", "2", "ctrl+k", "0")  # ctrl+k: all to the right
        assert seed.value == "20"


async def test_enter_at_the_end_of_a_burst_starts_the_game_with_the_seed_typed():
    app = ShambleApp(autosave=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await seed_field(pilot)
        await burst(pilot, "4", "2", "backspace", "7", "enter", "1")
        await until(pilot, lambda: isinstance(app.screen, GameScreen), "the game")
        assert app.screen.game.setup.seed == 47


async def test_enter_in_a_new_matchs_seed_takes_the_seed_as_it_was_at_enter():
    from textual.widgets import Select

    from tui.modes.outbreak.match import MatchScreen, NewMatchDialog

    app = ShambleApp(autosave=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("m")
        await pilot.pause()
        await pilot.press("enter")  # New match...
        await until(pilot, lambda: isinstance(app.screen, NewMatchDialog), "the new-match dialog")
        dialog = app.screen
        for i in (1, 2, 3):
            dialog.query_one(f"#seat-kind-{i}", Select).value = "bot"
        dialog.query_one("#seed", Input).focus()  # the whole seed selected: typing replaces it
        await pilot.pause()
        await burst(pilot, "4", "2", "enter", "1")
        await until(pilot, lambda: isinstance(app.screen, MatchScreen), "the match")
        assert app.screen.match.seed == 42


async def test_enter_in_the_host_dialogs_seed_hosts_with_the_seed_as_it_was_at_enter():
    """The title's Host dialog is the new-game dialog with seats to share:
    Enter in its seed starts it as the new-game dialog's does (it stopped
    with a TypeError, seen over SSH). One seat of a person: refused."""
    from tui.screens.coop_menu import HostGameScreen

    app = ShambleApp(autosave=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("h")
        await until(pilot, lambda: isinstance(app.screen, HostGameScreen), "the host dialog")
        dialog = app.screen
        dialog.query_one("#seed", Input).focus()
        await pilot.pause()
        await burst(pilot, "4", "2", "x", "enter", "1")
        error = dialog.query_one("#newgame-error")
        await until(pilot, lambda: "one seat" in str(error.render()), "the refusal", note=error)
        assert app._exception is None and app.screen is dialog


async def test_a_burst_keeps_the_seed_a_whole_number_and_escape_still_closes():
    app = ShambleApp(autosave=False)
    async with app.run_test(size=(80, 24)) as pilot:
        seed = await seed_field(pilot)
        await burst(pilot, "3", "x", "backspace", "5", "-")  # 'x' refused, '-' only first
        assert seed.value == "5"
        await burst(pilot, "6", "escape")
        await until(pilot, lambda: not isinstance(app.screen, NewGameScreen), "the dialog to close")


class SayApp(App[None]):
    said: list[str | None]

    def on_mount(self) -> None:
        self.said = []
        self.push_screen(SayDialog(), self.said.append)


async def test_table_talk_typed_in_a_burst_is_said_as_typed():
    app = SayApp()
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: isinstance(app.screen, SayDialog), "the say dialog")
        line = app.screen.query_one("#say", Input)
        await burst(pilot, *"good lcu", "backspace", "backspace", "u", "c", "k", " ", "x")
        assert line.value == "good luck x"
        await burst(pilot, "ctrl+w", *"all", "enter")  # ctrl+w: back to the word's start
        await until(pilot, lambda: app.said, "the line said")
        assert app.said == ["good luck all"]


class Fields(ast.NodeVisitor):
    """Where tui/ makes a Textual Input itself (not a TextInput)."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self.found: list[str] = []
        self.made = 0

    def visit_Call(self, node: ast.Call) -> None:
        func = node.func
        name = func.id if isinstance(func, ast.Name) else getattr(func, "attr", "")
        if name in ("Input", "MaskedInput"):
            self.found.append(f"{self.path.relative_to(TUI.parent)}:{node.lineno}")
        self.made += name == "TextInput"
        self.generic_visit(node)


def test_every_text_field_the_game_makes_is_a_text_input():
    found: list[str] = []
    made = 0
    for path in sorted(TUI.rglob("*.py")):
        visitor = Fields(path)
        visitor.visit(ast.parse(path.read_text(encoding="utf-8")))
        found += visitor.found
        made += visitor.made
    assert not found, f"a bare Input reorders fast keys; use TextInput at {found}"
    assert made >= 6  # seeds (3), seat names, table talk, the replay's answers
    assert issubclass(TextInput, Input)  # styles, queries and handlers of Input still match


@pytest.mark.skipif(shutil.which("tmux") is None, reason="tmux is not installed")
def test_a_burst_in_a_real_terminal_types_the_seed_as_typed(tmp_path):
    """One `send-keys` call writes every key to the game's terminal at once."""
    term = Terminal(tmp_path / "home")
    try:
        term.wait_for("New game", "Siege campaign")
        term.keys("n")
        term.wait_for("Mode", "Survivors", "Seed")
        term.keys("Tab", "Tab", "Tab", "Tab")  # Mission, Survivors, Players, the seed
        term.wait_for("Enter starts the game")  # the seed in focus, all of it selected
        burst = ["C-u", "1", "2", "BSpace", "3", "Left", "4", "End", "5", "Home", "Delete", "9"]
        term.tmux("send-keys", "-t", term.name, *burst)
        term.wait_for("Seed        9435 ")
        term.tmux("send-keys", "-t", term.name, "End", "C-u", "4", "2", "BSpace", "7", "Enter", "1")
        term.wait_for("Docking Ring", "Objectives left")
        saves = tmp_path / "home" / "saves"
        end = time.monotonic() + DEADLINE
        while not list(saves.glob("*.shamble")):
            assert time.monotonic() < end, "the new game was never saved"
            time.sleep(0.1)
        (save,) = saves.glob("*.shamble")
        assert load(save).setup.seed == 47  # as it was at Enter: the '1' came after
    finally:
        term.close()
