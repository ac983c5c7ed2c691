"""The line a player says at a shared game's table (`'` on its screen).

One row to type on: Enter says it to everyone at the table (hosting/chat.py
cleans it and passes it on), Escape says nothing. The host's own account
may type `/mute NAME` or `/unmute NAME` here, and `/watchers apart` (the
watchers talk among themselves, unheard by the players) or `/watchers
together`."""

from __future__ import annotations

from typing import Any

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Input, Label

from hosting.chat import MAX_CHARS
from tui.screens.dialogs import SeeThrough
from tui.widgets.text_input import TextInput


class SayDialog(SeeThrough, ModalScreen[str | None]):
    """Dismissed with the line typed, or None (Escape)."""

    DEFAULT_CSS = """
    SayDialog { align: center bottom; }
    SayDialog #dialog { width: 76; height: auto; margin-bottom: 6; }
    SayDialog Input { width: 100%; }
    """

    BINDINGS = [Binding("escape", "cancel", "say nothing", show=False)]

    def compose(self) -> ComposeResult:
        with Vertical(id="dialog", classes="dialog"):
            yield Label("Say to the table (Enter says it, Esc says nothing):")
            yield TextInput(max_length=MAX_CHARS, id="say")

    def on_mount(self) -> None:
        self.query_one(Input).focus()

    def on_input_submitted(self, event: Input.Submitted) -> None:
        self.dismiss(event.value)

    def action_cancel(self) -> None:
        self.dismiss(None)


def say_at(screen: Any) -> None:
    """Open the line on a shared game's screen, then say what is typed (the
    host's account: /mute NAME, /unmute NAME); a refusal is said in the log."""
    client = screen.client
    if client.closed is not None:
        screen.add_log(["Nobody hears you: the connection is closed."])
        return

    def said(text: str | None) -> None:
        if text and text.strip():
            screen.run_worker(send(screen, text.strip()))

    screen.app.push_screen(SayDialog(), said)


async def send(screen: Any, text: str) -> None:
    word, _, rest = text.partition(" ")
    client = screen.client
    if word in ("/mute", "/unmute") and rest.strip():
        await screen._ask(lambda: client.mute(rest.strip(), word == "/mute"), "Not done")
    elif word == "/watchers" and rest.strip() in ("apart", "together"):
        apart = rest.strip() == "apart"
        await screen._ask(lambda: client.watchers_apart(apart), "Not done")
    else:
        await screen._ask(lambda: client.say(text), "Not said")
