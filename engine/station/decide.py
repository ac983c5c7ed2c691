"""decide: a Station command becomes events, or a RuleError (K-5).

`run` returns the events together with the state they lead to; the game
folds the same events with evolve on replay."""

from __future__ import annotations

from engine.core.errors import RuleError
from engine.station import commands as cmd
from engine.station import content
from engine.station import events as ev
from engine.station.attack import attack, blast, kill_order, resolve, roll_attack, weapon_slot
from engine.station.content import name
from engine.station.effects import (
    check_marker,
    check_won,
    gain_xp,
    new_card,
    noise,
    place_card,
    spawn,
    wound,
)
from engine.station.gear import arrange
from engine.station.rules import (
    World,
    actions_left,
    skill_options,
    skill_picks_owed,
    speed,
    zone_noise,
)
from engine.station.state import Attack, Pending, State, Survivor
from engine.station.turn import Turn
from engine.station.zombies import immediate_action, spawn_card, zombie_phase


def run(world: World, state: State, command: cmd.Command) -> tuple[list[ev.Event], State]:
    if state.phase == "over":
        raise RuleError("game_over", f"the game is over: the mission was {state.outcome}")
    t = Turn(world, state)
    if state.pending is not None and not isinstance(command, cmd.Choose):
        p = state.pending
        raise RuleError(
            "decision_pending",
            f"{p.survivor} must first choose ({p.kind}): {', '.join(p.options)}",
        )
    handler = _HANDLERS[type(command)]
    handler(t, command)
    _after_action(t)
    return t.events, t.state


# -- flow --------------------------------------------------------------------
def _begin(t: Turn, sid: str, cost: int = 1) -> Survivor:
    """Check a survivor may act now; switch the activation to them (ST-2.1)."""
    s = t.survivor(sid)
    if not s.alive:
        raise RuleError("eliminated", f"{name(sid)} has been eliminated")
    if sid in t.state.done:
        raise RuleError("already_acted", f"{name(sid)} has already acted this round")
    if cost and actions_left(s) < cost:
        raise RuleError("no_actions", f"{name(sid)} has no actions left")
    return s


def _start(t: Turn, sid: str, cost: int = 1) -> None:
    """Emit the activation switch and the action's cost, after validation."""
    active = t.state.active
    if active != sid:
        if active is not None:
            t.emit(ev.ActivationEnded(survivor=active))
        t.emit(ev.Activated(survivor=sid))
    for _ in range(cost):
        t.emit(ev.ActionSpent(survivor=sid))


def _after_action(t: Turn) -> None:
    check_won(t)
    if t.over or t.state.pending is not None:
        return
    for s in t.state.survivors:
        if s.alive and skill_picks_owed(s) > 0 and skill_options(s):
            t.emit(
                ev.DecisionPending(
                    pending=Pending(kind="skill", survivor=s.id, options=skill_options(s))
                )
            )
            return
    for s in t.state.survivors:
        if s.alive and s.id not in t.state.done and actions_left(s) == 0:
            t.emit(ev.ActivationEnded(survivor=s.id))
    if all(s.id in t.state.done or not s.alive for s in t.state.survivors):
        zombie_phase(t)
        if not t.over:
            _after_action(t)


# -- actions -------------------------------------------------------------------
def _move(t: Turn, c: cmd.Move) -> None:
    s = _begin(t, c.survivor)
    if c.to not in t.world.board.cells:
        raise RuleError("unknown_zone", f"there is no zone {c.to!r}")
    if c.to == s.zone:
        raise RuleError("already_there", f"{name(s.id)} is already in zone {c.to}")
    paths = reachable(t.world, t.state, s.zone, speed(s))
    if c.to not in paths:
        raise RuleError(
            "out_of_reach",
            f"zone {c.to} is not within {speed(s)} move of zone {s.zone} "
            "through open connections and zombie-free zones",
        )
    _start(t, s.id)
    before = zone_noise(t.state, c.to)
    t.emit(ev.Moved(survivor=s.id, path=paths[c.to]))
    check_marker(t, c.to, before)


