"""Small screens: yes/no confirmation, a choice from a list, the message
history, the "terminal too small" notice and the hot-seat handover.
Escape always means "no" or "not now"; it never discards anything."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from rich.segment import Segment
from rich.text import Text
from textual._context import visible_screen_stack
from textual.app import ComposeResult
from textual.binding import Binding
from textual.color import Color
from textual.containers import Vertical, VerticalScroll
from textual.geometry import Region, Size
from textual.renderables.background_screen import BackgroundScreen
from textual.screen import ModalScreen, Screen
from textual.strip import Strip
from textual.visual import Visual
from textual.widgets import Label, OptionList, Static
from textual.widgets.option_list import Option

MIN_WIDTH = 80  # the smallest terminal the game is drawn in (TooSmallScreen below it)
MIN_HEIGHT = 24
CLEAR = Color(0, 0, 0, 0)


class SeeThrough:
    """Mixed into a ModalScreen (before it): the screen below, drawn once,
    and only the dialog's box drawn to open it.

    A see-through dialog (app.tcss) shows the screen below around its box.
    Textual draws that screen again each time the dialog is drawn in full,
    three times or more while a dialog opens (each layout pass); here it is
    drawn once and kept until the screen below changes (Textual then refreshes
    the dialog over the regions that changed) or the terminal's size does,
    and only the lines asked for (Below).

    Textual draws an opening screen in full, every cell composed and handed
    to the output layer, though around the box the terminal already shows
    the screen below just as the dialog would draw it. While that holds
    (from the push until the terminal is resized, another screen covers the
    dialog, the app comes back from a suspend, or the screen below is drawn
    again in full), a paint of the
    whole dialog is a paint of its box (`_box_only`), and the regions the
    box covered are kept (`_painted`), so that closing it draws again only
    them below (DrawsUnderDialogs)."""

    _below: tuple[tuple, BelowLines] | None = None
    _box_only = False
    _painted: frozenset = frozenset()
    _in_use = False  # pushed and not yet suspended (reused)

    def opened(self) -> None:
        """Pushed over the screen the terminal shows (ShambleApp.push_screen)."""
        self._below = None
        self._box_only = True
        self._painted = frozenset()
        self._in_use = True

    def render(self) -> Any:
        background = self.styles.background
        try:
            below = visible_screen_stack.get().pop()
        except LookupError:
            below = None
        if below is None or below is self:
            return super().render()
        if background.a > 0:
            return BackgroundScreen(below, background)
        return Below(self, below)

    def refresh(self, *regions: Any, **kwargs: Any) -> Any:
        if regions:
            self._below = None  # the screen below changed there
            whole = self.size.region
            if any(whole in region for region in regions):  # all of it: all of it is drawn
                self._box_only = False
        return super().refresh(*regions, **kwargs)

    def box_regions(self) -> set[Region]:
        """Where the dialog draws over the screen below: its widgets' regions."""
        shown = self._compositor.visible_widgets
        regions = set()
        for child in self.children:
            if child in shown:
                region, clip = shown[child]
                if cut := region.intersection(clip):
                    regions.add(cut)
        return regions

    _rows: frozenset[int] | None = None  # the rows a partial paint draws (render_lines)

    def _compositor_refresh(self) -> None:
        compositor = self._compositor
        dirty = compositor._dirty_regions
        whole = compositor.size.region
        box = self.box_regions() if dirty else set()
        if self._box_only and dirty:
            if whole in dirty and self.app.size == compositor.size and within(whole, dirty):
                dirty.discard(whole)
                dirty.update(box)
            self._painted = self._painted.union(box)
        if dirty and whole not in dirty:  # the rows where this screen's own lines show
            self._rows = frozenset(
                y
                for region in dirty
                if not any(b.contains_region(region) for b in box)
                for y in region.line_range
            )
        try:
            super()._compositor_refresh()
        finally:
            self._rows = None

    def render_lines(self, crop: Region) -> list[Strip]:
        """The dialog screen's own lines: the screen below, where the box
        does not cover it. Textual asks a widget for all its lines, even for
        a paint of a few rows of the screen; these are the screen below drawn
        again, so a partial paint draws only the rows where they show outside
        the box (none, for a paint of the box alone), and the lines of the
        other rows are never used (Compositor._render_chops)."""
        rows = self._rows
        if rows is None:
            return super().render_lines(crop)
        unused = Strip.blank(crop.width)
        lines: list[Strip] = []
        y = crop.y
        while y < crop.bottom:
            if y not in rows:
                lines.append(unused)
                y += 1
                continue
            end = y
            while end < crop.bottom and end in rows:
                end += 1
            lines += super().render_lines(Region(crop.x, y, crop.width, end - y))
            y = end
        return lines

    _styled: tuple | None = None  # what the app's styles were when this screen was styled

    def _on_screen_resume(self, event: Any) -> None:
        """Textual styles a pushed screen's widgets again, each time: a kept
        dialog (reused, help) is styled as it was unless the app's styles
        changed since (a theme, the stylesheet, the app's classes).
        Screen's own handler runs after this one."""
        styled = styles_now(self.app)
        if self._styled == styled:
            event.refresh_styles = False
        self._styled = styled
        self.call_next(self._draw_now)

    def _draw_now(self) -> None:
        """Draw the opened dialog now. A screen laid out before (kept, or
        built while the player read) is drawn at its next update tick, and a
        screen's first tick comes a frame (1/60 s) after its timer starts."""
        if self.app.screen is self and self.is_attached:
            self._on_timer_update()  # type: ignore[attr-defined]

    def _on_screen_suspend(self) -> None:
        """Closed, or covered by another screen (the command palette, say):
        when it shows again the terminal shows that one, so it is drawn whole."""
        self._in_use = False
        self._box_only = False  # Screen's own handler runs after this one

    def _on_mount(self, event: Any) -> None:
        self.app.app_resume_signal.subscribe(self, self._terminal_back)

    def _terminal_back(self, _app: Any = None) -> None:
        """Back from a suspend: the terminal may show anything."""
        self._box_only = False

    async def _on_resize(self, event: Any) -> None:
        """A dialog's first layout sends it a Resize of the size it already
        has, and Textual then lays out every screen below it again too (3-10
        ms in a pty, the game screen's widgets all measured again for
        nothing): the dialog alone is laid out then. A resize of the terminal
        still reaches them all."""
        below = getattr(self.app, "_background_screens", ())
        if all(s._compositor.size == event.size for s in [self, *below]):
            event.prevent_default()  # Screen._on_resize (Textual calls it after this one)
            event.stop()
            self._screen_resized(event.size)  # type: ignore[attr-defined]
        else:
            self._box_only = False


