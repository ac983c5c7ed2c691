"""The title screen: New game, Continue, Load, Campaign, Endless run,
High scores, Help, Quit."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import Screen
from textual.widgets import Label, OptionList, Static
from textual.widgets.option_list import Option

from tui import persist
from tui.screens.dialogs import ConfirmDialog
from tui.widgets.footer import KeyFooter

ART = r"""
 ___ _  _   _   __  __ ___ _    ___
/ __| || | /_\ |  \/  | _ ) |  | __|
\__ \ __ |/ _ \| |\/| | _ \ |__| _|
|___/_||_/_/ \_\_|  |_|___/____|___|
"""

MENU = (
    ("new", "New game", "n"),
    ("continue", "Continue", "c"),
    ("load", "Load", "l"),
    ("campaign", "Campaign", "a"),
    ("endless", "Endless run", "e"),
    ("scores", "High scores", "s"),
    ("help", "Help", "?"),
    ("quit", "Quit", "q"),
)


class TitleScreen(Screen):
    BINDINGS = [
        Binding("n", "pick('new')", "new game"),
        Binding("c", "pick('continue')", "continue"),
        Binding("l", "pick('load')", "load"),
        Binding("a", "pick('campaign')", "campaign"),
        Binding("e", "pick('endless')", "endless run", show=False),
        Binding("s", "pick('scores')", "high scores", show=False),
        Binding("question_mark", "pick('help')", "help", key_display="?"),
        Binding("q", "pick('quit')", "quit"),
        Binding("j", "cursor_down", show=False),
        Binding("k", "cursor_up", show=False),
    ]

    def compose(self) -> ComposeResult:
        with Vertical(id="title-box"):
            yield Static(ART.strip("\n"), id="title-art")
            yield Label("zombie survival on a boarded-up space station", id="tagline")
            yield OptionList(
                *[Option(f"{label:<12}{key:>3}", id=oid) for oid, label, key in MENU],
                id="title-menu",
            )
            yield Label("", id="title-note")
        yield KeyFooter()

    def on_screen_resume(self) -> None:
        # after the frame is painted: reading every save for Continue takes a
        # few ms each, and the title should appear at once
        self.call_after_refresh(self.refresh_menu)

    def refresh_menu(self) -> None:
        menu = self.query_one("#title-menu", OptionList)
        latest = persist.latest_unfinished() if self.app.autosave else None
        note = self.query_one("#title-note", Label)
        if latest is None:
            menu.disable_option("continue")
            note.update("")
            start = "new"
        else:
            menu.enable_option("continue")
            note.update(f"Continue: {persist.describe(latest)}")
            start = "continue"
        for record in ("campaign", "endless"):  # they live in files: no saving, no campaign
            if self.app.autosave:
                menu.enable_option(record)
            else:
                menu.disable_option(record)
        menu.highlighted = menu.get_option_index(start)
        menu.focus()

    def action_cursor_down(self) -> None:
        self.query_one("#title-menu", OptionList).action_cursor_down()

    def action_cursor_up(self) -> None:
        self.query_one("#title-menu", OptionList).action_cursor_up()

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        self.action_pick(event.option_id or "")

    def action_pick(self, choice: str) -> None:
        menu = self.query_one("#title-menu", OptionList)
        if choice in {o[0] for o in MENU} and menu.get_option(choice).disabled:
            self.notify(self._why_disabled(choice), severity="warning")
            return
        if choice == "new":
            from tui.screens.newgame import NewGameScreen

            self.app.push_screen(NewGameScreen())
        elif choice == "continue":
            self._continue()
        elif choice == "load":
            from tui.screens.load import LoadScreen

            self.app.push_screen(LoadScreen())
        elif choice == "campaign":
            from tui.screens.campaign import RecordListDialog

            self.app.push_screen(RecordListDialog())
        elif choice == "endless":
            from tui.screens.endless import RunListDialog

            self.app.push_screen(RunListDialog())
        elif choice == "scores":
            from tui.screens.scores import ScoresScreen

            self.app.push_screen(ScoresScreen())
        elif choice == "help":
            from tui.screens.help import HelpScreen

            self.app.push_screen(HelpScreen())
        elif choice == "quit":
            self.app.push_screen(ConfirmDialog("Quit Shamble?"), self._quit_answer)

    def _why_disabled(self, choice: str) -> str:
        if choice == "continue":
            return "There is no game to continue: start a new game."
        return "Campaigns and endless runs are kept in files: this Shamble plays without saving."

    def _quit_answer(self, yes: bool | None) -> None:
        if yes:
            self.app.exit()

    def _continue(self) -> None:
        latest = persist.latest_unfinished()
        try:
            if latest is None:
                raise persist.SaveProblem("There is no game to continue.")
            session = persist.resume(latest.path)
        except persist.SaveProblem as e:
            self.notify(str(e), severity="error", timeout=8)
            self.refresh_menu()
            return
        self.app.open_game(session.game, session)
