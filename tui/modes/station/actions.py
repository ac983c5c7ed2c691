"""Commands as a player reads them, and the cursor's zone-to-zone jumps.

The screen never invents a command: it picks from g.legal_commands() (as
dicts) and this module only filters, labels and describes them."""

from __future__ import annotations

import math
from collections import Counter
from typing import Any

from tui.modes.station.scene import KIND_ORDER
from tui.text import display_name

# -- cursor -------------------------------------------------------------------


def zone_centres(board: Any) -> dict[str, tuple[float, float]]:
    """Centre of each zone's cells, with rows counted double: a map cell is
    drawn two characters wide, so this is what the eye sees as 'straight up'."""
    out = {}
    for zone, cells in board.cells.items():
        xs = [c[0] for c in cells]
        ys = [c[1] for c in cells]
        out[zone] = (sum(xs) / len(xs), sum(ys) / len(ys))
    return out


def neighbour(centres: dict[str, tuple[float, float]], zone: str, dx: int, dy: int) -> str | None:
    """The zone the cursor jumps to from zone in direction (dx, dy): the
    nearest centre within 45 degrees of the direction (wider if none)."""
    if zone not in centres:
        return next(iter(centres), None)
    x0, y0 = centres[zone]
    norm = math.hypot(dx, dy)
    ux, uy = dx / norm, dy / norm
    best: tuple[float, str] | None = None
    for cone in (1.0, 2.5):
        for other, (x, y) in centres.items():
            if other == zone:
                continue
            vx, vy = x - x0, y - y0
            along = vx * ux + vy * uy
            across = abs(vx * uy - vy * ux)
            if along <= 0 or across > along * cone:
                continue
            score = along + 2 * across
            if best is None or score < best[0]:
                best = (score, other)
        if best is not None:
            return best[1]
    return None


def ray_neighbour(board: Any, zone: str, dx: int, dy: int) -> str | None:
    """The zone the cursor jumps to from zone straight up, down, left or
    right: from each of the zone's cells a ray goes that way over walls and
    doors; the zone hit nearest wins, ties to the one hit by most rays (the
    one most squarely across). None when no ray hits another zone."""
    at = {c: z for z, cells in board.cells.items() for c in cells}
    width = max((len(r) for r in board.grid.rows), default=0)
    height = len(board.grid.rows)
    hits: dict[str, list[int]] = {}
    for x, y in board.cells[zone]:
        cx, cy, steps = x + dx, y + dy, 1
        while 0 <= cx < width and 0 <= cy < height:
            other = at.get((cx, cy))
            if other == zone:
                break  # the zone's own cell further on casts its own ray
            if other is not None:
                hits.setdefault(other, []).append(steps)
                break
            cx, cy, steps = cx + dx, cy + dy, steps + 1
    if not hits:
        return None
    return min(hits, key=lambda z: (min(hits[z]), -len(hits[z]), board.order[z]))


def navigation(board: Any) -> dict[tuple[str, int, int], str]:
    """Where every cursor key leads from every zone, worked out once.

    Straight keys follow rays (ray_neighbour), diagonal ones the nearest
    centre that way. Then no zone is left out: a zone no key reaches is put
    on the key of its nearest zone (by centre, in its general direction)
    whose old target can still be reached some other way."""
    centres = zone_centres(board)
    nav: dict[tuple[str, int, int], str] = {}
    for zone in board.zones:
        for dx, dy in STEPS:
            if dx and dy:
                found = neighbour(centres, zone, dx, dy)
            else:
                found = ray_neighbour(board, zone, dx, dy) or neighbour(centres, zone, dx, dy)
            if found is not None:
                nav[(zone, dx, dy)] = found
    for _ in range(len(board.zones)):
        lost = [z for z in board.zones if z not in _reached(nav, board.zones[0])]
        if not lost or not _patch(nav, board, centres, lost[0]):
            break
    return nav


STEPS = ((0, -1), (0, 1), (-1, 0), (1, 0), (-1, -1), (1, -1), (-1, 1), (1, 1))


