"""Outbreak's board: the town as a grid of two-character cells.

The town grows in every direction, so the grid covers the tiles laid so far
plus one tile's margin all round (where the next tile may go), and map cell
(x, y) is drawn at (x - origin x, y - origin y). A cell shows its terrain,
or what stands on it: a zombie (with the figure it is on, or the token under
it), figures (the seat's letter; a second letter or "more" when they share
a cell), a token. While a tile is being placed, its preview is drawn where
the cursor is, turned as chosen, and the places it may go are marked (each
at its centre cell: a whole place of shade glyphs cost three bytes a
character to send, and again to clear, and its four corners four times what
one mark does)."""

from __future__ import annotations

from dataclasses import dataclass, field

from rich.style import Style

from engine.outbreak.board import tile_cells
from tui.modes.outbreak.glyphs import Glyphs, terrain
from tui.modes.outbreak.words import Seats
from tui.widgets.board import CURSOR, PLAIN, TARGET, Cell, Scene

Pos = tuple[int, int]
XY = tuple[int, int]

STYLES: dict[str, Style] = {
    "": Style(),
    "road": Style(color="bright_black"),
    "wall": Style(color="bright_black"),
    "room": Style(color="yellow"),
    "door": Style(color="yellow", bold=True),
    "pad": Style(color="bright_cyan", bold=True),
    "spot": Style(color="bright_blue"),
    "zombie": Style(color="green", bold=True),
    "fight": Style(color="bright_red", bold=True),
    "figure": Style(color="bright_white", bold=True),
    "active": Style(color="bright_white", bold=True, underline=True),
    "bullet": Style(color="bright_yellow", bold=True),
    "life": Style(color="bright_red", bold=True),
    "preview": Style(color="bright_cyan", bold=True),
    "misfit": Style(color="red", bold=True),
}
for _name in ("zombie", "fight", "figure", "active", "bullet", "life"):
    STYLES[f"{_name}-door"] = STYLES[_name] + Style(underline=True)
TRAIL = Style(bgcolor="grey23")  # what bots changed since a person last acted
for _name in list(STYLES):
    STYLES[f"{_name}-trail"] = STYLES[_name] + TRAIL
KIND_STYLE = {"road": "road", "pad": "pad", "building": "room", "door": "door", "wall": "wall"}


@dataclass
class Preview:
    """The drawn tile where the cursor is, turned `rotation`; `fits` there or not."""

    tile: str
    at: Pos
    rotation: int
    fits: bool
    picking: bool = False  # the player marks road cells for its zombies
    zombies: frozenset[XY] = frozenset()  # the cells marked so far


@dataclass
class Marks:
    """What the scene highlights besides the cursor."""

    spots: frozenset[Pos] = frozenset()  # empty places where the drawn tile may go
    targets: frozenset[XY] = frozenset()  # cells to pick from
    tiles: frozenset[Pos] = frozenset()  # tiles to pick from (their cells are targets)
    extra: dict[XY, str] = field(default_factory=dict)


def cell_of(key: str) -> XY:
    x, y = key.split(",")
    return int(x), int(y)


def pos_of(cell: XY) -> Pos:
    return cell[0] // 3, cell[1] // 3


def centre(pos: Pos) -> XY:
    return pos[0] * 3 + 1, pos[1] * 3 + 1


def tile_box(pos: Pos) -> tuple[int, int, int, int]:
    return pos[0] * 3, pos[1] * 3, pos[0] * 3 + 2, pos[1] * 3 + 2


