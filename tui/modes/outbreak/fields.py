"""Outbreak's rows in the new-game dialog (and the new-match dialog): how
many seats (2-6), and for each, a person or a bot and an optional name;
then (new games only) the rule variants from the box, each left at the
house rule unless changed (docs/rules-outbreak.md "the variants").

The seats go to the engine as `seats=["ann:human", "bot", ...]` in turn
order; a seat left unnamed is called by its place ("Player 1", "Bot 2")."""

from __future__ import annotations

import re
from typing import Any

from textual.app import ComposeResult
from textual.containers import Horizontal
from textual.widgets import Input, Label, Select

from tui.widgets.fields import FieldProblem, ModeFields, choice_row
from tui.widgets.select import MenuSelect
from tui.widgets.text_input import TextInput

MAX_SEATS = 6
# The rule variants (engine/outbreak/rules.py VARIANTS): option, label,
# [(text, value)], the default first. Only a changed one goes to Game.new.
VARIANT_ROWS = (
    ("discard", "Discard", [("optional", "optional"), ("a must (box)", "mandatory")]),
    ("dealer", "Who starts", [("seat 1", "none"), ("dealer's left", "random")]),
    ("tile_deck", "Tiles", [("standard", "standard"), ("dead ends", "dead_ends")]),
    ("event_deck", "Events", [("standard", "standard"), ("table (+6)", "table")]),
)
KINDS = [("a person", "human"), ("a bot", "bot")]
NAME = re.compile(r"[a-z][a-z0-9_]*\Z")
NAME_LENGTH = 12


def default_kind(seat: int) -> str:
    """The dialog opens on one person against bots: human,bot,..."""
    return "human" if seat == 1 else "bot"


class OutbreakFields(ModeFields):
    """The seat count, then one row per seat: who plays it, and a name."""

    DEFAULT_CSS = """
    OutbreakFields .seat-row MenuSelect { width: 14; }
    OutbreakFields .seat-row Input { width: 1fr; margin-left: 1; }
    """

    def __init__(self, seats: int = 2, variants: bool = True, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.start_seats = seats
        self.variants = variants  # the rule variants' rows (a match plays the defaults)

    def compose(self) -> ComposeResult:
        counts = [(f"{n} seats", n) for n in range(2, MAX_SEATS + 1)]
        yield choice_row("Seats", "seat-count", counts, self.start_seats)
        for i in range(1, MAX_SEATS + 1):
            with Horizontal(classes="row seat-row", id=f"seat-row-{i}"):
                yield Label(f"  seat {i}", classes="field")
                yield MenuSelect(
                    KINDS,
                    value=default_kind(i),
                    allow_blank=False,
                    compact=True,
                    id=f"seat-kind-{i}",
                )
                yield TextInput(
                    placeholder="name (optional)",
                    max_length=NAME_LENGTH,
                    compact=True,
                    id=f"seat-name-{i}",
                )
        if self.variants:
            for name, label, choices in VARIANT_ROWS:
                yield choice_row(label, f"opt-{name}", choices, choices[0][1])

    def on_mount(self) -> None:
        self.show_rows(self.start_seats)

    @property
    def count(self) -> int:
        value = self.query_one("#seat-count", Select).value
        return value if isinstance(value, int) else 2

    def show_rows(self, count: int) -> None:
        for i in range(1, MAX_SEATS + 1):
            self.query_one(f"#seat-row-{i}").display = i <= count

    def on_select_changed(self, event: Select.Changed) -> None:
        if event.select.id == "seat-count":
            self.show_rows(self.count)
        if (event.select.id or "").startswith(("seat-", "opt-")):
            event.stop()

    def shared_defaults(self) -> None:
        """Hosting a shared game (the title's Host): two people to start
        with, each to play from a terminal of their own."""
        self.query_one("#seat-kind-2", Select).value = "human"

    def seed_note(self, mission: str) -> str:
        return "picks the tiles, cards and dice"

    def seats(self) -> list[str]:
        """The seats as the engine takes them; FieldProblem naming a bad one."""
        out: list[str] = []
        names: list[str] = []
        for i in range(1, self.count + 1):
            kind = str(self.query_one(f"#seat-kind-{i}", Select).value)
            raw = self.query_one(f"#seat-name-{i}", Input).value.strip()
            name = re.sub(r"\s+", "_", raw.lower())
            if not name:
                out.append(kind)
                names.append(f"p{i}")
                continue
            if not NAME.match(name):
                raise FieldProblem(
                    f"Seat {i}: a name is letters, digits and _, starting with a letter."
                )
            out.append(f"{name}:{kind}")
            names.append(name)
        twice = sorted({n for n in names if names.count(n) > 1})
        if twice:
            raise FieldProblem(f"Two seats are called {twice[0]}: give each its own name.")
        return out

    def variant_args(self) -> dict[str, str]:
        """The variants set away from their defaults, as Game.new options."""
        out = {}
        for name, _, choices in VARIANT_ROWS if self.variants else ():
            value = str(self.query_one(f"#opt-{name}", Select).value)
            if value != choices[0][1]:
                out[name] = value
        return out

    def game_args(self, mission: str) -> dict[str, Any]:
        return {"seats": self.seats(), **self.variant_args()}
