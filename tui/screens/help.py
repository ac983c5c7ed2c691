"""Help: every key binding (generated from tui.keys.KEYMAP), the board
legend (from tui.glyphs) and a short rules summary."""

from __future__ import annotations

from rich.table import Table
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Label, Static

from tui.glyphs import legend
from tui.keys import help_rows

RULES = """\
Goal: take every objective, then bring every living survivor to the exit
with no zombie in it. Lose if every survivor dies, if the board would hold
more zombies than the mission limit, or at the round limit.

A round: each survivor takes one turn (any order; Tab picks who acts),
with 2 actions (3 from yellow level). Move, melee, fire, search, open a
door, manage gear, play a card, use a skill, take an objective. When every
survivor is done, the zombies act, then new zombies spawn.

Zombies attack survivors in their zone, else walk toward survivors they
see (the noisiest zone), else the noise marker, else the loudest noise they
hear. Noise: gunshots, doors, alarms; each survivor counts as 1 noise.

Dice: each die at or above the weapon's hit value kills (an armored zombie
needs two hits from one attack). Shooting into a zone with survivors: every
1 rolled wounds one of them (friendly fire).

Danger (blue, yellow, orange, red) rises with the best survivor's level and
with the rounds; spawns grow with it. Kills and objectives give XP."""


class HelpScreen(ModalScreen[None]):
    BINDINGS = [
        Binding("escape,q,question_mark", "close", "close", show=False),
        Binding("j,down", "scroll('down')", show=False),
        Binding("k,up", "scroll('up')", show=False),
        Binding("pagedown,space", "scroll('page_down')", show=False),
        Binding("pageup", "scroll('page_up')", show=False),
    ]

    def compose(self) -> ComposeResult:
        ascii_only = getattr(self.app, "ascii_only", False)
        with VerticalScroll(id="help", classes="dialog"):
            yield Label("Shamble help   (Esc, q or ? closes; arrows scroll)", id="help-title")
            yield Static(self._keys_table(ascii_only), id="help-keys")
            yield Static(self._legend_table(), id="help-legend")
            yield Static(Text(RULES), id="help-rules")

    def _keys_table(self, ascii_only: bool) -> Table:
        table = Table(title="Keys", title_justify="left", box=None, padding=(0, 1))
        table.add_column("", style="bold")
        table.add_column("keys", style="bold cyan", no_wrap=True)
        table.add_column("what it does")
        last = None
        for group, keys, what in help_rows(ascii_only):
            table.add_row(group if group != last else "", keys, what)
            last = group
        table.add_row("", "Ctrl+P", "command palette: every action, by name")
        return table

    def _legend_table(self) -> Table:
        table = Table(title="Board", title_justify="left", box=None, padding=(0, 1))
        table.add_column("glyph", style="bold", no_wrap=True)
        table.add_column("meaning")
        for glyph, meaning in legend(self.app.glyphs):
            table.add_row(glyph, meaning)
        return table

    def action_close(self) -> None:
        self.dismiss(None)

    def action_scroll(self, where: str) -> None:
        view = self.query_one("#help", VerticalScroll)
        getattr(view, f"scroll_{where}")()
