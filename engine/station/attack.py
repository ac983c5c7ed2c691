"""Melee, ranged and grenade attacks (ST-3.2, ST-3.3, ST-3.7, ST-3.9)."""

from __future__ import annotations

from engine.core.errors import RuleError
from engine.station import content
from engine.station import events as ev
from engine.station.content import TARGET_ORDER, name
from engine.station.effects import gain_xp, noise, wound
from engine.station.rules import spec, wound_order
from engine.station.state import Attack, Pending, Survivor
from engine.station.turn import Turn

XP = {"armored": 2}


def kill_order(targets: tuple[str, ...]) -> tuple[str, ...]:
    for k in targets:
        if k not in content.ZOMBIE_KINDS:
            kinds = ", ".join(content.ZOMBIE_KINDS)
            raise RuleError("bad_target", f"{k!r} is not a zombie kind ({kinds})")
    return tuple(dict.fromkeys(targets)) + tuple(k for k in TARGET_ORDER if k not in targets)


def assign_hits(zombies: dict[str, int], successes: int, order: tuple[str, ...]) -> dict[str, int]:
    """Successes to zombies in order; an armored zombie needs two (ST-3.9)."""
    killed: dict[str, int] = {}
    for kind in order:
        need = 2 if kind == "armored" else 1
        for _ in range(zombies.get(kind, 0)):
            if successes < need:
                return killed
            successes -= need
            killed[kind] = killed.get(kind, 0) + 1
    return killed


def weapon_slot(s: Survivor, weapon: str | None, kind: str) -> int:
    """Hand slot of the named weapon (or the first fitting one); -1 bare hands."""
    empty = False
    for i, c in enumerate(s.hand):
        cs = content.card(c.id)
        if cs.kind == kind and (weapon is None or c.id == weapon):
            if kind == "ranged" and c.ammo <= 0:
                empty = True  # another copy in the other hand may still be loaded
                continue
            return i
    if weapon is not None and empty:
        raise RuleError("no_ammo", f"{name(s.id)}'s {weapon} is empty: reload it first")
    if weapon is not None:
        if weapon in content.cards() and content.card(weapon).kind == kind:
            raise RuleError("not_in_hand", f"{name(s.id)} has no {weapon} in hand")
        raise RuleError("not_a_weapon", f"{weapon!r} is not a {kind} weapon")
    if kind == "ranged":
        raise RuleError("no_ranged_weapon", f"{name(s.id)} has no loaded ranged weapon in hand")
    return -1


def dice_count(s: Survivor, weapon: str, ranged: bool) -> int:
    power = content.card(weapon).power if weapon else 0
    if ranged:
        n = power + spec(s).ranged + ("plus_1_ranged_die" in s.skills)
    else:
        n = power + spec(s).melee + ("plus_1_melee_die" in s.skills)
    return max(1, n)


def roll_attack(t: Turn, attack: Attack, reroll: bool = False) -> Attack:
    s = t.survivor(attack.survivor)
    faces = t.roll(dice_count(s, attack.weapon, attack.ranged))
    t.emit(
        ev.Rolled(
            survivor=s.id,
            weapon=attack.weapon,
            zone=attack.zone,
            dice=faces,
            hit=attack.hit,
            ranged=attack.ranged,
            reroll=reroll,
        )
    )
    from msgspec.structs import replace

    return replace(attack, dice=faces)


def wants_luck(s: Survivor, attack: Attack) -> bool:
    if "lucky" not in s.skills or s.lucky_used:
        return False
    missed = any(d < attack.hit for d in attack.dice)
    ff = attack.ranged and "sniper" not in s.skills and 1 in attack.dice
    return missed or ff


def attack(t: Turn, attack: Attack) -> None:
    """Roll, then resolve, or ask the lucky survivor first."""
    attack = roll_attack(t, attack)
    s = t.survivor(attack.survivor)
    if wants_luck(s, attack):
        t.emit(
            ev.DecisionPending(
                pending=Pending(
                    kind="lucky", survivor=s.id, options=("keep", "reroll"), attack=attack
                )
            )
        )
        return
    resolve(t, attack)


def resolve(t: Turn, attack: Attack) -> None:
    s = t.survivor(attack.survivor)
    successes = sum(1 for d in attack.dice if d >= attack.hit)
    here = t.state.zombies.get(attack.zone, {})
    killed = assign_hits(here, successes, kill_order(attack.targets))
    if killed:
        t.emit(ev.ZombiesKilled(survivor=s.id, zone=attack.zone, kinds=killed))
        gain_xp(t, s.id, sum(n * XP.get(k, 1) for k, n in killed.items()))
    if attack.ranged and "sniper" not in s.skills:
        for _ in range(attack.dice.count(1)):
            order = wound_order(t.state, t.world, attack.zone, exclude=s.id)
            if order:
                wound(t, order[0].id, "friendly_fire")
            elif t.survivor(s.id).alive and t.survivor(s.id).zone == attack.zone:
                wound(t, s.id, "friendly_fire")
            if t.over:
                return
    weapon = content.card(attack.weapon) if attack.weapon else None
    if weapon is not None and not weapon.silent and t.survivor(s.id).alive:
        noise(t, t.survivor(s.id).zone)
    if weapon is not None and weapon.lure:  # a racket, more recent than the shot's noise
        t.emit(ev.MarkerMoved(zone=attack.zone))


def blast(t: Turn, s: Survivor, zone: str) -> None:
    """Grenade: every zombie in the zone dies, every survivor there is wounded once."""
    here = dict(t.state.zombies.get(zone, {}))
    if here:
        t.emit(ev.ZombiesKilled(survivor=s.id, zone=zone, kinds=here))
        gain_xp(t, s.id, sum(n * XP.get(k, 1) for k, n in here.items()))
    for victim in wound_order(t.state, t.world, zone):
        wound(t, victim.id, "grenade")
        if t.over:
            return
