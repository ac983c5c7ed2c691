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


class MessageLog(Static):
    """The last lines of the message log in a fixed height; every line is
    kept in `lines` for the history view."""

    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self.lines: list[str] = []

    def add(self, lines: list[str]) -> None:
        if not lines:
            return
        self.lines.extend(lines)
        del self.lines[:-500]
        self.refresh(layout=False)

    def render(self) -> Text:
        width = max(self.content_region.width, 10)
        height = max(self.content_region.height, 1)
        wrapped: list[Text] = []
        for line in self.lines[-height:]:
            wrapped.extend(Text(line).wrap(self.app.console, width))
        shown = wrapped[-height:]
        out = Text("\n").join(shown)
        if shown:
            out.stylize("bold", len(out) - len(shown[-1]))
        return out
