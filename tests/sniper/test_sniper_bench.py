"""The sniper benchmark still runs (its figures are read by people, not asserted)."""

from __future__ import annotations

import json

from bench import sniper_figures


def test_sniper_figures_print_json_lines(capsys):
    sniper_figures.main(games=1, rate_games=1, workers=1)
    rows = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    names = {r["name"] for r in rows}
    assert names == {
        "sniper_ai_turn_ms",
        "sniper_ai_decision_ms",
        "sniper_bot_game_commands_per_s",
        "sniper_bench_s",
        "sniper_bot_win_rate_village",
        "sniper_bot_win_rate_forest_road",
        "sniper_bot_win_rate_rail_yard",
        "sniper_bot_win_rate_mill",
        "sniper_bot_win_rate_border",
        "sniper_stuck_unit_turns",
    }
    turn = next(r for r in rows if r["name"] == "sniper_ai_turn_ms")
    assert turn["value"] > 0 and turn["map"] == "rail_yard" and turn["units"] >= 11
