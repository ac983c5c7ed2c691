"""Generated stations (issue 5): a whole mission TOML text built from a seed.

The text goes through the same loader as a shipped mission, and a save
carries it, so a generated station never depends on this code staying the
same. The random choices here are content generation at setup time, not
in-game chance: they come from the kernel's seeded stream (`rng.stream`).

Layout: one to three "bands" stacked top to bottom; each band is a row of
rooms, a wall with doors, a corridor split into touching segments, a wall
with doors and a second row of rooms. Rooms may be merged two wide, open
onto the corridor through an archway, and join their neighbours (and the
rooms of the next band) through doors."""

from __future__ import annotations

from collections import deque
from dataclasses import dataclass, field
from random import Random

from engine.core.rng import stream

# Zone ids in the order they are handed out. The board labels zones by id
# next to its glyphs, and players type and read them, so none is a letter the
# board draws a figure with (walker z, runner r, dog d, jumper j, armored A,
# the survivors' initials V O L R H M): a zone "r" would read as a runner.
# The first 34 are not one of an upper/lower case pair either; only larger
# stations take letters that pair with one already used. A station has at
# most as many zones as there are ids.
ZONE_IDS = "abcefghiklmnopqstuvwxy0123456789DJ" + "BCEFGIKNPQSTUWXY" + "Z"
SIZES = {"small": 12, "medium": 24, "large": 40, "huge": 47}
MIN_ZONES, MAX_ZONES = 6, len(ZONE_IDS)


@dataclass(frozen=True)
class SizeLimits:
    """What a generated station of a given size fits in."""

    target: int  # zones aimed at
    min_zones: int
    max_zones: int
    max_width: int
    max_height: int


