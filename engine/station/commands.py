"""Station commands: what a player asks for (DESIGN.md "Station commands")."""

from __future__ import annotations

from typing import Union

import msgspec


class Command(msgspec.Struct, frozen=True, tag_field="type", forbid_unknown_fields=True):
    pass


class Move(Command, tag="move"):
    survivor: str
    to: str


class Melee(Command, tag="melee"):
    survivor: str
    weapon: str | None = None
    targets: list[str] | None = None


class Ranged(Command, tag="ranged"):
    survivor: str
    zone: str
    weapon: str | None = None
    targets: list[str] | None = None


class Search(Command, tag="search"):
    survivor: str


class OpenDoor(Command, tag="open_door"):
    survivor: str
    door: str


class Arrangement(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    hand: list[str] = []
    backpack: list[str] = []


class Manage(Command, tag="manage"):
    survivor: str
    hand: list[str]
    backpack: list[str]
    others: dict[str, Arrangement] | None = None


class Use(Command, tag="use"):
    survivor: str
    card: str
    target: str | None = None


class Skill(Command, tag="skill"):
    survivor: str
    skill: str
    target: str | None = None


class TakeObjective(Command, tag="take_objective"):
    survivor: str


class EndTurn(Command, tag="end_turn"):
    survivor: str


class Choose(Command, tag="choose"):
    option: str


StationCommand = Union[  # noqa: UP007 (msgspec needs a real Union of Struct types)
    Move, Melee, Ranged, Search, OpenDoor, Manage, Use, Skill, TakeObjective, EndTurn, Choose
]
