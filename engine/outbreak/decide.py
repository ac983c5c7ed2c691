"""decide: an Outbreak command becomes events, or a RuleError (K-5).

The turn's steps (OB-4) that need no one's decision run inside the command
that reaches them: after the tile, the fight in the seat's cell, the draw
back to three events and the movement die; after the movement, the zombie
die. A fight roll that falls short waits for `choose` (OB-6)."""

from __future__ import annotations

from engine.core.errors import RuleError
from engine.core.geometry import manhattan
from engine.outbreak import commands as cmd
from engine.outbreak import content
from engine.outbreak import events as ev
from engine.outbreak.board import ROADS, building_order, exit_cells, reading, tile_cells
from engine.outbreak.cards import play_event
from engine.outbreak.evolve import kills_lost
from engine.outbreak.fight import fight, kill, take_token
from engine.outbreak.rules import World, discard_required, move_bonus, no_fights, placer_of
from engine.outbreak.state import Cell, State
from engine.outbreak.turn import Over, Turn


def run(world: World, state: State, command: cmd.Command) -> tuple[list[ev.Event], State]:
    if state.phase == "over":
        raise RuleError("game_over", f"the game is over ({state.outcome})")
    if command.seat is not None and command.seat != state.to_act:
        raise RuleError("not_your_turn", f"it is {state.to_act}'s turn to act, not {command.seat}")
    if state.pending is not None and not isinstance(command, cmd.Choose):
        p = state.pending
        raise RuleError(
            "decision_pending",
            f"{p.seat} rolled {p.total} in a fight and must first choose: {', '.join(p.options)}",
        )
    t = Turn(world, state)
    try:
        _HANDLERS[type(command)](t, command)
    except Over:
        pass
    return t.events, t.state


def _phase(t: Turn, *phases: str) -> None:
    if t.state.phase not in phases:
        want = " or ".join(phases)
        raise RuleError(
            "wrong_phase", f"that belongs to the {want} step; the turn is at {t.state.phase}"
        )


# -- step 1 and 2: the event card, the tile -------------------------------------
def _play_event(t: Turn, c: cmd.PlayEvent) -> None:
    _phase(t, "event")
    if t.state.event_played:
        raise RuleError("already_played", "one event card a turn, and this turn's is played")
    play_event(t, c)


def _draw_tile(t: Turn, c: cmd.DrawTile) -> None:
    _phase(t, "event")
    me = t.current.id
    if t.state.map_closed or not t.state.tile_pile:
        reason = "map_closed" if t.state.map_closed else "pile_empty"
        t.emit(ev.NoTileDrawn(seat=me, reason=reason))
        if t.state.map_closed:
            _the_dead_keep_coming(t)
        _fight_step(t)
        return
    tid = t.state.tile_pile[0]
    t.emit(ev.TileDrawn(seat=me, tile=tid, placer=placer_of(t.state, tid)))
    if not t.board.placements(tid):
        t.emit(ev.TileLost(tile=tid))
        _fight_step(t)


def _the_dead_keep_coming(t: Turn) -> None:
    """House (OB-3): in a closed town the tile step brings zombies instead,
    onto Town Square's first free road cells in reading order, so that the
    race to the kills can still be won."""
    square = t.state.tiles[0].at
    free = [c for c in t.board.road_cells(square) if c not in t.state.zombies]
    for cell in free[: content.CLOSED_TOWN_ZOMBIES]:
        t.emit(ev.ZombiePlaced(cell=cell))


