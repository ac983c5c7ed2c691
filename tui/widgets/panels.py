"""The game screen's shared text widgets: the base of every mode's side
panel, the status line and the fixed-height message log. Each is a Static
redrawn with layout=False: their sizes are fixed by the stylesheet, so an
update never re-lays out the screen."""

from __future__ import annotations

from typing import Any

from rich.text import Text
from textual.widgets import Static


class Panel(Static):
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
        """Show text, unless it is what is shown already (an update re-sends
        the whole panel to the terminal even when nothing changed)."""
        if getattr(self, "_shown", None) != text:
            self._shown = text
            self.update(text, layout=False)


class StatusLine(Static):
    """One line: whose turn it is, or the prompt of the current targeting."""

    def say(self, text: str | Text) -> None:
        self.update(text, layout=False)


class Detail(str):
    """A log line that the whole log (history, v) keeps but the few lines on
    the game screen skip: the step-by-step telling of something a summary
    line on screen already said."""


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
        self.lines.extend(lines)
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

    def _rows(self, lines: list[str]) -> list[Text]:
        """The lines as the screen shows them: Detail lines left out, wrapped."""
        width = max(self.content_region.width, 10)
        rows: list[Text] = []
        for line in lines:
            if not isinstance(line, Detail):
                rows.extend(Text(line).wrap(self.app.console, width))
        return rows

    def render(self) -> Text:
        height = max(self.content_region.height, 1)
        if self.page is not None:
            shown = self._rows(self.lines[self._mark :])[self.page : self.page + height - 1]
            return Text("\n").join([*shown, Text(MORE, "bold reverse")])
        shown = self._rows(self._last(height))[-height:]
        out = Text("\n").join(shown)
        if shown:
            out.stylize("bold", len(out) - len(shown[-1]))
        return out

    def _last(self, height: int) -> list[str]:
        """Enough of the last lines to fill height rows (each is one row or more)."""
        out: list[str] = []
        for line in reversed(self.lines):
            if not isinstance(line, Detail):
                out.append(line)
                if len(out) >= height:
                    break
        return out[::-1]
