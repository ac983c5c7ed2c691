"""Game over: outcome, score, kills per survivor, rounds, undo count.

A plain mission's score goes into its high-score table here, once per game.
A campaign's (or endless run's) mission offers to continue it instead of
the title: the progress screen under the game takes over from there."""

from __future__ import annotations

from rich.table import Table
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Label, OptionList, Static
from textual.widgets.option_list import Option

from tui.scene import display_name


class GameOverScreen(ModalScreen[str | None]):
    """Dismissed with "title", "undo" or None (look at the board again)."""

    BINDINGS = [
        Binding("escape", "dismiss_none", "back to the board", show=False),
        Binding("t", "pick('title')", "title"),
        Binding("c", "pick('title')", "continue", show=False),
        Binding("u", "pick('undo')", "undo"),
    ]

    def __init__(self, game) -> None:
        super().__init__()
        self.game = game
        self.host = self.campaign_host()

    def campaign_host(self):
        """The campaign or run screen this game was opened from, if any."""
        from tui.screens.game import GameScreen
        from tui.screens.progress import ProgressScreen

        stack = self.app.screen_stack
        for i, screen in enumerate(stack):
            if isinstance(screen, GameScreen) and screen.game is self.game and i:
                below = stack[i - 1]
                return below if isinstance(below, ProgressScreen) else None
        return None

    def record_score(self) -> str:
        """A plain mission's score into its table, once; what to say about it."""
        from saves import scores
        from tui import persist

        app = self.app
        done = getattr(app, "scored_games", None)
        plain = self.host is None and self.game.setup.mission != "random"
        if not (app.autosave and plain and done is not None) or id(self.game) in done:
            return ""
        done.add(id(self.game))
        try:
            entry = persist.record_score(
                scores.from_game(self.game.summary(), self.game.setup.seed)
            )
        except persist.SaveProblem as e:
            return str(e)
        place = persist.rank(entry)
        return f"High score: place {place} for this mission." if place else ""

    def compose(self) -> ComposeResult:
        s = self.game.summary()
        won = s["outcome"] == "won"
        with Vertical(id="gameover", classes="dialog"):
            yield Label(
                "MISSION WON" if won else "MISSION LOST",
                id="outcome",
                classes="won" if won else "lost",
            )
            reason = self.game.view("players").get("lost_reason")
            if not won and reason:
                yield Label(reason.replace("_", " "), id="reason")
            yield Static(self._table(s), id="scores")
            note = self.record_score()
            if note:
                yield Label(note, id="score-note")
            if self.host is not None:
                options = [Option(f"{self.host.continue_label}  (c)", id="title")]
            else:
                options = [Option("Back to the title screen  (t)", id="title")]
            if self.game.can_undo():
                options.append(Option("Undo the last command  (u)", id="undo"))
            options.append(Option("Look at the board  (Esc)", id="board"))
            yield OptionList(*options, id="gameover-menu")

    def _table(self, s: dict) -> Table:
        table = Table(box=None, padding=(0, 2), show_header=True)
        table.add_column("survivor")
        table.add_column("kills", justify="right")
        table.add_column("xp", justify="right")
        table.add_column("level")
        table.add_column("state")
        for sid, v in s["survivors"].items():
            state = "alive" if v["alive"] else "eliminated"
            table.add_row(
                display_name(sid), str(v.get("kills", 0)), str(v["xp"]), v["level"], state
            )
        table.add_section()
        table.add_row(Text("score", "bold"), Text(str(s["score"]), "bold"), "", "", "")
        table.add_row("rounds", str(s["round"]), "", "", "")
        table.add_row("undos", str(self.game.undo_count), "", "", "")
        return table

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
