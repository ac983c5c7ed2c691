"""The base of a mode's rows in the new-game dialog (tui/screens/newgame.py).

A mode with options of its own (survivors, who plays the zombies, seats)
gives the dialog one ModeFields: it composes its rows, hears when the
mission changes, and turns what the player set into Game.new arguments."""

from __future__ import annotations

from typing import Any

from textual.app import ComposeResult
from textual.containers import Horizontal, Vertical
from textual.widgets import Label

from tui.widgets.select import MenuSelect


class FieldProblem(Exception):
    """What the player must change before the game can start."""


class ModeFields(Vertical):
    """Rows of a mode's own options; the defaults fit a mode with none."""

    DEFAULT_CSS = "ModeFields { height: auto; }"

    def mission_changed(self, mission: str) -> None:
        """The mission drop-down changed (also called once when shown)."""

    def seed_note(self, mission: str) -> str:
        return "picks cards and dice"

    def game_args(self, mission: str) -> dict[str, Any]:
        """Keyword arguments for Game.new (survivors=..., the mode's options);
        FieldProblem when something is missing."""
        return {}


def choice_row(label: str, field_id: str, choices: list[tuple[str, Any]], value: Any) -> Horizontal:
    """One labelled drop-down row, as the dialog's own rows look."""
    return Horizontal(
        Label(label, classes="field"),
        MenuSelect(choices, value=value, allow_blank=False, compact=True, id=field_id),
        classes="row",
    )


class ChoiceFields(ModeFields):
    """Rows of drop-downs, one per option: (option, label, [(text, value)],
    default). Each option goes to Game.new under its own name."""

    options: tuple[tuple[str, str, list[tuple[str, str]], str], ...] = ()

    def compose(self) -> ComposeResult:
        for name, label, choices, default in self.options:
            yield choice_row(label, f"opt-{name}", choices, default)

    def game_args(self, mission: str) -> dict[str, Any]:
        return {
            name: str(self.query_one(f"#opt-{name}", MenuSelect).value) for name, *_ in self.options
        }
