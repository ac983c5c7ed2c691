"""Siege as a terminal shows it: --ascii sends nothing a vt100 cannot draw
on any siege screen, an SVG snapshot of the board at 80x24, and one run in
a real terminal (tmux, 80x24, NO_COLOR) from the title's new-game dialog:
a path shown with its cost, a move, the zombie turn, leave and Continue;
without colour no colour code is sent, and the selected human still stands out."""

from __future__ import annotations

import os
import re
import shlex
import shutil
import subprocess
import sys
import time
from pathlib import Path

import pytest

from engine import Game
from tui.app import ShambleApp

REPO = Path(__file__).resolve().parents[2]


def colour_codes(raw: str) -> list[str]:
    """The colour parameters (30-37, 38;..., 40-49, 90-107) of every SGR escape."""
    found = []
    for params in re.findall(r"\x1b\[([0-9;:]*)m", raw):
        codes = params.split(";")
        i = 0
        while i < len(codes):
            code = codes[i].lstrip("0") or "0"
            i += 1
            if code in ("38", "48"):
                found.append(";".join(codes[i - 1 : i + (2 if codes[i : i + 1] == ["5"] else 4)]))
                i += 2 if codes[i : i + 1] == ["5"] else 4
            elif code.isdigit() and (30 <= int(code) <= 37 or 40 <= int(code) <= 47):
                found.append(code)
            elif code.isdigit() and (90 <= int(code) <= 97 or 100 <= int(code) <= 107):
                found.append(code)
    return found


DEADLINE = 60.0  # seconds for a screen to show what is waited for, on a loaded machine


class Terminal:
    """tmux running the game at 80x24 with NO_COLOR, on a tmux server of its
    own (no one's configuration); the game's exit status is written to a
    file by the shell around it. Keys go as they are typed; a key that acts
    on what another key opens (a list, a dialog) is sent once that shows."""

    def __init__(self, home: Path, *args: str) -> None:
        self.name = f"shamble-siege-{os.getpid()}-{time.monotonic_ns()}"
        self.status = home.parent / f"{self.name}.status"
        env = ["env", f"SHAMBLE_HOME={shlex.quote(str(home))}", "TERM=xterm-256color", "NO_COLOR=1"]
        game = " ".join(env + [shlex.quote(sys.executable), "-m", "tui.cli", *args])
        shell = f"{game}; echo $? > {shlex.quote(str(self.status))}"
        self.tmux(
            "new-session",
            "-d",
            "-s",
            self.name,
            "-x",
            "80",
            "-y",
            "24",
            "-c",
            str(REPO),
            f"sh -c {shlex.quote(shell)}",
        )

    def tmux(self, *args: str) -> str:
        argv = ["tmux", "-L", self.name, "-f", "/dev/null", *args]
        done = subprocess.run(argv, capture_output=True, text=True, timeout=30)
        assert done.returncode == 0, done.stderr
        return done.stdout

    def screen(self, escapes: bool = False) -> str:
        return self.tmux("capture-pane", "-p", *(["-e"] if escapes else []), "-t", self.name)

    def keys(self, *keys: str) -> None:
        for key in keys:
            self.tmux("send-keys", "-t", self.name, key)

    def wait_for(self, *texts: str | re.Pattern, timeout: float = DEADLINE) -> str:
        end = time.monotonic() + timeout
        while True:
            screen = self.screen()
            if all(t.search(screen) if isinstance(t, re.Pattern) else t in screen for t in texts):
                return screen
            if time.monotonic() > end:
                raise AssertionError(f"{texts!r} never all appeared; the screen:\n{screen}")
            time.sleep(0.1)

    def wait_exit(self, timeout: float = DEADLINE) -> int:
        end = time.monotonic() + timeout
        while not self.status.exists() or not self.status.read_text().strip():
            assert time.monotonic() < end, f"still running:\n{self.screen()}"
            time.sleep(0.1)
        return int(self.status.read_text())

    def close(self) -> None:
        subprocess.run(["tmux", "-L", self.name, "kill-server"], capture_output=True)


def odd_characters(app) -> set[str]:
    text = "\n".join(strip.text for strip in app.screen._compositor.render_strips())
    return {ch for ch in text if ord(ch) > 126}


