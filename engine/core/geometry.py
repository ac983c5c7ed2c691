"""Shared geometry: character grids, zones over cells, doors, line of sight,
zone distances and paths, and cell metrics. Nothing here knows a mode."""

from __future__ import annotations

import heapq
from collections import deque
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field

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


def supercover(a: Cell, b: Cell) -> Iterator[Cell]:
    """Every cell the segment between the centres of a and b passes through,
    including both side cells where it crosses a grid corner exactly (ST-4.3)."""
    x, y = a
    dx, dy = b[0] - a[0], b[1] - a[1]
    nx, ny = abs(dx), abs(dy)
    sx = 1 if dx > 0 else -1
    sy = 1 if dy > 0 else -1
    ix = iy = 0
    yield x, y
    while ix < nx or iy < ny:
        decision = (1 + 2 * ix) * ny - (1 + 2 * iy) * nx
        if decision == 0:
            yield x + sx, y
            yield x, y + sy
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
        yield x, y


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


class MapError(ValueError):
    """A map that cannot be read as zones and doors; `line` is 1-based in the map."""

    def __init__(self, reason: str, line: int | None = None) -> None:
        super().__init__(reason)
        self.reason = reason
        self.line = line


@dataclass(frozen=True)
class Door:
    id: str
    a: str
    b: str
    cell: Cell
    open_at_start: bool


@dataclass
class ZoneMap:
    """Zones over a grid: each non-wall, non-door character is a zone id.

    Connections between zones (ST-4.1) are edge contacts of their cells, or a
    door cell between them while that door is open. Derived tables (links,
    distances, line of sight) are cached per set of open doors."""

    grid: Grid
    zones: tuple[str, ...]
    cells: dict[str, tuple[Cell, ...]]
    doors: tuple[Door, ...]
    touching: frozenset[tuple[str, str]]
    _links: dict = field(default_factory=dict, repr=False)
    _dist: dict = field(default_factory=dict, repr=False)
    _los: dict = field(default_factory=dict, repr=False)

    @property
    def order(self) -> dict[str, int]:
        o = self.__dict__.get("_order")
        if o is None:
            o = {z: i for i, z in enumerate(self.zones)}
            self.__dict__["_order"] = o
        return o

    def door(self, door_id: str) -> Door | None:
        for d in self.doors:
            if d.id == door_id:
                return d
        return None

    def links(self, open_doors: frozenset[str]) -> dict[str, tuple[str, ...]]:
        got = self._links.get(open_doors)
        if got is None:
            pairs = set(self.touching)
            for d in self.doors:
                if d.id in open_doors:
                    pairs.add((d.a, d.b))
            nb: dict[str, set[str]] = {z: set() for z in self.zones}
            for a, b in pairs:
                nb[a].add(b)
                nb[b].add(a)
            order = self.order
            got = {z: tuple(sorted(n, key=order.__getitem__)) for z, n in nb.items()}
            self._links[open_doors] = got
        return got

    def distances(self, zone: str, open_doors: frozenset[str]) -> dict[str, int]:
        """Zone steps through connections from zone to every reachable zone (ST-4.2)."""
        key = (open_doors, zone)
        got = self._dist.get(key)
        if got is None:
            links = self.links(open_doors)
            got = {zone: 0}
            queue = deque([zone])
            while queue:
                z = queue.popleft()
                for n in links[z]:
                    if n not in got:
                        got[n] = got[z] + 1
                        queue.append(n)
            self._dist[key] = got
        return got

    def step_toward(self, start: str, goal: str, open_doors: frozenset[str]) -> str | None:
        """The next zone on a shortest path; among equal paths the one first in
        map order at each step (ST-5.3). None when unreachable or already there."""
        if start == goal:
            return None
        to_goal = self.distances(goal, open_doors)
        d = to_goal.get(start)
        if d is None:
            return None
        for n in self.links(open_doors)[start]:
            if to_goal.get(n) == d - 1:
                return n
        return None

    def _opaque(self, open_doors: frozenset[str]) -> bytearray:
        """1 for each cell that blocks sight (walls, void, closed doors); row-major."""
        key = ("opaque", open_doors)
        got = self._los.get(key)
        if got is None:
            width = self.grid.width
            open_cells = {d.cell for d in self.doors if d.id in open_doors}
            got = bytearray(width * self.grid.height)
            for (x, y), ch in self.grid.cells():
                if ch in NOT_ZONE and (x, y) not in open_cells:
                    got[y * width + x] = 1
            self._los[key] = got
        return got

    def _doors_between(self, a: str, b: str) -> frozenset[str]:
        key = ("bbox", a, b)
        got = self._los.get(key)
        if got is None:
            cells = self.cells[a] + self.cells[b]
            x0, x1 = min(x for x, _ in cells), max(x for x, _ in cells)
            y0, y1 = min(y for _, y in cells), max(y for _, y in cells)
            got = frozenset(
                d.id for d in self.doors if x0 <= d.cell[0] <= x1 and y0 <= d.cell[1] <= y1
            )
            self._los[key] = got
        return got

    def _has_portal(self, zone: str, opaque: bytearray) -> bool:
        """Can sight leave the zone at all? The first cell outside a zone on any
        supercover is edge-adjacent to one of its cells."""
        width, height = self.grid.width, self.grid.height
        own = set(self.cells[zone])
        for x, y in own:
            for dx, dy in ORTHOGONAL:
                nx, ny = x + dx, y + dy
                if (nx, ny) not in own and 0 <= nx < width and 0 <= ny < height:
                    if not opaque[ny * width + nx]:
                        return True
        return False

    def sees(self, a: str, b: str, open_doors: frozenset[str]) -> bool:
        """Line of sight between zones (ST-4.3), symmetric and cached."""
        if a == b:
            return True
        if b < a:
            a, b = b, a
        # only doors inside the pair's bounding box can change its answer
        key = (a, b, open_doors & self._doors_between(a, b))
        got = self._los.get(key)
        if got is None:
            opaque = self._opaque(open_doors)
            got = (
                self._has_portal(a, opaque)
                and self._has_portal(b, opaque)
                and _zones_see(self.cells[a], self.cells[b], opaque, self.grid.width)
            )
            self._los[key] = got
        return got


