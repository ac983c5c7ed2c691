"""Screens shared by every mode that keeps a record over several games (a
campaign, a match): the list of records with a "new" entry, the skeleton of
the new-record dialog, and the record's own screen between games (a head,
a body, a menu of what to do next; play, resume, leave).

A mode subclasses these and fills in what differs: its widget ids, its
words, how it lists and opens its records, what its body shows and how the
next game starts. Nothing here names a mode."""

from __future__ import annotations

from typing import Any

from rich.console import Group
from rich.table import Table
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.screen import ModalScreen, Screen
from textual.widgets import Button, Label, OptionList, Static
from textual.widgets.option_list import Option

from saves import SaveError
from tui import persist
from tui.screens.host import GameHost
from tui.widgets.footer import KeyFooter

BACK = ("leave", "Back to the title screen  (Esc)")


def missions_table(progress: Any, names: dict[str, dict], in_play: bool) -> Table:
    """The missions of a run in order, each with its outcomes so far; the
    current one in bold, marked "in play" or "next"."""
    table = Table(box=None, padding=(0, 1), show_header=True)
    table.add_column("#", justify="right")
    table.add_column("mission")
    table.add_column("outcome")
    played: dict[str, list[str]] = {}
    for mission, outcome in progress.history:
        played.setdefault(mission, []).append(outcome)
    for i, mid in enumerate(progress.missions):
        state = ", ".join(played.get(mid, []))
        now = progress.outcome is None and i == progress.index
        if now:
            state = (state + ", " if state else "") + ("in play" if in_play else "next")
        name = names.get(mid, {}).get("name", mid)
        table.add_row(str(i + 1), Text(name, "bold" if now else ""), state)
    return table


class RecordList(ModalScreen[None]):
    """The records there are (the one still going highlighted), and a new one."""

    BINDINGS = [Binding("escape", "close", "close", show=False)]
    question = ""  # the dialog's title
    box_id: str | None = None  # the dialog's own id, if it has one
    list_id = "records"
    note_id = "records-note"
    new_label = "New..."
    what = "records"  # in "cannot list the ..."

    # -- what a mode fills in ----------------------------------------------------------
    def list_records(self) -> list[Any]:
        raise NotImplementedError

    def describe(self, info: Any) -> str:
        raise NotImplementedError

    def going(self, info: Any) -> bool:
        """Whether this record is still being played."""
        raise NotImplementedError

    def open_record(self, path: str) -> Any:
        raise NotImplementedError

    def new_screen(self) -> Screen:
        raise NotImplementedError

    def record_screen(self, record: Any) -> Screen:
        raise NotImplementedError

    # -- the shared part ---------------------------------------------------------------
    def compose(self) -> ComposeResult:
        with Vertical(id=self.box_id, classes="dialog"):
            yield Label(self.question, id="question")
            yield OptionList(id=self.list_id)
            yield Label("", id=self.note_id, classes="note")
            yield Label("Enter opens, Esc closes", classes="note")

    def note(self, text: Any) -> None:
        self.query_one(f"#{self.note_id}", Label).update(text)

    def on_mount(self) -> None:
        menu = self.query_one(f"#{self.list_id}", OptionList)
        menu.add_option(Option(Text(self.new_label, "bold"), id="new"))
        try:
            self.infos = self.list_records()
        except (SaveError, persist.SaveProblem, OSError) as e:
            self.infos = []
            self.note(Text(f"cannot list the {self.what}: {e}"))
        for info in self.infos:
            menu.add_option(
                Option(Text(self.describe(info)), id=info.path, disabled=bool(info.error))
            )
        going = [i for i in self.infos if self.going(i)]
        menu.highlighted = menu.get_option_index(going[0].path) if going else 0
        menu.focus()

    def on_option_list_option_highlighted(self, event: OptionList.OptionHighlighted) -> None:
        info = next((i for i in self.infos if i.path == event.option_id), None)
        self.note(Text(info.error.replace(info.path, info.name)) if info and info.error else "")

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        if event.option_id == "new":
            self.dismiss(None)
            self.app.push_screen(self.new_screen())
            return
        path = event.option_id or ""
        try:
            record = self.open_record(path)
        except (SaveError, persist.SaveProblem, OSError) as e:
            name = path.rsplit("/", 1)[-1]
            self.note(Text(str(e).replace(path, name)))
            return
        self.dismiss(None)
        self.app.push_screen(self.record_screen(record))

    def action_close(self) -> None:
        self.dismiss(None)


