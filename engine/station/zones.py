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
        seen_n, read_n = _sweep(self, zone, open_doors, opaque, zone_at, door_at, self._runs())
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
_OCTANTS = (
    (1, 0, 0, 1),
    (-1, 0, 0, 1),
    (1, 0, 0, -1),
    (-1, 0, 0, -1),
    (0, 1, 1, 0),
    (0, -1, 1, 0),
    (0, 1, -1, 0),
    (0, -1, -1, 0),
)


def _sweep(
    board: ZoneMap,
    zone: str,
    open_doors: frozenset[str],
    opaque: bytearray,
    zone_at: list[int],
    door_at: list[int],
    runs: dict[int, list[int]],
) -> tuple[set[int], set[int]]:
    """(numbers of the zones some cell of `zone` sees, numbers of the doors read).

    Exact shadow casting from each cell of the zone, octant by octant. In an
    octant, the segment from the source's centre to the centre of the cell at
    depth r and offset k has slope k/r. An opaque square at depth r' < r meets
    it exactly when that slope lies in the square's closed interval
    [(2k'-1)/(2r'+1), (2k'+1)/(2r'-1)] (its corners seen from the source), a
    touch at a corner included (ST-4.3). A square at the same depth can only
    touch the diagonal k = r at a corner: a row is read in rising k and each
    blocker narrows the gap for the cells after it, and rows run to k = r + 2,
    past the diagonal, so the squares beside it block it too (at depth 0, the
    one cell beside the source is looked at first). Slopes are
    ratios of small integers: float division keeps their order and equalities.

    Sight that leaves the zone crosses a see-through cell next to it (its
    frontier), so each octant is cast only through the frontier's slopes.

    A segment crosses a run of see-through cells side by side, so only zones
    joined to the frontier by see-through cells can be seen (the reachable
    ones, and the doors around them are read): once each is seen, no other
    cell of the zone needs casting from. Inside a cast, a row's run of a zone
    already seen is stepped over whole (`runs`). A large zone next to large
    rooms so costs a few casts, not one per cell each walking every room.
    A zone swept before answers for itself (sight is symmetric), and a
    smaller zone is asked whether it sees this one, casting from fewer cells."""
    width = board.grid.width
    own = board.order[zone]
    read: set[int] = set()
    frontier = _frontier(board, zone, opaque, door_at, read)
    if not frontier:
        return {own}, read
    flags = bytearray(len(board.zones))
    flags[own] = 1
    wanted = _reachable(frontier, width, board.grid.height, opaque, zone_at, door_at, read)
    wanted.discard(own)
    for n in list(wanted):  # a zone swept before already says whether it sees this one
        known = board._visible_known(board.zones[n], open_doors)
        if known is not None:
            wanted.discard(n)
            if zone in known:
                flags[n] = 1
    # sight is symmetric: a smaller zone is asked whether it sees this one,
    # casting from its fewer cells, rather than this one from all of its own
    size = len(board.cells[zone])
    small = {n for n in wanted if len(board.cells[board.zones[n]]) < size}
    for n in small:
        theirs = bytearray(b"\x01") * len(board.zones)
        theirs[own] = 0
        other = board.zones[n]
        near = _frontier(board, other, opaque, door_at, set())
        if _cast_from(board, other, near, {own}, theirs, opaque, zone_at, door_at, runs, read):
            flags[n] = 1
    _cast_from(board, zone, frontier, wanted - small, flags, opaque, zone_at, door_at, runs, read)
    return {n for n, f in enumerate(flags) if f}, read


def _frontier(
    board: ZoneMap, zone: str, opaque: bytearray, door_at: list[int], read: set[int]
) -> list[Cell]:
    """The see-through cells next to a zone; the doors next to it go into `read`."""
    width, height = board.grid.width, board.grid.height
    frontier = []
    mine = set(board.cells[zone])
    for x, y in mine:
        for dx, dy in ORTHOGONAL:
            nx, ny = x + dx, y + dy
            if (nx, ny) in mine or not (0 <= nx < width and 0 <= ny < height):
                continue
            i = ny * width + nx
            if door_at[i] >= 0:
                read.add(door_at[i])
            if not opaque[i]:
                frontier.append((nx, ny))
    return frontier


