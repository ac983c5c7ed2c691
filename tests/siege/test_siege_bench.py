"""The Siege benchmark and balance figures still run (people read them)."""

from __future__ import annotations

import json

from bench import siege_balance, siege_figures


def test_siege_figures_print_json_lines(capsys):
    siege_figures.main(playout_commands=60)
    rows = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    assert {r["name"] for r in rows} == {
        "siege_ai_turn_ms",
        "siege_ai_turn_cold_ms",
        "siege_playout_commands_per_s",
    }
    assert all(r["value"] > 0 for r in rows)
    turn = next(r for r in rows if r["name"] == "siege_ai_turn_ms")
    assert turn["zombies"] == 30 and turn["map"] == "farm"


def test_siege_balance_measures_a_mission():
    row = siege_balance.measure("house", games=1, seed=0)
    assert row["mission"] == "house" and row["games"] == 1
    assert row["win_rate"] in (0.0, 1.0) and row["mean_rounds"] >= 1
