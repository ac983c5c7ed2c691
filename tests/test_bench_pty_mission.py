"""The pty benchmark's mission (bench/pty_figures.py) measures turns, not a
game over: the largest map, 120 more zombies, and room for all of them."""

from __future__ import annotations

from bench.pty_figures import ROUNDS, SURVIVORS, ZOMBIES, bench_mission
from engine import Game


def test_the_bench_mission_plays_its_rounds_without_a_game_over():
    plain = Game.new("station", mission="command_deck", seed=1, survivors=list(SURVIVORS))
    game = Game.new("station", mission=bench_mission(), seed=1, survivors=list(SURVIVORS))
    assert game.state.zombie_count() == plain.state.zombie_count() + ZOMBIES
    for _ in range(ROUNDS + 1):
        before = game.state.round
        for survivor in SURVIVORS:
            game.submit({"type": "end_turn", "survivor": survivor})
        assert game.outcome is None
        assert game.state.round == before + 1
