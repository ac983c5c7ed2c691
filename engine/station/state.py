"""Station state: frozen data, updated with msgspec.structs.replace.

Dict fields are never changed in place: evolve builds new dicts."""

from __future__ import annotations

import msgspec


class Card(msgspec.Struct, frozen=True, array_like=True, gc=False):
    """A card a survivor carries or that lies on a floor; ammo for ranged weapons."""

    id: str
    ammo: int = 0


class Survivor(msgspec.Struct, frozen=True):
    id: str
    zone: str
    wounds: int = 0
    xp: int = 0
    skills: tuple[str, ...] = ()
    picks: int = 0  # skills chosen at orange and red (ST-7.1)
    hand: tuple[Card, ...] = ()  # at most 2
    backpack: tuple[Card, ...] = ()  # at most 3
    alive: bool = True
    used: int = 0  # actions spent this turn
    stims: int = 0  # stims used this turn (+1 action each)
    searched: bool = False  # ST-3.4: once per round
    medic_used: bool = False
    lucky_used: bool = False
    kills: int = 0


class Attack(msgspec.Struct, frozen=True):
    """An attack waiting on a `lucky` re-roll decision."""

    survivor: str
    weapon: str  # card id, or "" for bare hands
    slot: int  # hand slot of the weapon, -1 for bare hands
    zone: str
    ranged: bool
    hit: int
    dice: tuple[int, ...]
    targets: tuple[str, ...] = ()


class Stray(msgspec.Struct, frozen=True, array_like=True, gc=False):
    """`count` runners or dogs now in `zone` that began this phase in `start` (ST-5.2)."""

    zone: str
    kind: str
    start: str
    count: int


class Pending(msgspec.Struct, frozen=True):
    """A decision the next command must answer (`choose`)."""

    kind: str  # lucky | scavenger | skill
    survivor: str
    options: tuple[str, ...]
    attack: Attack | None = None
    cards: tuple[Card, ...] = ()


class State(msgspec.Struct, frozen=True):
    survivors: tuple[Survivor, ...]
    zombies: dict[str, dict[str, int]]
    doors: dict[str, str]  # open | closed | locked
    dark: tuple[str, ...]
    floor: dict[str, tuple[Card, ...]]
    objectives: tuple[str, ...]  # zones holding an objective token
    equipment: tuple[str, ...] = ()  # draw pile, top first
    equipment_discard: tuple[str, ...] = ()
    search: tuple[str, ...] = ()
    search_discard: tuple[str, ...] = ()
    zombie_deck: tuple[str, ...] = ()
    zombie_discard: tuple[str, ...] = ()
    noise: dict[str, int] = {}
    marker: str | None = None
    round: int = 1
    phase: str = "players"  # players | zombies (only inside the command that runs it) | over
    outcome: str | None = None
    lost_reason: str = ""
    active: str | None = None
    done: tuple[str, ...] = ()
    first: int = 0  # seat of the first player this round
    pending: Pending | None = None
    dice_used: int = 0
    shuffles: int = 0
    kills: int = 0
    objectives_taken: int = 0
    absorbed: tuple[str, ...] = ()  # "survivor:source" wounds ignored this zombie phase
    strays: tuple[Stray, ...] = ()  # runners and dogs away from their phase-start zone

    def strays_in(self, zone: str, kind: str) -> list[Stray]:
        return [g for g in self.strays if g.zone == zone and g.kind == kind]

    def survivor(self, sid: str) -> Survivor | None:
        for s in self.survivors:
            if s.id == sid:
                return s
        return None

    def zombie_count(self) -> int:
        return sum(n for kinds in self.zombies.values() for n in kinds.values())

    def zombies_in(self, zone: str) -> int:
        return sum(self.zombies.get(zone, {}).values())

    def living(self) -> list[Survivor]:
        return [s for s in self.survivors if s.alive]

    def open_doors(self) -> frozenset[str]:
        return frozenset(d for d, st in self.doors.items() if st == "open")
