"""legal_commands: the commands the rules allow right now (K-5).

Built from the rules' preconditions without running decide. As DESIGN-siege
says, moves are single steps and straight passes past one zombie, items go
one at a time, `end_turn` comes without `set_down`, and thrown items are
aimed at zombies only; the playout tests submit every listed command to
prove each is accepted."""

from __future__ import annotations

from engine.core.errors import RuleError
from engine.siege import board as b
from engine.siege import commands as cmd
from engine.siege import content
from engine.siege.attack import HANDS
from engine.siege.attack import plan as plan_attack
from engine.siege.board import adjacent, neighbours
from engine.siege.flow import heal_cap
from engine.siege.items import SEARCH_COST
from engine.siege.rules import (
    World,
    actions_left,
    breakable,
    free,
    human_cost,
    terrain,
    wounded,
)
from engine.siege.state import Human, State
from engine.siege.turn import Turn


def legal_commands(world: World, state: State) -> list[cmd.Command]:
    if state.phase == "over":
        return []
    if state.pending is not None:
        return [cmd.Choose(option=o) for o in state.pending.options]
    if state.phase == "zombies":
        return _zombie_side(state)
    out: list[cmd.Command] = []
    for h in state.humans:
        if h.alive and h.carried_by is None and h.id not in state.done:
            out.extend(_human(world, state, h))
    return out


def _zombie_side(state: State) -> list[cmd.Command]:
    out: list[cmd.Command] = []
    taken = state.occupied()
    for z in state.zombies:
        if z.id in state.zombies_acted:
            continue
        for h in state.humans:
            if h.alive and h.at is not None and adjacent(z.at, h.at):
                out.append(cmd.ZombieAttack(zombie=z.id, human=h.id))
        for n in neighbours(z.at):
            if free(state, n, taken):
                out.append(cmd.ZombieMove(zombie=z.id, to=n))
            elif breakable(state, n):
                out.append(cmd.ZombieBreak(zombie=z.id, at=n))
    out.append(cmd.EndZombieTurn())
    return out


def _human(world: World, state: State, h: Human) -> list[cmd.Command]:
    hid, left = h.id, actions_left(h)
    out: list[cmd.Command] = []
    taken = state.occupied()
    kinds = list(dict.fromkeys(i.id for i in h.items))
    others = [o for o in state.humans if o.id != hid and o.alive and o.at and adjacent(h.at, o.at)]
    out.extend(_steps(state, h, left, taken))
    if left >= 1:
        out.extend(_attacks(world, state, h, kinds))
        if not h.aimed and any(
            content.item(i.id).kind == "firearm" and not i.empty for i in h.items
        ):
            out.append(cmd.Aim(human=hid))
        if h.carrying is None:
            out.extend(cmd.Carry(human=hid, target=o.id) for o in others if wounded(o))
        out.extend(cmd.Trade(human=hid, to=o.id, items=(k,)) for o in others for k in kinds)
        pile = state.pile(h.at)
        if pile is not None:
            for k in dict.fromkeys(i.id for i in pile.items):
                out.append(cmd.PickUp(human=hid, items=(k,)))
        out.extend(_uses(state, h, others))
        for n in neighbours(h.at):
            ch = terrain(state, n)
            if n in state.barricades:
                continue
            if ch == b.CLOSED_DOOR:
                out.append(cmd.OpenDoor(human=hid, at=n))
            elif ch == b.OPEN_DOOR and n not in taken and state.pile(n) is None:
                out.append(cmd.CloseDoor(human=hid, at=n))
    if left >= SEARCH_COST:
        out.extend(_searches(world, state, h))
    out.extend(_barricades(state, h, left, taken))
    out.extend(cmd.Drop(human=hid, items=(k,)) for k in kinds)
    out.append(cmd.EndTurn(human=hid))
    return out


def _steps(state: State, h: Human, left: int, taken: set) -> list[cmd.Command]:
    if wounded(h) and h.moved >= 1:
        return []
    out: list[cmd.Command] = []
    for n in neighbours(h.at):
        cost = human_cost(state, n)
        if cost is None or cost > left:
            continue
        if n not in taken:
            out.append(cmd.Move(human=h.id, path=(n,)))
        elif state.zombie_at(n) is not None and not wounded(h):
            beyond = (2 * n[0] - h.at[0], 2 * n[1] - h.at[1])
            cost2 = human_cost(state, beyond)
            if cost2 is not None and cost + cost2 <= left and beyond not in taken:
                out.append(cmd.Move(human=h.id, path=(n, beyond)))
    return out


def _attacks(world: World, state: State, h: Human, kinds: list[str]) -> list[cmd.Command]:
    out: list[cmd.Command] = []
    t = Turn(world, state)
    weapons = [HANDS] + [k for k in kinds if content.item(k).weapon]
    for weapon in weapons:
        for z in state.zombies:
            if b.manhattan(z.at, h.at) > max(1, _reach(weapon)):
                continue
            try:
                plan_attack(t, h, weapon, z.at)
            except RuleError:
                continue
            out.append(cmd.Attack(human=h.id, weapon=weapon, at=z.at))
    return out


def _reach(weapon: str) -> int:
    return 1 if weapon == HANDS else content.item(weapon).range


def _uses(state: State, h: Human, others: list[Human]) -> list[cmd.Command]:
    out: list[cmd.Command] = []
    for k in dict.fromkeys(i.id for i in h.items):
        effect = content.item(k).effect
        if effect == "heal":
            for o in [h, *others]:
                if o.lives < heal_cap(o):
                    out.append(cmd.Use(human=h.id, item=k, target=o.id))
        elif effect == "reload":
            for gun in dict.fromkeys(i.id for i in h.items if i.empty):
                out.append(cmd.Use(human=h.id, item=k, target=gun))
    return out


def _searches(world: World, state: State, h: Human) -> list[cmd.Command]:
    out: list[cmd.Command] = []
    keys = any(content.item(i.id).effect == "car_keys" for i in h.items)
    cars_seen: set[int] = set()
    for n in neighbours(h.at):
        if terrain(state, n) == b.SPOT and n not in h.searched:
            out.append(cmd.Search(human=h.id, at=n))
        car = world.board.car_at(n)
        if keys and car is not None and car not in cars_seen:
            cars_seen.add(car)
            if world.board.cars[car][0] not in h.searched:
                out.append(cmd.Search(human=h.id, at=n))
    return out


def _barricades(state: State, h: Human, left: int, taken: set) -> list[cmd.Command]:
    out: list[cmd.Command] = []
    has_planks = any(content.item(i.id).effect == "barricade" for i in h.items)
    tools = [content.item(i.id).unbarricade for i in h.items if content.item(i.id).unbarricade]
    build = content.humans()[h.id].barricade_cost
    for n in neighbours(h.at):
        if n in state.barricades:
            if tools and min(tools) <= left:
                out.append(cmd.Unbarricade(human=h.id, at=n))
        elif has_planks and build <= left and free(state, n, taken):
            out.append(cmd.Barricade(human=h.id, at=n))
    return out
