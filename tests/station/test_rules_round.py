"""ST-2 the round; K-5 commands that are refused; K-6 undo and redo."""

import pytest

from engine import RuleError

CORRIDOR = """
#################
#aaabbbcccdddeee#
#aaabbbcccdddeee#
#################
#xx#
"""

START_A = "[zones.a]\nstart = true\n"
WALKER_E = '[[zombies]]\nzone = "e"\nkind = "walker"\n'


# ST-2.1: two actions, then the survivor is done and may not act again this round.
def test_ST_2_1_two_actions_then_done(play):
    g = play(CORRIDOR, START_A, survivors=["lin", "vega"])
    g.act("move", "lin", to="b")
    s = g.summary()
    assert s["active"] == "lin" and s["survivors"]["lin"]["actions_left"] == 1
    g.act("move", "lin", to="c")
    s = g.summary()
    assert s["survivors"]["lin"]["actions_left"] == 0
    assert "lin" in s["done"] and s["round"] == 1
    g.refuses("move", "lin", to="d")


# ST-2.1: acting with another survivor ends the current one's activation.
def test_ST_2_1_acting_with_another_survivor_ends_the_first(play):
    g = play(CORRIDOR, START_A, survivors=["lin", "vega"])
    g.act("move", "lin", to="b")
    g.act("move", "vega", to="b")
    s = g.summary()
    assert s["active"] == "vega" and s["done"] == ["lin"]
    g.refuses("move", "lin", to="c")  # lin kept an action, but her turn is over


# ST-2.1: end_turn ends an activation, even before the first action.
def test_ST_2_1_end_turn_skips_a_survivor(play):
    g = play(CORRIDOR, START_A, survivors=["lin", "vega"])
    g.act("end_turn", "lin")
    assert g.summary()["done"] == ["lin"]
    g.refuses("move", "lin", to="b")
    assert g.summary()["round"] == 1


# ST-2.2: the zombie phase runs at once when the last living survivor is done, not before.
def test_ST_2_2_zombie_phase_follows_when_everyone_is_done(play):
    g = play(CORRIDOR, START_A + WALKER_E, survivors=["lin", "vega"])
    g.act("end_turn", "lin")
    assert g.zombies("e") == {"walker": 1} and g.summary()["round"] == 1
    g.act("end_turn", "vega")
    s = g.summary()
    assert s["round"] == 2 and s["phase"] == "players"
    assert g.all_zombies() == {"d": {"walker": 1}}
    assert s["done"] == [] and s["active"] is None
    assert s["survivors"]["lin"]["actions_left"] == 2


# ST-2.3: the end of the round removes noise tokens.
def test_ST_2_3_round_end_clears_noise(play):
    g = play(
        CORRIDOR,
        START_A + '[[zombies]]\nzone = "b"\nkind = "walker"\ncount = 3\n',
        survivors=["okafor"],
        dice=[2, 2, 2],
    )
    g.act("ranged", "okafor", zone="b")
    assert g.noise("a") == 1
    g.act("end_turn", "okafor")
    s = g.summary()
    assert s["round"] == 2
    assert s["noise"] == {} or not any(s["noise"].values())


# ST-2.3: the end of the round removes the noise marker.
def test_ST_2_3_round_end_removes_the_noise_marker(play):
    g = play(CORRIDOR, START_A, survivors=["mori"])
    g.act("skill", "mori", skill="racket")
    assert g.summary()["marker"] == "a"
    g.act("end_turn", "mori")
    assert g.summary()["marker"] is None and g.summary()["round"] == 2


# K-5: malformed or impossible commands raise RuleError and change nothing.
@pytest.mark.parametrize(
    "command",
    [
        {"type": "fly", "survivor": "lin"},
        {"type": "move", "survivor": "lin"},
        {"type": "move", "survivor": "lin", "to": 3},
        {"type": "move", "survivor": "zed", "to": "b"},
        {"type": "move", "survivor": "vega", "to": "b"},
        {"type": "move", "survivor": "lin", "to": "?"},
        {"type": "move", "survivor": "lin", "to": "b", "speed": 9},
        {"survivor": "lin", "to": "b"},
        {"type": "open_door", "survivor": "lin", "door": "a-b"},
        {"type": "use", "survivor": "lin", "card": "pistol"},
        {"type": "use", "survivor": "lin", "card": "medkit", "target": "zed"},
        {"type": "skill", "survivor": "lin", "skill": "racket"},
        {"type": "skill", "survivor": "lin", "skill": "fly"},
        {"type": "choose", "option": "lucky"},
        {"type": "take_objective", "survivor": "lin"},
        {"type": "melee", "survivor": "lin"},
        {"type": "ranged", "survivor": "lin", "zone": "b"},
        {"type": "manage", "survivor": "lin", "hand": ["pistol"], "backpack": []},
    ],
)
def test_K_5_bad_commands_are_refused_and_change_nothing(play, command):
    g = play(CORRIDOR, START_A + WALKER_E, survivors=["lin"])
    g.refused(command)


