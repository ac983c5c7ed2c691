"""Outbreak's town in words (tui/modes/spoken.py): the town is a dict of
cells ("x,y": road, wall, building...), not map rows, so what lies near is
read from it: the open cells round the figure (where it may walk), then the
zombies, tokens, rivals and the Helipad within a few cells."""

from __future__ import annotations

from typing import Any

from tui.modes.base import Host
from tui.modes.spoken import GridSpoken

WALLS = frozenset({"wall"})


class Spoken(GridSpoken):
    radius = 3
    unsaid = GridSpoken.unsaid | {"tiles", "drawn_tile", "tile_pile", "tiles_out"}

    def cells(self, view: dict) -> dict[tuple[int, int], str]:
        out = {}
        for key, kind in (view.get("cells") or {}).items():
            x, _, y = str(key).partition(",")
            try:
                out[(int(x), int(y))] = str(kind)
            except ValueError:
                continue
        return out

    def figure_place(self, host: Host) -> Any:
        seat = host.view.get("viewer")
        mine = (host.view.get("seats") or {}).get(seat) or {}
        cell = mine.get("cell")
        if isinstance(cell, (list, tuple)) and len(cell) == 2:
            return (cell[0], cell[1])
        return super().figure_place(host)

    def notable(self, host: Host, here: tuple[int, int]) -> list[tuple[int, int]]:
        cells = self.cells(host.view)
        things = {c for c in self.things(host.view) if c in cells}

        def dist(c: tuple[int, int]) -> int:
            return max(abs(c[0] - here[0]), abs(c[1] - here[1]))

        steps = {
            (here[0] + dx, here[1] + dy)
            for dx, dy in ((0, -1), (1, 0), (0, 1), (-1, 0))
            if cells.get((here[0] + dx, here[1] + dy), "wall") not in WALLS
        }
        near = [c for c in things if c != here and dist(c) <= self.radius]
        first = sorted(near, key=lambda c: (dist(c), c))
        return first + sorted(steps - set(first), key=lambda c: (dist(c), c))

    def board(self, host: Host) -> list[str]:
        """The town round the figure, a character a cell (# wall, . open, @ you, z zombie)."""
        here = self.figure_place(host)
        cells = self.cells(host.view)
        if not isinstance(here, tuple) or not cells:
            return self.where(host)
        zombies = {tuple(z) for z in host.view.get("zombies") or [] if len(z) == 2}
        x0, x1, y0, y1 = here[0] - 6, here[0] + 6, here[1] - 3, here[1] + 3
        lines = [f"Rows {y0} to {y1}, columns {x0} to {x1}; you are @, z a zombie, # a wall:"]
        for y in range(y0, y1 + 1):
            row = ""
            for x in range(x0, x1 + 1):
                kind = cells.get((x, y))
                if (x, y) == here:
                    row += "@"
                elif (x, y) in zombies:
                    row += "z"
                elif kind is None:
                    row += " "
                else:
                    row += "#" if kind in WALLS else "."
            lines.append(f"row {y}: {row.rstrip() or '(nothing laid)'}")
        return lines
