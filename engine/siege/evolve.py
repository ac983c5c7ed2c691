"""evolve(world, state, event) -> state: pure, total, no chance (STYLE 3)."""

from __future__ import annotations

from msgspec.structs import replace

from engine.siege import board as b
from engine.siege import events as ev
from engine.siege.board import Cell
from engine.siege.rules import World
from engine.siege.state import Human, Item, Pile, State, Zombie


def _with(world: World, state: State, hid: str, **changes) -> State:
    i = world.seats[hid]
    hs = state.humans
    return replace(state, humans=hs[:i] + (replace(hs[i], **changes),) + hs[i + 1 :])


def _h(world: World, state: State, hid: str) -> Human:
    return state.humans[world.seats[hid]]


def _without(items: tuple, slots: tuple[int, ...]) -> tuple:
    gone = set(slots)
    return tuple(it for i, it in enumerate(items) if i not in gone)


def _set_cell(rows: tuple[str, ...], cell: Cell, ch: str) -> tuple[str, ...]:
    x, y = cell
    row = rows[y]
    return rows[:y] + (row[:x] + ch + row[x + 1 :],) + rows[y + 1 :]


def _add_to_floor(floor: tuple[Pile, ...], cell: Cell, items: tuple[Item, ...]) -> tuple:
    piles = {p.at: p.items for p in floor}
    piles[cell] = piles.get(cell, ()) + items
    return tuple(Pile(c, piles[c]) for c in sorted(piles, key=b.reading) if piles[c])


def _zombies_with(state: State, zid: str, to: Cell) -> tuple[Zombie, ...]:
    return tuple(Zombie(z.id, to) if z.id == zid else z for z in state.zombies)


def _acted(state: State, zid: str) -> tuple[str, ...]:
    return state.zombies_acted + (zid,)


