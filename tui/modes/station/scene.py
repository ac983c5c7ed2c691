"""Station's board: a players' view drawn as a grid of two-character cells.

Each zone's tokens fill its cells in a stable order: survivors in seat
order, then zombies by kind, noise, the noise marker and floor cards; the
mission's marks (objective, exit, spawn) sit at the zone's far end, so
they never move. Doors are drawn open, closed or locked; dark zones as
shade. The cursor is a zone id; a zone's cells are its highlight."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from rich.style import Style

from engine.core.geometry import CLOSED_DOOR, OPEN_DOOR, VOID, WALL
from engine.station.zones import ZoneMap
from tui.modes.station.glyphs import Glyphs
from tui.text import display_name, initial
from tui.widgets.board import CURSOR, PLAIN, TARGET, Cell, Scene

__all__ = ["KIND_ORDER", "StationBoard", "display_name", "initial"]

CELL = 2  # characters per map cell
KIND_ORDER = ("walker", "runner", "dog", "jumper", "armored")

STYLES: dict[str, Style] = {
    "": Style(),
    "wall": Style(color="bright_black"),
    "floor": Style(color="bright_black"),
    "dark": Style(color="bright_black", dim=True),
    "door": Style(color="yellow", bold=True),
    "door_open": Style(color="yellow"),
    "door_locked": Style(color="red", bold=True),
    "survivor": Style(bold=True),
    "active": Style(bold=True, underline=True),
    "walker": Style(color="green", bold=True),
    "runner": Style(color="bright_yellow", bold=True),
    "dog": Style(color="yellow", bold=True),
    "jumper": Style(color="magenta", bold=True),
    "armored": Style(color="bright_red", bold=True),
    "noise": Style(color="cyan"),
    "marker": Style(color="bright_magenta", bold=True),
    "objective": Style(color="bright_yellow", bold=True),
    "exit": Style(color="bright_green", bold=True),
    "spawn": Style(color="red"),
    "item": Style(color="bright_cyan"),
    "more": Style(bold=True),
}


@dataclass(frozen=True)
class Token:
    """Two characters drawn in one cell of a zone: a glyph and a count or space."""

    text: str
    style: str = ""


def count_text(glyph: str, n: int) -> str:
    return glyph + (" " if n == 1 else str(n) if n < 10 else "+")


def zone_contents(view: dict, zone: str, g: Glyphs, selected: str | None) -> list[Token]:
    tokens = []
    for sid, s in view["survivors"].items():
        if s["alive"] and s["zone"] == zone:
            tokens.append(Token(initial(sid) + " ", "active" if sid == selected else "survivor"))
    kinds = view["zombies"].get(zone, {})
    for kind in (*KIND_ORDER, *sorted(set(kinds) - set(KIND_ORDER))):
        n = kinds.get(kind, 0)
        glyph = g.zombie(kind)
        while n > 0:  # more than 9 of a kind: several tokens, e.g. z9 z3
            tokens.append(Token(count_text(glyph, min(n, 9)), kind))
            n -= 9
    noise = view["noise"].get(zone, 0)
    if noise:
        tokens.append(Token(count_text(g.noise, noise), "noise"))
    if view.get("marker") == zone:
        tokens.append(Token(g.marker + " ", "marker"))
    floor = view["floor"].get(zone, [])
    if floor:
        tokens.append(Token(count_text(g.item, len(floor)), "item"))
    return tokens


def zone_marks(view: dict, world: Any, zone: str, g: Glyphs) -> list[Token]:
    marks = []
    if zone in view["objectives_left"]:
        marks.append(Token(g.objective + " ", "objective"))
    if zone in getattr(world, "exits", ()):
        marks.append(Token(g.exit + " ", "exit"))
    if zone in getattr(world, "spawns", ()):
        marks.append(Token(g.spawn + " ", "spawn"))
    return marks


class StationBoard:
    """The mission's zone map, ready to draw any view of it."""

    def __init__(self, world: Any, glyphs: Glyphs) -> None:
        self.world = world
        self.zone_map: ZoneMap = world.board
        self.glyphs = glyphs
        self.zone_at = {c: z for z, cells in self.zone_map.cells.items() for c in cells}
        self.door_at = {d.cell: d.id for d in self.zone_map.doors}
        self.bounds = {z: _bounds(cells) for z, cells in self.zone_map.cells.items()}
        self.unlabelled = frozenset(figure_zones(self.zone_map.cells, glyphs))
        # each row's cells that never change (walls, void), and what the others
        # depend on: the zones and doors in it (a row is drawn again only when
        # what it shows of them changed: scene)
        self._plans: list[
            tuple[tuple[Cell | None, ...], frozenset[str], tuple[str, ...], frozenset[str]]
        ] = []
        for y, line in enumerate(self.zone_map.grid.rows):
            fixed: list[Cell | None] = []
            zones: set[str] = set()
            doors: list[str] = []
            for x, ch in enumerate(line):
                if ch == WALL:
                    fixed.append((glyphs.wall * CELL, "wall", PLAIN))
                elif ch == VOID:
                    fixed.append((" " * CELL, "", PLAIN))
                else:
                    fixed.append(None)
                    if ch in (CLOSED_DOOR, OPEN_DOOR):
                        doors.append(self.door_at.get((x, y), ""))
                    else:
                        zones.add(self.zone_at[(x, y)])
            self._plans.append(
                (tuple(fixed), frozenset(zones), tuple(doors), frozenset(zones) | set(doors))
            )
        self._kept: dict[int, tuple[tuple, tuple[Cell, ...]]] = {}  # row -> (what it showed, cells)
        self._placed: tuple | None = None  # (view, selected, their tokens placed): _tokens

    def labelled(self, zone: str) -> bool:
        return zone_label_fits(zone) and zone not in self.unlabelled

    def scene(
        self,
        view: dict,
        *,
        cursor: str | None,
        selected: str | None,
        targets: frozenset[str] = frozenset(),
        centre: str | None = None,
    ) -> Scene:
        """The board for view; targets are zone ids and door ids; centre: the
        zone the camera centres on when it changes (the active survivor's).
        A row whose tokens, dark zones, cursor, targets and doors are what it
        showed last time is the row drawn then (a few rows change in a turn;
        drawing every cell of the largest maps took 1.5-5 ms a key)."""
        placed, dark, tokens, shown, lights = self._tokens(view, selected)
        doors = view["doors"]
        rows = []
        for y, (fixed, zones, row_doors, ids) in enumerate(self._plans):
            shows = (
                tokens[y],
                shown[y],
                cursor if cursor in zones else None,
                targets & ids,
                tuple(doors.get(d) for d in row_doors) if row_doors else (),
            )
            kept = self._kept.get(y)
            if kept is not None and kept[0] == shows:
                rows.append(kept[1])
                continue
            row = self._row(y, fixed, placed, dark, doors, cursor, targets)
            self._kept[y] = (shows, row)
            rows.append(row)
        return Scene(
            rows=rows,
            cell_width=CELL,
            focus=self.bounds.get(cursor or ""),
            styles=STYLES,
            beacons=lights,
            centre=self.bounds.get(centre or ""),
        )

    def _tokens(self, view: dict, selected: str | None) -> tuple:
        """Every zone's tokens placed in its cells, each row's tokens and dark
        zones, and the beacons: worked out once per view and selection (a
        cursor step draws the same view with the cursor elsewhere)."""
        kept = self._placed
        if kept is not None and kept[0] is view and kept[1] == selected:
            return kept[2]
        g = self.glyphs
        placed: dict[tuple[int, int], Token] = {}
        dark = frozenset(view["dark"])
        for zone, cells in self.zone_map.cells.items():
            contents = zone_contents(view, zone, g, selected)
            marks = zone_marks(view, self.world, zone, g)
            # the zone's id on its ground, in the floor's colour (not dimmed on a dark zone's)
            ground = g.dark if zone in dark else g.floor
            label = Token(ground + zone, "floor") if self.labelled(zone) else None
            placed.update(_place(cells, contents, marks, g, label))
        by_row: dict[int, list[tuple[int, Token]]] = {}
        for (x, y), token in placed.items():
            by_row.setdefault(y, []).append((x, token))
        tokens = [tuple(sorted(by_row.get(y, ()), key=_first)) for y in range(len(self._plans))]
        shown = [zones & dark for _, zones, _, _ in self._plans]
        worked = (placed, dark, tokens, shown, beacons(placed))
        self._placed = (view, selected, worked)  # the view itself kept: never a reused id
        return worked

    def _row(
        self,
        y: int,
        fixed: tuple[Cell | None, ...],
        placed: dict[tuple[int, int], Token],
        dark: frozenset[str],
        doors: dict[str, str],
        cursor: str | None,
        targets: frozenset[str],
    ) -> tuple[Cell, ...]:
        g = self.glyphs
        line = self.zone_map.grid.rows[y]
        row: list[Cell] = []
        for x, ch in enumerate(line):
            cell = fixed[x]
            if cell is not None:
                row.append(cell)
                continue
            highlight = PLAIN
            if ch in (CLOSED_DOOR, OPEN_DOOR):
                door = self.door_at.get((x, y), "")
                state = doors.get(door, "open" if ch == OPEN_DOOR else "closed")
                text, style = _door(g, state)
                highlight = TARGET if door in targets else PLAIN
            else:
                zone = self.zone_at[(x, y)]
                token = placed.get((x, y))
                if token is not None:
                    text, style = token.text, token.style
                elif zone in dark:
                    text, style = g.dark * CELL, "dark"
                else:
                    text, style = g.floor + " ", "floor"
                if zone == cursor:
                    highlight = CURSOR
                elif zone in targets:
                    highlight = TARGET
            row.append((text, style, highlight))
        return tuple(row)

    def zone_at_cell(self, x: int, y: int, cursor: str | None) -> str | None:
        """The zone drawn at a map cell, or the far side of a door there."""
        zone = self.zone_at.get((x, y))
        if zone is None and (x, y) in self.door_at:
            door = self.zone_map.door(self.door_at[(x, y)])
            if door is not None:
                zone = door.b if door.a == cursor else door.a
        return zone


