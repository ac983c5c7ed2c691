"""The zombie AI (SI-12 house rule, clarification 9), deciding from
`view("zombies")` only: one zombie-side command at a time.

The first zombie by id, not yet acted, that can act does so:
1. attack an adjacent human (fewest lives, then seat);
2. else step toward the nearest human it can reach over cells zombies enter
   (figures ignored; ties by seat), to the first free cell in reading order
   that starts a shortest path;
3. else the same counting closed doors and barricades as passable, breaking
   one when it is the step;
4. else the same toward the noise (a shot or a blast this round).
When none can act, the turn ends. Distances are breadth-first fields from
each goal, cached by map and goal, so a turn of 30 zombies stays cheap."""

from __future__ import annotations

from collections import deque

from engine.siege import board as b
from engine.siege.board import Cell, neighbours

PLAIN = b.ZOMBIE_ENTERS
THROUGH = b.ZOMBIE_ENTERS | {b.CLOSED_DOOR, b.BARRICADE}
_FIELDS: dict[tuple, dict[Cell, int]] = {}


def _field(rows: tuple[str, ...], goal: Cell, passable: frozenset[str]) -> dict[Cell, int]:
    """Steps from every cell to goal over passable cells (goal always counts)."""
    key = (rows, goal, passable)
    got = _FIELDS.get(key)
    if got is not None:
        return got
    got = {goal: 0}
    queue = deque([goal])
    while queue:
        cell = queue.popleft()
        d = got[cell] + 1
        for n in neighbours(cell):
            if n not in got and b.at(rows, n) in passable:
                got[n] = d
                queue.append(n)
    if len(_FIELDS) > 256:
        _FIELDS.clear()
    _FIELDS[key] = got
    return got


def _approach(
    rows: tuple[str, ...],
    at: Cell,
    goals: list[Cell],
    taken: set[Cell],
    passable: frozenset[str],
) -> tuple[str, Cell] | None | bool:
    """(kind, cell) of the step toward the nearest goal; False when no goal is
    reachable; None when one is but no first step is free."""
    best = None
    for i, goal in enumerate(goals):
        d = _field(rows, goal, passable).get(at)
        if d is not None and (best is None or (d, i) < best[:2]):
            best = (d, i, goal)
    if best is None:
        return False
    d, _, goal = best
    if d == 0:
        return None
    field = _field(rows, goal, passable)
    for n in neighbours(at):
        if field.get(n) == d - 1 and n not in taken:
            glyph = b.at(rows, n)
            if glyph in (b.CLOSED_DOOR, b.BARRICADE):
                return "break", n
            if glyph in PLAIN:
                return "move", n
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
    taken = {(c[0], c[1]) for _, c in zombies} | {h[2] for h in humans}
    acted = set(view["zombies_acted"])
    noise = [tuple(view["noise"])] if view.get("noise") else []
    targets = [h[2] for h in humans]
    for zid, cell in zombies:
        if zid in acted:
            continue
        at = (cell[0], cell[1])
        near = [h for h in humans if b.manhattan(h[2], at) == 1]
        if near:
            _, hid, _, _ = min(near, key=lambda h: (h[3], h[0]))
            return {"type": "zombie_attack", "zombie": zid, "human": hid}
        step = _step(rows, at, targets, noise, taken)
        if step is not None:
            kind, to = step
            if kind == "break":
                return {"type": "zombie_break", "zombie": zid, "at": [to[0], to[1]]}
            return {"type": "zombie_move", "zombie": zid, "to": [to[0], to[1]]}
    return {"type": "end_zombie_turn"}


def _step(rows, at, targets, noise, taken) -> tuple[str, Cell] | None:
    for goals in (targets, noise):
        for passable in (PLAIN, THROUGH):
            got = _approach(rows, at, goals, taken, passable)
            if got is not False:
                return got
    return None


def _number(zid: str) -> tuple[int, str]:
    digits = zid.lstrip("z")
    return (int(digits), zid) if digits.isdigit() else (1 << 30, zid)
