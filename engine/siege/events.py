"""Siege events: facts that happened, one each, past tense, short stable tags.

Every chance outcome (dice, drawn cards, shuffles) is written into the event
that carries it, so replay never rolls again (K-1); those events reveal
hidden information (K-6 honest undo stops at them)."""

from __future__ import annotations

from typing import Union

import msgspec

from engine.siege.state import Pending

Cell = tuple[int, int]


class Event(msgspec.Struct, frozen=True, tag_field="type", omit_defaults=True, gc=False):
    reveals = False


# -- setup and flow -------------------------------------------------------------
class DeckShuffled(Event, tag="deck_shuffled"):
    reveals = True
    order: tuple[str, ...]


class TurnStarted(Event, tag="turn_started"):
    human: str


class TurnEnded(Event, tag="turn_ended"):
    human: str


class ActionsSpent(Event, tag="actions_spent"):
    human: str
    count: int


class ActionLost(Event, tag="action_lost"):
    """A melee oops: one more action gone (SI-8)."""

    human: str


class DecisionPending(Event, tag="decision_pending"):
    pending: Pending


class RerollKept(Event, tag="reroll_kept"):
    human: str


class RoundStarted(Event, tag="round_started"):
    round: int


class GameWon(Event, tag="game_won"):
    pass


class GameLost(Event, tag="game_lost"):
    reason: str  # all_dead | turn_limit


# -- movement (SI-2..SI-4) ------------------------------------------------------------
class HumanMoved(Event, tag="human_moved"):
    human: str
    to: Cell
    cost: int


class PassRolled(Event, tag="pass_rolled"):
    reveals = True
    human: str
    zombie: str
    die: int


class HumanPassed(Event, tag="human_passed"):
    human: str
    zombie: str
    to: Cell  # the cell beyond the zombie
    cost: int


class HumanLifted(Event, tag="human_lifted"):
    human: str
    target: str


class HumanSetDown(Event, tag="human_set_down"):
    human: str  # the carrier
    target: str
    at: Cell


# -- lives -------------------------------------------------------------------------
class LifeLost(Event, tag="life_lost"):
    human: str
    cause: str  # a zombie id, or "blast"


class LifeGained(Event, tag="life_gained"):
    human: str


class HumanDied(Event, tag="human_died"):
    human: str
    at: Cell


# -- items (SI-5, SI-6) -----------------------------------------------------------------
class ItemsGiven(Event, tag="items_given"):
    human: str
    to: str
    slots: tuple[int, ...]
    items: tuple[str, ...]


class ItemsDropped(Event, tag="items_dropped"):
    human: str
    at: Cell
    slots: tuple[int, ...]
    items: tuple[str, ...]


class ItemsPickedUp(Event, tag="items_picked_up"):
    human: str
    at: Cell
    places: tuple[int, ...]  # places in the floor pile
    items: tuple[str, ...]


class ItemUsed(Event, tag="item_used"):
    reveals = True
    human: str
    item: str
    dice: tuple[int, ...]
    worked: bool
    reroll: bool = False


class ItemSpent(Event, tag="item_spent"):
    human: str
    item: str
    slot: int


class ItemBroke(Event, tag="item_broke"):
    human: str
    item: str
    slot: int


class FirearmEmptied(Event, tag="firearm_emptied"):
    human: str
    item: str
    slot: int


class FirearmReloaded(Event, tag="firearm_reloaded"):
    human: str
    item: str
    slot: int


# -- attacks (SI-8, SI-9) -----------------------------------------------------------------
class Aimed(Event, tag="aimed"):
    human: str


class AimLost(Event, tag="aim_lost"):
    human: str


class AttackRolled(Event, tag="attack_rolled"):
    reveals = True
    human: str
    weapon: str  # item id or "hands"
    at: Cell
    dice: tuple[int, ...]
    result: str  # head | body | miss | oops | kill (hands) | worked | failed (thrown)
    aim: int = 0
    club: bool = False
    reroll: bool = False


class ZombieKilled(Event, tag="zombie_killed"):
    zombie: str
    at: Cell
    by: str  # the human credited


class ZombiePushed(Event, tag="zombie_pushed"):
    zombie: str
    to: Cell


class NoiseMade(Event, tag="noise_made"):
    at: Cell


class Blasted(Event, tag="blasted"):
    at: Cell
    radius: int
    by: str


class TerrainDestroyed(Event, tag="terrain_destroyed"):
    at: Cell  # now rubble


class BarricadeDestroyed(Event, tag="barricade_destroyed"):
    at: Cell


# -- search, doors, barricades (SI-10, SI-11) ---------------------------------------------
class SpotSearched(Event, tag="spot_searched"):
    human: str
    at: Cell  # the spot, or the car's first cell


class ItemFound(Event, tag="item_found"):
    reveals = True
    human: str
    item: str


class NothingFound(Event, tag="nothing_found"):
    human: str


class DoorOpened(Event, tag="door_opened"):
    human: str
    at: Cell


class DoorClosed(Event, tag="door_closed"):
    human: str
    at: Cell


class BarricadeBuilt(Event, tag="barricade_built"):
    human: str
    at: Cell


class BarricadeRemoved(Event, tag="barricade_removed"):
    human: str
    at: Cell


# -- the zombie turn (SI-12) ----------------------------------------------------------------
class ZombieTurnStarted(Event, tag="zombie_turn_started"):
    pass


class ZombieMoved(Event, tag="zombie_moved"):
    zombie: str
    to: Cell


class ZombieAttacked(Event, tag="zombie_attacked"):
    reveals = True
    zombie: str
    human: str
    die: int


class BreakRolled(Event, tag="break_rolled"):
    reveals = True
    zombie: str
    at: Cell
    die: int


class DoorBroken(Event, tag="door_broken"):
    at: Cell  # now rubble


class BarricadeBroken(Event, tag="barricade_broken"):
    at: Cell


class ZombieTurnEnded(Event, tag="zombie_turn_ended"):
    pass


class SpawnRolled(Event, tag="spawn_rolled"):
    reveals = True
    at: Cell
    die: int


class ZombieSpawned(Event, tag="zombie_spawned"):
    zombie: str
    at: Cell


class NoiseCleared(Event, tag="noise_cleared"):
    pass


SiegeEvent = Union[  # noqa: UP007 (msgspec needs a real Union of Struct types)
    DeckShuffled,
    TurnStarted,
    TurnEnded,
    ActionsSpent,
    ActionLost,
    DecisionPending,
    RerollKept,
    RoundStarted,
    GameWon,
    GameLost,
    HumanMoved,
    PassRolled,
    HumanPassed,
    HumanLifted,
    HumanSetDown,
    LifeLost,
    LifeGained,
    HumanDied,
    ItemsGiven,
    ItemsDropped,
    ItemsPickedUp,
    ItemUsed,
    ItemSpent,
    ItemBroke,
    FirearmEmptied,
    FirearmReloaded,
    Aimed,
    AimLost,
    AttackRolled,
    ZombieKilled,
    ZombiePushed,
    NoiseMade,
    Blasted,
    TerrainDestroyed,
    BarricadeDestroyed,
    SpotSearched,
    ItemFound,
    NothingFound,
    DoorOpened,
    DoorClosed,
    BarricadeBuilt,
    BarricadeRemoved,
    ZombieTurnStarted,
    ZombieMoved,
    ZombieAttacked,
    BreakRolled,
    DoorBroken,
    BarricadeBroken,
    ZombieTurnEnded,
    SpawnRolled,
    ZombieSpawned,
    NoiseCleared,
]
