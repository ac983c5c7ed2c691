"""The board: the mission map as a character grid, drawn with the Line API.

One widget draws every line (no widget per cell). Each map cell is two
characters wide, so cells look square and a glyph has room for a count
("z3"). Rows are cached as Strips keyed by map row; after a change only the
rows whose text or style changed are refreshed, and a camera offset follows
the cursor so a map larger than the viewport scrolls."""

from __future__ import annotations

from dataclasses import dataclass, field

from rich.segment import Segment
from rich.style import Style
from textual import events
from textual.geometry import Region, Size
from textual.message import Message
from textual.strip import Strip
from textual.widget import Widget

from engine.core.geometry import CLOSED_DOOR, OPEN_DOOR, VOID, WALL, ZoneMap
from tui.glyphs import Glyphs

CELL = 2  # characters per map cell

STYLES: dict[str, Style] = {
    "": Style(),
    "wall": Style(color="bright_black"),
    "floor": Style(color="bright_black"),
    "dark": Style(color="bright_black", dim=True),
    "door": Style(color="yellow", bold=True),
    "door_open": Style(color="yellow"),
    "door_locked": Style(color="red", bold=True),
    "survivor": Style(color="bright_white", bold=True),
    "active": Style(color="bright_white", bold=True, underline=True),
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
    "more": Style(color="bright_white", bold=True),
}
BLANK = Style()  # never a None style: Textual's NO_COLOR filter needs one
CURSOR = Style(reverse=True)
TARGET = Style(bgcolor="blue", underline=True)


@dataclass(frozen=True)
class Token:
    """Two characters drawn in one cell of a zone: a glyph and a count or space."""

    text: str
    style: str = ""


@dataclass
class Scene:
    """What the board shows, in the map's own terms (zone ids, door ids)."""

    contents: dict[str, list[Token]] = field(default_factory=dict)  # first cells first
    marks: dict[str, list[Token]] = field(default_factory=dict)  # last cells first
    dark: frozenset[str] = frozenset()
    doors: dict[str, str] = field(default_factory=dict)  # door id -> open|closed|locked
    cursor: str | None = None
    targets: frozenset[str] = frozenset()  # zone ids and door ids


