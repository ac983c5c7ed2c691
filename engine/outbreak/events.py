"""Outbreak events: facts that happened, past tense, one fact each.

Dice, drawn tiles and cards and shuffles are written into the event that
carries them, so replay never draws again (K-1); those events are marked
`reveals` and honest undo stops at them (K-6)."""

from __future__ import annotations

from typing import Union

import msgspec

from engine.outbreak.state import Cell, Fight


class Event(msgspec.Struct, frozen=True, tag_field="type", omit_defaults=True, gc=False):
    reveals = False


class DeckShuffled(Event, tag="deck_shuffled"):
    reveals = True
    deck: str  # tiles | events
    order: tuple[str, ...]


class DealerChosen(Event, tag="dealer_chosen"):
    """Option dealer=random (OB-1): the dealer, picked by a shuffle of the
    seats; the seat at their left (next in turn order) starts every round."""

    reveals = True
    seat: str


class TurnStarted(Event, tag="turn_started"):
    seat: str
    round: int


class FigureRevived(Event, tag="figure_revived"):
    """A figure that died starts its turn with fresh life and bullets (OB-7)."""

    seat: str


class EventPlayed(Event, tag="event_played"):
    seat: str
    card: str
    target: str | None = None
    direction: str | None = None
    tile: tuple[int, int] | None = None


class EffectGained(Event, tag="effect_gained"):
    seat: str
    effect: str  # the card id
    count: int = 1
    by: str = ""  # the seat who played the card


class EffectUsed(Event, tag="effect_used"):
    """One charge of a counted effect spent (a chainsaw's fight roll)."""

    seat: str
    effect: str


class EffectEnded(Event, tag="effect_ended"):
    seat: str
    effect: str
    by: str = ""  # the seat who played the card


class BulletsGained(Event, tag="bullets_gained"):
    seat: str
    amount: int


class LifeGained(Event, tag="life_gained"):
    seat: str
    amount: int


class ZombiePlaced(Event, tag="zombie_placed"):
    cell: Cell


class TokenPlaced(Event, tag="token_placed"):
    cell: Cell
    kind: str


class FigurePushed(Event, tag="figure_pushed"):
    """Detour: a figure stumbles one cell, fighting nothing."""

    seat: str
    to: Cell


class ZombieMoved(Event, tag="zombie_moved", rename={"from_": "from"}):
    from_: Cell
    to: Cell
    by: str = ""  # the seat whose zombie step this was; "" for a stampede


class EventDrawn(Event, tag="event_drawn"):
    reveals = True
    seat: str
    card: str


class EventDiscarded(Event, tag="event_discarded"):
    seat: str
    card: str


class EventReturned(Event, tag="event_returned"):
    """Option discard=mandatory (seed step 23): the turn's discard goes back
    under the event pile, face down."""

    seat: str
    card: str


class TileDrawn(Event, tag="tile_drawn"):
    reveals = True
    seat: str
    tile: str
    placer: str  # who places it (the Helipad: the seat with the fewest kills)


class NoTileDrawn(Event, tag="no_tile_drawn"):
    seat: str
    reason: str  # pile_empty | map_closed


class TileLost(Event, tag="tile_lost"):
    """The drawn tile has no legal place: out of the game (OB-3)."""

    tile: str


class TilePlaced(Event, tag="tile_placed"):
    seat: str
    tile: str
    at: tuple[int, int]
    rotation: int


class MapClosed(Event, tag="map_closed"):
    """No road edge faces an empty position any more: only kills can win now."""

    tiles_left: int


class TurnLost(Event, tag="turn_lost"):
    """Who closes the map while tiles are left loses the rest of the turn."""

    seat: str


class FightRolled(Event, tag="fight_rolled"):
    reveals = True
    seat: str
    cell: Cell
    die: int
    total: int  # die plus the seat's fight bonus


class ZombieKilled(Event, tag="zombie_killed"):
    seat: str
    cell: Cell


class TokenTaken(Event, tag="token_taken"):
    seat: str
    cell: Cell
    kind: str


class DecisionPending(Event, tag="decision_pending"):
    pending: Fight


class DecisionMade(Event, tag="decision_made"):
    seat: str
    option: str


class BulletsSpent(Event, tag="bullets_spent"):
    seat: str
    amount: int


class LifeLost(Event, tag="life_lost"):
    seat: str


class FigureDied(Event, tag="figure_died"):
    """Back to Town Square's centre, half the kills (rounded up) lost, effects gone."""

    seat: str
    kills_lost: int


class MovementRolled(Event, tag="movement_rolled"):
    reveals = True
    seat: str
    die: int
    moves: int  # the die plus bonuses


class MovementWithoutDie(Event, tag="movement_without_die"):
    """Brain cramp: no movement die this time; bonuses still count."""

    seat: str
    moves: int


class FigureMoved(Event, tag="figure_moved", rename={"from_": "from"}):
    seat: str
    from_: Cell
    to: Cell


class MovementEnded(Event, tag="movement_ended"):
    seat: str


class ZombieDieRolled(Event, tag="zombie_die_rolled"):
    reveals = True
    seat: str
    die: int


class TurnEnded(Event, tag="turn_ended"):
    seat: str


class RoundStarted(Event, tag="round_started"):
    round: int


class GameWon(Event, tag="game_won"):
    seat: str
    reason: str  # helipad | kills


class GameLost(Event, tag="game_lost"):
    reason: str  # round_limit


OutbreakEvent = Union[  # noqa: UP007
    DeckShuffled, TurnStarted, FigureRevived, EventPlayed, EffectGained, EffectUsed, EffectEnded,
    BulletsGained, LifeGained, ZombiePlaced, TokenPlaced, FigurePushed, ZombieMoved, EventDrawn,
    EventDiscarded, TileDrawn, NoTileDrawn, TileLost, TilePlaced, MapClosed, TurnLost, FightRolled,
    ZombieKilled, TokenTaken, DecisionPending, DecisionMade, BulletsSpent, LifeLost, FigureDied,
    MovementRolled, MovementWithoutDie, FigureMoved, MovementEnded, ZombieDieRolled, TurnEnded,
    RoundStarted, GameWon, GameLost, DealerChosen, EventReturned,
]  # fmt: skip
