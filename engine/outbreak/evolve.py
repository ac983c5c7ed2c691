"""evolve: fold one event into the state. Pure and total: no checks, no dice."""

from __future__ import annotations

import math

from msgspec.structs import replace

from engine.outbreak import content
from engine.outbreak import events as ev
from engine.outbreak.board import Placed, board_of, reading
from engine.outbreak.state import CENTRE, State, Token


def _seat(state: State, sid: str, **changes) -> State:
    seats = tuple(replace(s, **changes) if s.id == sid else s for s in state.seats)
    return replace(state, seats=seats)


def _without(items: tuple, item) -> tuple:
    i = items.index(item)
    return items[:i] + items[i + 1 :]


def _zombies_with(zombies: tuple, cell) -> tuple:
    return tuple(sorted((*zombies, cell), key=reading))


def _drop(mapping: dict, key) -> dict:
    return {k: v for k, v in mapping.items() if k != key}


def kills_lost(kills: int) -> int:
    """OB-7: half the kills, rounded up."""
    return math.ceil(kills / 2)


def helipad_of(tiles: tuple[Placed, ...]):
    """The landing pad's cell, once a tile with one lies on the map."""
    for cell, kind in board_of(tiles).kinds.items():
        if kind == "pad":
            return cell
    return None


def evolve(world, state: State, event: ev.Event) -> State:
    match event:
        case ev.DeckShuffled(deck=deck, order=order):
            if deck == "tiles":
                state = replace(state, tile_pile=order)
            else:
                state = replace(state, event_pile=order, event_discard=())
            return replace(state, shuffles=state.shuffles + 1)
        case ev.TurnStarted(seat=sid):
            return replace(
                state,
                turn=state.index(sid),
                phase="event",
                event_played=False,
                moves_left=0,
                zombie_moves_left=0,
                moved_zombies=(),
                drawn_tile=None,
                placer=None,
            )
        case ev.FigureRevived(seat=sid):
            return _seat(state, sid, life=content.START_LIFE, bullets=content.START_BULLETS)
        case ev.EventPlayed(seat=sid, card=card):
            s = state.seat(sid)
            state = _seat(state, sid, hand=_without(s.hand, card))
            return replace(state, event_played=True, event_discard=(*state.event_discard, card))
        case ev.EffectGained(seat=sid, effect=effect, count=count, by=by):
            s = state.seat(sid)
            sources = {**s.sources, effect: by} if by else _drop(s.sources, effect)
            return _seat(state, sid, effects={**s.effects, effect: count}, sources=sources)
        case ev.EffectUsed(seat=sid, effect=effect):
            s = state.seat(sid)
            effects = dict(s.effects)
            effects[effect] -= 1
            if effects[effect] > 0:
                return _seat(state, sid, effects=effects)
            del effects[effect]
            return _seat(state, sid, effects=effects, sources=_drop(s.sources, effect))
        case ev.EffectEnded(seat=sid, effect=effect):
            s = state.seat(sid)
            return _seat(
                state, sid, effects=_drop(s.effects, effect), sources=_drop(s.sources, effect)
            )
        case ev.DealerChosen(seat=sid):
            first = (state.index(sid) + 1) % len(state.seats)
            return replace(state, dealer=sid, first=first, shuffles=state.shuffles + 1)
        case ev.EventReturned(seat=sid, card=card):
            s = state.seat(sid)
            state = _seat(state, sid, hand=_without(s.hand, card))
            return replace(state, event_pile=(*state.event_pile, card))
        case ev.BulletsGained(seat=sid, amount=n):
            return _seat(state, sid, bullets=state.seat(sid).bullets + n)
        case ev.LifeGained(seat=sid, amount=n):
            return _seat(state, sid, life=state.seat(sid).life + n)
        case ev.ZombiePlaced(cell=cell):
            return replace(state, zombies=_zombies_with(state.zombies, cell))
        case ev.TokenPlaced(cell=cell, kind=kind):
            tokens = sorted((*state.tokens, Token(cell, kind)), key=lambda t: reading(t.cell))
            return replace(state, tokens=tuple(tokens))
        case ev.FigurePushed(seat=sid, to=to):
            return _seat(state, sid, cell=to)
        case ev.ZombieMoved(from_=a, to=b, by=by):
            state = replace(state, zombies=_zombies_with(_without(state.zombies, a), b))
            if by:
                state = replace(
                    state,
                    zombie_moves_left=state.zombie_moves_left - 1,
                    moved_zombies=(*state.moved_zombies, b),
                )
            return state
        case ev.EventDrawn(seat=sid, card=card):
            s = state.seat(sid)
            state = _seat(state, sid, hand=(*s.hand, card))
            return replace(state, event_pile=state.event_pile[1:])
        case ev.EventDiscarded(seat=sid, card=card):
            s = state.seat(sid)
            state = _seat(state, sid, hand=_without(s.hand, card))
            return replace(state, event_discard=(*state.event_discard, card))
        case ev.TileDrawn(tile=tile, placer=placer):
            return replace(
                state, tile_pile=state.tile_pile[1:], drawn_tile=tile, placer=placer, phase="tile"
            )
        case ev.NoTileDrawn():
            return replace(state, phase="fight")
        case ev.TileLost(tile=tile):
            return replace(
                state,
                tiles_out=(*state.tiles_out, tile),
                drawn_tile=None,
                placer=None,
                phase="fight",
            )
        case ev.TilePlaced(tile=tile, at=at, rotation=rotation):
            tiles = (*state.tiles, Placed(tile, tuple(at), rotation))
            return replace(
                state,
                tiles=tiles,
                drawn_tile=None,
                placer=None,
                phase="fight",
                helipad=state.helipad or helipad_of(tiles),
            )
        case ev.MapClosed():
            return replace(state, map_closed=True)
        case ev.TurnLost():
            return state
        case ev.FightRolled():
            return replace(state, dice_used=state.dice_used + 1, pending=None)
        case ev.ZombieKilled(seat=sid, cell=cell):
            state = replace(state, zombies=_without(state.zombies, cell), pending=None)
            return _seat(state, sid, kills=state.seat(sid).kills + 1)
        case ev.TokenTaken(seat=sid, cell=cell, kind=kind):
            token = state.token_at(cell)
            state = replace(state, tokens=_without(state.tokens, token))
            s = state.seat(sid)
            if kind == "life":
                return _seat(state, sid, life=s.life + 1)
            return _seat(state, sid, bullets=s.bullets + 1)
        case ev.DecisionPending(pending=pending):
            return replace(state, pending=pending)
        case ev.DecisionMade():
            return replace(state, pending=None)
        case ev.BulletsSpent(seat=sid, amount=n):
            return _seat(state, sid, bullets=state.seat(sid).bullets - n)
        case ev.LifeLost(seat=sid):
            return _seat(state, sid, life=state.seat(sid).life - 1)
        case ev.FigureDied(seat=sid, kills_lost=lost):
            s = state.seat(sid)
            state = _seat(
                state, sid, cell=CENTRE, life=0, kills=s.kills - lost, effects={}, sources={}
            )
            return replace(state, moves_left=0)
        case ev.MovementRolled(die=die, moves=moves):
            return replace(state, dice_used=state.dice_used + 1, moves_left=moves, phase="move")
        case ev.MovementWithoutDie(moves=moves):
            return replace(state, moves_left=moves, phase="move")
        case ev.FigureMoved(seat=sid, to=to):
            state = _seat(state, sid, cell=to)
            return replace(state, moves_left=max(0, state.moves_left - 1))
        case ev.MovementEnded():
            return replace(state, moves_left=0)
        case ev.ZombieDieRolled(die=die):
            return replace(
                state, dice_used=state.dice_used + 1, zombie_moves_left=die, phase="zombies"
            )
        case ev.TurnEnded():
            return replace(state, zombie_moves_left=0, moved_zombies=())
        case ev.RoundStarted(round=n):
            return replace(state, round=n)
        case ev.GameWon(seat=sid, reason=reason):
            return replace(
                state, phase="over", outcome="won", winner=sid, win_reason=reason, pending=None
            )
        case ev.GameLost():
            return replace(state, phase="over", outcome="lost", pending=None)
    raise TypeError(f"not an outbreak event: {event!r}")
