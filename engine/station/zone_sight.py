"""Which zone of a Station map sees which (ST-4.3), by exact shadow casting
from each cell of a zone: the sweep ZoneMap.visible runs and caches
(engine/station/zones.py; design notes, "Line of sight")."""

from __future__ import annotations

from typing import Any

from engine.core.geometry import (
    ORTHOGONAL,
    Cell,
)

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


def sweep(
    board: Any,
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
    board: Any, zone: str, opaque: bytearray, door_at: list[int], read: set[int]
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
    board: Any,
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