class Town:
    """Draws any view of an Outbreak game; remembers where the last scene
    put the map's origin, so a click can be turned back into a map cell."""

    def __init__(self, glyphs: Glyphs, seats: Seats) -> None:
        self.g = glyphs
        self.seats = seats
        self.origin: XY = (0, 0)
        self.size: XY = (0, 0)
        self._kinds_key: object = None
        self._kinds: dict[XY, str] = {}

    def kinds(self, view: dict) -> dict[XY, str]:
        key = tuple((t["tile"], *t["at"], t["rotation"]) for t in view["tiles"])
        if self._kinds_key != key:  # the tiles laid say what the cells are
            self._kinds = {cell_of(k): v for k, v in view["cells"].items()}
            self._kinds_key = key
        return self._kinds

    def bounds(self, view: dict) -> tuple[int, int, int, int]:
        """Tile positions (x0, y0, x1, y1) drawn: every tile, and one margin
        round them (where the next tile may go)."""
        ps = [tuple(t["at"]) for t in view["tiles"]]
        xs = [p[0] for p in ps]
        ys = [p[1] for p in ps]
        return min(xs) - 1, min(ys) - 1, max(xs) + 1, max(ys) + 1

    def scene(
        self,
        view: dict,
        *,
        cursor: XY | None,
        preview: Preview | None = None,
        marks: Marks | None = None,
        focus: tuple[int, int, int, int] | None = None,
        centre: tuple[int, int, int, int] | None = None,
        me: str | None = None,
        trail: frozenset[XY] = frozenset(),
    ) -> Scene:
        g = self.g
        marks = marks or Marks()
        kinds = self.kinds(view)
        tx0, ty0, tx1, ty1 = self.bounds(view)
        ox, oy = tx0 * 3, ty0 * 3
        self.origin = (ox, oy)
        width, height = (tx1 - tx0 + 1) * 3, (ty1 - ty0 + 1) * 3
        self.size = (width, height)

        zombies = {(z[0], z[1]) for z in view["zombies"]}
        tokens = {(t[0], t[1]): t[2] for t in view["tokens"]}
        current = view["current"]
        figures: dict[XY, list[str]] = {}
        for sid in [current] + [s for s in view["order"] if s != current]:
            cell = view["seats"][sid]["cell"]
            figures.setdefault((cell[0], cell[1]), []).append(sid)
        shown: dict[XY, str] = {}
        if preview is not None:
            shown = tile_cells(preview.tile, preview.at, preview.rotation)
        target_cells = set(marks.targets)
        for pos in marks.tiles:
            x0, y0, x1, y1 = tile_box(pos)
            target_cells.update((x, y) for x in range(x0, x1 + 1) for y in range(y0, y1 + 1))

        rows: list[tuple[Cell, ...]] = []
        for y in range(oy, oy + height):
            row: list[Cell] = []
            for x in range(ox, ox + width):
                cell = (x, y)
                highlight = PLAIN
                if cell in shown:
                    kind = shown[cell]
                    text = terrain(g, kind)
                    if not preview.fits and kind == "wall":
                        text = "xx"
                    style = "preview" if preview.fits else "misfit"
                    highlight = CURSOR
                    if preview.picking:
                        if cell in preview.zombies:
                            text, style = g.zombie + " ", "zombie"
                        highlight = CURSOR if cell == cursor else PLAIN
                elif cell in kinds:
                    text, style = self.cell_text(
                        cell, kinds[cell], zombies, tokens, figures, current
                    )
                elif pos_of(cell) in marks.spots and x % 3 == 1 and y % 3 == 1:
                    text, style = g.open_spot, "spot"  # a place's centre marks it
                else:
                    text, style = "  ", ""
                if cell in target_cells and highlight == PLAIN:
                    highlight = TARGET
                if cell in trail and highlight == PLAIN and cell in kinds:
                    style = f"{style}-trail"
                if cell == cursor and (preview is None or preview.picking):
                    highlight = CURSOR
                row.append((text, style, highlight))
            rows.append(tuple(row))
        box = focus
        if box is None and preview is not None:
            box = tile_box(preview.at)
        if box is None and cursor is not None:
            box = (cursor[0], cursor[1], cursor[0], cursor[1])
        if box is not None:
            box = (box[0] - ox, box[1] - oy, box[2] - ox, box[3] - oy)
        if centre is not None:
            centre = (centre[0] - ox, centre[1] - oy, centre[2] - ox, centre[3] - oy)
        beacons = tuple(
            (x - ox, y - oy, glyph, style) for x, y, glyph, style in self.beacons(view, me)
        )
        return Scene(
            rows=rows,
            cell_width=2,
            focus=box,
            styles=STYLES,
            beacons=beacons,
            centre=centre,
            origin=(ox, oy),
        )

    def beacons(self, view: dict, me: str | None) -> list[tuple[int, int, str, str]]:
        """What an arrow at the board's edge points to when it is off screen,
        most important first: the figure of `me` (the seat looking, else the
        one to act), the Helipad once laid, then the rivals in turn order."""
        me = me if me in view["seats"] else view.get("to_act") or view["current"]
        out = []
        cell = view["seats"][me]["cell"]
        out.append((cell[0], cell[1], self.seats.glyph[me], "active"))
        pad = view.get("helipad")
        if pad is not None:
            out.append((pad[0], pad[1], self.g.pad.strip(), "pad"))
        for sid in view["order"]:
            if sid != me:
                cell = view["seats"][sid]["cell"]
                out.append((cell[0], cell[1], self.seats.glyph[sid], "figure"))
        return out

    def cell_text(
        self,
        cell: XY,
        kind: str,
        zombies: set[XY],
        tokens: dict[XY, str],
        figures: dict[XY, list[str]],
        current: str,
    ) -> tuple[str, str]:
        g = self.g
        here = figures.get(cell, [])
        token = tokens.get(cell)
        token_glyph = {"bullet": g.bullet, "life": g.life}.get(token or "", "")
        # a door stays a door under what stands on it: its glyph takes the
        # cell's second character when that is free, else the cell is underlined
        door = g.door.strip() if kind == "door" else " "
        if cell in zombies:
            if here:
                return self.on_door(g.zombie + self.seats.glyph[here[0]], "fight", kind)
            return self.on_door(g.zombie + (token_glyph or door), "zombie", kind)
        if here:
            first = self.seats.glyph[here[0]]
            if len(here) == 2:
                second = self.seats.glyph[here[1]]
            elif len(here) > 2:
                second = g.more
            else:
                second = token_glyph or door
            return self.on_door(first + second, "active" if current in here else "figure", kind)
        if token_glyph:
            style = "bullet" if token == "bullet" else "life"
            return self.on_door(token_glyph + door, style, kind)
        return terrain(g, kind), KIND_STYLE.get(kind, "")

    def on_door(self, text: str, style: str, kind: str) -> tuple[str, str]:
        """A door whose glyph the occupants crowd out is drawn underlined."""
        if kind == "door" and self.g.door.strip() not in text[1:]:
            return text, style + "-door"
        return text, style

    def cell_at(self, x: int, y: int) -> XY:
        """The map cell drawn at scene cell (x, y)."""
        return x + self.origin[0], y + self.origin[1]
