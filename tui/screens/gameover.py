"""Game over: outcome, score, kills per survivor, rounds, undo count."""

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
        Binding("u", "pick('undo')", "undo"),
    ]

    def __init__(self, game) -> None:
        super().__init__()
        self.game = game

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
