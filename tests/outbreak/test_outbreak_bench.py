"""The Outbreak benchmark still runs (its figures are read by people, not asserted)."""

from __future__ import annotations

import json

from bench import outbreak_figures


def test_outbreak_figures_print_json_lines(capsys):
    outbreak_figures.main(playout_commands=60, turns=2)
    rows = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    assert [r["name"] for r in rows] == ["outbreak_bot_turn_ms", "outbreak_playout_commands_per_s"]
    for r in rows:
        assert set(r) >= {"name", "value", "unit", "baseline", "ratio"} and r["value"] > 0
