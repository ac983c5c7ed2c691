"""Load: the save list with details; Enter opens the highlighted save, w
watches it as another Shamble plays it, r replays it step by step."""

from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Label, OptionList
from textual.widgets.option_list import Option

from saves.slots import printable
from tui import persist
from tui.screens.dialogs import SeeThrough


class LoadScreen(SeeThrough, ModalScreen[None]):
    BINDINGS = [
        Binding("escape", "close", "close", show=False),
        Binding("w", "look('watch')", "watch", show=False),
        Binding("r", "look('replay')", "replay", show=False),
    ]

    def compose(self) -> ComposeResult:
        with Vertical(id="load", classes="dialog choice"):
            yield Label("Load a saved game", id="question")
            yield OptionList(id="saves")
            yield Label("", id="load-detail", classes="note")
            yield Label("Enter opens, w watches, r replays, Esc closes", classes="note")

    def on_mount(self) -> None:
        listing = self.query_one("#saves", OptionList)
        try:
            self.infos = persist.saves_list()
        except persist.SaveProblem as e:
            self.infos = []
            self.query_one("#load-detail", Label).update(str(e))
        for info in self.infos:
            line = f"{printable(info.name):<16} {printable(persist.describe(info))}"
            listing.add_option(Option(Text(line), id=info.path))  # Text: never markup
        if not self.infos:
            listing.add_option(Option("(no saved games yet)", id="none", disabled=True))
        else:
            listing.highlighted = 0
        listing.focus()

    def on_option_list_option_highlighted(self, event: OptionList.OptionHighlighted) -> None:
        info = next((i for i in self.infos if i.path == event.option_id), None)
        if info is not None:
            undo = f", {info.undo_count} undos" if info.undo_count else ""
            detail = f"{info.path}\nlast played {info.last_played}, {info.commands} commands{undo}"
            self.query_one("#load-detail", Label).update(Text(printable(detail, keep="\n")))

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        path = event.option_id
        if not path or path == "none":
            return
        try:
            session = persist.resume(path)
        except persist.SaveProblem as e:
            info = next((i for i in self.infos if i.path == path), None)
            if info is not None and info.in_use:
                why = "Another Shamble is playing this save: w watches it, r replays it so far."
            else:
                why = printable(str(e))
            self.query_one("#load-detail", Label).update(Text(why))
            return
        self.dismiss(None)
        self.app.open_game(session.game, session)

    def action_look(self, how: str) -> None:
        """Watch (follow as another Shamble plays it) or replay the
        highlighted save; both only read it."""
        from tui.screens.replay import replay_path
        from tui.screens.watch import watch_path

        listing = self.query_one("#saves", OptionList)
        if listing.highlighted is None or not self.infos:
            return
        path = listing.get_option_at_index(listing.highlighted).id
        screen = (watch_path if how == "watch" else replay_path)(self.app, path)
        if screen is not None:
            self.dismiss(None)
            self.app.push_screen(screen)

    def action_close(self) -> None:
        self.dismiss(None)
