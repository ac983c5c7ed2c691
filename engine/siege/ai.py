"""The zombie AI (SI-12 house rule, clarification 9), deciding from
`view("zombies")` only: one zombie-side command at a time.

The first zombie by id, not yet acted, that can act does so:
1. attack an adjacent human (fewest lives, then seat);
2. else step along the quickest way, counted in zombie turns, to the human
   it can reach soonest (ties: seat). Entering a cell costs 1, a window 2,
   a closed door or barricade 6 more (the turns a 6 takes), a cell another
   zombie holds now 2 more (the wait), so the dead batter a door rather than
   walk round a building and a horde spreads over the ways in. Among equally
   quick ways, the first free step in reading order; a closed door or
   barricade as the step is broken; no free step: it waits;
3. else the same toward the noise (a shot or a blast this round).
When none can act, the turn ends.

The quickest ways come from one Dijkstra field from all the goals at once
(each cell labelled with its cost and the seat it leads to), over a flat
grid cached per map; a field is cached by map, goals and the zombies' cells,
so a turn of 30 zombies stays cheap."""

from __future__ import annotations

from engine.siege import board as b
from engine.siege.board import Cell

STEP, WINDOW_STEP = 1, 2  # a zombie turn per cell; a window ends the turn on it
BREAK_TURNS = 6  # a closed door or barricade falls on a 6: six turns on average
WAIT_TURNS = 2  # a cell another zombie holds now
ENTRY = {g: STEP for g in b.ZOMBIE_ENTERS} | {
    b.WINDOW: WINDOW_STEP,
    b.CLOSED_DOOR: STEP + BREAK_TURNS,
    b.BARRICADE: STEP + BREAK_TURNS,
}
BREAKS = frozenset({b.CLOSED_DOOR, b.BARRICADE})

_GRIDS: dict[tuple[str, ...], tuple] = {}
_FIELDS: dict[tuple, tuple[list[int], list[int]]] = {}
_FAR = 1 << 30


def _grid(rows: tuple[str, ...]) -> tuple:
    """(width, entry cost per cell or 0 when no zombie enters, neighbours per
    cell in reading order): the map flattened once."""
    got = _GRIDS.get(rows)
    if got is not None:
        return got
    width = max((len(r) for r in rows), default=0)
    size = width * len(rows)
    cost = [0] * size
    for y, row in enumerate(rows):
        for x, glyph in enumerate(row):
            cost[y * width + x] = ENTRY.get(glyph, 0)
    near: list[tuple[int, ...]] = []
    for i in range(size):
        x, y = i % width, i // width
        cells = []
        for nx, ny in ((x, y - 1), (x - 1, y), (x + 1, y), (x, y + 1)):
            if 0 <= nx < width and 0 <= ny < len(rows) and cost[ny * width + nx]:
                cells.append(ny * width + nx)
        near.append(tuple(cells))
    got = (width, cost, near)
    if len(_GRIDS) > 64:
        _GRIDS.clear()
    _GRIDS[rows] = got
    return got


def _field(rows: tuple[str, ...], goals: tuple[Cell, ...], held: frozenset[Cell]):
    """Per cell: the zombie turns of the quickest way to a goal from there,
    and which goal (its index: the first one on ties)."""
    key = (rows, goals, held)
    got = _FIELDS.get(key)
    if got is not None:
        return got
    width, base, near = _grid(rows)
    cost = list(base)
    for x, y in held:
        i = y * width + x
        if cost[i]:
            cost[i] += WAIT_TURNS
    dist = [_FAR] * len(cost)
    goal = [_FAR] * len(cost)
    # Dial's buckets: costs are small whole turns, so a list per distance
    # beats a heap; within one, the lower goal (seat) goes first
    buckets: list[list[tuple[int, int]]] = [[]]
    for g, (x, y) in enumerate(goals):
        i = y * width + x
        if 0 <= i < len(cost) and g < goal[i]:
            dist[i], goal[i] = 0, g
            buckets[0].append((g, i))
    d = 0
    while d < len(buckets):
        bucket = buckets[d]
        if len(bucket) > 1:
            bucket.sort()
        for g, i in bucket:
            if dist[i] != d or goal[i] != g:
                continue
            step = d + (
                cost[i] or STEP
            )  # entering i, from next to it (a noise cell may be a car end)
            for n in near[i]:
                if step < dist[n] or (step == dist[n] and g < goal[n]):
                    dist[n], goal[n] = step, g
                    while len(buckets) <= step:
                        buckets.append([])
                    buckets[step].append((g, n))
        d += 1
    got = (dist, goal)
    if len(_FIELDS) > 256:
        _FIELDS.clear()
    _FIELDS[key] = got
    return got