def size_limits(size: str | int) -> SizeLimits:
    """The bounds a station of this size keeps to; ValueError for a bad size."""
    target = _target(size)
    return SizeLimits(
        target=target,
        min_zones=max(MIN_ZONES - 2, target * 2 // 3),
        max_zones=min(MAX_ZONES, target + 4),
        max_width=min(100, 30 + target * 5 // 4),
        max_height=min(40, 16 + target // 2) if target > 16 else 16,
    )


def _target(size: str | int) -> int:
    if isinstance(size, bool):
        raise ValueError("a station size is small, medium, large, huge or a zone count")
    if isinstance(size, str):
        if size.strip().isdigit():
            size = int(size.strip())
        elif size in SIZES:
            return SIZES[size]
        else:
            known = ", ".join(SIZES)
            raise ValueError(f"unknown station size {size!r} (sizes: {known}, or a zone count)")
    if not isinstance(size, int) or not MIN_ZONES <= size <= MAX_ZONES:
        raise ValueError(f"a station size in zones must be from {MIN_ZONES} to {MAX_ZONES}")
    return size


@dataclass
class _Zone:
    id: str
    kind: str  # room | corridor
    slots: list[tuple[int, int, int, int]] = field(default_factory=list)  # x0, y0, x1, y1


@dataclass
class _Link:
    a: str
    b: str
    kind: str  # touch | door | arch
    cell: tuple[int, int] | None = None
    wall: tuple[str, int] | None = None  # ("row", y) or ("col", x)
    open: bool = False
    locked: bool = False


@dataclass
class _Plan:
    width: int
    height: int
    grid: list[list[str]]
    zones: dict[str, _Zone] = field(default_factory=dict)
    links: list[_Link] = field(default_factory=list)

    def put(self, x: int, y: int, ch: str) -> None:
        self.grid[y][x] = ch

    def fill(self, x0: int, y0: int, x1: int, y1: int, ch: str) -> None:
        for y in range(y0, y1 + 1):
            for x in range(x0, x1 + 1):
                self.grid[y][x] = ch


NAMES_A = ("Silent", "Drifting", "Broken", "Frozen", "Dark", "Hollow", "Lost", "Cold", "Dead")
NAMES_B = ("Relay", "Outpost", "Platform", "Habitat", "Refinery", "Array", "Depot", "Spire")


def generate(seed: int, size: str | int = "medium", difficulty: int = 3) -> str:
    """A station mission TOML text, the same for the same arguments.

    size: small | medium | large | huge, or a zone count from 6 to 51 (MAX_ZONES).
    difficulty: 1 (gentle) to 6 (grim). Raises ValueError for bad arguments."""
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise ValueError("the seed must be a whole number")
    if isinstance(difficulty, bool) or not isinstance(difficulty, int) or not 1 <= difficulty <= 6:
        raise ValueError("difficulty must be a whole number from 1 to 6")
    limits = size_limits(size)
    # the layout does not depend on the difficulty: a seed's station only grows
    # more dangerous as the difficulty rises, which keeps difficulties comparable
    rng = stream(seed, f"station:{limits.target}")
    for _attempt in range(200):
        plan = _layout(rng, limits)
        if plan is not None:
            break
    else:  # pragma: no cover - the layout always fits within a few attempts
        raise ValueError(f"could not build a station of size {size!r}")
    marks = _place(rng, plan, limits, difficulty)
    name = f"{rng.choice(NAMES_A)} {rng.choice(NAMES_B)} {seed}"
    return _render(plan, marks, name, seed, limits, difficulty)


# -- layout -----------------------------------------------------------------


def _layout(rng: Random, limits: SizeLimits) -> _Plan | None:
    target = limits.target
    bands = 1 if target <= 16 else 2 if target <= 34 else 3
    cols = max(2, min(8, -(-target * 5 // (14 * bands))))
    low, high = ((4, 8), (5, 9), (6, 11))[bands - 1]
    widths = [rng.randint(low, high) for _ in range(cols)]
    width = 1 + sum(w + 1 for w in widths)
    while width > limits.max_width and max(widths) > 3:
        widths[widths.index(max(widths))] -= 1
        width -= 1
    xs = []  # (x0, x1) interior of each column
    x = 1
    for w in widths:
        xs.append((x, x + w - 1))
        x += w + 1
    rows = []  # (kind, band, y0, y1)
    y = 1
    for b in range(bands):
        tall = rng.randint(2, 4) if bands < 3 else rng.randint(2, 3)
        rows.append(("top", b, y, y + tall - 1))
        y += tall + 1
        hc = rng.choice((1, 1, 2))
        rows.append(("corridor", b, y, y + hc - 1))
        y += hc + 1
        tall = rng.randint(2, 4) if bands < 3 else rng.randint(2, 3)
        rows.append(("bottom", b, y, y + tall - 1))
        y += tall + 1
    height = y
    if height > limits.max_height:
        return None
    plan = _Plan(width, height, [["#"] * width for _ in range(height)])
    ids = iter(ZONE_IDS)
    room_at: dict[tuple[str, int, int], str] = {}
    corridor_at: dict[tuple[int, int], str] = {}
    # merges: how many rooms to fuse so the zone count lands near the target
    segs_per_band = []
    for _b in range(bands):
        segs_per_band.append(_segments(rng, cols))
    total = bands * 2 * cols + sum(len(s) for s in segs_per_band)
    merges_wanted = max(0, total - min(limits.max_zones, target + rng.randint(-2, 2)))
    for kind, b, y0, y1 in rows:
        if kind == "corridor":
            for seg in segs_per_band[b]:
                zid = next(ids, None)
                if zid is None:  # more zones than ids: another layout
                    return None
                zone = _Zone(zid, "corridor")
                c0, c1 = seg[0], seg[-1]
                x0 = xs[c0][0] if c0 > 0 else 1
                x1 = xs[c1][1] + 1 if c1 < cols - 1 else xs[c1][1]
                plan.fill(x0, y0, x1, y1, zid)
                zone.slots.append((x0, y0, x1, y1))
                plan.zones[zid] = zone
                for c in seg:
                    corridor_at[(b, c)] = zid
            segs = segs_per_band[b]
            for s0, s1 in zip(segs, segs[1:], strict=False):
                plan.links.append(_Link(corridor_at[(b, s0[0])], corridor_at[(b, s1[0])], "touch"))
            continue
        c = 0
        while c < cols:
            zid = next(ids, None)
            if zid is None:  # more zones than ids: another layout
                return None
            zone = _Zone(zid, "room")
            span = 1
            if merges_wanted > 0 and c + 1 < cols and rng.random() < 0.5:
                span = 2
                merges_wanted -= 1
            for k in range(c, c + span):
                plan.fill(xs[k][0], y0, xs[k][1], y1, zid)
                zone.slots.append((xs[k][0], y0, xs[k][1], y1))
                room_at[(kind, b, k)] = zid
                if k > c:
                    plan.fill(xs[k][0] - 1, y0, xs[k][0] - 1, y1, zid)
            plan.zones[zid] = zone
            c += span
    if len(plan.zones) > limits.max_zones or len(plan.zones) < limits.min_zones:
        return None
    _connect(rng, plan, rows, xs, cols, room_at, corridor_at)
    return plan


def _segments(rng: Random, cols: int) -> list[list[int]]:
    """Columns grouped into corridor segments of one or two columns."""
    out: list[list[int]] = []
    c = 0
    while c < cols:
        span = 2 if c + 1 < cols and rng.random() < 0.35 else 1
        out.append(list(range(c, c + span)))
        c += span
    return out


def _connect(rng, plan, rows, xs, cols, room_at, corridor_at) -> None:
    """Doors and archways: a random spanning tree over the possible links,
    then some extra links, so every zone is reachable once doors open."""
    options: list[_Link] = []
    row_of = {(kind, b): (y0, y1) for kind, b, y0, y1 in rows}
    for (kind, b, c), zid in room_at.items():
        y0, y1 = row_of[(kind, b)]
        cor = corridor_at[(b, c)]
        wall_y = y1 + 1 if kind == "top" else y0 - 1
        x = rng.randint(xs[c][0], xs[c][1])
        options.append(_Link(zid, cor, "door", (x, wall_y), ("row", wall_y)))
        if c + 1 < cols:
            right = room_at[(kind, b, c + 1)]
            if right != zid:
                wx = xs[c][1] + 1
                options.append(_Link(zid, right, "door", (wx, rng.randint(y0, y1)), ("col", wx)))
        if kind == "bottom" and (("top", b + 1, c) in room_at):
            below = room_at[("top", b + 1, c)]
            x = rng.randint(xs[c][0], xs[c][1])
            options.append(_Link(zid, below, "door", (x, y1 + 1), ("row", y1 + 1)))
    rng.shuffle(options)
    parent = {z: z for z in plan.zones}

    def find(z: str) -> str:
        while parent[z] != z:
            parent[z] = parent[parent[z]]
            z = parent[z]
        return z

    for link in plan.links:  # corridor segments touch
        parent[find(link.a)] = find(link.b)
    chosen: list[_Link] = []
    pairs: set[tuple[str, str]] = set()
    extras: list[_Link] = []
    for link in options:
        ra, rb = find(link.a), find(link.b)
        if ra != rb:
            parent[ra] = rb
            chosen.append(link)
            pairs.add(tuple(sorted((link.a, link.b))))
        else:
            extras.append(link)
    for link in extras:
        pair = tuple(sorted((link.a, link.b)))
        if pair not in pairs and rng.random() < 0.3:
            chosen.append(link)
            pairs.add(pair)
    # each wall segment of a column carries at most one link, so doors and
    # archways never sit side by side (a door touching a third zone)
    for link in chosen:
        axis = link.wall[0]
        a_room = plan.zones[link.a].kind == "room"
        if a_room and axis == "row" and plan.zones[link.b].kind == "corridor":
            if rng.random() < 0.12:
                link.kind = "arch"
        if link.kind == "door" and rng.random() < 0.25:
            link.open = True
        plan.links.append(link)


# -- marks ------------------------------------------------------------------


@dataclass
class _Marks:
    start: str = ""
    exit: str = ""
    spawns: list[str] = field(default_factory=list)
    objectives: list[str] = field(default_factory=list)
    dark: list[str] = field(default_factory=list)
    dangerous: list[str] = field(default_factory=list)
    keycard: str = ""
    zombies: list[tuple[str, str, int]] = field(default_factory=list)


def _graph(plan: _Plan, passable) -> dict[str, list[str]]:
    nb: dict[str, list[str]] = {z: [] for z in plan.zones}
    for link in plan.links:
        if passable(link):
            nb[link.a].append(link.b)
            nb[link.b].append(link.a)
    return nb


def _bfs(nb: dict[str, list[str]], start: str) -> dict[str, int]:
    dist = {start: 0}
    queue = deque([start])
    while queue:
        z = queue.popleft()
        for n in nb[z]:
            if n not in dist:
                dist[n] = dist[z] + 1
                queue.append(n)
    return dist


def _place(rng: Random, plan: _Plan, limits: SizeLimits, difficulty: int) -> _Marks:
    marks = _Marks()
    rooms = [z for z, spec in plan.zones.items() if spec.kind == "room"]
    everywhere = _graph(plan, lambda link: True)
    # start: a room on the left edge (first column of the first band)
    left = [z for z in rooms if plan.zones[z].slots[0][0] == 1]
    marks.start = rng.choice(left or rooms)
    dist = _bfs(everywhere, marks.start)
    far = max(dist.values())
    marks.exit = rng.choice([z for z, d in dist.items() if d >= far - 1 and z != marks.start])
    taken = {marks.start, marks.exit}
    # dark rooms: rooms whose every link is a door (no touch, no archway)
    n = limits.target
    dark_ok = [
        z
        for z in rooms
        if z not in taken
        and all(link.kind == "door" for link in plan.links if z in (link.a, link.b))
        and dist[z] >= 2
    ]
    rng.shuffle(dark_ok)
    marks.dark = sorted(dark_ok[: max(1, n // 10 + difficulty // 3)])
    for link in plan.links:
        if link.a in marks.dark or link.b in marks.dark:
            link.open = False
    # objectives: rooms away from the start, some of them dark
    wanted = 1 + n // 14 + (1 if difficulty >= 4 else 0)
    pool = [z for z in rooms if z not in taken and dist[z] >= 2] or [
        z for z in rooms if z not in taken
    ]
    rng.shuffle(pool)
    marks.objectives = sorted(pool[: max(1, wanted)])
    taken |= set(marks.objectives)
    # locked doors: doors into objective rooms first, then any other door
    n_locked = min(3, 1 + n // 25 + (1 if difficulty >= 5 else 0))
    doors = [link for link in plan.links if link.kind == "door"]
    rng.shuffle(doors)
    doors.sort(key=lambda link: not (link.a in marks.objectives or link.b in marks.objectives))
    for link in doors[:n_locked]:
        if marks.start in (link.a, link.b):
            continue
        link.locked = True
        link.open = False
        free = _bfs(_graph(plan, lambda k: not k.locked), marks.start)
        if len(free) < 2:  # the keycard must lie somewhere the survivors can walk
            link.locked = False
    free = _bfs(_graph(plan, lambda k: not k.locked), marks.start)
    spots = [z for z, d in free.items() if d >= 1 and z not in marks.dark] or [marks.start]
    near = min(3, max(free[z] for z in spots))
    marks.keycard = rng.choice([z for z in spots if free[z] <= near] or spots)
    # spawn zones: far from the start, spread apart, never dark
    n_spawn = min(4, max(1, n // 20 + sum(difficulty >= d for d in (2, 3, 6))))
    cands = [z for z in plan.zones if z not in marks.dark and z not in (marks.start, marks.exit)]
    cands = [z for z in cands if dist[z] >= 2] or cands
    cands.sort(key=lambda z: (-dist[z], z))
    spawn_pick = [cands[0]] if cands else []
    while cands and len(spawn_pick) < n_spawn:
        best = max(
            (z for z in cands if z not in spawn_pick),
            key=lambda z: min(_bfs(everywhere, z).get(s, 99) for s in spawn_pick) + dist[z] / 10,
            default=None,
        )
        if best is None:
            break
        spawn_pick.append(best)
    marks.spawns = spawn_pick
    # dangerous search: a few rooms, dark ones likely
    hazard = [z for z in rooms if z != marks.start]
    rng.shuffle(hazard)
    marks.dangerous = sorted(hazard[: max(1, n // 8 + difficulty // 2)])
    # initial zombies
    for z in marks.dark:
        if rng.random() < 0.5 + difficulty * 0.08:
            marks.zombies.append((z, "walker", rng.randint(1, 1 + difficulty // 2)))
    lit = [z for z in rooms if z not in marks.dark and dist[z] >= 3]
    rng.shuffle(lit)
    for z in lit[: difficulty // 2 + n // 20]:
        kind = "runner" if difficulty >= 5 and rng.random() < 0.3 else "walker"
        marks.zombies.append((z, kind, 1))
    return marks


# -- text -------------------------------------------------------------------


def _render(plan, marks, name, seed, limits, difficulty) -> str:
    grid = [row[:] for row in plan.grid]
    door_ids: dict[str, int] = {}
    locked: list[str] = []
    for link in sorted(plan.links, key=lambda k: (k.cell or (0, 0))[::-1]):
        if link.kind == "touch":
            continue
        x, y = link.cell
        if link.kind == "arch":
            grid[y][x] = link.a
            continue
        grid[y][x] = "'" if link.open else "+"
    # door ids follow map order (ST-4.4), like the loader numbers them
    for y, row in enumerate(grid):
        for x, ch in enumerate(row):
            if ch != "+":
                continue
            horiz = grid[y][x - 1] not in "#+'" and grid[y][x + 1] not in "#+'"
            a, b = (grid[y][x - 1], grid[y][x + 1]) if horiz else (grid[y - 1][x], grid[y + 1][x])
            base = "-".join(sorted((a, b)))
            door_ids[base] = door_ids.get(base, 0) + 1
            did = base if door_ids[base] == 1 else f"{base}.{door_ids[base]}"
            if any(k.locked and k.cell == (x, y) for k in plan.links):
                locked.append(did)
    text_map = "\n".join("".join(row) for row in grid)
    n = len(plan.zones)
    danger_every = max(4, 10 - difficulty + n // 25)
    max_zombies = 24 + n + 3 * (6 - difficulty)
    hearing = 4  # ST-5.3: survivors are heard, so hearing is a lever
    k = len(marks.objectives)
    cores = "the data core" if k == 1 else f"all {k} data cores"
    size_word = next((k for k, v in SIZES.items() if v == limits.target), str(limits.target))
    out = [
        "# A generated station (engine/station/generate.py).",
        f"# seed {seed}, size {size_word}, difficulty {difficulty}",
        "[mission]",
        'id = "random"',
        f'name = "{name}"',
        'mode = "station"',
        f'briefing = "A derelict station drifts in the dark, {n} zones of it. '
        f'Recover {cores}, then get everyone to the exit shuttle."',
        f"difficulty = {difficulty}",
        f"max_zombies = {max_zombies}",
        f"danger_every_rounds = {danger_every}",
        f"hearing = {hearing}",
        'map = """',
        text_map,
        '"""',
        "",
    ]
    for z in plan.zones:
        keys = []
        if z == marks.start:
            keys.append("start = true")
        if z == marks.exit:
            keys.append("exit = true")
        if z in marks.objectives:
            keys.append("objective = true")
        if z in marks.dark:
            keys.append("dark = true")
        if z in marks.dangerous:
            keys.append("dangerous = true")
        if z in marks.spawns:
            keys.append(f"spawn = {marks.spawns.index(z) + 1}")
        if z == marks.keycard:
            keys.append('floor = ["keycard"]')
        if keys:
            out.append(f'[zones."{z}"]')
            out.extend(keys)
            out.append("")
    for did in locked:
        out.extend([f'[doors."{did}"]', "locked = true", ""])
    for zone, kind, count in marks.zombies:
        out.extend(["[[zombies]]", f'zone = "{zone}"', f'kind = "{kind}"', f"count = {count}", ""])
    return "\n".join(out).rstrip("\n") + "\n"
