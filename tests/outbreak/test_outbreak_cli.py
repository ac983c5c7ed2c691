"""`shamble script --mode outbreak --seats ...` plays the bot seats between
the file's commands; `shamble missions --mode outbreak` lists the missions."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import msgspec

from engine import Game
from engine.outbreak.bot import choose

ROOT = Path(__file__).resolve().parents[2]


def shamble(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "-m", "tui.cli", *args],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=120,
    )


def record(seed: int, dice: list[int], human_commands: int) -> tuple[list[dict], list[dict]]:
    """In process: the human seat's first commands (the bot's choice for it
    too) and every event up to the bot's answer to the last of them."""
    g = Game.new("outbreak", seed=seed, dice=dice, seats="human,bot")
    commands = []
    while len(commands) < human_commands and g.outcome is None:
        command = g.bot_command()
        if command is None:
            command = choose(g.view(g.state.to_act))
            commands.append(command)
        g.submit(command)
    while (command := g.bot_command()) is not None:
        g.submit(command)
    events = [json.loads(msgspec.json.encode(e)) for e in g.events[len(g._setup_events) :]]
    return commands, events


def test_script_plays_the_bot_seats_between_the_files_commands(tmp_path):
    commands, expected = record(seed=3, dice=[5, 2, 4], human_commands=14)
    path = tmp_path / "ann.jsonl"
    path.write_text("".join(json.dumps(c) + "\n" for c in commands))
    out = shamble(
        "script", "--mode", "outbreak", "--seats", "human,bot", "--seed", "3",
        "--dice", "5,2,4", str(path),
    )  # fmt: skip
    assert out.returncode == 0, out.stderr
    events = [json.loads(line) for line in out.stdout.splitlines()]
    assert events == expected
    starts = [e["seat"] for e in events if e["type"] == "turn_started"]
    assert "p2" in starts and "p1" in starts


def test_script_a_bot_seat_first_plays_before_the_file(tmp_path):
    path = tmp_path / "empty.jsonl"
    path.write_text("")
    out = shamble("script", "--mode", "outbreak", "--seats", "bot,human", "--seed", "2", str(path))
    assert out.returncode == 0, out.stderr
    events = [json.loads(line) for line in out.stdout.splitlines()]
    assert events[-1] == {"type": "turn_started", "seat": "p2", "round": 1}


def test_script_refuses_with_the_code(tmp_path):
    path = tmp_path / "bad.jsonl"
    path.write_text('{"type": "move", "to": [1, 0]}\n')
    out = shamble("script", "--mode", "outbreak", "--seats", "human,bot", str(path))
    assert out.returncode == 1 and out.stderr.startswith("rejected: wrong_phase: ")
    out = shamble("script", "--mode", "outbreak", "--seats", "human,robot", str(path))
    assert out.returncode == 2 and "bad_seats" in out.stderr


def test_missions_for_outbreak():
    out = shamble("missions", "--mode", "outbreak", "--json")
    assert out.returncode == 0, out.stderr
    rows = [json.loads(line) for line in out.stdout.splitlines()]
    assert [(r["id"], r["mode"], r["size"]) for r in rows] == [("standard", "outbreak", "30 tiles")]
    out = shamble("missions", "--mode", "outbreak")
    assert "standard" in out.stdout and "Outbreak" in out.stdout


def test_the_seed_variants_are_options_of_the_command_line(tmp_path):
    """Issue 27: each variant is a flag of `shamble script` (and `new`); the
    game they make is the one Game.new makes with the same options."""
    flags = ["--discard", "mandatory", "--dealer", "random", "--tile-deck", "dead_ends"]
    flags += ["--event-deck", "table"]
    out = shamble("script", "--mode", "outbreak", "--seats", "bot,bot", "--seed", "4", *flags, "-")
    assert out.returncode == 0, out.stderr
    g = Game.new(
        "outbreak", seed=4, seats="bot,bot", discard="mandatory", dealer="random",
        tile_deck="dead_ends", event_deck="table",
    )  # fmt: skip
    dealt = len(g.events)
    while (command := g.bot_command()) is not None:
        g.submit(command)
    printed = [json.loads(line) for line in out.stdout.splitlines()]
    assert printed == [json.loads(msgspec.json.encode(e)) for e in g.events[dealt:]]
    assert printed[-1]["type"] == "game_won"
    bad = shamble("script", "--mode", "outbreak", "--tile-deck", "twisty", "-")
    assert bad.returncode == 2 and "tile_deck is one of standard, dead_ends" in bad.stderr


def test_load_opens_a_save_by_the_name_shamble_saves_lists(tmp_path, monkeypatch):
    """Issue 27: `shamble load standard-1` opens the save `shamble saves` lists
    as standard-1 (it said "no such save"); a name that is none stays refused."""
    import argparse

    from saves import slots
    from tui import cli

    monkeypatch.setenv("SHAMBLE_HOME", str(tmp_path / "home"))
    game = Game.new("outbreak", seed=6, seats="ann:human,bot")
    game.save(tmp_path / "g.shamble")
    slots.import_save(tmp_path / "g.shamble", "standard-1")
    assert [i.name for i in slots.list_saves()] == ["standard-1"]
    opened = []
    monkeypatch.setattr(cli, "_run_app", lambda args, g, session=None: opened.append(g) or 0)
    assert cli.cmd_load(argparse.Namespace(path="standard-1")) == 0
    assert opened[0].summary() == game.summary()
    assert cli.cmd_load(argparse.Namespace(path="standard-9")) == 2