def _approach(rows, at: Cell, goals: tuple[Cell, ...], held: frozenset[Cell]):
    """(kind, cell) of the step along the quickest way to a goal; False when
    no goal can be reached; None when one can but the zombie waits."""
    if not goals:
        return False
    width, base, near = _grid(rows)
    dist, goal = _field(rows, goals, held)
    i = at[1] * width + at[0]
    d, g = dist[i], goal[i]
    if d >= _FAR:
        return False
    if d == 0:
        return None
    for n in near[i]:
        entry = base[n] + (WAIT_TURNS if (n % width, n // width) in held else 0)
        if dist[n] + entry != d or goal[n] != g:
            continue
        cell = (n % width, n // width)
        if cell in held:
            continue  # that way waits on another zombie; the next one may not
        return ("break" if b.at(rows, cell) in BREAKS else "move"), cell
    return None


def zombie_command(view: dict) -> dict:
    """The zombie side's next command from its view (clarification 9)."""
    if view.get("phase") != "zombies":
        return {"type": "end_zombie_turn"}
    rows = tuple(view["map"])
    humans = [
        (seat, hid, (h["at"][0], h["at"][1]), h["lives"])
        for seat, (hid, h) in enumerate(view["humans"].items())
        if h["alive"] and h["at"] is not None
    ]
    zombies = sorted(view["zombies"].items(), key=lambda kv: _number(kv[0]))
    held = frozenset((c[0], c[1]) for _, c in zombies)
    acted = set(view["zombies_acted"])
    noise = (tuple(view["noise"]),) if view.get("noise") else ()
    targets = tuple(h[2] for h in humans)
    for zid, cell in zombies:
        if zid in acted:
            continue
        at = (cell[0], cell[1])
        near = [h for h in humans if b.manhattan(h[2], at) == 1]
        if near:
            _, hid, _, _ = min(near, key=lambda h: (h[3], h[0]))
            return {"type": "zombie_attack", "zombie": zid, "human": hid}
        step = _approach(rows, at, targets, held)
        if step is False:
            step = _approach(rows, at, noise, held)
        if step:
            kind, to = step
            if kind == "break":
                return {"type": "zombie_break", "zombie": zid, "at": [to[0], to[1]]}
            return {"type": "zombie_move", "zombie": zid, "to": [to[0], to[1]]}
    return {"type": "end_zombie_turn"}


def plan(view: dict) -> dict[str, tuple[str, Cell]]:
    """What each zombie would do if it acted now, read from the same fields
    as zombie_command: zombie id -> ("bite", the human's cell) | ("move",
    cell) | ("break", cell); a zombie that would wait is left out. For the
    board's "next steps" overlay (the zombies act one after another, so a
    later one may find its way freed or taken)."""
    rows = tuple(view["map"])
    humans = [
        (seat, (h["at"][0], h["at"][1]), h["lives"])
        for seat, h in enumerate(view["humans"].values())
        if h["alive"] and h["at"] is not None
    ]
    held = frozenset((c[0], c[1]) for c in view["zombies"].values())
    noise = (tuple(view["noise"]),) if view.get("noise") else ()
    targets = tuple(h[1] for h in humans)
    acted = set(view["zombies_acted"]) if view.get("phase") == "zombies" else set()
    out: dict[str, tuple[str, Cell]] = {}
    for zid, cell in sorted(view["zombies"].items(), key=lambda kv: _number(kv[0])):
        if zid in acted:
            continue
        at = (cell[0], cell[1])
        near = [h for h in humans if b.manhattan(h[1], at) == 1]
        if near:
            out[zid] = ("bite", min(near, key=lambda h: (h[2], h[0]))[1])
            continue
        step = _approach(rows, at, targets, held)
        if step is False:
            step = _approach(rows, at, noise, held)
        if step:
            out[zid] = step
    return out


def _number(zid: str) -> tuple[int, str]:
    digits = zid.lstrip("z")
    return (int(digits), zid) if digits.isdigit() else (1 << 30, zid)
