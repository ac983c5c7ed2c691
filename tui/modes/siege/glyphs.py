"""Siege's board glyphs: one Unicode set and one ASCII set (`--ascii`).

A cell is one character wide, so a mission of 34 columns fits the 80x24
board. Figures are told apart by shape, never by colour alone: humans by
their seat number (1-4, as the map's starts), zombies by Z (z once it has
acted in a zombie player's turn), so the board reads the same with NO_COLOR.
Terrain keeps the mission file's characters wherever they read well."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Glyphs:
    terrain: dict[str, str]  # the map's character -> what is drawn
    zombie: str
    zombie_done: str
    item: str  # items lying on the floor
    path: str  # a move's path, drawn over floor
    reach: str  # a cell in range and in line of an attack, drawn over floor
    spot_done: str  # a search spot somebody searched
    pip_full: str
    pip_empty: str
    arrow: str
    steps: tuple[str, str, str, str]  # a zombie's next step: up, left, right, down
    threat: str  # a free cell a zombie can bite this zombie turn


# the mission file's own characters, as docs/rules-siege.md names them
SAME = {c: c for c in ".S%'+=&X\"BCc#"} | {" ": " "}

# The floor is the mission's own "." in both sets: a "·" is two bytes a cell,
# and floor is most of every frame the map is drawn in.
UNICODE = Glyphs(
    terrain=SAME | {"#": "█", '"': "♣", "C": "▓", "c": "▒", "%": "░"},
    zombie="Z",
    zombie_done="z",
    item="♦",
    path="•",
    reach=":",
    spot_done="x",
    pip_full="●",
    pip_empty="○",
    arrow="→",
    steps=("↑", "←", "→", "↓"),
    threat="!",
)

ASCII = Glyphs(
    terrain=SAME,
    zombie="Z",
    zombie_done="z",
    item="*",
    path="o",
    reach=":",
    spot_done="x",
    pip_full="o",
    pip_empty="-",
    arrow="->",
    steps=("^", "<", ">", "v"),
    threat="!",
)

FLOORS = frozenset(".S%")  # cells a path or a range mark may be drawn over


def glyphs(ascii_only: bool) -> Glyphs:
    return ASCII if ascii_only else UNICODE


def legend(g: Glyphs) -> list[tuple[str, str]]:
    """(glyph, meaning) for the help screen."""
    t = g.terrain
    return [
        ("1-4", "humans, by seat (the Humans panel names them)"),
        (g.zombie, "zombie"),
        (g.zombie_done, "zombie that has acted (a zombie player's turn)"),
        (t["."], "floor (1 action to enter)"),
        (t["S"], "spawn cell: new zombies come in here"),
        (t["%"], "rubble (1 action)"),
        (t["'"], "open door (1 action)"),
        (t["+"], "closed door: blocks moves and shots"),
        (t["="], "window (3 actions)"),
        (t["&"], "furniture (3 actions)"),
        (t['"'], "bushes (3 actions)"),
        (t["#"], "wall"),
        (t["C"], "car body: blocks moves and shots"),
        (t["c"], "car bonnet or boot: blocks moves, not shots"),
        (t["X"], "search spot nobody has searched"),
        (g.spot_done, "search spot already searched"),
        (t["B"], "barricade: blocks moves and shots"),
        (g.item, "items on the floor"),
        (g.path, "the path of a move (m)"),
        (g.reach, "in range and in line of an attack (a, t)"),
        ("".join(g.steps), "r: where a zombie steps next (a door it batters is marked)"),
        (g.threat, "r: a cell next to a zombie: whoever stands there may be bitten"),
    ]


def short_legend(g: Glyphs) -> list[tuple[str, str]]:
    """(glyph, two words) for the side panel of a tall terminal."""
    t = g.terrain
    return [
        ("1", "human"),
        (g.zombie, "zombie"),
        (t["X"], "search spot"),
        (g.spot_done, "searched"),
        (t["+"], "closed door"),
        (t["'"], "open door"),
        (t["="], "window (3)"),
        (t["&"], "furniture (3)"),
        (t['"'], "bushes (3)"),
        (t["B"], "barricade"),
        (t["S"], "spawn"),
        (t["%"], "rubble"),
        (t["C"] + t["c"], "car"),
        (g.item, "floor items"),
    ]
