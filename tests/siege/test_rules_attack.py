"""The attack table, lines, pushes, burst fire, aiming and the preferred
re-roll (SI-7..SI-9, clarifications 1, 5 and 6)."""

from __future__ import annotations

import pytest

from tests.siege.conftest import plain

LANE = """
########
#1Z....#
#.....X#
########
"""


def _rolled(g) -> dict:
    return g.events_of("attack_rolled")[-1]


@pytest.mark.parametrize(
    ("weapon", "dice", "result"),
    [
        ("nail_board", [6], "head"),
        ("nail_board", [5], "body"),
        ("nail_board", [3], "miss"),
        ("nail_board", [1], "oops"),
        ("kitchen_knife", [5], "head"),
        ("kitchen_knife", [4], "body"),
        ("kitchen_knife", [3], "miss"),
        ("axe", [5], "head"),
        ("axe", [3], "body"),
        ("axe", [2], "miss"),
        ("crowbar", [6], "head"),
        ("crowbar", [4], "body"),
        ("pistol", [5], "head"),
        ("pistol", [3], "body"),
        ("pistol", [2], "miss"),
        ("shotgun", [4], "head"),
        ("shotgun", [2], "body"),
        ("shotgun", [1], "oops"),
        ("ak47", [5, 2, 2], "head"),
        ("ak47", [2, 3, 2], "body"),
        ("ak47", [2, 2, 2], "miss"),
    ],
)
def test_si_7_each_weapon_reads_its_own_card(play, weapon, dice, result):
    g = play(LANE, f'[humans.drifter]\nitems = ["{weapon}"]\n', dice=dice)
    g.act("attack", "drifter", weapon=weapon, at=[2, 1])
    assert _rolled(g)["result"] == result
    assert _rolled(g)["dice"] == dice


def test_si_8_a_head_hit_kills_and_counts_for_the_attacker(play):
    g = play(LANE, '[humans.drifter]\nitems = ["axe"]\n', dice=[5])
    g.act("attack", "drifter", weapon="axe", at=[2, 1])
    assert g.zombies() == {}
    assert g.human("drifter")["kills"] == 1 and g.summary()["kills"] == 1
    assert g.human("drifter")["actions_left"] == 3


def test_si_8_melee_reaches_only_an_orthogonal_neighbour(play):
    g = play(
        """
        ######
        #1...#
        #.Z.X#
        ######
        """,
        '[humans.drifter]\nitems = ["axe"]\n',
    )
    assert g.refuses("attack", "drifter", weapon="axe", at=[2, 2]) == "not_adjacent"
    assert g.refuses("attack", "drifter", weapon="axe", at=[2, 1]) == "no_target"
    assert g.refuses("attack", "drifter", weapon="shotgun", at=[2, 2]) == "no_item"
    assert g.refuses("attack", "drifter", weapon="hands", at=[2, 2]) == "not_adjacent"


def test_si_8_a_body_hit_pushes_the_zombie_one_cell_straight_away(play):
    g = play(LANE, '[humans.drifter]\nitems = ["axe"]\n', dice=[3])
    g.act("attack", "drifter", weapon="axe", at=[2, 1])
    assert g.zombies() == {"z1": [3, 1]}


def test_si_8_two_zombies_in_a_row_are_both_pushed_three_are_not(play):
    two = play(
        """
        ########
        #1ZZ...#
        #.....X#
        ########
        """,
        '[humans.drifter]\nitems = ["axe"]\n',
        dice=[3],
    )
    two.act("attack", "drifter", weapon="axe", at=[2, 1])
    assert two.zombies() == {"z1": [3, 1], "z2": [4, 1]}
    three = play(
        """
        ########
        #1ZZZ..#
        #.....X#
        ########
        """,
        '[humans.drifter]\nitems = ["axe"]\n',
        dice=[3],
    )
    three.act("attack", "drifter", weapon="axe", at=[2, 1])
    assert three.zombies() == {"z1": [2, 1], "z2": [3, 1], "z3": [4, 1]}


SIDEWAYS = """
#######
#1....#
#...Z##
#....X#
#######
"""


