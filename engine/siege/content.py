"""Siege content as data (RULES SI-A), read from engine/content/siege/*.toml.

Rules look humans and items up by id and read their fields; they never
branch on an id."""

from __future__ import annotations

import tomllib
from functools import cache
from importlib import resources

import msgspec

SIZES = {"small": 1, "large": 2, "none": 0}
KINDS = ("melee", "firearm", "thrown", "item")
EFFECTS = ("", "heal", "reload", "barricade", "car_keys")
CARRY_UNITS = 4  # SI-5: what a human carries without overload


class ItemSpec(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    name: str
    size: str
    kind: str
    head: tuple[int, ...] = ()
    body: tuple[int, ...] = ()
    oops: tuple[int, ...] = ()
    range: int = 0
    burst: int = 1
    club_head: tuple[int, ...] = ()
    club_body: tuple[int, ...] = ()
    success: tuple[int, ...] = ()
    blast: int = 0
    single_use: bool = False
    breaks_on_oops: bool = False
    effect: str = ""
    unbarricade: int = 0

    @property
    def units(self) -> int:
        return SIZES[self.size]

    @property
    def weapon(self) -> bool:
        return self.kind in ("melee", "firearm", "thrown")


class HumanSpec(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    name: str
    actions: int
    lives: int
    starts_with: str
    preferred: str
    barricade_cost: int = 2


def _read(name: str) -> dict:
    return tomllib.loads(resources.files("engine.content.siege").joinpath(name).read_text("utf-8"))


@cache
def items() -> dict[str, ItemSpec]:
    found = msgspec.convert(_read("items.toml"), dict[str, ItemSpec])
    for iid, spec in found.items():
        if spec.size not in SIZES or spec.kind not in KINDS or spec.effect not in EFFECTS:
            raise ValueError(f"items.toml: {iid} has an unknown size, kind or effect")
    return found


def item(item_id: str) -> ItemSpec:
    return items()[item_id]


@cache
def humans() -> dict[str, HumanSpec]:
    found = msgspec.convert(_read("humans.toml"), dict[str, HumanSpec])
    for hid, spec in found.items():
        if spec.starts_with not in items() or spec.preferred not in items():
            raise ValueError(f"humans.toml: {hid} starts with an unknown item")
    return found


@cache
def search_deck() -> tuple[str, ...]:
    """The 20 search cards in file order (shuffled at setup, K-4)."""
    counts = msgspec.convert(_read("decks.toml")["search"], dict[str, int])
    return tuple(iid for iid, n in counts.items() for _ in range(n) if iid in items())


def name(any_id: str) -> str:
    """How players know a human or an item: Cop, Nail board."""
    if any_id in humans():
        return humans()[any_id].name
    if any_id in items():
        return items()[any_id].name
    return any_id
