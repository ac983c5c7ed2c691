"""The benchmark still runs (its figures are read by people, not asserted)."""

from __future__ import annotations

import json

from bench import engine_figures

NAMES = {
    "replay_events_per_s", "replay_ratio", "bytes_per_event", "load_ms", "undo_p50_ms",
    "undo_p95_ms", "redo_p50_ms", "redo_p95_ms", "peak_rss_mb", "zombie_phase_ms",
    "zombie_phase_cold_ms", "look_cold_ms", "legal_commands_ms", "playout_commands_per_s", "replay_seek_ms",
}  # fmt: skip


def test_engine_figures_print_json_lines(capsys):
    engine_figures.main(events=1500, playout_commands=100)
    rows = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    assert {r["name"] for r in rows} == NAMES
    for r in rows:
        assert set(r) >= {"name", "value", "unit", "baseline", "ratio"}
        assert r["value"] > 0 or r["name"].startswith(("undo", "redo"))