def test_si_8_a_blocked_push_goes_sideways_away_from_an_attacker_off_the_line(play):
    """Clarification 5: larger axis first; blocked, then 1 cell sideways away
    from the attacker, who stands off that line."""
    g = play(SIDEWAYS, '[humans.drifter]\nitems = ["pistol"]\n', dice=[3])
    g.act("attack", "drifter", weapon="pistol", at=[4, 2])
    assert g.zombies() == {"z1": [4, 3]}


def test_si_8_a_blocked_push_from_on_the_line_does_not_move_the_zombie(play):
    g = play(
        """
        #####
        #1Z##
        #..X#
        #####
        """,
        '[humans.drifter]\nitems = ["axe"]\n',
        dice=[3],
    )
    g.act("attack", "drifter", weapon="axe", at=[2, 1])
    assert g.zombies() == {"z1": [2, 1]}


def test_si_8_push_ties_go_horizontal(play):
    g = play(
        """
        ######
        #1...#
        #..Z.#
        #...X#
        ######
        """,
        '[humans.drifter]\nitems = ["pistol"]\n',
        dice=[3],
    )
    g.act("attack", "drifter", weapon="pistol", at=[3, 2])
    assert g.zombies() == {"z1": [4, 2]}


def test_si_8_a_melee_oops_costs_one_more_action(play):
    g = play(LANE, '[humans.drifter]\nitems = ["axe"]\n', dice=[1])
    g.act("attack", "drifter", weapon="axe", at=[2, 1])
    assert g.human("drifter")["actions_left"] == 2
    assert g.events_of("action_lost") == [{"type": "action_lost", "human": "drifter"}]
    assert g.zombies() == {"z1": [2, 1]}


def test_si_8_a_nail_board_breaks_on_an_oops(play):
    g = play(LANE, dice=[1])
    g.act("attack", "drifter", weapon="nail_board", at=[2, 1])
    g.choose("keep")  # the drifter's preferred weapon offers its re-roll first
    h = g.human("drifter")
    assert h["items"] == [] and h["actions_left"] == 2
    assert g.summary()["search_deck"] == 3


def test_si_8_a_firearm_oops_empties_it_without_losing_an_action(play):
    g = play(
        """
        ########
        #1Z.Z..#
        #.....X#
        ########
        """,
        humans=["cop"],
        dice=[1, 6],
    )
    g.act("attack", "cop", weapon="pistol", at=[4, 1])
    h = g.human("cop")
    assert h["empty"] == ["pistol"] and h["actions_left"] == 3
    assert g.summary()["pending"] is None, "no re-roll after a firearm's oops (SI-9)"
    assert g.summary()["noise"] is None, "a misfire makes no noise"
    assert g.refuses("attack", "cop", weapon="pistol", at=[4, 1]) == "empty"
    assert g.refuses("aim", "cop") == "no_item"
    g.act("attack", "cop", weapon="pistol", at=[2, 1])  # a club now: head on 6
    assert _rolled(g)["club"] is True
    assert g.zombies() == {"z2": [4, 1]}


def test_si_8_bare_hands_kill_only_on_two_sixes(play):
    g = play(
        """
        ########
        #1Z....#
        #Z....X#
        ########
        """,
        humans=["cop"],
        dice=[6, 5, 3, 6, 6],
    )
    g.act("attack", "cop", weapon="hands", at=[2, 1])
    assert _rolled(g)["dice"] == [6, 5] and _rolled(g)["result"] == "miss"
    g.act("attack", "cop", weapon="hands", at=[2, 1])
    assert _rolled(g)["dice"] == [3] and _rolled(g)["result"] == "miss"
    g.act("attack", "cop", weapon="hands", at=[1, 2])
    assert _rolled(g)["result"] == "kill"
    assert g.zombies() == {"z1": [2, 1]}


RANGE = """
##########
#1......X#
#........#
#........#
##########
"""


def test_si_1_ranges_are_manhattan(play):
    g = play(RANGE, "[[zombies]]\nat = [4, 3]\n[[zombies]]\nat = [5, 3]\n", humans=["cop"])
    assert g.refuses("attack", "cop", weapon="pistol", at=[5, 3]) == "out_of_range"
    g2 = play(RANGE, "[[zombies]]\nat = [4, 3]\n", humans=["cop"], dice=[6])
    g2.act("attack", "cop", weapon="pistol", at=[4, 3])
    assert g2.zombies() == {}


