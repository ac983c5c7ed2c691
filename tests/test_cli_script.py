"""`shamble script` and `shamble missions` (DESIGN.md "Command line")."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def shamble(*args: str, stdin: str | None = None) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "-m", "tui.cli", *args],
        cwd=ROOT,
        input=stdin,
        capture_output=True,
        text=True,
        timeout=60,
    )


def test_script_prints_every_event_as_json(tmp_path):
    moves = tmp_path / "moves.jsonl"
    moves.write_text(
        '{"type": "open_door", "survivor": "vega", "door": "a-b"}\n'
        "\n# comments and blank lines are skipped\n"
        '{"type": "end_turn", "survivor": "vega"}\n'
    )
    out = shamble("script", "--mission", "tutorial", "--seed", "7", str(moves))
    assert out.returncode == 0, out.stderr
    events = [json.loads(line) for line in out.stdout.splitlines()]
    types = [e["type"] for e in events]
    assert types[:3] == ["activated", "action_spent", "door_opened"]
    assert "activation_ended" in types


def test_script_rejects_with_code_and_exit_1(tmp_path):
    moves = tmp_path / "moves.jsonl"
    moves.write_text('{"type": "move", "survivor": "vega", "to": "e"}\n')
    out = shamble("script", "--seed", "1", str(moves))
    assert out.returncode == 1
    assert out.stderr.startswith("rejected: out_of_reach: ")


def test_script_reads_stdin_and_scripted_dice():
    cmds = "\n".join(
        json.dumps(c)
        for c in [
            {"type": "open_door", "survivor": "okafor", "door": "a-b"},
            {"type": "move", "survivor": "okafor", "to": "b"},
        ]
    )
    out = shamble("script", "--seed", "3", "--dice", "6,6", "-", stdin=cmds)
    assert out.returncode == 0, out.stderr


def test_script_bad_json_and_bad_mission(tmp_path):
    moves = tmp_path / "m.jsonl"
    moves.write_text("{not json\n")
    out = shamble("script", str(moves))
    assert out.returncode == 1 and out.stderr.startswith("rejected: bad_json")
    out = shamble("script", "--mission", "no_such_mission", str(moves))
    assert out.returncode == 2 and "no shipped mission" in out.stderr
    out = shamble("script", "--dice", "7", str(moves))
    assert out.returncode == 2 and "faces 1-6" in out.stderr


def test_missions_lists_the_tutorial():
    out = shamble("missions", "--json")
    assert out.returncode == 0
    rows = [json.loads(line) for line in out.stdout.splitlines()]
    tutorial = next(r for r in rows if r["id"] == "tutorial")
    assert tutorial["mode"] == "station" and tutorial["zones"] == 6
    out = shamble("missions")
    assert "Docking Ring" in out.stdout


def test_version():
    out = shamble("--version")
    assert out.returncode == 0 and out.stdout.startswith("shamble ")


def test_script_save_creates_missing_folders(tmp_path):
    moves = tmp_path / "moves.jsonl"
    moves.write_text('{"type": "open_door", "survivor": "vega", "door": "a-b"}\n')
    target = tmp_path / "new" / "folder" / "run.shamble"
    out = shamble("script", "--seed", "3", "--save", str(target), str(moves))
    assert out.returncode == 0, out.stderr
    from engine import Game

    assert len(Game.load(target).commands) == 1


def test_script_plays_a_generated_station():
    out = shamble(
        "script", "--mission", "random", "--seed", "4", "--size", "small", "--difficulty", "2", "-",
        stdin='{"type": "end_turn", "survivor": "vega"}\n',
    )  # fmt: skip
    assert out.returncode == 0, out.stderr
    out = shamble("script", "--size", "small", "-", stdin="")
    assert out.returncode == 2 and "go with --mission random" in out.stderr
    out = shamble("script", "--mission", "random", "--size", "gigantic", "-", stdin="")
    assert out.returncode == 2 and "unknown station size" in out.stderr


def test_script_takes_hot_seat_players():
    out = shamble(
        "script", "--survivors", "vega,okafor", "--players", "vega:1,okafor:2", "-",
        stdin='{"type": "end_turn", "survivor": "vega"}\n',
    )  # fmt: skip
    assert out.returncode == 0, out.stderr
    out = shamble("script", "--survivors", "vega,okafor", "--players", "vega:1", "-", stdin="")
    assert out.returncode == 2 and "no player controls okafor" in out.stderr


def test_missions_by_mode_and_unknown_mode():
    out = shamble("missions", "--mode", "station", "--json")
    rows = [json.loads(line) for line in out.stdout.splitlines()]
    assert rows and {r["mode"] for r in rows} == {"station"}
    assert all(r["size"].endswith(" zones") for r in rows)
    out = shamble("missions", "--mode", "chess")
    assert out.returncode == 2 and "no mode 'chess'" in out.stderr


def test_a_mode_option_it_does_not_know_is_refused(tmp_path):
    moves = tmp_path / "none.jsonl"
    moves.write_text("")
    out = shamble("script", "--commander", "human", str(moves))
    assert out.returncode == 2 and "bad_option" in out.stderr


def test_the_readme_script_example_plays_as_written(tmp_path):
    """The README's `shamble script` example runs on the tutorial as written."""
    readme = (ROOT / "README.md").read_text()
    part = readme[readme.index("`shamble script` plays headless") :]
    command = part[part.index("For example `") + len("For example `") :].split("`")[0]
    block = part[
        part.index("```json") + len("```json") : part.index("```", part.index("```json") + 7)
    ]
    moves = tmp_path / "moves.jsonl"
    moves.write_text(block.strip() + "\n")
    args = command.split()[1:-1]  # without `shamble` and the file name
    out = shamble(*args, str(moves))
    assert out.returncode == 0, out.stderr
    events = [json.loads(line)["type"] for line in out.stdout.splitlines()]
    assert "door_opened" in events and "objective_taken" in events


def test_script_stops_quietly_when_its_reader_goes_away(tmp_path):
    """`shamble script ... | head -1`: the pipe closes; no traceback, the exit
    status of a command ended by SIGPIPE, and what was played is saved."""
    import os

    from saves import load

    moves = tmp_path / "moves.jsonl"
    moves.write_text('{"type": "end_turn", "survivor": "vega"}\n' * 2)
    save = tmp_path / "game.shamble"
    read, write = os.pipe()
    os.close(read)  # a reader that has already gone
    try:
        done = subprocess.run(
            [sys.executable, "-m", "tui.cli", "script", "--mission", "tutorial", "--seed", "7",
             "--save", str(save), str(moves)],  # fmt: skip
            cwd=ROOT, stdout=write, stderr=subprocess.PIPE, text=True, timeout=60,
        )  # fmt: skip
    finally:
        os.close(write)
    assert done.stderr == "" and done.returncode == 141
    assert len(load(save).commands) == 1  # the first command, whose events could not be printed
