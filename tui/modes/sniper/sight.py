"""What a view lets a player work out: sight lines, cover, exposure, paths
and the odds of a shot. Everything here reads one view (the sniper's or
the commander's) and the rules' numbers (engine content), never the game's
state: the board draws nothing the view does not hold.

Sight is the rules' own: the kernel's supercover line, blocked by walls,
trees, the void and smoke (engine.sniper.board.Board.clear)."""

from __future__ import annotations

import heapq
from collections import Counter
from collections.abc import Iterable
from functools import lru_cache

from engine.core.geometry import Grid, chebyshev
from engine.sniper import content
from engine.sniper.board import OPEN, Board, neighbours

Cell = tuple[int, int]
FAR = 10_000  # binoculars: any range


@lru_cache(maxsize=8)
def board_of(rows: tuple[str, ...]) -> Board:
    return Board(Grid(rows))


def as_cell(c) -> Cell:
    return (int(c[0]), int(c[1]))


class Sight:
    """Sight, cover and paths on one view's board."""

    def __init__(self, view: dict) -> None:
        self.view = view
        self.rows = tuple(view["map"])
        self.board = board_of(self.rows)
        n = content.numbers()
        rain = view.get("rain_until")
        self.raining = rain is not None and view["turn"] <= rain
        self.unit_sight = n.rain_sight if self.raining else n.unit_sight
        me = view.get("sniper") or {}
        if me.get("binoculars"):
            self.my_sight = FAR
        else:
            self.my_sight = n.rain_sight if self.raining else n.sniper_sight
        self.smoke = frozenset(
            (s["at"][0] + dx, s["at"][1] + dy)
            for s in view.get("smoke", [])
            for dx in range(-s.get("radius", 1), s.get("radius", 1) + 1)
            for dy in range(-s.get("radius", 1), s.get("radius", 1) + 1)
        )
        self.me: Cell | None = as_cell(me["at"]) if me.get("at") else None

    # -- terrain ------------------------------------------------------------------
    def inside(self, cell: Cell) -> bool:
        return self.board.inside(cell)

    def glyph(self, cell: Cell) -> str:
        return self.board.glyph(cell)

    def is_open(self, cell: Cell) -> bool:
        """Open ground (ground, road, escape) with no smoke on it."""
        return self.board.glyph(cell) in OPEN and cell not in self.smoke

    def enterable(self, cell: Cell) -> bool:
        return self.board.inside(cell) and self.board.enterable(cell)

    # -- sight -----------------------------------------------------------------------
    def clear(self, a: Cell, b: Cell) -> bool:
        return self.board.clear(a, b, self.smoke)

    def line(self, a: Cell, b: Cell) -> tuple[Cell, ...]:
        """The cells strictly between a and b that a sight line crosses."""
        return self.board.between(a, b)

    def i_see(self, cell: Cell, origin: Cell | None = None) -> bool:
        """He would see cell from origin (default: where he stands)."""
        at = origin or self.me
        if at is None:
            return False
        return chebyshev(at, cell) <= self.my_sight and self.clear(at, cell)

    def in_sight(self) -> frozenset[Cell]:
        """Every cell he sees from where he stands."""
        if self.me is None:
            return frozenset()
        return _in_sight(self.rows, self.me, self.my_sight, self.smoke)

    def watchers(self, cell: Cell, units: dict) -> list[tuple[str, int, bool]]:
        """Units of `units` (id -> {kind, at}) that would see him on cell were
        he exposed there: (id, distance, fires at once), nearest first. A dog
        smells him within its nose through anything."""
        out = []
        for uid, u in units.items():
            at = as_cell(u["at"])
            spec = content.unit(u["kind"]) if u["kind"] in content.content().units else None
            d = chebyshev(at, cell)
            if spec is not None and spec.smell and d <= spec.smell:
                out.append((uid, d, False))
                continue
            if d <= self.unit_sight and self.clear(at, cell):
                fires = spec is not None and 0 < d <= spec.fire_range
                out.append((uid, d, fires))
        return sorted(out, key=lambda w: (w[1], w[0]))

    # -- paths -----------------------------------------------------------------------------
    def routes(self, start: Cell, steps: int, blocked: Iterable[Cell]) -> dict[Cell, list[Cell]]:
        """Every cell he can reach within `steps`, with the way there: the
        fewest steps, then the fewest open cells (the way that keeps to cover)."""
        blocked = set(blocked)
        best: dict[Cell, tuple[int, int]] = {start: (0, 0)}
        came: dict[Cell, Cell] = {}
        queue: list[tuple[int, int, Cell]] = [(0, 0, start)]
        while queue:
            n, opens, cell = heapq.heappop(queue)
            if best.get(cell, (n, opens)) < (n, opens) or n >= steps:
                continue
            for nxt in neighbours(cell):
                if not self.enterable(nxt) or nxt in blocked:
                    continue
                cost = (n + 1, opens + (1 if self.is_open(nxt) else 0))
                if cost < best.get(nxt, (steps + 1, 0)):
                    best[nxt] = cost
                    came[nxt] = cell
                    heapq.heappush(queue, (*cost, nxt))
        out: dict[Cell, list[Cell]] = {}
        for cell in best:
            if cell == start:
                continue
            path = [cell]
            while came[path[-1]] != start:
                path.append(came[path[-1]])
            out[cell] = path[::-1]
        return out


@lru_cache(maxsize=32)
def _in_sight(rows: tuple[str, ...], at: Cell, reach: int, smoke: frozenset) -> frozenset[Cell]:
    board = board_of(rows)
    return frozenset(
        c
        for c, _ in board.grid.cells()
        if chebyshev(at, c) <= reach and (c == at or board.clear(at, c, smoke))
    )


# -- the shot's odds ---------------------------------------------------------------
def shots_left(drawn: list[str]) -> Counter:
    """The shot cards still in the deck, as he can count them: the whole deck
    less the cards he drew since it was last shuffled."""
    full = Counter(content.full_deck("shots"))
    left = full - Counter(drawn)
    return left if sum(left.values()) else full


def shot_odds(drawn: list[str], kind: str, health: int) -> tuple[int, int, int, int]:
    """(cards that kill, cards that wound, cards that do nothing, cards in
    all) for a shot at a unit of `kind` with `health` left."""
    armoured = kind in content.content().units and content.unit(kind).armoured
    kill = wound = miss = 0
    for card, n in shots_left(drawn).items():
        spec = content.shot(card)
        damage = spec.damage if (spec.pierces or not armoured) else 0
        if damage >= health:
            kill += n
        elif damage > 0:
            wound += n
        else:
            miss += n
    return kill, wound, miss, kill + wound + miss


def percent(n: int, total: int) -> str:
    return f"{round(100 * n / total)}%" if total else "?"
