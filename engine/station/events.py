"""Station events: facts that happened, past tense, with short stable tags.

Every chance outcome (dice, drawn cards, shuffles) is written into the event
that carries it, so replay never draws again (K-1)."""

from __future__ import annotations

from typing import Union

import msgspec

from engine.station.state import Card, Pending


class Event(msgspec.Struct, frozen=True, tag_field="type", omit_defaults=True, gc=False):
    reveals = False  # K-6 honest undo stops at events that show hidden information


class DeckShuffled(Event, tag="deck_shuffled"):
    deck: str  # equipment | search | zombie
    order: tuple[str, ...]


class Activated(Event, tag="activated"):
    survivor: str


class ActivationEnded(Event, tag="activation_ended"):
    survivor: str


class ActionSpent(Event, tag="action_spent"):
    survivor: str


class Moved(Event, tag="moved"):
    survivor: str
    path: tuple[str, ...]  # zones entered, destination last


class Rolled(Event, tag="rolled"):
    reveals = True
    survivor: str
    weapon: str  # card id, "" bare hands
    zone: str
    dice: tuple[int, ...]
    hit: int
    ranged: bool = False
    reroll: bool = False


class ZombiesKilled(Event, tag="zombies_killed"):
    survivor: str
    zone: str
    kinds: dict[str, int]


class XpGained(Event, tag="xp_gained"):
    survivor: str
    amount: int


class AmmoSpent(Event, tag="ammo_spent"):
    survivor: str
    slot: int


class Wounded(Event, tag="wounded"):
    survivor: str
    cause: str  # zombie | friendly_fire | trap | grenade


class WoundAbsorbed(Event, tag="wound_absorbed"):
    survivor: str
    source: str  # tough | vest


class Eliminated(Event, tag="eliminated"):
    survivor: str
    zone: str


class NoiseMade(Event, tag="noise_made"):
    zone: str
    amount: int = 1


class MarkerMoved(Event, tag="marker_moved"):
    zone: str


class DoorOpened(Event, tag="door_opened"):
    survivor: str
    door: str


class DoorsUnlocked(Event, tag="doors_unlocked"):
    doors: tuple[str, ...]


class ZonesRevealed(Event, tag="zones_revealed"):
    reveals = True
    zones: tuple[str, ...]


class ZombiesSpawned(Event, tag="zombies_spawned"):
    reveals = True
    zone: str
    card: str  # zombie card id, or a trap's name
    kinds: dict[str, int]
    extra: str = ""


class ZombiesMoved(Event, tag="zombies_moved"):
    kind: str
    count: int
    path: tuple[str, ...]  # from zone first, destination last


class ZombiesAttacked(Event, tag="zombies_attacked"):
    zone: str
    kind: str
    count: int


class Searched(Event, tag="searched"):
    reveals = True
    survivor: str
    card: str


class EquipmentDrawn(Event, tag="equipment_drawn"):
    reveals = True
    card: str


class ZombieCardDrawn(Event, tag="zombie_card_drawn"):
    reveals = True
    card: str


class CardGained(Event, tag="card_gained"):
    survivor: str
    card: Card
    place: str  # hand | backpack | floor


class CardDiscarded(Event, tag="card_discarded"):
    card: str


class Reloaded(Event, tag="reloaded"):
    survivor: str


class CardUsed(Event, tag="card_used"):
    survivor: str
    card: str
    place: str  # hand | backpack
    slot: int
    spent: bool  # a consumable leaves play


class Healed(Event, tag="healed"):
    survivor: str
    by: str


class StimTaken(Event, tag="stim_taken"):
    survivor: str


class SkillUsed(Event, tag="skill_used"):
    survivor: str
    skill: str


class GearArranged(Event, tag="gear_arranged"):
    zone: str
    hands: dict[str, tuple[Card, ...]]
    backpacks: dict[str, tuple[Card, ...]]
    floor: tuple[Card, ...]


class ObjectiveTaken(Event, tag="objective_taken"):
    survivor: str
    zone: str


class SkillGained(Event, tag="skill_gained"):
    survivor: str
    skill: str


class DecisionPending(Event, tag="decision_pending"):
    pending: Pending


class DecisionMade(Event, tag="decision_made"):
    option: str


class ZombiePhaseStarted(Event, tag="zombie_phase"):
    round: int


class RunnersActivated(Event, tag="runners_activated"):
    zone: str


class RoundEnded(Event, tag="round_ended"):
    round: int


class GameWon(Event, tag="game_won"):
    score: int


class GameLost(Event, tag="game_lost"):
    reason: str


StationEvent = Union[  # noqa: UP007
    DeckShuffled, Activated, ActivationEnded, ActionSpent, Moved, Rolled, ZombiesKilled,
    XpGained, AmmoSpent, Wounded, WoundAbsorbed, Eliminated, NoiseMade, MarkerMoved,
    DoorOpened, DoorsUnlocked, ZonesRevealed, ZombiesSpawned, ZombiesMoved, ZombiesAttacked,
    Searched, EquipmentDrawn, ZombieCardDrawn, CardGained, CardDiscarded, Reloaded, CardUsed,
    Healed, StimTaken, SkillUsed, GearArranged, ObjectiveTaken, SkillGained, DecisionPending,
    DecisionMade, ZombiePhaseStarted, RunnersActivated, RoundEnded, GameWon, GameLost,
]  # fmt: skip