class Below(Visual):
    """The screen under a SeeThrough dialog as it shows, drawn once per size."""

    def __init__(self, dialog: SeeThrough, below: Screen) -> None:
        self.dialog, self.below = dialog, below

    def render_strips(self, width: int, height: int | None, style: Any, options: Any) -> Any:
        height = self.below.size.height if height is None else height
        fill = style.rich_style
        key = (id(self.below), width, height, fill)
        kept = self.dialog._below
        if kept is not None and kept[0] == key:
            return kept[1]
        lines = BelowLines(self.dialog, self.below, width, height, fill)
        self.dialog._below = (key, lines)
        return lines

    def get_optimal_width(self, rules: Any, container_width: int) -> int:
        return container_width

    def get_height(self, rules: Any, width: int) -> int:
        return self.below.size.height


class BelowLines(Sequence):
    """The lines of the screen below, drawn when first asked for: a paint of
    the dialog's box draws the rows it covers (SeeThrough.render_lines), and
    the rest are what the terminal shows already."""

    def __init__(self, dialog: SeeThrough, below: Screen, width: int, height: int, fill: Any):
        self.dialog, self.below = dialog, below
        self.width, self.height, self.fill = width, height, fill
        self._lines: dict[int, Strip] = {}

    def __len__(self) -> int:
        return self.height

    def __getitem__(self, y: Any) -> Any:
        if isinstance(y, slice):
            return [self[i] for i in range(*y.indices(self.height))]
        if y < 0:
            y += self.height
        if not 0 <= y < self.height:
            raise IndexError(y)
        line = self._lines.get(y)
        if line is None:
            wanted = self.dialog._rows or range(self.height)  # the rows being painted, at once
            self._draw({y, *(r for r in wanted if 0 <= r < self.height and r not in self._lines)})
            line = self._lines[y]
        return line

    def _draw(self, rows: set[int]) -> None:
        compositor = self.below._compositor
        size = compositor.size
        shown = [y for y in rows if y < size.height]
        chops: Any = []
        if shown:
            top, bottom = min(shown), max(shown) + 1
            crop = Region(0, top, size.width, bottom - top)
            chops = compositor._render_chops(crop, frozenset(shown).__contains__)
        for y in rows:
            if y < size.height:
                line = Strip.join(chops[y].values())
                plain = BackgroundScreen.process_segments(line, CLEAR)  # no links, no clicks
                self._lines[y] = Strip(Segment.apply_style(plain, self.fill), line.cell_length)
            else:
                self._lines[y] = Strip.blank(self.width, self.fill)


