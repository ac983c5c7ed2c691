"""The commander's turn (SN-9, SN-10, SN-11): the draw, his orders and his
event, and the end of the turn: capture, fire, the win, the turn limit.

The AI seat (commander="ai") is played here, inside the sniper's end_turn:
it reads the commander's view only and submits its commands one by one
as a person would; a refused one is skipped (DESIGN-sniper "Commander AI")."""

from __future__ import annotations

from engine.core.errors import RuleError
from engine.core.geometry import chebyshev
from engine.sniper import commands as cmd
from engine.sniper import content
from engine.sniper import events as ev
from engine.sniper.ai import commander_commands
from engine.sniper.board import near, neighbours
from engine.sniper.content import unit_name
from engine.sniper.effects import (
    blast,
    check_objectives,
    fire,
    observe,
    spot,
    watch,
)
from engine.sniper.mission import unit_id
from engine.sniper.rules import (
    World,
    entry_free,
    free_for_unit,
    passable,
    speed,
    unit_sight,
)
from engine.sniper.state import Cell, State, Unit
from engine.sniper.summary import commander_view
from engine.sniper.turn import Turn


def begin(t: Turn) -> None:
    """His turn opens: he draws an event card, then his units look around."""
    t.emit(ev.CommanderTurnBegan())
    card = t.top("events")
    if card is not None:
        t.emit(ev.EventCardDrawn(card=card))
    watch(t, at_once=False)
    if t.world.commander == "ai" and not t.over:
        _play_ai(t)


def _play_ai(t: Turn) -> None:
    for command in commander_commands(commander_view(t.world, t.state)):
        if t.over or t.state.phase != "commander":
            return
        mark = t.mark()
        try:
            handle(t, command)
        except RuleError:
            t.back_to(mark)
    if not t.over and t.state.phase == "commander":
        end(t)


def handle(t: Turn, command: cmd.Command) -> None:
    match command:
        case cmd.Order():
            order(t, command)
        case cmd.PlayEvent():
            play_event(t, command)
        case cmd.EndTurn():
            end(t)
            return
        case _:
            raise RuleError("not_your_turn", "the commander gives orders and plays events")
    if not t.over:
        # clarification 2: his units look (and dogs sniff) after each of his commands;
        # one that sees him exposed fires at once if it may (clarification 3)
        watch(t, at_once=True)
        observe(t)


# -- orders ---------------------------------------------------------------------------
def _living(state: State, uid: str) -> Unit:
    u = state.unit(uid)
    if u is None or not u.alive:
        raise RuleError("unknown_unit", f"he has no unit {uid!r} on the board")
    return u


def route(world: World, state: State, u: Unit, to: Cell, steps: int) -> list[Cell]:
    """Check a unit's move to `to` within `steps`; the shortest path's cells."""
    to = (to[0], to[1])
    if not free_for_unit(world, state, u.kind, to, u.id):
        raise RuleError("blocked", f"{unit_name(u.id)} cannot stop on {list(to)}")
    path = world.board.path(u.at, [to], passable(world, u.kind))
    if path is None:
        raise RuleError("unreachable", f"{unit_name(u.id)} has no way to {list(to)}")
    if len(path) > steps:
        raise RuleError(
            "too_far", f"{list(to)} is {len(path)} steps away; {unit_name(u.id)} moves {steps}"
        )
    return path


def order(t: Turn, c: cmd.Order) -> None:
    u = _living(t.state, c.unit)
    if u.moved:
        raise RuleError("already_moved", f"{unit_name(u.id)} has had its order this turn")
    path = route(t.world, t.state, u, c.to, speed(t.state, u.kind))
    walk(t, u, path, ordered=True)


def walk(t: Turn, u: Unit, path: list[Cell], ordered: bool) -> None:
    """A unit goes along its path; stepping into the sniper's cell it stops
    before and spots him (clarification 2)."""
    sniper = t.state.sniper.at
    entered: list[Cell] = []
    contact = False
    for cell in path:
        if cell == sniper:
            contact = True
            break
        entered.append(cell)
    while entered and t.state.unit_at(entered[-1]) not in (None, u):
        entered.pop()  # it may pass other units, not stop on them
    t.emit(ev.UnitMoved(unit=u.id, path=tuple(entered), ordered=ordered))
    if contact:
        spot(t, "contact", u.id)
    u = t.state.unit(u.id)
    if u.alert is not None and near(u.at, u.alert):
        t.emit(ev.AlertCleared(unit=u.id))
    if u.patrol and u.at == u.patrol[u.waypoint % len(u.patrol)]:
        t.emit(ev.WaypointReached(unit=u.id, waypoint=(u.waypoint + 1) % len(u.patrol)))


