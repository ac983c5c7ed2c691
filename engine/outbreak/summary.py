"""summary() and view(seat): the state as plain data (DESIGN-outbreak).

summary() shows everything, piles and hands included (tests, tools);
view(seat) is what that seat may know (OB-10, K-7): its own hand, the
others' hand sizes, no pile order, and the commands it may submit now."""

from __future__ import annotations

import msgspec

from engine.outbreak.board import board_of, reading
from engine.outbreak.legal import as_dict, legal_commands
from engine.outbreak.rules import World
from engine.outbreak.state import State


def _cells(state: State) -> dict[str, str]:
    kinds = board_of(state.tiles).kinds
    return {f"{x},{y}": kinds[(x, y)] for x, y in sorted(kinds, key=reading)}


def summary(world: World, state: State) -> dict:
    seats = {
        s.id: {
            "kind": s.kind,
            "cell": list(s.cell),
            "life": s.life,
            "bullets": s.bullets,
            "kills": s.kills,
            "hand": list(s.hand),
            "hand_size": len(s.hand),
            "effects": dict(s.effects),
            "effects_from": dict(s.sources),
        }
        for s in state.seats
    }
    pending = None
    if state.pending is not None:
        p = state.pending
        pending = {
            "kind": "fight",
            "seat": p.seat,
            "cell": list(p.cell),
            "roll": p.roll,
            "total": p.total,
            "options": list(p.options),
        }
    return {
        "mode": "outbreak",
        "mission": world.mission_id,
        "round": state.round,
        "order": [s.id for s in state.seats],
        "current": state.current.id,
        "to_act": state.to_act,
        "phase": state.phase,
        "pending": pending,
        "outcome": state.outcome,
        "winner": state.winner,
        "win_reason": state.win_reason,
        "kills_to_win": world.kills_to_win,
        "round_limit": world.mission.info.round_limit,
        "options": msgspec.to_builtins(world.options),
        "dealer": state.dealer,
        "seats": seats,
        "tiles": [{"tile": p.tile, "at": list(p.at), "rotation": p.rotation} for p in state.tiles],
        "cells": _cells(state),
        "zombies": [list(z) for z in state.zombies],
        "tokens": [[t.cell[0], t.cell[1], t.kind] for t in state.tokens],
        "helipad": None if state.helipad is None else list(state.helipad),
        "drawn_tile": state.drawn_tile,
        "tiles_left": len(state.tile_pile),
        "tile_pile": list(state.tile_pile),
        "tiles_out": list(state.tiles_out),
        "map_closed": state.map_closed,
        "events_left": len(state.event_pile),
        "event_pile": list(state.event_pile),
        "event_discard": list(state.event_discard),
        "event_played": state.event_played,
        "moves_left": state.moves_left,
        "zombie_moves_left": state.zombie_moves_left,
    }


def view(world: World, state: State, viewer: str) -> dict:
    """What `viewer` may know: other seats' hands and both piles are null."""
    out = summary(world, state)
    for sid, seat in out["seats"].items():
        if sid != viewer:
            seat["hand"] = None
    out["tile_pile"] = None
    out["event_pile"] = None
    out["viewer"] = viewer
    acting = state.to_act == viewer
    out["legal"] = [as_dict(c) for c in legal_commands(world, state)] if acting else []
    return out