class DrawsUnderDialogs:
    """Mixed into a screen (before Screen) that see-through dialogs open
    over: it holds still while one opens, and draws again only what the
    dialog covered when it closes.

    Textual refreshes the screen a dialog is pushed over (to draw it as
    suspended; this app gives suspended screens no look of their own), and
    a screen under a see-through dialog is drawn through it, so the opening
    dialog was drawn in full for it; and when the dialog closes Textual
    draws the screen again in full, every cell composed and compared for the
    few the box covered. ShambleApp.push_screen and pop_screen set both up."""

    _holding_still = False  # a see-through dialog is being pushed over it
    _redraw_only: tuple[Any, frozenset] | None = None  # (size, regions) after a close

    def refresh(self, *regions: Any, **kwargs: Any) -> Any:
        if self._holding_still and not regions and not kwargs:
            return self
        return super().refresh(*regions, **kwargs)  # type: ignore[misc]

    def _compositor_refresh(self) -> None:
        kept = self._redraw_only
        compositor = self._compositor  # type: ignore[attr-defined]
        whole = compositor.size.region
        if kept is not None and whole in compositor._dirty_regions:
            self._redraw_only = None
            size, regions = kept
            same = size == compositor.size == self.app.size  # type: ignore[attr-defined]
            if same and within(whole, compositor._dirty_regions):
                compositor._dirty_regions.discard(whole)
                compositor._dirty_regions.update(regions)
        super()._compositor_refresh()  # type: ignore[misc]


def styles_now(app: Any) -> tuple:
    """What a screen's styles depend on beyond its own widgets."""
    return (app._css_update_count, app.theme, tuple(sorted(app.classes)))


def prepare(app: Any, screen: Screen) -> None:
    """Compose and style a kept screen before it is first pushed (its
    widgets mount on its own task, as when Textual pushes it, and are styled
    as they mount)."""
    if not screen.is_running and not app._exit:
        app._get_screen(screen)
        if isinstance(screen, SeeThrough):
            screen._styled = styles_now(app)


def lay_out(app: Any, screen: Screen) -> None:
    """Lay out a prepared screen that is not shown, at the terminal's size
    (or again, when its first layout asked for another: widgets that learnt
    their size): its first push then draws it without measuring it again."""
    if not screen.is_mounted or screen.is_current:
        return
    if screen._size != app.size or screen._layout_required:
        screen._refresh_layout(app.size)
        screen._layout_required = False


def update(label: Label, content: Any) -> None:
    """A label's new text, unless it says that already (an update lays the
    dialog out again)."""
    if label.content != content:
        label.update(content)


def within(whole: Region, dirty: set[Region]) -> bool:
    """Every dirty region on the screen: a layout after the terminal's size
    changed also marks where widgets were at the old size, which only a
    paint of the whole screen (Textual's, for a screen of that size) leaves
    out."""
    return all(whole.contains_region(region) for region in dirty)


