"""evolve(world, state, event) -> state: pure, total, no chance (STYLE 3)."""

from __future__ import annotations

from msgspec.structs import replace

from engine.station import content
from engine.station import events as ev
from engine.station.rules import World
from engine.station.state import Card, State, Stray, Survivor


def _update(world: World, state: State, sid: str, fn) -> State:
    i = world.seats[sid]  # survivors are kept in seat order
    sv = state.survivors
    return replace(state, survivors=sv[:i] + (fn(sv[i]),) + sv[i + 1 :])


def _with(world: World, state: State, sid: str, **changes) -> State:
    i = world.seats[sid]
    sv = state.survivors
    return replace(state, survivors=sv[:i] + (replace(sv[i], **changes),) + sv[i + 1 :])


def _add_zombies(zombies: dict, zone: str, kinds: dict[str, int], sign: int = 1) -> dict:
    out = dict(zombies)
    here = dict(out.get(zone, {}))
    for kind, n in kinds.items():
        left = here.get(kind, 0) + sign * n
        if left > 0:
            here[kind] = left
        else:
            here.pop(kind, None)
    if here:
        out[zone] = here
    else:
        out.pop(zone, None)
    return out


def _take_strays(
    state: State, zone: str, kind: str, count: int, avoid: str = ""
) -> tuple[list[tuple[str, int]], list[Stray]]:
    """Which `count` runners or dogs leave `zone` (ST-5.2 bookkeeping): first those
    that began the phase there, then those from elsewhere, those from `avoid` last.
    Returns (start zone, number) of those taken, and the strays that stay."""
    here = state.zombies.get(zone, {}).get(kind, 0)
    away = sorted(state.strays_in(zone, kind), key=lambda g: (g.start == avoid, g.start))
    native = min(count, max(0, here - sum(g.count for g in away)))
    taken = [(zone, native)] if native else []
    left = count - native
    rest = [g for g in state.strays if not (g.zone == zone and g.kind == kind)]
    for g in away:
        n = min(left, g.count)
        left -= n
        if n:
            taken.append((g.start, n))
        if g.count > n:
            rest.append(replace(g, count=g.count - n))
    return taken, rest


def _regroup(strays: list[Stray]) -> tuple[Stray, ...]:
    """Merged by (zone, kind, start), in a fixed order; a zombie back at its start is native."""
    counts: dict[tuple[str, str, str], int] = {}
    for g in strays:
        if g.zone != g.start and g.count > 0:
            key = (g.zone, g.kind, g.start)
            counts[key] = counts.get(key, 0) + g.count
    return tuple(Stray(z, k, st, n) for (z, k, st), n in sorted(counts.items()))


def _drop(floor: dict, zone: str, cards: tuple[Card, ...]) -> dict:
    if not cards:
        return floor
    out = dict(floor)
    out[zone] = out.get(zone, ()) + cards
    return out


def _refill(s: Survivor) -> Survivor:
    def full(c: Card) -> Card:
        spec = content.card(c.id)
        return Card(c.id, spec.ammo) if spec.kind == "ranged" else c

    return replace(s, hand=tuple(map(full, s.hand)), backpack=tuple(map(full, s.backpack)))


def _gain(s: Survivor, card: Card, place: str) -> Survivor:
    if place == "hand":
        return replace(s, hand=s.hand + (card,))
    if place == "backpack":
        return replace(s, backpack=s.backpack + (card,))
    return s


def _remove_card(s: Survivor, place: str, slot: int) -> Survivor:
    if place == "hand":
        return replace(s, hand=s.hand[:slot] + s.hand[slot + 1 :])
    return replace(s, backpack=s.backpack[:slot] + s.backpack[slot + 1 :])


def _new_round(state: State, world: World) -> State:
    survivors = tuple(
        replace(s, used=0, stims=0, searched=False, medic_used=False, lucky_used=False)
        for s in state.survivors
    )
    seats = len(state.survivors)
    first = state.first
    for step in range(1, seats + 1):  # ST-2.3: the token passes to the next living seat
        cand = (state.first + step) % seats
        if state.survivors[cand].alive:
            first = cand
            break
    return replace(
        state,
        survivors=survivors,
        phase="players",
        strays=(),
        noise={},
        marker=None,
        round=state.round + 1,
        active=None,
        done=(),
        first=first,
        absorbed=(),
    )