def _reached(nav: dict[tuple[str, int, int], str], start: str) -> set[str]:
    seen, todo = {start}, [start]
    while todo:
        z = todo.pop()
        for dx, dy in STEPS:
            n = nav.get((z, dx, dy))
            if n is not None and n not in seen:
                seen.add(n)
                todo.append(n)
    return seen


def _patch(nav, board: Any, centres: dict, lost: str) -> bool:
    """Point one key of a zone near `lost` at it, keeping every zone that
    was reachable reachable. False when no key can be spared."""
    x, y = centres[lost]
    near = sorted(
        (z for z in board.zones if z != lost),
        key=lambda z: math.hypot(centres[z][0] - x, centres[z][1] - y),
    )
    before = _reached(nav, board.zones[0]) | {lost}
    for z in near:
        vx, vy = x - centres[z][0], y - centres[z][1]
        keys = sorted(STEPS, key=lambda d: -(d[0] * vx + d[1] * vy) / math.hypot(*d))
        for d in keys[:3]:  # the keys that point roughly toward it
            old = nav.get((z, *d))
            nav[(z, *d)] = lost
            if _reached(nav, board.zones[0]) >= before:
                return True
            if old is None:
                del nav[(z, *d)]
            else:
                nav[(z, *d)] = old
    return False


# -- filtering ----------------------------------------------------------------


def of_type(commands: list[dict], ctype: str, survivor: str | None = None) -> list[dict]:
    return [
        c
        for c in commands
        if c["type"] == ctype and (survivor is None or c.get("survivor") == survivor)
    ]


def actors(commands: list[dict]) -> list[str]:
    """Survivors who may still act, in the order the commands name them."""
    return list(dict.fromkeys(c["survivor"] for c in commands if "survivor" in c))


# -- labels -------------------------------------------------------------------


def card_name(card_id: str | None) -> str:
    return (card_id or "bare hands").replace("_", " ")


def zones_text(zones: Any) -> str:
    """Zone ids with the word before them, so an id that is a digit is not
    read as a count: "zone 5", "zones 3, 4" (a lone id is a str too)."""
    ids = [zones] if isinstance(zones, str) else list(zones)
    return f"zone{'s' if len(ids) > 1 else ''} {', '.join(ids)}"


def targets_text(targets: list[str] | None) -> str:
    return f" ({', '.join(targets)} first)" if targets else ""


def label(c: dict, view: dict) -> str:
    """One line saying what a command does."""
    who = display_name(c.get("survivor", ""))
    match c["type"]:
        case "move":
            return f"{who}: move to zone {c['to']}"
        case "melee":
            return f"{who}: melee with {card_name(c.get('weapon'))}{targets_text(c.get('targets'))}"
        case "ranged":
            return (
                f"{who}: fire {card_name(c.get('weapon'))} at zone {c['zone']}"
                f"{targets_text(c.get('targets'))}"
            )
        case "search":
            return f"{who}: search"
        case "open_door":
            return f"{who}: open door {c['door']}"
        case "manage":
            return f"{who}: {manage_label(c, view)}"
        case "use":
            target = c.get("target")
            on = ""
            if target:
                on = (
                    f" at zone {target}"
                    if target not in view["survivors"]
                    else f" on {display_name(target)}"
                )
            return f"{who}: use {card_name(c['card'])}{on}"
        case "skill":
            target = c.get("target")
            on = f" on {display_name(target)}" if target else ""
            return f"{who}: {c['skill'].replace('_', ' ')}{on}"
        case "take_objective":
            return f"{who}: take the objective"
        case "end_turn":
            return f"{who}: end turn"
        case "choose":
            return c["option"].replace("_", " ")
    return c["type"].replace("_", " ")


def _places(view: dict, sid: str, hand: list, backpack: list) -> Counter:
    places: Counter = Counter()
    owner = "" if sid == "" else display_name(sid) + "'s "
    for card in hand:
        places[(card, owner + "hand")] += 1
    for card in backpack:
        places[(card, owner + "backpack")] += 1
    return places


