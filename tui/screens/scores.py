"""High scores: one table per mission and one for endless runs (score,
survivors, rounds, date, seed). Left and right (or h, l, tab) change table;
e turns to everyone's: every publishing player of this machine and, through
the broker when one is set, of the others (saves/public.py), by name."""

from __future__ import annotations

from rich.table import Table
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Label, Static

from engine import get_mode, modes
from saves import SaveError, scores
from tui.screens.broker import read_broker
from tui.screens.dialogs import SeeThrough
from tui.text import display_name


def table_name(table: str) -> str:
    if table == scores.ENDLESS:
        return "Endless runs"
    names = {m["id"]: m["name"] for mode in modes() for m in get_mode(mode).missions()}
    return f"{names[table]} ({table})" if table in names else table


def score_table(rows: list[scores.Score], endless: bool, players: list[str] | None = None) -> Table:
    table = Table(box=None, padding=(0, 1), show_header=True, expand=True)
    table.add_column("#", justify="right")
    table.add_column("score", justify="right")
    if players is not None:
        table.add_column("player")
    if endless:
        table.add_column("stations", justify="right")
    table.add_column("survivors", ratio=1)
    table.add_column("rounds", justify="right")
    if not endless:
        table.add_column("outcome")
    table.add_column("date")
    table.add_column("seed", justify="right")
    table.add_column("undos")
    for i, s in enumerate(rows, 1):
        cells = [str(i), Text(str(s.score), "bold")]
        if players is not None:
            cells.append(players[i - 1])
        if endless:
            cells.append(str(s.stations))
        cells += [
            ", ".join(display_name(x) for x in s.survivors),
            str(s.rounds),
            *([] if endless else [s.outcome]),
            s.date[:10],
            str(s.seed),
            scores.undo_text(s),
        ]
        table.add_row(*cells)
    return table


class ScoresScreen(SeeThrough, ModalScreen[None]):
    SCOPED_CSS = False  # the -ascii rule reads the app's class
    DEFAULT_CSS = """
    ScoresScreen { align: center middle; }
    ScoresScreen #scores-box {
        width: 78; height: auto; max-height: 22;
        border: round $primary; background: $surface; padding: 0 1;
    }
    ScoresScreen #scores-title { text-style: bold; margin-bottom: 1; }
    .-ascii ScoresScreen #scores-box { border: ascii $primary; }
    """
    BINDINGS = [
        Binding("escape,q,s", "close", "close", show=False),
        Binding("right,l,tab", "turn(1)", "next table", show=False),
        Binding("left,h,shift+tab", "turn(-1)", "previous table", show=False),
        Binding("e", "everyone", "everyone's scores, or yours", show=False),
    ]

    def __init__(self) -> None:
        super().__init__()
        self.problem = ""
        try:
            self.tables = scores.tables()
        except SaveError as e:
            self.tables, self.problem = [], str(e)
        self.at = 0
        self.mine = (self.tables, self.problem)
        self.everyone: list | None = None  # (player, score) of everyone, once e shows them
        self.broker_down = ""  # the broker's host:port, when it did not answer

    def compose(self) -> ComposeResult:
        with Vertical(id="scores-box"):
            yield Label("High scores", id="scores-title")
            yield Label("", id="scores-which")
            yield Static("", id="scores-table")
            yield Static("", id="scores-broker", classes="note")  # wraps in the box
            yield Label(
                "Left/right change table, e everyone's or yours, Esc closes", classes="note"
            )

    def on_mount(self) -> None:
        self.show()

    def show(self) -> None:
        down = self.query_one("#scores-broker", Static)
        down.display = bool(self.broker_down and self.everyone is not None)
        down.update(
            f"The broker at {self.broker_down} is not answering: only this machine's scores."
        )
        which = self.query_one("#scores-which", Label)
        body = self.query_one("#scores-table", Static)
        which.display = bool(self.tables)
        if not self.tables:
            body.update(self.problem or "No scores yet: finish a mission or an endless run.")
            return
        name = self.tables[self.at]
        whose = "Everyone's: " if self.everyone is not None else ""
        which.update(
            Text(f"< {whose}{table_name(name)} >  {self.at + 1} of {len(self.tables)}", "bold")
        )
        if self.everyone is not None:
            from saves import public_scores

            ranked = public_scores.top_of(self.everyone, name)
            players = [p for p, _ in ranked]
            body.update(score_table([r for _, r in ranked], name == scores.ENDLESS, players))
            return
        try:
            rows = scores.top(name, 10)
        except SaveError as e:
            body.update(str(e))
            return
        body.update(score_table(rows, name == scores.ENDLESS))

    def action_everyone(self) -> None:
        """Between this player's tables and everyone's (the machine's scoreboard)."""
        from saves import public_scores

        if self.everyone is not None:
            self.everyone = None
            self.tables, self.problem = self.mine
        else:
            try:
                rows, problem = public_scores.server_scores(), ""
            except OSError as e:
                rows, problem = [], str(e)
            self.everyone = rows
            self.everyone_tables(problem)
            self.ask_broker()
        self.at = 0
        self.show()

    def everyone_tables(self, problem: str = "") -> None:
        from saves import public

        rows = self.everyone or []
        if public.root() is None and not rows:
            problem = "This machine has no public scoreboard (docs/hosting.md)."
        self.tables = sorted({s.table for _, s in rows}, key=lambda t: (t == scores.ENDLESS, t))
        self.problem = problem or "Nobody has published a score yet."

    def ask_broker(self) -> None:
        """The other machines' scores, read through the broker (when one is
        set) on a thread of its own, after this machine's are shown: a broker
        that does not answer never holds the screen up, and says so."""
        from saves import public_redis

        read_broker(self, public_redis.scores, self._broker_read)

    def _broker_read(self, remote: list, down: str) -> None:
        from saves import public_scores

        if self.everyone is None or not self.is_attached:
            return  # back to the player's own tables meanwhile
        self.broker_down = down
        table = self.tables[self.at] if self.tables else None
        self.everyone = public_scores.with_scores(self.everyone, remote)
        self.everyone_tables()
        self.at = self.tables.index(table) if table in self.tables else 0
        self.show()

    def action_turn(self, step: int) -> None:
        if self.tables:
            self.at = (self.at + step) % len(self.tables)
            self.show()

    def action_close(self) -> None:
        self.dismiss(None)
