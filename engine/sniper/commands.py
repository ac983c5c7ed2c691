"""Sniper commands (DESIGN-sniper "Turn and commands"): what a player asks for.

Cells arrive as [x, y] lists from JSON and as tuples from Python: both
convert to tuples."""

from __future__ import annotations

from typing import Annotated, Union

import msgspec

from engine.core.limits import Few, Word

Cell = tuple[int, int]


class Command(msgspec.Struct, frozen=True, tag_field="type", forbid_unknown_fields=True):
    pass


# -- the sniper -----------------------------------------------------------------
class Move(Command, tag="move"):
    path: Annotated[tuple[Cell, ...], Few]


class Shoot(Command, tag="shoot"):
    target: Word
    suppressed: bool = False


class Use(Command, tag="use"):
    card: Word
    at: Cell | None = None
    target: Word | None = None


class TakeAmmo(Command, tag="take_ammo"):
    pass


class Sabotage(Command, tag="sabotage"):
    feature: Word


class Hide(Command, tag="hide"):
    pass


# -- the commander ------------------------------------------------------------------
class Order(Command, tag="order"):
    unit: Word
    to: Cell


class PlayEvent(Command, tag="event"):
    card: Word
    at: Cell | None = None


# -- either side: whoever is to act ---------------------------------------------------
class EndTurn(Command, tag="end_turn"):
    pass


SNIPER_COMMANDS = (Move, Shoot, Use, TakeAmmo, Sabotage, Hide)
COMMANDER_COMMANDS = (Order, PlayEvent)

SniperCommand = Union[  # noqa: UP007 (msgspec needs a real Union of Struct types)
    Move, Shoot, Use, TakeAmmo, Sabotage, Hide, Order, PlayEvent, EndTurn
]
