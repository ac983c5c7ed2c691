"""The game screen's shared text widgets: the base of every mode's side
panel, the status line and the fixed-height message log. Each is a Static
redrawn with layout=False: their sizes are fixed by the stylesheet, so an
update never re-lays out the screen.

Panels and the status line are quiet: an update with the text they show
already is dropped. Textual would draw the widget again and send all of its
cells to the terminal (or, under the diff layer, compare them all) on every
key, though nothing in it changed."""

from __future__ import annotations

from typing import Any

from rich.text import Text
from textual.visual import VisualType
from textual.widget import Widget
from textual.widgets import Static


def same_content(shown: object, new: object) -> bool:
    """True when `new` would draw exactly what `shown` draws: equal strings,
    or Texts equal in characters, styles and layout (Rich's own Text equality
    ignores the base style). Any other renderable counts as new."""
    if isinstance(shown, str) and isinstance(new, str):
        return shown == new
    if isinstance(shown, Text) and isinstance(new, Text):
        return (
            shown.plain == new.plain
            and shown.spans == new.spans
            and shown.style == new.style
            and (shown.justify, shown.overflow, shown.no_wrap, shown.end, shown.tab_size)
            == (new.justify, new.overflow, new.no_wrap, new.end, new.tab_size)
        )
    return False


class QuietTitle:
    """Textual's border title (or subtitle), set only when it changes:
    Textual redraws the whole widget on every assignment, even of the same
    title, and a panel's redraw sets its title each time."""

    def __set_name__(self, owner: type, name: str) -> None:
        self.name = name
        self.textual = Widget.__dict__[name]  # Widget's own descriptor

    def __get__(self, obj: Any, objtype: type | None = None) -> Any:
        return self if obj is None else self.textual.__get__(obj, objtype)

    def __set__(self, obj: Any, title: Any) -> None:
        memo = f"_quiet_{self.name}"
        if isinstance(title, str) and obj.__dict__.get(memo) == title:
            return
        obj.__dict__[memo] = title if isinstance(title, str) else None
        self.textual.__set__(obj, title)


class QuietStatic(Static):
    """A Static whose update with what it shows already does nothing (nor
    setting the border title it has)."""

    border_title = QuietTitle()
    border_subtitle = QuietTitle()

    def update(self, content: VisualType = "", *, layout: bool = True) -> None:
        shown = self.content
        if content is not shown and same_content(shown, content):
            return  # the same object may have been changed in place: drawn again
        super().update(content, layout=layout)


class Panel(QuietStatic):
    """A side panel of a mode: `show(host)` redraws it from the game screen
    (host.view, host.selected...). `title` is its border title; `tall_only`
    panels are shown only when the terminal is tall (34 rows or more)."""

    title = ""
    tall_only = False

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.add_class("panel")
        if self.tall_only:
            self.add_class("-tall-only")
        if self.title:
            self.border_title = self.title

    def show(self, host: Any) -> None:
        """Redraw from the game screen; a panel that never changes keeps this."""

    def put(self, text: Text) -> None:
        """Show text without laying the screen out again (unless it is what
        is shown already: see QuietStatic)."""
        self._shown = text
        self.update(text, layout=False)


STATUS_ROWS = 2  # a status line too long for one row takes a second, never a third


def wrapped(text: str | Text, room: int) -> list[str]:
    """text as rows of at most room cells, broken between words (a word
    longer than the row is folded)."""
    from rich.console import Console

    text = text if isinstance(text, Text) else Text(text)
    if room <= 0 or text.cell_len <= room:
        return [text.plain]
    console = Console(width=room, legacy_windows=False, color_system=None)
    return [line.plain for line in text.wrap(console, room)]


def cut_words(text: str | Text, room: int, rows: int = STATUS_ROWS) -> list[str]:
    """The words of text a status line of room cells and rows rows cannot
    show whole (none when it fits): the words past its last row, and any word
    folded across a row's end."""
    text = text if isinstance(text, Text) else Text(text)
    lines = wrapped(text, room)
    words = text.plain.split()
    shown = " ".join(lines[:rows]).split()
    if len(lines) <= rows and shown == words:
        return []
    whole = set(words)
    return [w for w in shown if w not in whole] + words[len(shown) :]


class StatusLine(QuietStatic):
    """Whose turn it is, or the prompt of the current targeting: one row,
    or two when the words do not fit one (the screen's log gives up a row
    meanwhile, so the board does not move: game.tcss "-two"). The class
    goes on the status line and the log, not the screen: a screen's class
    styles every widget on it again (about 5 ms a change in a pty)."""

    def room(self) -> int:
        """Cells of text a row has (before the first layout: the terminal's)."""
        return self.content_region.width or self.app.size.width - 2

    def say(self, text: str | Text) -> None:
        two = len(wrapped(text, self.room())) > 1
        if self.is_mounted and self.has_class("-two") != two:
            self.set_class(two, "-two")
            for log in self.screen.query("#log"):
                log.set_class(two, "-two")
        self.update(text, layout=False)


