"""Help: every key binding (generated from the game screen's key table),
and each mode's board legend and short rules. From a game: that game's
mode; from the title: every mode the UI can show."""

from __future__ import annotations

from typing import Any

from rich.console import Console, ConsoleOptions, RenderResult
from rich.measure import Measurement
from rich.segment import Segment
from rich.table import Table
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Label, Static

from tui.keys import help_rows, table
from tui.modes.base import HelpSection
from tui.screens.dialogs import SeeThrough


def reflow(text: str) -> str:
    """A mode's rules text as paragraphs the screen wraps once, at its own
    width: the line breaks inside a paragraph (written for an editor) go,
    blank lines and list items ("- ", "* ") stay."""
    out: list[str] = []
    for paragraph in text.strip("\n").split("\n\n"):
        lines: list[str] = []
        for line in paragraph.splitlines():
            item = line.lstrip().startswith(("- ", "* "))
            if lines and not item and line.strip():
                lines[-1] += " " + line.strip()
            else:
                lines.append(line.rstrip())
        out.append("\n".join(lines))
    return "\n\n".join(out)


class DrawnOnce:
    """A Rich renderable drawn once for each set of console options it is
    asked for: Textual draws a Static's table to learn its height, then again
    to show it, at every layout pass of the opening screen (a help table is
    the same table each time; drawing them took most of the first opening)."""

    def __init__(self, renderable: Table) -> None:
        self.renderable = renderable
        self._drawn: dict[tuple, list[Segment]] = {}
        self._measured: dict[tuple, Measurement] = {}

    @staticmethod
    def _key(options: ConsoleOptions) -> tuple:
        """The options a table's drawing depends on: not the height it is
        offered (a table is as tall as its rows)."""
        return tuple(v for k, v in vars(options).items() if k not in ("height", "max_height"))

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        key = self._key(options)
        drawn = self._drawn.get(key)
        if drawn is None:
            drawn = self._drawn[key] = list(console.render(self.renderable, options))
        yield from drawn

    def __rich_measure__(self, console: Console, options: ConsoleOptions) -> Measurement:
        key = self._key(options)
        measured = self._measured.get(key)
        if measured is None:
            measured = self._measured[key] = Measurement.get(console, options, self.renderable)
        return measured


def every_mode(ascii_only: bool) -> list[HelpSection]:
    from tui.modes import get_ui, ui_modes

    return [get_ui(m).help(ascii_only) for m in ui_modes()]


class HelpScreen(SeeThrough, ModalScreen[None]):
    BINDINGS = [
        Binding("escape,q,question_mark", "close", "close", show=False),
        Binding("j,down", "scroll('down')", show=False),
        Binding("k,up", "scroll('up')", show=False),
        Binding("pagedown,space", "scroll('page_down')", show=False),
        Binding("pageup", "scroll('page_up')", show=False),
    ]

    def __init__(self, sections: list[HelpSection] | None = None) -> None:
        super().__init__()
        self.sections = sections

    @classmethod
    def show(cls, app: Any, key: str, sections: list[HelpSection] | None = None) -> None:
        """Open help, built once per app and `key` (a mode's, or the title's):
        composing its tables and widgets took 60-90 ms a time on a loaded
        machine, and the first drawing of a new one sends its scrollbar twice."""
        app.push_screen(cls.kept(app, key, sections))

    @classmethod
    def kept(cls, app: Any, key: str, sections: list[HelpSection] | None = None) -> str:
        """The name of the help screen for `key`, installed (not yet drawn)."""
        name = f"help:{key}:{'ascii' if getattr(app, 'ascii_only', False) else 'glyphs'}"
        if not app.is_screen_installed(name):
            app.install_screen(cls(sections), name)
        return name

    def on_screen_resume(self) -> None:
        self._below = None  # the screen below may have changed since the last time
        if self.is_mounted:
            self.query_one("#help", VerticalScroll).scroll_home(animate=False)

    def compose(self) -> ComposeResult:
        ascii_only = getattr(self.app, "ascii_only", False)
        sections = self.sections if self.sections is not None else every_mode(ascii_only)
        several = len(sections) > 1
        with VerticalScroll(id="help", classes="dialog"):
            yield Label("Shamble help   (Esc, q or ? closes; arrows scroll)", id="help-title")
            for n, section in enumerate(sections):
                suffix = f"-{n}" if n else ""
                name = f": {section.title}" if several else ""
                yield Static(
                    DrawnOnce(self._keys_table(section, ascii_only, name)), id=f"help-keys{suffix}"
                )
                if section.legend:
                    yield Static(
                        DrawnOnce(self._legend_table(section, name)), id=f"help-legend{suffix}"
                    )
                if section.rules:
                    yield Static(Text(reflow(section.rules)), id=f"help-rules{suffix}")
            if not sections:
                yield Static(self._keys_table(HelpSection(""), ascii_only, ""), id="help-keys")

    def _keys_table(self, section: HelpSection, ascii_only: bool, name: str) -> Table:
        keys = Table(title=f"Keys{name}", title_justify="left", box=None, padding=(0, 1))
        keys.add_column("", style="bold")
        keys.add_column("keys", style="bold cyan", no_wrap=True)
        keys.add_column("what it does")
        last = None
        for group, names, what in help_rows(table(section.keys), ascii_only):
            keys.add_row(group if group != last else "", names, what)
            last = group
        keys.add_row("", "Ctrl+P", "command palette: every action, by name")
        return keys

    def _legend_table(self, section: HelpSection, name: str) -> Table:
        legend = Table(title=f"Board{name}", title_justify="left", box=None, padding=(0, 1))
        legend.add_column("glyph", style="bold", no_wrap=True)
        legend.add_column("meaning")
        for glyph, meaning in section.legend:
            legend.add_row(glyph, meaning)
        return legend

    def action_close(self) -> None:
        self.dismiss(None)

    def action_scroll(self, where: str) -> None:
        view = self.query_one("#help", VerticalScroll)
        getattr(view, f"scroll_{where}")()
