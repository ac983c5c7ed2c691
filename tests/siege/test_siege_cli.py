"""Siege through the generic command line: `shamble script --mode siege` and
`shamble missions --mode siege` (DESIGN.md "Command line")."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def shamble(*args: str, stdin: str | None = None) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "-m", "tui.cli", *args],
        cwd=ROOT,
        input=stdin,
        capture_output=True,
        text=True,
        timeout=60,
    )


def test_missions_lists_the_siege_missions():
    out = shamble("missions", "--mode", "siege", "--json")
    assert out.returncode == 0, out.stderr
    rows = [json.loads(line) for line in out.stdout.splitlines()]
    assert [r["id"] for r in rows] == ["house", "rescue", "night", "street", "farm", "chapel"]
    assert all(r["mode"] == "siege" and r["size"].endswith(" cells") for r in rows)
    table = shamble("missions", "--mode", "siege")
    assert "Main Street" in table.stdout and "cells" in table.stdout


def test_script_plays_siege_with_a_roster_and_scripted_dice():
    cmds = [
        {"type": "move", "human": "medic", "path": [[13, 2]]},
        {"type": "end_turn", "human": "medic"},
        {"type": "end_turn", "human": "mechanic"},
    ]
    out = shamble(
        "script",
        "--mode",
        "siege",
        "--mission",
        "house",
        "--seed",
        "3",
        "--survivors",
        "medic,mechanic",
        "--dice",
        "6,6,6,6",
        "-",
        stdin="\n".join(json.dumps(c) for c in cmds),
    )
    assert out.returncode == 0, out.stderr
    events = [json.loads(line) for line in out.stdout.splitlines()]
    assert events[:2] == [
        {"type": "turn_started", "human": "medic"},
        {"type": "human_moved", "human": "medic", "to": [13, 2], "cost": 1},
    ]
    types = [e["type"] for e in events]
    assert "zombie_turn_started" in types and types[-1] == "round_started"
    spawns = [e for e in events if e["type"] == "spawn_rolled"]
    assert [e["die"] for e in spawns] == [6, 6, 6, 6]
    assert sum(e["type"] == "zombie_spawned" for e in events) == 4


def test_script_with_a_zombie_player_waits_for_zombie_commands():
    cmds = [
        {"type": "end_turn", "human": "drifter"},
        {"type": "end_turn", "human": "cop"},
        {"type": "end_zombie_turn"},
        {"type": "zombie_move", "zombie": "z1", "to": [5, 3]},
    ]
    out = shamble(
        "script",
        "--mode",
        "siege",
        "--zombies",
        "human",
        "--seed",
        "1",
        "-",
        stdin="\n".join(json.dumps(c) for c in cmds),
    )
    assert out.returncode == 1
    assert out.stderr.startswith("rejected: not_your_turn: ")
    events = [json.loads(line) for line in out.stdout.splitlines()]
    assert [e["type"] for e in events].count("zombie_turn_started") == 1


def test_script_refuses_a_bad_roster_and_a_bad_option():
    out = shamble("script", "--mode", "siege", "--survivors", "vega", "-", stdin="")
    assert out.returncode == 2 and "bad_roster" in out.stderr
    out = shamble("script", "--mode", "siege", "--zombies", "robots", "-", stdin="")
    assert out.returncode == 2 and "bad_option" in out.stderr
