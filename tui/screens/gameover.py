"""Game over: the outcome, the mode's table of who did what, and where to go.

A finished game's score goes into its high-score table here, once per game,
when its mode keeps one. A game opened from a campaign (or endless run)
offers to continue it instead of the title: the host screen under the game
takes over from there."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Label, OptionList, Static
from textual.widgets.option_list import Option

from tui.modes.base import Play
from tui.screens.dialogs import SeeThrough
from tui.screens.host import GameHost


class GameOverScreen(SeeThrough, ModalScreen[str | None]):
    """Dismissed with "title", "undo" or None (look at the board again)."""

    BINDINGS = [
        Binding("escape", "dismiss_none", "back to the board", show=False),
        Binding("t", "pick('title')", "title"),
        Binding("c", "pick('title')", "continue", show=False),
        Binding("u", "pick('undo')", "undo"),
    ]

    def __init__(self, game, play: Play, host: GameHost | None = None) -> None:
        """host: the screen the game was opened from when it hosts games."""
        super().__init__()
        self.game = game
        self.play = play
        self.host = host

    def record_score(self) -> str:
        """A plain game's score into its table, once; what to say about it."""
        from tui import persist

        app = self.app
        done = getattr(app, "scored_games", None)
        if not (app.autosave and self.host is None and done is not None) or id(self.game) in done:
            return ""
        done.add(id(self.game))
        score = self.play.score()
        if score is None:
            return ""
        try:
            entry = persist.record_score(score)
        except persist.SaveProblem as e:
            return str(e)
        place = persist.rank(entry)
        return f"High score: place {place} for this mission." if place else ""

    def compose(self) -> ComposeResult:
        over = self.play.game_over()
        with Vertical(id="gameover", classes="dialog"):
            yield Label(over.headline, id="outcome", classes="won" if over.won else "lost")
            if over.reason:
                yield Label(over.reason, id="reason")
            if over.table is not None:
                yield Static(over.table, id="scores")
            note = self.record_score()
            if note:
                yield Label(note, id="score-note")
            if self.host is not None:
                options = [Option(f"{self.host.continue_label}  (c)", id="title")]
            elif getattr(self.app, "to_shell", False):  # opened by a command: back to the shell
                options = [Option("Quit Shamble  (t)", id="title")]
            else:
                options = [Option("Back to the title screen  (t)", id="title")]
            if self.game.can_undo():
                options.append(Option("Undo the last command  (u)", id="undo"))
            options.append(Option("Look at the board  (Esc)", id="board"))
            yield OptionList(*options, id="gameover-menu")

    def on_mount(self) -> None:
        self.query_one(OptionList).focus()

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        self.action_pick(event.option_id or "board")

    def action_pick(self, choice: str) -> None:
        if choice == "undo" and not self.game.can_undo():
            self.notify("Undo is not possible in this game.", severity="warning")
            return
        self.dismiss(None if choice == "board" else choice)

    def action_dismiss_none(self) -> None:
        self.dismiss(None)
