"""Siege's rows in the new-game dialog: the humans to take along (their
order is the seat order, start 1 first) and who plays the zombies."""

from __future__ import annotations

from typing import Any

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal
from textual.widgets import Label, OptionList
from textual.widgets.option_list import Option

from engine import MissionError, get_mode
from engine.siege import content
from tui.widgets.fields import FieldProblem, ModeFields, choice_row

ZOMBIES = [("played by the AI", "ai"), ("a person", "human")]


def roster() -> list[tuple[str, str]]:
    """(id, "Cop (pistol)") for every human, in the game's own order."""
    return [
        (hid, f"{spec.name} ({content.item(spec.starts_with).name.lower()})")
        for hid, spec in content.humans().items()
    ]


def mission_humans(mission_id: str) -> tuple[tuple[str, ...], int]:
    """A shipped mission's own humans and how many starts its map has."""
    for row in get_mode("siege").missions():
        if row["id"] == mission_id:
            from engine.siege.mission import load_mission

            try:
                m = load_mission(get_mode("siege").mission_text(mission_id), mission_id)
            except MissionError:
                return tuple(row.get("humans", ())), 4
            return tuple(m.info.humans), len(m.starts())
    return (), 4


class HumanList(OptionList):
    """The humans to take along, ticked "[x]" so it reads without colour;
    Enter or space toggles the highlighted one."""

    BINDINGS = [Binding("space", "toggle", "toggle", show=False)]

    def __init__(self, chosen: set[str], **kwargs) -> None:
        self.roster = roster()
        self.chosen = set(chosen)
        super().__init__(*[Option(self.prompt(h, lab), id=h) for h, lab in self.roster], **kwargs)

    def prompt(self, hid: str, label: str) -> Text:
        return Text(f"[{'x' if hid in self.chosen else ' '}] {label}")

    @property
    def selected(self) -> list[str]:
        return [hid for hid, _ in self.roster if hid in self.chosen]

    def choose(self, chosen: set[str]) -> None:
        self.chosen = set(chosen)
        for hid, label in self.roster:
            self.replace_option_prompt(hid, self.prompt(hid, label))

    def action_toggle(self) -> None:
        option = self.highlighted_option
        if option is not None and option.id is not None:
            self.choose(self.chosen ^ {option.id})

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        self.action_toggle()


class SiegeFields(ModeFields):
    """Humans (seat order as listed) and who plays the zombies."""

    def compose(self) -> ComposeResult:
        chosen, _ = mission_humans(get_mode("siege").default_mission)
        humans = HumanList(set(chosen), id="humans")
        row = Horizontal(Label("Humans\n\nspace:\ntick", classes="field"), humans, classes="row")
        # inline: the dialog's stylesheet gives its rows one line
        row.styles.height = humans.styles.height = len(humans.roster)
        humans.styles.border = ("none", "black")
        humans.styles.padding = 0
        humans.styles.width = "1fr"
        yield row
        yield choice_row("Zombies", "opt-zombies", ZOMBIES, "ai")

    def mission_changed(self, mission: str) -> None:
        chosen, _ = mission_humans(mission)
        if chosen:
            self.query_one("#humans", HumanList).choose(set(chosen))

    def seed_note(self, mission: str) -> str:
        return "picks the search cards and dice"

    def game_args(self, mission: str) -> dict[str, Any]:
        humans = self.query_one("#humans", HumanList).selected
        if not humans:
            raise FieldProblem("Tick at least one human (space on a name).")
        _, starts = mission_humans(mission)
        if len(humans) > starts:
            raise FieldProblem(
                f"This map has {starts} starts: untick {len(humans) - starts} of the humans."
            )
        from tui.widgets.select import MenuSelect

        zombies = str(self.query_one("#opt-zombies", MenuSelect).value)
        return {"survivors": humans, "zombies": zombies}
