"""Cells, moving, passing figures and carrying the wounded (SI-1..SI-4)."""

from __future__ import annotations

import pytest

ROOM = """
#########
#1.=&".X#
#.#+C'..#
#.BcC..2#
#########
"""


def test_si_1_and_si_2_entry_costs_of_each_cell(play):
    """SI-2: a floor or open door costs 1; a window, furniture or bushes cost 3."""
    g = play(ROOM, humans=["drifter", "cop"])
    g.act("move", "drifter", path=[[2, 1]])
    assert g.human("drifter")["actions_left"] == 3
    g.act("move", "drifter", path=[[3, 1]])  # window
    assert g.human("drifter")["done"], "a command leaving no action ends the turn"
    g.act("move", "cop", path=[[6, 3], [6, 2], [5, 2]])  # floor, floor, open door
    assert g.human("cop")["actions_left"] == 1
    g.act("end_turn", "cop")
    assert g.summary()["round"] == 2
    g.act("move", "drifter", path=[[4, 1]])  # furniture
    assert g.human("drifter")["actions_left"] == 1
    g.act("move", "cop", path=[[5, 1]])  # bushes
    assert g.human("cop")["actions_left"] == 1


def test_si_1_cells_no_one_enters_are_refused(play):
    """SI-1/SI-2: walls, closed doors, cars (body and bonnet), barricades and
    search spots cannot be entered."""
    g = play(
        """
        #######
        #.+XcC#
        #.1BcC#
        #######
        """
    )
    for cell in ([2, 1], [3, 2], [2, 3]):  # closed door, barricade, wall
        assert g.refuses("move", "drifter", path=[cell]) == "blocked"
    g2 = play(
        """
        ######
        #X1cC#
        ######
        """
    )
    for cell in ([1, 1], [3, 1]):  # search spot, car bonnet
        assert g2.refuses("move", "drifter", path=[cell]) == "blocked"


def test_si_2_a_path_pays_the_sum_of_its_cells_and_must_be_connected(play):
    g = play(ROOM)
    assert g.refuses("move", "drifter", path=[[1, 2], [1, 4]]) == "bad_path"
    assert g.refuses("move", "drifter", path=[[2, 1], [3, 1], [4, 1]]) == "no_actions"  # 1+3+3
    assert g.refuses("move", "drifter", path=[]) == "bad_path"
    g.act("move", "drifter", path=[[1, 2], [1, 3]])
    assert g.at("drifter") == [1, 3]
    assert g.human("drifter")["actions_left"] == 2


def test_si_2_a_wounded_human_moves_one_cell_a_turn(play):
    g = play(
        """
        ######
        #1...#
        #...X#
        ######
        """,
        "[humans.drifter]\nlives = 1\n",
    )
    assert g.human("drifter")["wounded"]
    assert g.refuses("move", "drifter", path=[[2, 1], [3, 1]]) == "wounded"
    g.act("move", "drifter", path=[[2, 1]])
    assert g.refuses("move", "drifter", path=[[3, 1]]) == "wounded"
    assert g.human("drifter")["actions_left"] == 3


def test_si_2_a_human_at_no_lives_dies_and_drops_everything(play):
    g = play(
        """
        ######
        #1Z.X#
        ######
        """,
        '[humans.drifter]\nlives = 1\nitems = ["pistol"]\n',
        dice=[6],
    )
    g.act("end_turn", "drifter")
    g.zombie("zombie_attack", zombie="z1", human="drifter")
    s = g.summary()
    assert s["humans"]["drifter"]["alive"] is False
    assert s["humans"]["drifter"]["at"] is None
    assert s["humans"]["drifter"]["items"] == []
    assert s["floor"] == [{"at": [1, 1], "items": ["nail_board", "pistol"]}]
    assert s["outcome"] == "lost"


def test_si_3_humans_pass_through_other_humans_but_never_stop_on_them(play):
    g = play(
        """
        #######
        #12..X#
        #######
        """,
        humans=["drifter", "cop"],
    )
    assert g.refuses("move", "drifter", path=[[2, 1]]) == "blocked"
    g.act("move", "drifter", path=[[2, 1], [3, 1]])
    assert g.at("drifter") == [3, 1]


def test_si_3_passing_a_zombie_succeeds_unless_the_zombie_side_rolls_6(play):
    g = play(
        """
        #######
        #1Z..X#
        #.....#
        #######
        """,
        dice=[5],
    )
    events = g.act("move", "drifter", path=[[2, 1], [3, 1], [4, 1]])
    assert [e["type"] for e in events if e["type"] != "turn_started"] == [
        "pass_rolled",
        "human_passed",
        "human_moved",
    ]
    assert g.at("drifter") == [4, 1]
    assert g.human("drifter")["lives"] == 3


def test_si_3_a_bite_on_6_stops_the_human_before_the_zombie(play):
    """Clarification 2: on a 6 the human stays, pays the steps to the zombie,
    loses a life, and the rest of the path is not walked."""
    g = play(
        """
        ########
        #1.Z..X#
        ########
        """,
        dice=[6],
    )
    g.act("move", "drifter", path=[[2, 1], [3, 1], [4, 1], [5, 1]])
    h = g.human("drifter")
    assert h["at"] == [2, 1]
    assert h["lives"] == 2
    assert h["actions_left"] == 2  # one step walked, one paid toward the zombie


