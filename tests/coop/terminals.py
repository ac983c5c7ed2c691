"""Players in terminals of their own for shared-game tests: `Pane` is one
player's terminal (tmux at 80x24 running the game as their account),
`Table` the machine (two real accounts, the group's co-op folder, the
host's home) and `table_for` the fixture body that skips where the machine
cannot have real accounts or tmux."""

from __future__ import annotations

import os
import re
import shlex
import shutil
import signal
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from engine import Game
from tests.coop.conftest import REPO, needs_root, wait_gone


class Pane:
    """One player's terminal: tmux (a server of its own) running the game as
    the account."""

    def __init__(self, root: Path, tag: str, argv: list[str], env: dict[str, str]) -> None:
        self.socket = f"shob-{tag}-{os.getpid()}-{time.monotonic_ns()}"
        self.status = root / f"{tag}.status"
        exports = " ".join(f"{k}={shlex.quote(v)}" for k, v in env.items())
        game = f"env {exports} {' '.join(shlex.quote(a) for a in argv)}"
        shell = f"cd {shlex.quote(str(REPO))} && {game}; echo $? > {shlex.quote(str(self.status))}"
        self.tmux(
            "new-session", "-d", "-s", "p", "-x", "80", "-y", "24", f"sh -c {shlex.quote(shell)}"
        )

    def tmux(self, *args: str) -> str:
        done = subprocess.run(
            ["tmux", "-L", self.socket, *args], capture_output=True, text=True, timeout=10
        )
        assert done.returncode == 0, done.stderr
        return done.stdout

    def screen(self) -> str:
        return self.tmux("capture-pane", "-p", "-t", "p")

    def press(self, *keys: str) -> None:
        for key in keys:
            self.tmux("send-keys", "-t", "p", key)
            time.sleep(0.15)

    def wait_for(self, *texts: str, timeout: float = 20) -> str:
        end = time.monotonic() + timeout
        while True:
            screen = self.screen()
            if all(t in screen for t in texts):
                return screen
            if time.monotonic() > end:
                raise AssertionError(f"{texts!r} never all appeared; the screen:\n{screen}")
            time.sleep(0.1)

    def wait_match(self, pattern: str, *texts: str, timeout: float = 20) -> str:
        """Wait until the screen matches `pattern` (a regular expression) and
        shows each of `texts`."""
        end = time.monotonic() + timeout
        while True:
            screen = self.screen()
            if re.search(pattern, screen) and all(t in screen for t in texts):
                return screen
            if time.monotonic() > end:
                raise AssertionError(f"{pattern!r}, {texts!r} never all appeared:\n{screen}")
            time.sleep(0.1)

    def wait_exit(self, timeout: float = 20) -> int:
        """The game's exit status, once it has ended (`shamble join` ends when
        its game is left)."""
        end = time.monotonic() + timeout
        while not self.status.exists() or not self.status.read_text().strip():
            assert time.monotonic() < end, f"still running:\n{self.screen()}"
            time.sleep(0.1)
        return int(self.status.read_text())

    def close(self) -> None:
        subprocess.run(["tmux", "-L", self.socket, "kill-server"], capture_output=True)


class Table:
    """The machine: two accounts, the group's co-op folder, the host's home;
    `name` is the shared game's (`host` is given it with --name)."""

    def __init__(self, name: str) -> None:
        from tests.coop.accounts import Accounts

        self.name = name
        self.accounts = Accounts(("alice", "bob"))
        self.root = Path(tempfile.mkdtemp(prefix="shob", dir="/tmp"))
        os.chmod(self.root, 0o755)
        self.coop = self.root / "run"
        self.coop.mkdir()
        os.chown(self.coop, 0, self.accounts.gid)
        os.chmod(self.coop, 0o3770)
        self.home = self.root / "host"
        self.home.mkdir()
        self.panes: list[Pane] = []

    def env(self, home: Path) -> dict[str, str]:
        return {
            "PATH": os.environ.get("PATH", "/usr/bin:/bin"),
            "HOME": str(home),
            "SHAMBLE_HOME": str(home / "shamble"),
            "SHAMBLE_COOP_DIR": str(self.coop),
            "PYTHONPATH": str(REPO),
            "TERM": "xterm-256color",
            "NO_COLOR": "1",
        }

    def host(self, *args: str) -> None:
        done = subprocess.run(
            [sys.executable, "-m", "tui.cli", "host", *args],
            cwd=REPO,
            env=self.env(self.home),
            capture_output=True,
            text=True,
            timeout=40,
        )
        assert done.returncode == 0, done.stderr

    def join(self, account: str) -> Pane:
        name = f"shtest-{account}"
        argv = self.accounts.argv(
            name, sys.executable, "-m", "tui.cli", "join", self.name, "--ascii"
        )
        pane = Pane(self.root, account, argv, self.env(self.accounts.home(name)))
        self.panes.append(pane)
        return pane

    def game(self) -> Game:
        """The game now, from the host's save (a test may read it)."""
        save = self.home / "shamble" / "saves" / f"{self.name}.shamble"
        return Game.from_bytes(save.read_bytes())

    def close(self) -> None:
        for pane in self.panes:
            pane.close()
        try:
            pid = int((self.coop / f"{self.name}.pid").read_text())
            if b"tui.cli" in Path(f"/proc/{pid}/cmdline").read_bytes():
                os.kill(pid, signal.SIGTERM)
                wait_gone(pid)
        except (OSError, ValueError):
            pass
        self.accounts.close()
        shutil.rmtree(self.root, ignore_errors=True)


def table_for(name: str) -> Iterator[Table]:
    """A fixture's body: the table for the game `name`, closed after."""
    needs_root()
    if shutil.which("tmux") is None:
        pytest.skip("needs tmux")
    try:
        made = Table(name)
    except RuntimeError as e:
        pytest.skip(str(e))
    try:
        yield made
    finally:
        made.close()
