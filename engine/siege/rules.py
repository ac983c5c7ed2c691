"""Derived facts of a Siege state: cells, loads, actions, reach.

Computed from state each time, never stored twice (STYLE 5)."""

from __future__ import annotations

from dataclasses import dataclass, field

from engine.siege import board as b
from engine.siege import content
from engine.siege.board import Board, Cell
from engine.siege.mission import Mission
from engine.siege.state import Human, Item, State


@dataclass(frozen=True)
class World:
    """What does not change during a game: the mission, its board, the seats."""

    mission: Mission
    board: Board
    seed: int
    dice: tuple[int, ...]
    zombie_seat: str  # ai | human
    seats: dict[str, int] = field(default_factory=dict)  # human -> seat

    @property
    def mission_id(self) -> str:
        return self.mission.id

    @property
    def sight(self) -> int:
        """How far a shot or a throw reaches in the dark (0: no limit)."""
        return self.mission.info.sight

    @property
    def turn_limit(self) -> int:
        return self.mission.info.turn_limit

    @property
    def win(self) -> str:
        return self.mission.info.win


# -- items and actions (SI-2, SI-5) ---------------------------------------------
def load(items: tuple[Item, ...]) -> int:
    return sum(content.item(i.id).units for i in items)


def overload(items: tuple[Item, ...]) -> int:
    """Clarification 4: each unit above 4 costs an action a turn."""
    return max(0, load(items) - content.CARRY_UNITS)


def max_actions(h: Human) -> int:
    return content.humans()[h.id].actions


def actions_left(h: Human) -> int:
    """Actions still to spend this turn, counted live from the load carried."""
    if not h.alive:
        return 0
    return max(0, max_actions(h) - overload(h.items) - h.used)


def wounded(h: Human) -> bool:
    return h.alive and h.lives == 1


def preferred(h: Human) -> str:
    return content.humans()[h.id].preferred


def slot_of(h: Human, item_id: str, loaded_first: bool = False) -> int | None:
    """The first copy of an item the human carries (a loaded one first if asked)."""
    slots = [i for i, it in enumerate(h.items) if it.id == item_id]
    if loaded_first:
        slots.sort(key=lambda i: h.items[i].empty)
    return slots[0] if slots else None


# -- cells ------------------------------------------------------------------------
def terrain(state: State, cell: Cell) -> str:
    return b.at(state.terrain, cell)


def human_cost(state: State, cell: Cell) -> int | None:
    """SI-2: actions to enter a cell; None where humans cannot go."""
    if cell in state.barricades:
        return None
    return b.HUMAN_COST.get(terrain(state, cell))


def zombie_enters(state: State, cell: Cell) -> bool:
    return cell not in state.barricades and terrain(state, cell) in b.ZOMBIE_ENTERS


def blocks_line(state: State, cell: Cell) -> bool:
    return cell in state.barricades or terrain(state, cell) in b.LINE_BLOCKERS


def breakable(state: State, cell: Cell) -> bool:
    """SI-11: a barricade or a closed door, which a zombie breaks on a 6."""
    return cell in state.barricades or terrain(state, cell) in b.BREAKABLE


def free(state: State, cell: Cell, taken: set[Cell] | None = None) -> bool:
    """A cell a figure may stand on and nobody stands on."""
    if taken is None:
        taken = state.occupied()
    return zombie_enters(state, cell) and cell not in taken


def sees(state: State, a: Cell, c: Cell) -> bool:
    return b.line_clear(a, c, lambda cell: blocks_line(state, cell))


def nearest_free(state: State, cell: Cell) -> Cell | None:
    """The free cell nearest to cell (Manhattan, then reading order)."""
    taken = state.occupied()
    best = None
    for y, row in enumerate(state.terrain):
        for x in range(len(row)):
            c = (x, y)
            if free(state, c, taken):
                key = (b.manhattan(c, cell), y, x)
                if best is None or key < best[0]:
                    best = (key, c)
    return best[1] if best else None


def spot_done(state: State, spot: Cell) -> bool:
    return any(spot in h.searched for h in state.humans)


def won(world: World, state: State) -> bool:
    """SI-13: every spot searched, by someone or (harder) by every living human."""
    spots = world.board.spots
    if world.win == "spots_by_all":
        living = state.living()
        return bool(living) and all(s in h.searched for h in living for s in spots)
    return all(spot_done(state, s) for s in spots)
