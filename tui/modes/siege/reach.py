"""What the cursor needs to know about the board, from a view alone: the
cheapest path to each cell a human can walk to with the actions left, and
the cells an attack reaches (Manhattan range, a clear line).

The prices, the cells zombies stand on and what stops a line are the
contract's glyph table (engine.siege.board holds it as data); the engine is
still the judge: every path offered here is checked with the engine before
it is shown, and whatever it refuses is left out."""

from __future__ import annotations

import heapq
from dataclasses import dataclass

from engine.siege import board as b

Cell = tuple[int, int]


def cell_of(value) -> Cell | None:
    return None if value is None else (value[0], value[1])


def terrain(view: dict, cell: Cell) -> str:
    return b.at(tuple(view["map"]), cell)


def human_cost(view: dict, cell: Cell) -> int | None:
    """Actions to enter a cell (the view's map draws barricades as B)."""
    return b.HUMAN_COST.get(terrain(view, cell))


def blocks_line(view: dict, cell: Cell) -> bool:
    return terrain(view, cell) in b.LINE_BLOCKERS or terrain(view, cell) == b.BARRICADE


def sees(view: dict, a: Cell, c: Cell) -> bool:
    """A clear line between the centres of a and c (the end cells not counted)."""
    return b.line_clear(a, c, lambda cell: blocks_line(view, cell))


def zombies_at(view: dict) -> dict[Cell, str]:
    return {(at[0], at[1]): zid for zid, at in view["zombies"].items()}


def humans_at(view: dict) -> dict[Cell, str]:
    return {(h["at"][0], h["at"][1]): hid for hid, h in view["humans"].items() if h["at"]}


@dataclass(frozen=True)
class Route:
    path: tuple[Cell, ...]  # the cells walked, the human's own cell not included
    cost: int  # actions
    passes: tuple[str, ...] = ()  # zombies slipped past on the way (a 6 bites)


def routes(view: dict, hid: str, cheapest: bool = False) -> dict[Cell, Route]:
    """The best route to every cell the human can end a move on with the
    actions left: fewest zombies passed first, then fewest actions, then
    fewest cells; or, `cheapest`, fewest actions first, slipping past a
    zombie whenever that saves an action. Humans are walked through, never
    stopped on; a zombie is passed only straight on, to a free cell just
    beyond it (SI-3)."""
    h = view["humans"][hid]
    start = cell_of(h["at"])
    left = h["actions_left"]
    if start is None or left <= 0:
        return {}
    zombies = zombies_at(view)
    people = humans_at(view)
    taken = set(zombies) | set(people)
    best: dict[Cell, tuple] = {start: (0, 0, 0)}
    came: dict[Cell, tuple[Cell, tuple[Cell, ...], str]] = {}
    queue: list[tuple[int, int, int, Cell]] = [(0, 0, 0, start)]
    while queue:
        first, second, cells, here = heapq.heappop(queue)
        if best.get(here) != (first, second, cells):
            continue
        passes, cost = (second, first) if cheapest else (first, second)
        for nxt in b.neighbours(here):
            price = human_cost(view, nxt)
            if price is None:
                continue
            if nxt in zombies:
                if h["wounded"]:
                    continue
                beyond = (2 * nxt[0] - here[0], 2 * nxt[1] - here[1])
                price2 = human_cost(view, beyond)
                if price2 is None or beyond in taken:
                    continue
                step, land, extra, who = (nxt, beyond), beyond, price + price2, zombies[nxt]
            else:
                step, land, extra, who = (nxt,), nxt, price, ""
            spent = cost + extra
            if cheapest:
                key = (spent, passes + bool(who), cells + len(step))
            else:
                key = (passes + bool(who), spent, cells + len(step))
            if spent > left or (land in best and best[land] <= key):
                continue
            best[land] = key
            came[land] = (here, step, who)
            heapq.heappush(queue, (*key, land))
    out: dict[Cell, Route] = {}
    for cell, key in best.items():
        cost = key[0] if cheapest else key[1]
        if cell == start or cell in people:
            continue
        path: list[Cell] = []
        passed: list[str] = []
        at = cell
        while at != start:
            before, step, who = came[at]
            path[:0] = step
            if who:
                passed.insert(0, who)
            at = before
        if h["wounded"] and len(path) > 1:
            continue
        out[cell] = Route(tuple(path), cost, tuple(passed))
    return dict(sorted(out.items(), key=lambda kv: (kv[1].cost, len(kv[1].path), kv[0][::-1])))


def in_reach(view: dict, origin: Cell, reach: int) -> set[Cell]:
    """Cells within Manhattan reach of origin that a line reaches clear,
    the blocking cells themselves left out."""
    rows = view["map"]
    out = set()
    x0, y0 = origin
    for y in range(max(0, y0 - reach), min(len(rows), y0 + reach + 1)):
        span = reach - abs(y - y0)
        for x in range(max(0, x0 - span), min(len(rows[y]), x0 + span + 1)):
            cell = (x, y)
            if cell != origin and not blocks_line(view, cell) and sees(view, origin, cell):
                out.add(cell)
    return out