GAME_PATHS = [
    ([], "GameScreen"),
    (["m"], "GameScreen"),  # a path drawn
    (["escape", "tab", "a"], "GameScreen"),  # range marks... (no zombie: a refusal)
    (["space"], "ChoiceDialog"),
    (["escape", "question_mark"], "HelpScreen"),
    (["escape", "e"], "GameScreen"),  # the question in the status line, or a dialog
    (["n", "q"], None),
]
TITLE_PATHS = [
    (["g"], "SiegeCampaignList"),
    (["enter"], "NewSiegeCampaign"),
    (["enter"], "SiegeCampaignScreen"),
]


async def test_ascii_siege_screens_send_only_ascii():
    seen = {}
    game = Game.new("siege", mission="street", seed=3)
    app = ShambleApp(ascii_only=True, game=game, autosave=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        for keys, screen in GAME_PATHS:
            for key in keys:
                await pilot.press(key)
                await pilot.pause()
            name = type(app.screen).__name__
            assert screen is None or name == screen, (keys, name)
            seen[f"{name} after {keys}"] = odd_characters(app)
    app = ShambleApp(ascii_only=True)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        for keys, screen in TITLE_PATHS:
            for key in keys:
                await pilot.press(key)
                await pilot.pause()
            assert type(app.screen).__name__ == screen
            seen[screen] = odd_characters(app)
    assert all(not chars for chars in seen.values()), seen


def test_siege_snapshot(snap_compare):
    game = Game.new("siege", mission="house", seed=7)
    app = ShambleApp(game=game, autosave=False)
    # the Cop's move toward the door is shown with its path and cost, not yet made
    assert snap_compare(
        app, press=["tab", "up", "up", "right", "right", "m"], terminal_size=(80, 24)
    )


@pytest.mark.skipif(shutil.which("tmux") is None, reason="tmux is not installed")
def test_siege_from_the_new_game_dialog_in_a_terminal(tmp_path):
    term = Terminal(tmp_path / "home")
    try:
        term.wait_for("New game", "Siege campaign")
        term.keys("n")
        term.wait_for("Mode", "station")
        term.keys("Enter")  # the first row's (Mode) drop-down...
        term.wait_for("Esc closes the list")  # ...open: a Down sent sooner moves to Mission
        term.keys("Down", "Enter")  # siege
        term.wait_for("The House (house", "Humans", "[x] Cop (pistol)")
        term.keys("Tab", "Tab", "Tab", "Tab")  # the seed (Tab moves the focus once it
        term.wait_for("Enter starts the game")  # reaches the app: keys sent sooner go elsewhere)
        term.keys("End", *["BSpace"] * 8, "7")  # a field's keys act in order (text_input.py)
        term.wait_for("Seed        7 ")
        term.keys("Enter")
        term.wait_for("The House", "Humans", "Drifter", "Round 1/15")
        raw = term.screen(escapes=True)
        assert not colour_codes(raw), "NO_COLOR: no colour codes at all (issue 25)"
        assert "\x1b[1;4;7m" in raw  # the selected human (under the cursor): bold, underlined
        term.keys("Tab", "Up", "Up", "Right", "Right", "m")  # the Cop's path to 15,3
        term.wait_for("Move: to 15,3, 4 cells, 4 actions (0 left)")
        term.keys("Escape", "Up", "Up", "Right", "m")
        term.wait_for("Move: to 14,3, 3 cells, 3 actions (1 left)")
        term.keys("Enter")
        term.wait_for("Cop moves to 14,3 (3 actions).")
        term.keys("e")
        term.wait_for("End Cop's turn with 1 action left?")
        term.keys("y")
        term.wait_for("Drifter")
        term.keys("e")
        term.wait_for("End Drifter's turn with")
        term.keys("y")  # then the zombies' turn
        screen = term.wait_for("Round 2/15")
        assert "shambles to" in screen or "Round 2 begins." in screen
        term.keys("q")
        term.wait_for("Leave this game?")  # a dialog: a y sent sooner goes to the board
        term.keys("y")
        screen = term.wait_for("Continue: siege: house, round 2")
        term.keys("c")
        term.wait_for("The House", "Resumed in round 2.")
        term.keys("q")
        term.wait_for("Leave this game?")
        term.keys("y")
        term.wait_for("Continue: ")
        term.keys("q")
        term.wait_for("Quit Shamble?")
        term.keys("y")
        assert term.wait_exit() == 0
    finally:
        term.close()
