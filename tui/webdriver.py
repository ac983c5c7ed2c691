"""The driver a browser-served game runs with (`shamble serve`, tui/serve.py).

Textual's WebDriver speaks textual-serve's packet protocol over the game's
standard input and output. When the server process dies (SIGKILL, a crash),
the pipes close, but the stock driver only stops reading: the app would go on
running with nobody to talk to, holding its save's lock. This one leaves as
soon as its input ends or its output is gone, the way the terminal game
leaves on SIGHUP: every completed command is already in the save, so it
closes the save and exits, with a short deadline in case the app is stuck."""

from __future__ import annotations

import asyncio
import os
import threading

from textual import messages
from textual.drivers.web_driver import WebDriver

# How long a game whose server vanished may take to close its save and exit.
EXIT_DEADLINE_S = 3.0


class ShambleWebDriver(WebDriver):
    """WebDriver that exits the app when the server's end of the pipes closes."""

    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self._loop: asyncio.AbstractEventLoop | None = None
        self._server_gone = threading.Event()
        self._write = self._write_packet

    def start_application_mode(self) -> None:
        self._loop = asyncio.get_running_loop()
        super().start_application_mode()

    def _write_packet(self, data: bytes) -> None:
        """Every packet to the server goes through here (WebDriver's `_write`)."""
        if self._server_gone.is_set():
            return
        try:
            os.write(self.fileno, data)
        except OSError:  # EPIPE: nobody reads the game's output any more
            self.server_gone()

    def run_input_thread(self) -> None:
        super().run_input_thread()
        if not self.exit_event.is_set():  # input ended, and not because we are stopping
            self.server_gone()

    def server_gone(self) -> None:
        """Close the save and exit; callable from any thread, once."""
        if self._server_gone.is_set():
            return
        self._server_gone.set()
        self._input_reader.close()
        deadline = threading.Timer(EXIT_DEADLINE_S, os._exit, args=(0,))
        deadline.daemon = True
        deadline.start()
        loop = self._loop
        if loop is None or loop.is_closed():
            os._exit(0)
        app = self._app

        def leave() -> None:
            close = getattr(app, "close_session", None)
            if close is not None:
                close()  # release the save's lock before anything else can fail
            app.post_message(messages.ExitApp())

        try:
            loop.call_soon_threadsafe(leave)
        except RuntimeError:  # the loop is already closed
            os._exit(0)
