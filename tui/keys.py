"""The game screen's key table: one list of Key rows drives its bindings, the
footer, the help screen and the command palette.

The shared rows (cursor, confirm, cancel, next, look, history, undo, redo,
help, quit) serve every mode; a mode adds its action rows and may reword a
shared row by giving a row with the same action (`table`). Action letters
avoid the movement letters (hjkl, yubn); the numpad sends digits with Num
Lock on and arrows/home/end/page keys with it off, so both are bound."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from textual.binding import Binding


@dataclass(frozen=True)
class Key:
    keys: str  # comma-separated Textual key names
    action: str  # a shared action (SHARED_ACTIONS) or one of the mode's own
    description: str
    group: str  # heading in the help screen
    footer: bool = False  # shown in the footer
    display: str | None = None  # how the footer names the key
    priority: bool = False
    label: str = ""  # the footer's short word (default: the description)
    # a row for one side of the game only (a duel's commander, say; Play.key_side):
    # the footer shows it only while that side is at the keys, and on a key
    # with a row for each side the row of the side at the keys is the one bound
    side: str = ""


# (dx, dy) per cursor direction; y grows downward as on the map.
DIRECTIONS: dict[str, tuple[int, int]] = {
    "up": (0, -1),
    "down": (0, 1),
    "left": (-1, 0),
    "right": (1, 0),
    "up_left": (-1, -1),
    "up_right": (1, -1),
    "down_left": (-1, 1),
    "down_right": (1, 1),
}

CURSOR_KEYS: tuple[Key, ...] = (
    Key("up,k,8", "cursor('up')", "cursor up", "Cursor"),
    Key("down,j,2", "cursor('down')", "cursor down", "Cursor"),
    Key("left,h,4", "cursor('left')", "cursor left", "Cursor"),
    Key("right,l,6", "cursor('right')", "cursor right", "Cursor"),
    Key("y,7,home", "cursor('up_left')", "cursor up and left", "Cursor"),
    Key("u,9,pageup", "cursor('up_right')", "cursor up and right", "Cursor"),
    Key("b,1,end", "cursor('down_left')", "cursor down and left", "Cursor"),
    Key("n,3,pagedown", "cursor('down_right')", "cursor down and right", "Cursor"),
    Key("enter", "confirm", "confirm the highlighted target", "Cursor"),
    Key("escape", "cancel", "cancel targeting (never discards anything)", "Cursor"),
)

GAME_KEYS: tuple[Key, ...] = (
    Key("tab", "next", "select the next figure", "Turn"),
    Key("x", "look", "look: describe what is under the cursor", "Turn"),
    Key("v", "history", "view the whole message log", "Turn"),
    Key("ctrl+z,backspace", "undo", "undo the last command", "Turn", True, "^z", label="undo"),
    Key("ctrl+y", "redo", "redo", "Turn"),
    Key(
        "question_mark", "help", "help: keys, board legend, rules", "Game", True, "?", label="help"
    ),
    Key("q", "quit", "quit (the game is saved)", "Game", True, label="quit"),
)

SHARED_ACTIONS = frozenset(k.action for k in (*CURSOR_KEYS, *GAME_KEYS))


def table(mode_keys: Iterable[Key] = ()) -> tuple[Key, ...]:
    """The whole key table of a game screen: the cursor rows, the mode's own
    rows, then the shared turn and game rows. A mode row whose action is a
    shared one rewords that shared row in place."""
    mode_keys = tuple(mode_keys)
    override = {k.action: k for k in mode_keys if k.action in SHARED_ACTIONS}
    own = tuple(k for k in mode_keys if k.action not in SHARED_ACTIONS)

    def shared(rows: tuple[Key, ...]) -> tuple[Key, ...]:
        return tuple(override.get(k.action, k) for k in rows)

    return (*shared(CURSOR_KEYS), *own, *shared(GAME_KEYS))


def bound_action(k: Key) -> str:
    """The screen action a row runs: a shared action by name, a mode action
    through the screen's `mode` action."""
    return k.action if k.action in SHARED_ACTIONS else f"mode({k.action!r})"


def bindings(rows: Iterable[Key]) -> list[Binding]:
    """Textual bindings, one per Key."""
    return [
        Binding(
            k.keys,
            bound_action(k),
            k.label or k.description,
            show=k.footer,
            key_display=k.display,
            priority=k.priority,
        )
        for k in rows
    ]


KEY_NAMES = {
    "up": "↑",
    "down": "↓",
    "left": "←",
    "right": "→",
    "home": "Home",
    "end": "End",
    "pageup": "PgUp",
    "pagedown": "PgDn",
    "enter": "Enter",
    "escape": "Esc",
    "tab": "Tab",
    "full_stop": ".",
    "question_mark": "?",
    "backspace": "Backspace",
}

ASCII_KEY_NAMES = {**KEY_NAMES, "up": "Up", "down": "Down", "left": "Left", "right": "Right"}


def key_label(name: str, ascii_only: bool = False) -> str:
    names = ASCII_KEY_NAMES if ascii_only else KEY_NAMES
    if name in names:
        return names[name]
    if name.startswith("ctrl+"):
        return "Ctrl+" + name[5:].upper()
    return name


def help_rows(rows: Iterable[Key], ascii_only: bool = False) -> list[tuple[str, str, str]]:
    """(group, keys as a player reads them, what they do) for the help screen."""
    out = []
    for k in rows:
        keys = " ".join(key_label(n, ascii_only) for n in k.keys.split(","))
        out.append((k.group, keys, k.description))
    return out
