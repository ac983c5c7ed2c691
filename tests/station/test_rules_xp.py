"""ST-7 experience, levels and danger; ST-2.1 the yellow action; level-up skill choices."""

import pytest

CORRIDOR = """
#################
#aaabbbcccdddeee#
#aaabbbcccdddeee#
#################
#yy#xx#
"""


def zombie(zone: str, kind: str = "walker", count: int = 1) -> str:
    return f'[[zombies]]\nzone = "{zone}"\nkind = "{kind}"\ncount = {count}\n'


def horde(count: int, extra: str = "") -> str:
    """A grenade on the floor of the start zone a and `count` walkers next door in b."""
    return '[zones.a]\nstart = true\nfloor = ["grenade"]\n' + zombie("b", count=count) + extra


def grenade(g, sid: str, first: str) -> None:
    """Pick up the grenade (1 action) and throw it into b (1 action)."""
    g.act("manage", sid, hand=[first, "grenade"], backpack=[])
    g.act("use", sid, card="grenade", target="b")


# ST-7.1: XP levels: 6 XP is still blue, 7 is yellow.
@pytest.mark.parametrize("count, level, left", [(6, "blue", 0), (7, "yellow", 1)])
def test_ST_7_1_yellow_at_seven_xp_gives_an_action_at_once(play, count, level, left):
    g = play(CORRIDOR, horde(count), survivors=["lin", "vega"], max_zombies=60)
    grenade(g, "lin", "medkit")
    s = g.survivor("lin")
    assert (s["xp"], s["level"], s["actions_left"]) == (count, level, left)
    assert ("lin" in g.summary()["done"]) == (left == 0)
    assert g.summary()["danger"] == level  # ST-7.2: a level-up raises danger at once


# ST-7.1: 18 XP is yellow; 19 is orange, which owes a skill choice from the survivor's
# orange list, asked as a pending decision.
@pytest.mark.parametrize("count, level", [(18, "yellow"), (19, "orange")])
def test_ST_7_1_orange_at_nineteen_xp(play, count, level):
    g = play(CORRIDOR, horde(count), survivors=["lin", "vega"], max_zombies=60)
    grenade(g, "lin", "medkit")
    s = g.summary()
    assert s["survivors"]["lin"]["level"] == level
    if level == "yellow":
        assert s["pending"] is None
    else:
        assert s["pending"]["survivor"] == "lin"
        assert sorted(s["pending"]["options"]) == ["lucky", "scavenger"]


# ST-7.1: the pending choice must be answered first; a bad option changes nothing; the
# chosen skill is added.
def test_ST_7_1_orange_skill_choice_is_answered_by_choose(play):
    g = play(CORRIDOR, horde(19), survivors=["lin", "vega"], max_zombies=60)
    grenade(g, "lin", "medkit")
    g.refuses("move", "lin", to="b")
    g.refuses("end_turn", "vega")
    g.refused({"type": "choose", "option": "tough"})  # a red skill, not on offer yet
    g.choose("scavenger")
    s = g.summary()
    assert s["pending"] is None
    assert s["survivors"]["lin"]["skills"] == ["medic", "scavenger"]
    assert s["survivors"]["lin"]["actions_left"] == 1
    g.refused({"type": "choose", "option": "lucky"})  # nothing pending now


# ST-7.1: 43 XP is red: the orange choice, then the red one, one at a time; danger red.
def test_ST_7_1_red_owes_two_choices(play):
    g = play(CORRIDOR, horde(43), survivors=["lin", "vega"], max_zombies=60)
    grenade(g, "lin", "medkit")
    s = g.summary()
    assert s["survivors"]["lin"]["level"] == "red" and s["danger"] == "red"
    assert sorted(s["pending"]["options"]) == ["lucky", "scavenger"]
    g.choose("lucky")
    assert sorted(g.summary()["pending"]["options"]) == ["plus_1_action", "sniper", "tough"]
    g.choose("plus_1_action")
    s = g.summary()
    assert s["pending"] is None
    assert s["survivors"]["lin"]["skills"] == ["medic", "lucky", "plus_1_action"]
    # 2 + 1 (yellow) + 1 (plus_1_action) - 2 spent
    assert s["survivors"]["lin"]["actions_left"] == 2


# ST-7.1, ST-3.8, ST-9.4: 5 XP per objective and 1 per kill; two objectives and a kill
# make yellow, and the score counts 10 per objective and 1 per kill.
def test_ST_7_1_objectives_and_kills_add_up(play):
    body = "[zones.a]\nstart = true\nobjective = true\n[zones.b]\nobjective = true\n" + zombie("a")
    g = play(CORRIDOR, body, survivors=["lin", "vega"], dice=[6])
    g.act("take_objective", "lin")
    g.act("melee", "lin")
    assert (g.survivor("lin")["xp"], g.survivor("lin")["level"]) == (6, "blue")
    g.act("end_turn", "vega")
    g.act("move", "lin", to="b")
    g.act("take_objective", "lin")
    s = g.summary()
    assert (s["survivors"]["lin"]["xp"], s["survivors"]["lin"]["level"]) == (11, "yellow")
    assert s["survivors"]["lin"]["actions_left"] == 1
    assert s["score"] == 21 and s["objectives_left"] == []


# ST-6.1, ST-7.2: a spawn reads the danger at that moment: a level-up this round makes
# the spawn read the yellow line.
def test_ST_7_2_level_up_raises_the_spawn_line(play):
    extra = "[zones.y]\nspawn = 1\n[[decks.zombie]]\nblue = {walker = 1}\nyellow = {runner = 1}\n"
    g = play(CORRIDOR, horde(7, extra), survivors=["lin"])
    grenade(g, "lin", "medkit")
    g.act("end_turn", "lin")
    assert g.zombies("y") == {"runner": 1}


# ST-7.2: danger follows the most experienced *living* survivor.
def test_ST_7_2_danger_drops_when_the_veteran_falls(play):
    g = play(CORRIDOR, horde(7, zombie("a", count=2)), survivors=["lin", "vega"])
    grenade(g, "lin", "medkit")
    g.act("end_turn", "lin")
    g.act("move", "vega", to="b")
    assert g.summary()["danger"] == "yellow"
    g.act("end_turn", "vega")
    s = g.summary()
    assert s["survivors"]["lin"]["alive"] is False
    assert s["danger"] == "blue"
