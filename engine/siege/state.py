"""Siege state: frozen data, updated with msgspec.structs.replace.

Cells are (x, y) tuples; collections are tuples kept in a fixed order
(humans in seat order, zombies by arrival, floor piles in reading order)."""

from __future__ import annotations

import msgspec

Cell = tuple[int, int]


class Item(msgspec.Struct, frozen=True, array_like=True, gc=False):
    id: str
    empty: bool = False  # a firearm out of ammo (SI-8 oops)


class Human(msgspec.Struct, frozen=True):
    id: str
    at: Cell | None  # None when dead or carried
    lives: int
    items: tuple[Item, ...] = ()  # in the order gained
    alive: bool = True
    kills: int = 0
    used: int = 0  # actions spent this turn
    moved: int = 0  # cells moved on their own this turn (SI-2 wounded)
    trail: tuple[Cell, ...] = ()  # cells stood on this turn (SI-4 set down)
    aimed: bool = False
    rerolled: bool = False  # the preferred re-roll is used this turn (SI-9)
    carrying: str | None = None
    carried_by: str | None = None
    searched: tuple[Cell, ...] = ()  # spots, and cars by their first cell


class Zombie(msgspec.Struct, frozen=True, array_like=True, gc=False):
    id: str
    at: Cell


class Pile(msgspec.Struct, frozen=True, array_like=True):
    at: Cell
    items: tuple[Item, ...]


class Pending(msgspec.Struct, frozen=True):
    """A roll waiting on the preferred-item re-roll decision (SI-9)."""

    kind: str  # reroll
    human: str
    options: tuple[str, ...]
    dice: tuple[int, ...]
    action: str  # attack | use
    item: str  # the weapon or item
    slot: int  # its place in the human's items
    at: Cell | None = None  # the attacked cell
    target: str | None = None  # first aid: who is healed
    aim: int = 0
    club: bool = False  # an empty firearm used as a club


class State(msgspec.Struct, frozen=True):
    terrain: tuple[str, ...]  # the map now: doors, rubble (no figures, no barricades)
    barricades: tuple[Cell, ...]
    humans: tuple[Human, ...]  # seat order
    zombies: tuple[Zombie, ...]  # by arrival: z1, z2, ...
    floor: tuple[Pile, ...] = ()
    search: tuple[str, ...] = ()  # the search deck, top first
    discard: tuple[str, ...] = ()
    next_zombie: int = 1
    round: int = 1
    phase: str = "humans"  # humans | zombies | over
    active: str | None = None
    done: tuple[str, ...] = ()
    zombies_acted: tuple[str, ...] = ()
    noise: Cell | None = None
    pending: Pending | None = None
    outcome: str | None = None
    lost_reason: str = ""
    dice_used: int = 0
    shuffles: int = 0
    kills: int = 0

    def human(self, hid: str) -> Human | None:
        for h in self.humans:
            if h.id == hid:
                return h
        return None

    def zombie(self, zid: str) -> Zombie | None:
        for z in self.zombies:
            if z.id == zid:
                return z
        return None

    def zombie_at(self, cell: Cell) -> Zombie | None:
        for z in self.zombies:
            if z.at == cell:
                return z
        return None

    def human_at(self, cell: Cell) -> Human | None:
        for h in self.humans:
            if h.at == cell:
                return h
        return None

    def occupied(self) -> set[Cell]:
        taken = {z.at for z in self.zombies}
        taken.update(h.at for h in self.humans if h.at is not None)
        return taken

    def pile(self, cell: Cell) -> Pile | None:
        for p in self.floor:
            if p.at == cell:
                return p
        return None

    def living(self) -> list[Human]:
        return [h for h in self.humans if h.alive]
