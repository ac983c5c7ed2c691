"""Sniper commands (DESIGN-sniper "Turn and commands"): what a player asks for.

Cells arrive as [x, y] lists from JSON and as tuples from Python: both
convert to tuples."""

from __future__ import annotations

from typing import Union

import msgspec

Cell = tuple[int, int]


class Command(msgspec.Struct, frozen=True, tag_field="type", forbid_unknown_fields=True):
    pass


# -- the sniper -----------------------------------------------------------------
class Move(Command, tag="move"):
    path: tuple[Cell, ...]


class Shoot(Command, tag="shoot"):
    target: str
    suppressed: bool = False


class Use(Command, tag="use"):
    card: str
    at: Cell | None = None
    target: str | None = None


class TakeAmmo(Command, tag="take_ammo"):
    pass


class Sabotage(Command, tag="sabotage"):
    feature: str


class Hide(Command, tag="hide"):
    pass


# -- the commander ------------------------------------------------------------------
class Order(Command, tag="order"):
    unit: str
    to: Cell


class PlayEvent(Command, tag="event"):
    card: str
    at: Cell | None = None


# -- either side: whoever is to act ---------------------------------------------------
class EndTurn(Command, tag="end_turn"):
    pass


SNIPER_COMMANDS = (Move, Shoot, Use, TakeAmmo, Sabotage, Hide)
COMMANDER_COMMANDS = (Order, PlayEvent)

SniperCommand = Union[  # noqa: UP007 (msgspec needs a real Union of Struct types)
    Move, Shoot, Use, TakeAmmo, Sabotage, Hide, Order, PlayEvent, EndTurn
]
