"""The board in words, for the plain interface (`shamble --plain`).

What a sighted player reads off the board, a player by ear asks for:
`where` (the figure's place and what is there), `near` (what is around, by
direction and distance), `board` (a short summary), `look X`. Each is built
from the adapter's own words (`Play.look`, `Play.place`, `Play.step`) and
the view the screen would draw, so it says exactly what the scene shows.

Two shapes cover the modes: places joined to their neighbours (zones), and
cells of a grid. A mode may bring `tui/modes/<mode>/spoken.py` with a class
`Spoken` to say more; the lookup is by the mode's id, so this names no mode."""

from __future__ import annotations

import importlib
import re
from typing import Any

from tui.modes.base import Host, Play

DIRECTIONS = (
    ("north", 0, -1),
    ("north-east", 1, -1),
    ("east", 1, 0),
    ("south-east", 1, 1),
    ("south", 0, 1),
    ("south-west", -1, 1),
    ("west", -1, 0),
    ("north-west", -1, -1),
)
_CELL = re.compile(r"^\s*(-?\d+)\s*[, ]\s*(-?\d+)\s*$")


def direction(dx: int, dy: int) -> str:
    """A compass word for a step of (dx, dy), y growing southward."""
    sx, sy = (dx > 0) - (dx < 0), (dy > 0) - (dy < 0)
    if sx and sy and abs(dx) > 2 * abs(dy):
        sy = 0
    elif sx and sy and abs(dy) > 2 * abs(dx):
        sx = 0
    return next(name for name, x, y in DIRECTIONS if (x, y) == (sx, sy)) if sx or sy else "here"


def number(n: int) -> str:
    """A row or column number as it is said: "minus 2", not "-2" (a screen
    reader says the sign as "dash")."""
    return f"minus {-n}" if n < 0 else str(n)


def _strip_place(text: str) -> str:
    """A look's words without the place it starts with ("3,4: floor" -> "floor")
    and without the distance `near` says first ("3 cells away")."""
    text = re.sub(r"^(cell\s+)?-?\d+,-?\d+\s*[:,]\s*", "", text, flags=re.I)
    return re.sub(r",?\s*\b\d+ cells? away\b", "", text).rstrip(".")


class Spoken:
    """Where, near, board and look for one open game (places by name)."""

    def __init__(self, play: Play) -> None:
        self.play = play

    # -- helpers ------------------------------------------------------------
    def look_at(self, host: Host, place: Any) -> str:
        before = host.cursor
        host.cursor = place
        try:
            return self.play.look(host)
        finally:
            host.cursor = before

    def parse(self, host: Host, text: str) -> Any | None:
        """A place a player typed, in the cursor's own terms, or None."""
        text = text.strip().lower()
        m = _CELL.match(text)
        if isinstance(host.cursor, tuple):
            return (int(m.group(1)), int(m.group(2))) if m else None
        text = re.sub(r"^zone\s+", "", text)
        return text or None

    def figure_place(self, host: Host) -> Any:
        return self.play.home(host)

    # -- what a player asks -------------------------------------------------------
    def where(self, host: Host) -> list[str]:
        return [self.look_at(host, self.figure_place(host))]

    def near(self, host: Host) -> list[str]:
        """Each neighbouring place, by the cursor keys' directions."""
        here = self.figure_place(host)
        lines = []
        for name, dx, dy in DIRECTIONS[::2]:
            there = self.play.step(host, here, dx, dy)
            if there is not None and there != here:
                lines.append(f"{name}: {self.look_at(host, there)}")
        return lines or ["Nothing leads anywhere from here."]

    def board(self, host: Host) -> list[str]:
        """The figure's place and around it; to a watcher, whose place it is."""
        lines = self.where(host) + self.near(host)
        who = self.play.focus_name(host) if self.play.onlooker() else ""
        if who:
            lines.insert(0, f"Around {who}, {self.play.focus_words}:")
        return lines

    def own_told(self, host: Host, before: Any, events: list[Any]) -> list[str] | None:
        """A person's own command's story said short (they know what they
        typed); the plain prompt keeps the mode's full lines for `log`.
        None: as the mode narrates it."""
        return None

    def bots_told(self, host: Host, steps: list[tuple[Any, list[Any]]]) -> list[str] | None:
        """The bots' commands played since a person's last one (each the
        state before it and its events), told as what came of them, most
        important first; the plain prompt keeps the step-by-step lines for
        `log`. None: tell them step by step (a mode whose bots' turns are
        short already)."""
        return None

    def look(self, host: Host, text: str) -> list[str]:
        place = self.parse(host, text)
        if place is None:
            example = "3,4" if isinstance(host.cursor, tuple) else "b"
            return [f"Look where? Say a place, like: look {example}."]
        return [self.look_at(host, place)]


