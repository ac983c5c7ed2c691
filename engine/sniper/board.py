"""The sniper's board (SN-1): terrain by glyph, sight lines, steps and paths.

Cells are (x, y); distance is Chebyshev and steps go to the 8 neighbours.
Sight between two cells is the kernel's supercover: no cell strictly
between them may block it. Derived tables are cached on the Board, which
never changes during a game (smoke is passed in, it comes and goes)."""

from __future__ import annotations

from collections import deque
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from functools import cached_property

from engine.core.geometry import Cell, Grid, chebyshev, supercover

OPEN = frozenset(".-E")
COVER = frozenset('"%=:aSD')
ENTERABLE = OPEN | COVER
BLOCKS_SIGHT = frozenset('"# ')
ROAD = "-"
ESCAPE = "E"
CRATE = "a"
START = "S"
TERRAIN = ENTERABLE | frozenset("# RFT")

# the 8 neighbours in reading order: ties between equal paths go the same way
STEPS: tuple[Cell, ...] = ((-1, -1), (0, -1), (1, -1), (-1, 0), (1, 0), (-1, 1), (0, 1), (1, 1))


def neighbours(cell: Cell) -> list[Cell]:
    x, y = cell
    return [(x + dx, y + dy) for dx, dy in STEPS]


def near(a: Cell, b: Cell) -> bool:
    """On or next to (Chebyshev 1)."""
    return chebyshev(a, b) <= 1


@dataclass
class Board:
    grid: Grid  # terrain only: unit glyphs are replaced by the ground they stand on
    _between: dict = field(default_factory=dict, repr=False)
    _clear: dict = field(default_factory=dict, repr=False)
    _glyph_cells: dict = field(default_factory=dict, repr=False)

    @property
    def width(self) -> int:
        return self.grid.width

    @property
    def height(self) -> int:
        return self.grid.height

    def inside(self, cell: Cell) -> bool:
        return 0 <= cell[0] < self.width and 0 <= cell[1] < self.height

    def glyph(self, cell: Cell) -> str:
        return self.grid.at(cell)

    @cached_property
    def enterable_cells(self) -> frozenset[Cell]:
        return frozenset(c for c, ch in self.grid.cells() if ch in ENTERABLE)

    @cached_property
    def road_cells(self) -> frozenset[Cell]:
        return frozenset(c for c, ch in self.grid.cells() if ch == ROAD)

    def enterable(self, cell: Cell) -> bool:
        return cell in self.enterable_cells

    def is_road(self, cell: Cell) -> bool:
        return cell in self.road_cells

    def is_open(self, cell: Cell) -> bool:
        return self.grid.at(cell) in OPEN

    def cells_of(self, glyph: str) -> tuple[Cell, ...]:
        got = self._glyph_cells.get(glyph)
        if got is None:
            got = tuple(c for c, ch in self.grid.cells() if ch == glyph)
            self._glyph_cells[glyph] = got
        return got

    def border_roads(self) -> tuple[Cell, ...]:
        """Road cells on the map's edge: where units enter (reading order)."""
        w, h = self.width, self.height
        return tuple(
            c
            for c, ch in self.grid.cells()
            if ch == ROAD and (c[0] in (0, w - 1) or c[1] in (0, h - 1))
        )

    def between(self, a: Cell, b: Cell) -> tuple[Cell, ...]:
        """The cells strictly between a and b on the supercover (a line is symmetric)."""
        key = (a, b) if a <= b else (b, a)
        got = self._between.get(key)
        if got is None:
            got = tuple(c for c in supercover(*key) if c != a and c != b)
            self._between[key] = got
        return got

    def clear(self, a: Cell, b: Cell, smoke: frozenset[Cell] = frozenset()) -> bool:
        """A sight line between a and b: walls, trees, the void and smoke block it."""
        key = (a, b) if a <= b else (b, a)
        got = self._clear.get(key)
        if got is None:
            at = self.grid.at
            got = not any(at(c) in BLOCKS_SIGHT for c in self.between(a, b))
            self._clear[key] = got
        if not got or not smoke:
            return got
        return not any(c in smoke for c in self.between(a, b))

    def distances(
        self, goals: Iterable[Cell], passable: Callable[[Cell], bool], until: Cell | None = None
    ) -> dict:
        """Steps from the nearest goal to every cell reachable through passable
        cells; with `until`, it stops once that cell is reached (every cell nearer
        the goals than it is then known)."""
        dist: dict[Cell, int] = {}
        queue: deque[Cell] = deque()
        for g in goals:
            if g not in dist:
                dist[g] = 0
                queue.append(g)
        while queue:
            cell = queue.popleft()
            if cell == until:
                break
            d = dist[cell] + 1
            x, y = cell
            for dx, dy in STEPS:
                n = (x + dx, y + dy)
                if n not in dist and passable(n):
                    dist[n] = d
                    queue.append(n)
        return dist

    def path(
        self, start: Cell, goals: Iterable[Cell], passable: Callable[[Cell], bool]
    ) -> list[Cell] | None:
        """A shortest path from start to the nearest goal (cells entered, start
        excluded); among equal paths, each step takes the first neighbour in
        reading order. None when no goal can be reached."""
        dist = self.distances(goals, passable, until=start)
        if start not in dist:
            return None
        out: list[Cell] = []
        cell = start
        while dist[cell] > 0:
            x, y = cell
            for dx, dy in STEPS:
                n = (x + dx, y + dy)
                if dist.get(n) == dist[cell] - 1:
                    cell = n
                    break
            out.append(cell)
        return out

    def reach(self, start: Cell, steps: int, passable: Callable[[Cell], bool]) -> dict:
        """Cells within `steps` of start through passable cells, with their distance."""
        dist = {start: 0}
        queue = deque([start])
        while queue:
            cell = queue.popleft()
            d = dist[cell] + 1
            if d > steps:
                continue
            x, y = cell
            for dx, dy in STEPS:
                n = (x + dx, y + dy)
                if n not in dist and passable(n):
                    dist[n] = d
                    queue.append(n)
        return dist
