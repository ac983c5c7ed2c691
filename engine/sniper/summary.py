"""summary() and the views (DESIGN-sniper "summary()" and "Views").

The summary is the whole truth, for tests and the score screen. A view is
what one side may know (K-7): the sniper's is his fog of war and his memory,
the commander's holds what his units saw and heard. Views hold plain JSON
data only (lists, not tuples), so a JSON round trip gives them back equal."""

from __future__ import annotations

from engine.sniper import content
from engine.sniper.mission import id_order
from engine.sniper.rules import World, actions_left, exposed, visible_units
from engine.sniper.state import Cell, State

VIEWERS = ("sniper", "commander")


def _cell(c: Cell | None) -> list[int] | None:
    return None if c is None else [c[0], c[1]]


def sniper_part(world: World, state: State) -> dict:
    s = state.sniper
    return {
        "at": _cell(s.at),
        "health": s.health,
        "max_health": world.max_health,
        "ammo": s.ammo,
        "crates_used": s.crates_used,
        "moves_left": 0 if s.actions or state.active != "sniper" else s.moves_left,
        "moved": s.moved,
        "acted": s.actions > 0,
        "actions_left": actions_left(state),
        "shots": s.shots,
        "hand": list(s.hand),
        "objectives": list(s.objectives),
        "done": [o for o in s.objectives if o in state.done],
        "spotted": s.spotted,
        "exposed": exposed(world, state),
        "camouflage": s.camo_ready or s.camo_at == s.at,
        "binoculars": s.far_sight,
    }


def _unit(u) -> dict:
    return {
        "kind": u.kind,
        "at": _cell(u.at),
        "health": u.health,
        "alive": u.alive,
        "alert": _cell(u.alert),
        "moved": u.moved,
        "patrol": [_cell(c) for c in u.patrol],
        "waypoint": u.waypoint,
    }


def _common(world: World, state: State) -> dict:
    return {
        "mode": "sniper",
        "mission": world.mission_id,
        "turn": state.turn,
        "turns": world.turns,
        "phase": state.phase,
        "active": state.active,
        "commander": world.commander,
        "outcome": state.outcome,
        "lost_reason": state.lost_reason,
        "features": dict(state.features),
        "kills": {k: state.kills.get(k, 0) for k in content.UNIT_ORDER},
        "events_played": [
            {"turn": p.turn, "card": p.card, "at": _cell(p.at)} for p in state.events_played
        ],
        "rain_until": state.rain_until,
        "smoke": [{"at": _cell(m.at), "until": m.until, "radius": m.radius} for m in state.smoke],
    }


def summary(world: World, state: State) -> dict:
    out = _common(world, state)
    lk = state.last_known
    out.update(
        {
            "sniper": sniper_part(world, state),
            "units": {u.id: _unit(u) for u in state.units},
            "last_known": None if lk is None else {"at": _cell(lk.at), "turn": lk.turn},
            "commander_hand": list(state.commander_hand),
            "masked": state.masked_turn == state.turn,
            "noises": [
                {"at": _cell(n.at), "kind": n.kind, "radius": n.radius} for n in state.noises
            ],
        }
    )
    return out


def sniper_view(world: World, state: State) -> dict:
    """His fog of war (SN-12): the living units he sees now, and what he remembers
    of each unit he has seen: where and on which turn he saw it last."""
    out = _common(world, state)
    out["viewer"] = "sniper"
    out["map"] = list(world.mission.terrain)
    out["sniper"] = sniper_part(world, state)
    out["masked"] = state.masked_turn == state.turn
    out["units"] = {
        u.id: {"kind": u.kind, "at": _cell(u.at), "health": u.health}
        for u in visible_units(world, state)
    }
    out["last_seen"] = {
        uid: {"kind": seen.kind, "at": _cell(seen.at), "turn": seen.turn}
        for uid, seen in sorted(state.memory.items(), key=lambda kv: id_order(kv[0]))
    }
    return out


def commander_view(world: World, state: State) -> dict:
    """What his units could know: themselves, the sniper's cell while he is
    spotted, the last known position, the noises that reached a unit."""
    out = _common(world, state)
    out["viewer"] = "commander"
    out["map"] = list(world.mission.terrain)
    lk = state.last_known
    out["units"] = {u.id: _unit(u) for u in state.units}
    out["sniper_at"] = _cell(state.sniper.at) if state.sniper.spotted else None
    out["last_known"] = None if lk is None else {"at": _cell(lk.at), "turn": lk.turn}
    out["noises"] = [{"at": _cell(n.at)} for n in state.noises if n.heard]
    out["commander_hand"] = list(state.commander_hand)
    out["event_played"] = state.event_played
    out["entries"] = [_cell(c) for c in world.entries]
    return out
