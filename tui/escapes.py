"""The escape codes the diff layer (tui/output.py) reads and writes.

What Textual writes is cut into tokens (text, CSI, OSC, other escapes,
controls); colours and styles become an attribute, a plain tuple that two
cells can be compared by; and the shortest escapes are found that change one
attribute into another or move the cursor from one cell to another."""

from __future__ import annotations

import re
from functools import lru_cache

from rich.cells import get_character_cell_size

# One token of Textual's output. Text is anything but C0 controls and DEL.
TOKEN = re.compile(
    r"(?P<text>[^\x00-\x1f\x7f]+)"
    r"|\x1b\[(?P<params>[0-?]*)(?P<inter>[ -/]*)(?P<final>[@-~])"
    r"|\x1b\](?P<osc>[^\x07\x1b]*)(?:\x07|\x1b\\)"
    r"|(?P<string>\x1b[P_^X][^\x1b]*\x1b\\)"
    r"|(?P<esc>\x1b(?:[ -/]+[0-~]|[0-OQ-WYZ\\`a-~]))"
    r"|(?P<ctl>[\x00-\x1a\x1c-\x1f\x7f])"
)
# What an escape cut off at the end of one write looks like (the rest comes next).
PARTIAL = re.compile(r"\x1b(?:\[[0-?]*[ -/]*|\][^\x07\x1b]*\x1b?|[P_^X][^\x1b]*\x1b?|[ -/]*)?\Z")

SYNC_START = "\x1b[?2026h"
SYNC_END = "\x1b[?2026l"
# Private modes that change no cell: cursor shown/blink, mouse reports, focus
# events, bracketed paste, in-band resize, synchronized output, autowrap.
QUIET_MODES = frozenset("1 12 25 1000 1002 1003 1004 1005 1006 1015 1016 2004 2026 2048 7".split())
QUIET_ESCAPES = frozenset(("\x1b=", "\x1b>"))  # keypad modes
MOVES = frozenset("ABCDEFGHdf")

# SGR style codes: bit i of an attribute's flags stands for _STYLE_CODES[i].
_STYLE_CODES = ("1", "2", "3", "4", "5", "6", "7", "8", "9", "21", "51", "52", "53")
_STYLE_BIT = {code: 1 << i for i, code in enumerate(_STYLE_CODES)}
_STYLE_OFF = {  # the code that turns a style off, and every style it turns off
    "22": ("1", "2"),
    "23": ("3",),
    "24": ("4", "21"),
    "25": ("5", "6"),
    "27": ("7",),
    "28": ("8",),
    "29": ("9",),
    "54": ("51", "52"),
    "55": ("53",),
}
_OFF_MASK = {off: sum(_STYLE_BIT[c] for c in codes) for off, codes in _STYLE_OFF.items()}

# An attribute: (style flags, foreground, background, hyperlink, other codes).
Attr = tuple[int, str | None, str | None, str, tuple[str, ...]]
PLAIN: Attr = (0, None, None, "", ())


def apply_sgr(attr: Attr, params: str) -> Attr:
    flags, fg, bg, link, extra = attr
    codes = params.split(";")
    i = 0
    while i < len(codes):
        code = codes[i].lstrip("0") or "0"
        i += 1
        if ":" in code:  # sub-parameters (curly underline, colons in colours): kept whole
            extra = (*extra, code)
        elif code == "0":
            flags, fg, bg, extra = 0, None, None, ()
        elif code in _STYLE_BIT:
            flags |= _STYLE_BIT[code]
        elif code in _OFF_MASK:
            flags &= ~_OFF_MASK[code]
        elif code in ("38", "48") and i < len(codes) and codes[i] in ("5", "2"):
            n = 2 if codes[i] == "5" else 4
            colour = ";".join([code, *codes[i : i + n]])
            i += n
            fg, bg = (colour, bg) if code == "38" else (fg, colour)
        elif code == "39":
            fg = None
        elif code == "49":
            bg = None
        elif len(code) == 2 and code[0] in "34" and code[1] in "01234567":
            fg, bg = (code, bg) if code[0] == "3" else (fg, code)
        elif len(code) in (2, 3) and code[:-1] in ("9", "10") and code[-1] in "01234567":
            fg, bg = (code, bg) if code[0] == "9" else (fg, code)
        else:  # a code we do not model (underline colour, fonts, ...): kept whole
            extra = (*extra, codes[i - 1])
    return (flags, fg, bg, link, extra)


def _codes(attr: Attr) -> list[str]:
    flags, fg, bg, _, extra = attr
    codes = [c for c in _STYLE_CODES if flags & _STYLE_BIT[c]]
    codes += [c for c in (fg, bg) if c is not None]
    return codes + list(extra)