BEACON_ORDER = (*KIND_ORDER, "objective", "exit", "active", "survivor")


def beacons(placed: dict[tuple[int, int], Token]) -> tuple[tuple[int, int, str, str], ...]:
    """What the board points at when it is out of view: zombies first, then
    objectives, the exit and the survivors (x, y, glyph, style)."""
    rank = {style: n for n, style in enumerate(BEACON_ORDER)}
    found = [(rank[t.style], y, x, t) for (x, y), t in placed.items() if t.style in rank]
    return tuple((x, y, t.text[0], t.style) for _, y, x, t in sorted(found))


def _first(item: tuple[int, Token]) -> int:
    return item[0]


def _bounds(cells) -> tuple[int, int, int, int]:
    xs = [c[0] for c in cells]
    ys = [c[1] for c in cells]
    return min(xs), min(ys), max(xs), max(ys)


def _door(g: Glyphs, state: str) -> tuple[str, str]:
    if state == "open":
        return g.open_door * CELL, "door_open"
    if state == "locked":
        return g.locked_door * CELL, "door_locked"
    return g.closed_door * CELL, "door"


def zone_label_fits(zone: str) -> bool:
    """A zone id drawn on the board is one character (the map's own)."""
    return len(zone) == 1


def figure_letters(g: Glyphs) -> frozenset[str]:
    """The letters the board draws figures with: the zombies' glyphs and the
    survivors' initials. A zone with one of them for its id is not labelled
    on the board (a zone "r" would read as a runner); the status line and x
    still name it."""
    from engine.station import content

    return frozenset(g.zombies.values()) | {initial(sid) for sid in content.survivors()}


def figure_zones(zones, g: Glyphs) -> list[str]:
    """The zones of a board whose ids are figure letters, in its order."""
    letters = figure_letters(g)
    return [z for z in zones if z in letters]


def _place(cells, contents, marks, g: Glyphs, label: Token | None = None) -> dict:
    """Tokens into a zone's cells: the zone's label in its first cell while
    there is room for it, contents from there on, marks (objective, exit,
    spawn) from the last cell back, so marks never move. The label is the
    ground glyph then the zone's id (".c"): no token has a letter second."""
    cells = list(cells)
    marks = list(marks)[: len(cells)]
    room = len(cells) - len(marks)
    contents = list(contents)
    placed = {}
    if label is not None and len(contents) < room:  # the first free cell after the contents
        n = len(contents)
        placed[cells[n]] = label
        cells, room = cells[:n] + cells[n + 1 :], room - 1
    if len(contents) > room:
        contents = contents[: max(room - 1, 0)] + [Token(g.more + " ", "more")] if room else []
    placed.update({cells[i]: t for i, t in enumerate(contents)})
    for i, t in enumerate(marks):
        placed[cells[len(cells) - 1 - i]] = t
    return placed
