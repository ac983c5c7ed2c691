"""Attacks (SI-8, SI-9, clarifications 5 and 6): the attack table, burst
fire, aiming, pushing back, thrown items and their blasts, and the preferred
weapon's re-roll held as a pending decision."""

from __future__ import annotations

from engine.core.errors import RuleError
from engine.siege import board as b
from engine.siege import commands as cmd
from engine.siege import content
from engine.siege import events as ev
from engine.siege.board import Cell, adjacent, manhattan, spot
from engine.siege.content import ItemSpec, name
from engine.siege.flow import begin, lose_life, start
from engine.siege.rules import actions_left, blocks_line, free, preferred, sees, slot_of
from engine.siege.state import Human, Pending
from engine.siege.turn import Turn

HANDS = "hands"
RANK = {"oops": 0, "miss": 1, "body": 2, "head": 3}
MAX_FACE = 6


class Shot:
    """What an attack is, once checked: the weapon, how it is used, the target."""

    def __init__(self, h: Human, weapon: str, slot: int, at: Cell, use: str) -> None:
        self.human = h.id
        self.weapon = weapon
        self.slot = slot  # -1 for bare hands
        self.at = at
        self.use = use  # hands | melee | club | fire | throw

    @property
    def spec(self) -> ItemSpec | None:
        return None if self.weapon == HANDS else content.item(self.weapon)


def plan(t: Turn, h: Human, weapon: str, at: Cell) -> Shot:
    """Check an attack (SI-8); RuleError when it cannot be made."""
    at = tuple(at)
    zombie = t.state.zombie_at(at)
    if weapon == HANDS:
        use, slot = "hands", -1
    else:
        slot = slot_of(h, weapon, loaded_first=True)
        if slot is None:
            raise RuleError("no_item", f"{name(h.id)} carries no {name(weapon)}")
        if not content.item(weapon).weapon:
            raise RuleError("no_item", f"{name(weapon)} is not a weapon")
        use = _use_of(weapon)
        if use == "fire" and h.items[slot].empty:
            use = "club"
    sight = t.world.sight
    if use in ("throw", "fire") and sight and manhattan(h.at, at) > sight:
        raise RuleError("out_of_range", f"{spot(at)} is too far to see in the dark (sight {sight})")
    if use == "throw":
        spec = content.item(weapon)
        if manhattan(h.at, at) > spec.range:
            raise RuleError("out_of_range", f"{spot(at)} is beyond {name(weapon)}'s range")
        if blocks_line(t.state, at) or not sees(t.state, h.at, at):
            raise RuleError("no_line", f"{name(h.id)} cannot throw into {spot(at)}")
        return Shot(h, weapon, slot, at, use)
    if zombie is None:
        raise RuleError("no_target", f"there is no zombie at {spot(at)}")
    if use == "fire":
        spec = content.item(weapon)
        if manhattan(h.at, at) > spec.range:
            raise RuleError("out_of_range", f"{spot(at)} is beyond {name(weapon)}'s range")
        if not sees(t.state, h.at, at):
            raise RuleError("no_line", f"{name(h.id)} has no clear line to {spot(at)}")
    elif not adjacent(h.at, at):
        if use == "club":
            raise RuleError("empty", f"{name(weapon)} is out of ammo: only a club next to you")
        raise RuleError("not_adjacent", f"{spot(at)} is not next to {name(h.id)}")
    return Shot(h, weapon, slot, at, use)


def attack(t: Turn, c: cmd.Attack) -> None:
    h = begin(t, c.human, 1)
    shot = plan(t, h, c.weapon, c.at)
    aim = 1 if (shot.use == "fire" and h.aimed) else 0
    start(t, h.id, 1, keep_aim=shot.use == "fire")
    dice = roll(t, shot)
    result = read(shot, dice, aim)
    t.emit(
        ev.AttackRolled(
            human=h.id,
            weapon=shot.weapon,
            at=shot.at,
            dice=dice,
            result=result,
            aim=aim,
            club=shot.use == "club",
        )
    )
    if offers_reroll(t, shot, dice, result):
        t.emit(
            ev.DecisionPending(
                pending=Pending(
                    kind="reroll",
                    human=h.id,
                    options=("reroll", "keep"),
                    dice=dice,
                    action="attack",
                    item=shot.weapon,
                    slot=shot.slot,
                    at=shot.at,
                    aim=aim,
                    club=shot.use == "club",
                )
            )
        )
        return
    resolve(t, shot, dice, result)


def roll(t: Turn, shot: Shot) -> tuple[int, ...]:
    if shot.use == "hands":
        first = t.roll(1)
        return first + t.roll(1, skip=1) if first[0] == MAX_FACE else first
    return t.roll(shot.spec.burst if shot.use == "fire" else 1)


def read(shot: Shot, dice: tuple[int, ...], aim: int) -> str:
    """Clarification 5: a natural oops face is an oops; else face + aim (max 6)
    reads head, then body, else miss. A burst keeps its best die."""
    spec = shot.spec
    if shot.use == "hands":
        return "kill" if dice == (MAX_FACE, MAX_FACE) else "miss"
    if shot.use == "throw":
        return "worked" if dice[0] in spec.success else "failed"
    head, body = (spec.club_head, spec.club_body) if shot.use == "club" else (spec.head, spec.body)
    best = "oops"
    for d in dice:
        if d in spec.oops:
            got = "oops"
        else:
            face = min(MAX_FACE, d + aim)
            got = "head" if face in head else "body" if face in body else "miss"
        if RANK[got] > RANK[best]:
            best = got
    return best


def fired_oops(shot: Shot, dice: tuple[int, ...]) -> bool:
    """SI-9: any oops face of a firearm's burst empties it."""
    return shot.use == "fire" and any(d in shot.spec.oops for d in dice)