def _cast_from(
    board: ZoneMap,
    zone: str,
    frontier: list[Cell],
    wanted: set[int],
    flags: bytearray,
    opaque: bytearray,
    zone_at: list[int],
    door_at: list[int],
    runs: dict[int, list[int]],
    read: set[int],
) -> bool:
    """Cast from each cell of `zone` until every zone of `wanted` is flagged
    (True) or every cell has been cast from (False)."""
    width, height = board.grid.width, board.grid.height
    left = [sum(1 for n in wanted if not flags[n])]
    boxes = board._boxes()
    for ax, ay in board.cells[zone]:
        if not left[0]:
            return True
        unseen = [boxes[n] for n in wanted if not flags[n]]
        every_gap = _frontier_gaps(ax, ay, frontier)
        every_target = _targets(ax, ay, [bool(g) for g in every_gap], unseen)
        for octant, gaps, targets in zip(_OCTANTS, every_gap, every_target, strict=True):
            if gaps and targets and _cast(
                ax, ay, octant, gaps, width, height, opaque, zone_at, door_at, flags, read,
                runs[octant[1] * width + octant[0]], left, targets,
            ):  # fmt: skip
                return True
    return not left[0]


def _targets(
    ax: int, ay: int, live: list[bool], boxes: list[tuple[int, int, int, int]]
) -> list[list[tuple[float, float, int]]]:
    """Where, in each octant from (ax, ay) that is `live`, the zones still
    unseen can be: for each zone's bounding box with cells in it, (lowest
    slope, highest slope, deepest row) of its cells' centres. A part of a cast
    that can meet none of them has nothing left to find (its doors were read
    by _reachable)."""
    out: list[list[tuple[float, float, int]]] = [[] for _ in _OCTANTS]
    for x0, y0, x1, y1 in boxes:
        a, b, c, d = x0 - ax, x1 - ax, y0 - ay, y1 - ay
        # (k from, k to, r from, r to) of the box in each octant, in _OCTANTS' order
        spans = ((a, b, c, d), (-b, -a, c, d), (a, b, -d, -c), (-b, -a, -d, -c),
                 (c, d, a, b), (-d, -c, a, b), (c, d, -b, -a), (-d, -c, -b, -a))  # fmt: skip
        for n, (kmin, kmax, rmin, rmax) in enumerate(spans):
            if not live[n] or rmax < 1 or kmax < 0:
                continue
            if rmin < 1:
                rmin = 1
            lo = kmin / (rmax if kmin >= 0 else rmin)
            if lo <= 1.0:
                out[n].append((lo, kmax / rmin, rmax))
    return out


def _reachable(
    frontier: list[Cell],
    width: int,
    height: int,
    opaque: bytearray,
    zone_at: list[int],
    door_at: list[int],
    read: set[int],
) -> set[int]:
    """Numbers of the zones joined to the frontier by see-through cells side
    by side; every door among them or around them goes into `read`."""
    seen = bytearray(width * height)
    todo = [y * width + x for x, y in frontier]
    zones: set[int] = set()
    for i in todo:
        seen[i] = 1
    while todo:
        i = todo.pop()
        if door_at[i] >= 0:
            read.add(door_at[i])
        if opaque[i]:
            continue
        if zone_at[i] >= 0:
            zones.add(zone_at[i])
        x = i % width
        for j, inside in ((i - 1, x > 0), (i + 1, x < width - 1), (i - width, i >= width),
                          (i + width, i + width < width * height)):  # fmt: skip
            if inside and not seen[j]:
                seen[j] = 1
                todo.append(j)
    return zones


