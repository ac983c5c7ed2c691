"""Seeded random playouts of Station to the end (STYLE 10).

At every step: every listed command is accepted by decide, replaying the
events rebuilds the state, and save then load gives the same game. At the
end: undo back to the start restores the initial state, redo restores the end."""

from __future__ import annotations

import random

import pytest

from engine import Game

MAX_STEPS = 5000


def play(seed: int, mission: str = "tutorial", survivors=None, check_every: int = 1, **options):
    g = Game.new("station", mission=mission, seed=seed, survivors=survivors, **options)
    start = g.summary()
    pick = random.Random(seed)
    steps = 0
    while g.outcome is None and steps < MAX_STEPS:
        legal = g.legal_commands()
        assert legal, f"no legal command before the end (seed {seed}, step {steps})"
        if steps % check_every == 0:
            assert [c for c in g.legal_commands() if g.refusal(c)] == []
        # prefer actions over ending turns so games reach their end
        acts = [c for c in legal if type(c).__name__ != "EndTurn"] or legal
        g.submit(pick.choice(acts if pick.random() < 0.85 else legal))
        steps += 1
        if steps % check_every == 0:
            assert g.replay_state() == g.state
            again = Game.from_bytes(g.to_bytes())
            assert again.summary() == g.summary()
            assert again.state == g.state
    assert g.outcome is not None, f"seed {seed} did not end in {MAX_STEPS} commands"
    end = g.summary()
    n = len(g.commands)
    for _ in range(n):
        assert g.undo()
    assert g.summary() == start
    assert g.undo() is False
    for _ in range(n):
        assert g.redo()
    assert g.summary() == end
    return g


@pytest.mark.parametrize("seed", range(12))
def test_tutorial_random_playout(seed):
    play(seed, check_every=1 if seed < 3 else 7)


@pytest.mark.parametrize("seed", range(4))
def test_playout_with_six_survivors(seed):
    play(100 + seed, survivors=["vega", "okafor", "lin", "ruiz", "hale", "mori"], check_every=5)


@pytest.mark.parametrize("seed", range(6))
def test_generated_station_random_playout(seed):
    size = ["small", "medium", "large"][seed % 3]
    play(200 + seed, mission="random", check_every=9, size=size, difficulty=str(1 + seed))


@pytest.mark.parametrize(
    "mission", ["airlock", "hydroponics", "med_bay", "cargo_hold", "reactor", "command_deck"]
)
def test_shipped_mission_random_playout(mission):
    play(7, mission=mission, survivors=["vega", "okafor", "lin"], check_every=11)
