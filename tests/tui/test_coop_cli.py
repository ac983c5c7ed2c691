"""`shamble join NAME` opens the shared game's screen in the terminal (tmux
at 80x24); a game that cannot be joined or shown says why and exits 2."""

from __future__ import annotations

import shutil
import subprocess
import sys
import time

import pytest

from tests.coop.conftest import REPO, CoopPlace


@pytest.fixture
def place():
    where = CoopPlace()
    try:
        yield where
    finally:
        where.close()


def test_join_says_why_a_game_cannot_be_joined_or_shown(place):
    missing = place.cli("join", "nobody-here")
    assert missing.returncode == 2 and "no shared game 'nobody-here' here" in missing.stderr


def test_join_name_opens_the_game_screen(place):
    if not shutil.which("tmux"):
        pytest.skip("needs tmux")
    name = place.host("--mission", "tutorial", "--players", "2", "--seed", "1")
    socket = f"shamble-coop-{time.monotonic_ns()}"
    env = [f"{k}={place.env[k]}" for k in ("SHAMBLE_HOME", "SHAMBLE_COOP_DIR", "PYTHONPATH")]
    command = f"cd {REPO} && env {' '.join(env)} {sys.executable} -m tui.cli join {name} --ascii"

    def tmux(*args: str) -> str:
        done = subprocess.run(["tmux", "-L", socket, *args], capture_output=True, text=True)
        return done.stdout

    tmux("new-session", "-d", "-s", "p", "-x", "80", "-y", "24", command)
    try:
        end = time.monotonic() + 20
        while "You joined" not in (screen := tmux("capture-pane", "-p", "-t", "p")):
            assert time.monotonic() < end, screen
            time.sleep(0.1)
        assert f"You joined {name} as" in screen and "Player 1 (Vega, Okafor)" in screen
        assert "Players  undo: none yet" in screen and all(ord(c) < 127 for c in screen)
        tmux("send-keys", "-t", "p", "q")
        time.sleep(0.3)
        tmux("send-keys", "-t", "p", "y")
        end = time.monotonic() + 10
        while "p" in tmux("list-sessions", "-F", "#{session_name}").split():
            assert time.monotonic() < end, tmux("capture-pane", "-p", "-t", "p")
            time.sleep(0.1)  # leaving ends `shamble join`, and its window with it
    finally:
        tmux("kill-server")


def test_host_prints_its_line_before_it_returns(place):
    """Issue 28: `shamble host` returns to the shell with the game's name on
    stdout and how to join on stderr, both written before it returns."""
    done = place.cli("host", "--bot-pace", "0", "--mission", "tutorial", "--players", "2")
    assert done.returncode == 0, done.stderr
    name = done.stdout.strip()
    place.hosts.add(place.host_pid(name))
    assert name and f"players join with: shamble join {name}" in done.stderr