def reachable(world: World, state: State, start: str, steps: int) -> dict[str, tuple[str, ...]]:
    """ST-3.1: zones a move reaches, each with its path; zones holding zombies
    may end a move but not be passed through."""
    links = world.board.links(state.open_doors())
    paths: dict[str, tuple[str, ...]] = {start: ()}
    frontier = [start]
    for _ in range(steps):
        nxt = []
        for z in frontier:
            if z != start and state.zombies_in(z):
                continue
            for n in links[z]:
                if n not in paths:
                    paths[n] = paths[z] + (n,)
                    nxt.append(n)
        frontier = nxt
    del paths[start]
    return paths


def _melee(t: Turn, c: cmd.Melee) -> None:
    s = _begin(t, c.survivor)
    if not t.state.zombies_in(s.zone):
        raise RuleError("no_zombies", f"there are no zombies in zone {s.zone} to fight")
    targets = kill_order(tuple(c.targets or ()))[: len(c.targets or ())]
    weapon = None if c.weapon in (None, "hands") else c.weapon
    slot = -1 if c.weapon == "hands" else weapon_slot(s, weapon, "melee")
    wid = s.hand[slot].id if slot >= 0 else ""
    hit = content.card(wid).hit if wid else 6
    _start(t, s.id)
    attack(t, Attack(s.id, wid, slot, s.zone, False, hit, (), targets))


def _ranged(t: Turn, c: cmd.Ranged) -> None:
    s = _begin(t, c.survivor)
    if c.zone not in t.world.board.cells:
        raise RuleError("unknown_zone", f"there is no zone {c.zone!r}")
    if c.targets and "sniper" not in s.skills:
        raise RuleError(
            "no_sniper", f"only a sniper chooses ranged targets; {name(s.id)} is not one"
        )
    targets = kill_order(tuple(c.targets or ()))[: len(c.targets or ())]
    slot = weapon_slot(s, c.weapon, "ranged")
    card = s.hand[slot]
    spec = content.card(card.id)
    check_range(t, s.zone, c.zone, spec.range, card.id)
    if not t.state.zombies_in(c.zone) and not spec.lure:
        raise RuleError("no_zombies", f"there are no zombies in zone {c.zone} to shoot")
    _start(t, s.id)
    t.emit(ev.AmmoSpent(survivor=s.id, slot=slot))
    attack(t, Attack(s.id, card.id, slot, c.zone, True, spec.hit, (), targets))


def check_range(t: Turn, frm: str, to: str, rng: tuple[int, int], what: str) -> None:
    doors = t.state.open_doors()
    d = t.world.board.distances(frm, doors).get(to)
    lo, hi = rng
    if d is None or not lo <= d <= hi:
        raise RuleError("out_of_range", f"zone {to} is out of the {what}'s range {lo}-{hi}")
    if not t.world.board.sees(frm, to, doors):
        raise RuleError("no_line_of_sight", f"zone {frm} has no line of sight to zone {to}")


def _search(t: Turn, c: cmd.Search) -> None:
    s = _begin(t, c.survivor)
    if t.state.zombies_in(s.zone):
        raise RuleError("zombies_here", "you cannot search with zombies in the zone")
    if s.searched:
        raise RuleError("already_searched", f"{name(s.id)} has already searched this round")
    _start(t, s.id)
    card = t.top("search")
    if card is None:
        raise RuleError("deck_empty", "the search deck is empty")
    t.emit(ev.Searched(survivor=s.id, card=card))
    zone = s.zone
    if card == "gear":
        _find_gear(t, s)
    elif card == "ammo":
        t.emit(ev.Reloaded(survivor=s.id))
    elif card == "trap_ambush":
        spawn(t, zone, card, {"walker": 1})
    elif card == "trap_alarm":
        noise(t, zone, 2)
    elif card == "trap_breach":
        wound(t, s.id, "trap")
    if t.world.mission.zone(zone).dangerous and not t.over:
        spawn_card(t, zone)