def test_si_3_a_pass_needs_the_cell_straight_beyond_next_and_free(play):
    g = play(
        """
        #######
        #1Z...#
        #.Z..X#
        #.....#
        #######
        """
    )
    assert g.refuses("move", "drifter", path=[[2, 1]]) == "blocked"  # cannot end on a zombie
    assert g.refuses("move", "drifter", path=[[2, 1], [2, 2]]) == "bad_path"  # not straight
    g2 = play(
        """
        ######
        #1ZZX#
        ######
        """
    )
    assert g2.refuses("move", "drifter", path=[[2, 1], [3, 1]]) == "blocked"


def test_si_3_a_wounded_human_cannot_pass_a_zombie(play):
    g = play(
        """
        ######
        #1Z.X#
        ######
        """,
        "[humans.drifter]\nlives = 1\n",
    )
    assert g.refuses("move", "drifter", path=[[2, 1], [3, 1]]) == "wounded"


CARRY = """
#######
#12...#
#....X#
#######
"""


def _carry_game(play, **kw):
    return play(CARRY, "[humans.cop]\nlives = 1\n", humans=["drifter", "cop"], **kw)


def test_si_4_lifting_a_wounded_neighbour_costs_1_and_takes_them_off_the_board(play):
    g = _carry_game(play)
    g.act("carry", "drifter", target="cop")
    s = g.summary()["humans"]
    assert s["drifter"]["carrying"] == "cop" and s["cop"]["carried_by"] == "drifter"
    assert s["cop"]["at"] is None
    assert s["drifter"]["actions_left"] == 3
    assert g.refuses("move", "cop", path=[[2, 2]]) == "carried"


def test_si_4_the_carried_are_set_down_on_the_carriers_latest_free_cell(play):
    """Clarification 3: by default the latest cell stood on this turn that is free."""
    g = _carry_game(play)
    g.act("carry", "drifter", target="cop")
    g.act("move", "drifter", path=[[2, 1], [3, 1], [4, 1]])
    assert not g.human("drifter")["done"], "a carrier with no action left keeps the turn"
    g.act("end_turn", "drifter")
    assert g.at("cop") == [3, 1]
    assert g.human("cop")["carried_by"] is None


def test_si_4_a_carrier_chooses_where_to_set_down_even_after_the_last_action(play):
    """House rule (issue 25): a carrier's turn does not end by itself when the
    actions run out; their end_turn says where the carried is set down."""
    g = _carry_game(play)
    g.act("carry", "drifter", target="cop")
    g.act("move", "drifter", path=[[2, 1], [3, 1], [4, 1]])
    assert g.human("drifter")["actions_left"] == 0
    assert g.summary()["active"] == "drifter" and g.human("cop")["carried_by"] == "drifter"
    assert g.refuses("move", "drifter", path=[[5, 1]]) == "no_actions"
    g.act("end_turn", "drifter", set_down=[2, 1])
    assert g.at("cop") == [2, 1] and g.human("drifter")["done"]


def test_si_4_end_turn_may_name_where_the_carried_are_set_down(play):
    g = _carry_game(play)
    g.act("carry", "drifter", target="cop")
    g.act("move", "drifter", path=[[2, 1], [3, 1]])
    assert g.refuses("end_turn", "drifter", set_down=[4, 1]) == "blocked"  # not stood on
    assert g.refuses("end_turn", "drifter", set_down=[3, 1]) == "blocked"  # the carrier's cell
    g.act("end_turn", "drifter", set_down=[1, 1])
    assert g.at("cop") == [1, 1]


def test_si_4_another_human_acting_ends_the_carriers_turn_and_sets_down(play):
    g = play(
        """
        ########
        #12...3#
        #.....X#
        ########
        """,
        "[humans.cop]\nlives = 1\n",
        humans=["drifter", "cop", "medic"],
    )
    g.act("carry", "drifter", target="cop")
    g.act("move", "drifter", path=[[2, 1]])
    g.act("move", "medic", path=[[5, 1]])
    s = g.summary()["humans"]
    assert s["drifter"]["done"] and s["cop"]["at"] == [1, 1]
    assert not s["cop"]["done"], "the carried still take their own turn"


def test_si_4_only_the_wounded_next_to_you_are_carried(play):
    g = play(CARRY, humans=["drifter", "cop"])
    assert g.refuses("carry", "drifter", target="cop") == "not_wounded"
    g2 = play(
        """
        #######
        #1.2..#
        #....X#
        #######
        """,
        "[humans.cop]\nlives = 1\n",
        humans=["drifter", "cop"],
    )
    assert g2.refuses("carry", "drifter", target="cop") == "not_adjacent"


@pytest.mark.parametrize("path", [[[2, 1]], [[1, 2], [2, 2]]])
def test_si_1_cells_are_x_y_from_the_first_map_line(play, path):
    g = play(CARRY, humans=["drifter"])
    g.act("move", "drifter", path=path)
    assert g.at("drifter") == path[-1]


def test_si_4_with_no_free_cell_on_the_trail_the_carried_go_to_the_nearest_free_cell(play):
    """Clarification 3: the carrier's own cell is not free."""
    g = play(
        """
        ######
        #12..#
        #...X#
        ######
        """,
        "[humans.cop]\nlives = 1\n",
        humans=["drifter", "cop"],
    )
    g.act("carry", "drifter", target="cop")
    g.act("end_turn", "drifter")
    assert g.at("cop") == [2, 1], "nearest to the carrier, then reading order"
