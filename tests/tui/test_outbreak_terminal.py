"""Outbreak in a real terminal: tmux runs `python -m tui.cli` at 80x24 with
NO_COLOR; from the title's new-game dialog, by keys alone, two people and a
bot sit down (names typed in), the first person lays a tile and ends the
turn, the bot plays, the board is covered before the second person's turn
and shows only their cards after; leaving and Continue bring the game back.
Skipped only when tmux is not installed."""

from __future__ import annotations

import os
import shlex
import shutil
import subprocess
import sys
import time
from pathlib import Path

import pytest

from tui.modes import ui_modes

pytestmark = pytest.mark.skipif(shutil.which("tmux") is None, reason="tmux is not installed")

REPO = Path(__file__).resolve().parents[2]


class Terminal:
    """tmux running the game; the game's exit status goes to a file."""

    def __init__(self, home: Path, *args: str) -> None:
        self.name = f"shamble-outbreak-{os.getpid()}-{time.monotonic_ns()}"
        self.status = home.parent / f"{self.name}.status"
        env = ["env", f"SHAMBLE_HOME={shlex.quote(str(home))}", "TERM=xterm-256color", "NO_COLOR=1"]
        game = " ".join(env + [shlex.quote(sys.executable), "-m", "tui.cli", *args])
        shell = f"{game}; echo $? > {shlex.quote(str(self.status))}"
        self.tmux(
            "new-session", "-d", "-s", self.name, "-x", "80", "-y", "24", "-c", str(REPO),
            f"sh -c {shlex.quote(shell)}",
        )  # fmt: skip

    def tmux(self, *args: str) -> str:
        done = subprocess.run(["tmux", *args], capture_output=True, text=True, timeout=10)
        assert done.returncode == 0, done.stderr
        return done.stdout

    def screen(self) -> str:
        return self.tmux("capture-pane", "-p", "-t", self.name)

    def keys(self, *keys: str) -> None:
        for key in keys:
            self.tmux("send-keys", "-t", self.name, key)
            time.sleep(0.12)

    def type(self, text: str) -> None:
        self.tmux("send-keys", "-t", self.name, "-l", text)
        time.sleep(0.12)

    def wait_for(self, *texts: str, timeout: float = 20) -> str:
        end = time.monotonic() + timeout
        while True:
            screen = self.screen()
            if all(text in screen for text in texts):
                return screen
            if time.monotonic() > end:
                raise AssertionError(f"{texts!r} never all appeared; the screen:\n{screen}")
            time.sleep(0.1)

    def wait_any(self, *texts: str, timeout: float = 20) -> str:
        """Wait until one of `texts` shows."""
        end = time.monotonic() + timeout
        while True:
            screen = self.screen()
            if any(text in screen for text in texts):
                return screen
            if time.monotonic() > end:
                raise AssertionError(f"none of {texts!r} appeared; the screen:\n{screen}")
            time.sleep(0.1)

    def pick(self, *keys: str) -> None:
        """Enter opens the focused drop-down; once it shows open, `keys` move
        in it (before, they would move between the dialog's rows)."""
        self.keys("Enter")
        self.wait_for("\u25b2")  # an open drop-down's arrow
        self.keys(*keys, "Enter")
        end = time.monotonic() + 20
        while "\u25b2" in self.screen():
            assert time.monotonic() < end, f"the drop-down stayed open:\n{self.screen()}"
            time.sleep(0.1)

    def wait_exit(self, timeout: float = 10) -> int:
        end = time.monotonic() + timeout
        while not self.status.exists() or not self.status.read_text().strip():
            assert time.monotonic() < end, f"still running:\n{self.screen()}"
            time.sleep(0.1)
        return int(self.status.read_text())

    def close(self) -> None:
        subprocess.run(["tmux", "kill-session", "-t", self.name], capture_output=True)


def test_outbreak_from_the_new_game_dialog_in_a_terminal(tmp_path):
    term = Terminal(tmp_path / "home")
    try:
        term.wait_for("New game", "Match")
        term.keys("n")
        term.wait_for("Mode", "station")
        # the first row (Mode) has the focus: its drop-down
        term.pick(*["Down"] * ui_modes().index("outbreak"))
        term.wait_for("Outbreak (standard", "seat 1", "seat 2")
        term.keys("Tab", "Tab")
        term.pick("Down")  # 3 seats
        term.wait_for("seat 3")
        term.keys("Tab", "Tab")
        term.type("ann")
        term.keys("Tab")
        term.pick("Up")  # seat 2: a person
        term.keys("Tab")
        term.type("bob")
        term.keys(*["Tab"] * 3, *["Tab"] * 4, "End", *["BSpace"] * 8)  # past the variants
        term.type("7")
        screen = term.wait_for("Seed        7 ", "bob", "ann")
        term.keys("Enter")
        screen = term.wait_for("Ann, your turn.", "Pass the keyboard to Ann")
        assert "Seats" not in screen and "cards" not in screen
        term.keys("Enter")
        screen = term.wait_for("Ann's cards", "Seats (25 kills win)", "Bot 3")
        assert "Ann: p plays a card, t draws the tile" in screen
        term.keys("t")
        screen = term.wait_for("Ann draws the ")
        assert "Enter lays it" in screen
        term.keys("Enter")
        term.wait_for("Ann lays the ")
        term.keys("e")
        if "End the movement with" in term.wait_any("End the movement with", "for the zombies"):
            term.keys("y")
        term.wait_for("for the zombies")
        term.keys("e")
        end = time.monotonic() + 20  # the end of the turn asked, or straight to the handover
        while "Pass the keyboard to Bob" not in (screen := term.screen()):
            if " End the turn" in screen:
                term.keys("Enter")  # keeps every card, or yes (no card to keep)
                while " End the turn" in term.screen() and time.monotonic() < end:
                    time.sleep(0.1)  # one Enter: the next would pass the handover
            assert time.monotonic() < end, f"the turn never ended:\n{screen}"
            time.sleep(0.2)
        screen = term.wait_for("Bob, your turn.", "Pass the keyboard to Bob")
        assert "Ann's cards" not in screen and "Seats" not in screen
        term.keys("Enter")
        screen = term.wait_for("Bob's cards", "-- Bob's turn (round 1) --")
        assert "Ann's cards" not in screen and "Bot 3" in screen
        term.keys("q", "y")
        screen = term.wait_for("Continue: Outbreak standard, round 1, Bob's turn")
        term.keys("c")
        term.wait_for("Bob, your turn.")
        term.keys("Enter")
        term.wait_for("Bob's cards", "Resumed in round 1: Bob's turn.")
        term.keys("q", "y")
        term.wait_for("Continue: ")
        term.keys("q", "y")
        assert term.wait_exit() == 0
    finally:
        term.close()