@lru_cache(maxsize=4096)
def transition(before: Attr | None, after: Attr) -> str:
    """The shortest SGR escape that turns `before` (None: unknown) into `after`.
    Hyperlinks are not SGR: they are written apart (`link_escape`)."""
    if before is not None and _sgr_part(before) == _sgr_part(after):
        return ""
    full = "\x1b[" + ";".join(["0", *_codes(after)]) + "m" if _codes(after) else "\x1b[m"
    if before is None or before[4] or after[4]:
        return full
    steps: list[str] = []
    gone = before[0] & ~after[0]
    again = 0
    for off, mask in _OFF_MASK.items():
        if gone & mask:
            steps.append(off)
            again |= after[0] & mask  # the same off code turned these off too
    added = (after[0] & ~before[0]) | again
    steps += [c for c in _STYLE_CODES if added & _STYLE_BIT[c]]
    if before[1] != after[1]:
        steps.append(after[1] or "39")
    if before[2] != after[2]:
        steps.append(after[2] or "49")
    step = "\x1b[" + ";".join(steps) + "m"
    return step if len(step) < len(full) else full


def _sgr_part(attr: Attr) -> tuple:
    return attr[0], attr[1], attr[2], attr[4]


# Styles drawn in the foreground colour even on a space: underlines, reverse,
# strike-through, frames and overline. Without them a space shows no colour
# but its background.
INK_ON_BLANK = sum(_STYLE_BIT[c] for c in ("4", "7", "9", "21", "51", "52", "53"))


def same_blank(text: str, a: Attr, b: Attr) -> bool:
    """True when a space drawn in `a` looks like one drawn in `b`: they may
    differ in what a space does not show, its text colour and the styles
    drawn only in it (bold, dim, italic, blink, concealed)."""
    return text == " " and not (a[0] | b[0]) & INK_ON_BLANK and a[2:] == b[2:]


FULL_BLOCK = "\u2588"


@lru_cache(maxsize=256)
def solid(attr: Attr) -> Attr | None:
    """A full block (`█`) drawn in `attr` looks like a blank in a background
    of its colour: that blank's attribute, or None when the block shows
    something a blank would not (no colour of its own, a style such as bold
    or dim that changes how the glyph is drawn, a link). A blank costs a
    byte, or nothing in a run erased in that background; the block three."""
    flags, fg, _, link, extra = attr
    if flags or fg is None or link or extra:
        return None
    if fg.startswith("38;"):
        bg = "48;" + fg[3:]
    elif fg[0] == "3":
        bg = "4" + fg[1:]
    else:  # 90-97
        bg = "10" + fg[1:]
    return (0, fg, bg, "", ())


def link_escape(link: str) -> str:
    return f"\x1b]8;{link}\x1b\\" if link else "\x1b]8;;\x1b\\"


@lru_cache(maxsize=4096)
def cell_width(char: str) -> int:
    return get_character_cell_size(char)


def cursor_move(cursor: tuple[int, int] | None, x: int, y: int) -> str:
    """The shortest escapes that take the cursor from `cursor` (None: unknown) to (x, y)."""
    if y == 0 and x == 0:
        best = "\x1b[H"
    else:
        best = f"\x1b[{y + 1}H" if x == 0 else f"\x1b[{y + 1};{x + 1}H"
    if cursor is None:
        return best
    cx, cy = cursor
    if (cx, cy) == (x, y):
        return ""

    def n(count: int, final: str) -> str:
        return f"\x1b[{final}" if count == 1 else f"\x1b[{count}{final}"

    verticals = (
        [""] if cy == y else [n(y - cy, "B") if y > cy else n(cy - y, "A"), f"\x1b[{y + 1}d"]
    )
    if abs(y - cy) == 1:  # index, reverse index: they scroll only past the screen's edge
        verticals.append("\x1bD" if y > cy else "\x1bM")
    horizontals = [n(x, "C") if x else ""]  # from column 0
    if cx == x:
        across = [""]
    else:
        across = [
            n(x - cx, "C") if x > cx else n(cx - x, "D"),
            f"\x1b[{x + 1}G",
            "\r" + horizontals[0],
        ]
        if x < cx <= x + 3:
            across.append("\b" * (cx - x))  # a backspace a cell
    for v in verticals:
        for h in across:
            if len(v) + len(h) < len(best):
                best = v + h
    if y != cy:  # next or previous line, at column 0
        line = n(y - cy, "E") if y > cy else n(cy - y, "F")
        if len(line) + len(horizontals[0]) < len(best):
            best = line + horizontals[0]
    return best


@lru_cache(maxsize=4096)
def sgr_step(attr: Attr, params: str) -> Attr:
    """The attribute after an SGR escape with these parameters."""
    return apply_sgr(attr, params)
