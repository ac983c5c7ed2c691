"""The town as it stands: cells of the placed tiles, the connections figures
and zombies step along, and where a tile may go (OB-3, DESIGN-outbreak "Board").

Cells are (x, y), x east and y south; the tile at position (tx, ty) covers
x 3tx..3tx+2 and y 3ty..3ty+2. A board is derived from the placed tiles and
cached by them: state never stores it (STYLE 5)."""

from __future__ import annotations

from collections import deque
from collections.abc import Iterable
from functools import lru_cache

import msgspec

from engine.outbreak import content
from engine.outbreak.content import KINDS, OPPOSITE, ROTATIONS, SIDES, STEP

Cell = tuple[int, int]
Pos = tuple[int, int]

ROADS = frozenset(("road", "pad"))
BUILDINGS = frozenset(("building", "door"))
_EDGE_MIDDLE = {"n": (1, 0), "e": (2, 1), "s": (1, 2), "w": (0, 1)}


class Placed(msgspec.Struct, frozen=True, array_like=True):
    """A tile on the map: its id, position and rotation (clockwise degrees)."""

    tile: str
    at: tuple[int, int]
    rotation: int = 0


def reading(cell: Cell) -> tuple[int, int]:
    """Reading order: by row (y), then column (x)."""
    return cell[1], cell[0]