def _find_gear(t: Turn, s: Survivor) -> None:
    found = []
    for _ in range(2 if "scavenger" in s.skills else 1):
        top = t.top("equipment")
        if top is None:
            break
        t.emit(ev.EquipmentDrawn(card=top))
        found.append(top)
    if len(found) == 2:
        t.emit(
            ev.DecisionPending(
                pending=Pending(
                    kind="scavenger",
                    survivor=s.id,
                    options=tuple(found),
                    cards=tuple(new_card(x) for x in found),
                )
            )
        )
    elif found:
        place_card(t, s.id, new_card(found[0]))


def _open_door(t: Turn, c: cmd.OpenDoor) -> None:
    s = _begin(t, c.survivor)
    door = t.world.board.door(c.door)
    if door is None:
        raise RuleError("unknown_door", f"there is no door {c.door!r}")
    if s.zone not in (door.a, door.b):
        raise RuleError("not_at_door", f"door {door.id} is not in {name(s.id)}'s zone {s.zone}")
    status = t.state.doors[door.id]
    if status == "open":
        raise RuleError("door_open", f"door {door.id} is already open")
    if status == "locked" and not any(
        content.card(x.id).effect == "key" for x in s.hand + s.backpack
    ):
        raise RuleError("door_locked", f"door {door.id} is locked: a keycard opens it")
    _start(t, s.id)
    t.emit(ev.DoorOpened(survivor=s.id, door=door.id))
    if "silent_doors" not in s.skills:
        noise(t, s.zone)
    behind = door.b if s.zone == door.a else door.a
    if behind in t.state.dark:
        revealed = _dark_region(t, behind)
        t.emit(ev.ZonesRevealed(zones=revealed))
        for z in revealed:
            if t.over:
                return
            spawn_card(t, z)
    if not t.over:
        immediate_action(t, behind)


def _dark_region(t: Turn, zone: str) -> tuple[str, ...]:
    """The dark zone and every dark zone reachable from it through open connections."""
    links = t.world.board.links(t.state.open_doors())
    dark = set(t.state.dark)
    found = {zone}
    todo = [zone]
    while todo:
        for n in links[todo.pop()]:
            if n in dark and n not in found:
                found.add(n)
                todo.append(n)
    order = t.world.board.order
    return tuple(sorted(found, key=order.__getitem__))


def _find_card(s: Survivor, card_id: str) -> tuple[str, int]:
    for place, cards in (("hand", s.hand), ("backpack", s.backpack)):
        for i, c in enumerate(cards):
            if c.id == card_id:
                return place, i
    if card_id not in content.cards():
        raise RuleError("unknown_card", f"there is no card {card_id!r}")
    raise RuleError("not_carried", f"{name(s.id)} does not carry a {card_id}")


def _use(t: Turn, c: cmd.Use) -> None:
    s = t.survivor(c.survivor)
    place, slot = _find_card(s, c.card)
    spec = content.card(c.card)
    if spec.kind != "item" or spec.passive:
        raise RuleError("not_usable", f"{c.card} is not an item to use")
    cost = 0 if spec.effect == "stim" else 1  # a stim that cost its own action would give nothing
    s = _begin(t, s.id, cost)
    used = ev.CardUsed(survivor=s.id, card=c.card, place=place, slot=slot, spent=not spec.reusable)
    if spec.effect == "heal":
        target = t.survivor(c.target or s.id)
        if not target.alive or target.zone != s.zone:
            raise RuleError("not_here", f"{name(target.id)} is not in zone {s.zone}")
        if target.wounds == 0:
            raise RuleError("no_wounds", f"{name(target.id)} has no wounds to heal")
        _start(t, s.id, cost)
        t.emit(used)
        t.emit(ev.Healed(survivor=target.id, by=c.card))
    elif spec.effect == "stim":
        _start(t, s.id, cost)
        t.emit(used)
        t.emit(ev.StimTaken(survivor=s.id))
    elif spec.effect == "reload":
        _start(t, s.id, cost)
        t.emit(used)
        t.emit(ev.Reloaded(survivor=s.id))
    elif spec.effect == "racket":
        _start(t, s.id, cost)
        t.emit(used)
        t.emit(ev.MarkerMoved(zone=s.zone))
    elif spec.effect == "blast":
        zone = c.target or s.zone
        if zone not in t.world.board.cells:
            raise RuleError("unknown_zone", f"there is no zone {zone!r}")
        check_range(t, s.zone, zone, spec.range, c.card)
        _start(t, s.id, cost)
        t.emit(used)
        blast(t, s, zone)
    else:
        raise RuleError("not_usable", f"{c.card} cannot be used")


