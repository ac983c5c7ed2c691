"""The diff layer's drivers (tui/output.py) and the real game through them:
on by default, off by setting; a game in a pty shows the same with and
without the layer; the driver writes only changes and falls back to
Textual's own output when the layer fails. The shadow screen itself is
test_output_layer.py's."""

from __future__ import annotations

import codecs
import fcntl
import json
import os
import select
import signal
import struct
import subprocess
import sys
import termios
import time
from pathlib import Path

import pytest
from textual.drivers.linux_driver import LinuxDriver

from tests.tui.emulators import Emulator, full, replay
from tui import output
from tui.escapes import (
    SYNC_START,
)

ROOT = Path(__file__).resolve().parents[2]


# -- the driver ------------------------------------------------------------------------
def test_the_layer_is_on_by_default_and_off_by_setting(monkeypatch):
    monkeypatch.delenv(output.ENV_SWITCH, raising=False)
    assert output.driver_class(LinuxDriver) is output.DiffDriver
    monkeypatch.setenv(output.ENV_SWITCH, "0")
    assert output.driver_class(LinuxDriver) is output.TerminalDriver  # no diff, hangups heard
    monkeypatch.setenv(output.ENV_SWITCH, "1")

    class Other(LinuxDriver):
        pass

    assert output.driver_class(Other) is Other  # e.g. the browser's driver: untouched


# -- the real game in a pty ---------------------------------------------------------------
LAUNCHER = """
import json, os, shutil, sys
from textual.drivers.linux_driver import LinuxDriver
from tui import output

trace = open(os.environ["SHAMBLE_TEST_TRACE"], "w", encoding="utf-8")
driver = output.driver_class(LinuxDriver)
write = driver.write

def traced(self, data):
    trace.write(json.dumps([list(shutil.get_terminal_size()), data]) + "\\n")
    trace.flush()
    write(self, data)

driver.write = traced
from tui.cli import main
sys.exit(main(sys.argv[1:]))
"""


