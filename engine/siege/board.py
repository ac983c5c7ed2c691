"""The Siege cell grid (RULES SI-1, SI-2, SI-8): what each glyph lets a
figure do, lines between cells, and the fixed features of a map.

The terrain that changes (doors, rubble) is a tuple of rows in the state;
barricades sit on top of it in their own list, so removing one gives back
the cell beneath (a floor or a window)."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass

from engine.core.geometry import line_steps

Cell = tuple[int, int]  # (x, y): column, row

ORTHOGONAL: tuple[Cell, ...] = ((1, 0), (-1, 0), (0, 1), (0, -1))

FLOOR, SPAWN, RUBBLE = ".", "S", "%"
OPEN_DOOR, CLOSED_DOOR, WINDOW = "'", "+", "="
FURNITURE, BUSHES = "&", '"'
WALL, VOID = "#", " "
CAR, CAR_END = "C", "c"
SPOT, BARRICADE, ZOMBIE = "X", "B", "Z"
STARTS = "1234"

# what a human pays to enter a cell (SI-2); cells missing here cannot be entered
HUMAN_COST = {
    FLOOR: 1,
    SPAWN: 1,
    RUBBLE: 1,
    OPEN_DOOR: 1,
    WINDOW: 3,
    FURNITURE: 3,
    BUSHES: 3,
}
ZOMBIE_ENTERS = frozenset(HUMAN_COST)  # where figures stand: the same cells for both sides
LINE_BLOCKERS = frozenset({WALL, VOID, CLOSED_DOOR, CAR})  # and barricades (SI-8)
BREAKABLE = frozenset({CLOSED_DOOR})  # and barricades: zombies break them on a 6 (SI-11)
BLAST_TO_RUBBLE = frozenset({WALL, CLOSED_DOOR, OPEN_DOOR, WINDOW})  # clarification 7
GLYPHS = (
    frozenset(HUMAN_COST)
    | {
        CLOSED_DOOR,
        WALL,
        VOID,
        CAR,
        CAR_END,
        SPOT,
        BARRICADE,
        ZOMBIE,
    }
    | set(STARTS)
)


def spot(cell) -> str:
    """A cell as the game writes it: "19,4" (column, row)."""
    return f"{cell[0]},{cell[1]}"


def manhattan(a: Cell, b: Cell) -> int:
    return abs(a[0] - b[0]) + abs(a[1] - b[1])


def adjacent(a: Cell, b: Cell) -> bool:
    return manhattan(a, b) == 1


def neighbours(cell: Cell) -> Iterator[Cell]:
    """Orthogonal neighbours in reading order (up, left, right, down)."""
    x, y = cell
    yield x, y - 1
    yield x - 1, y
    yield x + 1, y
    yield x, y + 1


def reading(cell: Cell) -> tuple[int, int]:
    """Sort key: reading order (row, then column)."""
    return cell[1], cell[0]


def at(rows: tuple[str, ...], cell: Cell) -> str:
    x, y = cell
    if 0 <= y < len(rows) and 0 <= x < len(rows[y]):
        return rows[y][x]
    return VOID


def line_clear(a: Cell, b: Cell, blocks: Callable[[Cell], bool]) -> bool:
    """Clarification 1: the supercover between the centres of a and b, end
    cells excluded, crosses no blocking cell; where it passes a grid corner
    exactly, it is stopped only when both cells beside the corner block."""
    for cell, corner in line_steps(a, b):
        if corner is not None and blocks(corner[0]) and blocks(corner[1]):
            return False
        if cell != b and blocks(cell):
            return False
    return True


@dataclass(frozen=True)
class Board:
    """What never changes on a map: its size and its fixed features."""

    width: int
    height: int
    spots: tuple[Cell, ...]  # search spots (X), reading order
    cars: tuple[tuple[Cell, ...], ...]  # each car's cells in reading order
    spawns: tuple[Cell, ...]  # spawn cells (S), reading order

    def car_at(self, cell: Cell) -> int | None:
        for i, cells in enumerate(self.cars):
            if cell in cells:
                return i
        return None

    def inside(self, cell: Cell) -> bool:
        return 0 <= cell[0] < self.width and 0 <= cell[1] < self.height


def read_board(rows: tuple[str, ...]) -> Board:
    cells = [((x, y), ch) for y, row in enumerate(rows) for x, ch in enumerate(row)]
    car_cells = {c for c, ch in cells if ch in (CAR, CAR_END)}
    cars: list[tuple[Cell, ...]] = []
    seen: set[Cell] = set()
    for c, _ in cells:
        if c in car_cells and c not in seen:
            group, todo = {c}, [c]
            while todo:
                for n in neighbours(todo.pop()):
                    if n in car_cells and n not in group:
                        group.add(n)
                        todo.append(n)
            seen |= group
            cars.append(tuple(sorted(group, key=reading)))
    return Board(
        width=max((len(r) for r in rows), default=0),
        height=len(rows),
        spots=tuple(c for c, ch in cells if ch == SPOT),
        cars=tuple(cars),
        spawns=tuple(c for c, ch in cells if ch == SPAWN),
    )