def _skill(t: Turn, c: cmd.Skill) -> None:
    s = t.survivor(c.survivor)
    if c.skill not in content.SKILLS:
        raise RuleError("unknown_skill", f"there is no skill {c.skill!r}")
    if c.skill not in s.skills:
        raise RuleError("no_skill", f"{name(s.id)} does not have the {c.skill} skill")
    if c.skill == "racket":
        _begin(t, s.id)
        _start(t, s.id)
        t.emit(ev.SkillUsed(survivor=s.id, skill="racket"))
        t.emit(ev.MarkerMoved(zone=s.zone))
    elif c.skill == "medic":
        _begin(t, s.id, cost=0)
        if s.medic_used:
            raise RuleError("skill_used", f"{name(s.id)} has already used medic this turn")
        target = t.survivor(c.target or s.id)
        if not target.alive or target.zone != s.zone:
            raise RuleError("not_here", f"{name(target.id)} is not in zone {s.zone}")
        if target.wounds == 0:
            raise RuleError("no_wounds", f"{name(target.id)} has no wounds to heal")
        t.emit(ev.SkillUsed(survivor=s.id, skill="medic"))
        t.emit(ev.Healed(survivor=target.id, by="medic"))
    else:
        raise RuleError("passive_skill", f"{c.skill} works by itself: it is not used")


def _take_objective(t: Turn, c: cmd.TakeObjective) -> None:
    s = _begin(t, c.survivor)
    if s.zone not in t.state.objectives:
        raise RuleError("no_objective", f"there is no objective in zone {s.zone}")
    _start(t, s.id)
    t.emit(ev.ObjectiveTaken(survivor=s.id, zone=s.zone))
    gain_xp(t, s.id, 5)
    unlocks = tuple(
        d for d in t.world.mission.zone(s.zone).unlocks if t.state.doors.get(d) == "locked"
    )
    if unlocks:
        t.emit(ev.DoorsUnlocked(doors=unlocks))


def _manage(t: Turn, c: cmd.Manage) -> None:
    _begin(t, c.survivor)
    event = arrange(t, c)
    _start(t, c.survivor)
    t.emit(event)


def _end_turn(t: Turn, c: cmd.EndTurn) -> None:
    s = _begin(t, c.survivor, cost=0)
    active = t.state.active
    if active is not None and active != s.id:  # acting with another survivor (ST-2.1)
        t.emit(ev.ActivationEnded(survivor=active))
    t.emit(ev.ActivationEnded(survivor=s.id))


def _choose(t: Turn, c: cmd.Choose) -> None:
    p = t.state.pending
    if p is None:
        raise RuleError("no_decision", "there is no decision to make")
    if c.option not in p.options:
        raise RuleError("bad_option", f"choose one of: {', '.join(p.options)}")
    t.emit(ev.DecisionMade(option=c.option))
    if p.kind == "skill":
        t.emit(ev.SkillGained(survivor=p.survivor, skill=c.option))
    elif p.kind == "scavenger":
        keep = p.options.index(c.option)
        place_card(t, p.survivor, p.cards[keep])
        t.emit(ev.CardDiscarded(card=p.options[1 - keep]))
    elif p.kind == "lucky" and p.attack is not None:
        a = p.attack
        if c.option == "reroll":
            t.emit(ev.SkillUsed(survivor=p.survivor, skill="lucky"))
            a = roll_attack(t, a, reroll=True)
        resolve(t, a)


_HANDLERS = {
    cmd.Move: _move,
    cmd.Melee: _melee,
    cmd.Ranged: _ranged,
    cmd.Search: _search,
    cmd.OpenDoor: _open_door,
    cmd.Manage: _manage,
    cmd.Use: _use,
    cmd.Skill: _skill,
    cmd.TakeObjective: _take_objective,
    cmd.EndTurn: _end_turn,
    cmd.Choose: _choose,
}