class Game:
    """Shamble in a pty, the layer on. `sent` is what reached the terminal;
    `raw` replays what Textual wrote (the trace), which is exactly what the
    terminal would have got without the layer."""

    def __init__(
        self, tmp: Path, sync: bool, cols: int = 80, rows: int = 24, args: tuple[str, ...] = ()
    ) -> None:
        self.sync = sync  # answer Textual's question: synchronized output supported?
        launcher = tmp / "launch.py"
        launcher.write_text(LAUNCHER)
        self.trace_path = tmp / "trace.jsonl"
        self.master, slave = os.openpty()
        self._winsize(slave, cols, rows)
        env = {k: v for k, v in os.environ.items() if k not in ("COLORTERM", "NO_COLOR")}
        env.pop("COLUMNS", None)
        env.pop("LINES", None)
        env.update(TERM="xterm-256color", SHAMBLE_TEST_TRACE=str(self.trace_path))
        env[output.ENV_SWITCH] = "1"
        self.proc = subprocess.Popen(
            [sys.executable, str(launcher), *args], stdin=slave, stdout=slave, stderr=slave,
            env=env, cwd=ROOT, start_new_session=True,
        )  # fmt: skip
        os.close(slave)
        self.sent = Emulator(cols, rows)
        self.decode = codecs.getincrementaldecoder("utf-8")().decode  # reads split characters
        self.raw = Emulator(cols, rows)
        self.records = 0
        self.sent_bytes = self.raw_bytes = 0

    @staticmethod
    def _winsize(fd: int, cols: int, rows: int) -> None:
        fcntl.ioctl(fd, termios.TIOCSWINSZ, struct.pack("HHHH", rows, cols, 0, 0))

    def _pump(self, wait: float) -> bool:
        ready, _, _ = select.select([self.master], [], [], wait)
        if not ready:
            return False
        try:
            data = os.read(self.master, 1 << 16)
        except OSError:
            return False
        self.sent_bytes += len(data)
        if self.sync and b"\x1b[?2026$p" in data:
            os.write(self.master, b"\x1b[?2026;2$y")
        self.sent.feed(self.decode(data), tty=False)
        return bool(data)

    def text(self) -> str:
        return "\n".join(self.sent.screen.display)

    def step(self, keys: str = "", until: str | None = None, gone: str | None = None) -> None:
        """Type keys, wait for `until` to show (or `gone` to go) and for quiet."""
        if keys:
            os.write(self.master, keys.encode())
        deadline = time.monotonic() + 20
        while (until is not None and until not in self.text()) or (
            gone is not None and gone in self.text()
        ):
            assert time.monotonic() < deadline, f"waiting for {until or gone!r}:\n{self.text()}"
            self._pump(0.05)
        while self._pump(0.4):
            pass
        self._catch_up_raw()
        assert self.sent.cells() == self.raw.cells(), f"after {keys!r}:\n{self.text()}"

    def _catch_up_raw(self) -> None:
        lines = self.trace_path.read_text(encoding="utf-8").splitlines()
        for line in lines[self.records :]:
            (cols, rows), data = json.loads(line)
            screen = self.raw.screen
            if (cols, rows) != (screen.columns, screen.lines):
                self.raw.resize(cols, rows)
            self.raw.feed(data)
            self.raw_bytes += len(data.replace("\n", "\r\n").encode())
        self.records = len(lines)

    def resize(self, cols: int, rows: int) -> None:
        """The window changes size; this terminal clears on resize, so only
        what is written again shows."""
        self._winsize(self.master, cols, rows)
        self.sent.resize(cols, rows)
        self.sent.feed("\x1b[2J", tty=False)
        os.killpg(self.proc.pid, signal.SIGWINCH)

    def suspend_and_resume(self) -> None:
        os.killpg(self.proc.pid, signal.SIGTSTP)
        self.step()
        shell = "\x1b[2J\x1b[Hshell$ ls\r\n"  # the shell draws while the game sleeps
        self.sent.feed(shell, tty=False)
        self.raw.feed(shell, tty=False)
        os.killpg(self.proc.pid, signal.SIGCONT)

    def close(self) -> None:
        if self.proc.poll() is None:
            os.killpg(self.proc.pid, signal.SIGTERM)
            try:
                self.proc.wait(timeout=5)
            except subprocess.TimeoutExpired:
                os.killpg(self.proc.pid, signal.SIGKILL)
                self.proc.wait(timeout=5)
        os.close(self.master)


@pytest.mark.skipif(sys.platform != "linux", reason="the layer sits under the Linux driver")
@pytest.mark.parametrize("sync", [False, True], ids=["plain", "synchronized"])
def test_the_game_in_a_pty_shows_the_same_with_and_without_the_layer(tmp_path, sync):
    game = Game(tmp_path, sync, args=("new", "--mission", "tutorial", "--seed", "1"))
    try:
        game.step(until="Survivors")
        for key in "lhjk":
            game.step(key)
        game.step("q", until="Leave this game")
        game.step("n", gone="Leave this game")
        game.step("e", until="turn")
        game.step("y")
        game.resize(100, 30)
        game.step(until="Survivors")
        game.step("l")
        game.resize(80, 24)
        game.step(until="Survivors")
        game.suspend_and_resume()
        game.step(until="Survivors")
        game.step("h")
        game.step("q", until="Leave this game")
        game.step("y")  # a game `shamble new` opened: leaving it ends the program
        assert game.proc.wait(timeout=20) == 0
    finally:
        game.close()
    assert game.sent_bytes * 3 < game.raw_bytes  # and far fewer bytes
    # the same trace through a fresh layer, checked after every single write
    records = [json.loads(line) for line in game.trace_path.read_text().splitlines()]
    assert any(SYNC_START in data for _, data in records) == sync
    written = "".join(data for _, data in records)
    assert "\x1b[?1000h" in written and "\x1b[?1003h" not in written  # clicks, no motion
    stream, size = [], tuple(records[0][0])
    for (cols, rows), data in records:
        if (cols, rows) != size:
            size = (cols, rows)
            stream.append(("resize", cols, rows))
        stream.append(data)
    replay(stream, *records[0][0])


