"""Two friends play Outbreak together, each in a terminal of their own
(tmux at 80x24, two real accounts): one shared game hosted with a bot at
the table; each joins by name (`shamble join NAME`), sees only their own
cards, is told the other's moves and the bot's as they happen, and a key
pressed out of turn is answered with whose turn it is."""

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
from tui.modes.outbreak.words import card_name

NAME = "friday"


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

    def close(self) -> None:
        subprocess.run(["tmux", "-L", self.socket, "kill-server"], capture_output=True)


class Table:
    """The machine: two accounts, the group's co-op folder, the host's home."""

    def __init__(self) -> None:
        from tests.coop.accounts import Accounts

        self.accounts = Accounts(("alice", "bob"))
        self.root = Path(tempfile.mkdtemp(prefix="shob", dir="/tmp"))
        os.chmod(self.root, 0o755)
        self.coop = self.root / "run"
        self.coop.mkdir()
        os.chown(self.coop, 0, self.accounts.gid)
        os.chmod(self.coop, 0o2770)
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
        argv = self.accounts.argv(name, sys.executable, "-m", "tui.cli", "join", NAME, "--ascii")
        pane = Pane(self.root, account, argv, self.env(self.accounts.home(name)))
        self.panes.append(pane)
        return pane

    def hands(self) -> dict[str, list[str]]:
        """Each seat's cards now, from the host's save (this test may read it)."""
        game = Game.from_bytes((self.home / "shamble" / "saves" / f"{NAME}.shamble").read_bytes())
        return {sid: s["hand"] for sid, s in game.summary()["seats"].items()}

    def close(self) -> None:
        for pane in self.panes:
            pane.close()
        try:
            pid = int((self.coop / f"{NAME}.pid").read_text())
            if b"tui.cli" in Path(f"/proc/{pid}/cmdline").read_bytes():
                os.kill(pid, signal.SIGTERM)
                wait_gone(pid)
        except (OSError, ValueError):
            pass
        self.accounts.close()
        shutil.rmtree(self.root, ignore_errors=True)


@pytest.fixture
def table() -> Iterator[Table]:
    needs_root()
    if shutil.which("tmux") is None:
        pytest.skip("needs tmux")
    try:
        made = Table()
    except RuntimeError as e:
        pytest.skip(str(e))
    try:
        yield made
    finally:
        made.close()


STATUS = re.compile(r"^ (Player \d: .*|.*y yes, n no.*|A decision is waiting.*)$", re.M)


def play_turn(pane: Pane, seat: str, until: str) -> None:
    """Play a short turn by keys from what the screen asks: draw the tile,
    lay it where the cursor puts it, no walk, no zombies, keep the cards."""
    for _ in range(30):
        screen = pane.screen()
        if until in screen:
            return
        status = STATUS.search(screen)
        asks = status.group(1) if status else ""
        if "discard a card?" in screen or "fights a zombie" in screen:
            pane.press("Enter")  # the dialog's first choice
        elif "y yes" in asks or "A decision is waiting" in asks:
            pane.press("y" if "y yes" in asks else "Enter")
        elif "draws the tile" in asks:
            pane.press("t")
        elif "Enter lays it" in asks:
            pane.press("Enter")
        elif "ends the movement" in asks or "ends the turn" in asks:
            pane.press("e")
        time.sleep(0.3)
    raise AssertionError(f"{seat}'s turn never ended; the screen:\n{pane.screen()}")


def in_history(pane: Pane, *texts: str) -> None:
    """The whole log (v) has texts, a page up (or more) if need be."""
    pane.press("v")
    time.sleep(0.5)
    for _ in range(6):
        if all(t in pane.screen() for t in texts):
            pane.press("Escape")
            return
        pane.press("PageUp")
    raise AssertionError(f"{texts!r} are not in the log:\n{pane.screen()}")


def test_two_friends_play_outbreak_each_in_their_own_terminal(table):
    table.host("--mode", "outbreak", "--seats", "human,human,bot", "--seed", "2",
               "--name", NAME, "--bot-pace", "0.05")  # fmt: skip
    a = table.join("alice")
    a.wait_for(f"You joined {NAME} as shtest-alice: Player 1.", "Player 1 (shtest-alice), your")
    b = table.join("bob")
    screen = b.wait_for(f"You joined {NAME} as shtest-bob: Player 2.", "Waiting for Player 1")
    a.wait_for("shtest-bob sat down at Player 2.")
    assert all(ord(c) < 127 for c in screen)

    # each sees their own cards and never the other's
    hands = table.hands()
    for pane, mine, theirs in ((a, "p1", "p2"), (b, "p2", "p1")):
        screen = pane.screen()
        title = "Player 1's cards" if mine == "p1" else "Player 2's cards"
        assert title in screen
        assert all(card_name(c)[:20] in screen for c in hands[mine])
        for other in {card_name(c) for c in hands[theirs]} - {card_name(c) for c in hands[mine]}:
            assert other[:12] not in screen, other

    # out of turn: said, nothing sent
    b.press("t")
    b.wait_for("Wait: Player 1 is playing.")

    play_turn(a, "Player 1", "Waiting for Player 2")
    b.wait_for("Player 1 ends the turn.", "Player 2 (shtest-bob), your turn.")
    in_history(b, "Player 1 draws a tile: the", "Player 1 lays the")  # each move, as it came
    play_turn(b, "Player 2", "Waiting for Player")
    in_history(a, "Player 2 draws a tile: the", "Player 2 lays the")
    for pane in (a, b):  # the host's bot plays Bot 3; both are told
        pane.wait_for("-- Player 1's turn (round 2) --", timeout=30)
    a.wait_for("Player 1 (shtest-alice), your turn.")
    assert table.hands()["p1"] and "Player 1's cards" in a.screen()

    a.press("q")
    a.wait_for("Leave friday?")
    a.press("y")
    a.wait_for("Join")