def _deck_shuffled(world: World, state: State, event: ev.DeckShuffled) -> State:
    deck = event.deck
    order = event.order
    return replace(
        state,
        **{deck if deck != "zombie" else "zombie_deck": order},
        **{f"{deck}_discard": ()},
        shuffles=state.shuffles + 1,
    )


def _activated(world: World, state: State, event: ev.Activated) -> State:
    sid = event.survivor
    return replace(state, active=sid)


def _activation_ended(world: World, state: State, event: ev.ActivationEnded) -> State:
    sid = event.survivor
    return replace(
        state,
        active=None if state.active == sid else state.active,
        done=state.done + (sid,) if sid not in state.done else state.done,
    )


def _action_spent(world: World, state: State, event: ev.ActionSpent) -> State:
    sid = event.survivor
    return _update(world, state, sid, lambda s: replace(s, used=s.used + 1))


def _moved(world: World, state: State, event: ev.Moved) -> State:
    sid = event.survivor
    path = event.path
    return _with(world, state, sid, zone=path[-1])


def _rolled(world: World, state: State, event: ev.Rolled) -> State:
    dice = event.dice
    return replace(state, dice_used=state.dice_used + len(dice))


def _zombies_killed(world: World, state: State, event: ev.ZombiesKilled) -> State:
    sid = event.survivor
    zone = event.zone
    kinds = event.kinds
    n = sum(kinds.values())
    strays = state.strays
    for kind in content.NO_RETURN:
        if kinds.get(kind) and strays:
            strays = _regroup(
                _take_strays(replace(state, strays=strays), zone, kind, kinds[kind])[1]
            )
    return _update(
        world,
        replace(
            state,
            zombies=_add_zombies(state.zombies, zone, kinds, -1),
            kills=state.kills + n,
            strays=strays,
        ),
        sid,
        lambda s: replace(s, kills=s.kills + n),
    )


def _xp_gained(world: World, state: State, event: ev.XpGained) -> State:
    sid = event.survivor
    amount = event.amount
    return _update(world, state, sid, lambda s: replace(s, xp=s.xp + amount))


def _ammo_spent(world: World, state: State, event: ev.AmmoSpent) -> State:
    sid = event.survivor
    slot = event.slot

    def spend(s: Survivor) -> Survivor:
        c = s.hand[slot]
        hand = s.hand[:slot] + (Card(c.id, c.ammo - 1),) + s.hand[slot + 1 :]
        return replace(s, hand=hand)

    return _update(world, state, sid, spend)


def _wounded(world: World, state: State, event: ev.Wounded) -> State:
    sid = event.survivor
    return _update(world, state, sid, lambda s: replace(s, wounds=s.wounds + 1))


def _wound_absorbed(world: World, state: State, event: ev.WoundAbsorbed) -> State:
    sid = event.survivor
    source = event.source
    return replace(state, absorbed=state.absorbed + (f"{sid}:{source}",))


def _eliminated(world: World, state: State, event: ev.Eliminated) -> State:
    sid = event.survivor
    zone = event.zone
    s = state.survivor(sid)
    assert s is not None
    state = replace(
        state,
        floor=_drop(state.floor, zone, s.hand + s.backpack),
        active=None if state.active == sid else state.active,
    )
    return _with(world, state, sid, alive=False, hand=(), backpack=())


def _noise_made(world: World, state: State, event: ev.NoiseMade) -> State:
    zone = event.zone
    amount = event.amount
    noise = dict(state.noise)
    noise[zone] = noise.get(zone, 0) + amount
    return replace(state, noise=noise)


def _marker_moved(world: World, state: State, event: ev.MarkerMoved) -> State:
    zone = event.zone
    return replace(state, marker=zone)