class NewRecordDialog(ModalScreen[None]):
    """A new record: the title, the mode's fields, an error line, Start and
    Cancel. Enter on Start starts, Esc cancels."""

    BINDINGS = [Binding("escape", "cancel", "cancel", show=False)]
    question = ""

    def fields(self) -> ComposeResult:
        """The mode's own fields, between the title and the error line."""
        raise NotImplementedError

    def start(self) -> None:
        raise NotImplementedError

    def compose(self) -> ComposeResult:
        with Vertical(id="newgame", classes="dialog"):
            yield Label(self.question, id="question")
            yield from self.fields()
            yield Label("", id="newgame-error")
            with Horizontal(classes="buttons"):
                yield Button("Start (Enter)", id="start", variant="primary", compact=True)
                yield Button("Cancel (Esc)", id="cancel", compact=True)

    def on_mount(self) -> None:
        self.query_one("#start", Button).focus()

    def on_descendant_focus(self, event) -> None:
        """The Start button names Enter only while Enter presses it (on a
        drop-down Enter opens the list, on a list it ticks a row)."""
        start = self.query_one("#start", Button)
        start.label = "Start (Enter)" if event.widget is start else "Start"

    def on_button_pressed(self, event: Button.Pressed) -> None:
        self.start() if event.button.id == "start" else self.dismiss(None)

    def action_cancel(self) -> None:
        self.dismiss(None)

    def error(self, text: str) -> None:
        self.query_one("#newgame-error", Label).update(text)


class RecordScreen(GameHost, Screen):
    """A record between games: a head line, a body, and a menu of what to do
    (play, resume, back to the title). The record is held open while the
    screen is up and closed when it goes."""

    BINDINGS = [
        Binding("escape,q", "leave", "title"),
        # before the menu's own page keys: its few entries never need them
        Binding("pagedown", "scroll_body(1)", "more", show=False, priority=True),
        Binding("pageup", "scroll_body(-1)", "back", show=False, priority=True),
    ]
    DEFAULT_CSS = """
    RecordScreen .record-more { color: $text-muted; padding: 0 1; height: 1; }
    """
    resumes_note = "the campaign screen resumes it"
    ids = "progress"  # the widgets are <ids>-head, <ids>-body, <ids>-text, <ids>-actions

    def __init__(self, record: Any) -> None:
        super().__init__()
        self.record = record
        self.phase = "ready"
        self.problem = ""
        self._away = False  # another screen is on top: drawn again when back

    # -- what a mode fills in ----------------------------------------------------------
    def refresh_state(self) -> None:
        raise NotImplementedError

    def play(self) -> None:
        raise NotImplementedError

    # -- the shared part ---------------------------------------------------------------
    def compose(self) -> ComposeResult:
        yield Label("", id=f"{self.ids}-head")
        with VerticalScroll(id=f"{self.ids}-body"):
            yield Static("", id=f"{self.ids}-text")
        more = Label("", id=f"{self.ids}-more", classes="record-more")
        more.display = False
        yield more
        yield OptionList(id=f"{self.ids}-actions")
        yield KeyFooter(compact=True)

    def on_mount(self) -> None:
        self.refresh_state()
        self.opened()

    def on_screen_suspend(self) -> None:
        self._away = True

    def on_screen_resume(self) -> None:
        """Back on top after another screen (Textual also resumes a screen
        as it is first pushed, right after mounting it: drawn already)."""
        if not self._away:
            return
        self._away = False
        self.refresh_state()
        self.resumed()

    # A mode's screen uses these hooks, not handlers of its own: Textual runs
    # a base class's handler and the subclass's both, so the record would
    # be read and drawn twice.
    def opened(self) -> None:
        """After the first drawing (a mode may go straight into its game)."""

    def resumed(self) -> None:
        """After drawing again when the screen is back on top (a game ended)."""

    def on_unmount(self) -> None:
        self.record.close()

    def show(self, head: str, parts: list[Any], choices: list[tuple[str, str]]) -> None:
        """Put up the head, the body (with the problem, if any, at its end) and
        the menu, its first entry highlighted."""
        if self.problem:
            parts = [*parts, Text(""), Text(self.problem, "bold red")]
        self.query_one(f"#{self.ids}-head", Label).update(head)
        self.query_one(f"#{self.ids}-text", Static).update(Group(*parts))
        menu = self.query_one(f"#{self.ids}-actions", OptionList)
        menu.clear_options()
        for oid, label in choices:
            menu.add_option(Option(Text(label), id=oid))
        menu.highlighted = 0
        menu.focus()
        self.call_after_refresh(self.say_more)

    def say_more(self) -> None:
        """When the body is taller than its room (a long briefing at 24 rows),
        a line under it says that the rest is there and how to read it."""
        body = self.query_one(f"#{self.ids}-body", VerticalScroll)
        more = self.query_one(f"#{self.ids}-more", Label)
        below, above = body.scroll_y < body.max_scroll_y, body.scroll_y > 0
        if below:
            more.update("More below: PgDn reads on" + (", PgUp back" if above else ""))
        else:
            more.update("PgUp: back to the top" if above else "")
        more.display = below or above

    def action_scroll_body(self, pages: int) -> None:
        body = self.query_one(f"#{self.ids}-body", VerticalScroll)
        (body.scroll_page_down if pages > 0 else body.scroll_page_up)(animate=False)
        self.call_after_refresh(self.say_more)

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        match event.option_id:
            case "play":
                self.play()
            case "resume":
                self.resume()
            case "leave":
                self.action_leave()

    def action_leave(self) -> None:
        self.app.pop_screen()

    def resume(self) -> None:
        try:
            session = persist.resume(self.record.state.save)
        except persist.SaveProblem as e:
            self.notify(str(e), severity="error", timeout=10)
            self.refresh_state()
            return
        self.app.open_game(session.game, session)
