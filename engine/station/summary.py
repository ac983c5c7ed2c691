"""summary() and view(): the state as plain data (DESIGN.md stable keys)."""

from __future__ import annotations

from engine.station import content
from engine.station.rules import World, actions_left, danger, score
from engine.station.state import State


def summary(world: World, state: State) -> dict:
    order = world.board.order
    survivors = {}
    for s in state.survivors:
        ranged = [c for c in s.hand + s.backpack if content.card(c.id).kind == "ranged"]
        survivors[s.id] = {
            "zone": s.zone,
            "wounds": s.wounds,
            "max_wounds": content.survivors()[s.id].max_wounds,
            "actions_left": 0 if s.id in state.done else actions_left(s),
            "xp": s.xp,
            "level": content.LEVELS[content.level_of(s.xp) - 1],
            "alive": s.alive,
            "hand": [c.id for c in s.hand],
            "backpack": [c.id for c in s.backpack],
            "ammo": [[c.id, c.ammo] for c in ranged],
            "skills": list(s.skills),
            "kills": s.kills,
        }
    by_map = sorted
    pending = None
    if state.pending is not None:
        p = state.pending
        pending = {"kind": p.kind, "survivor": p.survivor, "options": list(p.options)}
        if p.attack is not None:
            pending["dice"] = list(p.attack.dice)
    return {
        "mode": "station",
        "mission": world.mission_id,
        "round": state.round,
        "phase": state.phase,
        "danger": content.LEVELS[danger(world, state) - 1],
        "outcome": state.outcome,
        "score": score(state),
        "survivors": survivors,
        "zombies": {
            z: {k: state.zombies[z][k] for k in content.ZOMBIE_KINDS if k in state.zombies[z]}
            for z in by_map(state.zombies, key=order.__getitem__)
        },
        "noise": {z: state.noise[z] for z in by_map(state.noise, key=order.__getitem__)},
        "marker": state.marker,
        "doors": dict(state.doors),
        "floor": {
            z: [c.id for c in state.floor[z]]
            for z in by_map(state.floor, key=order.__getitem__)
            if state.floor[z]
        },
        "objectives_left": list(state.objectives),
        "kills": state.kills,
        "active": state.active,
        "done": list(state.done),
        "dark": list(state.dark),
        "pending": pending,
    }


def view(world: World, state: State, viewer: str) -> dict:
    """What the players may know (K-7): zombies in dark zones stay hidden."""
    out = summary(world, state)
    dark = set(state.dark)
    out["zombies"] = {z: k for z, k in out["zombies"].items() if z not in dark}
    out["floor"] = {z: cards for z, cards in out["floor"].items() if z not in dark}
    out["viewer"] = viewer
    out["zombie_count"] = state.zombie_count()
    out["max_zombies"] = world.mission.info.max_zombies
    out["lost_reason"] = state.lost_reason
    out["first"] = state.survivors[state.first].id if state.survivors else None
    out["players"] = dict(world.players)  # hot-seat: who controls each survivor (ST-1.3)
    return out
