"""Thrown items, blasts and noise (SI-8, SI-10, SI-12, clarifications 5 and 7)."""

from __future__ import annotations


def test_si_10_a_thrown_item_blasts_its_radius(play):
    """Clarification 5 and 7: zombies in the Manhattan radius die (the thrower's
    kills), humans there lose a life, walls and windows turn to rubble."""
    g = play(
        """
        #########
        #1.2...=#
        #....ZZ.#
        #......X#
        #########
        """,
        '[humans.drifter]\nitems = ["grenade"]\n',
        humans=["drifter", "cop"],
        dice=[4],
    )
    g.act("attack", "drifter", weapon="grenade", at=[6, 1])
    s = g.summary()
    assert s["zombies"] == {"z1": [5, 2]}
    assert s["humans"]["drifter"]["kills"] == 1
    assert s["map"][0][6] == "%" and s["map"][1][7] == "%"
    assert s["humans"]["drifter"]["items"] == ["nail_board"]
    assert s["noise"] == [6, 1]
    g.act("end_turn", "drifter")


def test_si_10_a_blast_hurts_humans_inside_it(play):
    g = play(
        """
        #########
        #1..2...#
        #....Z.X#
        #########
        """,
        '[humans.drifter]\nitems = ["molotov"]\n',
        humans=["drifter", "cop"],
        dice=[2],
    )
    g.act("attack", "drifter", weapon="molotov", at=[4, 2])
    s = g.summary()
    assert s["zombies"] == {}
    assert s["humans"]["cop"]["lives"] == 2
    assert s["humans"]["drifter"]["lives"] == 3


def test_si_10_a_failed_throw_is_spent_all_the_same(play):
    g = play(
        """
        #########
        #1...Z..#
        #......X#
        #########
        """,
        '[humans.drifter]\nitems = ["grenade"]\n',
        dice=[1],
    )
    g.act("attack", "drifter", weapon="grenade", at=[5, 1])
    s = g.summary()
    assert s["zombies"] == {"z1": [5, 1]}
    assert s["humans"]["drifter"]["items"] == ["nail_board"]
    assert s["noise"] is None


def test_si_10_throws_need_range_and_a_line_into_a_see_through_cell(play):
    g = play(
        """
        ##########
        #1..#...Z#
        #.......X#
        ##########
        """,
        '[humans.drifter]\nitems = ["molotov"]\n',
    )
    assert g.refuses("attack", "drifter", weapon="molotov", at=[8, 1]) == "out_of_range"
    assert g.refuses("attack", "drifter", weapon="molotov", at=[4, 1]) == "no_line"  # a wall
    assert g.refuses("attack", "drifter", weapon="molotov", at=[5, 1]) == "no_line"  # behind it


def test_si_12_noise_is_the_last_shot_and_clears_after_spawns(play):
    g = play(
        """
        #########
        #1..Z...#
        #......X#
        #########
        """,
        humans=["cop"],
        dice=[2, 3],
    )
    g.act("attack", "cop", weapon="pistol", at=[4, 1])
    g.choose("keep")
    assert g.summary()["noise"] == [1, 1]
    g.act("end_turn", "cop")
    assert g.summary()["phase"] == "zombies" and g.summary()["noise"] == [1, 1]
    g.zombie("end_zombie_turn")
    assert g.summary()["noise"] is None
