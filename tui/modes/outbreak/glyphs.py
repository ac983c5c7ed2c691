"""Outbreak's board glyphs: a Unicode set and an ASCII set (`--ascii`).

A map cell is two characters. Terrain fills a cell; what stands on it (a
zombie, figures, a token) replaces the terrain. Every glyph differs from
the others by shape, never by colour alone, so the town reads the same
with NO_COLOR."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Glyphs:
    wall: str  # two characters
    road: str
    pad: str
    room: str
    door: str
    open_spot: str  # an empty place where the drawn tile may go (two characters)
    zombie: str  # one character
    bullet: str
    life: str
    more: str  # more figures in the cell than shown


UNICODE = Glyphs(
    wall="██",
    road="· ",
    pad="H ",
    room="_ ",
    door="/ ",
    open_spot="░░",
    zombie="Z",
    bullet="*",
    life="+",
    more="…",
)

ASCII = Glyphs(
    wall="##",
    road=". ",
    pad="H ",
    room="_ ",
    door="/ ",
    open_spot="::",
    zombie="Z",
    bullet="*",
    life="+",
    more="&",
)


def glyphs(ascii_only: bool) -> Glyphs:
    return ASCII if ascii_only else UNICODE


def terrain(g: Glyphs, kind: str) -> str:
    """The two characters of a cell of this kind (road, pad, building, door, wall)."""
    return {
        "road": g.road,
        "pad": g.pad,
        "building": g.room,
        "door": g.door,
    }.get(kind, g.wall)


def legend(g: Glyphs) -> list[tuple[str, str]]:
    """(glyph, meaning) pairs for the help screen."""
    return [
        (g.road.strip(), "road"),
        (g.wall.strip(), "wall"),
        (g.room.strip(), "room of a building"),
        (g.door.strip(), "door: the only way into a building"),
        (g.pad.strip(), "the Helipad's landing pad: stand on it with no zombie to win"),
        (g.zombie, "a zombie (one to a cell)"),
        ("A 1", "a figure: the seat's initial or its number"),
        ("A" + g.more, "more figures share the cell (x looks)"),
        (g.bullet, "a bullet token"),
        (g.life, "a life token"),
        (g.open_spot, "the centre of a place the drawn tile can go"),
    ]
