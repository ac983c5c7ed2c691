"""Items and the house's fittings: using, trading, dropping and picking up
items (SI-5..SI-7), searching (SI-10), barricades (SI-11) and doors."""

from __future__ import annotations

from engine.core.errors import RuleError
from engine.siege import board as b
from engine.siege import commands as cmd
from engine.siege import content
from engine.siege import events as ev
from engine.siege.board import Cell, adjacent, spot
from engine.siege.content import name
from engine.siege.flow import begin, check, end_check, heal_cap, need, start
from engine.siege.rules import free, preferred, slot_of, terrain
from engine.siege.state import Human, Pending
from engine.siege.turn import Turn

SEARCH_COST = 3  # SI-10


def slots_of(h: Human, wanted: tuple[str, ...]) -> tuple[int, ...]:
    """The places of the named items (first copies first); RuleError when one is missing."""
    if not wanted:
        raise RuleError("no_item", "name at least one item")
    taken: list[int] = []
    for iid in wanted:
        slot = next(
            (i for i, it in enumerate(h.items) if it.id == iid and i not in taken),
            None,
        )
        if slot is None:
            raise RuleError("no_item", f"{name(h.id)} carries no (more) {name(iid)}")
        taken.append(slot)
    return tuple(taken)


# -- using items (SI-6, SI-7) -----------------------------------------------------
def use(t: Turn, c: cmd.Use) -> None:
    h = begin(t, c.human, 1)
    slot = slot_of(h, c.item)
    if slot is None:
        raise RuleError("no_item", f"{name(h.id)} carries no {name(c.item)}")
    effect = content.item(c.item).effect
    if effect == "heal":
        _heal(t, h, slot, c.target)
    elif effect == "reload":
        _reload(t, h, slot, c.target)
    else:
        raise RuleError("no_item", f"{name(c.item)} is not used that way")


def _heal(t: Turn, h: Human, slot: int, target_id: str | None) -> None:
    target = t.human(target_id or h.id)
    if not target.alive:
        raise RuleError("dead", f"{name(target.id)} is dead")
    if target.id != h.id and (target.at is None or not adjacent(h.at, target.at)):
        raise RuleError("not_adjacent", f"{name(target.id)} is not next to {name(h.id)}")
    if target.lives >= heal_cap(target):
        raise RuleError("not_wounded", f"{name(target.id)} has all their lives")
    start(t, h.id, 1)
    item = h.items[slot].id
    dice = t.roll(1)
    worked = dice[0] in content.item(item).success
    t.emit(ev.ItemUsed(human=h.id, item=item, dice=dice, worked=worked))
    if not worked and item == preferred(h) and not h.rerolled:
        pending = Pending(
            kind="reroll",
            human=h.id,
            options=("reroll", "keep"),
            dice=dice,
            action="use",
            item=item,
            slot=slot,
            target=target.id,
        )
        t.emit(ev.DecisionPending(pending=pending))
        return
    _healed(t, h.id, item, slot, target.id, worked)


def _healed(t: Turn, hid: str, item: str, slot: int, target: str, worked: bool) -> None:
    if worked:
        t.emit(ev.LifeGained(human=target))
    t.emit(ev.ItemSpent(human=hid, item=item, slot=slot))


def choose(t: Turn, p: Pending, option: str) -> None:
    """Answer a pending re-roll of a failed use (the medic's first aid)."""
    if option == "keep":
        t.emit(ev.RerollKept(human=p.human))
        worked = False
    else:
        dice = t.roll(1)
        worked = dice[0] in content.item(p.item).success
        t.emit(ev.ItemUsed(human=p.human, item=p.item, dice=dice, worked=worked, reroll=True))
    _healed(t, p.human, p.item, p.slot, p.target or p.human, worked)


def _reload(t: Turn, h: Human, slot: int, target_id: str | None) -> None:
    empties = [i for i, it in enumerate(h.items) if it.empty and (target_id in (None, it.id))]
    if not empties:
        what = name(target_id) if target_id else "firearm"
        raise RuleError("no_item", f"{name(h.id)} carries no empty {what} to reload")
    start(t, h.id, 1)
    gun = empties[0]
    t.emit(ev.FirearmReloaded(human=h.id, item=h.items[gun].id, slot=gun))
    t.emit(ev.ItemSpent(human=h.id, item=h.items[slot].id, slot=slot))


# -- trading, dropping, picking up (SI-5, SI-6) --------------------------------------------
def trade(t: Turn, c: cmd.Trade) -> None:
    h = begin(t, c.human, 1)
    to = t.human(c.to)
    if not to.alive:
        raise RuleError("dead", f"{name(to.id)} is dead")
    if to.id == h.id or to.at is None or not adjacent(h.at, to.at):
        raise RuleError("not_adjacent", f"{name(to.id)} is not next to {name(h.id)}")
    slots = slots_of(h, c.items)
    start(t, h.id, 1)
    t.emit(ev.ItemsGiven(human=h.id, to=to.id, slots=slots, items=tuple(c.items)))


def drop(t: Turn, c: cmd.Drop) -> None:
    h = check(t, c.human)
    slots = slots_of(h, c.items)
    start(t, h.id)
    t.emit(ev.ItemsDropped(human=h.id, at=h.at, slots=slots, items=tuple(c.items)))


