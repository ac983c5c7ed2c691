"""Siege commands: what a player or the zombie AI asks for (DESIGN-siege
"Commands"). Cells are [x, y]."""

from __future__ import annotations

from typing import Union

import msgspec

Cell = tuple[int, int]


class Command(msgspec.Struct, frozen=True, tag_field="type", forbid_unknown_fields=True):
    pass


class Move(Command, tag="move"):
    human: str
    path: tuple[Cell, ...]


class Attack(Command, tag="attack"):
    human: str
    weapon: str  # a carried weapon id, or "hands"
    at: Cell


class Aim(Command, tag="aim"):
    human: str


class Search(Command, tag="search"):
    human: str
    at: Cell


class Carry(Command, tag="carry"):
    human: str
    target: str


class Trade(Command, tag="trade"):
    human: str
    to: str
    items: tuple[str, ...]


class Drop(Command, tag="drop"):
    human: str
    items: tuple[str, ...]


class PickUp(Command, tag="pick_up"):
    human: str
    items: tuple[str, ...]


class Use(Command, tag="use"):
    human: str
    item: str
    target: str | None = None


class Barricade(Command, tag="barricade"):
    human: str
    at: Cell


class Unbarricade(Command, tag="unbarricade"):
    human: str
    at: Cell


class OpenDoor(Command, tag="open_door"):
    human: str
    at: Cell


class CloseDoor(Command, tag="close_door"):
    human: str
    at: Cell


class EndTurn(Command, tag="end_turn"):
    human: str
    set_down: Cell | None = None


class Choose(Command, tag="choose"):
    option: str


class ZombieMove(Command, tag="zombie_move"):
    zombie: str
    to: Cell


class ZombieAttack(Command, tag="zombie_attack"):
    zombie: str
    human: str


class ZombieBreak(Command, tag="zombie_break"):
    zombie: str
    at: Cell


class EndZombieTurn(Command, tag="end_zombie_turn"):
    pass


HUMAN_COMMANDS = (
    Move,
    Attack,
    Aim,
    Search,
    Carry,
    Trade,
    Drop,
    PickUp,
    Use,
    Barricade,
    Unbarricade,
    OpenDoor,
    CloseDoor,
    EndTurn,
)
ZOMBIE_COMMANDS = (ZombieMove, ZombieAttack, ZombieBreak, EndZombieTurn)

SiegeCommand = Union[  # noqa: UP007 (msgspec needs a real Union of Struct types)
    Move,
    Attack,
    Aim,
    Search,
    Carry,
    Trade,
    Drop,
    PickUp,
    Use,
    Barricade,
    Unbarricade,
    OpenDoor,
    CloseDoor,
    EndTurn,
    Choose,
    ZombieMove,
    ZombieAttack,
    ZombieBreak,
    EndZombieTurn,
]
