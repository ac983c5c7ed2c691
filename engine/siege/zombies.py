"""The zombie turn (SI-11, SI-12, clarifications 8 and 9): zombie-side
commands, the AI playing them, spawns, and the round's end (SI-13)."""

from __future__ import annotations

from collections.abc import Callable

import msgspec

from engine.core.errors import RuleError
from engine.siege import commands as cmd
from engine.siege import events as ev
from engine.siege.ai import zombie_command
from engine.siege.board import adjacent, spot
from engine.siege.content import name
from engine.siege.flow import lose_life
from engine.siege.rules import breakable, free
from engine.siege.summary import view
from engine.siege.turn import Turn

BITE_FACES = (5, 6)  # SI-12: a zombie's attack takes a life on 5-6
BREAK_FACE = 6  # SI-11
SPAWN_FACES = (5, 6)  # SI-12


def _acting(t: Turn, zid: str):
    if t.state.phase != "zombies":
        raise RuleError("not_your_turn", "it is the humans' turn")
    z = t.zombie(zid)
    if zid in t.state.zombies_acted:
        raise RuleError("already_acted", f"{zid} has acted this turn")
    return z


def zombie_move(t: Turn, c: cmd.ZombieMove) -> None:
    z = _acting(t, c.zombie)
    to = tuple(c.to)
    if not adjacent(z.at, to):
        raise RuleError("not_adjacent", f"{spot(to)} is not next to {z.id}")
    if not free(t.state, to):
        raise RuleError("blocked", f"{z.id} cannot enter {spot(to)}")
    t.emit(ev.ZombieMoved(zombie=z.id, to=to))


def zombie_attack(t: Turn, c: cmd.ZombieAttack) -> None:
    z = _acting(t, c.zombie)
    h = t.human(c.human)
    if not h.alive:
        raise RuleError("dead", f"{name(h.id)} is dead")
    if h.at is None or not adjacent(z.at, h.at):
        raise RuleError("not_adjacent", f"{name(h.id)} is not next to {z.id}")
    (die,) = t.roll()
    t.emit(ev.ZombieAttacked(zombie=z.id, human=h.id, die=die))
    if die in BITE_FACES:
        lose_life(t, h.id, z.id)


def zombie_break(t: Turn, c: cmd.ZombieBreak) -> None:
    z = _acting(t, c.zombie)
    at = tuple(c.at)
    if not adjacent(z.at, at):
        raise RuleError("not_adjacent", f"{spot(at)} is not next to {z.id}")
    if not breakable(t.state, at):
        raise RuleError("no_target", f"there is no closed door or barricade at {spot(at)}")
    (die,) = t.roll()
    t.emit(ev.BreakRolled(zombie=z.id, at=at, die=die))
    if die == BREAK_FACE:
        if at in t.state.barricades:
            t.emit(ev.BarricadeBroken(at=at))
        else:
            t.emit(ev.DoorBroken(at=at))


def end_zombie_turn(t: Turn, c: cmd.EndZombieTurn) -> None:
    if t.state.phase != "zombies":
        raise RuleError("not_your_turn", "it is the humans' turn")
    finish_zombie_turn(t)


HANDLERS: dict[type, Callable] = {
    cmd.ZombieMove: zombie_move,
    cmd.ZombieAttack: zombie_attack,
    cmd.ZombieBreak: zombie_break,
    cmd.EndZombieTurn: end_zombie_turn,
}


def all_acted(t: Turn) -> bool:
    acted = set(t.state.zombies_acted)
    return all(z.id in acted for z in t.state.zombies)


def zombie_turn(t: Turn) -> None:
    """The humans' phase is over: the zombie turn starts; the AI plays it at
    once, or a zombie player's commands follow (DESIGN-siege "Turns")."""
    t.emit(ev.ZombieTurnStarted())
    if t.world.zombie_seat != "ai":
        if all_acted(t):
            finish_zombie_turn(t)
        return
    while not t.over and not all_acted(t):
        command = zombie_command(view(t.world, t.state, "zombies"))
        parsed = _parse(command)
        if isinstance(parsed, cmd.EndZombieTurn):
            break
        HANDLERS[type(parsed)](t, parsed)
    if not t.over:
        finish_zombie_turn(t)


def _parse(command: dict) -> cmd.Command:
    return msgspec.convert(command, cmd.SiegeCommand)


def finish_zombie_turn(t: Turn) -> None:
    """Spawns, noise clears, then the next round, or the end (SI-12, SI-13)."""
    t.emit(ev.ZombieTurnEnded())
    taken = t.state.occupied()
    for cell in t.world.board.spawns:
        (die,) = t.roll()
        t.emit(ev.SpawnRolled(at=cell, die=die))
        if die in SPAWN_FACES and free(t.state, cell, taken):
            t.emit(ev.ZombieSpawned(zombie=f"z{t.state.next_zombie}", at=cell))
            taken.add(cell)
    if t.state.noise is not None:
        t.emit(ev.NoiseCleared())
    limit = t.world.turn_limit
    if limit and t.state.round >= limit:
        t.emit(ev.GameLost(reason="turn_limit"))
        return
    t.emit(ev.RoundStarted(round=t.state.round + 1))