def test_si_8_walls_and_closed_doors_block_a_line(play):
    g = play(
        """
        #########
        #1.#.Z..#
        #..+.Z.X#
        #########
        """,
        humans=["cop"],
    )
    assert g.refuses("attack", "cop", weapon="pistol", at=[5, 1]) == "no_line"
    assert g.refuses("attack", "cop", weapon="pistol", at=[5, 2]) == "no_line"


DIAGONAL = """
#######
#.....#
#.1#..#
#..{door}..#
#..#Z.#
#....X#
#######
"""


def test_clarification_1_a_diagonal_shot_passes_an_open_doorway(play):
    """The line crosses two grid corners, each beside one wall cell only."""
    g = play(DIAGONAL.format(door="'"), humans=["cop"], dice=[6])
    g.act("attack", "cop", weapon="pistol", at=[4, 4])
    assert g.zombies() == {}
    shut = play(DIAGONAL.format(door="+"), humans=["cop"])
    assert shut.refuses("attack", "cop", weapon="pistol", at=[4, 4]) == "no_line"


def test_si_8_windows_furniture_and_figures_do_not_block(play):
    g = play(
        """
        #########
        #1=&Z"Z.#
        #......X#
        #########
        """,
        humans=["cop"],
        dice=[6],
    )
    g.act("attack", "cop", weapon="pistol", at=[6, 1])  # past z1 on the way
    assert g.zombies() == {"z1": [4, 1]}


def test_si_8_a_car_body_blocks_but_its_bonnet_row_does_not(play):
    board = """
    #########
    #1.c..Z.#
    #..C..Z.#
    #..C...X#
    #########
    """
    g = play(board, humans=["cop"], dice=[6])
    g.act("attack", "cop", weapon="pistol", at=[6, 1])
    assert "z1" not in g.zombies()
    g2 = play(board.replace("#1.c", "#..c").replace("#..C..Z", "#1.C..Z"), humans=["cop"])
    assert g2.refuses("attack", "cop", weapon="pistol", at=[6, 2]) == "no_line"


def test_si_9_a_burst_keeps_the_best_die_and_any_oops_empties_it(play):
    g = play(
        """
        #########
        #1..Z...#
        #......X#
        #########
        """,
        '[humans.drifter]\nitems = ["ak47"]\n',
        dice=[1, 5, 2],
    )
    g.act("attack", "drifter", weapon="ak47", at=[4, 1])
    assert g.zombies() == {}
    assert g.human("drifter")["empty"] == ["ak47"]
    assert g.summary()["noise"] == [1, 1]


def test_si_9_aiming_adds_one_but_never_saves_an_oops(play):
    board = """
    #########
    #1..Z.Z.#
    #......X#
    #########
    """
    g = play(board, '[humans.drifter]\nitems = ["pistol"]\n', dice=[4, 1])
    g.act("aim", "drifter")
    assert g.human("drifter")["aimed"] is True
    g.act("attack", "drifter", weapon="pistol", at=[4, 1])
    assert _rolled(g)["aim"] == 1 and _rolled(g)["result"] == "head"
    assert g.human("drifter")["aimed"] is False
    assert g.human("drifter")["actions_left"] == 2
    g.act("aim", "drifter")
    g.act("attack", "drifter", weapon="pistol", at=[6, 1])
    assert _rolled(g)["result"] == "oops"
    assert g.human("drifter")["empty"] == ["pistol"]


def test_si_9_aim_lasts_only_until_the_humans_next_command(play):
    g = play(
        """
        #########
        #1..Z...#
        #......X#
        #########
        """,
        '[humans.drifter]\nitems = ["pistol"]\n',
        dice=[4],
    )
    g.act("aim", "drifter")
    g.act("move", "drifter", path=[[1, 2]])
    assert g.human("drifter")["aimed"] is False
    assert g.events_of("aim_lost")
    g.act("attack", "drifter", weapon="pistol", at=[4, 1])
    assert _rolled(g).get("aim", 0) == 0 and _rolled(g)["result"] == "body"


def test_si_9_aim_helps_only_a_firearm_shot(play):
    g = play(LANE, '[humans.drifter]\nitems = ["pistol", "axe"]\n', dice=[4])
    g.act("aim", "drifter")
    g.act("attack", "drifter", weapon="axe", at=[2, 1])
    assert _rolled(g).get("aim", 0) == 0 and _rolled(g)["result"] == "body"


