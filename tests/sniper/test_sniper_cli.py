"""`shamble script --mode sniper` and `shamble missions --mode sniper` through
the generic command line (DESIGN.md "Command line")."""

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


def test_script_plays_a_sniper_turn_and_the_ai_commanders():
    commands = [{"type": "move", "path": [[2, 7]]}, {"type": "end_turn"}]
    out = shamble(
        "script", "--mode", "sniper", "--mission", "village", "--seed", "4", "-",
        stdin="\n".join(json.dumps(c) for c in commands),
    )  # fmt: skip
    assert out.returncode == 0, out.stderr
    types = [json.loads(line)["type"] for line in out.stdout.splitlines()]
    assert types[0] == "sniper_stepped"
    assert "commander_turn_began" in types and types.count("turn_began") == 1


def test_script_hot_seat_commander_and_refusals():
    commands = [
        {"type": "end_turn"},
        {"type": "order", "unit": "s3", "to": [13, 10]},
        {"type": "end_turn"},
        {"type": "order", "unit": "s3", "to": [13, 9]},
    ]
    out = shamble(
        "script", "--mode", "sniper", "--mission", "village", "--commander", "human", "-",
        stdin="\n".join(json.dumps(c) for c in commands),
    )  # fmt: skip
    assert out.returncode == 1
    assert out.stderr.startswith("rejected: not_your_turn: ")
    events = [json.loads(line) for line in out.stdout.splitlines()]
    moved = [e for e in events if e["type"] == "unit_moved"]
    assert moved == [{"type": "unit_moved", "unit": "s3", "path": [[13, 10]]}]


def test_script_bad_commander_option():
    out = shamble("script", "--mode", "sniper", "--commander", "robot", "-", stdin="")
    assert out.returncode == 2 and "commander must be ai or human" in out.stderr


def test_missions_lists_the_five_maps():
    out = shamble("missions", "--mode", "sniper", "--json")
    assert out.returncode == 0, out.stderr
    rows = [json.loads(line) for line in out.stdout.splitlines()]
    assert [r["id"] for r in rows] == ["village", "border", "forest_road", "mill", "rail_yard"]
    assert all(r["mode"] == "sniper" for r in rows)
    out = shamble("missions", "--mode", "sniper")
    assert "Rail Yard" in out.stdout and "36x16 cells" in out.stdout