def reused(app: Any, cls: type, *args: Any, **kwargs: Any) -> Any:
    """A dialog of `cls` built once per app and filled again (`fill`) each
    time: composing, styling and mounting its widgets took a few ms each
    opening, and removing it after it closed laid the screen below out again
    and drew all of it. A new one while the kept one is open or closing."""
    name = f"kept:{cls.__name__}"
    if app.is_screen_installed(name):
        dialog = app.get_screen(name)
        if dialog._in_use or any(dialog in stack for stack in app._screen_stacks.values()):
            return cls(*args, **kwargs)
        dialog.fill(*args, **kwargs)
        return dialog
    dialog = cls(*args, **kwargs)
    app.install_screen(dialog, name)
    return dialog


class ConfirmDialog(SeeThrough, ModalScreen[bool]):
    """Ask a yes/no question: y or n, Enter for the default answer, Escape = no.

    The answers are a line of keys, as the status line's questions are, not
    buttons: two buttons more than double the widgets to lay out, and the
    cells to send, each time the dialog opens."""

    BINDINGS = [
        Binding("y", "answer(True)", "yes"),
        Binding("n", "answer(False)", "no"),
        Binding("enter", "answer(None)", "default answer", show=False),
        Binding("escape", "answer(False)", "no", show=False),
        Binding("Q", "quit_shamble", "quit Shamble", show=False),
    ]

    def __init__(
        self,
        question: str,
        yes: str = "Yes",
        no: str = "No",
        default: bool = True,
        quit_too: bool = False,
    ):
        super().__init__()
        self.fill(question, yes, no, default, quit_too)

    def fill(
        self,
        question: str,
        yes: str = "Yes",
        no: str = "No",
        default: bool = True,
        quit_too: bool = False,
    ) -> None:
        """Ask this question (a kept dialog asked again: reused)."""
        self.question = question
        self.yes, self.no = yes, no
        self.default = default
        self.quit_too = quit_too  # Q: leave Shamble as well (the title is not drawn again)
        if self.is_mounted:
            update(self.query_one("#question", Label), question)
            update(self.query_one("#answers", Label), self._answers())

    def _answers(self) -> Text:
        keys = Text()
        answers = [("y", self.yes), ("n", self.no)]
        if self.quit_too:
            answers.append(("Q", "quit Shamble"))
        for key, what in answers:
            keys.append(key, "bold")
            keys.append(f" {what}    ")
        keys.append("Enter", "bold")
        keys.append(f" {self.yes if self.default else self.no}")
        return keys

    def compose(self) -> ComposeResult:
        with Vertical(id="dialog", classes="dialog"):
            yield Label(self.question, id="question")
            yield Label(self._answers(), id="answers")

    def action_answer(self, yes: bool | None) -> None:
        self.dismiss(self.default if yes is None else yes)

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        return self.quit_too if action == "quit_shamble" else True

    def action_quit_shamble(self) -> None:
        """Yes, and out of Shamble at once: whatever is below is never shown
        again, so it is not drawn again (over SSH, the title would cost
        kilobytes the player never sees)."""
        close = getattr(self.app, "close_session", None)
        if close is not None:
            close()
        self.app.exit()


