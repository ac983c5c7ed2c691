"""New game dialog: mode, mission, survivors, seed, undo policy.

Start is focused when the dialog opens, so title -> n -> Enter is a game in
two key presses. Whatever the engine refuses is shown here, nothing starts."""

from __future__ import annotations

import random

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.screen import ModalScreen
from textual.widgets import Button, Input, Label, OptionList, Select
from textual.widgets.option_list import Option

from engine import Game, MissionError, RuleError, get_mode, modes
from tui.widgets.select import MenuSelect

UNDO_POLICIES = (
    ("casual: undo anything", "casual"),
    ("honest: not past dice or cards", "honest"),
    ("ironman: no undo", "ironman"),
)


def mission_survivors(mode: str, mission_id: str) -> tuple[str, ...]:
    """The survivors a shipped mission suggests (its file may name them)."""
    from engine.station.mission import load_mission

    try:
        text = get_mode(mode).mission_text(mission_id)
        return tuple(load_mission(text, mission_id).info.survivors)
    except (MissionError, RuleError):
        return ()


def survivor_roster() -> list[tuple[str, str]]:
    from engine.station import content

    return [(sid, f"{spec.name} ({spec.role})") for sid, spec in content.survivors().items()]


class RosterList(OptionList):
    """Survivors to take along, ticked as "[x]" so the choice reads without
    colour; Enter or space toggles the highlighted one."""

    BINDINGS = [Binding("space", "toggle", "toggle", show=False)]

    def __init__(self, roster: list[tuple[str, str]], chosen: set[str], **kwargs) -> None:
        self.roster = roster
        self.chosen = set(chosen)
        super().__init__(
            *[Option(self._prompt(sid, label), id=sid) for sid, label in roster], **kwargs
        )

    def _prompt(self, sid: str, label: str) -> Text:
        return Text(f"[{'x' if sid in self.chosen else ' '}] {label}")

    @property
    def selected(self) -> list[str]:
        return [sid for sid, _ in self.roster if sid in self.chosen]

    def choose(self, chosen: set[str]) -> None:
        self.chosen = set(chosen)
        for sid, label in self.roster:
            self.replace_option_prompt(sid, self._prompt(sid, label))

    def action_toggle(self) -> None:
        option = self.highlighted_option
        if option is not None and option.id is not None:
            self.choose(self.chosen ^ {option.id})

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        self.action_toggle()


class NewGameScreen(ModalScreen[None]):
    BINDINGS = [Binding("escape", "cancel", "cancel", show=False)]

    def compose(self) -> ComposeResult:
        mode_ids = modes()
        missions = get_mode("station").missions()
        first = missions[0]["id"] if missions else "tutorial"
        chosen = set(mission_survivors("station", first)) or {"vega", "okafor"}
        with Vertical(id="newgame", classes="dialog"):
            yield Label("New game", id="question")
            with Horizontal(classes="row"):
                yield Label("Mode", classes="field")
                yield MenuSelect(
                    [(m, m) for m in mode_ids],
                    value="station",
                    allow_blank=False,
                    compact=True,
                    id="mode",
                )
            with Horizontal(classes="row"):
                yield Label("Mission", classes="field")
                yield MenuSelect(
                    [
                        (f"{m['name']} ({m['id']}, difficulty {m['difficulty']})", m["id"])
                        for m in missions
                    ],
                    value=first,
                    allow_blank=False,
                    compact=True,
                    id="mission",
                )
            with Horizontal(classes="row tall"):
                yield Label("Survivors", classes="field")
                yield RosterList(survivor_roster(), chosen, id="survivors")
            with Horizontal(classes="row"):
                yield Label("Seed", classes="field")
                yield Input(
                    str(random.randrange(1_000_000)), id="seed", compact=True, type="integer"
                )
            with Horizontal(classes="row"):
                yield Label("Undo", classes="field")
                yield MenuSelect(
                    UNDO_POLICIES, value="casual", allow_blank=False, compact=True, id="undo"
                )
            yield Label("", id="newgame-error")
            with Horizontal(classes="buttons"):
                yield Button("Start (Enter)", id="start", variant="primary", compact=True)
                yield Button("Cancel (Esc)", id="cancel", compact=True)

    def on_mount(self) -> None:
        self.query_one("#start", Button).focus()

    def on_select_changed(self, event: Select.Changed) -> None:
        if event.select.id != "mission" or not isinstance(event.value, str):
            return
        suggested = set(mission_survivors("station", event.value))
        if suggested:
            self.query_one("#survivors", RosterList).choose(suggested)

    def on_input_submitted(self, event: Input.Submitted) -> None:
        self.start()

    def on_button_pressed(self, event: Button.Pressed) -> None:
        if event.button.id == "start":
            self.start()
        else:
            self.dismiss(None)

    def action_cancel(self) -> None:
        self.dismiss(None)

    def start(self) -> None:
        error = self.query_one("#newgame-error", Label)
        seed_text = self.query_one("#seed", Input).value.strip()
        try:
            seed = int(seed_text)
        except ValueError:
            error.update("The seed is a whole number.")
            return
        survivors = self.query_one("#survivors", RosterList).selected
        if not survivors:
            error.update("Tick at least one survivor (Enter or space on a name).")
            return
        try:
            game = Game.new(
                str(self.query_one("#mode", Select).value),
                mission=str(self.query_one("#mission", Select).value),
                seed=seed,
                survivors=survivors,
                undo=str(self.query_one("#undo", Select).value),
            )
        except (MissionError, RuleError) as e:
            error.update(str(e))
            return
        self.dismiss(None)
        self.app.open_game(game)
