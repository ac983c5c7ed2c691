"""The Sniper board's glyphs and styles: one Unicode set and one ASCII set
(`--ascii`), one character a cell.

Nothing is told apart by colour alone, so the board reads the same with
NO_COLOR: cells out of his sight are dim, sight lines italic (targets are
underlined by the board), units
are letters, a remembered unit is a digit (turns since he saw it), noise
rings are their own glyph.

Terrain is the mission's own one-byte characters (trees `"`, walls `#`),
in the text's colour: its glyph already says what it is, and colour is kept
for what the player acts on or must notice (objectives, the crate, the
escape, units, sight lines, noise rings). A map whose colour changed at
almost every cell cost a first frame of 2,424 B over a thin link, the
trees' `♣` and walls' `█` three bytes a cell; see docs/perf-figures.md."""

from __future__ import annotations

from dataclasses import dataclass, field

from rich.style import Style


@dataclass(frozen=True)
class Glyphs:
    terrain: dict[str, str]  # map character -> glyph
    sniper: str
    smoke: str
    ring: str
    wrecked: str
    last_known: str
    noise: str
    more: str
    units: dict[str, str] = field(default_factory=dict)  # kind -> glyph
    pip_full: str = "o"
    pip_empty: str = "."

    def unit(self, kind: str) -> str:
        return self.units.get(kind, kind[:1] or "?")


UNITS = {"soldier": "s", "officer": "o", "vehicle": "v", "dog": "d"}

ASCII_TERRAIN = {
    ".": ".",
    "-": "-",
    "E": "E",
    '"': '"',
    "%": "%",
    "=": "=",
    ":": ":",
    "a": "&",
    "S": "%",  # his start: cover, as rubble is
    "D": "D",
    "#": "#",
    " ": " ",
    "R": "R",
    "F": "F",
    "T": "T",
}

UNICODE_TERRAIN = {**ASCII_TERRAIN, "a": "▣"}

ASCII = Glyphs(
    terrain=ASCII_TERRAIN,
    sniper="@",
    smoke="*",
    ring="~",
    wrecked="x",
    last_known="?",
    noise="!",
    more="+",
    units=UNITS,
    pip_full="o",
    pip_empty=".",
)

UNICODE = Glyphs(
    terrain=UNICODE_TERRAIN,
    sniper="@",
    smoke="▒",
    ring="∘",
    wrecked="×",
    last_known="?",
    noise="!",
    more="…",
    units=UNITS,
    pip_full="●",
    pip_empty="○",
)


def glyphs(ascii_only: bool) -> Glyphs:
    return ASCII if ascii_only else UNICODE


# -- styles: one name per kind of cell; "<name>.far" out of sight, "<name>.line" on a sight line
KIND = {
    ".": "ground",
    "-": "road",
    "E": "escape",
    '"': "trees",
    "%": "cover",
    "=": "cover",
    ":": "building",
    "a": "crate",
    "S": "cover",
    "D": "papers",
    "#": "wall",
    " ": "void",
    "R": "feature",
    "F": "feature",
    "T": "feature",
}

BASE = {
    "ground": Style(),
    "road": Style(),
    "escape": Style(color="bright_green", bold=True),
    "trees": Style(),
    "cover": Style(),
    "building": Style(),
    "crate": Style(color="bright_yellow", bold=True),
    "papers": Style(color="bright_yellow", bold=True),
    "wall": Style(),
    "void": Style(),
    "feature": Style(color="bright_magenta", bold=True),
    "wrecked": Style(color="bright_black"),
    "smoke": Style(bold=True),
    "ring": Style(color="magenta", bold=True),
    "me": Style(bold=True),
    "enemy": Style(color="bright_red", bold=True),
    "memory": Style(color="red"),
    "intel": Style(color="bright_yellow", bold=True),
}
FAR = Style(dim=True)
LINE = Style(italic=True, bold=True, color="bright_yellow")  # targets are underlined


def make_styles() -> dict[str, Style]:
    """Every style name a scene uses; one dict for the game (the board caches by it)."""
    out: dict[str, Style] = {}
    for name, style in BASE.items():
        out[name] = style
        out[f"{name}.far"] = style + FAR
        out[f"{name}.line"] = style + LINE
        out[f"{name}.far.line"] = style + FAR + LINE
    return out


STYLES = make_styles()


def legend(g: Glyphs) -> list[tuple[str, str]]:
    """(glyph, meaning) for the help screen."""
    t = g.terrain
    return [
        (g.sniper, "you, the sniper"),
        ("s o v d", "soldier, officer, vehicle (road only), dog: units you see now"),
        ("0-9", "a unit you saw there that many turns ago (not in sight now)"),
        (t["."], "open ground: units in sight within 8 see you here"),
        (t["-"], "road: open ground; the vehicle keeps to it"),
        (t["E"], "escape: every objective done, stay here a whole turn"),
        (t['"'], "trees: cover, and they block sight"),
        (f"{t['%']} {t['=']}", "rubble, low wall: cover"),
        (t[":"], "building floor: cover"),
        (t["#"], "wall: blocks moves and sight"),
        (t["a"], "ammo crate: take ammo on or next to it"),
        (t["D"], "documents: walk in to take them"),
        (f"{t['R']} {t['F']} {t['T']}", "radio, fuel depot, telephone: sabotage next to it"),
        (g.wrecked, "a wrecked feature"),
        (g.smoke, "smoke: cover, blocks sight"),
        (g.ring, "noise ring: how far your last noise carried"),
        ("dim", "out of your sight: units there are unseen"),
        ("italic", "a sight line (moving: who would see you; firing: your shot)"),
        (g.last_known, "commander: where the sniper was last known"),
        (g.noise, "commander: a noise your units heard"),
    ]