class ChoiceDialog(SeeThrough, ModalScreen[str | None]):
    """Pick one of several options (id, label); Escape closes without choosing."""

    BINDINGS = [Binding("escape", "cancel", "close", show=False)]

    def __init__(
        self, title: str, options: list[tuple[str, str]], note: str = "", highlight: int = 0
    ) -> None:
        super().__init__()
        self.fill(title, options, note, highlight)

    def fill(
        self, title: str, options: list[tuple[str, str]], note: str = "", highlight: int = 0
    ) -> None:
        """Offer these options (a kept dialog asked again: reused)."""
        self.title_text = title
        self.options = list(options)
        self.note = note
        self.highlight = highlight  # the option the cursor starts on
        if self.is_mounted:
            update(self.query_one("#question", Label), title)
            update(self.query_one(".note", Label), self._note())
            menu = self.query_one(OptionList)
            shown = [(o.id, o.prompt) for o in menu.options]
            if shown != self.options:
                menu.clear_options()
                menu.add_options([Option(label, id=oid) for oid, label in self.options])
                # options wider than the last ones: once the list has its new
                # width, its lines are wrapped again (they were wrapped in the
                # old width, and showed behind a scrollbar)
                menu.refresh(layout=True)
                self.call_after_refresh(self._rewrap, menu)
            self._put_cursor(menu)

    @staticmethod
    def _rewrap(menu: OptionList) -> None:
        """The options wrapped again in the list's width now, from no size:
        wrapped in the old width they were taller, and the scrollbar that
        made room for kept them so."""
        menu.virtual_size = Size(0, 0)
        menu._clear_caches()

    def _note(self) -> str:
        return self.note or "Enter chooses, Esc closes"

    def compose(self) -> ComposeResult:
        with Vertical(id="dialog", classes="dialog choice"):
            yield Label(self.title_text, id="question")
            yield OptionList(*[Option(label, id=oid) for oid, label in self.options])
            yield Label(self._note(), classes="note")

    def on_mount(self) -> None:
        menu = self.query_one(OptionList)
        self._put_cursor(menu)
        menu.focus()

    def _put_cursor(self, menu: OptionList) -> None:
        menu.highlighted = min(max(self.highlight, 0), max(menu.option_count - 1, 0))

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        self.dismiss(event.option_id)

    def action_cancel(self) -> None:
        self.dismiss(None)


class TooSmallScreen(Screen):
    """Shown instead of anything else while the terminal is below the minimum."""

    BINDINGS = [Binding("ctrl+q", "app.quit", "quit", show=False)]

    def __init__(self, width: int, height: int) -> None:
        super().__init__()
        self.width, self.height = width, height

    def compose(self) -> ComposeResult:
        yield Label(self._text(), id="too-small")

    def _text(self) -> str:
        return (
            f"The terminal is {self.width}x{self.height}.\n"
            f"Shamble needs at least {MIN_WIDTH}x{MIN_HEIGHT}.\n"
            "Enlarge the window; the game waits for you."
        )

    def update_size(self, width: int, height: int) -> None:
        self.width, self.height = width, height
        self.query_one("#too-small", Label).update(self._text())


class HistoryScreen(SeeThrough, ModalScreen[None]):
    """The whole message log, newest at the bottom; Esc, q or v closes."""

    BINDINGS = [
        Binding("escape,q,v", "close", "close", show=False),
        Binding("j,down", "scroll('down')", show=False),
        Binding("k,up", "scroll('up')", show=False),
        Binding("pagedown,space", "scroll('page_down')", show=False),
        Binding("pageup", "scroll('page_up')", show=False),
    ]

    def __init__(self, lines: list[str]) -> None:
        super().__init__()
        self.lines = lines

    def compose(self) -> ComposeResult:
        with VerticalScroll(id="history", classes="dialog"):
            yield Label("Message log   (Esc closes; arrows scroll)", id="question")
            yield Static("\n".join(self.lines) or "(nothing yet)", markup=False)

    def on_mount(self) -> None:
        self.query_one("#history", VerticalScroll).scroll_end(animate=False)

    def action_close(self) -> None:
        self.dismiss(None)

    def action_scroll(self, where: str) -> None:
        getattr(self.query_one("#history", VerticalScroll), f"scroll_{where}")(animate=False)


class HandoverScreen(Screen[None]):
    """Between two people at one keyboard when the next one's view holds
    secrets (a hand of cards, a hidden sniper): a whole screen, so nothing
    of the game shows until the next player presses Enter."""

    BINDINGS = [Binding("enter,space", "ready", "ready", show=False)]

    def __init__(self, seat_name: str, greeting: str = "") -> None:
        super().__init__()
        self.seat_name = seat_name
        self.greeting = greeting or f"{seat_name}, your turn."  # what the seat is called to do

    def compose(self) -> ComposeResult:
        with Vertical(id="handover", classes="dialog"):
            yield Label(self.greeting, id="question")
            yield Label(
                f"Pass the keyboard to {self.seat_name}:\nthe board stays hidden until then.",
                classes="note",
            )
            yield Label(f"{self.seat_name}: press Enter when only you can see the screen.")

    def action_ready(self) -> None:
        self.dismiss(None)
