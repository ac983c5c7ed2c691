"""Two terminal emulators (pyte) for the diff layer's proof: one fed what
Textual wrote, one what the layer wrote instead (test_output_layer.py,
test_diff_driver.py), compared cell by cell as a terminal shows them."""

from __future__ import annotations

import re

import pyte

from tui.escapes import cell_width
from tui.output import ShadowScreen

# pyte prints the final letter of escapes it cannot parse (kitty keyboard protocol)
KITTY = re.compile(r"\x1b\[[<>=][0-9;]*u")


DIM = "/dim"  # pyte has no dim: the screen below marks a dim cell's text colour with this


class Screen(pyte.Screen):
    """pyte's screen, deleting lines as terminals do (pyte leaves a row in
    place when the row that should move up into it was never written),
    clearing the alternate screen it switches to (xterm's 1049), and keeping
    dim, which pyte drops (in the text colour's name: a dim block is not a
    blank in its colour)."""

    dim = False

    def set_mode(self, *modes, **kwargs) -> None:
        super().set_mode(*modes, **kwargs)
        if kwargs.get("private") and 1049 in modes:
            self.erase_in_display(2)

    def select_graphic_rendition(self, *attrs: int) -> None:
        super().select_graphic_rendition(*attrs)
        codes = list(attrs) or [0]
        i = 0
        while i < len(codes):
            code = codes[i]
            i += 1
            if code in (38, 48) and i < len(codes):  # a colour's own numbers are no style
                i += 2 if codes[i] == 5 else 4
            elif code == 2:
                self.dim = True
            elif code in (0, 22):
                self.dim = False
        fg = self.cursor.attrs.fg.removesuffix(DIM)
        self.cursor.attrs = self.cursor.attrs._replace(fg=fg + DIM if self.dim else fg)

    def delete_lines(self, count=None) -> None:
        count = count or 1
        top, bottom = self.margins or pyte.screens.Margins(0, self.lines - 1)
        if top <= self.cursor.y <= bottom:
            self.dirty.update(range(self.cursor.y, self.lines))
            for y in range(self.cursor.y, bottom + 1):
                below = self.buffer.pop(y + count, None) if y + count <= bottom else None
                if below is None:
                    self.buffer.pop(y, None)
                else:
                    self.buffer[y] = below
            self.carriage_return()


class Emulator:
    """A pyte screen fed like a terminal behind a tty (LF becomes CR LF)."""

    def __init__(self, width: int, height: int) -> None:
        self.screen = Screen(width, height)
        self.stream = pyte.Stream(self.screen)

    def feed(self, data: str, tty: bool = True) -> None:
        data = KITTY.sub("", data)
        self.stream.feed(data.replace("\n", "\r\n") if tty else data)

    def resize(self, width: int, height: int) -> None:
        self.screen.resize(height, width)

    def cells(self) -> tuple:
        """Every cell as it looks: a space's foreground colour, bold and
        italic are not seen (unless it is underlined, struck through or
        reversed), nor where a
        hidden cursor is, and the right
        half of a wide character whose left half was written over is a space
        (pyte keeps it; xterm, and the layer, blank it)."""
        s = self.screen
        rows = []
        for y in range(s.lines):
            row, left = [], ""
            for x in range(s.columns):
                c = s.buffer[y][x]
                data = " " if c.data == "" and cell_width((left or " ")[0]) < 2 else c.data
                left = c.data
                if _solid(data, c):  # a full block in a colour looks like a blank in it
                    data, c = " ", c._replace(bg=c.fg)
                blank = _blank(data, c)  # no ink: neither its colour nor bold or italic shows
                ink, bold, italics = (None, False, False) if blank else (c.fg, c.bold, c.italics)
                row.append(
                    (data, ink, c.bg, bold, italics, c.underscore, c.strikethrough, c.reverse)
                )
            rows.append(tuple(row))
        cursor = None if s.cursor.hidden else (min(s.cursor.x, s.columns - 1), s.cursor.y)
        return tuple(rows), cursor  # a hidden cursor may be anywhere


def _solid(data: str, cell) -> bool:
    """A full block in a colour of its own and no style (the layer sends it
    as a blank in that background: tui.escapes.solid)."""
    return (
        data == "\u2588"
        and cell.fg != "default"
        and not cell.fg.endswith(DIM)
        and not (cell.bold or cell.italics or cell.underscore or cell.strikethrough)
        and not (cell.reverse or cell.blink)
    )


def _blank(data: str, cell) -> bool:
    return data == " " and not (cell.underscore or cell.strikethrough or cell.reverse)


class Grouped(ShadowScreen):
    """The shadow screen always writing a frame colour by colour, even when
    row by row would be shorter: that way must look the same too."""

    GROUP_ROWS = 1

    def _grouped_wins(self, by_row: str, by_colour: str) -> bool:
        return True


def replay(
    writes: list, width: int = 20, height: int = 6, shadow_class=ShadowScreen
) -> tuple[int, int]:
    """Feed writes (text, or ("resize", w, h)) to a raw emulator and, through a
    ShadowScreen, to another; assert they agree after each. (raw, sent) bytes."""
    raw, via = Emulator(width, height), Emulator(width, height)
    shadow = shadow_class(width, height)
    raw_bytes = sent_bytes = 0
    for i, write in enumerate(writes):
        if isinstance(write, tuple):
            _, width, height = write
            raw.resize(width, height)
            via.resize(width, height)
            shadow.resize(width, height)
            continue
        out = shadow.feed(write)
        raw.feed(write)
        via.feed(out)
        raw_bytes += len(write.encode())
        sent_bytes += len(out.encode())
        assert via.cells() == raw.cells(), f"after write {i}: {write!r} sent as {out!r}"
    return raw_bytes, sent_bytes


def frame(*spans: tuple[int, int, str], style: str = "38;5;240") -> str:
    """Textual's way: move, then styled segments each closed by a reset."""
    return "".join(f"\x1b[{y + 1};{x + 1}H\x1b[{style}m{text}\x1b[0m" for x, y, text in spans)


def full(width: int, height: int, char: str = ".", style: str = "38;5;240;48;5;233") -> str:
    lines = [f"\x1b[{y + 1};1H\x1b[{style}m{char * width}\x1b[0m" for y in range(height)]
    return "\n".join(lines) + "\x1b[1;1H"
