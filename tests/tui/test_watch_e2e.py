"""Issue 18 end to end, in two real terminals (tmux at 80x24): one plays the
tutorial with `shamble new`, the other runs `shamble watch` on its save and
sees each move, undo included; each leaves with q, back to the shell; then
the title's Load replays the save, steps through it and forks a new game."""

from __future__ import annotations

import shutil

import pytest
from test_tmux_e2e import Terminal

pytestmark = pytest.mark.skipif(shutil.which("tmux") is None, reason="tmux is not installed")


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


def test_one_terminal_plays_another_watches_then_replays_and_forks(terminals, tmp_path):
    player = terminals("new", "--mission", "tutorial", "--seed", "0")
    player.wait_for("Docking Ring", "Objectives left", "palette")
    watcher = terminals("watch", "tutorial-1")
    screen = watcher.wait_for("Watching tutorial-1 live: round 1.", "Objectives left")
    assert "  V O ♦ .a++z" in screen and "q leave" in screen  # the wall: blanks in its colour

    player.keys("o", "Enter")
    player.wait_for("Vega opens door a-b.")
    screen = watcher.wait_for("Vega opens door a-b.", "1 walker moves from zone b to zone a.")
    assert "  V O z ♦ ''" in screen  # the door open, the walker in the airlock

    player.keys("C-z")
    screen = watcher.wait_for("Undone: Vega opens door a-b.")  # as the player reads it
    assert "  V O ♦ .a++z" in screen
    player.keys("C-y")
    watcher.wait_for("Redone: Vega opens door a-b.")

    watcher.keys("m", "C-z", "Enter")  # nothing here plays: the save is as the player left it
    player.keys("q", "y")  # opened by `shamble new`: leaving ends the program
    assert player.wait_exit() == 0

    watcher.keys("q")  # and `shamble watch` too
    assert watcher.wait_exit() == 0
    watcher = terminals()  # the title's Load lists the save: replay and fork from there
    watcher.wait_for("New game", "Continue: ")
    watcher.keys("l")
    watcher.wait_for("Load a saved game", "w watches, r replays")
    watcher.keys("r")
    screen = watcher.wait_for("Replay tutorial-1: step 0 of 3, round 1.", "The start of the game.")
    watcher.keys(".")
    watcher.wait_for("step 1 of 3", "Vega opens door a-b.")
    watcher.keys(".")
    watcher.wait_for("step 2 of 3", "Undo: the last command was taken back.")
    watcher.keys(",")
    watcher.wait_for("step 1 of 3")

    watcher.keys("f")
    watcher.wait_for("Fork a new game from step 1", "tutorial-1-fork")
    watcher.keys("Enter")
    watcher.wait_for("Undo in the new game", "as in this game")
    watcher.keys("Enter")
    watcher.wait_for("Play tutorial-1-fork now?")
    watcher.keys("y")
    screen = watcher.wait_for("Resumed in round 1.", "^z undo")
    assert "  V O z ♦ ''" in screen  # the forked game stands where the replay was

    from saves import load

    fork = load(tmp_path / "home" / "saves" / "tutorial-1-fork.shamble")
    assert fork.origin.source == "tutorial-1.shamble" and fork.origin.moment == 1
    source = load(tmp_path / "home" / "saves" / "tutorial-1.shamble")
    assert len(source.journal) == 3  # the door, its undo and its redo: nothing the watcher did
