"""The table: who sits at a game, who is to act, whose a command is, and
what each viewer is told of each event (STYLE 14).

Every mode answers these once, in its own engine package (a `Table` as the
mode's `table`), and every consumer asks it through `Game`: the hot-seat
screen, the shared-game host and its clients, watching, replays and bots.
OpenSpiel's `current_player()` and observer, boardgame.io's `playerView` and
`redact`: a server that names no game filters what each player receives.

Seat ids are one scheme everywhere: the shared game's seat table, the
hot-seat screen and the log of who made a move all use the ids `seats`
gives. A viewer is what `Mode.view` is asked for; several seats may share
one (Siege's humans are all shown the humans' view), and what a viewer is
told of an event is decided for the viewer, never for a screen."""

from __future__ import annotations

from typing import Any, Protocol

import msgspec

PERSON = "person"  # played by someone at a keyboard
BOT = "bot"  # played by the game's bot, chosen at setup (an Outbreak "bot" seat)
AI = "ai"  # a side the engine plays inside decide (Siege's zombies, Sniper's commander)
KINDS = (PERSON, BOT, AI)


class Seat(msgspec.Struct, frozen=True):
    """One place at the table."""

    id: str  # "1", "ann", "sniper", "zombies": the mode's own ids
    label: str  # as the game names it: "Player 2", "Ann", "Commander"
    kind: str = PERSON  # PERSON | BOT | AI
    figures: tuple[str, ...] = ()  # the figures the seat moves (survivors, humans)
    viewer: str = "players"  # the view this seat is shown and the events it is told
    # who plays it at one keyboard: seats with one player are one person's there
    # (Siege's humans, the humans' player's); "" (the default): the seat's own
    player: str = ""

    @property
    def person(self) -> str:
        """The person at one keyboard who plays this seat."""
        return self.player or self.id


class Table(Protocol):
    """What a mode says about its table. `world` and `state` are the mode's own."""

    # viewers are told different things (hands, a hidden sniper): at one
    # keyboard the screen is covered between two people, and a shared game's
    # players get their own view and events, never the whole log (K-7)
    hidden: bool
    watcher: str  # the viewer of someone with no seat (a spectator, a replay)

    def seats(self, world: Any, state: Any) -> tuple[Seat, ...]:
        """Every seat of the game, in the order the game seats them."""

    def to_act(self, world: Any, state: Any) -> tuple[str, ...]:
        """The seats that may act now: one, several (any of them may go), or
        none (the game is over, or resolving: an AI side plays in decide)."""

    def owner(self, world: Any, state: Any, command: Any) -> str | None:
        """The seat a parsed command is for, judged on the state now; None
        when it names nothing the rules know (they would refuse it)."""

    def takes_from(self, world: Any, state: Any, command: Any) -> frozenset[str]:
        """Other seats the command would take something from (a trade):
        only their players may agree to it."""

    def told(self, world: Any, event: Any, viewer: str) -> Any | None:
        """What `viewer` is told of an event: the event, a copy with what the
        viewer may not know set to None, or None (nothing at all)."""

    def stand_in(self, world: Any | None, view: dict, legal: list[Any]) -> Any | None:
        """The bot's command for the seat whose view this is, one of `legal`
        (None: it has nothing to do). `world` is None where only the view is
        known (a shared game's view replica); a mode whose bot needs it
        answers None there."""


def without(event: Any, *fields: str) -> Any:
    """The event with `fields` set to None: the redacted form a viewer gets."""
    return msgspec.structs.replace(event, **dict.fromkeys(fields))


def tag(event: Any) -> str:
    """An event's type as its log spells it ("card_drawn")."""
    return type(event).__struct_config__.tag


def as_data(command: Any) -> dict:
    """A command (a Struct or a mapping) as plain data."""
    return command if isinstance(command, dict) else msgspec.to_builtins(command)


class OneSide:
    """The table of a mode that declares none: one person plays the whole game."""

    hidden = False
    watcher = "players"
    SEAT = Seat("players", "Players")

    def seats(self, world: Any, state: Any) -> tuple[Seat, ...]:
        return (self.SEAT,)

    def to_act(self, world: Any, state: Any) -> tuple[str, ...]:
        return (self.SEAT.id,)

    def owner(self, world: Any, state: Any, command: Any) -> str | None:
        return self.SEAT.id

    def takes_from(self, world: Any, state: Any, command: Any) -> frozenset[str]:
        return frozenset()

    def told(self, world: Any, event: Any, viewer: str) -> Any | None:
        return event

    def stand_in(self, world: Any | None, view: dict, legal: list[Any]) -> Any | None:
        return None
