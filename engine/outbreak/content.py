"""Outbreak content as data (RULES OB-A): tiles and event cards, read from
engine/content/outbreak/*.toml. Rules read their fields, never their ids."""

from __future__ import annotations

import tomllib
from functools import cache
from importlib import resources

import msgspec

ROTATIONS = (0, 90, 180, 270)
SIDES = ("n", "e", "s", "w")
STEP = {"n": (0, -1), "e": (1, 0), "s": (0, 1), "w": (-1, 0)}
OPPOSITE = {"n": "s", "e": "w", "s": "n", "w": "e"}
KINDS = {".": "road", "H": "pad", "b": "building", "D": "door", "#": "wall"}
TOKEN_KINDS = ("bullet", "life")
START_LIFE = 3
START_BULLETS = 3
HAND = 3  # events drawn back up to (OB-4 step 4)
TILE_DECKS = ("standard", "dead_ends")  # the `tile_deck` option's values
EVENT_DECKS = ("standard", "table")  # the `event_deck` option's values
CLOSED_TOWN_ZOMBIES = 3  # a closed town's tile step: zombies onto Town Square (house)
WIN_ROLL = 4  # a fight total of 4 or more kills (OB-6)


class TileSpec(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    rows: tuple[str, str, str]
    count: int
    name: str = ""
    id: str = ""
    start: bool = False  # the tile the game begins with
    last: bool = False  # under the pile; placed by the seat with the fewest kills
    zombies: int = -1  # a building's zombies; -1: one on each road exit
    bullets: int = 0
    lives: int = 0
    decks: tuple[str, ...] = TILE_DECKS  # the tile decks it belongs to

    @property
    def building(self) -> bool:
        return self.zombies >= 0


class EventSpec(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    name: str
    text: str
    count: int
    id: str = ""
    lasts: str = ""  # "" (at once) | turn | death | rolls | movement
    rolls: int = 0
    fight_bonus: int = 0
    no_fights: bool = False
    moves: int = 0
    no_move_die: bool = False
    bullets: int = 0
    life: int = 0
    life_max: int = 0
    draw: int = 0
    target: str = ""  # "" | opponent | tile
    zombie_on_tile: bool = False
    zombies: int = 0
    push: bool = False
    stampede: bool = False
    everyone: bool = False  # the effect, bullets or lives go to every seat
    decks: tuple[str, ...] = EVENT_DECKS  # the event decks it belongs to


def _read(name: str) -> dict:
    path = resources.files("engine.content.outbreak").joinpath(name)
    return tomllib.loads(path.read_text("utf-8"))


@cache
def tiles() -> dict[str, TileSpec]:
    out = {}
    for tid, raw in _read("tiles.toml").items():
        spec = msgspec.convert({**raw, "id": tid}, TileSpec)
        if any(len(r) != 3 or set(r) - set(KINDS) for r in spec.rows):
            raise ValueError(f"tiles.toml: {tid} needs 3 rows of 3 cells from {''.join(KINDS)}")
        out[tid] = spec
    return out


@cache
def events() -> dict[str, EventSpec]:
    out = {}
    for cid, raw in _read("events.toml").items():
        out[cid] = msgspec.convert({**raw, "id": cid}, EventSpec)
    return out


def tile(tid: str) -> TileSpec:
    return tiles()[tid]


def event(cid: str) -> EventSpec:
    return events()[cid]


def start_tile() -> str:
    return next(t for t, s in tiles().items() if s.start)


def tile_deck(deck: str = "standard") -> tuple[tuple[str, ...], tuple[str, ...]]:
    """(the tiles shuffled into the pile, the tiles put under it) (OB-2)."""
    mixed, under = [], []
    for tid, spec in tiles().items():
        if not spec.start and deck in spec.decks:
            (under if spec.last else mixed).extend([tid] * spec.count)
    return tuple(mixed), tuple(under)


def event_deck(deck: str = "standard") -> tuple[str, ...]:
    return tuple(
        cid for cid, spec in events().items() if deck in spec.decks for _ in range(spec.count)
    )
