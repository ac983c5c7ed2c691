"""How the shadow screen (tui/shadow.py) writes a frame's changed cells:
row by row with the colour state carried across cells, blanks erased rather
than written, short gaps crossed by rewriting unchanged cells, or colour by
colour (each run of one style in turn, the cursor moved between them) when
that is shorter. FrameWriter is ShadowScreen's half that writes; the half
that reads what Textual sends and keeps what the terminal shows is there."""

from __future__ import annotations

from tui.escapes import (
    INK_ON_BLANK,
    PLAIN,
    Attr,
    cursor_move,
    link_escape,
    same_blank,
    transition,
)


class FrameWriter:
    """The writing half of ShadowScreen (it keeps the rows, the cursor and the
    terminal's colour state these methods read and move)."""

    def _row_cost(self, y: int, row, attrs) -> int:
        """About how many bytes writing row y costs over `row` (None: a blank row)."""
        want, want_attr = self.want[y], self.want_attr[y]
        if row is None:
            row, attrs = [" "] * self.width, [PLAIN] * self.width
        cost = run = 0
        for x in range(self.width):
            text = want[x]
            if text is None or (
                text == row[x]
                and (want_attr[x] == attrs[x] or same_blank(text, want_attr[x], attrs[x]))
            ):
                run = 0
                continue
            if text == " " and run >= 8:
                continue  # a long run of blanks: erased, not written
            run = run + 1 if text == " " else 0
            cost += 1 + (want_attr[x] != want_attr[x - 1] if x else 1) * 6
        return cost

    def _changed(self, y: int, lo: int, hi: int) -> set[int]:
        """The cells of row y between lo and hi that differ from what is
        shown, with both halves of any wide character among them."""
        want, attrs = self.want[y], self.want_attr[y]
        shown, shown_attrs = self.shown[y], self.shown_attr[y]
        w = self.width
        changed = {
            x
            for x in range(lo, hi)
            if want[x] is not None
            and (
                want[x] != shown[x]
                or (
                    attrs[x] != shown_attrs[x] and not same_blank(want[x], attrs[x], shown_attrs[x])
                )
            )
        }
        if not changed:
            return changed
        todo = list(changed)
        while todo:  # a wide character, wanted or shown, is written whole
            x = todo.pop()
            halves = []
            if want[x] == "" or shown[x] == "":
                halves.append(x - 1)
            if x + 1 < w and (want[x + 1] == "" or shown[x + 1] == ""):
                halves.append(x + 1)
            for other in halves:
                if other >= 0 and other not in changed and want[other] is not None:
                    changed.add(other)
                    todo.append(other)
        return changed

    def _settle(self, y: int, changed) -> None:
        """The changed cells of row y are now shown as wanted."""
        want, attrs = self.want[y], self.want_attr[y]
        shown, shown_attrs = self.shown[y], self.shown_attr[y]
        for x in changed:
            if shown[x] != " " or want[x] != " " or not same_blank(" ", attrs[x], shown_attrs[x]):
                shown[x], shown_attrs[x] = want[x], attrs[x]

    def _flush_row(self, y: int, lo: int, hi: int, changed: set[int] | None = None) -> str:
        """The escapes and text that write row y's changed cells left to right
        (those between lo and hi, unless given)."""
        changed = self._changed(y, lo, hi) if changed is None else set(changed)
        if not changed:
            return ""
        want, attrs = self.want[y], self.want_attr[y]
        shown, shown_attrs = self.shown[y], self.shown_attr[y]
        w = self.width
        out: list[str] = []
        cursor, sgr, link = self.cursor, self.sgr, self.link
        xs = sorted(changed)
        i = 0
        while i < len(xs):
            x = xs[i]
            i += 1
            text = want[x]
            if text == "":
                continue  # written with its left half
            attr = attrs[x]
            erase = self._erase(y, x, xs, i) if text == " " else None
            if cursor != (x, y):
                move = cursor_move(cursor, x, y)
                gap = self._gap(y, cursor, x, sgr, link)
                if gap is not None:
                    cost = len(gap[0]) + len(transition(gap[1], attr))
                    plain = len(move) + len(transition(sgr, attr))
                    if cost < plain or (cost == plain and cursor is not None and cursor[1] == y):
                        move, sgr, start = gap
                        for g in range(start, x):  # written again as wanted
                            shown_attrs[g] = attrs[g]
                out.append(move)
            if attr[3] != link:
                link = attr[3]
                out.append(link_escape(link))
            if erase is not None:  # a run of blanks: erased, not written
                code, i, end = erase
                if sgr is None or not same_blank(" ", attr, sgr):
                    blank = _erasing(sgr, attr)
                    out.append(transition(sgr, blank))
                    sgr = blank
                out.append(code)
                for g in range(x, end):
                    shown[g], shown_attrs[g] = " ", sgr
                cursor = (x, y)
                continue
            if attr != sgr and not (text == " " and sgr is not None and same_blank(" ", attr, sgr)):
                if text == " ":  # a blank takes the style of the words after it
                    attr = self._ahead(y, x, attr)
                out.append(transition(sgr, attr))
                sgr = attr
            out.append(text)
            after = x + (2 if x + 1 < w and want[x + 1] == "" else 1)
            if after < w:
                cursor = (after, y)
            else:  # at the right edge: the cursor stays there, or waits to wrap
                cursor = None if self.autowrap else (w - 1, y)
        self._settle(y, changed)
        self.cursor, self.sgr, self.link = cursor, sgr, link
        return "".join(out)

    ERASE_RUN = 8  # blanks from which a run of them is erased apart (3 at a line's end)

    def _runs(self, y: int, xs: list[int]):
        """Row y's changed cells xs cut into runs (x, end, attribute, blank):
        the cells of a run are next to each other and written with one
        attribute (a blank takes its neighbours' when it looks the same in
        it); long runs of erasable blanks come apart, to be erased."""
        want, attrs, w = self.want[y], self.want_attr[y], self.width

        def erasable(x: int) -> bool:
            a = attrs[x]
            return want[x] == " " and not (a[0] & INK_ON_BLANK or a[3] or a[4])

        blocks, i = [], 0
        while i < len(xs):  # cells next to each other
            j = i + 1
            while j < len(xs) and xs[j] == xs[j - 1] + 1:
                j += 1
            blocks.append((xs[i], xs[j - 1] + 1))
            i = j
        for lo, hi in blocks:
            x = lo
            piece = lo  # where the cells not yet cut into runs begin
            while x < hi:
                if not erasable(x):
                    x += 1
                    continue
                r = x + 1
                while r < hi and erasable(r) and same_blank(" ", attrs[r], attrs[x]):
                    r += 1
                if r - x >= self.ERASE_RUN or (r == w and r - x >= 3):
                    yield from self._ink(y, piece, x)
                    yield x, r, attrs[x], True
                    piece = r
                x = r
            yield from self._ink(y, piece, hi)

    def _ink(self, y: int, lo: int, hi: int):
        """Cells lo..hi of row y cut where the attribute they need changes."""
        want, attrs = self.want[y], self.want_attr[y]
        start, run = lo, None  # run: the attribute of the run's first non-blank
        for x in range(lo, hi):
            text, a = want[x], attrs[x]
            if text == "":
                continue
            if text == " ":
                fits = a == run or (run is not None and same_blank(" ", a, run))
                if run is None and x > start and not same_blank(" ", a, attrs[start]):
                    fits = False
                if run is None and x == start:
                    fits = True
                if not fits:
                    yield start, x, run or attrs[start], False
                    start, run = x, None
                continue
            if run is None:
                if all(same_blank(" ", attrs[g], a) or attrs[g] == a for g in range(start, x)):
                    run = a
                    continue
                yield start, x, attrs[start], False
                start, run = x, a
            elif a != run:
                yield start, x, run, False
                start, run = x, a
        if start < hi:
            yield start, hi, run or attrs[start], False

    def _flush_grouped(self, rows: list[int], changes: dict[int, set[int]]) -> str:
        """The changed cells of these rows written one attribute at a time: the
        runs of blanks erased first, then every run of each colour and style
        in turn, the cursor moved between them. On a map where colours
        alternate along a row, a move costs less than the colour code that
        writing left to right spends at each change. A gap of a few cells that
        a later colour writes is crossed by writing blanks over it when that is
        shorter than the move."""
        w = self.width
        erases: list[tuple[int, int, int]] = []  # (y, x, end) of blanks to erase
        groups: dict[Attr, list[tuple[int, int, int]]] = {}  # attr: runs (y, x, end)
        settled = []
        for y in rows:
            changed = changes[y]
            if not changed:
                continue
            settled.append((y, changed))
            attrs, mine = self.want_attr[y], []
            runs = self._spans(y, list(self._runs(y, sorted(changed))), changed)
            for x, end, attr, blank in runs:
                if not blank:
                    groups.setdefault(attr, []).append((y, x, end))
                elif (
                    mine
                    and same_blank(" ", attrs[mine[-1][1]], attr)
                    and all(g in changed for g in range(mine[-1][2], x))
                ):  # one erase over both and the cells between, written after it
                    mine[-1] = (y, mine[-1][1], end)
                else:
                    mine.append((y, x, end))
            erases += mine
        out: list[str] = []
        cursor, sgr, link = self.cursor, self.sgr, self.link
        for y, x, end in erases:
            attr = self.want_attr[y][x]
            want, attrs = self.want[y], self.want_attr[y]
            r = end
            while r < w and want[r] == " " and same_blank(" ", attrs[r], attr):
                r += 1
            n = end - x
            code = "\x1b[K" if r == w else ("\x1b[X" if n == 1 else f"\x1b[{n}X")
            if n <= len(code) and r != w:
                groups.setdefault(attr, []).append((y, x, end))  # cheaper written
                continue
            out.append(cursor_move(cursor, x, y))
            cursor = (x, y)
            if link:
                link = ""
                out.append(link_escape(""))
            if sgr is None or not same_blank(" ", attr, sgr):
                blank = _erasing(sgr, attr)
                out.append(transition(sgr, blank))
                sgr = blank
            out.append(code)
        runs = sorted((y, x, end, attr) for attr, rs in groups.items() for y, x, end in rs)
        chains: dict[Attr, list[list]] = {}  # first attr: chains of runs, each written whole
        last, chain = None, []
        for run in runs:
            y, x, _, attr = run
            if (
                last is not None
                and last[0] == y
                and last[2] == x
                and len(transition(last[3], attr)) <= self.CHAIN
            ):
                chain.append(run)
            else:
                chain = [run]
                chains.setdefault(attr, []).append(chain)
            last = run
        order = [
            c for first in sorted(chains, key=lambda a: chains[a][0][0][:2]) for c in chains[first]
        ]
        later: dict[tuple[int, int], int] = {}  # a cell: the chain that writes it
        for k, chain in enumerate(order):
            for y, x, end, _ in chain:
                for g in range(x, end):
                    later[y, g] = k
        for k, chain in enumerate(order):
            y0, x0 = chain[0][0], chain[0][1]
            move = cursor_move(cursor, x0, y0)
            gap = x0 - cursor[0] if cursor is not None and cursor[1] == y0 else 0
            if (
                0 < gap < len(move)
                and not link
                and all(later.get((y0, g), -1) > k for g in range(cursor[0], x0))
            ):  # blanks over cells a later colour writes: shorter than the move
                move = " " * gap
            out.append(move)
            for y, x, end, attr in chain:
                if attr[3] != link:
                    link = attr[3]
                    out.append(link_escape(link))
                out.append(transition(sgr, attr))
                sgr = attr
                out.append("".join(t for t in self.want[y][x:end] if t))
            if end < w:
                cursor = (end, y)
            else:
                cursor = None if self.autowrap else (w - 1, y)
        for y, changed in settled:
            self._settle(y, changed)
        self.cursor, self.sgr, self.link = cursor, sgr, link
        return "".join(out)

    def _spans(self, y: int, runs: list, changed: set[int]) -> list:
        """Row y's runs, with two or more short runs of blanks of one
        background that only changed cells lie between (a wall cut by
        windows and doors, a room's walls either side of its floor) made one
        run to erase: the cells between are written over the erase, as they
        were to be, and each run of blanks no longer costs a cursor move."""
        want, attrs = self.want[y], self.want_attr[y]

        def bare(run) -> bool:  # only erasable blanks
            x, end, attr, blank = run
            return not blank and all(
                want[g] == " " and not (attrs[g][0] & INK_ON_BLANK or attrs[g][3] or attrs[g][4])
                for g in range(x, end)
            )

        out, i = [], 0
        while i < len(runs):
            run = runs[i]
            if not bare(run):
                out.append(run)
                i += 1
                continue
            x0, end, attr = run[0], run[1], attrs[run[0]]
            members, blanks, j = [i], end - x0, i + 1
            while j < len(runs):
                nx, nend = runs[j][0], runs[j][1]
                if not all(g in changed for g in range(end, nx)):
                    break
                if bare(runs[j]) and same_blank(" ", attrs[nx], attr):
                    members.append(j)
                    blanks += nend - nx
                    end = nend
                elif runs[j][3]:  # a run already to erase ends the span
                    break
                j += 1
            if len(members) > 1:
                out.append((x0, end, attr, True))
                out += [runs[k] for k in range(i + 1, j) if k not in members and runs[k][0] < end]
                out += [runs[k] for k in range(i + 1, j) if k not in members and runs[k][0] >= end]
                i = j
            else:
                out.append(run)
                i += 1
        return out

    def _ahead(self, y: int, x: int, attr: Attr) -> Attr:
        """The attribute of the first cell after the blanks from x on row y
        when the blanks look the same in it (then one code serves both)."""
        want, attrs = self.want[y], self.want_attr[y]
        for g in range(x + 1, min(x + 8, self.width)):
            if want[g] != " ":
                after = attrs[g]
                if want[g] and after[3] == attr[3] and same_blank(" ", after, attr):
                    return after
                break
        return attr

    def _erase(self, y: int, x: int, xs: list[int], i: int) -> tuple[str, int, int] | None:
        """Erasing the blanks from x (to the end of the line, or a count of
        them) when that is shorter than writing them: the escape, the index in
        xs of the next cell still to write, and the end of the erased cells.
        Terminals erase in the current background; a blank whose style shows
        on a space (underline, reverse) or that holds a link is written."""
        want, attrs = self.want[y], self.want_attr[y]
        attr = attrs[x]
        if attr[0] & INK_ON_BLANK or attr[3] or attr[4]:
            return None
        w = self.width
        r = x + 1
        while r < w and want[r] == " " and same_blank(" ", attrs[r], attr):
            r += 1
        j = i
        while j < len(xs) and xs[j] < r:
            j += 1
        last = xs[j - 1]  # the last changed cell among the blanks
        span = last - x + 1
        if r == w:
            code, end = "\x1b[K", w
        else:
            code, end = (f"\x1b[{span}X" if span > 1 else "\x1b[X"), last + 1
        # writing them costs a byte each; erasing costs the escape and maybe a move on
        if span <= len(code) + (0 if r == w or j == len(xs) else 4):
            return None
        return code, j, end

    LEAD = 3  # a row's first cells rewritten to reach x from the row's start

    def _gap(self, y: int, cursor, x: int, sgr, link: str) -> tuple[str, Attr, int] | None:
        """The unchanged cells from the cursor up to x written again (or, from
        another row, the row's first cells after a move to its start: index,
        return and a blank beat index and a column), the attribute after
        them and the first cell written; None when they cannot be."""
        if cursor is not None and cursor[1] == y and 0 < x - cursor[0] <= self.GAP:
            lead, start = "", cursor[0]
        elif (cursor is None or cursor[1] != y) and 0 < x <= self.LEAD:
            lead, start = cursor_move(cursor, 0, y), 0
        else:
            return None
        want, attrs, shown = self.want[y], self.want_attr[y], self.shown[y]
        parts = [lead]
        for g in range(start, x):
            if want[g] in (None, "") or want[g] != shown[g] or attrs[g][3] != link:
                return None
            if attrs[g] != sgr:
                parts.append(transition(sgr, attrs[g]))
                sgr = attrs[g]
            parts.append(want[g])
        return "".join(parts), sgr, start


def _erasing(sgr: Attr | None, attr: Attr) -> Attr:
    """The attribute to erase blanks of `attr` in: theirs, but with the text
    colour and the styles the terminal has already where a blank does not
    show them (bold, italic...; not underline nor reverse)."""
    if sgr is None:
        return (attr[0], None, attr[2], attr[3], attr[4])
    return (sgr[0] & ~INK_ON_BLANK, sgr[1], attr[2], attr[3], attr[4])
