"""Siege's board: a view drawn one character a cell.

Figures stand over terrain; floor items show where nobody stands. While a
move is being aimed, the path to the cursor is drawn over the floor and
every cell the human can reach is a target; while an attack is aimed, the
cells in range and in line are marked and the zombies it can hit are
targets."""

from __future__ import annotations

from typing import Any

from rich.style import Style

from tui.modes.siege.glyphs import FLOORS, Glyphs
from tui.modes.siege.reach import Cell
from tui.widgets.board import CURSOR, PLAIN, TARGET, Scene

STYLES: dict[str, Style] = {
    "": Style(),
    "floor": Style(color="bright_black"),
    "wall": Style(color="bright_black"),
    "door": Style(color="yellow", bold=True),
    "window": Style(color="cyan"),
    "rough": Style(color="green"),  # furniture, bushes
    "rubble": Style(color="bright_black"),
    "spawn": Style(color="red"),
    "car": Style(color="blue"),
    "spot": Style(color="bright_yellow", bold=True),
    "spot_done": Style(color="bright_black"),
    "barricade": Style(color="yellow", bold=True),
    "human": Style(bold=True),
    "selected": Style(bold=True, underline=True),
    "wounded": Style(color="bright_red", bold=True),
    "zombie": Style(color="bright_green", bold=True),
    "zombie_done": Style(color="green"),
    "item": Style(color="bright_cyan", bold=True),
    "path": Style(color="bright_yellow", bold=True),
    "reach": Style(color="cyan"),
    "step": Style(color="bright_red", bold=True),
    "threat": Style(color="red"),
}

TERRAIN_STYLE = {
    ".": "floor",
    "S": "spawn",
    "%": "rubble",
    "'": "door",
    "+": "door",
    "=": "window",
    "&": "rough",
    '"': "rough",
    "#": "wall",
    "C": "car",
    "c": "car",
    "X": "spot",
    "B": "barricade",
}


def spots_done(view: dict) -> set[Cell]:
    """Search spots that no longer count toward the win (SI-13)."""
    living = [hid for hid, h in view["humans"].items() if h["alive"]]
    done = set()
    for s in view["spots"]:
        by = set(s["searched_by"])
        if (view["win"] == "spots_by_all" and living and set(living) <= by) or (
            view["win"] != "spots_by_all" and by
        ):
            done.add((s["at"][0], s["at"][1]))
    return done


def draw(
    view: dict,
    g: Glyphs,
    *,
    cursor: Cell | None,
    selected: str | None,
    targets: set[Cell] | frozenset = frozenset(),
    path: set[Cell] | frozenset = frozenset(),
    reach: set[Cell] | frozenset = frozenset(),
    steps: dict[Cell, int] | None = None,
    threat: set[Cell] | frozenset = frozenset(),
) -> Scene:
    """The board; `steps` (cell -> 0-3: up, left, right, down) and `threat`
    are the next-steps overlay (r): arrows where zombies step, marks where a
    zombie can bite; a door or barricade a zombie batters is a target."""
    steps = steps or {}
    seats = {hid: str(i + 1) for i, hid in enumerate(view["humans"])}
    figures: dict[Cell, tuple[str, str]] = {}
    acted = set(view.get("zombies_acted", ()))
    zombie_turn = view["phase"] == "zombies"
    for zid, at in view["zombies"].items():
        done = zombie_turn and zid in acted
        figures[(at[0], at[1])] = (g.zombie_done, "zombie_done") if done else (g.zombie, "zombie")
    for hid, h in view["humans"].items():
        if h["at"] is not None and h["alive"]:
            style = "selected" if hid == selected else "wounded" if h["wounded"] else "human"
            figures[(h["at"][0], h["at"][1])] = (seats[hid], style)
    items = {(p["at"][0], p["at"][1]) for p in view["floor"] if p["items"]}
    done = spots_done(view)
    rows = []
    for y, line in enumerate(view["map"]):
        row = []
        for x, ch in enumerate(line):
            cell = (x, y)
            if cell in figures:
                text, style = figures[cell]
            elif cell in path and ch in FLOORS:
                text, style = g.path, "path"
            elif cell in steps and ch in FLOORS | {"'", "=", "&", '"'}:
                text, style = g.steps[steps[cell]], "step"
            elif cell in threat and ch in FLOORS:
                text, style = g.threat, "threat"
            elif cell in items:
                text, style = g.item, "item"
            elif ch == "X" and cell in done:
                text, style = g.spot_done, "spot_done"
            elif cell in reach and ch in FLOORS and cell not in targets:
                text, style = g.reach, "reach"
            else:
                text = g.terrain.get(ch, ch)
                style = "path" if cell in path else TERRAIN_STYLE.get(ch, "")
            if cell == cursor:
                mark = CURSOR
            elif cell in targets:
                mark = TARGET
            else:
                mark = PLAIN
            row.append((text, style, mark))
        rows.append(tuple(row))
    focus = (cursor[0], cursor[1], cursor[0], cursor[1]) if cursor else None
    return Scene(rows, cell_width=1, focus=focus, styles=STYLES)


def figure_at(view: dict, cell: Any) -> tuple[str, str] | None:
    """("human", id) or ("zombie", id) standing on cell."""
    for hid, h in view["humans"].items():
        if h["at"] is not None and (h["at"][0], h["at"][1]) == cell:
            return "human", hid
    for zid, at in view["zombies"].items():
        if (at[0], at[1]) == cell:
            return "zombie", zid
    return None
