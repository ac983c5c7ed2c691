"""legal_commands: every command the rules allow right now (K-5).

Built from the rules' preconditions without running decide, so it stays
cheap; the playout tests submit every listed command to prove each is
accepted. Gear management lists single changes only (DESIGN.md)."""

from __future__ import annotations

from engine.station import commands as cmd
from engine.station import content
from engine.station.decide import reachable
from engine.station.gear import single_changes
from engine.station.rules import World, actions_left, speed, survivors_in
from engine.station.state import State
from engine.station.turn import Turn


def candidates(world: World, state: State) -> list[cmd.Command]:
    if state.phase == "over":
        return []
    if state.pending is not None:
        return [cmd.Choose(option=o) for o in dict.fromkeys(state.pending.options)]
    out: list[cmd.Command] = []
    doors = state.open_doors()
    board = world.board
    for s in state.survivors:
        if not s.alive or s.id in state.done:
            continue
        sid = s.id
        has_actions = actions_left(s) > 0
        has_key = any(content.card(c.id).effect == "key" for c in s.hand + s.backpack)
        kinds_here = [k for k in content.TARGET_ORDER if state.zombies.get(s.zone, {}).get(k)]
        if has_actions:
            out.extend(
                cmd.Move(survivor=sid, to=z) for z in reachable(world, state, s.zone, speed(s))
            )
            if kinds_here:
                melee = list(
                    dict.fromkeys(c.id for c in s.hand if content.card(c.id).kind == "melee")
                )
                for w in melee or [None]:
                    out.append(cmd.Melee(survivor=sid, weapon=w))
                    if len(kinds_here) > 1:
                        out.extend(
                            cmd.Melee(survivor=sid, weapon=w, targets=[k]) for k in kinds_here
                        )
            dist = board.distances(s.zone, doors)
            for w in dict.fromkeys(
                c.id for c in s.hand if content.card(c.id).kind == "ranged" and c.ammo > 0
            ):
                spec = content.card(w)
                lo, hi = spec.range
                for z, d in dist.items():
                    if (
                        lo <= d <= hi
                        and (state.zombies_in(z) or spec.lure)
                        and board.sees(s.zone, z, doors)
                    ):
                        out.append(cmd.Ranged(survivor=sid, zone=z, weapon=w))
                        zkinds = [
                            k for k in content.TARGET_ORDER if state.zombies.get(z, {}).get(k)
                        ]
                        if "sniper" in s.skills and len(zkinds) > 1:
                            out.extend(
                                cmd.Ranged(survivor=sid, zone=z, weapon=w, targets=[k])
                                for k in zkinds
                            )
            if not kinds_here and not s.searched and (state.search or state.search_discard):
                out.append(cmd.Search(survivor=sid))
            for d in board.doors:
                status = state.doors[d.id]
                if s.zone in (d.a, d.b) and status != "open" and (status != "locked" or has_key):
                    out.append(cmd.OpenDoor(survivor=sid, door=d.id))
            out.extend(single_changes(Turn(world, state), sid))
            if s.zone in state.objectives:
                out.append(cmd.TakeObjective(survivor=sid))
            if "racket" in s.skills:
                out.append(cmd.Skill(survivor=sid, skill="racket"))
        for c in dict.fromkeys(c.id for c in s.hand + s.backpack):
            spec = content.card(c)
            if spec.kind != "item" or spec.passive:
                continue
            if spec.effect != "stim" and not has_actions:
                continue
            if spec.effect == "heal":
                out.extend(
                    cmd.Use(survivor=sid, card=c, target=o.id)
                    for o in survivors_in(state, s.zone)
                    if o.wounds
                )
            elif spec.effect == "blast":
                dist = board.distances(s.zone, doors)
                out.extend(
                    cmd.Use(survivor=sid, card=c, target=z)
                    for z, d in dist.items()
                    if d <= spec.range[1] and state.zombies_in(z) and board.sees(s.zone, z, doors)
                )
            else:
                out.append(cmd.Use(survivor=sid, card=c))
        if "medic" in s.skills and not s.medic_used:
            out.extend(
                cmd.Skill(survivor=sid, skill="medic", target=o.id)
                for o in survivors_in(state, s.zone)
                if o.wounds
            )
        out.append(cmd.EndTurn(survivor=sid))
    return out


def legal_commands(world: World, state: State) -> list[cmd.Command]:
    return candidates(world, state)
