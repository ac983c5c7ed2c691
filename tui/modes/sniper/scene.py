"""The board as each side sees it, one character a cell.

The sniper's board is drawn from his view alone: terrain everywhere (he has
the map), cells out of his sight dim, the units he sees now as letters, the
units he saw before as the digit of turns since (where he cannot see now),
smoke, the rings of his last noises (on open ground, so cover still shows),
sight lines in italics. The commander's
board (hot-seat) is drawn from the commander's view alone: every unit of
his, the sniper only where he is spotted (else `?` where he was last known),
the noises his units heard."""

from __future__ import annotations

from engine.core.geometry import chebyshev
from engine.sniper import content
from engine.sniper.board import OPEN
from tui.modes.sniper.glyphs import KIND, STYLES, Glyphs
from tui.modes.sniper.sight import Cell, Sight, as_cell
from tui.widgets.board import CURSOR, PLAIN, TARGET, Scene


def ring_cells(sight: Sight, rings: list[tuple[Cell, int]]) -> set[Cell]:
    out: set[Cell] = set()
    for (x, y), r in rings:
        for dy in range(-r, r + 1):
            for dx in range(-r, r + 1):
                c = (x + dx, y + dy)
                if max(abs(dx), abs(dy)) == r and sight.inside(c):
                    out.add(c)
    return out


def terrain(g: Glyphs, view: dict, ch: str) -> tuple[str, str]:
    """(glyph, style name) of a map character, features as they stand now."""
    name = content.feature_by_glyph().get(ch)
    if name is not None:
        state = view.get("features", {}).get(name)
        if state in ("destroyed", "taken"):
            return (g.terrain[":"] if state == "taken" else g.wrecked), "wrecked"
    return g.terrain.get(ch, ch), KIND.get(ch, "ground")


def sniper_scene(
    g: Glyphs,
    view: dict,
    sight: Sight,
    cursor: Cell | None,
    targets: frozenset = frozenset(),
    lines: frozenset = frozenset(),
    rings: list[tuple[Cell, int]] | None = None,
) -> Scene:
    seen = sight.in_sight()
    units = {as_cell(u["at"]): u["kind"] for u in view["units"].values()}
    turn = view["turn"]
    memory: dict[Cell, int] = {}
    for uid, s in view.get("last_seen", {}).items():
        at = as_cell(s["at"])
        if uid not in view["units"] and at not in seen:
            memory[at] = min(memory.get(at, 99), turn - s["turn"])
    ringed = ring_cells(sight, rings or [])
    me = sight.me
    rows = []
    for y, line in enumerate(view["map"]):
        row = []
        for x, ch in enumerate(line):
            c = (x, y)
            text, style = terrain(g, view, ch)
            if c == me:
                text, style = g.sniper, "me"
            elif c in units:
                text, style = g.unit(units[c]), "enemy"
            elif c in memory:
                text, style = (str(memory[c]) if memory[c] < 10 else g.more), "memory"
            elif c in sight.smoke and ch not in "# ":
                text, style = g.smoke, "smoke"
            elif c in ringed and ch in OPEN:
                text, style = g.ring, "ring"
            if c not in seen:
                style += ".far"
            if c in lines:
                style += ".line"
            mark = CURSOR if c == cursor else TARGET if c in targets else PLAIN
            row.append((text, style, mark))
        rows.append(tuple(row))
    x, y = cursor or me or (0, 0)
    return Scene(rows, cell_width=1, focus=(x, y, x, y), styles=STYLES)


def commander_scene(
    g: Glyphs,
    view: dict,
    sight: Sight,
    cursor: Cell | None,
    selected: str | None,
    targets: frozenset = frozenset(),
    lines: frozenset = frozenset(),
) -> Scene:
    units = {
        as_cell(u["at"]): (uid, u["kind"])
        for uid, u in view["units"].items()
        if u.get("alive", True)
    }
    sniper = as_cell(view["sniper_at"]) if view.get("sniper_at") else None
    known = view.get("last_known")
    last = as_cell(known["at"]) if known and sniper is None else None
    noises = {as_cell(n["at"]) for n in view.get("noises", [])}
    rows = []
    for y, line in enumerate(view["map"]):
        row = []
        for x, ch in enumerate(line):
            c = (x, y)
            text, style = terrain(g, view, ch)
            if c in units:
                uid, kind = units[c]
                text, style = g.unit(kind), "me" if uid == selected else "enemy"
            elif c == sniper:
                text, style = g.sniper, "intel"
            elif c == last:
                text, style = g.last_known, "intel"
            elif c in noises:
                text, style = g.noise, "ring"
            elif c in sight.smoke and ch not in "# ":
                text, style = g.smoke, "smoke"
            if c in lines:
                style += ".line"
            mark = CURSOR if c == cursor else TARGET if c in targets else PLAIN
            row.append((text, style, mark))
        rows.append(tuple(row))
    x, y = cursor or (0, 0)
    return Scene(rows, cell_width=1, focus=(x, y, x, y), styles=STYLES)


def nearest(a: Cell, cells) -> Cell | None:
    return min(cells, key=lambda c: (chebyshev(a, c), c[1], c[0]), default=None)
