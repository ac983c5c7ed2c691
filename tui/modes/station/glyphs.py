"""Board glyphs: one Unicode set and one ASCII set (`--ascii`).

Every glyph is one character and the two sets are told apart by shape, never
only by colour, so the board reads the same with NO_COLOR."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Glyphs:
    wall: str
    closed_door: str
    locked_door: str
    open_door: str
    floor: str
    dark: str
    noise: str
    marker: str
    objective: str
    exit: str
    spawn: str
    item: str
    more: str
    pip_full: str
    pip_empty: str
    zombies: dict[str, str]

    def zombie(self, kind: str) -> str:
        return self.zombies.get(kind, kind[:1] or "?")


ZOMBIES = {"walker": "z", "runner": "r", "dog": "d", "jumper": "j", "armored": "A"}

UNICODE = Glyphs(
    wall="█",
    closed_door="+",
    locked_door="≡",
    open_door="'",
    floor=".",
    dark="░",
    noise="♪",
    marker="◎",
    objective="★",
    exit="⇲",
    spawn="⊕",
    item="♦",
    more="…",
    pip_full="●",
    pip_empty="○",
    zombies=ZOMBIES,
)

ASCII = Glyphs(
    wall="#",
    closed_door="+",
    locked_door="=",
    open_door="'",
    floor=".",
    dark="?",
    noise="~",
    marker="@",
    objective="*",
    exit=">",
    spawn="^",
    item="%",
    more="&",  # "+" is a closed door
    pip_full="o",
    pip_empty="x",
    zombies=ZOMBIES,
)


def glyphs(ascii_only: bool) -> Glyphs:
    return ASCII if ascii_only else UNICODE


def legend(g: Glyphs) -> list[tuple[str, str]]:
    """(glyph, meaning) pairs for the help screen and the wide layout."""
    return [
        (g.wall, "wall"),
        (g.closed_door, "closed door"),
        (g.locked_door, "locked door (needs a keycard)"),
        (g.open_door, "open door"),
        (g.floor, "floor"),
        (g.dark, "dark zone: unknown until a door into it opens"),
        ("V O L", "survivors, by initial"),
        (g.zombies["walker"], "walker"),
        (g.zombies["runner"], "runner (acts twice)"),
        (g.zombies["dog"], "dog (acts three times)"),
        (g.zombies["jumper"], "jumper (moves two zones)"),
        (g.zombies["armored"], "armored (needs two hits in one attack)"),
        ("z3", "a digit after a glyph counts it"),
        (g.noise, "noise tokens"),
        (g.marker, "noise marker: zombies that see nobody go here"),
        (g.objective, "objective"),
        (g.exit, "exit"),
        (g.spawn, "spawn zone"),
        (g.item, "cards on the floor"),
        (g.more, "more in this zone than fits: press x to look"),
        (
            g.floor + "c",
            "the zone's id (c), where the zone has room to show it and the id is "
            "no figure's letter",
        ),
    ]


def short_legend(g: Glyphs) -> list[tuple[str, str]]:
    """(glyph, two-word meaning) pairs for the side panel of a tall screen."""
    z = g.zombies
    return [
        (g.wall, "wall"),
        (g.floor, "floor"),
        (g.closed_door, "closed door"),
        (g.open_door, "open door"),
        (g.locked_door, "locked door"),
        (g.dark, "dark zone"),
        ("V", "survivor"),
        (z["walker"] + "3", "3 walkers"),
        (z["runner"], "runner"),
        (z["dog"], "dog"),
        (z["jumper"], "jumper"),
        (z["armored"], "armored"),
        (g.noise, "noise"),
        (g.marker, "noise marker"),
        (g.objective, "objective"),
        (g.exit, "exit"),
        (g.spawn, "spawn zone"),
        (g.item, "floor cards"),
        (g.more, "more: x looks"),
        (g.floor + "c", "zone c"),
    ]
