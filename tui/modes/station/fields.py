"""Station's rows in the new-game dialog: the generated station's size and
difficulty (shown for a generated mission), the survivors to take along and
the player who controls each (hot-seat, ST-1.3), and how many players."""

from __future__ import annotations

from typing import Any

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal
from textual.message import Message
from textual.widgets import Label, OptionList, Select
from textual.widgets.option_list import Option

from engine import MissionError, RuleError, get_mode
from tui.widgets.fields import FieldProblem, ModeFields
from tui.widgets.select import MenuSelect

GENERATED = "random"  # the mission id of a generated station
SIZES = (
    ("small (~12 zones)", "small"),
    ("medium (~24 zones)", "medium"),
    ("large (~40 zones)", "large"),
    ("huge (~47 zones)", "huge"),
)
DIFFICULTIES = tuple((f"{n}" + {1: " gentle", 6: " grim"}.get(n, ""), str(n)) for n in range(1, 7))
MAX_PLAYERS = 6
SEED_NOTES = {False: "picks cards and dice", True: "picks the station, cards and dice"}


def mission_survivors(mode: str, mission_id: str) -> tuple[str, ...]:
    """The survivors a shipped mission suggests (its file may name them)."""
    from engine.station.mission import load_mission

    if mission_id == GENERATED:
        return ()
    try:
        text = get_mode(mode).mission_text(mission_id)
        return tuple(load_mission(text, mission_id).info.survivors)
    except (MissionError, RuleError):
        return ()


def survivor_roster() -> list[tuple[str, str]]:
    from engine.station import content

    return [(sid, f"{spec.name} ({spec.role})") for sid, spec in content.survivors().items()]