def _door_opened(world: World, state: State, event: ev.DoorOpened) -> State:
    door = event.door
    return replace(state, doors={**state.doors, door: "open"})


def _doors_unlocked(world: World, state: State, event: ev.DoorsUnlocked) -> State:
    doors = event.doors
    return replace(
        state,
        doors={d: ("closed" if d in doors and st == "locked" else st)
               for d, st in state.doors.items()},
    )  # fmt: skip


def _zones_revealed(world: World, state: State, event: ev.ZonesRevealed) -> State:
    zones = event.zones
    return replace(state, dark=tuple(z for z in state.dark if z not in zones))


def _zombies_spawned(world: World, state: State, event: ev.ZombiesSpawned) -> State:
    zone = event.zone
    kinds = event.kinds
    return replace(state, zombies=_add_zombies(state.zombies, zone, kinds))


def _zombies_moved(world: World, state: State, event: ev.ZombiesMoved) -> State:
    kind = event.kind
    count = event.count
    path = event.path
    zombies = _add_zombies(state.zombies, path[0], {kind: count}, -1)
    strays = state.strays
    if kind in content.NO_RETURN:
        taken, rest = _take_strays(state, path[0], kind, count, avoid=path[-1])
        strays = _regroup(rest + [Stray(path[-1], kind, start, n) for start, n in taken])
    return replace(state, zombies=_add_zombies(zombies, path[-1], {kind: count}), strays=strays)


def _zombies_attacked(world: World, state: State, event: ev.ZombiesAttacked) -> State:
    return state


def _searched(world: World, state: State, event: ev.Searched) -> State:
    sid = event.survivor
    card = event.card
    state = replace(state, search=state.search[1:], search_discard=state.search_discard + (card,))
    return _with(world, state, sid, searched=True)


def _equipment_drawn(world: World, state: State, event: ev.EquipmentDrawn) -> State:
    return replace(state, equipment=state.equipment[1:])


def _zombie_card_drawn(world: World, state: State, event: ev.ZombieCardDrawn) -> State:
    card = event.card
    return replace(
        state,
        zombie_deck=state.zombie_deck[1:],
        zombie_discard=state.zombie_discard + (card,),
    )


def _card_gained(world: World, state: State, event: ev.CardGained) -> State:
    sid = event.survivor
    card = event.card
    place = event.place
    if place == "floor":
        s = state.survivor(sid)
        assert s is not None
        return replace(state, floor=_drop(state.floor, s.zone, (card,)))
    return _update(world, state, sid, lambda s: _gain(s, card, place))


def _card_discarded(world: World, state: State, event: ev.CardDiscarded) -> State:
    card = event.card
    return replace(state, equipment_discard=state.equipment_discard + (card,))


def _reloaded(world: World, state: State, event: ev.Reloaded) -> State:
    sid = event.survivor
    return _update(world, state, sid, _refill)


def _card_used(world: World, state: State, event: ev.CardUsed) -> State:
    sid = event.survivor
    card = event.card
    place = event.place
    slot = event.slot
    spent = event.spent
    if not spent:
        return state
    state = replace(state, equipment_discard=state.equipment_discard + (card,))
    return _update(world, state, sid, lambda s: _remove_card(s, place, slot))


def _healed(world: World, state: State, event: ev.Healed) -> State:
    sid = event.survivor
    return _update(world, state, sid, lambda s: replace(s, wounds=max(0, s.wounds - 1)))


def _stim_taken(world: World, state: State, event: ev.StimTaken) -> State:
    sid = event.survivor
    return _update(world, state, sid, lambda s: replace(s, stims=s.stims + 1))


def _skill_used(world: World, state: State, event: ev.SkillUsed) -> State:
    sid = event.survivor
    skill = event.skill
    flag = {"medic": "medic_used", "lucky": "lucky_used"}.get(skill)
    return _with(world, state, sid, **{flag: True}) if flag else state


