"""Lines in, lines out: the plain interface's only contact with the terminal.

Everything printed goes through `Lines.say`, which strips escape sequences
and control characters, folds a line longer than WIDTH (or the terminal) at a
space, and never prints the same line twice in a row (a screen reader would
speak it twice).
Input is read a line at a time; the end of input is the player leaving."""

from __future__ import annotations

import os
import re
import sys
import textwrap
from collections.abc import Iterable
from typing import TextIO

WIDTH = 100  # a printed line's length at most (the pty tests allow 120)
NARROWEST = 40  # a terminal narrower than this still gets lines this long

_ESCAPES = re.compile(r"\x1b\[[0-?]*[ -/]*[@-~]|\x1b\][^\x07\x1b]*(\x07|\x1b\\)?|\x1b.")
_CONTROLS = re.compile(r"[\x00-\x08\x0b-\x1f\x7f-\x9f]")

# Box drawing and symbols a board or panel may use, in words a reader says well.
_PLAIN = str.maketrans({"→": "->", "←": "<-", "↑": "^", "↓": "v", "…": "...", "—": "-", "–": "-"})


def plain(text: str) -> str:
    """text with no escape sequence, control character or box drawing in it."""
    text = _CONTROLS.sub("", _ESCAPES.sub("", text.replace("\t", " ")))
    text = text.translate(_PLAIN)
    return "".join(ch for ch in text if not 0x2500 <= ord(ch) <= 0x259F)


_JOINED = re.compile(r"(?<=[A-Za-z]{2})-(?=[A-Za-z]{2})")


def said(text: str) -> str:
    """text as it is printed: plain, an arrow and a hyphen between words as
    words are said ("hand -> backpack" -> "hand to backpack", "north-east"
    -> "north east": Fenrir read both as "dash"). A short id keeps its
    hyphen (door a-b)."""
    return _JOINED.sub(" ", plain(text).replace(" -> ", " to "))


def spoken_heading(line: str) -> str:
    """A heading as it is said: "-- Round 2 --" -> "Round 2." (a screen
    reader says the dashes: Fenrir read "dash dash Round 2 dash dash")."""
    if line.startswith("-- ") and line.endswith(" --"):
        return line.strip("- ").rstrip(".") + "."
    return line


class Lines:
    """The plain conversation: `say` lines, `ask` for one."""

    def __init__(self, out: TextIO | None = None, inp: TextIO | None = None) -> None:
        self.out = out or sys.stdout
        self.inp = inp or sys.stdin
        self.last = ""  # the last line printed (never printed again straight after)
        self.columns: int | None = None  # the terminal's width, when it says (a browser's)

    @property
    def width(self) -> int:
        """How long a printed line may be: WIDTH, or less on a narrower
        terminal, so that the terminal never wraps a line in the middle of a
        word (a screen reader then says the halves as two words: Fenrir at
        80 columns read "the s, toreroom")."""
        columns = self.columns
        if columns is None and _is_tty(self.out):
            try:
                columns = os.get_terminal_size(self.out.fileno()).columns
            except (OSError, ValueError):
                columns = None
        return WIDTH if not columns else max(NARROWEST, min(WIDTH, columns - 1))

    def say(self, *lines: str | Iterable[str]) -> None:
        width = self.width
        for item in lines:
            for text in [item] if isinstance(item, str) else item:
                for raw in map(spoken_heading, said(str(text)).split("\n")):
                    for line in textwrap.wrap(raw, width, break_on_hyphens=False) or [""]:
                        if line and line == self.last:
                            continue
                        self.out.write(line + "\n")
                        self.last = line
        self.out.flush()

    def ask(self, prompt: str) -> str | None:
        """One line typed after prompt ("> " style, on its own line's end);
        None when the input has ended."""
        self.prompt(prompt)
        return self.read()

    def prompt(self, prompt: str) -> None:
        """The prompt, at the end of its own line, waiting for what is typed."""
        self.out.write(plain(prompt).rstrip() + " ")
        self.out.flush()
        self.last = ""

    def read(self) -> str | None:
        """The next line typed (after `prompt`); None when the input has ended."""
        try:
            line = self.inp.readline()
        except (KeyboardInterrupt, EOFError):
            return None
        if not line:
            return None
        if not _is_tty(self.inp):  # no echo of what was typed: end the prompt's line
            self.out.write("\n")
        return plain(line).strip()


def _is_tty(stream: TextIO) -> bool:
    try:
        return stream.isatty()
    except (AttributeError, ValueError):
        return False


def pick(io: Lines, title: str, labels: list[str], default: int = 0) -> int | None:
    """A numbered list; Enter takes the default; None when input ended."""
    io.say(f"{title}:", [f"{i}. {label}" for i, label in enumerate(labels, 1)])
    while True:
        answer = io.ask(f"Choose 1 to {len(labels)} (Enter: {default + 1}):")
        if answer is None:
            return None
        if not answer:
            return default
        if answer.isdigit() and 1 <= int(answer) <= len(labels):
            return int(answer) - 1
        io.say(f"Type a number from 1 to {len(labels)}.")