def test_si_9_the_preferred_weapon_offers_a_reroll_as_a_pending_choice(play):
    g = play(
        """
        #########
        #1.Z.Z..#
        #......X#
        #########
        """,
        humans=["cop"],
        dice=[3, 6, 3],
    )
    g.act("attack", "cop", weapon="pistol", at=[3, 1])
    pending = g.summary()["pending"]
    assert pending == {"kind": "reroll", "human": "cop", "options": ["reroll", "keep"], "dice": [3]}
    assert g.zombies() == {"z1": [3, 1], "z2": [5, 1]}, "nothing happens until the choice"
    assert g.refuses("move", "cop", path=[[2, 1]]) == "decision_pending"
    assert g.refused({"type": "choose", "option": "maybe"}) == "bad_option"
    g.choose("reroll")
    assert _rolled(g)["reroll"] is True and _rolled(g)["dice"] == [6]
    assert g.zombies() == {"z2": [5, 1]}
    g.act("attack", "cop", weapon="pistol", at=[5, 1])  # once a turn: no second offer
    assert g.summary()["pending"] is None
    assert g.zombies() == {"z2": [6, 1]}


def test_si_9_keeping_the_dice_applies_the_first_roll(play):
    g = play(LANE, humans=["cop"], dice=[3])
    g.act("attack", "cop", weapon="pistol", at=[2, 1])
    g.choose("keep")
    assert g.zombies() == {"z1": [3, 1]}
    assert g.summary()["pending"] is None
    assert g.refused({"type": "choose", "option": "keep"}) == "no_decision"


def test_si_9_no_reroll_offered_on_a_head_hit_or_with_other_weapons(play):
    g = play(LANE, '[humans.cop]\nitems = ["axe"]\n', humans=["cop"], dice=[3])
    g.act("attack", "cop", weapon="axe", at=[2, 1])
    assert g.summary()["pending"] is None


def test_si_9_the_medics_first_aid_rerolls_a_failed_use(play):
    g = play(
        """
        ######
        #1...#
        #...X#
        ######
        """,
        "[humans.medic]\nlives = 2\n",
        humans=["medic"],
        dice=[2, 5],
    )
    g.act("use", "medic", item="first_aid")
    assert g.summary()["pending"]["dice"] == [2]
    g.choose("reroll")
    h = g.human("medic")
    assert h["lives"] == 3 and h["items"] == []
    assert g.refuses("use", "medic", item="first_aid") == "no_item"


def test_si_8_a_pair_blocked_behind_is_not_pushed_at_all(play):
    """Clarification 5 for two in a row: straight back or not at all."""
    g = play(
        """
        ######
        #1ZZ##
        #...X#
        ######
        """,
        '[humans.drifter]\nitems = ["axe"]\n',
        dice=[3],
    )
    g.act("attack", "drifter", weapon="axe", at=[2, 1])
    assert g.zombies() == {"z1": [2, 1], "z2": [3, 1]}


def test_si_9_an_aim_is_lost_when_the_turn_ends(play):
    g = play(LANE.replace("#.....X#", "#2....X#"), humans=["cop", "drifter"])
    g.act("aim", "cop")
    g.act("end_turn", "cop")
    assert g.human("cop")["aimed"] is False


def test_si_8_a_night_missions_sight_caps_shots_and_throws(play):
    """Mission option `sight` (house rule, issue 25): in the dark no shot or
    throw reaches farther than sight cells, whatever the weapon's range."""
    board = """
    #########
    #1...Z..#
    #....X..#
    #########
    """
    g = play(board, 'sight = 3\n[humans.cop]\nitems = ["molotov"]\n', humans=["cop"], dice=[1])
    assert g.refuses("attack", "cop", weapon="pistol", at=[5, 1]) == "out_of_range"
    assert g.refuses("attack", "cop", weapon="molotov", at=[5, 1]) == "out_of_range"
    assert not any(c.get("weapon") == "pistol" for c in map(plain, g.legal_commands()))
    g.act("move", "cop", path=[[2, 1]])
    g.act("attack", "cop", weapon="pistol", at=[5, 1])  # 3 away: seen, shot
    assert g.events_of("attack_rolled")[-1]["at"] == [5, 1]
    g2 = play(board, humans=["cop"], dice=[1])
    g2.act("attack", "cop", weapon="pistol", at=[5, 1])  # no sight limit: range 5
