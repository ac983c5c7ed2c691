"""New game dialog: mode, mission, the mode's own options, seed, undo policy.

The modes offered are those the UI has an adapter for; each adapter gives
its missions and the rows of its own options (tui.widgets.fields), which
replace the last mode's rows when the mode changes. The first row (Mode)
is focused when the dialog opens and the arrow keys move from row to row,
as the hint under the title says, and the hint says what Enter does on the
row in focus: it opens a drop-down or ticks a row of a list, goes on from a
seat's name, and starts the game only on Start or in the seed (below every
row but Undo), so the first Enter never starts a game the player has not
looked at. Whatever the engine
refuses is shown here, and nothing starts."""

from __future__ import annotations

import random

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Button, Input, Label, OptionList, Select
from textual.widgets._select import SelectOverlay

from engine import Game, MissionError, RuleError
from tui.modes import get_ui, ui_modes
from tui.screens.dialogs import SeeThrough
from tui.widgets.fields import FieldProblem, ModeFields
from tui.widgets.select import MenuSelect
from tui.widgets.text_input import TextInput

UNDO_POLICIES = (
    ("casual: undo anything", "casual"),
    ("honest: not past dice or cards", "honest"),
    ("ironman: no undo", "ironman"),
)


def first_mission(ui, missions: list[tuple[str, str]]) -> str:
    """The mode's default mission when the list has it, else the list's first."""
    default = ui.default_mission()
    return default if any(m == default for _, m in missions) else missions[0][1]


