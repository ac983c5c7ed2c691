"""A game whose terminal is gone leaves, with or without a SIGHUP.

SIGHUP goes only to a terminal's controlling process; a game under a
wrapper that does not pass it on used to spin at full CPU reading
end-of-file for ever (Textual's input thread). Here the game runs in a new
session on a pty it never takes as its controlling terminal, so closing the
pty sends it no signal at all, as such a wrapper would."""

from __future__ import annotations

import fcntl
import os
import select
import struct
import subprocess
import sys
import termios
import threading
import time
from pathlib import Path

import pytest

from tui.output import watch_hangup

REPO = Path(__file__).resolve().parents[2]


def test_the_watch_wakes_on_a_hangup_only():
    master, slave = os.openpty()
    left = threading.Event()
    watcher = threading.Thread(target=watch_hangup, args=(slave, left.set), daemon=True)
    watcher.start()
    os.write(master, b"abc")  # input is not a hangup
    assert not left.wait(0.3)
    os.close(master)
    assert left.wait(5)
    os.close(slave)


@pytest.mark.parametrize("diff", ["1", "0"])
def test_the_game_leaves_when_its_terminal_closes_without_a_sighup(tmp_path, diff):
    master, slave = os.openpty()
    fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", 24, 80, 0, 0))
    env = {**os.environ, "TERM": "xterm-256color", "SHAMBLE_HOME": str(tmp_path)}
    env["SHAMBLE_DIFF_OUTPUT"] = diff
    proc = subprocess.Popen(
        [sys.executable, "-m", "tui.cli"],
        stdin=slave,
        stdout=slave,
        stderr=slave,
        env=env,
        cwd=REPO,
        start_new_session=True,
    )
    os.close(slave)
    try:
        seen = b""
        deadline = time.monotonic() + 30
        while b"New game" not in seen and time.monotonic() < deadline:
            if select.select([master], [], [], 0.2)[0]:
                seen += os.read(master, 65536)
        assert b"New game" in seen
        os.close(master)
        assert proc.wait(timeout=10) == 0
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()
