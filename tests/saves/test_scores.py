"""The local high-score tables and `shamble scores`."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from engine import Game
from saves import scores

ROOT = Path(__file__).resolve().parents[2]


def test_scores_are_kept_per_table_best_first(tmp_path):
    path = tmp_path / "scores.jsonl"
    for score, rounds in [(30, 9), (55, 12), (55, 10), (5, 3)]:
        scores.record(scores.Score("tutorial", score, ("vega",), rounds, 1, "won"), path)
    scores.record(scores.Score(scores.ENDLESS, 99, ("hale",), 20, 7, "lost", stations=3), path)
    best = scores.top("tutorial", 3, path)
    assert [(s.score, s.rounds) for s in best] == [(55, 10), (55, 12), (30, 9)]
    assert best[0].date  # filled in when recorded
    assert scores.tables(path) == ["tutorial", "endless"]


def test_a_damaged_line_is_skipped(tmp_path):
    path = tmp_path / "scores.jsonl"
    scores.record(scores.Score("airlock", 12, ("vega",), 4, 1, "lost"), path)
    with open(path, "ab") as f:
        f.write(b'{"table": "airlock", "sco')  # a torn write
    scores.record(scores.Score("airlock", 40, ("vega",), 5, 2, "won"), path)
    assert [s.score for s in scores.top("airlock", path=path)] == [40, 12]


def test_score_of_a_finished_game_and_the_cli(tmp_path, monkeypatch):
    monkeypatch.setenv("SHAMBLE_HOME", str(tmp_path))
    g = Game.new("station", mission="tutorial", seed=1, survivors=["lin"])
    while g.outcome is None:
        g.submit({"type": "end_turn", "survivor": "lin"})
    row = scores.record(scores.from_game(g.summary(), seed=1))
    assert row.table == "tutorial" and row.outcome == "lost" and row.survivors == ("lin",)
    out = subprocess.run(
        [sys.executable, "-m", "tui.cli", "scores"],
        cwd=ROOT, capture_output=True, text=True, timeout=60,
        env={**__import__("os").environ, "SHAMBLE_HOME": str(tmp_path)},
    )  # fmt: skip
    assert out.returncode == 0, out.stderr
    assert "tutorial:" in out.stdout and "lost" in out.stdout


OLD_LINES = (
    # written before scores kept the undo policy (no undo, undos, stations)
    b'{"table":"tutorial","score":40,"survivors":["vega"],"rounds":7,"seed":3,'
    b'"outcome":"won","date":"2024-05-01T10:00:00"}\n'
    # an endless run from before runs counted their undos
    b'{"table":"endless","score":90,"survivors":["hale"],"rounds":20,"seed":7,'
    b'"outcome":"lost","date":"2024-05-02T10:00:00","stations":2,"undo":"casual","undos":-1}\n'
)


def test_old_score_lines_still_load_and_show(tmp_path, monkeypatch):
    monkeypatch.setenv("SHAMBLE_HOME", str(tmp_path))
    path = scores.scores_file()
    path.write_bytes(OLD_LINES)
    scores.record(scores.Score(scores.ENDLESS, 120, ("lin",), 30, 9, "lost", stations=3,
                               undo="casual", undos=4))  # fmt: skip
    scores.record(scores.Score(scores.ENDLESS, 60, ("ruiz",), 8, 5, "lost", undo="ironman"))
    (old,) = scores.top("tutorial", path=path)
    assert (old.score, old.undo, old.undos, old.stations) == (40, "", 0, 0)
    assert [scores.undo_text(s) for s in scores.top(scores.ENDLESS, path=path)] == [
        "4 (casual)",
        "? (casual)",
        "ironman",
    ]
    assert scores.undo_text(old) == "-"
    out = subprocess.run(
        [sys.executable, "-m", "tui.cli", "scores"],
        cwd=ROOT, capture_output=True, text=True, timeout=60,
        env={**__import__("os").environ, "SHAMBLE_HOME": str(tmp_path)},
    )  # fmt: skip
    assert out.returncode == 0, out.stderr
    lines = out.stdout.splitlines()
    assert lines[0] == "tutorial:" and "undos -  " in lines[1]
    assert lines[2] == "endless:"
    assert "  120  lost " in lines[3] and "undos 4 (casual)" in lines[3]
    assert lines[3].endswith("lin  3 stations")
    assert "undos ? (casual)" in lines[4] and "undos ironman" in lines[5]


def test_a_run_record_from_before_undos_were_counted_reads_as_not_counted():
    import msgspec

    from saves.records import Played as MissionPlayed

    old = msgspec.msgpack.encode({"type": "played", "mission": "random", "outcome": "won",
                                  "save": "a.shamble", "round": 5, "score": 30})  # fmt: skip
    played = msgspec.msgpack.decode(old, type=MissionPlayed)
    assert played.undos is msgspec.UNSET and played.score == 30
    assert msgspec.msgpack.encode(played) == old  # written again: the same bytes
