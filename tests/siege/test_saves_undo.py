"""Saves and undo (K-6) for Siege: a pending re-roll survives save and load,
honest undo stops at rolled dice and drawn cards, and undoing the command
that ended the humans' phase takes the whole zombie turn back."""

from __future__ import annotations

import pytest

from engine import Game, RuleError

LANE = """
########
#1Z....#
#.....X#
########
"""


def test_a_pending_reroll_is_saved_and_loaded(play, tmp_path):
    g = play(LANE, humans=["cop"], dice=[3, 6])
    g.act("attack", "cop", weapon="pistol", at=[2, 1])
    path = tmp_path / "siege.shamble"
    g.save(path)
    again = Game.load(path)
    assert again.summary() == g.summary()
    assert again.summary()["pending"]["dice"] == [3]
    again.submit({"type": "choose", "option": "reroll"})
    assert again.summary()["zombies"] == {}


def test_honest_undo_stops_at_dice_but_not_at_a_plain_move(play):
    g = play(LANE, humans=["cop"], dice=[2], undo="honest")
    g.act("move", "cop", path=[[1, 2]])
    assert g.undo() is True
    g.act("attack", "cop", weapon="pistol", at=[2, 1])
    with pytest.raises(RuleError) as err:
        g.undo()
    assert err.value.code == "undo_refused"


def test_ironman_refuses_undo(play):
    g = play(LANE, humans=["cop"], undo="ironman")
    g.act("move", "cop", path=[[1, 2]])
    with pytest.raises(RuleError):
        g.undo()


def test_undo_takes_back_the_zombie_turn_the_command_played():
    g = Game.new("siege", mission="farm", seed=4)
    before = g.summary()
    for hid in ("drifter", "medic", "cop", "mechanic"):
        g.submit({"type": "end_turn", "human": hid})
    after = g.summary()
    assert after["round"] == 2 and after["zombies"] != before["zombies"]
    assert g.undo() is True
    s = g.summary()
    assert s["round"] == 1 and s["zombies"] == before["zombies"]
    assert g.redo() is True and g.summary() == after


def test_the_same_commands_give_the_same_game(tmp_path):
    """K-2: fate is fixed by the seed; a replay from the save rebuilds the state."""
    a = Game.new("siege", mission="street", seed=9)
    b = Game.new("siege", mission="street", seed=9)
    for g in (a, b):
        for _ in range(3):
            for hid in ("cop", "mechanic", "medic"):
                g.submit({"type": "end_turn", "human": hid})
    assert a.summary() == b.summary()
    path = tmp_path / "street.shamble"
    a.save(path)
    assert Game.load(path).state == a.state == a.replay_state()
