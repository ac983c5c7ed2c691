"""ST-1 components and setup, ST-4.4 map order and mission checks, ST-A survivors."""

import pytest

from engine import Game, MissionError, RuleError

CORRIDOR = """
#################
#aaabbbcccdddeee#
#aaabbbcccdddeee#
#################
#xx#
"""


# ST-1.3, ST-A: each survivor starts with their card, blue skill, wounds and two actions.
@pytest.mark.parametrize(
    "sid, card, skill, max_wounds, ammo",
    [
        ("vega", "wrench", "silent_doors", 3, []),
        ("okafor", "pistol", "plus_1_ranged_die", 3, [["pistol", 6]]),
        ("lin", "medkit", "medic", 2, []),
        ("ruiz", "knife", "plus_1_speed", 2, []),
        ("hale", "crowbar", "tough", 3, []),
        ("mori", "flare_gun", "racket", 2, [["flare_gun", 2]]),
    ],
)
def test_ST_1_3_survivor_starts_with_card_skill_and_wounds(
    play, sid, card, skill, max_wounds, ammo
):
    g = play(CORRIDOR, "[zones.a]\nstart = true\n", survivors=[sid])
    s = g.survivor(sid)
    assert s["zone"] == "a"
    assert s["hand"] == [card]
    assert s["backpack"] == []
    assert s["skills"] == [skill]
    assert s["max_wounds"] == max_wounds
    assert (s["wounds"], s["xp"], s["level"], s["alive"]) == (0, 0, "blue", True)
    assert s["actions_left"] == 2
    assert [list(x) for x in s["ammo"]] == ammo


# ST-1.3: an unknown survivor, the same survivor twice, or seven survivors are refused.
@pytest.mark.parametrize(
    "roster",
    [["zed"], ["lin", "lin"], ["vega", "okafor", "lin", "ruiz", "hale", "mori", "vega"]],
)
def test_ST_1_3_bad_rosters_are_refused(mission_file, roster):
    path = mission_file(CORRIDOR, "[zones.a]\nstart = true\n")
    with pytest.raises((RuleError, ValueError)):
        Game.new("station", mission=path, seed=1, survivors=roster)


# ST-1.3: six survivors may play at once, all in the start zone.
def test_ST_1_3_six_survivors_start_together(play):
    roster = ["vega", "okafor", "lin", "ruiz", "hale", "mori"]
    g = play(CORRIDOR, "[zones.c]\nstart = true\n", survivors=roster)
    s = g.summary()
    assert list(s["survivors"]) == roster
    assert {v["zone"] for v in s["survivors"].values()} == {"c"}


# ST-1.4, ST-1.5: round 1, blue danger, players' phase; zombies where the mission puts them.
def test_ST_1_4_and_1_5_start_state(play):
    g = play(
        CORRIDOR,
        """
        [zones.a]
        start = true
        [[zombies]]
        zone = "d"
        kind = "runner"
        count = 2
        [[zombies]]
        zone = "e"
        kind = "armored"
        """,
    )
    s = g.summary()
    assert (s["round"], s["phase"], s["danger"], s["outcome"], s["score"]) == (
        1,
        "players",
        "blue",
        None,
        0,
    )
    assert g.all_zombies() == {"d": {"runner": 2}, "e": {"armored": 1}}
    assert s["active"] is None and s["done"] == [] and s["pending"] is None


# ST-1.2: objective tokens and dark zones are listed from the mission's marks.
def test_ST_1_2_zone_marks_are_listed(play):
    g = play(
        """
        ###########
        #aaa+bbbcc#
        ###########
        #xx#
        """,
        """
        [zones.a]
        start = true
        [zones.b]
        dark = true
        objective = true
        [zones.c]
        dark = true
        objective = true
        """,
    )
    s = g.summary()
    assert sorted(s["objectives_left"]) == ["b", "c"]
    assert sorted(s["dark"]) == ["b", "c"]
    assert s["doors"] == {"a-b": "closed"}


