"""Station commands: what a player asks for (DESIGN.md "Station commands")."""

from __future__ import annotations

from typing import Annotated, Union

import msgspec

from engine.core.limits import Few, Word


class Command(msgspec.Struct, frozen=True, tag_field="type", forbid_unknown_fields=True):
    pass


class Move(Command, tag="move"):
    survivor: Word
    to: Word


class Melee(Command, tag="melee"):
    survivor: Word
    weapon: Word | None = None
    targets: Annotated[list[Word], Few] | None = None


class Ranged(Command, tag="ranged"):
    survivor: Word
    zone: Word
    weapon: Word | None = None
    targets: Annotated[list[Word], Few] | None = None


class Search(Command, tag="search"):
    survivor: Word


class OpenDoor(Command, tag="open_door"):
    survivor: Word
    door: Word


class Arrangement(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    hand: Annotated[list[Word], Few] = []
    backpack: Annotated[list[Word], Few] = []


class Manage(Command, tag="manage"):
    survivor: Word
    hand: Annotated[list[Word], Few]
    backpack: Annotated[list[Word], Few]
    others: Annotated[dict[Word, Arrangement], Few] | None = None


class Use(Command, tag="use"):
    survivor: Word
    card: Word
    target: Word | None = None


class Skill(Command, tag="skill"):
    survivor: Word
    skill: Word
    target: Word | None = None


class TakeObjective(Command, tag="take_objective"):
    survivor: Word


class EndTurn(Command, tag="end_turn"):
    survivor: Word


class Choose(Command, tag="choose"):
    option: Word


StationCommand = Union[  # noqa: UP007 (msgspec needs a real Union of Struct types)
    Move, Melee, Ranged, Search, OpenDoor, Manage, Use, Skill, TakeObjective, EndTurn, Choose
]
