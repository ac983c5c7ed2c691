"""Send only the cells that changed: the drivers under Textual.

`DiffDriver` passes everything Textual writes through a shadow screen
(tui/shadow.py), which keeps what the terminal shows and writes only the
cells that differ; `TerminalDriver` is Textual's Linux driver that leaves
when its terminal is gone and asks for mouse buttons only. A resize, a
suspend and a resume make the shadow screen forget what the terminal shows.

`SHAMBLE_DIFF_OUTPUT=0` turns the layer off (for comparison)."""

from __future__ import annotations

import os
import signal
import threading

from textual import events
from textual.driver import Driver
from textual.drivers.linux_driver import LinuxDriver

from tui.shadow import ShadowScreen

ENV_SWITCH = "SHAMBLE_DIFF_OUTPUT"


def enabled() -> bool:
    return os.environ.get(ENV_SWITCH, "1").strip().lower() not in ("0", "off", "no", "false")


class TerminalDriver(LinuxDriver):
    """Textual's Linux driver that leaves when its terminal is gone.

    A dropped connection normally brings SIGHUP (tui/app.py leaves on it),
    but only to the terminal's controlling process: a game started under
    another program that does not pass the hangup on (a wrapper, a test's
    pty, a killed shell) gets none, and Textual's input thread then reads
    end-of-file in a loop at full CPU, forever. A thread blocked in poll()
    on the input with no events asked for wakes only on a hangup or an
    error and leaves as SIGHUP does: every command is already saved."""

    # Focus reports (?1004): Textual would blur the focused widget when the
    # window loses focus and repaint it when it comes back, over SSH both ways,
    # and the game has no use for them.
    UNASKED = frozenset(("\x1b[?1004h", "\x1b[?1004l"))
    POINTER = "\x1b]22;default\x07"  # the pointer's shape the terminal is taken to show

    _mouse_on = False
    _pointer = POINTER

    def write(self, data: str) -> None:
        if self._wanted(data):
            super().write(data)

    def _wanted(self, data: str) -> bool:
        """Textual's writes go out but for the modes the game does not ask for
        and the pointer's shape when it is the one the terminal shows already
        (Textual sets the default shape at start; Shamble never changes it)."""
        if data in self.UNASKED:
            return False
        if data.startswith("\x1b]22;"):
            if data == self._pointer:
                return False
            self._pointer = data
        return True

    def _enable_mouse_support(self) -> None:
        """Button presses and releases only, in the SGR encoding: Textual also
        asks for every motion (?1003h), so that moving a mouse over the window
        sends a report per cell crossed, and the game repaints hovers, over SSH
        both ways. Clicks and the wheel still work; --no-mouse asks for none."""
        if not self._mouse:
            return
        self._mouse_on = True
        self.write("\x1b[?1000h\x1b[?1006h")
        self.flush()

    def _disable_mouse_support(self) -> None:
        """The modes _enable_mouse_support set, once (Textual turns off four,
        twice on the way out)."""
        if not self._mouse_on:
            return
        self._mouse_on = False
        self.write("\x1b[?1000l\x1b[?1006l")
        self.flush()

    def _query_in_band_window_resize(self) -> None:
        """Not asked: a resize comes as SIGWINCH (through SSH too), which the
        game and the diff layer follow; the query and the reports it turns on
        would cost bytes at every start and every resize."""

    def start_application_mode(self) -> None:
        self._pointer = self.POINTER  # back from a suspend: as a fresh terminal
        super().start_application_mode()
        if not getattr(self, "_watching", False):
            self._watching = True
            threading.Thread(
                target=watch_hangup, args=(self.fileno,), name="hangup", daemon=True
            ).start()


def watch_hangup(fd: int, leave=lambda: os._exit(0)) -> None:
    """Block until the terminal on fd hangs up (or errs), then leave."""
    import select

    poller = select.poll()
    poller.register(fd, 0)  # no events asked: POLLHUP, POLLERR and POLLNVAL still come
    while True:
        try:
            if poller.poll():
                break
        except InterruptedError:
            continue
    leave()


class DiffDriver(TerminalDriver):
    """Textual's Linux driver, writing through a ShadowScreen.

    Writes come from the app's loop, but also from signal handlers (suspend,
    resume) and once from the input thread; one that finds another under way
    goes out as it came, and the next write starts from a forgotten screen.
    So do resizes, suspends and resumes. Should the layer ever fail, Textual's
    own output goes out from then on."""

    def __init__(self, app, **kwargs) -> None:
        super().__init__(app, **kwargs)
        # NO_COLOR (no-color.org): Textual greys its colours; the layer drops them
        self.shadow = ShadowScreen(
            *self._get_terminal_size(), colour=not os.environ.get("NO_COLOR")
        )
        self._lock = threading.Lock()
        self._stale = False  # forget the screen (and take its size) before the next write
        self._failed = False

    def write(self, data: str) -> None:
        if not self._wanted(data):
            return
        if self._failed or not self._lock.acquire(blocking=False):
            self._stale = True
            LinuxDriver.write(self, data)
            return
        try:
            if self._stale:
                self._stale = False
                self.shadow.resize(*self._get_terminal_size())
            try:
                out = self.shadow.feed(data)
            except Exception:  # a bug in the layer must not take the game down
                self._failed = True
                out = data
        finally:
            self._lock.release()
        if out:
            LinuxDriver.write(self, out)

    def start_application_mode(self) -> None:
        self._stale = True
        super().start_application_mode()
        textual_handler = signal.getsignal(signal.SIGWINCH)

        def on_resize(signum, frame) -> None:
            self._stale = True
            if callable(textual_handler):
                textual_handler(signum, frame)

        signal.signal(signal.SIGWINCH, on_resize)

    def stop_application_mode(self) -> None:
        super().stop_application_mode()
        self._stale = True

    def process_message(self, message) -> None:
        if isinstance(message, events.Resize):  # in-band resize reports
            self._stale = True
        super().process_message(message)


def driver_class(default: type[Driver]) -> type[Driver]:
    """The driver to run with: the diff layer over Textual's Linux driver when
    on, and either way one that leaves when the terminal hangs up."""
    if default is not LinuxDriver:
        return default
    return DiffDriver if enabled() else TerminalDriver