# ST-4.4: door ids are the two zone ids sorted; a second door between them gets ".2".
def test_ST_4_4_door_ids_in_map_order(play):
    g = play(
        """
        #########
        #bbb+aaa#
        #bbb#aaa#
        #bbb+aaa#
        #########
        #xx#
        """,
        "[zones.a]\nstart = true\n",
    )
    assert g.summary()["doors"] == {"a-b": "closed", "a-b.2": "closed"}


# ST-4.4: one start zone per mission; none or two is a mission error.
@pytest.mark.parametrize(
    "body", ["[zones.a]\nexit = true\n", "[zones.a]\nstart = true\n[zones.b]\nstart = true\n"]
)
def test_ST_4_4_exactly_one_start_zone(mission_file, body):
    path = mission_file(CORRIDOR, body)
    with pytest.raises(MissionError) as err:
        Game.new("station", mission=path, seed=1, survivors=["lin"])
    assert "start" in str(err.value)


# ST-4.4: a door cell that touches a third zone is a mission error naming the map line.
def test_ST_4_4_door_touching_a_third_zone_is_refused(mission_file):
    path = mission_file(
        """
        ########
        #aaa+bb#
        ####c###
        #xx#c###
        ########
        """,
        "[zones.a]\nstart = true\n",
    )
    with pytest.raises(MissionError) as err:
        Game.new("station", mission=path, seed=1, survivors=["lin"])
    assert "third zone" in str(err.value)
    assert err.value.line is not None


# ST-4.4: map order is by each zone's first cell in reading order, not by its letter;
# a zombie torn between two equal targets follows map order (ST-5.3).
def test_ST_4_4_map_order_breaks_target_ties(play):
    g = play(
        """
        ###########
        #qqq#######
        #qqqmmmppp#
        ###########
        #xx#
        """,
        """
        [zones.m]
        start = true
        [[zombies]]
        zone = "m"
        kind = "walker"
        """,
        survivors=["lin", "vega"],
    )
    g.act("move", "lin", to="p")  # lin is first in seat order and p first by letter
    g.act("move", "vega", to="q")  # q comes first in map order
    g.act("end_turn", "vega")
    assert g.summary()["round"] == 2
    assert g.all_zombies() == {"q": {"walker": 1}}


# ST-3.5, ST-1.2 (rules-notes): a dark zone sits behind closed doors only; one touching a
# lit zone directly, or behind a door drawn open, is a mission error.
@pytest.mark.parametrize(
    "board",
    [
        "#########\n#aaabbbb#\n#########\n#xx#\n",
        "#########\n#aaa'bbb#\n#########\n#xx#\n",
    ],
)
def test_ST_3_5_dark_zone_must_sit_behind_a_closed_door(mission_file, board):
    path = mission_file(board, "[zones.a]\nstart = true\n[zones.b]\ndark = true\n")
    with pytest.raises(MissionError) as err:
        Game.new("station", mission=path, seed=1, survivors=["lin"])
    assert "dark" in str(err.value)


# ST-1.2: mission marks naming zones or doors that are not on the map are refused.
@pytest.mark.parametrize(
    "body",
    [
        "[zones.a]\nstart = true\n[zones.q]\nexit = true\n",
        '[zones.a]\nstart = true\n[doors."a-q"]\nlocked = true\n',
        '[zones.a]\nstart = true\n[[zombies]]\nzone = "q"\n',
        '[zones.a]\nstart = true\n[[zombies]]\nzone = "b"\nkind = "ghoul"\n',
        '[zones.a]\nstart = true\n[decks]\nsearch = ["treasure"]\n',
    ],
)
def test_ST_1_2_marks_off_the_map_are_mission_errors(mission_file, body):
    path = mission_file(CORRIDOR, body)
    with pytest.raises(MissionError) as err:
        Game.new("station", mission=path, seed=1, survivors=["lin"])
    assert err.value.line is not None
