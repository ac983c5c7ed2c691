"""Sniper events: facts that happened, past tense, with short stable tags.

Every chance outcome (dice, drawn cards, shuffles) is written into the event
that carries it, so replay never draws again (K-1). Events that show what a
side could not know are marked `reveals` (K-6 honest undo stops there): the
sniper seeing a unit, being spotted, a drawn card, a die, and everything the
commander's turn does."""

from __future__ import annotations

from typing import Union

import msgspec

Cell = tuple[int, int]


class Event(msgspec.Struct, frozen=True, tag_field="type", omit_defaults=True, gc=False):
    reveals = False


# -- setup -----------------------------------------------------------------------
class DeckShuffled(Event, tag="deck_shuffled"):
    deck: str  # objectives | equipment | shots | events
    order: tuple[str, ...]


class ObjectivesDealt(Event, tag="objectives_dealt"):
    cards: tuple[str, ...]


class EquipmentDrawn(Event, tag="equipment_drawn"):
    cards: tuple[str, ...]


# -- what the sniper sees and what sees him -----------------------------------------------
class UnitSighted(Event, tag="unit_sighted"):
    reveals = True
    unit: str
    kind: str
    at: Cell
    turn: int


class SniperSpotted(Event, tag="sniper_spotted"):
    reveals = True
    at: Cell
    cause: str  # sight | smell | shot | contact | searchlight
    by: str = ""  # the unit, when one did


class SniperTracked(Event, tag="sniper_tracked"):
    """Spotted, he moved on in view: the last known position follows him."""

    at: Cell


class SniperBumped(Event, tag="sniper_bumped"):
    reveals = True
    unit: str
    at: Cell  # the unit's cell he could not enter


# -- the sniper's turn --------------------------------------------------------------
class SniperStepped(Event, tag="sniper_stepped"):
    to: Cell


class FeatureTaken(Event, tag="feature_taken"):
    feature: str


class CamouflageWorn(Event, tag="camouflage_worn"):
    at: Cell


class CamouflageDropped(Event, tag="camouflage_dropped"):
    pass


class ActionTaken(Event, tag="action_taken"):
    action: str  # shoot | use | take_ammo | sabotage | hide


class ShotFired(Event, tag="shot_fired"):
    target: str
    suppressed: bool = False
    masked: bool = False


class ShotCardDrawn(Event, tag="shot_card_drawn"):
    reveals = True
    card: str


class UnitHit(Event, tag="unit_hit"):
    unit: str
    damage: int
    cause: str  # a shot card id, an equipment or event card id


class UnitKilled(Event, tag="unit_killed"):
    unit: str
    kind: str
    witnessed: bool = False  # the sniper knows it fell


class NoiseMade(Event, tag="noise_made"):
    at: Cell
    kind: str  # shot | blast | explosion | decoy
    radius: int | None  # None: the whole map
    heard: bool = False


class UnitAlerted(Event, tag="unit_alerted"):
    unit: str
    at: Cell


class CardUsed(Event, tag="card_used"):
    card: str
    kept: bool = False


class FarSightRaised(Event, tag="far_sight_raised"):
    pass


class FeatureWrecked(Event, tag="feature_wrecked"):
    feature: str


class SmokeLaid(Event, tag="smoke_laid"):
    at: Cell
    until: int
    radius: int = 1


class SniperHealed(Event, tag="sniper_healed"):
    amount: int


class AmmoRefilled(Event, tag="ammo_refilled"):
    ammo: int
    crate: bool = False


class CamouflageReadied(Event, tag="camouflage_readied"):
    pass


class SniperHid(Event, tag="sniper_hid"):
    pass


class SniperWounded(Event, tag="sniper_wounded"):
    damage: int
    cause: str  # a unit id, or the card that hurt him


class UnitFired(Event, tag="unit_fired"):
    reveals = True
    unit: str
    die: int
    damage: int
    at_once: bool = False  # during his turn (clarification 3)


class ObjectiveCompleted(Event, tag="objective_completed"):
    objective: str


class SniperTurnEnded(Event, tag="sniper_turn_ended"):
    pass


# -- the commander's turn -------------------------------------------------------------
class CommanderTurnBegan(Event, tag="commander_turn_began"):
    reveals = True


class EventCardDrawn(Event, tag="event_card_drawn"):
    reveals = True
    card: str


class UnitMoved(Event, tag="unit_moved"):
    reveals = True
    unit: str
    path: tuple[Cell, ...]  # cells entered, its new cell last
    ordered: bool = True  # False: moved by an event (roadblock)


class WaypointReached(Event, tag="waypoint_reached"):
    reveals = True
    unit: str
    waypoint: int  # the route index it heads for now


class AlertCleared(Event, tag="alert_cleared"):
    reveals = True
    unit: str


class EventPlayed(Event, tag="event_played"):
    reveals = True
    card: str
    at: Cell | None = None


class ShotsMasked(Event, tag="shots_masked"):
    reveals = True
    turn: int


class RainBegan(Event, tag="rain_began"):
    reveals = True
    until: int


class UnitArrived(Event, tag="unit_arrived"):
    reveals = True
    unit: str
    kind: str
    at: Cell


class SearchlightSwept(Event, tag="searchlight_swept"):
    reveals = True
    at: Cell
    radius: int


class SniperCaptured(Event, tag="sniper_captured"):
    reveals = True
    by: str


class CommanderTurnEnded(Event, tag="commander_turn_ended"):
    reveals = True


# -- flow -----------------------------------------------------------------------------
class TurnBegan(Event, tag="turn_began"):
    turn: int
    moves: int  # his moves this turn (4, rain 3)


class GameWon(Event, tag="game_won"):
    pass


class GameLost(Event, tag="game_lost"):
    reason: str  # killed | captured | time


SniperEvent = Union[  # noqa: UP007 (msgspec needs a real Union of Struct types)
    DeckShuffled,
    ObjectivesDealt,
    EquipmentDrawn,
    UnitSighted,
    SniperSpotted,
    SniperTracked,
    SniperBumped,
    SniperStepped,
    FeatureTaken,
    CamouflageWorn,
    CamouflageDropped,
    ActionTaken,
    ShotFired,
    ShotCardDrawn,
    UnitHit,
    UnitKilled,
    NoiseMade,
    UnitAlerted,
    CardUsed,
    FarSightRaised,
    FeatureWrecked,
    SmokeLaid,
    SniperHealed,
    AmmoRefilled,
    CamouflageReadied,
    SniperHid,
    SniperWounded,
    UnitFired,
    ObjectiveCompleted,
    SniperTurnEnded,
    CommanderTurnBegan,
    EventCardDrawn,
    UnitMoved,
    WaypointReached,
    AlertCleared,
    EventPlayed,
    ShotsMasked,
    RainBegan,
    UnitArrived,
    SearchlightSwept,
    SniperCaptured,
    CommanderTurnEnded,
    TurnBegan,
    GameWon,
    GameLost,
]
