"""Commands by name: the words a player types, matched against the legal
commands as the mode's adapter names them (`Play.label`).

A command's words are its label's words plus its own field values (a zone
id, a cell "3,4", a card id), so `move b`, `attack z3 with pistol`, `open
door a-b` or `fire 12,4` each find the one legal command they mean, and a
word can be shortened (`sea` for search). Filler words are ignored. Nothing
here names a mode."""

from __future__ import annotations

import difflib
import re
from dataclasses import dataclass
from typing import Any

FILLER = frozenset("a an the to at with on in into of my and then for from by".split())
# A mark standing alone is a word too: the Command Deck names zones $ ! : ; / <
_TOKEN = re.compile(r"-?\d+,-?\d+|[a-z0-9][a-z0-9_'-]*|(?<!\S)[!$:;/<](?!\S)")


def tokens(text: str) -> list[str]:
    """The words of text, lower case; "3 4" and "3, 4" become the cell "3,4"."""
    text = re.sub(r"(-?\d+)\s*,?\s+(-?\d+)", r"\1,\2", text.lower())
    text = re.sub(r"(-?\d+)\s*,\s*(-?\d+)", r"\1,\2", text)
    return [t.strip("'") for t in _TOKEN.findall(text) if t.strip("'") not in FILLER]


def _values(value: Any) -> list[str]:
    """The words a command field's value adds (a path adds its last cell)."""
    if isinstance(value, str):
        return [value.lower(), *value.lower().replace("_", " ").split()]
    if isinstance(value, bool) or value is None:
        return []
    if isinstance(value, int):
        return [str(value)]
    if isinstance(value, (list, tuple)):
        if len(value) == 2 and all(isinstance(v, int) and not isinstance(v, bool) for v in value):
            return [f"{value[0]},{value[1]}"]
        if value and all(isinstance(v, (list, tuple)) for v in value):
            return _values(value[-1])
        return [w for v in value if isinstance(v, str) for w in _values(v)]
    return []


@dataclass(frozen=True)
class Named:
    """A legal command with the words it answers to."""

    command: dict
    label: str
    words: frozenset[str]
    figure: str | None


def named(command: dict, label: str, figure_fields: tuple[str, ...]) -> Named:
    words = set(tokens(label))
    words.update(str(command.get("type", "")).split("_"))
    for key, value in command.items():
        if key != "type":
            words.update(_values(value))
    figure = next((command[f] for f in figure_fields if isinstance(command.get(f), str)), None)
    return Named(command, label, frozenset(words), figure)


def _has(words: frozenset[str], word: str) -> bool:
    if word in words:
        return True
    if "," in word or word.lstrip("-").isdigit():  # a cell or a number is said whole
        return False
    return len(word) >= 3 and any(w.startswith(word) for w in words)


def match(text: str, options: list[Named], selected: str | None) -> list[Named]:
    """The options text could mean: those having every word of it. Where it
    names no figure, those of the selected figure come first (and alone)."""
    asked = tokens(text)
    if not asked:
        return []
    found = [o for o in options if all(_has(o.words, w) for w in asked)]
    figures = {o.figure for o in options if o.figure}
    if selected and not any(w in figures for w in asked):
        mine = [o for o in found if o.figure in (selected, None)]
        found = mine or found
    from tui.plain.io import said

    typed = said(text.strip().lower())
    exact = [o for o in found if said(o.label.lower()) == typed]  # as it was said
    return exact or found


def nearest(text: str, options: list[Named], n: int = 3) -> list[Named]:
    """The options whose labels read most like text (for a wrong word)."""
    by_label = {o.label.lower(): o for o in options}
    close = difflib.get_close_matches(text.lower(), list(by_label), n=n, cutoff=0.0)
    return [by_label[c] for c in close]


GROUP_FROM = 5  # commands differing only in a cell, this many or more: one line


def _is_cell(value: Any) -> bool:
    return (
        isinstance(value, (list, tuple))
        and len(value) == 2
        and all(isinstance(v, int) and not isinstance(v, bool) for v in value)
    )


def _cell_of(command: dict) -> tuple[int, int] | None:
    """The one cell a command names (a path's end), if it names one."""
    for value in command.values():
        if _is_cell(value):
            return (value[0], value[1])
        if isinstance(value, (list, tuple)) and value and all(_is_cell(v) for v in value):
            return (value[-1][0], value[-1][1])
    return None


def _shape(command: dict) -> tuple:
    return tuple(
        (k, repr(v))
        for k, v in command.items()
        if not _is_cell(v) and not (isinstance(v, (list, tuple)) and v and _is_cell(v[0]))
    )


def grouped(commands: list[dict], least: int) -> list[list[dict]]:
    """Commands in their order, those alike but for their cell gathered."""
    groups: dict[tuple, list[dict]] = {}
    for c in commands:
        key = _shape(c) if _cell_of(c) is not None else (id(c),)
        groups.setdefault(key, []).append(c)
    return list(groups.values())


def group_line(group: list[dict], first_label: str) -> str:
    """ "Move to a cell: 8 of them (0,6 1,6 2,6 ...); type move X,Y"."""
    cells = [_cell_of(c) for c in group]
    text = " ".join(f"{x},{y}" for x, y in cells[:12]) + (" ..." if len(cells) > 12 else "")
    x, y = cells[0]
    said = re.sub(rf"\b{x},{y}\b", "X,Y", first_label)
    said = re.sub(r"\s*\([^)]*\)\s*$", "", said)
    return f"{said}: {len(cells)} cells ({text}). Type it with the cell."  # no "- ": read "dash"
