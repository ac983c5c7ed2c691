"""Sniper content as data (RULES SN-A), read from engine/content/sniper/cards.toml.

Rules look cards, units and features up by id and read their fields; they
never branch on an id."""

from __future__ import annotations

import tomllib
from functools import cache
from importlib import resources

import msgspec

UNIT_ORDER = ("soldier", "officer", "vehicle", "dog")  # summary order (s, o, v, d)


class UnitSpec(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    glyph: str
    stands_on: str
    health: int
    speed: int
    fire_range: int = 0
    ground: str = "land"  # land | road
    captures: bool = False
    armoured: bool = False
    smell: int = 0
    limit: int = 0  # most on the board at once (0: no limit)
    on_map: bool = True  # may be drawn on the map by its glyph


class FeatureSpec(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    glyph: str
    sabotage: bool = False
    on_entry: bool = False
    noise: int = 0  # 0 none, -1 the whole map


class EquipmentSpec(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    count: int
    effect: str
    aim: str = "none"  # none | target | at | shot
    range: int = 0
    sight: bool = False  # `at` must be in his sight line
    radius: int = 0
    damage: int = 0
    noise: int = 0
    amount: int = 0
    lasts: int = 0
    kept: bool = False
    wrecks: tuple[str, ...] = ()


class ShotSpec(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    count: int
    damage: int
    pierces: bool = False


class EventSpec(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    count: int
    effect: str
    aim: str = "none"  # none | last_known | entry | cell | road
    radius: int = 0
    damage: int = 0
    masks: bool = False
    lasts: int = 0
    unit: str = ""
    number: int = 0
    steps: int = 0


class ObjectiveSpec(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    kind: str  # kill | feature | kills
    unit: str = ""
    feature: str = ""
    unit_kind: str = ""
    number: int = 0  # kills: how many of that kind


class Numbers(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    moves: int
    unit_sight: int
    rain_sight: int
    rain_slow: int
    sniper_sight: int
    rifle_range: int
    max_ammo: int
    crates: int
    shot_noise: int


class Content(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    rules: Numbers
    units: dict[str, UnitSpec]
    features: dict[str, FeatureSpec]
    equipment: dict[str, EquipmentSpec]
    shots: dict[str, ShotSpec]
    events: dict[str, EventSpec]
    objectives: dict[str, ObjectiveSpec]


@cache
def content() -> Content:
    text = resources.files("engine.content.sniper").joinpath("cards.toml").read_text("utf-8")
    return msgspec.convert(tomllib.loads(text), Content)


def numbers() -> Numbers:
    return content().rules


def unit(kind: str) -> UnitSpec:
    return content().units[kind]


def equipment(card: str) -> EquipmentSpec:
    return content().equipment[card]


def shot(card: str) -> ShotSpec:
    return content().shots[card]


def event(card: str) -> EventSpec:
    return content().events[card]


def objective(card: str) -> ObjectiveSpec:
    return content().objectives[card]


def feature_by_glyph() -> dict[str, str]:
    return {f.glyph: name for name, f in content().features.items()}


def unit_by_glyph() -> dict[str, str]:
    """Unit glyphs a map may draw."""
    return {u.glyph: kind for kind, u in content().units.items() if u.on_map}


def full_deck(table: str) -> tuple[str, ...]:
    """Every card of a deck in file order, each as many times as it counts
    (objectives: one of each)."""
    cards = getattr(content(), table)
    if table == "objectives":
        return tuple(cards)
    return tuple(card for card, spec in cards.items() for _ in range(spec.count))


def deck_less(table: str, taken: tuple[str, ...]) -> tuple[str, ...]:
    """The full deck less one copy of each card in `taken` (his starting hand)."""
    left = list(full_deck(table))
    for card in taken:
        if card in left:
            left.remove(card)
    return tuple(left)


def unit_name(uid: str) -> str:
    """How players name a unit: officer A for o1, soldier 3 for s3."""
    kinds = {spec.glyph: kind for kind, spec in content().units.items()}
    kind = kinds.get(uid[:1], "unit")
    number = uid[1:]
    if kind == "officer" and number.isdigit() and 1 <= int(number) <= 26:
        return f"officer {chr(64 + int(number))}"
    return f"{kind} {number}"