class Board(Widget, can_focus=True):
    """The map viewport; posts ZoneClicked when a zone is clicked."""

    class ZoneClicked(Message):
        def __init__(self, zone: str) -> None:
            super().__init__()
            self.zone = zone

    def __init__(self, zone_map: ZoneMap, glyphs: Glyphs, **kwargs) -> None:
        super().__init__(**kwargs)
        self.zone_map = zone_map
        self.glyphs = glyphs
        self.scene = Scene()
        self.cam_x = 0
        self.cam_y = 0
        self._zone_at = {c: z for z, cells in zone_map.cells.items() for c in cells}
        self._door_at = {d.cell: d.id for d in zone_map.doors}
        self._rows: list[Strip] = []
        self._keys: list[tuple] = []
        self._bounds = {z: _bounds(cells) for z, cells in zone_map.cells.items()}

    # -- sizing -----------------------------------------------------------
    @property
    def map_size(self) -> Size:
        return Size(self.zone_map.grid.width * CELL, self.zone_map.grid.height)

    def get_content_width(self, container: Size, viewport: Size) -> int:
        return self.map_size.width

    def get_content_height(self, container: Size, viewport: Size, width: int) -> int:
        return self.map_size.height

    # -- updating ---------------------------------------------------------
    def show(self, scene: Scene) -> None:
        """Draw a new scene, refreshing only the rows that changed."""
        self.scene = scene
        cells = self._cell_table(scene)
        rows, keys = [], []
        changed = []
        for y in range(self.zone_map.grid.height):
            key = tuple(cells[y])
            keys.append(key)
            if y < len(self._keys) and self._keys[y] == key:
                rows.append(self._rows[y])
            else:
                rows.append(_strip(key))
                changed.append(y)
        self._rows, self._keys = rows, keys
        if self._follow_cursor():
            self.refresh()
            return
        for y in changed:
            screen_y = y - self.cam_y
            if 0 <= screen_y < self.size.height:
                self.refresh(Region(0, screen_y, self.size.width, 1))

    def on_resize(self, event: events.Resize) -> None:
        self._follow_cursor()
        self.refresh()

    def _follow_cursor(self) -> bool:
        """Move the camera so the cursor zone is in view; True if it moved."""
        width, height = self.size.width, self.size.height
        map_w, map_h = self.map_size
        old = (self.cam_x, self.cam_y)
        if width <= 0 or height <= 0:
            return False
        box = self._bounds.get(self.scene.cursor or "")
        self.cam_x = _axis(self.cam_x, width, map_w, box and (box[0] * CELL, box[2] * CELL + 1))
        self.cam_y = _axis(self.cam_y, height, map_h, box and (box[1], box[3]))
        return (self.cam_x, self.cam_y) != old

    # -- drawing ----------------------------------------------------------
    def render_line(self, y: int) -> Strip:
        width = self.size.width
        row = y + self.cam_y
        if not 0 <= row < len(self._rows):
            return Strip.blank(width, BLANK)
        strip = self._rows[row]
        if self.cam_x < 0:
            pad = Segment(" " * -self.cam_x, BLANK)
            strip = Strip([pad, *strip], strip.cell_length - self.cam_x)
            return strip.crop_extend(0, width, BLANK)
        return strip.crop_extend(self.cam_x, self.cam_x + width, BLANK)

    def _cell_table(self, scene: Scene) -> list[list[tuple[str, str, int]]]:
        """Per map row, (text, style name, highlight) for every cell."""
        g = self.glyphs
        grid = self.zone_map.grid
        placed: dict[tuple[int, int], Token] = {}
        for zone, cells in self.zone_map.cells.items():
            placed.update(_place(cells, scene.contents.get(zone, ()), scene.marks.get(zone, ()), g))
        out = []
        for y, line in enumerate(grid.rows):
            row = []
            for x, ch in enumerate(line):
                cell = (x, y)
                highlight = 0
                if ch == WALL:
                    text, style = g.wall * CELL, "wall"
                elif ch == VOID:
                    text, style = " " * CELL, ""
                elif ch in (CLOSED_DOOR, OPEN_DOOR):
                    door = self._door_at.get(cell, "")
                    text, style = _door(
                        g, scene.doors.get(door, "open" if ch == OPEN_DOOR else "closed")
                    )
                    highlight = 2 if door in scene.targets else 0
                else:
                    zone = self._zone_at[cell]
                    token = placed.get(cell)
                    if token is not None:
                        text, style = token.text, token.style
                    elif zone in scene.dark:
                        text, style = g.dark * CELL, "dark"
                    else:
                        text, style = g.floor + " ", "floor"
                    if zone == scene.cursor:
                        highlight = 1
                    elif zone in scene.targets:
                        highlight = 2
                row.append((text, style, highlight))
            out.append(row)
        return out

    # -- mouse ------------------------------------------------------------
    def zone_at_offset(self, x: int, y: int) -> str | None:
        """The zone drawn at a widget offset, or the far side of a door there."""
        if self.cam_x + x < 0:
            return None
        cell = ((x + self.cam_x) // CELL, y + self.cam_y)
        zone = self._zone_at.get(cell)
        if zone is None and cell in self._door_at:
            door = self.zone_map.door(self._door_at[cell])
            if door is not None:
                zone = door.b if door.a == self.scene.cursor else door.a
        return zone

    def on_click(self, event: events.Click) -> None:
        offset = event.get_content_offset(self)
        if offset is None:
            return
        zone = self.zone_at_offset(offset.x, offset.y)
        if zone is not None:
            self.post_message(self.ZoneClicked(zone))


def _bounds(cells) -> tuple[int, int, int, int]:
    xs = [c[0] for c in cells]
    ys = [c[1] for c in cells]
    return min(xs), min(ys), max(xs), max(ys)


def _axis(cam: int, view: int, size: int, span: tuple[int, int] | None) -> int:
    """Camera position on one axis: centred when the map fits, else keep the
    span (the cursor zone) in view with a margin, moving as little as possible."""
    if size <= view:
        return -((view - size) // 2)
    cam = min(max(cam, 0), size - view)
    if span is None:
        return cam
    lo, hi = span
    margin = min(3, max(0, (view - (hi - lo + 1)) // 2))
    if lo - margin < cam:
        cam = lo - margin
    elif hi + margin >= cam + view:
        cam = hi + margin - view + 1
    return min(max(cam, 0), size - view)


def _door(g: Glyphs, state: str) -> tuple[str, str]:
    if state == "open":
        return g.open_door * CELL, "door_open"
    if state == "locked":
        return g.locked_door * CELL, "door_locked"
    return g.closed_door * CELL, "door"


def _place(cells, contents, marks, g: Glyphs) -> dict[tuple[int, int], Token]:
    """Tokens into a zone's cells: contents from the first cell on, marks
    (objective, exit, spawn) from the last cell back, so marks never move."""
    cells = list(cells)
    marks = list(marks)[: len(cells)]
    room = len(cells) - len(marks)
    contents = list(contents)
    if len(contents) > room:
        contents = contents[: max(room - 1, 0)] + [Token(g.more + " ", "more")] if room else []
    placed = {cells[i]: t for i, t in enumerate(contents)}
    for i, t in enumerate(marks):
        placed[cells[len(cells) - 1 - i]] = t
    return placed


def _strip(cells: tuple[tuple[str, str, int], ...]) -> Strip:
    """One Segment per run of cells with the same style."""
    segments = []
    run_text: list[str] = []
    run_key: tuple[str, int] | None = None
    for text, style, highlight in cells:
        key = (style, highlight)
        if key != run_key and run_text:
            segments.append(Segment("".join(run_text), _style(*run_key)))
            run_text = []
        run_key = key
        run_text.append(text)
    if run_text and run_key is not None:
        segments.append(Segment("".join(run_text), _style(*run_key)))
    return Strip(segments)


_STYLE_CACHE: dict[tuple[str, int], Style] = {}


def _style(name: str, highlight: int) -> Style:
    key = (name, highlight)
    got = _STYLE_CACHE.get(key)
    if got is None:
        got = STYLES.get(name, STYLES[""])
        if highlight == 1:
            got = got + CURSOR
        elif highlight == 2:
            got = got + TARGET
        _STYLE_CACHE[key] = got
    return got
