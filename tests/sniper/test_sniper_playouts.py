"""Seeded random playouts of every shipped map to the end (STYLE 10), games
of the bot sniper against the AI commander, undo and saves.

At every checked step: every listed command is accepted, replaying the
events rebuilds the state, and save then load gives the same game. At the
end: undo back to the start restores the first summary, redo the last."""

from __future__ import annotations

import random

import pytest

from engine import Game, RuleError
from engine.sniper import bot

MAPS = ["village", "rail_yard", "forest_road", "mill", "border"]
MAX_STEPS = 600


def playout(seed: int, mission: str, check_every: int, **options) -> Game:
    g = Game.new("sniper", mission=mission, seed=seed, **options)
    start = g.summary()
    pick = random.Random(seed)
    steps = 0
    while g.outcome is None and steps < MAX_STEPS:
        legal = g.legal_commands()
        assert legal, f"no legal command before the end (seed {seed}, step {steps})"
        if steps % check_every == 0:
            assert [c for c in g.legal_commands() if g.refusal(c)] == []
        ends = [c for c in legal if type(c).__name__ == "EndTurn"]
        acts = [c for c in legal if type(c).__name__ != "EndTurn"] or legal
        g.submit(pick.choice(ends if ends and pick.random() < 0.2 else acts))
        steps += 1
        if steps % check_every == 0:
            assert g.replay_state() == g.state
            again = Game.from_bytes(g.to_bytes())
            assert again.state == g.state and again.summary() == g.summary()
    assert g.outcome is not None, f"{mission} seed {seed} did not end in {MAX_STEPS} commands"
    end = g.summary()
    n = len(g.commands)
    for _ in range(n):
        assert g.undo()
    assert g.summary() == start and g.undo() is False
    for _ in range(n):
        assert g.redo()
    assert g.summary() == end
    return g


@pytest.mark.parametrize("mission", MAPS)
@pytest.mark.parametrize("seed", range(2))
def test_random_playout_against_the_ai(mission, seed):
    playout(seed, mission, check_every=3 if seed == 0 else 9)


@pytest.mark.parametrize("mission", MAPS)
def test_random_playout_hot_seat(mission):
    playout(11, mission, check_every=7, commander="human")


@pytest.mark.parametrize("mission", MAPS)
def test_bot_against_the_ai_ends(mission):
    """AI-only games: the bot sniper against the AI commander play to an end,
    and a replay from the log gives the same game."""
    for seed in range(2):
        g = Game.new("sniper", mission=mission, seed=seed)
        assert bot.play(g) is not None
        again = Game.from_bytes(g.to_bytes())
        assert again.summary() == g.summary()


def test_honest_undo_cannot_peek_at_the_commanders_turn():
    """K-6: the commander's turn is hidden information; honest undo stops there."""
    g = Game.new("sniper", mission="village", seed=5, undo="honest")
    start = g.summary()
    g.submit({"type": "end_turn"})
    with pytest.raises(RuleError) as e:
        g.undo()
    assert e.value.code == "undo_refused"
    casual = Game.new("sniper", mission="village", seed=5)
    casual.submit({"type": "end_turn"})
    assert casual.undo() and casual.summary() == start


def test_honest_undo_takes_back_a_quiet_step():
    """K-6: a step that shows him nothing new can be taken back; one that shows
    him a unit cannot."""
    g = Game.new("sniper", mission="village", seed=5, undo="honest")
    start = g.summary()
    quiet = [c for c in g.legal_commands() if type(c).__name__ == "Move" and not _reveals(g, c)]
    assert quiet
    g.submit(quiet[0])
    assert g.undo() and g.summary() == start


def _reveals(g: Game, command) -> bool:
    probe = Game.from_bytes(g.to_bytes())
    return any(type(e).reveals for e in probe.submit(command))


def test_save_and_load_mid_game(tmp_path):
    g = Game.new("sniper", mission="rail_yard", seed=2, commander="human")
    b = bot.SniperBot()
    for _ in range(15):
        if g.summary()["active"] != "sniper":
            g.submit({"type": "end_turn"})
            continue
        g.submit(b.choose(g.view("sniper"), g.legal_commands()))
    path = tmp_path / "sniper.shamble"
    g.save(path)
    again = Game.load(path)
    assert again.summary() == g.summary()
    assert again.view("commander") == g.view("commander")
    assert again.view("sniper") == g.view("sniper")
    assert again.legal_commands() == g.legal_commands()