def deal(survivors: list[str], players: int) -> dict[str, int]:
    """ST-1.3: survivors dealt to players in seat order, an equal share each
    (two players, four survivors: two each); with an odd one out the first
    players take one more. Each player's survivors sit together, so control
    changes hands once per player in a round."""
    n = len(survivors)
    players = max(1, min(players, n or 1))
    return {sid: i * players // n + 1 for i, sid in enumerate(survivors)}


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
        self.redraw()

    def redraw(self) -> None:
        for sid, label in self.roster:
            self.replace_option_prompt(sid, self._prompt(sid, label))

    def action_toggle(self) -> None:
        option = self.highlighted_option
        if option is not None and option.id is not None:
            self.choose(self.chosen ^ {option.id})

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        self.action_toggle()


class SeatedRosterList(RosterList):
    """A roster that also says which player (hot-seat) controls each chosen
    survivor: "P1", "P2"... beside the name once there are two players or
    more. Changing the roster or the number of players deals them again;
    p (or right / left) hands the highlighted survivor to the next player."""

    BINDINGS = [
        Binding("space", "toggle", "toggle", show=False),
        Binding("p,right", "cycle_player(1)", "next player", show=False),
        Binding("left", "cycle_player(-1)", "previous player", show=False),
    ]

    class Changed(Message):
        """The chosen survivors changed (so may the number of players)."""

    def __init__(self, roster: list[tuple[str, str]], chosen: set[str], **kwargs) -> None:
        self.players = 1
        self.seats: dict[str, int] = {}
        self.label_width = max((len(label) for _, label in roster), default=0)
        super().__init__(roster, chosen, **kwargs)
        self.seats = deal(self.selected, self.players)
        self.redraw()

    def _prompt(self, sid: str, label: str) -> Text:
        text = Text(f"[{'x' if sid in self.chosen else ' '}] {label:<{self.label_width}}")
        if self.players > 1 and sid in self.seats:
            text.append(f"  P{self.seats[sid]}", "bold")
        return text

    def choose(self, chosen: set[str]) -> None:
        self.chosen = set(chosen)
        self.seats = deal(self.selected, self.players)
        self.redraw()
        self.post_message(self.Changed())

    def set_players(self, players: int) -> None:
        if players != self.players:
            self.players = players
            self.seats = deal(self.selected, players)
            self.redraw()

    def action_cycle_player(self, step: int) -> None:
        option = self.highlighted_option
        sid = option.id if option is not None else None
        if self.players < 2 or sid not in self.seats:
            self.app.bell()
            return
        self.seats[sid] = (self.seats[sid] - 1 + step) % self.players + 1
        self.redraw()

    @property
    def players_option(self) -> str:
        """The engine's players option ("vega:1,okafor:2"), empty for one player."""
        if self.players < 2:
            return ""
        return ",".join(f"{sid}:{self.seats[sid]}" for sid in self.selected)

    def empty_seat(self) -> int | None:
        """A player with no survivor to control, if any."""
        taken = set(self.seats.values())
        return next((p for p in range(1, self.players + 1) if p not in taken), None)


def player_choices(survivors: int) -> list[tuple[str, int]]:
    top = max(1, min(MAX_PLAYERS, survivors))
    return [("1 player", 1)] + [(f"{n} players", n) for n in range(2, top + 1)]


class StationFields(ModeFields):
    """Size and difficulty (generated stations), survivors and players."""

    def compose(self) -> ComposeResult:
        missions = get_mode("station").missions()
        first = missions[0]["id"] if missions else "tutorial"
        chosen = set(mission_survivors("station", first)) or {"vega", "okafor"}
        with Horizontal(classes="row", id="station-row"):
            yield Label("Size", classes="field")
            yield MenuSelect(SIZES, value="medium", allow_blank=False, compact=True, id="size")
            yield Label("Difficulty", classes="field inner")
            yield MenuSelect(
                DIFFICULTIES, value="3", allow_blank=False, compact=True, id="difficulty"
            )
        with Horizontal(classes="row tall gap"):
            yield Label("Survivors\n\n\n\nspace: tick\np: player", classes="field")
            yield SeatedRosterList(survivor_roster(), chosen, id="survivors")
        with Horizontal(classes="row"):
            yield Label("Players", classes="field")
            yield MenuSelect(
                player_choices(len(chosen)),
                value=1,
                allow_blank=False,
                compact=True,
                id="players",
            )

    def mission_changed(self, mission: str) -> None:
        self.query_one("#station-row").display = mission == GENERATED
        suggested = set(mission_survivors("station", mission))
        if suggested:
            self.query_one("#survivors", SeatedRosterList).choose(suggested)

    def seed_note(self, mission: str) -> str:
        return SEED_NOTES[mission == GENERATED]

    def on_select_changed(self, event: Select.Changed) -> None:
        if event.select.id == "players":
            event.stop()
            value = event.select.value
            players = value if isinstance(value, int) else 1
            roster = self.query_one("#survivors", SeatedRosterList)
            roster.set_players(players)
            # ST-1.3: the default for two players (or more) is two survivors each
            missing = min(6, 2 * players) - len(roster.selected) if players > 1 else 0
            if missing > 0:
                more = [sid for sid, _ in roster.roster if sid not in roster.chosen]
                roster.choose(roster.chosen | set(more[:missing]))
        elif event.select.id in ("size", "difficulty"):
            event.stop()

    def on_seated_roster_list_changed(self, event: SeatedRosterList.Changed) -> None:
        """Offer 1 player up to one per chosen survivor; keep the count if it fits."""
        roster = self.query_one("#survivors", SeatedRosterList)
        select = self.query_one("#players", Select)
        choices = player_choices(len(roster.selected))
        if len(choices) == len(select._options):
            return
        keep = min(roster.players, len(choices))
        with self.prevent(Select.Changed):
            select.set_options(choices)
            select.value = keep
        roster.set_players(keep)

    def game_args(self, mission: str) -> dict[str, Any]:
        roster = self.query_one("#survivors", SeatedRosterList)
        survivors = roster.selected
        if not survivors:
            raise FieldProblem("Tick at least one survivor (Enter or space on a name).")
        empty = roster.empty_seat()
        if empty is not None:
            raise FieldProblem(f"Player {empty} has no survivor: p on a name hands it to them.")
        args: dict[str, Any] = {"survivors": survivors}
        if mission == GENERATED:
            args["size"] = str(self.query_one("#size", Select).value)
            args["difficulty"] = str(self.query_one("#difficulty", Select).value)
        if roster.players_option:
            args["players"] = roster.players_option
        return args
