"""The shadow screen under the diff layer (tui/output.py).

Textual re-sends whole widget regions, and the whole screen on every push,
pop or resume, each segment with its own colour codes. Over SSH every byte is
latency. `ShadowScreen` reads what Textual writes (cursor moves, colours,
text), keeps what the terminal shows, and writes only the cells that differ,
carrying the colour state from one cell to the next. Runs of blanks are
erased (to the end of the line, or a count of cells) rather than written, and
rows that only moved up or down a few lines (a log that gained a line) are
moved in the terminal by deleting and inserting lines. A frame of several
rows is also written colour by colour (every run of one colour and style,
the cursor moved between them) when that is shorter than left to right: on a
map where trees and grass alternate, a cursor move costs less than the
colour code at each change. Escapes it does not model
pass through verbatim in order; those that can change the screen in ways it
cannot follow (alternate screen, erase, scroll, unknown ones) also make it
forget what the terminal shows, so whatever Textual writes next is written in
full. A resize, a suspend and a resume do the same."""

from __future__ import annotations

from tui.escapes import (
    FULL_BLOCK,
    MOVES,
    PARTIAL,
    PLAIN,
    QUIET_ESCAPES,
    QUIET_MODES,
    SYNC_END,
    SYNC_START,
    TOKEN,
    Attr,
    cell_width,
    cursor_move,
    link_escape,
    same_blank,
    sgr_step,
    solid,
    transition,
)
from tui.shadow_write import FrameWriter


