"""The board: any mode's map as a character grid, drawn with the Line API.

One widget draws every line (no widget per cell). A mode hands it a Scene:
rows of cells, each cell a few characters (cell width 1 or 2) with a style
name and a highlight. Rows are cached as Strips keyed by their cells; after
a change only the rows whose cells changed are refreshed, and a camera
offset keeps the scene's focus in view so a map larger than the viewport
scrolls, and a map that grows (new rows, new columns) simply redraws."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

from rich.segment import Segment
from rich.style import Style
from textual import events
from textual.geometry import Region, Size
from textual.message import Message
from textual.strip import Strip
from textual.widget import Widget

PLAIN, CURSOR, TARGET = 0, 1, 2  # a cell's highlight
Cell = tuple[str, str, int]  # (text, style name, highlight); text is cell_width characters

BLANK = Style()  # never a None style: Textual's NO_COLOR filter needs one
HIGHLIGHTS = {CURSOR: Style(reverse=True), TARGET: Style(bgcolor="blue", underline=True)}


@dataclass
class Scene:
    """What the board shows: the grid as drawn, in map cells."""

    rows: list[tuple[Cell, ...]] = field(default_factory=list)
    cell_width: int = 2
    focus: tuple[int, int, int, int] | None = None  # cells (x0, y0, x1, y1) kept in view
    styles: Mapping[str, Style] = field(default_factory=dict)  # style name -> Rich style
    # map cells the player must not lose track of (x, y, glyph, style name), most
    # important first: off the viewport, an arrow at its edge points to each
    beacons: tuple[tuple[int, int, str, str], ...] = ()
    centre: tuple[int, int, int, int] | None = None  # cells the camera centres on when it changes
    # the map cell drawn at row 0, column 0, in the mode's own terms, for a map
    # that grows in every direction: when it moves the camera moves with it,
    # and a map smaller than the view stays where it is while it fits, so a
    # grown map draws only what is new instead of every cell a step over
    origin: tuple[int, int] | None = None


class Board(Widget, can_focus=True):
    """The map viewport; posts CellClicked with the map cell that was clicked."""

    class CellClicked(Message):
        def __init__(self, x: int, y: int) -> None:
            super().__init__()
            self.x, self.y = x, y

    def __init__(self, **kwargs) -> None:
        super().__init__(**kwargs)
        self.scene = Scene()
        self.cam_x = 0
        self.cam_y = 0
        self._rows: list[Strip] = []
        self._keys: list[tuple] = []
        self._styles: Mapping[str, Style] = {}
        self._style_cache: dict[tuple[str, int], Style] = {}
        self._centred: tuple[int, int, int, int] | None = None  # the centre last centred on
        self._placed = False  # the camera was placed for an earlier scene (Scene.origin)
        self._marks: dict[int, list[tuple[int, str, str]]] = {}  # row -> (x, text, style)
        self._base = BLANK  # the widget's own colours, under every cell

    # -- sizing -----------------------------------------------------------
    @property
    def map_size(self) -> Size:
        rows = self.scene.rows
        width = max((len(r) for r in rows), default=0)
        return Size(width * self.scene.cell_width, len(rows))

    def get_content_width(self, container: Size, viewport: Size) -> int:
        return self.map_size.width

    def get_content_height(self, container: Size, viewport: Size, width: int) -> int:
        return self.map_size.height

    # -- updating ---------------------------------------------------------
    def show(self, scene: Scene) -> None:
        """Draw a new scene, refreshing only the rows that changed."""
        base = self._base_style()
        if (
            scene.styles is not self._styles
            or scene.cell_width != self.scene.cell_width
            or base != self._base
        ):
            self._styles, self._base = scene.styles, base
            self._style_cache = {}
            self._keys = []  # every row is drawn again in the new styles
        grown = len(scene.rows) != len(self.scene.rows)
        before = self.scene.origin
        self.scene = scene
        if before is not None and scene.origin is not None and scene.origin != before:
            self.cam_x += (before[0] - scene.origin[0]) * scene.cell_width
            self.cam_y += before[1] - scene.origin[1]
        rows, keys, changed = [], [], []
        for y, key in enumerate(scene.rows):
            keys.append(key)
            if y < len(self._keys) and self._keys[y] == key:
                rows.append(self._rows[y])
            else:
                rows.append(self._strip(key))
                changed.append(y)
        self._rows, self._keys = rows, keys
        moved = self._follow_focus()
        for screen_y in self._place_marks():
            self.refresh(Region(0, screen_y, self.size.width, 1))
        if moved or grown:
            self.refresh()
            return
        for y in changed:
            screen_y = y - self.cam_y
            if 0 <= screen_y < self.size.height:
                self.refresh(Region(0, screen_y, self.size.width, 1))

    def on_resize(self, event: events.Resize) -> None:
        self._placed = False  # a map that fits is centred in the new size
        self._follow_focus()
        self._place_marks()
        self.refresh()

    def _follow_focus(self) -> bool:
        """Move the camera so the focus box is in view; True if it moved."""
        width, height = self.size.width, self.size.height
        map_w, map_h = self.map_size
        old = (self.cam_x, self.cam_y)
        if width <= 0 or height <= 0:
            return False
        box = self.scene.focus
        w = self.scene.cell_width
        centre = self.scene.centre
        kept = old if self._placed and self.scene.origin is not None else (None, None)
        if centre is not None and centre != self._centred:  # a new place to look at
            self._centred = centre
            self.cam_x = (centre[0] + centre[2] + 1) * w // 2 - width // 2
            self.cam_y = (centre[1] + centre[3] + 1) // 2 - height // 2
        span = box and (box[0] * w, box[2] * w + w - 1)
        self.cam_x = _axis(self.cam_x, width, map_w, span, kept[0])
        self.cam_y = _axis(self.cam_y, height, map_h, box and (box[1], box[3]), kept[1])
        self._placed = map_w > 0
        return (self.cam_x, self.cam_y) != old

    # -- drawing ----------------------------------------------------------
    def _base_style(self) -> Style:
        """The widget's colours (the screen's background and text colour).

        Every cell is drawn over them, as Textual draws other widgets: a cell
        left without a background would show the terminal's own, and a
        see-through dialog, which fills such cells with the screen's colours,
        would change every cell of the board when it opens and again when it
        closes."""
        return self.rich_style.background_style + Style(color=self.rich_style.color)

    def render_line(self, y: int) -> Strip:
        strip = self._map_line(y)
        for x, text, style in self._marks.get(y, ()):
            width = strip.cell_length
            mark = Strip([Segment(text, self._style(style, PLAIN) + MARK)], len(text))
            strip = Strip.join([strip.crop(0, x), mark, strip.crop(x + len(text), width)])
        return strip

    def _place_marks(self) -> set[int]:
        """Where the arrows toward beacons out of view go now; the screen rows
        whose arrows changed. Each sits on the viewport's edge nearest its
        beacon: "↑z" on the top row, "z→" on the right, a corner's diagonal;
        one whose place a more important beacon's arrow holds sits beside it."""
        width, height = self.size.width, self.size.height
        marks: dict[int, list[tuple[int, str, str]]] = {}
        w = self.scene.cell_width
        arrows = ASCII_ARROWS if getattr(self.app, "ascii_only", False) else ARROWS
        taken: set[tuple[int, int]] = set()
        for x, y, glyph, style in self.scene.beacons if width > 3 and height > 1 else ():
            px, py = x * w - self.cam_x, y - self.cam_y
            dx = -1 if px < 0 else 1 if px + w > width else 0
            dy = -1 if py < 0 else 1 if py >= height else 0
            if not dx and not dy:
                continue  # in view: the board shows it
            text = f"{glyph}{arrows[(dx, dy)]}" if dx > 0 else f"{arrows[(dx, dy)]}{glyph}"
            sx = min(max(px, 0), width - len(text))
            sy = min(max(py, 0), height - 1)
            for nudge in (0, 1, -1, 2, -2):  # along the edge, beside a more important one
                nx = sx + nudge * (len(text) + 1) if dy else sx
                ny = sy + nudge if not dy else sy
                cells = {(nx + i, ny) for i in range(len(text))}
                inside = 0 <= nx <= width - len(text) and 0 <= ny < height
                if inside and not cells & taken:
                    taken |= cells
                    marks.setdefault(ny, []).append((nx, text, style))
                    break
        for row in marks.values():
            row.sort()
        changed = {y for y in set(marks) | set(self._marks) if marks.get(y) != self._marks.get(y)}
        self._marks = marks
        return changed

    def _map_line(self, y: int) -> Strip:
        width = self.size.width
        base = self._base
        row = y + self.cam_y
        if not 0 <= row < len(self._rows):
            return Strip.blank(width, base)
        strip = self._rows[row]
        if self.cam_x < 0:
            pad = Segment(" " * -self.cam_x, base)
            strip = Strip([pad, *strip], strip.cell_length - self.cam_x)
            return strip.crop_extend(0, width, base)
        return strip.crop_extend(self.cam_x, self.cam_x + width, base)

    def _strip(self, cells: tuple[Cell, ...]) -> Strip:
        """One Segment per run of cells with the same style."""
        segments = []
        run_text: list[str] = []
        run_key: tuple[str, int] | None = None
        for text, style, highlight in cells:
            key = (style, highlight)
            if key != run_key and run_text:
                segments.append(Segment("".join(run_text), self._style(*run_key)))
                run_text = []
            run_key = key
            run_text.append(text)
        if run_text and run_key is not None:
            segments.append(Segment("".join(run_text), self._style(*run_key)))
        return Strip(segments)

    def _style(self, name: str, highlight: int) -> Style:
        key = (name, highlight)
        got = self._style_cache.get(key)
        if got is None:
            got = self._base + (self._styles.get(name) or BLANK)
            if highlight in HIGHLIGHTS:
                got = got + HIGHLIGHTS[highlight]
            self._style_cache[key] = got
        return got

    # -- mouse ------------------------------------------------------------
    def cell_at_offset(self, x: int, y: int) -> tuple[int, int] | None:
        """The map cell drawn at a widget offset, None off the map."""
        cx, cy = x + self.cam_x, y + self.cam_y
        if cx < 0 or cy < 0 or cy >= len(self.scene.rows):
            return None
        cell = (cx // self.scene.cell_width, cy)
        return cell if cell[0] < len(self.scene.rows[cy]) else None

    def on_click(self, event: events.Click) -> None:
        offset = event.get_content_offset(self)
        if offset is None:
            return
        cell = self.cell_at_offset(offset.x, offset.y)
        if cell is not None:
            self.post_message(self.CellClicked(*cell))


MARK = Style(reverse=True, bold=True)  # an arrow toward a beacon out of view
ARROWS = {
    (0, -1): "↑",
    (0, 1): "↓",
    (-1, 0): "←",
    (1, 0): "→",
    (-1, -1): "↖",
    (1, -1): "↗",
    (-1, 1): "↙",
    (1, 1): "↘",
}
ASCII_ARROWS = {
    (0, -1): "^",
    (0, 1): "v",
    (-1, 0): "<",
    (1, 0): ">",
    (-1, -1): "^",
    (1, -1): "^",
    (-1, 1): "v",
    (1, 1): "v",
}


def _axis(
    cam: int, view: int, size: int, span: tuple[int, int] | None, kept: int | None = None
) -> int:
    """Camera position on one axis: centred when the map fits (or `kept`,
    where it was, while the whole map still shows from there); else it stays
    while the span (the focus) is in view with a margin. A focus that nears
    an edge moves the camera half a view or more that way (so the next steps
    need no move: each move sends the whole board to the terminal again), as
    far as keeps the whole span in view; a focus out of view is centred."""
    if size <= view:
        if kept is not None and kept <= 0 and size - kept <= view:
            return kept
        return -((view - size) // 2)
    top = size - view
    cam = min(max(cam, 0), top)
    if span is None:
        return cam
    lo, hi = span
    margin = min(3, max(0, (view - (hi - lo + 1)) // 2))
    if lo - margin >= cam and hi + margin < cam + view:
        return cam  # in view: no move
    if hi < cam or lo >= cam + view:  # out of view: a jump, centred on it
        cam = (lo + hi + 1) // 2 - view // 2
    elif lo - margin < cam:  # near the low edge: back half a view or more
        cam = max(min(lo - margin, cam - view // 2), hi + margin - view + 1)
    else:  # near the high edge: on half a view or more
        cam = min(max(hi + margin - view + 1, cam + view // 2), lo - margin)
    return min(max(cam, 0), top)