def offers_reroll(t: Turn, shot: Shot, dice: tuple[int, ...], result: str) -> bool:
    """Clarification 6: the preferred weapon, once a turn, on no head hit and no firearm oops."""
    h = t.human(shot.human)
    return (
        shot.weapon == preferred(h)
        and shot.use != "hands"
        and not h.rerolled
        and result not in ("head", "kill", "worked")
        and not fired_oops(shot, dice)
    )


def choose(t: Turn, p: Pending, option: str) -> None:
    """Answer a pending attack re-roll: keep the dice, or roll them all again."""
    h = t.human(p.human)
    use = "club" if p.club else _use_of(p.item)
    shot = Shot(h, p.item, p.slot, p.at, use)
    if option == "keep":
        t.emit(ev.RerollKept(human=h.id))
        dice = p.dice
    else:
        dice = roll(t, shot)
    result = read(shot, dice, p.aim)
    if option != "keep":
        t.emit(
            ev.AttackRolled(
                human=h.id,
                weapon=p.item,
                at=p.at,
                dice=dice,
                result=result,
                aim=p.aim,
                club=p.club,
                reroll=True,
            )
        )
    resolve(t, shot, dice, result)


def _use_of(weapon: str) -> str:
    if weapon == HANDS:
        return "hands"
    return {"melee": "melee", "thrown": "throw"}.get(content.item(weapon).kind, "fire")


def resolve(t: Turn, shot: Shot, dice: tuple[int, ...], result: str) -> None:
    """The attack's effects, once its dice are final."""
    hid = shot.human
    if shot.use == "throw":
        t.emit(ev.ItemSpent(human=hid, item=shot.weapon, slot=shot.slot))
        if result == "worked":
            blast(t, shot.at, shot.spec.blast, hid)
        return
    if shot.use == "fire":
        if result != "oops":
            t.emit(ev.NoiseMade(at=t.human(hid).at))
        if fired_oops(shot, dice):
            t.emit(ev.FirearmEmptied(human=hid, item=shot.weapon, slot=shot.slot))
    zombie = t.state.zombie_at(shot.at)
    if result in ("head", "kill") and zombie is not None:
        t.emit(ev.ZombieKilled(zombie=zombie.id, at=shot.at, by=hid))
    elif result == "body" and zombie is not None:
        push(t, t.human(hid).at, shot.at)
    elif result == "oops" and shot.use in ("melee", "club"):
        if actions_left(t.human(hid)) > 0:
            t.emit(ev.ActionLost(human=hid))
        if shot.use == "melee" and shot.spec.breaks_on_oops:
            t.emit(ev.ItemBroke(human=hid, item=shot.weapon, slot=shot.slot))


def push(t: Turn, attacker: Cell, at: Cell) -> None:
    """SI-8 body hit, clarification 5: one cell away along the larger axis
    (ties horizontal); two zombies in a row both go, three or more stay; a
    lone zombie stopped straight on goes sideways, away from an attacker off
    that line, or not at all."""
    dx, dy = at[0] - attacker[0], at[1] - attacker[1]
    if abs(dx) >= abs(dy):
        d, side = (_sign(dx), 0), (0, _sign(dy))
    else:
        d, side = (0, _sign(dy)), (_sign(dx), 0)
    first = t.state.zombie_at(at)
    behind = (at[0] + d[0], at[1] + d[1])
    second = t.state.zombie_at(behind)
    if second is not None:
        third = (behind[0] + d[0], behind[1] + d[1])
        if t.state.zombie_at(third) is None and free(t.state, third):
            t.emit(ev.ZombiePushed(zombie=second.id, to=third))
            t.emit(ev.ZombiePushed(zombie=first.id, to=behind))
        return
    if free(t.state, behind):
        t.emit(ev.ZombiePushed(zombie=first.id, to=behind))
        return
    if side != (0, 0):
        aside = (at[0] + side[0], at[1] + side[1])
        if free(t.state, aside):
            t.emit(ev.ZombiePushed(zombie=first.id, to=aside))


def _sign(n: int) -> int:
    return (n > 0) - (n < 0)


def blast(t: Turn, centre: Cell, radius: int, by: str) -> None:
    """SI-10, clarification 7: every zombie in the radius dies (the thrower's
    kills), walls, windows and doors there become rubble, barricades go, and
    every human there loses a life."""
    t.emit(ev.Blasted(at=centre, radius=radius, by=by))
    t.emit(ev.NoiseMade(at=centre))
    cells = sorted(
        (
            (centre[0] + x, centre[1] + y)
            for x in range(-radius, radius + 1)
            for y in range(-radius, radius + 1)
            if abs(x) + abs(y) <= radius
        ),
        key=b.reading,
    )
    for cell in cells:
        z = t.state.zombie_at(cell)
        if z is not None:
            t.emit(ev.ZombieKilled(zombie=z.id, at=cell, by=by))
        if cell in t.state.barricades:
            t.emit(ev.BarricadeDestroyed(at=cell))
        if b.at(t.state.terrain, cell) in b.BLAST_TO_RUBBLE:
            t.emit(ev.TerrainDestroyed(at=cell))
    for h in t.state.humans:
        if h.alive and h.at in cells and not t.over:
            lose_life(t, h.id, "blast")


def aim(t: Turn, c: cmd.Aim) -> None:
    """SI-9: 1 action right before a shot gives +1 to it."""
    h = begin(t, c.human, 1)
    if not any(content.item(i.id).kind == "firearm" and not i.empty for i in h.items):
        raise RuleError("no_item", f"{name(h.id)} has no loaded firearm to aim")
    start(t, h.id, 1, keep_aim=True)
    t.emit(ev.Aimed(human=h.id))
