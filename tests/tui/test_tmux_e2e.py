"""End to end in a real terminal: tmux runs `python -m tui.cli` at 80x24,
send-keys plays, capture-pane reads the screen as a player sees it.

Covers: a new game from the command line, opening a door and moving with
the keyboard, the board and panels on screen (zone ids on the board), the
character sheet, leaving (a game `shamble new` opened: back to the
shell) and Continue from the title, and a SIGHUP (a dropped SSH connection) exiting cleanly with the
save intact. Skipped only when tmux is not installed."""

from __future__ import annotations

import os
import shlex
import shutil
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

pytestmark = pytest.mark.skipif(shutil.which("tmux") is None, reason="tmux is not installed")

REPO = Path(__file__).resolve().parents[2]


class Terminal:
    """A tmux session running the game under `sh`, which writes the game's
    exit status to a file (128 + n when signal n killed it)."""

    def __init__(self, home: Path, *args: str) -> None:
        self.name = f"shamble-e2e-{os.getpid()}-{time.monotonic_ns()}"
        self.status_file = home.parent / f"{self.name}.status"
        game = " ".join(
            ["env", f"SHAMBLE_HOME={shlex.quote(str(home))}", "TERM=xterm-256color"]
            + [shlex.quote(sys.executable), "-m", "tui.cli", *map(shlex.quote, args)]
        )
        command = f"sh -c {shlex.quote(f'{game}; echo $? > {shlex.quote(str(self.status_file))}')}"
        self.tmux(
            "new-session", "-d", "-s", self.name, "-x", "80", "-y", "24", "-c", str(REPO), command
        )

    def tmux(self, *args: str) -> str:
        done = subprocess.run(["tmux", *args], capture_output=True, text=True, timeout=10)
        assert done.returncode == 0, done.stderr
        return done.stdout

    def screen(self) -> str:
        return self.tmux("capture-pane", "-p", "-t", self.name)

    def keys(self, *keys: str) -> None:
        for key in keys:
            self.tmux("send-keys", "-t", self.name, key)
            time.sleep(0.15)

    def wait_for(self, *texts: str, timeout: float = 20) -> str:
        """The screen once every text is on it (it paints in several writes)."""
        end = time.monotonic() + timeout
        while True:
            screen = self.screen()
            if all(text in screen for text in texts):
                return screen
            if time.monotonic() > end:
                raise AssertionError(f"{texts!r} never all appeared; the screen:\n{screen}")
            time.sleep(0.1)

    def game_pid(self) -> int:
        """The game's process: the child of the pane's shell."""
        shell = self.tmux("display-message", "-p", "-t", self.name, "#{pane_pid}").strip()
        children = subprocess.run(["pgrep", "-P", shell], capture_output=True, text=True)
        pids = children.stdout.split()
        assert len(pids) == 1, f"expected one game process under {shell}: {pids}"
        return int(pids[0])

    def wait_exit(self, timeout: float = 10) -> int:
        end = time.monotonic() + timeout
        while not self.status_file.exists() or not self.status_file.read_text().strip():
            assert time.monotonic() < end, f"still running:\n{self.screen()}"
            time.sleep(0.1)
        return int(self.status_file.read_text())

    def close(self) -> None:
        subprocess.run(["tmux", "kill-session", "-t", self.name], capture_output=True)


@pytest.fixture
def terminals(tmp_path):
    opened: list[Terminal] = []

    def open_terminal(*args: str) -> Terminal:
        t = Terminal(tmp_path / "home", *args)
        opened.append(t)
        return t

    yield open_terminal
    for t in opened:
        t.close()


def board_line_with(screen: str, text: str) -> str:
    return next((line for line in screen.splitlines() if text in line), "")


def test_play_leave_continue_and_hang_up(terminals, tmp_path):
    term = terminals("new", "--seed", "0")
    screen = term.wait_for("Docking Ring", "Objectives left", "palette")
    assert "Survivors" in screen and "Vega" in screen and "Okafor" in screen
    assert "Danger" in screen and "Round 1" in screen and "Zombies 1/30" in screen
    # both survivors in the airlock, then its id (a), a walker behind the door (the wall
    # beside them: blanks in its colour, as the layer sends a run of full blocks)
    assert "  V O ♦ .a++z .b" in screen
    term.keys("o", "Enter")
    term.wait_for("Vega opens door a-b.")
    term.keys("m", "Enter")
    screen = term.wait_for("Vega moves to zone b.")
    assert "''V" in board_line_with(screen, "''")  # Vega in the corridor past the open door
    assert "Okafor in a" in screen  # the status line: Vega is done, Okafor's turn

    term.keys("c")  # Okafor's character sheet, as the player reads it
    screen = term.wait_for("Character sheet", "Okafor, marine", "3d 5+ r0-1 6/6")
    assert "Speed 1 zone a move" in screen and "one more die in every ranged attack" in screen
    assert "3d: 3 dice = pistol 1 + Okafor's ranged 1 + 1 (+1 ranged die)" in screen
    term.keys("Escape")
    term.wait_for("Objectives left", "c sheet")

    term.keys("q", "y")  # a game the command line opened: leaving it ends the program
    assert term.wait_exit() == 0
    term = terminals()  # a bare `shamble`: the title, where Continue picks it up
    screen = term.wait_for("New game", "Continue: ")
    assert "Continue: tutorial, round 1" in screen
    term.keys("c")
    screen = term.wait_for("Docking Ring", "Objectives left", "''V")
    assert "''V" in board_line_with(screen, "''")

    os.kill(term.game_pid(), signal.SIGHUP)  # the connection dropped
    assert term.wait_exit() == 0  # a clean exit, not death by signal (129)

    saves = list((tmp_path / "home" / "saves").glob("*.shamble"))
    assert len(saves) == 1
    from saves import load

    game = load(saves[0])
    assert game.summary()["survivors"]["vega"]["zone"] == "b"
    assert game.summary()["doors"]["a-b"] == "open"


def test_a_newcomers_first_game_by_the_arrows_then_back_to_the_shell(terminals):
    """Issue 28's newcomer path at 80x24: the title, the new-game dialog
    walked by its arrows (the hint says how; the first Enter opens a list,
    it starts nothing), a mission picked, Start, then q and q: the shell."""
    term = terminals()
    screen = term.wait_for("New game", "Quit", "board games: ")
    term.keys("n")
    screen = term.wait_for("move between rows", "Enter opens the list")
    assert "Docking Ring (tutorial" in screen
    term.keys("Down", "Enter")  # Mission: its list opens, nothing starts
    term.wait_for("Airlock Breach (airlock", "Command Deck (command_deck")
    term.keys("Down", "Enter")  # the second mission
    screen = term.wait_for("Mission     Airlock Breach (airlock")
    assert "Round 1" not in screen
    # down the rows: the six survivors' list, players, seed, undo, then Start
    term.keys(*["Down"] * 10, "Enter")
    screen = term.wait_for("Airlock Breach", "Round 1", "Survivors", "palette")
    assert "Vega in a (Docking bay)" in screen
    term.keys("q")
    term.wait_for("Leave this game?")
    term.keys("y")  # back on the title it came from
    term.wait_for("Continue: airlock, round 1")
    term.keys("q")
    term.wait_for("Quit Shamble?")
    term.keys("y")
    assert term.wait_exit() == 0
