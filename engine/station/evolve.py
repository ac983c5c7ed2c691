"""evolve(world, state, event) -> state: pure, total, no chance (STYLE 3)."""

from __future__ import annotations

from msgspec.structs import replace

from engine.station import content
from engine.station import events as ev
from engine.station.rules import World
from engine.station.state import Card, State, Survivor


def _with(state: State, sid: str, **changes) -> State:
    return replace(
        state,
        survivors=tuple(replace(s, **changes) if s.id == sid else s for s in state.survivors),
    )


def _update(state: State, sid: str, fn) -> State:
    return replace(state, survivors=tuple(fn(s) if s.id == sid else s for s in state.survivors))


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
        noise={},
        marker=None,
        round=state.round + 1,
        active=None,
        done=(),
        first=first,
        absorbed=(),
    )


def evolve(world: World, state: State, event: ev.Event) -> State:
    match event:
        case ev.DeckShuffled(deck=deck, order=order):
            return replace(
                state,
                **{deck if deck != "zombie" else "zombie_deck": order},
                **{f"{deck}_discard": ()},
                shuffles=state.shuffles + 1,
            )
        case ev.Activated(survivor=sid):
            return replace(state, active=sid)
        case ev.ActivationEnded(survivor=sid):
            return replace(
                state,
                active=None if state.active == sid else state.active,
                done=state.done + (sid,) if sid not in state.done else state.done,
            )
        case ev.ActionSpent(survivor=sid):
            return _update(state, sid, lambda s: replace(s, used=s.used + 1))
        case ev.Moved(survivor=sid, path=path):
            return _with(state, sid, zone=path[-1])
        case ev.Rolled(dice=dice):
            return replace(state, dice_used=state.dice_used + len(dice))
        case ev.ZombiesKilled(survivor=sid, zone=zone, kinds=kinds):
            n = sum(kinds.values())
            return _update(
                replace(
                    state,
                    zombies=_add_zombies(state.zombies, zone, kinds, -1),
                    kills=state.kills + n,
                ),
                sid,
                lambda s: replace(s, kills=s.kills + n),
            )
        case ev.XpGained(survivor=sid, amount=amount):
            return _update(state, sid, lambda s: replace(s, xp=s.xp + amount))
        case ev.AmmoSpent(survivor=sid, slot=slot):

            def spend(s: Survivor) -> Survivor:
                c = s.hand[slot]
                hand = s.hand[:slot] + (Card(c.id, c.ammo - 1),) + s.hand[slot + 1 :]
                return replace(s, hand=hand)

            return _update(state, sid, spend)
        case ev.Wounded(survivor=sid):
            return _update(state, sid, lambda s: replace(s, wounds=s.wounds + 1))
        case ev.WoundAbsorbed(survivor=sid, source=source):
            return replace(state, absorbed=state.absorbed + (f"{sid}:{source}",))
        case ev.Eliminated(survivor=sid, zone=zone):
            s = state.survivor(sid)
            assert s is not None
            state = replace(
                state,
                floor=_drop(state.floor, zone, s.hand + s.backpack),
                active=None if state.active == sid else state.active,
            )
            return _with(state, sid, alive=False, hand=(), backpack=())
        case ev.NoiseMade(zone=zone, amount=amount):
            noise = dict(state.noise)
            noise[zone] = noise.get(zone, 0) + amount
            return replace(state, noise=noise)
        case ev.MarkerMoved(zone=zone):
            return replace(state, marker=zone)
        case ev.DoorOpened(door=door):
            return replace(state, doors={**state.doors, door: "open"})
        case ev.DoorsUnlocked(doors=doors):
            return replace(
                state,
                doors={d: ("closed" if d in doors and st == "locked" else st)
                       for d, st in state.doors.items()},
            )  # fmt: skip
        case ev.ZonesRevealed(zones=zones):
            return replace(state, dark=tuple(z for z in state.dark if z not in zones))
        case ev.ZombiesSpawned(zone=zone, kinds=kinds):
            return replace(state, zombies=_add_zombies(state.zombies, zone, kinds))
        case ev.ZombiesMoved(kind=kind, count=count, path=path):
            zombies = _add_zombies(state.zombies, path[0], {kind: count}, -1)
            return replace(state, zombies=_add_zombies(zombies, path[-1], {kind: count}))
        case ev.ZombiesAttacked():
            return state
        case ev.Searched(survivor=sid, card=card):
            state = replace(
                state, search=state.search[1:], search_discard=state.search_discard + (card,)
            )
            return _with(state, sid, searched=True)
        case ev.EquipmentDrawn():
            return replace(state, equipment=state.equipment[1:])
        case ev.ZombieCardDrawn(card=card):
            return replace(
                state,
                zombie_deck=state.zombie_deck[1:],
                zombie_discard=state.zombie_discard + (card,),
            )
        case ev.CardGained(survivor=sid, card=card, place=place):
            if place == "floor":
                s = state.survivor(sid)
                assert s is not None
                return replace(state, floor=_drop(state.floor, s.zone, (card,)))
            return _update(state, sid, lambda s: _gain(s, card, place))
        case ev.CardDiscarded(card=card):
            return replace(state, equipment_discard=state.equipment_discard + (card,))
        case ev.Reloaded(survivor=sid):
            return _update(state, sid, _refill)
        case ev.CardUsed(survivor=sid, card=card, place=place, slot=slot, spent=spent):
            if not spent:
                return state
            state = replace(state, equipment_discard=state.equipment_discard + (card,))
            return _update(state, sid, lambda s: _remove_card(s, place, slot))
        case ev.Healed(survivor=sid):
            return _update(state, sid, lambda s: replace(s, wounds=max(0, s.wounds - 1)))
        case ev.StimTaken(survivor=sid):
            return _update(state, sid, lambda s: replace(s, stims=s.stims + 1))
        case ev.SkillUsed(survivor=sid, skill=skill):
            flag = {"medic": "medic_used", "lucky": "lucky_used"}.get(skill)
            return _with(state, sid, **{flag: True}) if flag else state
        case ev.GearArranged(zone=zone, hands=hands, backpacks=backpacks, floor=floor):
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
        case ev.ObjectiveTaken(zone=zone):
            objectives = list(state.objectives)
            objectives.remove(zone)
            return replace(
                state,
                objectives=tuple(objectives),
                objectives_taken=state.objectives_taken + 1,
            )
        case ev.SkillGained(survivor=sid, skill=skill):
            return _update(
                state, sid, lambda s: replace(s, skills=s.skills + (skill,), picks=s.picks + 1)
            )
        case ev.DecisionPending(pending=pending):
            return replace(state, pending=pending)
        case ev.DecisionMade():
            return replace(state, pending=None)
        case ev.ZombiePhaseStarted():
            return replace(state, active=None, absorbed=())
        case ev.RunnersActivated():
            return state
        case ev.RoundEnded():
            return _new_round(state, world)
        case ev.GameWon():
            return replace(state, phase="over", outcome="won", active=None)
        case ev.GameLost(reason=reason):
            return replace(state, phase="over", outcome="lost", lost_reason=reason, active=None)
    raise TypeError(f"not a station event: {event!r}")
