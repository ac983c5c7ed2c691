"""What every mode gives the kernel, and the registry of modes by id.

The kernel never branches on a mode's name: it looks the mode up here and
calls the same decider surface on every one of them."""

from __future__ import annotations

from typing import Any, Protocol

import msgspec

from engine.core.table import OneSide, Table


class Carried(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """What a campaign member brings into their next game: Station's XP,
    skills and kept cards (ST-C.2), Siege's items and Sniper's kit (`kept`).
    Part of every save's Setup, so it stays the kernel's (design notes)."""

    xp: int = 0
    skills: tuple[str, ...] = ()  # every skill held, the starting one first
    kept: tuple[str, ...] = ()  # cards kept from the last mission


class Setup(msgspec.Struct, frozen=True, forbid_unknown_fields=False):
    """Everything a game is made from, before its first event. Saved in headers."""

    mode: str
    mission: str  # mission id as the file names it
    mission_text: str  # the whole mission file: saves never depend on shipped files
    source: str = ""  # where the mission came from (a shipped id or a path), for messages
    seed: int = 0
    dice: tuple[int, ...] = ()  # scripted die faces (K-3)
    undo: str = "casual"  # casual | honest | ironman (K-6)
    roster: tuple[str, ...] = ()  # the figures in seat order: Station's survivors, Siege's humans
    options: dict[str, Any] = {}  # the mode's own options, typed as given (the mode checks them)
    carry: dict[str, Carried] = {}  # campaign progress per roster member
    # The mode's rules version the game was started under (a mode's optional
    # `rules_version`, default 1): a save recorded under older rules loads as
    # played, and `replay --verify` tells a rules change from damage.
    rules: int = 1


class Mode(Protocol):
    """The decider surface of one mode (STYLE 2, 3)."""

    id: str
    default_mission: str  # what `Game.new(mode)` plays when no mission is named
    command_type: Any  # the tagged union of commands, for msgspec
    event_type: Any  # the tagged union of events
    state_type: Any

    def setup(self, setup: Setup) -> tuple[Any, Any, list[Any]]:
        """(world, state before the first event, setup events); raises MissionError."""

    def run(self, world: Any, state: Any, command: Any) -> tuple[list[Any], Any]:
        """decide + evolve in one pass: (events, state after them); raises RuleError."""

    def evolve(self, world: Any, state: Any, event: Any) -> Any: ...

    def legal_commands(self, world: Any, state: Any) -> list[Any]: ...

    def summary(self, world: Any, state: Any) -> dict: ...

    def view(self, world: Any, state: Any, viewer: str) -> dict: ...

    def outcome(self, state: Any) -> str | None: ...

    def reveals(self, event: Any) -> bool:
        """True for events that show hidden information (K-6 honest undo)."""

    def missions(self) -> list[dict]:
        """Shipped missions: id, mode, name, difficulty, briefing, and `size`: how
        big it is in the mode's own words ("6 zones", "10x4 cells", "30 tiles")."""

    def mission_text(self, mission_id: str, seed: int, options: dict[str, Any]) -> str:
        """The text of a shipped (or generated) mission; MissionError when unknown."""

    # -- optional members: the kernel reads them with `optional(mode, name)`, and a
    # mode without one gets the default in OPTIONAL below. Every shipped mode has
    # a table; the default is a table of one person who plays everything.
    table: Table  # seats, whose turn, whose command, what each viewer is told
    rules_version: int  # the mode's rules as this engine decides them (see Setup.rules)
    spectator_viewer: str  # the viewer a follower of a save draws (watch)
    # What a game of the mode carries over to the next, by record kind: the
    # frozen Struct its campaign or match rules fold finished games into, e.g.
    # {"campaign": Progress}. saves/records.py keeps it, knowing no mode.
    carries: dict[str, type]

    def bot_command(self, world: Any, state: Any) -> Any | None:
        """The command the bot seat now to act makes (a seat of kind BOT, played by
        a driver, not inside decide), or None when a person is to act."""

    def round_of(self, state: Any) -> int | None:
        """The round (or turn) a state is in, for replays' round steps."""


# The defaults of Mode's optional members: a mode that lacks one behaves so.
OPTIONAL: dict[str, Any] = {
    "rules_version": 1,
    "spectator_viewer": None,  # None: the table's watcher
    "bot_command": None,  # no bot seats of its own
    "round_of": None,  # replays read "round" or "turn" from the summary
    "table": OneSide(),  # one person plays the whole game
    "carries": {},  # nothing goes from one game to the next
}


def optional(mode: Mode, name: str) -> Any:
    """One of Mode's optional members, or its default."""
    return getattr(mode, name, OPTIONAL[name])


_MODES: dict[str, Mode] = {}


def register(mode: Mode) -> Mode:
    _MODES[mode.id] = mode
    return mode


def get_mode(mode_id: str) -> Mode:
    from engine.core.errors import RuleError

    if mode_id not in _MODES:
        known = ", ".join(sorted(_MODES)) or "none"
        raise RuleError("unknown_mode", f"there is no mode {mode_id!r} (modes: {known})")
    return _MODES[mode_id]


def carried(mode_id: str, kind: str) -> type:
    """The Struct mode_id carries over in records of `kind`; RuleError when it
    carries nothing of that kind."""
    from engine.core.errors import RuleError

    carries = optional(get_mode(mode_id), "carries")
    if kind not in carries:
        known = ", ".join(sorted(carries)) or "nothing"
        raise RuleError("unknown_record", f"{mode_id} carries no {kind!r} (it carries {known})")
    return carries[kind]


def modes() -> list[str]:
    return sorted(_MODES)