def _gear_arranged(world: World, state: State, event: ev.GearArranged) -> State:
    zone = event.zone
    hands = event.hands
    backpacks = event.backpacks
    floor = event.floor
    survivors = tuple(
        replace(s, hand=hands[s.id], backpack=backpacks[s.id]) if s.id in hands else s
        for s in state.survivors
    )
    new_floor = dict(state.floor)
    if floor:
        new_floor[zone] = floor
    else:
        new_floor.pop(zone, None)
    return replace(state, survivors=survivors, floor=new_floor)


def _objective_taken(world: World, state: State, event: ev.ObjectiveTaken) -> State:
    zone = event.zone
    objectives = list(state.objectives)
    objectives.remove(zone)
    return replace(
        state,
        objectives=tuple(objectives),
        objectives_taken=state.objectives_taken + 1,
    )


def _skill_gained(world: World, state: State, event: ev.SkillGained) -> State:
    sid = event.survivor
    skill = event.skill
    return _update(
        world, state, sid, lambda s: replace(s, skills=s.skills + (skill,), picks=s.picks + 1)
    )


def _decision_pending(world: World, state: State, event: ev.DecisionPending) -> State:
    pending = event.pending
    return replace(state, pending=pending)


def _decision_made(world: World, state: State, event: ev.DecisionMade) -> State:
    return replace(state, pending=None)


def _zombie_phase_started(world: World, state: State, event: ev.ZombiePhaseStarted) -> State:
    return replace(state, phase="zombies", active=None, absorbed=(), strays=())


def _runners_activated(world: World, state: State, event: ev.RunnersActivated) -> State:
    return state


def _round_ended(world: World, state: State, event: ev.RoundEnded) -> State:
    return _new_round(state, world)


def _game_won(world: World, state: State, event: ev.GameWon) -> State:
    return replace(state, phase="over", outcome="won", active=None)


def _game_lost(world: World, state: State, event: ev.GameLost) -> State:
    reason = event.reason
    return replace(state, phase="over", outcome="lost", lost_reason=reason, active=None)


_HANDLERS = {
    ev.DeckShuffled: _deck_shuffled,
    ev.Activated: _activated,
    ev.ActivationEnded: _activation_ended,
    ev.ActionSpent: _action_spent,
    ev.Moved: _moved,
    ev.Rolled: _rolled,
    ev.ZombiesKilled: _zombies_killed,
    ev.XpGained: _xp_gained,
    ev.AmmoSpent: _ammo_spent,
    ev.Wounded: _wounded,
    ev.WoundAbsorbed: _wound_absorbed,
    ev.Eliminated: _eliminated,
    ev.NoiseMade: _noise_made,
    ev.MarkerMoved: _marker_moved,
    ev.DoorOpened: _door_opened,
    ev.DoorsUnlocked: _doors_unlocked,
    ev.ZonesRevealed: _zones_revealed,
    ev.ZombiesSpawned: _zombies_spawned,
    ev.ZombiesMoved: _zombies_moved,
    ev.ZombiesAttacked: _zombies_attacked,
    ev.Searched: _searched,
    ev.EquipmentDrawn: _equipment_drawn,
    ev.ZombieCardDrawn: _zombie_card_drawn,
    ev.CardGained: _card_gained,
    ev.CardDiscarded: _card_discarded,
    ev.Reloaded: _reloaded,
    ev.CardUsed: _card_used,
    ev.Healed: _healed,
    ev.StimTaken: _stim_taken,
    ev.SkillUsed: _skill_used,
    ev.GearArranged: _gear_arranged,
    ev.ObjectiveTaken: _objective_taken,
    ev.SkillGained: _skill_gained,
    ev.DecisionPending: _decision_pending,
    ev.DecisionMade: _decision_made,
    ev.ZombiePhaseStarted: _zombie_phase_started,
    ev.RunnersActivated: _runners_activated,
    ev.RoundEnded: _round_ended,
    ev.GameWon: _game_won,
    ev.GameLost: _game_lost,
}


def evolve(world: World, state: State, event: ev.Event) -> State:
    """Fold one event into the state: a table lookup by event type."""
    handler = _HANDLERS.get(type(event))
    if handler is None:
        raise TypeError(f"not a station event: {event!r}")
    return handler(world, state, event)
