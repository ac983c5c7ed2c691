"""Sniper state: frozen data, updated with msgspec.structs.replace.

Dict fields are never changed in place: evolve builds new dicts."""

from __future__ import annotations

import msgspec

Cell = tuple[int, int]


class Unit(msgspec.Struct, frozen=True):
    id: str
    kind: str
    at: Cell
    health: int
    alive: bool = True
    alert: Cell | None = None  # the cell of the newest noise or alarm it heard
    moved: bool = False  # ordered this commander turn
    patrol: tuple[Cell, ...] = ()
    waypoint: int = 0  # the route index it heads for
    fired: bool = False  # fired at once this sniper turn (clarification 3)


class Sniper(msgspec.Struct, frozen=True):
    at: Cell
    health: int
    ammo: int
    hand: tuple[str, ...] = ()
    objectives: tuple[str, ...] = ()
    crates_used: int = 0
    moves_left: int = 4
    moved: bool = False  # entered a cell this turn
    actions: int = 0  # actions taken this turn
    first_action: str = ""  # shoot lets one more action follow (clarification 1)
    shots: int = 0  # shots this turn
    loud_shots: int = 0  # shots this turn that made a noise
    spotted: bool = False
    camo_ready: bool = False  # the next open cell he enters is cover
    camo_at: Cell | None = None  # the open cell his camouflage covers while he stays
    far_sight: bool = False  # binoculars raised this turn


class Sighting(msgspec.Struct, frozen=True, array_like=True):
    """Where and when the sniper last saw a unit."""

    kind: str
    at: Cell
    turn: int


class LastKnown(msgspec.Struct, frozen=True):
    at: Cell
    turn: int


class Noise(msgspec.Struct, frozen=True):
    at: Cell
    kind: str  # shot | blast | explosion | decoy
    radius: int | None  # None: the whole map
    heard: bool  # reached a unit: the commander knows of it


class Smoke(msgspec.Struct, frozen=True):
    at: Cell
    until: int  # the last turn it lasts
    radius: int = 1


class Played(msgspec.Struct, frozen=True):
    turn: int
    card: str
    at: Cell | None = None


class State(msgspec.Struct, frozen=True):
    sniper: Sniper
    units: tuple[Unit, ...]  # in id order (s, o, v, d), arrivals slotted in
    features: dict[str, str]  # radio etc: intact | destroyed; documents: there | taken
    turn: int = 1
    phase: str = "move"  # move | action | commander | over
    outcome: str | None = None
    lost_reason: str = ""
    last_known: LastKnown | None = None
    kills: dict[str, int] = {}
    objectives_deck: tuple[str, ...] = ()
    equipment_deck: tuple[str, ...] = ()
    equipment_discard: tuple[str, ...] = ()
    shots_deck: tuple[str, ...] = ()
    shots_discard: tuple[str, ...] = ()
    events_deck: tuple[str, ...] = ()
    events_discard: tuple[str, ...] = ()
    commander_hand: tuple[str, ...] = ()
    events_played: tuple[Played, ...] = ()
    event_played: bool = False  # the commander played his event this turn
    rain_until: int | None = None
    smoke: tuple[Smoke, ...] = ()
    masked_turn: int = 0  # the turn whose shots a bombardment masks
    noises: tuple[Noise, ...] = ()  # this turn's
    memory: dict[str, Sighting] = {}  # what the sniper saw last of each unit
    done: tuple[str, ...] = ()  # objectives of his that hold
    dice_used: int = 0
    shuffles: int = 0

    @property
    def active(self) -> str | None:
        if self.phase == "over":
            return None
        return "commander" if self.phase == "commander" else "sniper"

    def unit(self, uid: str) -> Unit | None:
        for u in self.units:
            if u.id == uid:
                return u
        return None

    def living(self) -> list[Unit]:
        return [u for u in self.units if u.alive]

    def unit_at(self, cell: Cell) -> Unit | None:
        for u in self.units:
            if u.alive and u.at == cell:
                return u
        return None

    def raining(self) -> bool:
        return self.rain_until is not None and self.turn <= self.rain_until

    def smoke_cells(self) -> frozenset[Cell]:
        return frozenset(
            (s.at[0] + dx, s.at[1] + dy)
            for s in self.smoke
            for dx in range(-s.radius, s.radius + 1)
            for dy in range(-s.radius, s.radius + 1)
        )
