"""The zombie phase: activation (ST-5), spawn (ST-6), end of round (ST-2.3)."""

from __future__ import annotations

from engine.station import content
from engine.station import events as ev
from engine.station.content import NO_RETURN, ZOMBIE_KINDS
from engine.station.effects import check_lost, check_won, spawn, zombie_wounds
from engine.station.rules import World, danger, zone_noise
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
    loud = set(state.noise) | {s.zone for s in state.survivors if s.alive}
    heard = {z: zone_noise(state, z) for z in loud if dist.get(z, hearing + 1) <= hearing}
    heard = {z: n for z, n in heard.items() if n > 0}
    if heard:
        return min(heard, key=lambda z: (-heard[z], dist[z], order[z]))
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


def _act(t: Turn, kinds: tuple[str, ...], zone: str | None = None) -> None:
    """One activation step for the zombies of the given kinds (in one zone, or all),
    planned from the step's start."""
    state = t.state
    groups = _groups(state)
    acting = _ordered(groups, t.world, kinds, zone)
    occupied = {s.zone for s in state.survivors if s.alive}
    targets: dict[str, str | None] = {}
    plan = []
    for key in acting:
        here, kind, start = key
        count = groups[key]
        if here in occupied:
            plan.append(("attack", key, count, ()))
            continue
        if here not in targets:
            targets[here] = target(t.world, state, here)
        goal = targets[here]
        if goal is None or goal == here:
            continue
        path = _path(t.world, state, here, goal, 2 if kind == "jumper" else 1)
        if len(path) < 2 or (kind in NO_RETURN and path[-1] == start):
            continue  # ST-5.2: runners and dogs may not end a move where they began the phase
        plan.append(("move", key, count, path))
    for action, key, count, path in plan:
        if t.over:
            return
        here, kind, _ = key
        if action == "attack":
            t.emit(ev.ZombiesAttacked(zone=here, kind=kind, count=count))
            zombie_wounds(t, here, count)
        else:
            t.emit(ev.ZombiesMoved(kind=kind, count=count, path=path))


def _groups(state: State) -> Groups:
    """Zombies by (zone, kind, zone they began this phase in): runners and dogs that
    have moved this phase remember where they began (state.strays)."""
    groups: Groups = {}
    for zone, kinds in state.zombies.items():
        for kind, n in kinds.items():
            for g in state.strays_in(zone, kind):
                groups[(zone, kind, g.start)] = g.count
                n -= g.count
            if n > 0:
                groups[(zone, kind, zone)] = n
    return groups


def _ordered(
    groups: Groups, world: World, kinds: tuple[str, ...], zone: str | None = None
) -> list[tuple[str, str, str]]:
    order = world.board.order
    keys = [k for k, n in groups.items() if n and k[1] in kinds and zone in (None, k[0])]
    return sorted(keys, key=lambda k: (order[k[0]], ZOMBIE_KINDS.index(k[1]), order[k[2]]))


def zombie_phase(t: Turn) -> None:
    """ST-2.2: activation, spawn, end of round; all in the triggering command."""
    t.emit(ev.ZombiePhaseStarted(round=t.state.round))
    _act(t, ZOMBIE_KINDS)
    if not t.over:
        _act(t, ("runner", "dog"))
    if not t.over:
        _act(t, ("dog",))
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
    _act(t, ("runner",))


def immediate_action(t: Turn, zone: str) -> None:
    """ST-3.5: every zombie in the zone behind an opened door acts once."""
    _act(t, ZOMBIE_KINDS, zone)


def spawn_card(t: Turn, zone: str) -> None:
    """Draw a zombie card and spawn its line for the current danger level (ST-6)."""
    card_id = t.top("zombie")
    if card_id is None:
        return
    t.emit(ev.ZombieCardDrawn(card=card_id))
    line = zombie_card(t, card_id).line(danger(t.world, t.state))
    counts = line.counts()
    if counts or line.extra:
        spawn(t, zone, card_id, counts, line.extra)
    if line.extra == "runners" and not t.over:
        t.emit(ev.RunnersActivated(zone=zone))
        runners_act(t)


def zombie_card(t: Turn, card_id: str) -> content.ZombieCard:
    own = t.world.mission.zombie_cards
    if own is not None:
        for c in own:
            if c.id == card_id:
                return c
    return content.zombie_cards()[card_id]