def _place_tile(t: Turn, c: cmd.PlaceTile) -> None:
    _phase(t, "tile")
    tid = t.state.drawn_tile
    assert tid is not None
    why = t.board.placement_error(tid, c.at, c.rotation)
    if why is not None:
        raise RuleError(*why)
    spec = content.tile(tid)
    if spec.building:
        if c.zombies is not None:
            raise RuleError("bad_zombies", "a building's zombies fill its rooms from the door")
        rooms = building_order(tid, c.at, c.rotation)
        zombies = rooms[: spec.zombies]
        kinds = ["bullet"] * spec.bullets + ["life"] * spec.lives
        tokens = list(zip(rooms, kinds, strict=False))
    else:
        exits = exit_cells(tid, c.at, c.rotation)
        zombies = exits if c.zombies is None else _chosen_zombies(tid, c, len(exits))
        tokens = []
    t.emit(ev.TilePlaced(seat=t.state.to_act, tile=tid, at=c.at, rotation=c.rotation))
    for cell in sorted(zombies, key=reading):
        t.emit(ev.ZombiePlaced(cell=cell))
    for cell, kind in tokens:
        t.emit(ev.TokenPlaced(cell=cell, kind=kind))
    if not t.state.map_closed and t.board.closed():
        left = len(t.state.tile_pile)
        t.emit(ev.MapClosed(tiles_left=left))
        if left:  # OB-3: who closes the map while tiles are left loses the rest of the turn
            t.emit(ev.TurnLost(seat=t.current.id))
            _end_turn(t)
            return
    _fight_step(t)


def _chosen_zombies(tid: str, c: cmd.PlaceTile, exits: int) -> list[Cell]:
    roads = {cell for cell, k in tile_cells(tid, c.at, c.rotation).items() if k in ROADS}
    chosen = [tuple(z) for z in c.zombies or ()]
    if len(chosen) != exits or len(set(chosen)) != exits or not set(chosen) <= roads:
        raise RuleError(
            "bad_zombies",
            f"name {exits} different road cells of the new tile for its zombies",
        )
    return chosen


# -- steps 3 to 5: the fight in your cell, the draw, the movement die --------------
def _fight_step(t: Turn) -> None:
    me = t.current
    if me.cell in t.state.zombies and not no_fights(me):
        if not fight(t, me.id, me.cell):
            return  # waits for `choose`
    _draw_step(t)


def _draw_step(t: Turn) -> None:
    me = t.current
    t.draw_events(me.id, content.HAND - len(me.hand))
    _movement_step(t)


def _movement_step(t: Turn) -> None:
    me = t.current
    if me.life == 0:  # died in the fight of step 3: no movement (OB-7)
        _zombie_step(t)
        return
    cramp = [e for e in me.effects if content.event(e).no_move_die]
    if cramp:
        t.emit(ev.MovementWithoutDie(seat=me.id, moves=move_bonus(me)))
        for e in cramp:
            t.emit(ev.EffectEnded(seat=me.id, effect=e, by=me.sources.get(e, "")))
    else:
        die = t.roll()
        t.emit(ev.MovementRolled(seat=me.id, die=die, moves=die + move_bonus(me)))


def _choose(t: Turn, c: cmd.Choose) -> None:
    p = t.state.pending
    if p is None:
        raise RuleError("no_decision", "there is no decision to make")
    if c.option not in p.options:
        raise RuleError("bad_choice", f"choose one of: {', '.join(p.options)}")
    t.emit(ev.DecisionMade(seat=p.seat, option=c.option))
    if c.option == "bullets":
        t.emit(ev.BulletsSpent(seat=p.seat, amount=content.WIN_ROLL - p.total))
        kill(t, p.seat, p.cell)
    else:
        t.emit(ev.LifeLost(seat=p.seat))
        s = t.seat(p.seat)
        if s.life <= 0:
            t.emit(ev.FigureDied(seat=s.id, kills_lost=kills_lost(s.kills)))
            if t.state.phase == "move":  # the zombie die is rolled at once
                _zombie_step(t)
                return
        elif not fight(t, p.seat, p.cell):
            return
    if t.state.phase == "fight":
        _draw_step(t)


