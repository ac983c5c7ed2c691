"""SIGKILL a real `shamble script --save` at random moments: every load gives
exactly the commands that had completed, as a prefix of the full run."""

import os
import random
import signal
import subprocess
import sys
import time
from itertools import accumulate

import msgspec
import pytest

from engine import Game, LogError
from saves import load

SEED = 21


def long_game():
    """The longest of a few random station games: its commands and the game."""
    best = None
    for seed in range(8):
        g = Game.new("station", mission="tutorial", seed=SEED)
        rnd = random.Random(seed)
        while g.outcome is None and len(g.commands) < 120:
            g.submit(rnd.choice(g.legal_commands()))
        if best is None or len(g.commands) > len(best.commands):
            best = g
    return best


def script(path, commands_file):
    return subprocess.Popen(
        [
            sys.executable,
            "-m",
            "tui.cli",
            "script",
            "--mission",
            "tutorial",
            "--seed",
            str(SEED),
            "--save",
            str(path),
            str(commands_file),
        ],
        stdout=subprocess.PIPE,
        stderr=subprocess.DEVNULL,
        cwd=os.path.dirname(os.path.dirname(os.path.dirname(__file__))),
    )


@pytest.fixture(scope="module")
def run(tmp_path_factory):
    tmp = tmp_path_factory.mktemp("kill")
    game = long_game()
    commands_file = tmp / "commands.jsonl"
    commands_file.write_bytes(b"".join(msgspec.json.encode(c) + b"\n" for c in game.commands))
    return tmp, commands_file, game


def test_a_full_run_saves_every_command(run):
    tmp, commands_file, game = run
    path = tmp / "full.shamble"
    proc = script(path, commands_file)
    out, _ = proc.communicate(timeout=60)
    assert proc.returncode == 0
    loaded = load(path)
    assert loaded.journal == game.journal and loaded.state == game.state
    assert len(out.splitlines()) == len(game.events) - len(Game.new("station", seed=SEED).events)


def test_sigkill_at_random_moments_loses_no_completed_command(run):
    tmp, commands_file, game = run
    # event lines printed once command n has completed (stdout is flushed per command)
    ends = list(accumulate(len(e.events) for e in game.journal))
    starts = [0, *ends[:-1]]
    rnd = random.Random(7)
    # as many kills as it takes, not as many as fit in a time: a loaded
    # machine starts each process slower, and the count must not depend on it
    deadline = time.monotonic() + 300
    kills, mid_run = 0, 0
    while (kills < 15 or mid_run < 5) and kills < 60 and time.monotonic() < deadline:
        path = tmp / f"k{kills}.shamble"
        proc = script(path, commands_file)
        read = 0
        if rnd.random() < 0.6:  # half the kills after some output, the rest by time alone
            for _ in range(rnd.randrange(ends[-1])):
                if not proc.stdout.readline():
                    break
                read += 1
        else:
            time.sleep(rnd.random() * 0.4)
        time.sleep(rnd.random() * 0.01)
        proc.send_signal(signal.SIGKILL)
        out = proc.stdout.read()  # the rest, buffered lines included
        proc.wait(30)
        kills += 1
        if proc.returncode == 0:
            continue  # finished before the kill: the full run test covers it
        lines = read + out.count(b"\n")
        printed = sum(1 for s in starts if s < lines)  # commands whose output began
        try:
            loaded = load(path)
        except LogError as e:  # killed before the header was whole
            assert printed == 0, e
            continue
        n = len(loaded.journal)
        assert loaded.journal == game.journal[:n]
        assert printed <= n <= printed + 1, (printed, n)
        mid_run += 0 < n < len(game.journal)
    assert kills >= 15 and mid_run >= 5, (kills, mid_run)