@pytest.fixture
async def driver():
    """A DiffDriver whose writer is a list (no terminal, no threads)."""
    saved = {sig: signal.getsignal(sig) for sig in (signal.SIGTSTP, signal.SIGCONT)}
    drv = output.DiffDriver(object(), debug=False, mouse=False, size=(20, 6))
    for sig, handler in saved.items():
        signal.signal(sig, handler)
    drv.shadow.resize(20, 6)
    sent: list[str] = []

    class Writer:
        write = staticmethod(sent.append)

    drv._writer_thread = Writer()
    drv.sent = sent
    return drv


async def test_the_driver_writes_only_changes(driver):
    driver.write(full(20, 6))
    driver.write(full(20, 6))
    assert len(driver.sent) == 1 and driver.sent[0].count(".") == 120


async def test_a_write_during_a_write_goes_out_raw_and_the_screen_is_forgotten(driver, monkeypatch):
    monkeypatch.setattr(driver, "_get_terminal_size", lambda: (20, 6))
    driver.write(full(20, 6))
    with driver._lock:  # a signal handler (or the input thread) writes mid-frame
        driver.write("\x1b[?1049h")
    assert driver.sent[-1] == "\x1b[?1049h"
    driver.write(full(20, 6))
    assert driver.sent[-1].count(".") == 120  # written in full again


async def test_a_failing_layer_hands_over_to_textuals_own_output(driver, monkeypatch):
    def broken(data):
        raise IndexError("a bug")

    monkeypatch.setattr(driver.shadow, "feed", broken)
    driver.write(full(20, 6))
    driver.write(full(20, 6))
    assert driver.sent == [full(20, 6), full(20, 6)]


async def test_the_mouse_reports_buttons_only_and_nothing_without_it(driver):
    driver._enable_mouse_support()  # the fixture's driver: --no-mouse
    assert driver.sent == []
    driver._mouse = True
    driver._enable_mouse_support()
    sent = "".join(driver.sent)
    assert "\x1b[?1000h" in sent and "\x1b[?1006h" in sent  # presses and releases, SGR
    assert "\x1b[?1003h" not in sent and "\x1b[?1002h" not in sent  # no motion


@pytest.mark.parametrize("kind", ["DiffDriver", "TerminalDriver"])
async def test_modes_the_game_has_no_use_for_are_not_asked_for(kind):
    """Textual asks at start for focus reports (a repaint whenever the window
    loses or gets focus), whether resizes come in-band (they come as
    SIGWINCH), and the default pointer shape: none of them goes out, with or
    without the layer. A pointer shape that changes still does, and the
    mouse is turned off once, in the two modes it was turned on in."""
    saved = {sig: signal.getsignal(sig) for sig in (signal.SIGTSTP, signal.SIGCONT)}
    drv = getattr(output, kind)(object(), debug=False, mouse=True, size=(20, 6))
    for sig, handler in saved.items():
        signal.signal(sig, handler)
    sent: list[str] = []

    class Writer:
        write = staticmethod(sent.append)

    drv._writer_thread = Writer()
    drv.write("\x1b[?1004h")
    drv.write("\x1b]22;default\x07")
    drv._query_in_band_window_resize()
    drv.write("\x1b[?1004l")
    assert "".join(sent) == ""
    drv.write("\x1b]22;pointer\x07")
    drv.write("\x1b]22;default\x07")
    assert "".join(sent).endswith("\x1b]22;pointer\x07\x1b]22;default\x07")
    drv._enable_mouse_support()
    sent.clear()
    drv._disable_mouse_support()
    drv._disable_mouse_support()  # Textual turns the mouse off twice on the way out
    assert "".join(sent).replace("\x1b[m", "") == "\x1b[?1000l\x1b[?1006l"