@lru_cache(maxsize=256)
def rotated(tid: str, rotation: int) -> tuple[str, str, str]:
    """The tile's rows turned clockwise: 90 takes column c, row r to column 2-r, row c."""
    rows = content.tile(tid).rows
    for _ in range(rotation // 90):
        rows = tuple("".join(rows[2 - c][r] for c in range(3)) for r in range(3))
    return rows  # type: ignore[return-value]


@lru_cache(maxsize=256)
def road_sides(tid: str, rotation: int) -> frozenset[str]:
    """The sides whose middle cell is road (OB-3: a road edge)."""
    rows = rotated(tid, rotation)
    return frozenset(
        s for s in SIDES if KINDS[rows[_EDGE_MIDDLE[s][1]][_EDGE_MIDDLE[s][0]]] in ROADS
    )


def tile_cells(tid: str, at: Pos, rotation: int) -> dict[Cell, str]:
    rows = rotated(tid, rotation)
    x0, y0 = at[0] * 3, at[1] * 3
    return {(x0 + c, y0 + r): KINDS[rows[r][c]] for r in range(3) for c in range(3)}


def exit_cells(tid: str, at: Pos, rotation: int) -> list[Cell]:
    """Middle cells of the tile's road edges, in reading order."""
    x0, y0 = at[0] * 3, at[1] * 3
    cells = [(x0 + _EDGE_MIDDLE[s][0], y0 + _EDGE_MIDDLE[s][1]) for s in road_sides(tid, rotation)]
    return sorted(cells, key=reading)


def pos_of(cell: Cell) -> Pos:
    return cell[0] // 3, cell[1] // 3


def _neighbour(pos: Pos, side: str) -> Pos:
    dx, dy = STEP[side]
    return pos[0] + dx, pos[1] + dy


class Board:
    """Cells, connections and tile positions of a set of placed tiles."""

    def __init__(self) -> None:
        self.kinds: dict[Cell, str] = {}
        self.placed: dict[Pos, Placed] = {}
        self.links: dict[Cell, tuple[Cell, ...]] = {}

    def with_tile(self, p: Placed) -> Board:
        """A new board with one more tile (this one is left as it was)."""
        b = Board()
        b.kinds = dict(self.kinds)
        b.placed = dict(self.placed)
        b.links = dict(self.links)
        b.placed[p.at] = p
        new = tile_cells(p.tile, p.at, p.rotation)
        b.kinds.update(new)
        touched = set(new)
        for cell in new:
            for dx, dy in STEP.values():
                other = (cell[0] + dx, cell[1] + dy)
                if other in b.kinds:
                    touched.add(other)
        for cell in touched:
            b.links[cell] = b._links_of(cell)
        return b

    def _links_of(self, cell: Cell) -> tuple[Cell, ...]:
        kind = self.kinds[cell]
        if kind == "wall":
            return ()
        out = []
        for dx, dy in STEP.values():
            other = (cell[0] + dx, cell[1] + dy)
            ok = self.kinds.get(other)
            if ok is None or ok == "wall":
                continue
            same_tile = pos_of(other) == pos_of(cell)
            if kind in ROADS and ok in ROADS:
                out.append(other)
            elif same_tile and kind in BUILDINGS and ok in BUILDINGS:
                out.append(other)
            elif same_tile and {kind, ok} <= {"door", "road", "pad"} and "door" in (kind, ok):
                out.append(other)  # a door opens onto the road cell beside it
        return tuple(out)

    # -- reading -----------------------------------------------------------------
    def walkable(self, cell: Cell) -> bool:
        return self.kinds.get(cell, "wall") != "wall"

    def connected(self, a: Cell, b: Cell) -> bool:
        return b in self.links.get(a, ())

    def road_cells(self, pos: Pos) -> list[Cell]:
        """The tile's road cells (the pad is one), reading order."""
        x0, y0 = pos[0] * 3, pos[1] * 3
        cells = [(x0 + c, y0 + r) for r in range(3) for c in range(3)]
        return [c for c in cells if self.kinds.get(c) in ROADS]

    def open_edges(self) -> list[tuple[Pos, str]]:
        """Road edges facing an empty position; none left means the map is closed."""
        out = []
        for pos, p in self.placed.items():
            for side in road_sides(p.tile, p.rotation):
                if _neighbour(pos, side) not in self.placed:
                    out.append((pos, side))
        return out

    def closed(self) -> bool:
        return not self.open_edges()

    def placement_error(self, tid: str, at: Pos, rotation: int) -> tuple[str, str] | None:
        """Why the tile cannot go there turned that way, checked in the
        contract's order, or None when it can (OB-3)."""
        if rotation not in ROTATIONS:
            return "bad_rotation", "a tile turns by 0, 90, 180 or 270 degrees"
        if at in self.placed:
            return "position_taken", f"a tile already lies at {list(at)}"
        sides = road_sides(tid, rotation)
        touching = roads_meet = 0
        for side in SIDES:
            other = self.placed.get(_neighbour(at, side))
            if other is None:
                continue
            touching += 1
            mine = side in sides
            theirs = OPPOSITE[side] in road_sides(other.tile, other.rotation)
            if mine != theirs:
                return (
                    "edges_mismatch",
                    f"on its {_SIDE_NAME[side]} side a road would run into a wall",
                )
            roads_meet += mine
        if not touching:
            return "not_connected", f"{list(at)} touches no tile of the map"
        if not roads_meet:
            return "not_connected", "no road of the tile meets a road of the map"
        return None

    def candidates(self) -> list[Pos]:
        """Empty positions a road edge faces, reading order."""
        found = {_neighbour(pos, side) for pos, side in self.open_edges()}
        return sorted(found, key=reading)

    def placements(self, tid: str) -> list[tuple[Pos, int]]:
        """Every legal (position, rotation) for the tile, alike rotations too."""
        return [
            (at, r)
            for at in self.candidates()
            for r in ROTATIONS
            if self.placement_error(tid, at, r) is None
        ]

    def distances(self, sources: Iterable[Cell]) -> dict[Cell, int]:
        """Steps along connections from the nearest source."""
        dist = {}
        queue = deque()
        for s in sources:
            if s in self.kinds and s not in dist:
                dist[s] = 0
                queue.append(s)
        while queue:
            cell = queue.popleft()
            d = dist[cell] + 1
            for n in self.links.get(cell, ()):
                if n not in dist:
                    dist[n] = d
                    queue.append(n)
        return dist


_SIDE_NAME = {"n": "north", "e": "east", "s": "south", "w": "west"}


def building_order(tid: str, at: Pos, rotation: int) -> list[Cell]:
    """A building tile's cells in filling order: the door, then by steps from
    the door inside the building, ties in reading order (OB-3)."""
    cells = tile_cells(tid, at, rotation)
    inside = {c for c, k in cells.items() if k in BUILDINGS}
    doors = sorted((c for c, k in cells.items() if k == "door"), key=reading)
    steps = {d: 0 for d in doors}
    queue = deque(doors)
    while queue:
        c = queue.popleft()
        for dx, dy in STEP.values():
            n = (c[0] + dx, c[1] + dy)
            if n in inside and n not in steps:
                steps[n] = steps[c] + 1
                queue.append(n)
    return sorted(steps, key=lambda c: (steps[c], reading(c)))


@lru_cache(maxsize=512)
def board_of(tiles: tuple[Placed, ...]) -> Board:
    """The board of these placed tiles, in order (cached; each extends the last)."""
    if not tiles:
        return Board()
    return board_of(tiles[:-1]).with_tile(tiles[-1])