class ShadowScreen(FrameWriter):
    """What the terminal shows, and what Textual wants it to show.

    `feed(data)` takes what Textual would have written and returns what to
    write instead. A cell is (text, attribute); None is a cell whose content
    is unknown; "" is the right half of a wide character."""

    GAP = 8  # rewrite up to this many unchanged cells when it beats a cursor move

    def __init__(self, width: int, height: int, colour: bool = True) -> None:
        self.width, self.height = width, height
        self.colour = colour  # False (NO_COLOR): no colour reaches the terminal, styles do
        self.attr: Attr = PLAIN  # the attribute Textual's output has set
        self.x = self.y = 0  # where Textual's output has put the cursor
        self.lost = True  # ... unless it has not placed it since an escape we do not follow
        self.autowrap = True
        self.hidden = False  # the terminal's cursor is hidden (Textual hides it)
        self.sgr: Attr | None = None  # the terminal's attribute (None: unknown)
        self.cursor: tuple[int, int] | None = None  # the terminal's cursor
        self.link = ""  # the terminal's open hyperlink (only we open them)
        self._rest = ""  # an escape cut off at the end of the last write
        self._held = ""  # a synchronized-update start not yet needed
        self._out: list[str] = []
        self.forget()

    # -- state ----------------------------------------------------------------
    def forget(self) -> None:
        """The terminal's content is unknown: write in full whatever comes next."""
        w, h = self.width, self.height
        self.want: list[list] = [[None] * w for _ in range(h)]
        self.want_attr: list[list] = [[PLAIN] * w for _ in range(h)]
        self.shown: list[list] = [[None] * w for _ in range(h)]
        self.shown_attr: list[list] = [[PLAIN] * w for _ in range(h)]
        self.dirty: dict[int, list[int]] = {}
        self.cursor = None
        self.sgr = None
        self.modes: dict[str, str] = {}  # private modes (and the pointer) as last sent

    def repaint(self) -> None:
        """Write every known cell again at the next flush."""
        self.shown = [[None] * self.width for _ in range(self.height)]
        self.dirty = {y: [0, self.width] for y in range(self.height)}
        self.cursor = None
        self.sgr = None

    def resize(self, width: int, height: int) -> None:
        """A new size: every cell unknown, and the terminal's cursor. Textual's
        own cursor stays where its output put it, kept inside a narrower screen
        (as terminals keep it), so an escape passed on before Textual moves it
        again acts where it would have acted on the raw stream, not where the
        terminal's cursor was left (a hidden cursor may stay put). A screen
        less high is another matter: a terminal may scroll its rows up and the
        cursor with them, or not, so Textual's cursor is lost until it moves."""
        if height < self.height:
            self.lost = True
        self.width, self.height = width, height
        self.x, self.y = min(self.x, width - 1), min(self.y, height - 1)
        self.hidden = False  # whatever was written meanwhile: assume a shown cursor
        self.forget()

    # -- input ------------------------------------------------------------------
    def feed(self, data: str) -> str:
        """What to write to the terminal in place of `data`."""
        data = self._rest + data
        self._rest = ""
        pos, end = 0, len(data)
        match_token = TOKEN.match
        while pos < end:
            m = match_token(data, pos)
            if m is None:  # a lone or cut-off escape
                if PARTIAL.match(data, pos):
                    self._rest = data[pos:]
                    break
                self._unsafe(data[pos])
                pos += 1
                continue
            pos = m.end()
            kind = m.lastgroup
            if kind == "text":
                self._print(m.group("text"))
            elif kind == "final":
                self._csi(m.group("params"), m.group("inter"), m.group("final"), m.group(0))
            elif kind == "osc":
                self._osc(m.group("osc"), m.group(0))
            elif kind == "ctl":
                self._control(m.group(0))
            elif kind == "esc" and m.group(0) in QUIET_ESCAPES:
                self._pass(m.group(0))
            else:
                self._unsafe(m.group(0))
        self.flush()
        if self.link != self.attr[3]:  # Rich closes every link it opens
            self.link = self.attr[3]
            self._emit(link_escape(self.link))
        home = (min(self.x, self.width - 1), self.y)
        if self.cursor != home and not self.lost and not self.hidden:
            self._emit(cursor_move(self.cursor, *home))  # a hidden cursor can stay put
            self.cursor = home
        out, self._out = "".join(self._out), []
        return out

    def _csi(self, params: str, inter: str, final: str, raw: str) -> None:
        if params[:1] == "?" and final in "hl" and not inter:
            modes = params[1:].split(";")
            if modes == ["2026"]:
                self._sync(final == "h")
            elif modes == ["1049"] and final == "h":
                self._alternate(raw)
            elif all(mode in QUIET_MODES for mode in modes):
                if "7" in modes:
                    self.autowrap = final == "h"
                if "25" in modes:
                    self.hidden = final == "l"
                if all(self.modes.get(mode) == final for mode in modes):
                    return  # set already (Textual asks for the mouse twice at start)
                self.modes.update(dict.fromkeys(modes, final))
                self._pass(raw)
            else:
                self._unsafe(raw)
        elif inter == "!":
            self._unsafe(raw)  # soft reset
        elif inter or params[:1] in ("<", "=", ">", "?"):
            self._pass(raw)  # queries, cursor shape, keyboard protocol: no cell changes
        elif final == "m":
            self.attr = sgr_step(self.attr, params)
            if not self.colour and (self.attr[1] or self.attr[2]):
                flags, _, _, link, extra = self.attr
                self.attr = (flags, None, None, link, extra)
        elif final in MOVES:
            self._move(params, final, raw)
        elif final in "nc":
            self._pass(raw)  # status and device reports
        else:
            self._unsafe(raw)

    def _move(self, params: str, final: str, raw: str) -> None:
        args = [int(p) if p.isdigit() else 0 for p in params.split(";")]
        n = max(args[0], 1)
        x, y = min(self.x, self.width - 1), self.y
        if final in "Hf":
            y, x = n - 1, max(args[1] if len(args) > 1 else 1, 1) - 1
            self.lost = False
        elif self.lost:  # relative to a place we do not know
            self._pass(raw)
            return
        elif final == "A":
            y -= n
        elif final == "B":
            y += n
        elif final == "C":
            x += n
        elif final == "D":
            x -= n
        elif final == "E":
            x, y = 0, y + n
        elif final == "F":
            x, y = 0, y - n
        elif final == "G":
            x = n - 1
        elif final == "d":
            y = n - 1
        self.x = max(0, min(x, self.width - 1))
        self.y = max(0, min(y, self.height - 1))

    def _osc(self, body: str, raw: str) -> None:
        if body.startswith("8;"):
            link = body[2:] if body.partition(";")[2].partition(";")[2] else ""
            a = self.attr
            self.attr = (a[0], a[1], a[2], link, a[4])
        elif body.startswith("22;") and self.modes.get("pointer") == body:
            return  # the pointer's shape, as it is already
        else:
            if body.startswith("22;"):
                self.modes["pointer"] = body
            self._pass(raw)  # title, clipboard, pointer shape, palette

    def _control(self, char: str) -> None:
        if self.lost and char in "\r\n\b":
            self._pass(char)
        elif char == "\r":
            self.x = 0
        elif char == "\n":  # the tty turns it into CR LF
            self.x = 0
            if self.y == self.height - 1:
                self.repaint()  # it scrolled; write everything known again
            else:
                self.y += 1
        elif char == "\b":
            self.x = max(0, min(self.x, self.width - 1) - 1)
        elif char == "\x07":
            self._pass(char)
        else:
            self._unsafe(char)

    def _print(self, text: str) -> None:
        if self.lost:  # somewhere we do not know, on cells we do not know
            self._pass(text)
            return
        w = self.width
        row, attrs = self.want[self.y], self.want_attr[self.y]
        x0 = x = self.x
        if text.isascii() and x + len(text) <= w and (x == 0 or row[x] != ""):
            n = len(text)
            row[x : x + n] = text
            attrs[x : x + n] = [self.attr] * n
            x += n
            if x < w and row[x] == "":
                row[x] = " "
        else:
            for char in text:
                cells = cell_width(char)
                if cells == 0:
                    if x > 0 and row[x - 1] is not None:
                        back = x - 1 if row[x - 1] != "" else x - 2
                        row[back] += char
                        x0 = min(x0, back)
                    continue
                if x >= w:
                    if not self.autowrap:
                        x = w - 1
                    elif self.y < self.height - 1:
                        self._mark(x0, w)
                        self.y += 1
                        row, attrs = self.want[self.y], self.want_attr[self.y]
                        x0 = x = 0
                    else:
                        self.repaint()
                        x = w - 1
                if x + cells > w:
                    self.repaint()  # a wide character cut by the edge: terminals differ
                    x = w
                    continue
                if row[x] == "" and x > 0:
                    row[x - 1] = " "
                    x0 = min(x0, x - 1)
                row[x] = char
                attrs[x] = self.attr
                if char == FULL_BLOCK and self.colour:  # a wall: a blank in its colour
                    blank = solid(self.attr)
                    if blank is not None:
                        row[x], attrs[x] = " ", blank
                if cells == 2:
                    row[x + 1] = ""
                    attrs[x + 1] = self.attr
                x += cells
                if x < w and row[x] == "":
                    row[x] = " "
        self._mark(x0, min(x + 1, w))
        self.x = x

    def _mark(self, lo: int, hi: int) -> None:
        span = self.dirty.get(self.y)
        if span is None:
            self.dirty[self.y] = [lo, hi]
        else:
            span[0], span[1] = min(span[0], lo), max(span[1], hi)

    # -- output -----------------------------------------------------------------
    def _emit(self, text: str) -> None:
        if self._held:
            self._out.append(self._held)
            self._held = ""
        self._out.append(text)

    def _pass(self, raw: str) -> None:
        """An escape that changes no cell: written as it came, after the cells
        before it, with the cursor and attribute Textual had set."""
        self.flush()
        self._emit(self._catch_up() + raw)

    def _catch_up(self) -> str:
        text = transition(self.sgr, self.attr)
        self.sgr = self.attr
        if self.link != self.attr[3]:
            self.link = self.attr[3]
            text += link_escape(self.link)
        if not self.lost:
            home = (min(self.x, self.width - 1), self.y)
            text += cursor_move(self.cursor, *home)
            self.cursor = home
        return text

    def _unsafe(self, raw: str) -> None:
        """An escape whose effect on the screen is not followed: the terminal gets
        the cursor and attribute Textual set, then the escape; then we forget."""
        self.flush()
        self._emit(self._catch_up() + raw)
        self.forget()
        self.lost = True

    def _alternate(self, raw: str) -> None:
        """The alternate screen: terminals switch to it cleared (xterm's 1049),
        and an erase after it makes sure of that, in the default colours. The
        screen is then known blank, so the blanks of the first frame, in the
        terminal's own colours, cost nothing."""
        self.flush()
        self._emit(self._catch_up() + raw + ("\x1b[2J" if self.sgr == PLAIN else "\x1b[m\x1b[2J"))
        self.forget()
        self.lost = True
        self.sgr = PLAIN
        w = self.width
        self.shown = [[" "] * w for _ in range(self.height)]
        self.shown_attr = [[PLAIN] * w for _ in range(self.height)]

    def _sync(self, start: bool) -> None:
        self.flush()
        if start:
            self._held = self._held or SYNC_START
        elif self._held:
            self._held = ""  # nothing was written inside: both markers can go
        else:
            self._emit(SYNC_END)

    def flush(self) -> None:
        """Write the changed cells of every dirty row (after moving rows that
        only moved up or down: a log that gained a line)."""
        if not self.dirty:
            return
        if len(self.dirty) > 1:
            self._scroll()
        rows = sorted(self.dirty)
        if len(rows) < self.GROUP_ROWS:
            for y in rows:
                text = self._flush_row(y, *self.dirty[y])
                if text:
                    self._emit(text)
            self.dirty = {}
            return
        # Two ways to write the same cells; the shorter one goes out.
        before = self._snapshot(rows)
        changes = {y: self._changed(y, *self.dirty[y]) for y in rows}  # worked out once
        by_row = "".join(self._flush_row(y, 0, 0, changes[y]) for y in rows)
        row_state = self._snapshot(rows)
        self._restore(before)
        by_colour = self._flush_grouped(rows, changes)
        if not self._grouped_wins(by_row, by_colour):
            self._restore(row_state)
            by_colour = by_row
        if by_colour:
            self._emit(by_colour)
        self.dirty = {}

    # A style change no dearer than this keeps two runs together (written as
    # one). Only a reset (3 B) does: in the terminal's own colours a colour
    # costs what a bold toggle does (5 B), and chaining across those cost
    # more in moves than it saved in codes.
    CHAIN = 3
    GROUP_ROWS = 3  # rows written at once from which writing them colour by colour is tried

    def _grouped_wins(self, by_row: str, by_colour: str) -> bool:
        return len(by_colour.encode()) < len(by_row.encode())

    def _snapshot(self, rows: list[int]) -> tuple:
        return (
            {y: (list(self.shown[y]), list(self.shown_attr[y])) for y in rows},
            self.cursor,
            self.sgr,
            self.link,
        )

    def _restore(self, snapshot: tuple) -> None:
        saved, self.cursor, self.sgr, self.link = snapshot
        for y, (row, attrs) in saved.items():
            self.shown[y][:], self.shown_attr[y][:] = row, attrs

    SCROLL_MAX = 4  # rows a band may move in one step

    def _scroll(self) -> None:
        """When whole rows Textual rewrote are rows the terminal already shows,
        a few lines up or down (a log that gained a line), move them there in
        the terminal, deleting and inserting lines, and write only what is
        new: the blank rows that came in and whatever else changed."""
        shown, shown_attr = self.shown, self.shown_attr
        h, w = self.height, self.width
        known = [None not in row for row in shown]
        same = [self._looks(y, y) for y in range(h)]
        best = None
        for k in (*range(1, self.SCROLL_MAX + 1), *range(-1, -self.SCROLL_MAX - 1, -1)):
            y = 0
            while y < h:
                run = y
                while (
                    0 <= run + k < h
                    and known[run + k]
                    and run in self.dirty
                    and (self._looks(run, run + k) or self._near(run, run + k))
                ):
                    run += 1
                if run == y:
                    y += 1
                    continue
                a, b = y, run - 1  # want[a..b] is shown[a+k..b+k]
                y = run
                if all(same[a : b + 1]):
                    continue
                top, bot = (a, b + k) if k > 0 else (a + k, b)
                if not all(known[top : bot + 1]):
                    continue
                fresh = range(b + 1, bot + 1) if k > 0 else range(top, a)
                saving = sum(self._row_cost(g, shown[g], shown_attr[g]) for g in range(a, b + 1))
                saving -= sum(  # what still differs on the rows moved (a mark that moved on)
                    self._row_cost(g, shown[g + k], shown_attr[g + k]) for g in range(a, b + 1)
                )
                saving += sum(self._row_cost(g, shown[g], shown_attr[g]) for g in fresh)
                saving -= sum(self._row_cost(g, None, None) for g in fresh)
                code, cursor = self._scroll_code(top, bot, k)
                saving -= len(code)
                if saving > 0 and (best is None or saving > best[0]):
                    best = (saving, top, bot, k, code, cursor)
        if best is None:
            return
        _, top, bot, k, code, self.cursor = best
        self._emit(code)
        self.link, self.sgr = "", PLAIN
        blank = [" "] * w
        band, attrs = shown[top : bot + 1], shown_attr[top : bot + 1]
        blanks = [list(blank) for _ in range(abs(k))]
        plain = [[PLAIN] * w for _ in range(abs(k))]
        if k > 0:
            band, attrs = band[k:] + blanks, attrs[k:] + plain
        else:
            band, attrs = blanks + band[:k], plain + attrs[:k]
        shown[top : bot + 1], shown_attr[top : bot + 1] = band, attrs
        for y in range(top, bot + 1):
            self.dirty[y] = [0, w]

    def _looks(self, y: int, z: int) -> bool:
        """Row y as wanted looks like row z as shown."""
        want, shown = self.want[y], self.shown[z]
        if want != shown:
            return False
        attrs, shown_attrs = self.want_attr[y], self.shown_attr[z]
        if attrs == shown_attrs:
            return True
        return all(
            a == b or same_blank(text, a, b)
            for text, a, b in zip(want, attrs, shown_attrs, strict=True)
        )

    NEAR = 4  # cells a moved row may differ by and still be moved (then written)

    def _near(self, y: int, z: int) -> bool:
        """Row y as wanted differs from row z as shown in a few cells at most."""
        want, attrs = self.want[y], self.want_attr[y]
        shown, shown_attrs = self.shown[z], self.shown_attr[z]
        off = 0
        for x in range(self.width):
            text = want[x]
            if text != shown[x] or (
                attrs[x] != shown_attrs[x] and not same_blank(text, attrs[x], shown_attrs[x])
            ):
                off += 1
                if off > self.NEAR:
                    return False
        return True

    def _scroll_code(self, top: int, bot: int, k: int) -> tuple[str, tuple[int, int]]:
        """Rows top..bot moved k up (k < 0: down) with blank rows coming in and
        the rows below them back where they were: the escapes, and where they
        leave the cursor. No link is open after them, and no colour is set."""
        n = abs(k)
        count = "" if n == 1 else str(n)
        code = [link_escape("")] if self.link else []
        if self.sgr != PLAIN:  # the rows that come in are blank in the default colours
            code.append(transition(self.sgr, PLAIN))
        cursor = self.cursor
        steps = []  # (row, delete or insert)
        if k > 0:
            steps.append((top, "M"))
            if bot < self.height - 1:
                steps.append((bot - n + 1, "L"))
        else:
            if bot < self.height - 1:
                steps.append((bot - n + 1, "M"))
            steps.append((top, "L"))
        for row, final in steps:
            code.append(cursor_move(cursor, 0, row) + f"\x1b[{count}{final}")
            cursor = (0, row)
        return "".join(code), cursor
