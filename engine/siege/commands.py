"""Siege commands: what a player or the zombie AI asks for (DESIGN-siege
"Commands"). Cells are [x, y]."""

from __future__ import annotations

from typing import Annotated, Union

import msgspec

from engine.core.limits import Few, Word

Cell = tuple[int, int]


class Command(msgspec.Struct, frozen=True, tag_field="type", forbid_unknown_fields=True):
    pass


class Move(Command, tag="move"):
    human: Word
    path: Annotated[tuple[Cell, ...], Few]


class Attack(Command, tag="attack"):
    human: Word
    weapon: Word  # a carried weapon id, or "hands"
    at: Cell


class Aim(Command, tag="aim"):
    human: Word


class Search(Command, tag="search"):
    human: Word
    at: Cell


class Carry(Command, tag="carry"):
    human: Word
    target: Word


class Trade(Command, tag="trade"):
    human: Word
    to: Word
    items: Annotated[tuple[Word, ...], Few]


class Drop(Command, tag="drop"):
    human: Word
    items: Annotated[tuple[Word, ...], Few]


class PickUp(Command, tag="pick_up"):
    human: Word
    items: Annotated[tuple[Word, ...], Few]


class Use(Command, tag="use"):
    human: Word
    item: Word
    target: Word | None = None


class Barricade(Command, tag="barricade"):
    human: Word
    at: Cell


class Unbarricade(Command, tag="unbarricade"):
    human: Word
    at: Cell


class OpenDoor(Command, tag="open_door"):
    human: Word
    at: Cell


class CloseDoor(Command, tag="close_door"):
    human: Word
    at: Cell


class EndTurn(Command, tag="end_turn"):
    human: Word
    set_down: Cell | None = None


class Choose(Command, tag="choose"):
    option: Word


class ZombieMove(Command, tag="zombie_move"):
    zombie: Word
    to: Cell


class ZombieAttack(Command, tag="zombie_attack"):
    zombie: Word
    human: Word


class ZombieBreak(Command, tag="zombie_break"):
    zombie: Word
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