def manage_label(c: dict, view: dict) -> str:
    """Say what a gear arrangement changes: 'pistol: floor -> hand'."""
    sid = c["survivor"]
    me = view["survivors"][sid]
    zone = me["zone"]
    others = c.get("others") or {}
    before = _places(view, "", me["hand"], me["backpack"])
    after = _places(view, "", c["hand"], c["backpack"])
    for oid, arr in others.items():
        o = view["survivors"][oid]
        before += _places(view, oid, o["hand"], o["backpack"])
        after += _places(view, oid, arr.get("hand", []), arr.get("backpack", []))
    for card in view["floor"].get(zone, []):
        before[(card, "floor")] += 1
    carried_after = Counter(card for card, _ in after.elements())
    carried_before = Counter(card for card, _ in before.elements())
    for card, n in (carried_before - carried_after).items():
        after[(card, "floor")] += n
    gone = list((before - after).elements())
    came = list((after - before).elements())
    moves = []
    for card, src in gone:
        for i, (card2, dst) in enumerate(came):
            if card2 == card:
                moves.append(f"{card_name(card)}: {src} -> {dst}")
                del came[i]
                break
    if not moves and c["hand"] != me["hand"]:
        return "swap the cards in hand"
    return "; ".join(moves) or "rearrange gear"


# -- looking ------------------------------------------------------------------


def in_focus(view: dict, selected: str | None) -> str | None:
    """The survivor the board is round: the selected one, else the one
    acting now, else the first standing who has not acted (a watcher
    selects none)."""
    alive = [sid for sid, s in view["survivors"].items() if s["alive"]]
    for sid in (selected, view.get("active")):
        if sid in alive:
            return sid
    waiting = [sid for sid in alive if sid not in (view.get("done") or ())]
    return (waiting or alive or [None])[0]


def zone_label(world: Any, zone: str) -> str:
    """A zone as the mission names it: 'c (storeroom)', else just 'c'."""
    name = world.mission.zone(zone).name if hasattr(world, "mission") else ""
    return f"{zone} ({name})" if name else zone


def describe_zone(view: dict, world: Any, zone: str) -> str:
    """What `x` (look) says about a zone."""
    board = world.board
    parts = [f"Zone {zone}"]
    name = world.mission.zone(zone).name if hasattr(world, "mission") else ""
    marks = [name] if name else []
    if zone in view["objectives_left"]:
        marks.append("objective")
    if zone in getattr(world, "exits", ()):
        marks.append("exit")
    if zone in getattr(world, "spawns", ()):
        marks.append("spawn")
    if zone in view["dark"]:
        marks.append("dark: unknown until a door into it opens")
    if marks:
        parts[0] += f" ({', '.join(marks)})"
    here = [
        display_name(s) for s, v in view["survivors"].items() if v["alive"] and v["zone"] == zone
    ]
    if here:
        parts.append("here: " + ", ".join(here))
    kinds = view["zombies"].get(zone, {})
    if kinds:
        parts.append(
            ", ".join(
                f"{kinds[k]} {k}{'s' if kinds[k] > 1 else ''}" for k in KIND_ORDER if kinds.get(k)
            )
        )
    elif zone not in view["dark"]:
        parts.append("no zombies")
    noise = view["noise"].get(zone, 0)
    if noise:
        parts.append(f"noise {noise}")
    if view.get("marker") == zone:
        parts.append("the noise marker")
    floor = view["floor"].get(zone, [])
    if floor:
        parts.append("on the floor: " + ", ".join(card_name(c) for c in floor))
    open_doors = frozenset(d for d, st in view["doors"].items() if st == "open")
    seen = [z for z in board.zones if z != zone and board.sees(zone, z, open_doors)]
    parts.append("sees " + (zones_text(seen) if seen else "no other zone"))
    return "; ".join(parts) + "."
