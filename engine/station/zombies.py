"""The zombie phase: activation (ST-5), spawn (ST-6), end of round (ST-2.3)."""

from __future__ import annotations

from engine.station import events as ev
from engine.station.content import ZOMBIE_KINDS
from engine.station.effects import check_lost, check_won, spawn_card, zombie_wounds
from engine.station.rules import World, zone_noise
from engine.station.state import State
from engine.station.turn import Turn

# (zone, kind, zone it started the phase in) -> count
Groups = dict[tuple[str, str, str], int]


def target(world: World, state: State, zone: str) -> str | None:
    """ST-5.3: where the zombies of a zone go, or None to stay still."""
    doors = state.open_doors()
    board = world.board
    dist = board.distances(zone, doors)
    order = board.order
    seen = [
        z
        for z in {s.zone for s in state.survivors if s.alive}
        if z in dist and board.sees(zone, z, doors)
    ]
    if seen:
        return min(seen, key=lambda z: (-zone_noise(state, z), dist[z], order[z]))
    if state.marker is not None and state.marker in dist:
        return state.marker
    hearing = world.mission.info.hearing
    heard = [z for z, n in state.noise.items() if n > 0 and dist.get(z, hearing + 1) <= hearing]
    if heard:
        return min(heard, key=lambda z: (-state.noise[z], dist[z], order[z]))
    return None


def _path(world: World, state: State, zone: str, goal: str, steps: int) -> tuple[str, ...]:
    """Up to `steps` zones toward goal; entering a zone with survivors ends it."""
    doors = state.open_doors()
    path = [zone]
    occupied = {s.zone for s in state.survivors if s.alive}
    while len(path) <= steps:
        nxt = world.board.step_toward(path[-1], goal, doors)
        if nxt is None:
            break
        path.append(nxt)
        if nxt in occupied:
            break
    return tuple(path)


def _act(t: Turn, groups: Groups, acting: list[tuple[str, str, str]], no_return: bool) -> None:
    """One activation step for the listed groups, planned from the step's start."""
    state = t.state
    occupied = {s.zone for s in state.survivors if s.alive}
    targets: dict[str, str | None] = {}
    plan = []
    for key in acting:
        zone, kind, start = key
        count = groups.get(key, 0)
        if not count:
            continue
        if zone in occupied:
            plan.append(("attack", key, count, ()))
            continue
        if zone not in targets:
            targets[zone] = target(t.world, state, zone)
        goal = targets[zone]
        if goal is None or goal == zone:
            continue
        path = _path(t.world, state, zone, goal, 2 if kind == "jumper" else 1)
        if len(path) < 2 or (no_return and path[-1] == start):
            continue  # ST-5.2: runners and dogs may not end a move where they began
        plan.append(("move", key, count, path))
    for action, key, count, path in plan:
        if t.over:
            return
        zone, kind, start = key
        if action == "attack":
            t.emit(ev.ZombiesAttacked(zone=zone, kind=kind, count=count))
            zombie_wounds(t, zone, count)
        else:
            t.emit(ev.ZombiesMoved(kind=kind, count=count, path=path))
            groups[key] -= count
            dest = (path[-1], kind, start)
            groups[dest] = groups.get(dest, 0) + count


def _groups(state: State, world: World) -> Groups:
    order = world.board.order
    groups: Groups = {}
    for zone in sorted(state.zombies, key=order.__getitem__):
        for kind in ZOMBIE_KINDS:
            n = state.zombies[zone].get(kind, 0)
            if n:
                groups[(zone, kind, zone)] = n
    return groups


def _ordered(groups: Groups, world: World, kinds: tuple[str, ...]) -> list[tuple[str, str, str]]:
    order = world.board.order
    keys = [k for k, n in groups.items() if n and k[1] in kinds]
    return sorted(keys, key=lambda k: (order[k[0]], ZOMBIE_KINDS.index(k[1]), order[k[2]]))


def zombie_phase(t: Turn) -> None:
    """ST-2.2: activation, spawn, end of round; all in the triggering command."""
    t.emit(ev.ZombiePhaseStarted(round=t.state.round))
    groups = _groups(t.state, t.world)
    _act(t, groups, _ordered(groups, t.world, ZOMBIE_KINDS), no_return=False)
    if not t.over:
        _act(t, groups, _ordered(groups, t.world, ("runner", "dog")), no_return=True)
    if not t.over:
        _act(t, groups, _ordered(groups, t.world, ("dog",)), no_return=True)
    for zone in t.world.spawns:
        if t.over:
            return
        spawn_card(t, zone)
    if t.over:
        return
    check_lost(t)
    check_won(t)
    if t.over:
        return
    ended = t.state.round
    t.emit(ev.RoundEnded(round=ended))
    limit = t.world.mission.info.round_limit
    if limit and ended >= limit and not t.over:
        t.emit(ev.GameLost(reason=f"round {limit} ended without a win"))


def runners_act(t: Turn) -> None:
    """ST-6.2 extra activation: every runner on the board takes one action now."""
    groups = _groups(t.state, t.world)
    _act(t, groups, _ordered(groups, t.world, ("runner",)), no_return=False)


def immediate_action(t: Turn, zone: str) -> None:
    """ST-3.5: every zombie in the zone behind an opened door acts once."""
    groups = {k: n for k, n in _groups(t.state, t.world).items() if k[0] == zone}
    _act(t, groups, _ordered(groups, t.world, ZOMBIE_KINDS), no_return=False)
