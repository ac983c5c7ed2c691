"""Outbreak commands (DESIGN-outbreak "Commands"): what a seat asks for.

Every command may name its `seat`; a seat that is not the one to act is
refused (`not_your_turn`)."""

from __future__ import annotations

from typing import Annotated, Union

import msgspec

from engine.core.limits import Few, Word


class Command(
    msgspec.Struct, frozen=True, tag_field="type", forbid_unknown_fields=True, kw_only=True
):
    seat: Word | None = None


class PlayEvent(Command, tag="play_event"):
    card: Word
    target: Word | None = None  # an opponent's seat id
    direction: Word | None = None  # n | e | s | w
    tile: tuple[int, int] | None = None  # a tile position [tx, ty]


class DrawTile(Command, tag="draw_tile"):
    pass


class PlaceTile(Command, tag="place_tile"):
    at: tuple[int, int]
    rotation: int = 0
    zombies: Annotated[list[tuple[int, int]], Few] | None = None


class Choose(Command, tag="choose"):
    option: Word


class Move(Command, tag="move"):
    to: tuple[int, int]


class EndMove(Command, tag="end_move"):
    pass


class MoveZombie(Command, tag="move_zombie", rename={"from_": "from"}):
    from_: tuple[int, int]
    to: tuple[int, int]


class EndTurn(Command, tag="end_turn"):
    discard: Word | None = None


OutbreakCommand = Union[  # noqa: UP007 (msgspec needs a real Union of Struct types)
    PlayEvent, DrawTile, PlaceTile, Choose, Move, EndMove, MoveZombie, EndTurn
]
