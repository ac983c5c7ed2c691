"""Effects both sides' commands share: sight checks, enemy fire, noise,
damage, objectives. Each emits events on the working Turn."""

from __future__ import annotations

from engine.core.geometry import chebyshev
from engine.sniper import content
from engine.sniper import events as ev
from engine.sniper.rules import (
    exposed,
    fire_damage,
    objective_holds,
    sees_sniper,
    smells_sniper,
    sniper_sees,
    visible_units,
)
from engine.sniper.state import Cell, Unit
from engine.sniper.turn import Turn


def observe(t: Turn) -> None:
    """What he sees now goes into his memory: where and when he last saw each unit."""
    if t.over:
        return
    state = t.state
    for u in visible_units(t.world, state):
        seen = state.memory.get(u.id)
        if seen is None or seen.at != u.at or seen.turn != state.turn:
            t.emit(ev.UnitSighted(unit=u.id, kind=u.kind, at=u.at, turn=state.turn))


def spot(t: Turn, cause: str, by: str = "") -> None:
    """He is spotted (clarification 2): the last known position is his cell."""
    if not t.state.sniper.spotted:
        t.emit(ev.SniperSpotted(at=t.state.sniper.at, cause=cause, by=by))


def watch(t: Turn, at_once: bool) -> None:
    """Sight checks (clarification 2): units that see him, or a dog that smells
    him, spot him. During his turn a unit that sees him fires at once when he
    is in its range, once a sniper turn (clarification 3)."""
    smoke = t.state.smoke_cells()
    for uid in [u.id for u in t.state.units if u.alive]:
        if t.over:
            return
        u = t.state.unit(uid)
        if u is None or not u.alive:
            continue
        saw = sees_sniper(t.world, t.state, u, smoke)
        if not saw and not smells_sniper(t.state, u):
            continue
        spot(t, "sight" if saw else "smell", u.id)
        reach = content.unit(u.kind).fire_range
        if saw and at_once and not u.fired and 0 < chebyshev(u.at, t.state.sniper.at) <= reach:
            fire(t, u, at_once=True)


def fire(t: Turn, u: Unit, at_once: bool) -> None:
    """One die for one firing unit (SN-8)."""
    die = t.roll()
    damage = fire_damage(die, exposed(t.world, t.state))
    t.emit(ev.UnitFired(unit=u.id, die=die, damage=damage, at_once=at_once))
    if damage:
        wound(t, damage, u.id)


def wound(t: Turn, damage: int, cause: str) -> None:
    t.emit(ev.SniperWounded(damage=damage, cause=cause))
    if t.state.sniper.health <= 0:
        t.emit(ev.GameLost(reason="killed"))


def hurt(t: Turn, u: Unit, damage: int, cause: str, mine: bool) -> None:
    """Damage to a unit; it falls at 0 health. He knows it fell when he caused
    it or sees its cell."""
    if damage <= 0 or not u.alive:
        return
    t.emit(ev.UnitHit(unit=u.id, damage=damage, cause=cause))
    if damage >= u.health:
        witnessed = mine or sniper_sees(t.world, t.state, u.at, t.state.smoke_cells())
        t.emit(ev.UnitKilled(unit=u.id, kind=u.kind, witnessed=witnessed))


def blast(t: Turn, at: Cell, radius: int, damage: int, cause: str, mine: bool) -> None:
    """Damage to every figure within radius of at: units in id order, then him."""
    for u in list(t.state.units):
        if u.alive and chebyshev(u.at, at) <= radius:
            hurt(t, t.state.unit(u.id), damage, cause, mine)
    if chebyshev(t.state.sniper.at, at) <= radius:
        wound(t, damage, cause)


def noise(t: Turn, at: Cell, kind: str, radius: int | None) -> None:
    """A noise alerts every unit within its radius (None: the whole map);
    the commander knows of it when it reached a unit (clarification 5)."""
    hears = [
        u.id for u in t.state.units if u.alive and (radius is None or chebyshev(u.at, at) <= radius)
    ]
    t.emit(ev.NoiseMade(at=at, kind=kind, radius=radius, heard=bool(hears)))
    for uid in hears:
        t.emit(ev.UnitAlerted(unit=uid, at=at))


def check_objectives(t: Turn) -> None:
    for objective in t.state.sniper.objectives:
        if objective not in t.state.done and objective_holds(t.state, objective):
            t.emit(ev.ObjectiveCompleted(objective=objective))