def evolve(world: World, state: State, event: ev.Event) -> State:  # noqa: C901 (one case per event)
    match event:
        case ev.DeckShuffled(order=order):
            return replace(state, search=order, discard=(), shuffles=state.shuffles + 1)
        case ev.TurnStarted(human=hid):
            h = _h(world, state, hid)
            state = replace(state, active=hid)
            return _with(world, state, hid, trail=(h.at,) if h.at else ())
        case ev.TurnEnded(human=hid):
            state = replace(
                state,
                active=None if state.active == hid else state.active,
                done=state.done + (hid,),
            )
            return _with(world, state, hid, aimed=False)
        case ev.ActionsSpent(human=hid, count=n):
            return _with(world, state, hid, used=_h(world, state, hid).used + n)
        case ev.ActionLost(human=hid):
            return _with(world, state, hid, used=_h(world, state, hid).used + 1)
        case ev.DecisionPending(pending=p):
            return replace(state, pending=p)
        case ev.RerollKept():
            return replace(state, pending=None)
        case ev.RoundStarted(round=r):
            humans = tuple(
                replace(h, used=0, moved=0, trail=(), aimed=False, rerolled=False)
                for h in state.humans
            )
            return replace(
                state,
                round=r,
                phase="humans",
                active=None,
                done=(),
                zombies_acted=(),
                humans=humans,
            )
        case ev.GameWon():
            return replace(state, phase="over", outcome="won", active=None)
        case ev.GameLost(reason=reason):
            return replace(state, phase="over", outcome="lost", lost_reason=reason, active=None)
        case ev.HumanMoved(human=hid, to=to, cost=cost):
            h = _h(world, state, hid)
            return _with(
                world,
                state,
                hid,
                at=to,
                used=h.used + cost,
                moved=h.moved + 1,
                trail=h.trail + (to,),
            )
        case ev.PassRolled():
            return replace(state, dice_used=state.dice_used + 1)
        case ev.HumanPassed(human=hid, to=to, cost=cost):
            h = _h(world, state, hid)
            return _with(
                world,
                state,
                hid,
                at=to,
                used=h.used + cost,
                moved=h.moved + 2,
                trail=h.trail + (to,),
            )
        case ev.HumanLifted(human=hid, target=tid):
            state = _with(world, state, hid, carrying=tid)
            return _with(world, state, tid, at=None, carried_by=hid)
        case ev.HumanSetDown(human=hid, target=tid, at=cell):
            state = _with(world, state, hid, carrying=None)
            return _with(world, state, tid, at=cell, carried_by=None)
        case ev.LifeLost(human=hid):
            return _with(world, state, hid, lives=_h(world, state, hid).lives - 1)
        case ev.LifeGained(human=hid):
            return _with(world, state, hid, lives=_h(world, state, hid).lives + 1)
        case ev.HumanDied(human=hid):
            return _with(world, state, hid, alive=False, at=None, lives=0, aimed=False)
        case ev.ItemsGiven(human=hid, to=to, slots=slots):
            h = _h(world, state, hid)
            moved = tuple(h.items[i] for i in slots)
            state = _with(world, state, hid, items=_without(h.items, slots))
            return _with(world, state, to, items=_h(world, state, to).items + moved)
        case ev.ItemsDropped(human=hid, at=cell, slots=slots):
            h = _h(world, state, hid)
            moved = tuple(h.items[i] for i in slots)
            state = replace(state, floor=_add_to_floor(state.floor, cell, moved))
            return _with(world, state, hid, items=_without(h.items, slots))
        case ev.ItemsPickedUp(human=hid, at=cell, places=places):
            pile = state.pile(cell)
            got = tuple(pile.items[i] for i in places) if pile else ()
            left = _without(pile.items, places) if pile else ()
            floor = tuple(p for p in state.floor if p.at != cell)
            state = replace(state, floor=_add_to_floor(floor, cell, left))
            return _with(world, state, hid, items=_h(world, state, hid).items + got)
        case ev.ItemUsed(dice=dice, reroll=reroll, human=hid):
            state = replace(state, dice_used=state.dice_used + len(dice))
            if reroll:
                state = _with(world, replace(state, pending=None), hid, rerolled=True)
            return state
        case ev.ItemSpent(human=hid, slot=slot) | ev.ItemBroke(human=hid, slot=slot):
            h = _h(world, state, hid)
            state = replace(state, discard=state.discard + (h.items[slot].id,))
            return _with(world, state, hid, items=_without(h.items, (slot,)))
        case ev.FirearmEmptied(human=hid, slot=slot):
            h = _h(world, state, hid)
            items = h.items[:slot] + (Item(h.items[slot].id, True),) + h.items[slot + 1 :]
            return _with(world, state, hid, items=items)
        case ev.FirearmReloaded(human=hid, slot=slot):
            h = _h(world, state, hid)
            items = h.items[:slot] + (Item(h.items[slot].id, False),) + h.items[slot + 1 :]
            return _with(world, state, hid, items=items)
        case ev.Aimed(human=hid):
            return _with(world, state, hid, aimed=True)
        case ev.AimLost(human=hid):
            return _with(world, state, hid, aimed=False)
        case ev.AttackRolled(human=hid, dice=dice, reroll=reroll):
            state = replace(state, dice_used=state.dice_used + len(dice))
            if reroll:
                state = replace(state, pending=None)
            return _with(
                world, state, hid, aimed=False, rerolled=_h(world, state, hid).rerolled or reroll
            )
        case ev.ZombieKilled(zombie=zid, by=hid):
            state = replace(
                state,
                zombies=tuple(z for z in state.zombies if z.id != zid),
                kills=state.kills + 1,
            )
            if hid in world.seats:
                state = _with(world, state, hid, kills=_h(world, state, hid).kills + 1)
            return state
        case ev.ZombiePushed(zombie=zid, to=to):
            return replace(state, zombies=_zombies_with(state, zid, to))
        case ev.NoiseMade(at=cell):
            return replace(state, noise=cell)
        case ev.Blasted():
            return state
        case ev.TerrainDestroyed(at=cell) | ev.DoorBroken(at=cell):
            return replace(state, terrain=_set_cell(state.terrain, cell, b.RUBBLE))
        case (
            ev.BarricadeDestroyed(at=cell)
            | ev.BarricadeBroken(at=cell)
            | ev.BarricadeRemoved(at=cell)
        ):
            return replace(state, barricades=tuple(c for c in state.barricades if c != cell))
        case ev.SpotSearched(human=hid, at=cell):
            return _with(world, state, hid, searched=_h(world, state, hid).searched + (cell,))
        case ev.ItemFound(human=hid, item=iid):
            state = replace(state, search=state.search[1:])
            return _with(world, state, hid, items=_h(world, state, hid).items + (Item(iid),))
        case ev.NothingFound():
            return state
        case ev.DoorOpened(at=cell):
            return replace(state, terrain=_set_cell(state.terrain, cell, b.OPEN_DOOR))
        case ev.DoorClosed(at=cell):
            return replace(state, terrain=_set_cell(state.terrain, cell, b.CLOSED_DOOR))
        case ev.BarricadeBuilt(at=cell):
            return replace(
                state, barricades=tuple(sorted(state.barricades + (cell,), key=b.reading))
            )
        case ev.ZombieTurnStarted():
            return replace(state, phase="zombies", active=None, zombies_acted=())
        case ev.ZombieMoved(zombie=zid, to=to):
            return replace(
                state, zombies=_zombies_with(state, zid, to), zombies_acted=_acted(state, zid)
            )
        case ev.ZombieAttacked(zombie=zid) | ev.BreakRolled(zombie=zid):
            return replace(state, dice_used=state.dice_used + 1, zombies_acted=_acted(state, zid))
        case ev.ZombieTurnEnded():
            return state
        case ev.SpawnRolled():
            return replace(state, dice_used=state.dice_used + 1)
        case ev.ZombieSpawned(zombie=zid, at=cell):
            return replace(
                state,
                zombies=state.zombies + (Zombie(zid, cell),),
                next_zombie=state.next_zombie + 1,
            )
        case ev.NoiseCleared():
            return replace(state, noise=None)
    return state