class GridSpoken(Spoken):
    """A board of cells: what lies near is found in the view (figures,
    tokens, features: anything standing on a cell) and on its map rows
    (anything that is not open ground)."""

    radius = 4  # near: cells this far (king's moves) are told
    ground = frozenset(".")  # map characters not worth a word
    most = 8  # near: at most this many things, the closest first
    unsaid = frozenset({"map", "legal", "cells"})  # view keys whose pairs are not things

    def map_rows(self, view: dict) -> list[str]:
        rows = view.get("map")
        return [r for r in rows if isinstance(r, str)] if isinstance(rows, list) else []

    def things(self, view: dict) -> set[tuple[int, int]]:
        """Cells the view puts something on: every [x, y] pair in it (paths too)."""
        found: set[tuple[int, int]] = set()

        def walk(value: Any, key: str = "") -> None:
            if key in self.unsaid:
                return
            if isinstance(value, dict):
                for k, v in value.items():
                    walk(v, str(k))
            elif isinstance(value, (list, tuple)):
                if len(value) == 2 and all(
                    isinstance(v, int) and not isinstance(v, bool) for v in value
                ):
                    found.add((value[0], value[1]))
                else:
                    for v in value:
                        walk(v, key)

        walk(view)
        return found

    def notable(self, host: Host, here: tuple[int, int]) -> list[tuple[int, int]]:
        """Cells near here worth a word: what stands on them first, then the
        map's features, the closest first in each."""
        rows = self.map_rows(host.view)
        things = self.things(host.view)
        terrain = set()
        for y in range(here[1] - self.radius, here[1] + self.radius + 1):
            if 0 <= y < len(rows):
                row = rows[y]
                for x in range(here[0] - self.radius, here[0] + self.radius + 1):
                    if 0 <= x < len(row) and row[x] not in self.ground:
                        terrain.add((x, y))

        def dist(c: tuple[int, int]) -> int:
            return max(abs(c[0] - here[0]), abs(c[1] - here[1]))

        def close(cells: set) -> list:
            return sorted(
                (c for c in cells if c != here and dist(c) <= self.radius),
                key=lambda c: (dist(c), c),
            )

        return close(things) + close(terrain - things)

    def near(self, host: Host) -> list[str]:
        here = self.figure_place(host)
        if not isinstance(here, tuple):
            return super().near(host)
        lines = []
        for cell in self.notable(host, here):
            dx, dy = cell[0] - here[0], cell[1] - here[1]
            steps = max(abs(dx), abs(dy))
            what = _strip_place(self.look_at(host, cell))
            lines.append(
                f"{direction(dx, dy)}, {steps} cell{'s' if steps > 1 else ''} "
                f"({cell[0]},{cell[1]}): {what}"
            )
            if len(lines) == self.most:
                break
        return lines or [f"Nothing within {self.radius} cells but open ground."]

    def board(self, host: Host) -> list[str]:
        """The map rows around the figure, as the ASCII board draws them."""
        here = self.figure_place(host)
        rows = self.map_rows(host.view)
        if not rows or not isinstance(here, tuple):
            return self.where(host)
        x0, x1 = max(0, here[0] - 12), here[0] + 12
        y0, y1 = max(0, here[1] - 3), min(len(rows), here[1] + 4)
        last = min(x1, len(rows[0]) - 1)
        lines = [f"Rows {y0} to {y1 - 1}, columns {x0} to {last}; {self.play.board_mark(host)}:"]
        for y in range(y0, y1):
            row = rows[y][x0 : x1 + 1]
            if y == here[1]:
                i = here[0] - x0
                row = row[:i] + "@" + row[i + 1 :]
            lines.append(f"row {y}: {row}")
        return lines


def spoken_for(play: Play, host: Host) -> Spoken:
    """The mode's own Spoken if it brings one, else the shape its cursor has."""
    package = type(play).__module__.rsplit(".", 1)[0]
    try:
        module = importlib.import_module(f"{package}.spoken")
    except ModuleNotFoundError as e:
        if e.name != f"{package}.spoken":
            raise
        module = None
    if module is not None and hasattr(module, "Spoken"):
        return module.Spoken(play)
    return GridSpoken(play) if isinstance(host.cursor, tuple) else Spoken(play)
