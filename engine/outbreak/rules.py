"""Derived facts of an Outbreak game: seats, fight bonuses, who places the
Helipad, who has won. Computed from state, never stored twice (STYLE 5)."""

from __future__ import annotations

import re
from dataclasses import dataclass

import msgspec

from engine.core.errors import RuleError
from engine.outbreak import content
from engine.outbreak.board import Board, board_of
from engine.outbreak.mission import Mission
from engine.outbreak.state import Seat, State

SEAT_KINDS = ("human", "bot")


class Options(msgspec.Struct, frozen=True):
    """The game's rule variants (each a Game.new option; the defaults are
    the game as the house plays it)."""

    discard: str = "optional"  # mandatory: seed step 23, the card goes back into the deck
    dealer: str = "none"  # random: a dealer at random, play starts at their left (OB-1)
    tile_deck: str = "standard"  # dead_ends: buildings with one road exit (OB-A)
    event_deck: str = "standard"  # table: three cards that act on every player


# option -> its values, the default first
VARIANTS: dict[str, tuple[str, ...]] = {
    "discard": ("optional", "mandatory"),
    "dealer": ("none", "random"),
    "tile_deck": content.TILE_DECKS,
    "event_deck": content.EVENT_DECKS,
}


def parse_options(options: dict) -> Options:
    """The variants among a game's options; RuleError `bad_option` for a value
    that is none of the option's."""
    given = {}
    for name, values in VARIANTS.items():
        if name not in options:
            continue
        value = options[name]
        if value not in values:
            raise RuleError("bad_option", f"{name} is one of {', '.join(values)}, not {value!r}")
        given[name] = value
    return Options(**given)


DEFAULT_SEATS = "human,bot"
_NAME = re.compile(r"[a-z][a-z0-9_]*\Z")


@dataclass(frozen=True)
class World:
    """What does not change during a game."""

    mission: Mission
    seed: int
    dice: tuple[int, ...]
    options: Options = Options()

    @property
    def mission_id(self) -> str:
        return self.mission.info.id

    @property
    def kills_to_win(self) -> int:
        return self.mission.info.kills_to_win


def parse_seats(value: object) -> list[tuple[str, str]]:
    """(seat id, kind) in turn order from a list or a comma string of
    `KIND` or `NAME:KIND` entries; RuleError `bad_seats` otherwise."""
    if isinstance(value, str):
        entries = [part.strip() for part in value.split(",")]
    elif isinstance(value, (list, tuple)) and all(isinstance(v, str) for v in value):
        entries = [v.strip() for v in value]
    else:
        raise RuleError("bad_seats", "seats are a list or a comma string such as human,bot")
    if not 2 <= len(entries) <= 6:
        raise RuleError("bad_seats", f"outbreak seats 2 to 6 players, not {len(entries)}")
    seats = []
    for position, entry in enumerate(entries, 1):
        name, _, kind = entry.rpartition(":")
        if kind not in SEAT_KINDS:
            raise RuleError(
                "bad_seats", f"seat {position} ({entry!r}): the kind is human or bot, as in ann:bot"
            )
        if ":" in entry and not _NAME.match(name):
            raise RuleError(
                "bad_seats",
                f"seat {position}: a name is lower-case letters, digits and _, "
                f"starting with a letter, not {name!r}",
            )
        seats.append((name or f"p{position}", kind))
    ids = [sid for sid, _ in seats]
    twice = sorted({sid for sid in ids if ids.count(sid) > 1})
    if twice:
        raise RuleError("bad_seats", f"two seats share the name {twice[0]!r}")
    return seats


def board(state: State) -> Board:
    return board_of(state.tiles)


def fight_bonus(seat: Seat) -> int:
    return sum(content.event(e).fight_bonus for e in seat.effects)


def no_fights(seat: Seat) -> bool:
    return any(content.event(e).no_fights for e in seat.effects)


def move_bonus(seat: Seat) -> int:
    return sum(content.event(e).moves for e in seat.effects)


def discard_required(world: World, state: State) -> bool:
    """Seed step 23 (option discard=mandatory): a turn ends with one card
    put back into the event deck, when the hand holds one."""
    return world.options.discard == "mandatory" and bool(state.current.hand)


def from_current(state: State) -> list[Seat]:
    """The seats in turn order, starting with the current one."""
    n = len(state.seats)
    return [state.seats[(state.turn + i) % n] for i in range(n)]


def placer_of(state: State, tid: str) -> str:
    """Who places a drawn tile: the current seat; a `last` tile (the Helipad)
    the seat with the fewest kills, ties to the current seat, then the next
    in turn order (OB-8)."""
    if not content.tile(tid).last:
        return state.current.id
    return min(from_current(state), key=lambda s: s.kills).id


def winner(world: World, state: State) -> tuple[str, str] | None:
    """(seat, helipad|kills) when someone has just won (OB-8); the current
    seat first, then turn order."""
    order = from_current(state)
    pad = state.helipad
    if pad is not None and pad not in state.zombies:
        for s in order:
            if s.cell == pad:
                return s.id, "helipad"
    for s in order:
        if s.kills >= world.kills_to_win:
            return s.id, "kills"
    return None