# K-5: a command that is not a mapping is refused too.
@pytest.mark.parametrize("command", ["move", None, 7, ["move", "lin", "b"]])
def test_K_5_non_mapping_commands_are_refused(play, command):
    g = play(CORRIDOR, START_A, survivors=["lin"])
    before = g.summary()
    with pytest.raises(RuleError):
        g.submit(command)
    assert g.summary() == before


# K-6: undo reverts a command, redo re-applies it, a new command drops the redo branch.
def test_K_6_undo_redo_basics(play):
    g = play(CORRIDOR, START_A, survivors=["lin", "vega"])
    start = g.summary()
    g.act("move", "lin", to="b")
    moved = g.summary()
    assert g.undo() is True and g.summary() == start
    assert g.can_redo() and g.redo() is True and g.summary() == moved
    assert g.undo() is True
    g.act("move", "vega", to="b")
    assert not g.can_redo() and g.redo() is False
    assert g.survivor("lin")["zone"] == "a" and g.survivor("vega")["zone"] == "b"
    assert g.undo() is True and g.undo() is False and g.summary() == start


# K-6: undoing the command that ran the zombie phase undoes the phase too.
def test_K_6_undo_reverts_the_zombie_phase_it_triggered(play):
    g = play(CORRIDOR, START_A + WALKER_E, survivors=["lin"])
    g.act("move", "lin", to="b")
    mid = g.summary()
    g.act("end_turn", "lin")
    assert g.summary()["round"] == 2 and g.zombies("d") == {"walker": 1}
    g.undo()
    assert g.summary() == mid


# K-2: undo is not a way to re-roll: the same attack after undo rolls the same dice.
def test_K_2_undo_then_the_same_attack_rolls_the_same_dice(play):
    g = play(
        CORRIDOR,
        START_A + '[[zombies]]\nzone = "a"\nkind = "walker"\ncount = 6\n',
        survivors=["hale", "lin"],
        seed=12345,
    )
    g.act("melee", "hale")
    first = (g.events_of("rolled"), g.summary())
    g.undo()
    g.act("melee", "hale")
    assert (g.events_of("rolled"), g.summary()) == first


# K-6: ironman games refuse undo with a reason.
def test_K_6_ironman_refuses_undo(play):
    g = play(CORRIDOR, START_A, survivors=["lin", "vega"], undo="ironman")
    g.act("move", "lin", to="b")
    with pytest.raises(RuleError) as err:
        g.undo()
    assert err.value.code == "undo_refused"
    assert g.survivor("lin")["zone"] == "b"


# K-6: honest undo may take back a move but not a die roll.
def test_K_6_honest_undo_stops_at_dice(play):
    g = play(
        CORRIDOR,
        START_A + '[[zombies]]\nzone = "a"\nkind = "walker"\ncount = 2\n',
        survivors=["hale", "lin"],
        undo="honest",
        dice=[2, 2, 2],
    )
    g.act("move", "lin", to="b")
    assert g.undo() is True
    g.act("melee", "hale")
    with pytest.raises(RuleError) as err:
        g.undo()
    assert err.value.code == "undo_refused"
    assert g.survivor("hale")["actions_left"] == 1


# K-6: honest undo also stops at a drawn card and at a spawn.
def test_K_6_honest_undo_stops_at_cards_and_spawns(play):
    g = play(
        CORRIDOR,
        START_A
        + '[zones.e]\nspawn = 1\n[decks]\nsearch = ["nothing"]\n'
        + "[[decks.zombie]]\nblue = {walker = 1}\n",
        survivors=["lin", "vega"],
        undo="honest",
    )
    g.act("search", "lin")
    with pytest.raises(RuleError):
        g.undo()
    g.act("end_turn", "lin")
    g.act("end_turn", "vega")  # the zombie phase spawns in e
    assert g.zombies("e") == {"walker": 1}
    with pytest.raises(RuleError):
        g.undo()
    assert g.summary()["round"] == 2


# K-1: replaying the events never rolls again: a saved game loads to the same summary.
def test_K_1_replay_gives_the_same_game(play):
    g = play(
        CORRIDOR,
        START_A + "[zones.e]\nspawn = 1\n" + '[[zombies]]\nzone = "b"\ncount = 3\n',
        survivors=["okafor", "hale"],
        seed=99,
    )
    g.act("ranged", "okafor", zone="b")
    g.act("move", "hale", to="b")
    g.act("melee", "hale")
    g.act("end_turn", "okafor")
    g.act("end_turn", "hale")
    again = type(g.game).from_bytes(g.to_bytes())
    assert again.summary() == g.summary()
    assert g.replay_state() == g.state


# ST-2.1 (rules-notes: any command by a survivor who is not the active one ends the
# active one's activation): Hale skipping his turn while Lin is mid-activation ends
# Lin's activation too, so the zombie phase follows at once.
def test_ST_2_1_end_turn_by_another_survivor_ends_the_active_one(play):
    g = play(CORRIDOR, START_A, survivors=["lin", "hale"])
    g.act("move", "lin", to="b")
    g.act("end_turn", "hale")
    s = g.summary()
    assert s["round"] == 2 and s["done"] == [] and s["active"] is None