# -- events ---------------------------------------------------------------------------
def play_event(t: Turn, c: cmd.PlayEvent) -> None:
    state, world = t.state, t.world
    if c.card not in state.commander_hand:
        raise RuleError("no_event", f"the commander holds no {c.card} card")
    if state.event_played:
        raise RuleError("event_played", "he has played his event this turn")
    spec = content.event(c.card)
    at = None if c.at is None else (c.at[0], c.at[1])
    vehicle: Unit | None = None
    path: list[Cell] = []
    if spec.aim == "last_known":
        if state.last_known is None:
            raise RuleError("no_last_known", f"the {c.card} needs a last known position")
        at = state.last_known.at
    elif spec.aim == "entry":
        if at is None or not entry_free(world, state, at):
            raise RuleError("not_entry", "units enter on a free road cell on the map's edge")
    elif spec.aim == "cell":
        if at is None or not world.board.inside(at):
            raise RuleError("bad_target", f"the {c.card} needs a cell on the map")
    elif spec.aim == "road":
        if at is None:
            raise RuleError("bad_target", f"the {c.card} needs the vehicle's destination")
        vehicle = next((u for u in state.units if u.kind == spec.unit and u.alive), None)
        if vehicle is None:
            raise RuleError("unknown_unit", f"he has no {spec.unit} on the board")
        path = route(world, state, vehicle, at, spec.steps)
    else:
        at = None
    t.emit(ev.EventPlayed(card=c.card, at=at))
    _EVENT_EFFECTS[spec.effect](t, c.card, spec, at, vehicle, path)


def _bombard(t: Turn, card: str, spec, at: Cell, vehicle, path) -> None:
    blast(t, at, spec.radius, spec.damage, card, mine=False)
    if spec.masks and not t.over:
        t.emit(ev.ShotsMasked(turn=t.state.turn + 1))


def _alarm(t: Turn, card: str, spec, at: Cell, vehicle, path) -> None:
    for u in t.state.units:
        if u.alive:
            t.emit(ev.UnitAlerted(unit=u.id, at=at))


def _rain(t: Turn, card: str, spec, at, vehicle, path) -> None:
    t.emit(ev.RainBegan(until=t.state.turn + spec.lasts))


def _arrive(t: Turn, card: str, spec, at: Cell, vehicle, path) -> None:
    """Units arrive at `at`, then its first free neighbours in reading order,
    up to the kind's limit on the board."""
    kind = spec.unit
    limit = content.unit(kind).limit
    present = sum(1 for u in t.state.units if u.kind == kind and u.alive)
    number = spec.number if not limit else min(spec.number, max(0, limit - present))
    cells = [at] + neighbours(at)
    for cell in cells:
        if number <= 0:
            return
        if not free_for_unit(t.world, t.state, kind, cell):
            continue
        if cell == t.state.sniper.at:  # he stands there: they find him, not the cell
            spot(t, "contact")
            continue
        last = max((int(u.id[1:]) for u in t.state.units if u.kind == kind), default=0)
        t.emit(ev.UnitArrived(unit=unit_id(kind, last + 1), kind=kind, at=cell))
        number -= 1


def _search(t: Turn, card: str, spec, at: Cell, vehicle, path) -> None:
    t.emit(ev.SearchlightSwept(at=at, radius=spec.radius))
    if chebyshev(t.state.sniper.at, at) <= spec.radius:
        spot(t, "searchlight")


def _roadblock(t: Turn, card: str, spec, at: Cell, vehicle: Unit, path) -> None:
    walk(t, vehicle, path, ordered=False)


_EVENT_EFFECTS = {
    "bombard": _bombard,
    "alarm": _alarm,
    "rain": _rain,
    "arrive": _arrive,
    "search": _search,
    "roadblock": _roadblock,
}


# -- the end of the turn -----------------------------------------------------------------
def end(t: Turn) -> None:
    """Capture, then fire, then the win, then the turn limit (clarifications 4, 10)."""
    t.emit(ev.CommanderTurnEnded())
    state, world = t.state, t.world
    s = state.sniper
    if s.spotted:
        for u in state.units:
            if u.alive and content.unit(u.kind).captures and near(u.at, s.at):
                t.emit(ev.SniperCaptured(by=u.id))
                t.emit(ev.GameLost(reason="captured"))
                return
        smoke = state.smoke_cells()
        for u in list(state.units):
            if t.over:
                return
            reach = min(content.unit(u.kind).fire_range, unit_sight(state))  # range, in sight
            if (
                u.alive
                and reach > 0
                and chebyshev(u.at, s.at) <= reach
                and world.board.clear(u.at, s.at, smoke)
            ):
                fire(t, u, at_once=False)
        if t.over:
            return
    check_objectives(t)
    s = t.state.sniper
    objectives_done = all(o in t.state.done for o in s.objectives)
    if objectives_done and s.at in world.escapes and not s.moved:
        t.emit(ev.GameWon())
        return
    if t.state.turn >= world.turns:
        t.emit(ev.GameLost(reason="time"))
        return
    nxt = t.state.turn + 1
    raining = t.state.rain_until is not None and nxt <= t.state.rain_until
    n = content.numbers()
    t.emit(ev.TurnBegan(turn=nxt, moves=n.moves - (n.rain_slow if raining else 0)))
    observe(t)