class NewGameScreen(SeeThrough, ModalScreen[None]):
    BINDINGS = [
        Binding("escape", "cancel", "cancel", show=False),
        # before the focused widget's own arrows: a list of rows (survivors,
        # humans) keeps them until its first or last row (check_action)
        Binding("down", "row(1)", "next row", show=False, priority=True),
        Binding("up", "row(-1)", "previous row", show=False, priority=True),
    ]

    start_word = "Start"  # the button at the bottom that starts the game

    def __init__(self) -> None:
        super().__init__()
        self.mode_ids = ui_modes()
        self.mode = self.mode_ids[0]  # the modes' own order puts the first to offer first

    def compose(self) -> ComposeResult:
        ui = get_ui(self.mode)
        missions = ui.missions()
        with Vertical(id="newgame", classes="dialog"):
            yield Label("New game", id="question")
            yield Label(self.hint(), id="newgame-hint", classes="note")
            with VerticalScroll(id="newgame-fields", can_focus=False):
                with Horizontal(classes="row"):
                    yield Label("Mode", classes="field")
                    yield MenuSelect(
                        [(m, m) for m in self.mode_ids],
                        value=self.mode,
                        allow_blank=False,
                        compact=True,
                        id="mode",
                    )
                with Horizontal(classes="row"):
                    yield Label("Mission", classes="field")
                    yield MenuSelect(
                        missions,
                        value=first_mission(ui, missions),
                        allow_blank=False,
                        compact=True,
                        id="mission",
                    )
                yield ui.fields() or ModeFields(id="mode-fields")
                with Horizontal(classes="row gap"):
                    yield Label("Seed", classes="field")
                    yield TextInput(
                        str(random.randrange(1_000_000)), id="seed", compact=True, type="integer"
                    )
                    yield Label("", id="seed-note", classes="note")
                with Horizontal(classes="row"):
                    yield Label("Undo", classes="field")
                    yield MenuSelect(
                        UNDO_POLICIES, value="casual", allow_blank=False, compact=True, id="undo"
                    )
            yield Label("", id="newgame-error")
            with Horizontal(classes="buttons"):
                yield Button(self.start_word, id="start", variant="primary", compact=True)
                yield Button("Cancel (Esc)", id="cancel", compact=True)

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action != "row" or self.app.screen is not self:
            return True
        focused = self.focused
        if isinstance(focused, SelectOverlay):  # an open drop-down: its own arrows
            return False
        if isinstance(focused, OptionList) and focused.option_count:
            edge = 0 if parameters[0] == -1 else focused.option_count - 1
            return focused.highlighted in (None, edge)
        return True

    def action_row(self, step: int) -> None:
        if step > 0:
            self.focus_next()
        else:
            self.focus_previous()

    HINT_WIDTH = 66  # inside the dialog's box: the hint never wraps

    def hint(self) -> str:
        """The arrows, and what Enter does on the row in focus."""
        arrows = "Up/Down" if getattr(self.app, "ascii_only", False) else "\u2191\u2193"
        focused = self.focused
        if isinstance(focused, Button):
            enter = f"{self.start_word.lower()}s the game" if focused.id == "start" else "cancels"
        elif isinstance(focused, Input) and focused.id == "seed":  # past every row but Undo
            enter = f"{self.start_word.lower()}s the game"
        elif isinstance(focused, Input):  # a seat's name: rows below still to see
            enter = "goes to the next row"
        elif isinstance(focused, SelectOverlay):  # a drop-down open
            enter = "chooses, Esc closes the list"
        elif isinstance(focused, OptionList):
            enter = "ticks or unticks a row"
        else:
            enter = "opens the list"
        text = f"{arrows} move between rows, Enter {enter}"
        tail = f"; {self.start_word} is at the bottom"
        if isinstance(focused, (Button, Input)) or len(text + tail) > self.HINT_WIDTH:
            return text
        return text + tail

    def on_descendant_focus(self, event) -> None:
        """The hint for the row in focus, and the row's name marked."""
        self.query_one("#newgame-hint", Label).update(self.hint())
        row = next((n for n in event.widget.ancestors if n.has_class("row")), None)
        for other in self.query(".row.-in-focus"):
            if other is not row:
                other.remove_class("-in-focus")
        if row is not None:
            row.add_class("-in-focus")

    def on_mount(self) -> None:
        self.mission_changed(self.mission)
        self.query_one("#mode", Select).focus()

    @property
    def mission(self) -> str:
        return str(self.query_one("#mission", Select).value)

    @property
    def fields(self) -> ModeFields:
        return self.query_one("#mode-fields", ModeFields)

    def mission_changed(self, mission: str) -> None:
        self.fields.mission_changed(mission)
        self.query_one("#seed-note", Label).update(self.fields.seed_note(mission))

    async def mode_changed(self, mode: str) -> None:
        """Another mode: its missions, and its rows in place of the last mode's."""
        ui = get_ui(mode)
        if ui is None or mode == self.mode:
            return
        self.mode = mode
        missions = ui.missions()
        select = self.query_one("#mission", Select)
        with self.prevent(Select.Changed):
            select.set_options(missions)
            select.value = first_mission(ui, missions)
        old = self.fields
        await old.remove()
        new = ui.fields() or ModeFields(id="mode-fields")
        seed_row = self.query_one("#seed").parent
        await self.query_one("#newgame-fields").mount(new, before=seed_row)
        self.mission_changed(self.mission)
        self.query_one("#newgame-error", Label).update("")

    async def on_select_changed(self, event: Select.Changed) -> None:
        if event.select.id == "mode" and isinstance(event.value, str):
            await self.mode_changed(event.value)
        elif event.select.id == "mission" and isinstance(event.value, str):
            self.mission_changed(event.value)

    def on_input_submitted(self, event: Input.Submitted) -> None:
        """Enter in the seed starts (every row but Undo is above it, and the
        hint says so); in a field further up (a seat's name) it goes on."""
        if event.input.id == "seed":
            self.start(event.value)  # as it was at Enter, not with keys typed behind it
        else:
            self.focus_next()

    def on_button_pressed(self, event: Button.Pressed) -> None:
        if event.button.id == "start":
            self.start()
        else:
            self.dismiss(None)

    def action_cancel(self) -> None:
        self.dismiss(None)

    def start(self, seed_text: str | None = None) -> None:
        error = self.query_one("#newgame-error", Label)
        if seed_text is None:
            seed_text = self.query_one("#seed", Input).value
        try:
            seed = int(seed_text.strip())
        except ValueError:
            error.update("The seed is a whole number.")
            return
        mission = self.mission
        try:
            args = self.fields.game_args(mission)
            game = Game.new(
                self.mode,
                mission=mission,
                seed=seed,
                undo=str(self.query_one("#undo", Select).value),
                **args,
            )
        except FieldProblem as e:
            error.update(str(e))
            return
        except (MissionError, RuleError) as e:
            error.update(str(e))
            return
        self.dismiss(None)
        self.app.open_game(game)
