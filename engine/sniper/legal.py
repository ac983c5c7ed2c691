"""legal_commands: every command the side to act may submit now (K-5).

Built from the rules' preconditions without running decide; moves are
single steps. The playout tests submit every listed command to prove each
one is accepted. The sniper's list names only what he can know: a step onto
a unit he cannot see is listed (he would bump into it)."""

from __future__ import annotations

from engine.core.geometry import chebyshev
from engine.sniper import commands as cmd
from engine.sniper import content
from engine.sniper.board import near, neighbours
from engine.sniper.rules import (
    World,
    actions_left,
    entry_free,
    free_for_unit,
    in_cover,
    passable,
    sniper_sees,
    speed,
    visible_units,
)
from engine.sniper.state import Cell, State


def legal_commands(world: World, state: State) -> list[cmd.Command]:
    if state.phase == "over":
        return []
    if state.active == "commander":
        return commander_commands(world, state) if world.commander == "human" else []
    return sniper_commands(world, state)


def _cells_within(world: World, at: Cell, reach: int) -> list[Cell]:
    x, y = at
    return [
        (x + dx, y + dy)
        for dy in range(-reach, reach + 1)
        for dx in range(-reach, reach + 1)
        if world.board.inside((x + dx, y + dy))
    ]


def sniper_commands(world: World, state: State) -> list[cmd.Command]:
    s = state.sniper
    out: list[cmd.Command] = []
    seen = visible_units(world, state)
    taken = {u.at for u in seen}
    if state.phase == "move" and s.moves_left > 0:
        for n in neighbours(s.at):
            if world.board.enterable(n) and n not in taken:
                out.append(cmd.Move(path=(n,)))
    if actions_left(state):
        out.extend(_shots(world, state, seen))
        out.extend(_uses(world, state, seen))
        n = content.numbers()
        if s.crates_used < n.crates and any(near(s.at, c) for c in world.crates):
            out.append(cmd.TakeAmmo())
        for name, cell in world.mission.features.items():
            spec = content.content().features[name]
            if spec.sabotage and state.features.get(name) == "intact" and near(s.at, cell):
                out.append(cmd.Sabotage(feature=name))
        if in_cover(world, state):
            out.append(cmd.Hide())
    out.append(cmd.EndTurn())
    return out


def _shots(world: World, state: State, seen) -> list[cmd.Command]:
    s = state.sniper
    if s.ammo <= 0:
        return []
    out: list[cmd.Command] = []
    rifle = content.numbers().rifle_range
    silencer = [k for k in s.hand if content.equipment(k).aim == "shot"]
    for u in seen:
        d = chebyshev(s.at, u.at)
        if d <= rifle:
            out.append(cmd.Shoot(target=u.id))
        if silencer and d <= content.equipment(silencer[0]).range:
            out.append(cmd.Shoot(target=u.id, suppressed=True))
    return out


def _uses(world: World, state: State, seen) -> list[cmd.Command]:
    s = state.sniper
    smoke = state.smoke_cells()
    out: list[cmd.Command] = []
    for card in dict.fromkeys(s.hand):
        spec = content.equipment(card)
        if spec.aim == "none":
            out.append(cmd.Use(card=card))
        elif spec.aim == "target":
            for u in seen:
                if chebyshev(s.at, u.at) <= spec.range and not content.unit(u.kind).armoured:
                    out.append(cmd.Use(card=card, target=u.id))
        elif spec.aim == "at":
            for cell in _cells_within(world, s.at, spec.range):
                if not spec.sight or sniper_sees(world, state, cell, smoke):
                    out.append(cmd.Use(card=card, at=cell))
    return out


def commander_commands(world: World, state: State) -> list[cmd.Command]:
    out: list[cmd.Command] = []
    for u in state.units:
        if not u.alive or u.moved:
            continue
        reach = world.board.reach(u.at, speed(state, u.kind), passable(world, u.kind))
        for cell in sorted(reach, key=lambda c: (c[1], c[0])):
            if free_for_unit(world, state, u.kind, cell, u.id):
                out.append(cmd.Order(unit=u.id, to=cell))
    if not state.event_played:
        for card in dict.fromkeys(state.commander_hand):
            out.extend(_event_commands(world, state, card))
    out.append(cmd.EndTurn())
    return out


def _event_commands(world: World, state: State, card: str) -> list[cmd.Command]:
    spec = content.event(card)
    if spec.aim == "last_known":
        return [cmd.PlayEvent(card=card)] if state.last_known is not None else []
    if spec.aim == "entry":
        return [
            cmd.PlayEvent(card=card, at=c) for c in world.entries if entry_free(world, state, c)
        ]
    if spec.aim == "cell":
        cells = (c for c, _ in world.board.grid.cells() if world.board.enterable(c))
        return [cmd.PlayEvent(card=card, at=c) for c in cells]
    if spec.aim == "road":
        vehicle = next((u for u in state.units if u.kind == spec.unit and u.alive), None)
        if vehicle is None:
            return []
        reach = world.board.reach(vehicle.at, spec.steps, passable(world, vehicle.kind))
        return [
            cmd.PlayEvent(card=card, at=c)
            for c in sorted(reach, key=lambda c: (c[1], c[0]))
            if free_for_unit(world, state, vehicle.kind, c, vehicle.id)
        ]
    return [cmd.PlayEvent(card=card)]
