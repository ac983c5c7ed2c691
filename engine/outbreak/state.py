"""Outbreak state: frozen data, updated with msgspec.structs.replace.

Zombies and tokens are kept in reading order (y, then x); dict fields are
never changed in place: evolve builds new ones."""

from __future__ import annotations

import msgspec

from engine.outbreak.board import Cell, Placed
from engine.outbreak.content import START_BULLETS, START_LIFE

CENTRE: Cell = (1, 1)  # Town Square's centre: where figures start and return


class Seat(msgspec.Struct, frozen=True):
    id: str
    kind: str  # human | bot
    cell: Cell = CENTRE
    life: int = START_LIFE
    bullets: int = START_BULLETS
    kills: int = 0
    hand: tuple[str, ...] = ()
    effects: dict[str, int] = {}  # card -> count (chainsaw: rolls left)
    sources: dict[str, str] = {}  # effect card -> the seat who played it


class Token(msgspec.Struct, frozen=True, array_like=True):
    cell: Cell
    kind: str  # bullet | life


class Fight(msgspec.Struct, frozen=True):
    """A fight roll that fell short, waiting for `choose` (OB-6)."""

    seat: str
    cell: Cell
    roll: int
    total: int
    options: tuple[str, ...]


class State(msgspec.Struct, frozen=True):
    seats: tuple[Seat, ...]
    tiles: tuple[Placed, ...]
    zombies: tuple[Cell, ...] = ()
    tokens: tuple[Token, ...] = ()
    tile_pile: tuple[str, ...] = ()  # top first
    tiles_out: tuple[str, ...] = ()  # drawn with no legal place
    event_pile: tuple[str, ...] = ()
    event_discard: tuple[str, ...] = ()  # oldest first
    round: int = 1
    turn: int = 0  # index of the current seat
    first: int = 0  # index of the seat each round starts with (left of the dealer)
    dealer: str | None = None  # option dealer=random (OB-1)
    phase: str = "event"  # event | tile | fight | move | zombies | over
    placer: str | None = None  # who places the drawn tile
    drawn_tile: str | None = None
    pending: Fight | None = None
    event_played: bool = False
    moves_left: int = 0
    zombie_moves_left: int = 0
    moved_zombies: tuple[Cell, ...] = ()  # where this turn's moved zombies stand
    map_closed: bool = False
    helipad: Cell | None = None
    outcome: str | None = None
    winner: str | None = None
    win_reason: str | None = None
    dice_used: int = 0
    shuffles: int = 0

    @property
    def current(self) -> Seat:
        return self.seats[self.turn]

    @property
    def to_act(self) -> str | None:
        if self.phase == "over":
            return None
        if self.pending is not None:
            return self.pending.seat
        if self.phase == "tile" and self.placer is not None:
            return self.placer
        return self.current.id

    def seat(self, sid: str) -> Seat | None:
        for s in self.seats:
            if s.id == sid:
                return s
        return None

    def index(self, sid: str) -> int:
        return next(i for i, s in enumerate(self.seats) if s.id == sid)

    def token_at(self, cell: Cell) -> Token | None:
        for t in self.tokens:
            if t.cell == cell:
                return t
        return None
