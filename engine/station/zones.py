"""Station's map (RULES ST-4): zones over the cells of a character grid,
doors between them, which zone sees which (exact shadow casting from each
cell of a zone), zone distances and paths. Built on the kernel's grid and
lines (engine/core/geometry.py); only Station plays on zones."""

from __future__ import annotations

from collections import deque
from dataclasses import dataclass, field

from engine.core.geometry import (
    CLOSED_DOOR,
    NOT_ZONE,
    OPEN_DOOR,
    ORTHOGONAL,
    Cell,
    Grid,
    parse_grid,
)
from engine.station.zone_sight import sweep


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
            got = bytearray(self._tables()[3])  # every door shut
            for d in self.doors:
                if d.id in open_doors:
                    got[d.cell[1] * width + d.cell[0]] = 0
            self._los[key] = got
        return got

    def _tables(self) -> tuple[list[int], list[int], list[str], bytes]:
        """Per cell (row-major): its zone's number or -1, its door's number or -1;
        the door ids by number; 1 per cell that blocks sight with every door
        shut. Built once per map."""
        got = self._los.get("tables")
        if got is None:
            width = self.grid.width
            zone_at = [-1] * (width * self.grid.height)
            for n, z in enumerate(self.zones):
                for x, y in self.cells[z]:
                    zone_at[y * width + x] = n
            door_at = [-1] * len(zone_at)
            for n, d in enumerate(self.doors):
                door_at[d.cell[1] * width + d.cell[0]] = n
            shut = bytes(1 if z < 0 else 0 for z in zone_at)  # not a zone: wall, void, door
            got = (zone_at, door_at, [d.id for d in self.doors], shut)
            self._los["tables"] = got
        return got

    def _boxes(self) -> list[tuple[int, int, int, int]]:
        """Each zone's bounding box (x0, y0, x1, y1), by zone number."""
        got = self._los.get("boxes")
        if got is None:
            got = []
            for z in self.zones:
                xs = [x for x, _ in self.cells[z]]
                ys = [y for _, y in self.cells[z]]
                got.append((min(xs), min(ys), max(xs), max(ys)))
            self._los["boxes"] = got
        return got

    def _runs(self) -> dict[int, list[int]]:
        """Per step along a row or column (+1, -1, +width, -width), per cell: how
        many cells after it, that way, are of its zone (0 for a cell of none).
        A cast skips a run of a zone it has already seen in one step. Built
        once per map."""
        got = self._los.get("runs")
        if got is None:
            width, height = self.grid.width, self.grid.height
            zone_at = self._tables()[0]
            got = {}
            lines = {
                1: [[y * width + x for x in range(width)] for y in range(height)],
                width: [[y * width + x for y in range(height)] for x in range(width)],
            }
            for step, rows in lines.items():
                for sign in (1, -1):
                    run = [0] * len(zone_at)
                    for line in rows:
                        order = line if sign > 0 else line[::-1]
                        for a, b in zip(reversed(order[:-1]), reversed(order[1:]), strict=True):
                            if zone_at[a] >= 0 and zone_at[a] == zone_at[b]:
                                run[a] = run[b] + 1
                    got[sign * step] = run
            self._los["runs"] = got
        return got

    def visible_zones(self, zone: str, open_doors: frozenset[str]) -> frozenset[str]:
        """Every zone in line of sight of `zone` (ST-4.3), itself included.

        One sweep answers sees() for every pair with this zone, so the first
        zombie phase or look after a load costs a few sweeps rather than a
        supercover walk per pair of cells. Cached with the doors the sweep
        read: opening or closing any other door keeps the answer."""
        seen = self._visible_known(zone, open_doors)
        if seen is not None:
            return seen
        zone_at, door_at, door_ids, _ = self._tables()
        opaque = self._opaque(open_doors)
        seen_n, read_n = sweep(self, zone, open_doors, opaque, zone_at, door_at, self._runs())
        read = frozenset(door_ids[n] for n in read_n)
        seen = frozenset(self.zones[n] for n in seen_n)
        known = self._los.setdefault(("vis", zone), [])
        if len(known) >= 16:  # many door states met: keep the latest
            del known[0]
        known.append((read, open_doors & read, seen))
        return seen

    def _visible_known(self, zone: str, open_doors: frozenset[str]) -> frozenset[str] | None:
        for read, opened, seen in self._los.get(("vis", zone), ()):
            if open_doors & read == opened:
                return seen
        return None

    def sees(self, a: str, b: str, open_doors: frozenset[str]) -> bool:
        """Line of sight between zones (ST-4.3), symmetric and cached.

        Answered from either zone's sweep; when neither has one, both are
        swept: a run of questions about one zone against many others (a
        look, a zombie phase) then costs at most twice the fewest sweeps."""
        if a == b:
            return True
        for one, other in ((a, b), (b, a)):
            seen = self._visible_known(one, open_doors)
            if seen is not None:
                return other in seen
        self.visible_zones(b, open_doors)
        return b in self.visible_zones(a, open_doors)


# (xk, yk, xr, yr): in an octant, the cell at depth r and offset k (0 <= k <= r)
# from a source is source + k * (xk, yk) + r * (xr, yr)
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