def _frontier_gaps(ax: int, ay: int, frontier: list[Cell]) -> list[list[tuple[float, float]]]:
    """For each octant, the closed slope intervals (within 0..1) through the
    frontier cells, merged."""
    spans: list[list[tuple[float, float]]] = [[] for _ in _OCTANTS]
    for fx, fy in frontier:
        dx, dy = fx - ax, fy - ay
        # (k, r) of the cell in each octant, in _OCTANTS' order
        for n, (k, r) in enumerate(
            ((dx, dy), (-dx, dy), (dx, -dy), (-dx, -dy), (dy, dx), (-dy, dx), (dy, -dx), (-dy, -dx))
        ):
            if r >= 1 and 0 <= k <= r + 1:
                lo = (2 * k - 1) / (2 * r + 1) if k else 0.0
                if lo <= 1.0:
                    spans[n].append((lo, min(1.0, (2 * k + 1) / (2 * r - 1))))
    out = []
    for octant in spans:
        octant.sort()
        merged: list[tuple[float, float]] = []
        for lo, hi in octant:
            if merged and lo <= merged[-1][1]:
                if hi > merged[-1][1]:
                    merged[-1] = (merged[-1][0], hi)
            else:
                merged.append((lo, hi))
        out.append(merged)
    return out


def _cast(
    ax: int,
    ay: int,
    octant: tuple[int, int, int, int],
    gaps: list[tuple[float, float]],
    width: int,
    height: int,
    opaque: bytearray,
    zone_at: list[int],
    door_at: list[int],
    flags: bytearray,
    read: set[int],
    run: list[int],
    left: list[int],
    targets: list[tuple[float, float, int]],
) -> bool:
    """Shadow casting in one octant from (ax, ay): flags every zone with a cell
    seen through the gaps, adds to `read` every door cell looked at; counts
    down `left` (zones that may yet be seen) and answers True when none is."""
    xk, yk, xr, yr = octant
    dk = yk * width + xk
    dr = yr * width + xr
    base = ay * width + ax
    if xr:
        deepest = width - 1 - ax if xr > 0 else ax
        widest = height - 1 - ay if yk > 0 else ay
    else:
        deepest = height - 1 - ay if yr > 0 else ay
        widest = width - 1 - ax if xk > 0 else ax
    # the cell beside the source, at depth 0, touches the diagonal at a corner
    diagonal = widest < 1 or not opaque[base + dk]
    # a gap: (depth, low slope, low included, high slope, high included)
    stack = [(1, lo, True, hi, hi < 1.0 or diagonal) for lo, hi in gaps]
    while stack:
        r, lo, lo_in, hi, hi_in = stack.pop()
        while r <= deepest:  # one row a turn; a blocker splits off the part below it
            for t_lo, t_hi, t_r in targets:
                if t_lo <= hi and t_hi >= lo and t_r >= r:
                    break
            else:
                break  # no zone still unseen lies ahead in this part
            two_r = 2 * r
            first = int((lo * (two_r - 1) - 1) * 0.5)  # floor, or 0 when below
            if first < 0:
                first = 0
            last = int((hi * (two_r + 1) + 1) * 0.5) + 1
            if last > widest:  # cells past the map's side never touch a segment inside it
                last = widest
            i = base + first * dk + r * dr
            k = first
            while k <= last:
                if opaque[i]:
                    if door_at[i] >= 0:
                        read.add(door_at[i])
                    s_lo = (2 * k - 1) / (two_r + 1) if k else -1.0
                    if s_lo > hi or (s_lo == hi and not hi_in):
                        break
                    s_hi = (2 * k + 1) / (two_r - 1)
                    if s_hi > lo or (s_hi == lo and lo_in):
                        if s_lo > lo:
                            stack.append((r + 1, lo, lo_in, s_lo, False))
                        lo, lo_in = s_hi, False
                        if lo >= hi:
                            break
                else:
                    z = zone_at[i]
                    if z < 0:
                        read.add(door_at[i])  # an open door
                    elif flags[z]:
                        step = run[i]  # the rest of the zone's run: nothing new to see
                        if step:
                            if step > last - k:
                                step = last - k
                            k += step
                            i += step * dk
                    else:
                        t = k / r
                        if (t > lo or (lo_in and t == lo)) and (t < hi or (hi_in and t == hi)):
                            flags[z] = 1
                            left[0] -= 1
                            if not left[0]:
                                return True
                k += 1
                i += dk
            if lo < hi or (lo == hi and lo_in and hi_in):
                r += 1
            else:
                break
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