class Detail(str):
    """A log line that the whole log (history, v) keeps but the few lines on
    the game screen skip: the step-by-step telling of something a summary
    line on screen already said."""


class Grown(str):
    """A log line that takes the place of the log's last line when that is
    `last`, the log then reading `whole` there: a line that grows by a
    step at a time (Outbreak tells a bot's movement in one line, a step
    more at each step shown). Where the last line is another one, or for
    a reader that keeps no log (plain mode), it reads as it is: a line of
    its own, saying what this step did."""

    last: str
    whole: str

    def __new__(cls, alone: str, last: str, whole: str) -> Grown:
        line = super().__new__(cls, alone)
        line.last, line.whole = last, whole
        return line


def logged(kept: list[str], lines: list[str]) -> None:
    """Add lines to a log's lines, each Grown one in place of the line it grows."""
    for line in lines:
        if isinstance(line, Grown):
            if kept and kept[-1] == line.last:
                kept[-1] = line.whole
            else:
                kept.append(str(line))
        else:
            kept.append(line)


MORE = "--more-- (any key)"


class MessageLog(Static):
    """The last lines of the message log in a fixed height; every line is
    kept in `lines` for the history view.

    Paging (`hold`): when the lines of one command (from `begin` on) do not
    fit, the log shows their first page ending in --more--, and each `more`
    shows the next, so the start of what happened (the player's own action)
    is read before the rest scrolls over it."""

    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self.lines: list[str] = []
        self._mark = 0  # where the lines of the current command start in `lines`
        self.page: int | None = None  # while paging: the first row shown

    def add(self, lines: list[str]) -> None:
        if not lines:
            return
        logged(self.lines, lines)
        cut = len(self.lines) - 500
        if cut > 0:
            del self.lines[:cut]
            self._mark = max(0, self._mark - cut)
        self.refresh(layout=False)

    def begin(self) -> None:
        """The lines added from now on are one command's (for `hold`)."""
        self._mark = len(self.lines)
        self.page = None

    @property
    def paging(self) -> bool:
        return self.page is not None

    def hold(self) -> bool:
        """Page the current command's lines if they do not fit; True if so."""
        height = self.content_region.height
        if height < 2 or len(self._rows(self.lines[self._mark :])) <= height:
            return False
        self.page = 0
        self.refresh(layout=False)
        return True

    def more(self) -> bool:
        """Show the next page; False (and the usual last lines) after the last."""
        if self.page is None:
            return False
        rows = len(self._rows(self.lines[self._mark :]))
        self.page += self.content_region.height - 1
        if rows - self.page <= self.content_region.height:
            self.page = None
        self.refresh(layout=False)
        return self.page is not None

    def show_last(self) -> None:
        """Stop paging: the last lines, as usual."""
        self.page = None
        self.refresh(layout=False)

    def _rows(self, lines: list[str]) -> list[Text]:
        """The lines as the screen shows them: Detail lines left out, wrapped."""
        width = max(self.content_region.width - 1, 10)  # the first column is the mark's
        rows: list[Text] = []
        for line in lines:
            if not isinstance(line, Detail):
                rows.extend(Text(line).wrap(self.app.console, width))
        return rows

    def render(self) -> Text:
        """The last rows, the newest marked in the first column: a mark that
        moves costs a few bytes over a thin pipe, where a bold newest row
        made every new line rewrite the one before it, unbolded."""
        height = max(self.content_region.height, 1)
        if self.page is not None:
            shown = self._rows(self.lines[self._mark :])[self.page : self.page + height - 1]
            return Text("\n").join(
                [Text(" ") + row for row in shown] + [Text(" ") + Text(MORE, "bold reverse")]
            )
        shown = self._rows(self._last(height))[-height:]
        if not shown:
            return Text()
        newest = Text()
        newest.append(">" if getattr(self.app, "ascii_only", False) else "\u203a", "bold")
        newest.append_text(shown[-1])
        return Text("\n").join([Text(" ") + row for row in shown[:-1]] + [newest])

    def _last(self, height: int) -> list[str]:
        """Enough of the last lines to fill height rows (each is one row or more)."""
        out: list[str] = []
        for line in reversed(self.lines):
            if not isinstance(line, Detail):
                out.append(line)
                if len(out) >= height:
                    break
        return out[::-1]