# -- step 5: movement -------------------------------------------------------------
def _move(t: Turn, c: cmd.Move) -> None:
    _phase(t, "move")
    me = t.current
    to = tuple(c.to)
    if t.state.moves_left <= 0:
        raise RuleError("no_moves", "no moves are left this turn")
    if manhattan(me.cell, to) != 1:
        raise RuleError("not_adjacent", f"{list(to)} is not one orthogonal step away")
    if not t.board.connected(me.cell, to):
        raise RuleError("blocked", f"no road or doorway leads from {list(me.cell)} to {list(to)}")
    t.emit(ev.FigureMoved(seat=me.id, from_=me.cell, to=to))
    if to in t.state.zombies:
        if not no_fights(me):
            fight(t, me.id, to)
    else:
        take_token(t, me.id, to)


def _end_move(t: Turn, c: cmd.EndMove) -> None:
    _phase(t, "move")
    t.emit(ev.MovementEnded(seat=t.current.id))
    _zombie_step(t)


# -- step 6 and 7: zombies, discard --------------------------------------------------
def _zombie_step(t: Turn) -> None:
    t.emit(ev.ZombieDieRolled(seat=t.current.id, die=t.roll()))


def _move_zombie(t: Turn, c: cmd.MoveZombie) -> None:
    _phase(t, "zombies")
    a, b = tuple(c.from_), tuple(c.to)
    if t.state.zombie_moves_left <= 0:
        raise RuleError("no_zombie_moves", "no zombie moves are left this turn")
    if a not in t.state.zombies:
        raise RuleError("no_zombie", f"there is no zombie at {list(a)}")
    if a in t.state.moved_zombies:
        raise RuleError("already_moved", f"the zombie at {list(a)} has moved this turn")
    if manhattan(a, b) != 1:
        raise RuleError("not_adjacent", f"{list(b)} is not one orthogonal step from {list(a)}")
    if not t.board.connected(a, b):
        raise RuleError("blocked", f"no road or doorway leads from {list(a)} to {list(b)}")
    if b in t.state.zombies:
        raise RuleError("occupied", f"a zombie already stands at {list(b)}")
    t.emit(ev.ZombieMoved(from_=a, to=b, by=t.current.id))


def _end_turn_command(t: Turn, c: cmd.EndTurn) -> None:
    _phase(t, "zombies")
    me = t.current
    mandatory = discard_required(t.world, t.state)
    if c.discard is None and mandatory:
        raise RuleError(
            "discard_required",
            "a turn ends with one event card put back into the event deck (discard=mandatory)",
        )
    if c.discard is not None:
        if c.discard not in content.events():
            raise RuleError("unknown_card", f"there is no event card {c.discard!r}")
        if c.discard not in me.hand:
            raise RuleError("not_in_hand", f"{me.id} holds no {c.discard}")
        if t.world.options.discard == "mandatory":  # seed step 23: back into the deck
            t.emit(ev.EventReturned(seat=me.id, card=c.discard))
        else:
            t.emit(ev.EventDiscarded(seat=me.id, card=c.discard))
    _end_turn(t)


def _end_turn(t: Turn) -> None:
    me = t.current
    for e in me.effects:
        if content.event(e).lasts == "turn":
            t.emit(ev.EffectEnded(seat=me.id, effect=e, by=me.sources.get(e, "")))
    t.emit(ev.TurnEnded(seat=me.id))
    nxt = (t.state.turn + 1) % len(t.state.seats)
    if nxt == t.state.first:
        limit = t.world.mission.info.round_limit
        if limit and t.state.round >= limit:
            t.emit(ev.GameLost(reason="round_limit"))
        t.emit(ev.RoundStarted(round=t.state.round + 1))
    seat = t.state.seats[nxt]
    t.emit(ev.TurnStarted(seat=seat.id, round=t.state.round))
    if seat.life == 0:
        t.emit(ev.FigureRevived(seat=seat.id))


_HANDLERS = {
    cmd.PlayEvent: _play_event,
    cmd.DrawTile: _draw_tile,
    cmd.PlaceTile: _place_tile,
    cmd.Choose: _choose,
    cmd.Move: _move,
    cmd.EndMove: _end_move,
    cmd.MoveZombie: _move_zombie,
    cmd.EndTurn: _end_turn_command,
}

__all__ = ["run", "Over"]