def _zones_see(
    cells_a: tuple[Cell, ...], cells_b: tuple[Cell, ...], opaque: bytearray, width: int
) -> bool:
    """Some supercover between a cell of A and a cell of B crosses no opaque cell.
    The walk is supercover() inlined: this loop is the engine's hottest."""
    cx = sum(x for x, _ in cells_b) / len(cells_b)
    cy = sum(y for _, y in cells_b) / len(cells_b)
    # cells of A nearest B first: a visible pair is usually found at once
    for x0, y0 in sorted(cells_a, key=lambda c: abs(c[0] - cx) + abs(c[1] - cy)):
        for x1, y1 in cells_b:
            dx, dy = x1 - x0, y1 - y0
            nx, ny = abs(dx), abs(dy)
            sx = 1 if dx > 0 else -1
            sy = 1 if dy > 0 else -1
            x, y, ix, iy = x0, y0, 0, 0
            clear = True
            while ix < nx or iy < ny:
                decision = (1 + 2 * ix) * ny - (1 + 2 * iy) * nx
                if decision == 0:
                    if opaque[y * width + x + sx] or opaque[(y + sy) * width + x]:
                        clear = False
                        break
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
                if opaque[y * width + x]:
                    clear = False
                    break
            if clear:
                return True
    return False


def parse_zones(text: str) -> ZoneMap:
    """Read zones and doors from an ASCII map (ST-1.1, ST-4.1, ST-4.4)."""
    grid = parse_grid(text)
    if not grid.rows:
        raise MapError("the map is empty")
    cells: dict[str, list[Cell]] = {}
    for cell, ch in grid.cells():
        if ch not in NOT_ZONE:
            if not ch.isprintable() or ch.isspace():
                raise MapError(f"unreadable character {ch!r} in the map", cell[1] + 1)
            cells.setdefault(ch, []).append(cell)
    if not cells:
        raise MapError("the map has no zones")
    zones = tuple(cells)  # dict order is first-cell reading order (ST-4.4)
    for z, cs in cells.items():
        _check_connected(z, cs)
    touching: set[tuple[str, str]] = set()
    for cell, ch in grid.cells():
        if ch in NOT_ZONE:
            continue
        for dx, dy in ((1, 0), (0, 1)):
            other = grid.at((cell[0] + dx, cell[1] + dy))
            if other not in NOT_ZONE and other != ch:
                touching.add((min(ch, other), max(ch, other)))
    doors: list[Door] = []
    seen: dict[str, int] = {}
    for cell, ch in grid.cells():
        if ch not in (CLOSED_DOOR, OPEN_DOOR):
            continue
        x, y = cell
        left, right = grid.at((x - 1, y)), grid.at((x + 1, y))
        up, down = grid.at((x, y - 1)), grid.at((x, y + 1))
        horiz = left not in NOT_ZONE and right not in NOT_ZONE
        vert = up not in NOT_ZONE and down not in NOT_ZONE
        if horiz == vert:
            raise MapError(
                f"the door at column {x + 1} must join exactly two zones on opposite sides",
                y + 1,
            )
        a, b = (left, right) if horiz else (up, down)
        side = (up, down) if horiz else (left, right)
        if any(s not in NOT_ZONE for s in side):
            raise MapError(f"the door at column {x + 1} touches a third zone", y + 1)
        if a == b:
            raise MapError(f"the door at column {x + 1} joins zone {a!r} to itself", y + 1)
        base = "-".join(sorted((a, b)))
        seen[base] = seen.get(base, 0) + 1
        door_id = base if seen[base] == 1 else f"{base}.{seen[base]}"
        doors.append(Door(door_id, *sorted((a, b)), cell, ch == OPEN_DOOR))
    return ZoneMap(
        grid=grid,
        zones=zones,
        cells={z: tuple(cs) for z, cs in cells.items()},
        doors=tuple(doors),
        touching=frozenset(touching),
    )


def _check_connected(zone: str, cells: list[Cell]) -> None:
    todo = {cells[0]}
    left = set(cells)
    left.discard(cells[0])
    while todo:
        x, y = todo.pop()
        for dx, dy in ORTHOGONAL:
            n = (x + dx, y + dy)
            if n in left:
                left.discard(n)
                todo.add(n)
    if left:
        stray = min(left, key=lambda c: (c[1], c[0]))
        raise MapError(f"zone {zone!r} is split in two parts", stray[1] + 1)
