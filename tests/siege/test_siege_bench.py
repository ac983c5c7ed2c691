"""The Siege benchmark and balance figures still run (people read them)."""

from __future__ import annotations

import json

from bench import siege_balance, siege_figures
from engine import Game
from engine.siege import bot


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


def test_siege_balance_prints_win_rates_and_the_turtles_first_bite(capsys):
    assert siege_balance.main(["house", "--games", "1", "--turtles", "1"]) == 0
    rows = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    assert [r["name"] for r in rows] == [
        "siege_bot_win_rate_house",
        "siege_turtle_first_bite_round_house",
        "siege_difficulty_order_matches",
    ]
    bite = rows[1]
    # the turtle in its room on the house, seed 0: the dead get in and bite in round 4
    assert bite["value"] == siege_balance.first_bite(Game.new("siege", mission="house", seed=0))
    assert bite["value"] == 4 and bite["seeds"] == 1


def test_the_turtle_closes_its_rooms_doors_and_waits_inside(play):
    board = """
    #########
    #1.....'.
    #.......#
    ###'#####
    #X.....S#
    #########
    """
    g = play(board, zombies="ai", dice=[1] * 12)
    turtle = bot.Turtle()
    for _ in range(12):
        g.submit(turtle.choose(g.view("humans"), g.legal_commands()))
    rows = g.summary()["map"]
    assert rows[1][7] == "+" and rows[3][3] == "+", "both doors of its room closed"
    assert g.at("drifter")[1] <= 2, "it never leaves the room"
