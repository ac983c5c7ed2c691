"""Turn a Station players' view into a board Scene (tokens per zone).

Only presentation: what goes in which zone, in a stable order. Survivors in
seat order, then zombies by kind, noise, the noise marker and floor cards;
the mission's marks (objective, exit, spawn) sit at the zone's far end."""

from __future__ import annotations

from typing import Any

from tui.glyphs import Glyphs
from tui.widgets.board import Scene, Token

KIND_ORDER = ("walker", "runner", "dog", "jumper", "armored")


def count_text(glyph: str, n: int) -> str:
    return glyph + (" " if n == 1 else str(n) if n < 10 else "+")


def display_name(sid: str) -> str:
    return sid[:1].upper() + sid[1:]


def initial(sid: str) -> str:
    return sid[:1].upper()


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


def build_scene(
    view: dict,
    world: Any,
    g: Glyphs,
    *,
    cursor: str | None,
    selected: str | None,
    targets: frozenset[str] = frozenset(),
) -> Scene:
    contents: dict[str, list[Token]] = {}
    marks: dict[str, list[Token]] = {}
    for zone in world.board.zones:
        c = zone_contents(view, zone, g, selected)
        if c:
            contents[zone] = c
        m = zone_marks(view, world, zone, g)
        if m:
            marks[zone] = m
    return Scene(
        contents=contents,
        marks=marks,
        dark=frozenset(view["dark"]),
        doors=dict(view["doors"]),
        cursor=cursor,
        targets=targets,
    )
