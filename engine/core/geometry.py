"""Shared geometry: character grids, lines between cells (the supercover),
cheapest cell paths and cell metrics. Nothing here knows a mode; Station's
zones over cells, with their doors and zone-to-zone sight, are
engine/station/zones.py."""

from __future__ import annotations

import heapq
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass

Cell = tuple[int, int]  # (x, y): column, row

WALL = "#"
CLOSED_DOOR = "+"
OPEN_DOOR = "'"
VOID = " "
NOT_ZONE = {WALL, CLOSED_DOOR, OPEN_DOOR, VOID}


def manhattan(a: Cell, b: Cell) -> int:
    return abs(a[0] - b[0]) + abs(a[1] - b[1])


def chebyshev(a: Cell, b: Cell) -> int:
    return max(abs(a[0] - b[0]), abs(a[1] - b[1]))


ORTHOGONAL: tuple[Cell, ...] = ((1, 0), (-1, 0), (0, 1), (0, -1))
EIGHT_WAYS: tuple[Cell, ...] = ORTHOGONAL + ((1, 1), (1, -1), (-1, 1), (-1, -1))


@dataclass(frozen=True)
class Grid:
    """A rectangular character grid; rows are padded with VOID."""

    rows: tuple[str, ...]

    @property
    def height(self) -> int:
        return len(self.rows)

    @property
    def width(self) -> int:
        return len(self.rows[0]) if self.rows else 0

    def at(self, cell: Cell) -> str:
        x, y = cell
        if 0 <= y < len(self.rows) and 0 <= x < len(self.rows[y]):
            return self.rows[y][x]
        return VOID

    def cells(self) -> Iterator[tuple[Cell, str]]:
        for y, row in enumerate(self.rows):
            for x, ch in enumerate(row):
                yield (x, y), ch


def parse_grid(text: str) -> Grid:
    """Parse an ASCII map: blank lines at either end are dropped, rows padded."""
    lines = text.split("\n")
    while lines and not lines[0].strip():
        lines.pop(0)
    while lines and not lines[-1].strip():
        lines.pop()
    width = max((len(line.rstrip()) for line in lines), default=0)
    return Grid(tuple(line.rstrip().ljust(width) for line in lines))


def line_steps(a: Cell, b: Cell) -> Iterator[tuple[Cell, tuple[Cell, Cell] | None]]:
    """The segment between the centres of a and b, one step at a time: each
    cell it enters after a, with the two cells beside the grid corner it
    passed exactly on the way there (None when it crossed an edge). How a
    corner counts is the mode's rule; supercover counts both side cells."""
    x, y = a
    dx, dy = b[0] - a[0], b[1] - a[1]
    nx, ny = abs(dx), abs(dy)
    sx = 1 if dx > 0 else -1
    sy = 1 if dy > 0 else -1
    ix = iy = 0
    while ix < nx or iy < ny:
        decision = (1 + 2 * ix) * ny - (1 + 2 * iy) * nx
        corner = None
        if decision == 0:
            corner = ((x + sx, y), (x, y + sy))
            x += sx
            y += sy
            ix += 1
            iy += 1
        elif decision < 0:
            x += sx
            ix += 1
        else:
            y += sy
            iy += 1
        yield (x, y), corner


def supercover(a: Cell, b: Cell) -> Iterator[Cell]:
    """Every cell the segment between the centres of a and b passes through,
    including both side cells where it crosses a grid corner exactly (ST-4.3)."""
    yield a
    for cell, corner in line_steps(a, b):
        if corner is not None:
            yield from corner
        yield cell


def clear_line(a: Cell, b: Cell, blocked: Callable[[Cell], bool]) -> bool:
    return not any(blocked(c) for c in supercover(a, b))


def cell_costs_path(
    start: Cell,
    goal: Cell,
    cost: Callable[[Cell], int | None],
    steps: Iterable[Cell] = ORTHOGONAL,
) -> list[Cell] | None:
    """Cheapest path on a cell grid (Dijkstra); cost(cell) None means impassable.
    Ties are broken by reading order of the cells, so paths are deterministic."""
    steps = tuple(steps)
    best = {start: 0}
    came: dict[Cell, Cell] = {}
    heap = [(0, start[1], start[0])]
    while heap:
        d, y, x = heapq.heappop(heap)
        cell = (x, y)
        if cell == goal:
            path = [cell]
            while cell in came:
                cell = came[cell]
                path.append(cell)
            return path[::-1]
        if d > best.get(cell, 1 << 30):
            continue
        for ddx, ddy in steps:
            nxt = (x + ddx, y + ddy)
            c = cost(nxt)
            if c is None:
                continue
            nd = d + c
            if nd < best.get(nxt, 1 << 30):
                best[nxt] = nd
                came[nxt] = cell
                heapq.heappush(heap, (nd, nxt[1], nxt[0]))
    return None
