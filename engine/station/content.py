"""Station content as data (RULES ST-A), read from engine/content/station/*.toml.

Rules look cards and survivors up by id and read their fields; they never
branch on an id."""

from __future__ import annotations

import tomllib
from functools import cache
from hashlib import sha256
from importlib import resources

import msgspec

LEVELS = ("blue", "yellow", "orange", "red")
ZOMBIE_KINDS = ("walker", "runner", "dog", "jumper", "armored")
TARGET_ORDER = ("walker", "dog", "runner", "jumper", "armored")  # ST-3.9
NO_RETURN = ("runner", "dog")  # ST-5.2: never end a move where they began the phase
SKILLS = (
    "silent_doors",
    "plus_1_melee_die",
    "plus_1_ranged_die",
    "plus_1_speed",
    "plus_1_action",
    "medic",
    "tough",
    "racket",
    "lucky",
    "sniper",
    "scavenger",
)
ACTIVE_SKILLS = ("racket", "medic")
SEARCH_CARDS = ("gear", "ammo", "trap_ambush", "trap_alarm", "trap_breach", "nothing")


class CardSpec(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    kind: str  # melee | ranged | item
    id: str = ""
    power: int = 0
    hit: int = 6
    range: tuple[int, int] = (0, 0)
    ammo: int = 0
    silent: bool = True
    lure: bool = False
    effect: str = ""
    target: str = ""
    reusable: bool = False
    passive: bool = False
    count: int = 0

    @property
    def is_weapon(self) -> bool:
        return self.kind in ("melee", "ranged")


class SurvivorSpec(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    name: str
    role: str
    speed: int
    melee: int
    ranged: int
    max_wounds: int
    starts_with: str
    skill: str
    orange: tuple[str, ...]
    red: tuple[str, ...]
    id: str = ""


class SpawnLine(msgspec.Struct, frozen=True):
    """One danger level's line of a zombie card (ST-6.1, ST-6.2)."""

    walker: int = 0
    runner: int = 0
    dog: int = 0
    jumper: int = 0
    armored: int = 0
    extra: str = ""

    def counts(self) -> dict[str, int]:
        return {k: getattr(self, k) for k in ZOMBIE_KINDS if getattr(self, k)}


class ZombieCard(msgspec.Struct, frozen=True):
    id: str
    blue: SpawnLine
    yellow: SpawnLine
    orange: SpawnLine
    red: SpawnLine

    def line(self, level: int) -> SpawnLine:
        return (self.blue, self.yellow, self.orange, self.red)[level - 1]


def _read(name: str) -> dict:
    text = resources.files("engine.content.station").joinpath(name).read_text("utf-8")
    return tomllib.loads(text)


@cache
def cards() -> dict[str, CardSpec]:
    raw = _read("cards.toml")
    return {cid: msgspec.convert({**spec, "id": cid}, CardSpec) for cid, spec in raw.items()}


@cache
def survivors() -> dict[str, SurvivorSpec]:
    raw = _read("survivors.toml")
    return {sid: msgspec.convert({**spec, "id": sid}, SurvivorSpec) for sid, spec in raw.items()}


class _Decks(msgspec.Struct):
    search: dict[str, int]
    zombie: list[dict]


@cache
def _decks() -> tuple[tuple[str, ...], dict[str, ZombieCard]]:
    raw = msgspec.convert(_read("decks.toml"), _Decks)
    search = tuple(card for card, n in raw.search.items() for _ in range(n))
    zombie: dict[str, ZombieCard] = {}
    for group in raw.zombie:
        first, last = group["ids"]
        lines = {lvl: msgspec.convert(group.get(lvl, {}), SpawnLine) for lvl in LEVELS}
        for n in range(first, last + 1):
            cid = f"z{n:02d}"
            zombie[cid] = ZombieCard(id=cid, **lines)
    return search, zombie


def search_deck() -> tuple[str, ...]:
    return _decks()[0]


def zombie_cards() -> dict[str, ZombieCard]:
    return _decks()[1]


def equipment_deck() -> tuple[str, ...]:
    return tuple(cid for cid, spec in cards().items() for _ in range(spec.count))


def card(card_id: str) -> CardSpec:
    return cards()[card_id]


def name(survivor_id: str) -> str:
    """A survivor's name for messages ("Vega"), the id itself when unknown."""
    spec = survivors().get(survivor_id)
    return spec.name if spec else survivor_id


def level_of(xp: int) -> int:
    """ST-7.1: 1 blue 0-6, 2 yellow 7-18, 3 orange 19-42, 4 red 43+."""
    if xp >= 43:
        return 4
    if xp >= 19:
        return 3
    if xp >= 7:
        return 2
    return 1


class EarlierMission(msgspec.Struct, frozen=True):
    """A text a shipped mission had before (earlier_missions.toml)."""

    mission: str
    zones: dict[str, str]  # zone ids renamed since: the id then -> the id now


class _Earlier(msgspec.Struct, forbid_unknown_fields=True):
    zones: dict[str, str] = {}
    versions: list[str] = []


@cache
def _earlier_versions() -> dict[str, EarlierMission]:
    raw = msgspec.convert(_read("earlier_missions.toml"), dict[str, _Earlier])
    return {
        digest: EarlierMission(mission_id, spec.zones)
        for mission_id, spec in raw.items()
        for digest in spec.versions
    }


def earlier_mission(text: str) -> EarlierMission | None:
    """The shipped mission `text` (a save's whole mission text) is an earlier
    version of, or None. A save plays on its own text; this only names it."""
    return _earlier_versions().get(sha256(text.encode("utf-8")).hexdigest())
