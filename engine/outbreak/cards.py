"""Event cards (OB-9): checking a card's targets and playing it. Every card
is read through its fields in events.toml; none is named here."""

from __future__ import annotations

from engine.core.errors import RuleError
from engine.outbreak import commands as cmd
from engine.outbreak import content
from engine.outbreak import events as ev
from engine.outbreak.board import Board, pos_of, reading
from engine.outbreak.content import SIDES, STEP, EventSpec
from engine.outbreak.fight import take_token
from engine.outbreak.rules import from_current
from engine.outbreak.state import Cell, State
from engine.outbreak.turn import Turn

DIRECTIONS = SIDES  # n, e, s, w: also the stampede's order of ties


def pushed_to(board: Board, state: State, sid: str, direction: str) -> Cell | None:
    """Where a detour takes a figure, or None when no connection leads there."""
    cell = state.seat(sid).cell
    dx, dy = STEP[direction]
    to = (cell[0] + dx, cell[1] + dy)
    return to if board.connected(cell, to) else None


def check_targets(board: Board, state: State, c: cmd.PlayEvent, spec: EventSpec) -> None:
    """RuleError `bad_target` for a missing, wrong or needless target."""
    me = state.current.id
    wants_seat = spec.target == "opponent"
    wants_tile = spec.target == "tile"
    if (c.target is not None) != wants_seat:
        raise RuleError("bad_target", _needs(c.card, spec))
    if (c.direction is not None) != spec.push:
        raise RuleError("bad_target", _needs(c.card, spec))
    if (c.tile is not None) != wants_tile:
        raise RuleError("bad_target", _needs(c.card, spec))
    if wants_seat and (c.target == me or state.seat(c.target) is None):
        raise RuleError("bad_target", f"{c.target!r} is not an opponent in this game")
    if spec.push and c.direction not in DIRECTIONS:
        raise RuleError("bad_target", "a direction is n, e, s or w")
    if wants_tile:
        pos = tuple(c.tile)
        if pos not in board.placed:
            raise RuleError("bad_target", f"no tile lies at {list(pos)}")
        if spec.zombie_on_tile and not zombies_on(state, pos):
            raise RuleError("bad_target", f"no zombie stands on the tile at {list(pos)}")


def _needs(card: str, spec: EventSpec) -> str:
    wants = {"opponent": "an opponent (target)", "tile": "a tile position (tile)"}.get(
        spec.target, "no target"
    )
    if spec.push:
        wants += " and a direction (n, e, s or w)"
    return f"{card} takes {wants}"


def zombies_on(state: State, pos: tuple[int, int]) -> list[Cell]:
    return [z for z in state.zombies if pos_of(z) == pos]


def play_event(t: Turn, c: cmd.PlayEvent) -> None:
    me = t.current
    if c.card not in content.events():
        raise RuleError("unknown_card", f"there is no event card {c.card!r}")
    if c.card not in me.hand:
        raise RuleError("not_in_hand", f"{me.id} holds no {c.card}")
    spec = content.event(c.card)
    board = t.board
    check_targets(board, t.state, c, spec)
    to = None
    if spec.push:
        to = pushed_to(board, t.state, c.target, c.direction)
        if to is None:
            raise RuleError("blocked", f"{c.target} cannot step {c.direction}: nothing leads there")
    t.emit(
        ev.EventPlayed(
            seat=me.id,
            card=c.card,
            target=c.target,
            direction=c.direction,
            tile=None if c.tile is None else tuple(c.tile),
        )
    )
    # who the card acts on: every seat from the player round (the table
    # deck's cards), the opponent it names, or the player
    seats = [s.id for s in from_current(t.state)] if spec.everyone else [c.target or me.id]
    if spec.lasts:
        for sid in seats:
            t.emit(ev.EffectGained(seat=sid, effect=c.card, count=max(1, spec.rolls), by=me.id))
    living = [sid for sid in seats if t.seat(sid).life > 0]  # a dead figure takes nothing
    for sid in living if spec.bullets else ():
        t.emit(ev.BulletsGained(seat=sid, amount=spec.bullets))
    for sid in living if spec.life else ():
        gain = spec.life
        if spec.life_max:
            gain = max(0, min(gain, spec.life_max - t.seat(sid).life))
        if gain:
            t.emit(ev.LifeGained(seat=sid, amount=gain))
    if spec.zombies:
        free = [cell for cell in board.road_cells(tuple(c.tile)) if cell not in t.state.zombies]
        for cell in free[: spec.zombies]:
            t.emit(ev.ZombiePlaced(cell=cell))
    if to is not None:
        t.emit(ev.FigurePushed(seat=c.target, to=to))
        take_token(t, c.target, to)
    if spec.stampede:
        stampede(t, tuple(c.tile))
    if spec.draw:
        t.draw_events(me.id, spec.draw)


def stampede(t: Turn, pos: tuple[int, int]) -> None:
    """The tile's zombies, in reading order, each step to a free cell one
    nearer (along connections) to the nearest figure; ties N, E, S, W."""
    board = t.board
    dist = board.distances(s.cell for s in t.state.seats)
    for z in sorted(zombies_on(t.state, pos), key=reading):
        d = dist.get(z)
        if not d:
            continue  # on a figure already, or no figure can be reached
        for side in DIRECTIONS:
            dx, dy = STEP[side]
            n = (z[0] + dx, z[1] + dy)
            if dist.get(n) == d - 1 and board.connected(z, n) and n not in t.state.zombies:
                t.emit(ev.ZombieMoved(from_=z, to=n))
                break
