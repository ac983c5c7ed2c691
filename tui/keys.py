"""The one key map shared by every mode: the game screen's bindings, the
footer and the help screen are all generated from KEYMAP.

Action letters avoid the movement letters (hjkl, yubn) so one map serves
every mode; the numpad sends digits with Num Lock on and arrows/home/end/
page keys with it off, so both are bound."""

from __future__ import annotations

from dataclasses import dataclass

from textual.binding import Binding


@dataclass(frozen=True)
class Key:
    keys: str  # comma-separated Textual key names
    action: str  # an action on the game screen
    description: str
    group: str  # heading in the help screen
    footer: bool = False  # shown in the footer
    display: str | None = None  # how the footer names the key
    priority: bool = False


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

KEYMAP: tuple[Key, ...] = (
    Key("up,k,8", "cursor('up')", "cursor to the zone above", "Cursor"),
    Key("down,j,2", "cursor('down')", "cursor to the zone below", "Cursor"),
    Key("left,h,4", "cursor('left')", "cursor to the zone on the left", "Cursor"),
    Key("right,l,6", "cursor('right')", "cursor to the zone on the right", "Cursor"),
    Key("y,7,home", "cursor('up_left')", "cursor up and left", "Cursor"),
    Key("u,9,pageup", "cursor('up_right')", "cursor up and right", "Cursor"),
    Key("b,1,end", "cursor('down_left')", "cursor down and left", "Cursor"),
    Key("n,3,pagedown", "cursor('down_right')", "cursor down and right", "Cursor"),
    Key("enter", "confirm", "confirm the highlighted target", "Cursor", priority=True),
    Key("escape", "cancel", "cancel targeting (never discards anything)", "Cursor"),
    Key("m", "move", "move (reachable zones highlighted; m again cycles)", "Actions", True),
    Key("a", "melee", "melee attack in your zone", "Actions", True),
    Key("f", "fire", "fire a ranged weapon (f again cycles targets)", "Actions", True),
    Key("s", "search", "search the zone", "Actions", True),
    Key("o", "open_door", "open a door", "Actions", True, "o", False),
    Key("i", "gear", "gear: hands, backpack, floor, trade", "Actions", True),
    Key("p", "play", "play (use) a card", "Actions"),
    Key("z", "skill", "use a skill", "Actions"),
    Key("g", "objective", "take the objective in your zone", "Actions"),
    Key("e,full_stop", "end_turn", "end this survivor's turn", "Turn", True, "e"),
    Key("tab", "next_survivor", "select the next survivor", "Turn", priority=True),
    Key("x", "look", "look: describe the zone under the cursor", "Turn"),
    Key("v", "history", "view the whole message log", "Turn"),
    Key("ctrl+z,backspace", "undo", "undo the last command", "Turn", True, "^z"),
    Key("ctrl+y", "redo", "redo", "Turn"),
    Key("question_mark", "help", "help: keys, board legend, rules", "Game", True, "?"),
    Key("q", "quit", "quit (the game is saved)", "Game", True),
)

# Short footer labels, so the footer fits 80 columns.
FOOTER_LABELS = {
    "move": "move",
    "melee": "melee",
    "fire": "fire",
    "search": "search",
    "open_door": "door",
    "gear": "gear",
    "end_turn": "end",
    "undo": "undo",
    "help": "help",
    "quit": "quit",
}


def bindings() -> list[Binding]:
    """Textual bindings for the game screen, one per Key."""
    out = []
    for k in KEYMAP:
        label = FOOTER_LABELS.get(k.action, k.description)
        out.append(
            Binding(
                k.keys,
                k.action,
                label,
                show=k.footer,
                key_display=k.display,
                priority=k.priority,
            )
        )
    return out


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


def help_rows(ascii_only: bool = False) -> list[tuple[str, str, str]]:
    """(group, keys as a player reads them, what they do) for the help screen."""
    rows = []
    for k in KEYMAP:
        keys = " ".join(key_label(n, ascii_only) for n in k.keys.split(","))
        rows.append((k.group, keys, k.description))
    return rows
