"""Small screens: yes/no confirmation, a choice from a list, the message
history, the "terminal too small" notice and the hot-seat handover.
Escape always means "no" or "not now"; it never discards anything."""

from __future__ import annotations

from typing import Any

from rich.segment import Segment
from rich.text import Text
from textual._context import visible_screen_stack
from textual.app import ComposeResult
from textual.binding import Binding
from textual.color import Color
from textual.containers import Vertical, VerticalScroll
from textual.geometry import Size
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
    """Mixed into a ModalScreen (before it): the screen below, drawn once.

    A see-through dialog (app.tcss) shows the screen below around its box.
    Textual draws that screen again each time the dialog is drawn in full,
    three times or more while a dialog opens (each layout pass); here it is
    drawn once and kept until the screen below changes (Textual then refreshes
    the dialog over the regions that changed) or the terminal's size does."""

    _below: tuple[tuple, list[Strip]] | None = None

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
        return super().refresh(*regions, **kwargs)

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


class Below(Visual):
    """The screen under a SeeThrough dialog as it shows, drawn once per size."""

    def __init__(self, dialog: SeeThrough, below: Screen) -> None:
        self.dialog, self.below = dialog, below

    def render_strips(self, width: int, height: int | None, style: Any, options: Any) -> list:
        height = self.below.size.height if height is None else height
        fill = style.rich_style
        key = (id(self.below), width, height, fill)
        kept = self.dialog._below
        if kept is not None and kept[0] == key:
            return kept[1]
        strips = []
        for line in self.below._compositor.render_strips(Size(width, height)):
            plain = BackgroundScreen.process_segments(line, CLEAR)  # no links, no clicks
            strips.append(Strip(Segment.apply_style(plain, fill), line.cell_length))
        self.dialog._below = (key, strips)
        return strips

    def get_optimal_width(self, rules: Any, container_width: int) -> int:
        return container_width

    def get_height(self, rules: Any, width: int) -> int:
        return self.below.size.height


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
        self.question = question
        self.yes, self.no = yes, no
        self.default = default
        self.quit_too = quit_too  # Q: leave Shamble as well (the title is not drawn again)

    def compose(self) -> ComposeResult:
        keys = Text()
        answers = [("y", self.yes), ("n", self.no)]
        if self.quit_too:
            answers.append(("Q", "quit Shamble"))
        for key, what in answers:
            keys.append(key, "bold")
            keys.append(f" {what}    ")
        keys.append("Enter", "bold")
        keys.append(f" {self.yes if self.default else self.no}")
        with Vertical(id="dialog", classes="dialog"):
            yield Label(self.question, id="question")
            yield Label(keys, id="answers")

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
        self.title_text = title
        self.options = options
        self.note = note
        self.highlight = highlight  # the option the cursor starts on

    def compose(self) -> ComposeResult:
        with Vertical(id="dialog", classes="dialog choice"):
            yield Label(self.title_text, id="question")
            yield OptionList(*[Option(label, id=oid) for oid, label in self.options])
            yield Label(self.note or "Enter chooses, Esc closes", classes="note")

    def on_mount(self) -> None:
        menu = self.query_one(OptionList)
        menu.highlighted = min(max(self.highlight, 0), max(menu.option_count - 1, 0))
        menu.focus()

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
