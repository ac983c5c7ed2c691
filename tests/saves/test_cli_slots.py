"""`shamble saves ...`, `shamble replay [--verify]` and slot names."""

import json
import random

import msgspec
import pytest

from engine import Game
from engine.core import log
from saves import AutoSave, SaveError, slots
from tui.cli import main


def played(seed=1, steps=12):
    g = Game.new("station", mission="tutorial", seed=seed)
    rnd = random.Random(seed)
    for _ in range(steps):
        if g.outcome is None:
            g.submit(rnd.choice(g.legal_commands()))
    return g


@pytest.mark.parametrize(
    "name", ["..", "../x", "a/b", "", ".hidden", "x..y", "a b", "é", "a" * 65, "tail.", "a\\b"]
)
def test_odd_names_are_refused(name, home):
    with pytest.raises(SaveError, match="is not a save name"):
        slots.slot_path(name)


def test_list_delete_export_import(home, tmp_path, capsys):
    g = played()
    src = tmp_path / "mine.shamble"
    g.save(src)
    assert main(["saves", "import", str(src)]) == 0
    assert main(["saves", "import", str(src), "--as", "second"]) == 0
    assert main(["saves", "import", str(src), "--as", "second"]) == 1
    assert "already exists" in capsys.readouterr().err
    assert main(["saves", "import", str(src), "--as", "../evil"]) == 1
    assert not (home / "evil.shamble").exists() and not (home.parent / "evil.shamble").exists()
    (home / "saves" / "broken.shamble").write_bytes(b"SHAMBLE\x00junk")
    capsys.readouterr()
    assert main(["saves", "--json"]) == 0
    rows = {r["name"]: r for r in map(json.loads, capsys.readouterr().out.splitlines())}
    assert set(rows) == {"mine", "second", "broken"}
    summary = g.summary()
    assert rows["mine"]["mission"] == "tutorial" and rows["mine"]["mode"] == "station"
    assert (
        rows["mine"]["round"] == summary["round"] and rows["mine"]["outcome"] == summary["outcome"]
    )
    assert [s.split()[0] for s in rows["mine"]["survivors"]] == list(summary["survivors"])
    assert "no complete header" in rows["broken"]["error"]
    assert main(["saves"]) == 0
    out = capsys.readouterr().out
    assert "tutorial" in out and "damaged" in out
    dest = tmp_path / "out"
    dest.mkdir()
    assert main(["saves", "export", "mine", str(dest)]) == 0
    assert (dest / "mine.shamble").read_bytes() == src.read_bytes()
    assert main(["saves", "export", "broken", str(dest)]) == 1  # nothing damaged is copied
    assert main(["saves", "delete", "second"]) == 0
    assert main(["saves", "delete", "second"]) == 1
    assert not (home / "saves" / "second.shamble").exists()


def test_a_save_in_play_is_not_deleted(home):
    path = slots.slot_path("busy", create_dir=True)
    with AutoSave.create(path, Game.new("station", mission="tutorial")):
        with pytest.raises(SaveError, match="another Shamble"):
            slots.delete("busy")
        assert slots.list_saves()[0].in_use
    slots.delete("busy")


def test_replay_prints_the_journal_and_verifies(tmp_path, capsys):
    g = played(3, 20)
    g.undo()
    path = tmp_path / "g.shamble"
    g.save(path)
    assert main(["replay", str(path)]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert [json.loads(x)["type"] for x in lines] == [
        msgspec.to_builtins(f)["type"] for f in g.journal
    ]
    assert main(["replay", str(path), "--verify"]) == 0
    entries = sum(1 for f in g.journal if msgspec.to_builtins(f)["type"] == "entry")
    expected = (
        f"verified: {entries} commands replayed with the same events, 1 undo, 0 redos, "
        "1 snapshot checked and equal"
    )
    assert expected in capsys.readouterr().out


def test_verify_catches_a_snapshot_that_disagrees_with_the_events(tmp_path, capsys):
    g = played(4, 10)
    other = played(5, 10)
    body = g.to_bytes()[: -len(g.snapshot_frame())]
    path = tmp_path / "g.shamble"
    path.write_bytes(body + log.encode_snapshot(len(g.commands), other.state, "0.1.0"))
    assert Game.load(path).state == other.state  # a cache is trusted on load...
    assert main(["replay", str(path), "--verify"]) == 1  # ... and checked by verify
    assert "snapshot differs from the state the replay reaches" in capsys.readouterr().out


def test_verify_catches_events_the_rules_would_not_give(tmp_path, capsys):
    g = played(6, 10)
    entry = g.journal[3]
    forged = msgspec.structs.replace(entry, events=entry.events[:-1])
    path = tmp_path / "g.shamble"
    path.write_bytes(
        log.encode_header(g.header())
        + b"".join(log.encode_frame(f) for f in [*g.journal[:3], forged])
    )
    assert main(["replay", str(path), "--verify"]) == 1
    assert "journal frame 3" in capsys.readouterr().out


@pytest.mark.parametrize("content", [None, b"", b"not a save at all"])
def test_replay_of_a_non_save_is_a_clear_error(tmp_path, capsys, content):
    path = tmp_path / "x.shamble"
    if content is not None:
        path.write_bytes(content)
    assert main(["replay", str(path), "--verify"]) == 2
    err = capsys.readouterr().err
    assert err.startswith("error: ") and str(path) in err and "Traceback" not in err


def test_latest_is_the_last_played_unfinished_save(home):
    import os

    finished = played(1, 400)
    assert finished.outcome is not None
    finished.save(slots.slot_path("done", create_dir=True))
    ongoing = played(2, 3)
    ongoing.save(slots.slot_path("old"))
    ongoing.save(slots.slot_path("new"))
    os.utime(slots.slot_path("old"), (1_000_000, 1_000_000))
    assert slots.latest().name == "new"
    slots.delete("new")
    assert slots.latest().name == "old"
    slots.delete("old")
    assert slots.latest() is None