def pick_up(t: Turn, c: cmd.PickUp) -> None:
    h = begin(t, c.human, 1)
    pile = t.state.pile(h.at)
    if not c.items:
        raise RuleError("no_item", "name at least one item")
    places: list[int] = []
    for iid in c.items:
        place = next(
            (
                i
                for i, it in enumerate(pile.items if pile else ())
                if it.id == iid and i not in places
            ),
            None,
        )
        if place is None:
            raise RuleError("no_item", f"there is no (more) {name(iid)} on {name(h.id)}'s cell")
        places.append(place)
    start(t, h.id, 1)
    t.emit(ev.ItemsPickedUp(human=h.id, at=h.at, places=tuple(places), items=tuple(c.items)))


# -- searching (SI-10, clarification 7) ---------------------------------------------------
def search(t: Turn, c: cmd.Search) -> None:
    h = check(t, c.human)
    at = tuple(c.at)
    spot = _spot_key(t, h, at)
    need(h, SEARCH_COST)
    start(t, h.id, SEARCH_COST)
    t.emit(ev.SpotSearched(human=h.id, at=spot))
    card = t.draw()
    if card is None:
        t.emit(ev.NothingFound(human=h.id))
    else:
        t.emit(ev.ItemFound(human=h.id, item=card))
    end_check(t)


def _spot_key(t: Turn, h: Human, at: Cell) -> Cell:
    """The spot a search names: the X cell, or a car by its first cell."""
    car = t.world.board.car_at(at)
    if terrain(t.state, at) != b.SPOT and car is None:
        raise RuleError("not_a_spot", f"{spot(at)} is not a search spot or a car")
    if not adjacent(h.at, at):
        raise RuleError("not_adjacent", f"{spot(at)} is not next to {name(h.id)}")
    key = at if car is None else t.world.board.cars[car][0]
    if car is not None and not any(content.item(i.id).effect == "car_keys" for i in h.items):
        raise RuleError("no_tool", f"{name(h.id)} needs car keys to open a car's boot")
    if key in h.searched:
        raise RuleError("already_searched", f"{name(h.id)} has searched there already")
    return key


# -- barricades and doors (SI-11, clarification 8) -----------------------------------------
def barricade(t: Turn, c: cmd.Barricade) -> None:
    h = check(t, c.human)
    at = tuple(c.at)
    slot = next(
        (i for i, it in enumerate(h.items) if content.item(it.id).effect == "barricade"), None
    )
    if slot is None:
        raise RuleError("no_item", f"{name(h.id)} has no planks")
    if not adjacent(h.at, at):
        raise RuleError("not_adjacent", f"{spot(at)} is not next to {name(h.id)}")
    if at in t.state.barricades or not free(t.state, at):
        raise RuleError("not_free", f"a barricade goes on a free cell: {spot(at)} is not")
    cost = content.humans()[h.id].barricade_cost
    need(h, cost)
    start(t, h.id, cost)
    t.emit(ev.BarricadeBuilt(human=h.id, at=at))
    t.emit(ev.ItemSpent(human=h.id, item=h.items[slot].id, slot=slot))


def unbarricade(t: Turn, c: cmd.Unbarricade) -> None:
    h = check(t, c.human)
    at = tuple(c.at)
    costs = [content.item(i.id).unbarricade for i in h.items if content.item(i.id).unbarricade]
    if not costs:
        raise RuleError(
            "no_tool", f"{name(h.id)} needs a tool (a crowbar) to take a barricade down"
        )
    if not adjacent(h.at, at):
        raise RuleError("not_adjacent", f"{spot(at)} is not next to {name(h.id)}")
    if at not in t.state.barricades:
        raise RuleError("no_target", f"there is no barricade at {spot(at)}")
    need(h, min(costs))
    start(t, h.id, min(costs))
    t.emit(ev.BarricadeRemoved(human=h.id, at=at))


def open_door(t: Turn, c: cmd.OpenDoor) -> None:
    h = begin(t, c.human, 1)
    at = tuple(c.at)
    if not adjacent(h.at, at):
        raise RuleError("not_adjacent", f"{spot(at)} is not next to {name(h.id)}")
    if terrain(t.state, at) != b.CLOSED_DOOR or at in t.state.barricades:
        raise RuleError("no_target", f"there is no closed door at {spot(at)}")
    start(t, h.id, 1)
    t.emit(ev.DoorOpened(human=h.id, at=at))


def close_door(t: Turn, c: cmd.CloseDoor) -> None:
    h = begin(t, c.human, 1)
    at = tuple(c.at)
    if not adjacent(h.at, at):
        raise RuleError("not_adjacent", f"{spot(at)} is not next to {name(h.id)}")
    if terrain(t.state, at) != b.OPEN_DOOR or at in t.state.barricades:
        raise RuleError("no_target", f"there is no open door at {spot(at)}")
    if at in t.state.occupied() or t.state.pile(at) is not None:
        raise RuleError("not_free", f"the doorway {spot(at)} is not clear")
    start(t, h.id, 1)
    t.emit(ev.DoorClosed(human=h.id, at=at))
