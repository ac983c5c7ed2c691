"""Items, trading, searching, barricades and doors (SI-5, SI-6, SI-10, SI-11,
clarifications 4, 7 and 8)."""

from __future__ import annotations

PAIR = """
#######
#12...#
#....X#
#######
"""


def test_si_5_each_unit_over_four_costs_an_action_counted_live(play):
    """Clarification 4: overload = units - 4; small 1, large 2, none 0."""
    g = play(PAIR, '[humans.drifter]\nitems = ["axe", "pistol", "car_keys"]\n')
    h = g.human("drifter")
    assert h["load"] == 5 and h["actions_left"] == 3
    g.act("drop", "drifter", items=["pistol"])
    h = g.human("drifter")
    assert h["load"] == 4 and h["actions_left"] == 4, "dropping is free and counts at once"
    assert g.summary()["floor"] == [{"at": [1, 1], "items": ["pistol"]}]


def test_si_5_an_overloaded_human_may_still_drop_to_act(play):
    g = play(
        PAIR, '[humans.drifter]\nitems = ["axe", "shotgun", "planks"]\n', humans=["drifter", "cop"]
    )
    assert g.human("drifter")["actions_left"] == 0
    assert g.refuses("move", "drifter", path=[[1, 2]]) == "no_actions"
    g.act("drop", "drifter", items=["planks"])
    assert g.human("drifter")["actions_left"] == 2
    g.act("pick_up", "drifter", items=["planks"])
    assert g.human("drifter")["done"], "picking the planks back up leaves no action"


def test_si_6_trading_costs_the_giver_one_action_and_the_receiver_nothing(play):
    g = play(PAIR, '[humans.drifter]\nitems = ["planks"]\n', humans=["drifter", "cop"])
    g.act("trade", "drifter", to="cop", items=["nail_board", "planks"])
    s = g.summary()["humans"]
    assert s["drifter"]["items"] == [] and s["cop"]["items"] == ["pistol", "nail_board", "planks"]
    assert s["cop"]["actions_left"] == 3, "the receiver may end up overloaded"
    assert s["drifter"]["actions_left"] == 3
    assert g.refuses("trade", "drifter", to="cop", items=["axe"]) == "no_item"
    assert g.refuses("trade", "drifter", to="drifter", items=["nail_board"]) == "not_adjacent"


def test_si_6_trading_needs_an_adjacent_human(play):
    g = play(
        """
        #######
        #1.2..#
        #....X#
        #######
        """,
        humans=["drifter", "cop"],
    )
    assert g.refuses("trade", "drifter", to="cop", items=["nail_board"]) == "not_adjacent"


def test_si_6_picking_up_takes_an_action_from_the_humans_own_cell(play):
    g = play(PAIR, humans=["drifter", "cop"])
    g.act("drop", "drifter", items=["nail_board"])
    assert g.human("drifter")["actions_left"] == 4
    assert g.refuses("pick_up", "cop", items=["nail_board"]) == "no_item"
    g.act("pick_up", "drifter", items=["nail_board"])
    assert g.human("drifter")["items"] == ["nail_board"]
    assert g.summary()["floor"] == []
    assert g.human("drifter")["actions_left"] == 3


def test_si_6_an_ammo_box_reloads_an_empty_firearm_and_is_spent(play):
    g = play(
        """
        ########
        #1..Z..#
        #.....X#
        ########
        """,
        '[humans.cop]\nitems = ["ammo_box"]\n',
        humans=["cop"],
        dice=[1],
    )
    assert g.refuses("use", "cop", item="ammo_box") == "no_item"
    g.act("attack", "cop", weapon="pistol", at=[4, 1])
    assert g.human("cop")["empty"] == ["pistol"]
    g.act("use", "cop", item="ammo_box", target="pistol")
    h = g.human("cop")
    assert h["empty"] == [] and h["items"] == ["pistol"] and h["actions_left"] == 2


def test_si_6_first_aid_heals_self_or_a_neighbour_up_to_three_lives(play):
    g = play(
        PAIR,
        '[humans.medic]\nitems = ["first_aid"]\n[humans.cop]\nlives = 1\n',
        humans=["medic", "cop"],
        dice=[4],
    )
    assert g.refuses("use", "medic", item="first_aid") == "not_wounded"
    assert g.refuses("use", "medic", item="planks") == "no_item"
    g.act("use", "medic", item="first_aid", target="cop")
    s = g.summary()["humans"]
    assert s["cop"]["lives"] == 2 and s["medic"]["items"] == ["first_aid"]


def test_si_10_searching_takes_three_actions_and_draws_the_top_card(play):
    g = play(
        """
        ######
        #1X2.#
        #....#
        ######
        """,
        humans=["drifter", "cop"],
        search=("axe", "planks"),
    )
    assert g.refuses("search", "drifter", at=[1, 2]) == "not_a_spot"
    assert g.refuses("search", "cop", at=[2, 2]) == "not_a_spot"
    g.act("search", "drifter", at=[2, 1])
    s = g.summary()
    assert s["humans"]["drifter"]["items"] == ["nail_board", "axe"]
    assert s["humans"]["drifter"]["actions_left"] == 1
    assert s["search_deck"] == 1
    assert s["outcome"] == "won"


def test_si_10_each_human_searches_each_spot_once(play):
    g = play(
        """
        #######
        #1X2.X#
        #.....#
        #######
        """,
        humans=["drifter", "cop"],
    )
    g.act("search", "drifter", at=[2, 1])
    g.act("end_turn", "drifter")
    g.act("search", "cop", at=[2, 1])
    assert g.summary()["spots"][0] == {"at": [2, 1], "searched_by": ["drifter", "cop"]}
    g.act("end_turn", "cop")  # no zombies: their turn passes at once
    assert g.summary()["round"] == 2
    assert g.refuses("search", "drifter", at=[2, 1]) == "already_searched"
    assert g.refuses("search", "drifter", at=[5, 1]) == "not_adjacent"


def test_si_10_a_search_needs_three_actions(play):
    g = play(PAIR.replace("#12", "#1X"), dice=[])
    g.act("move", "drifter", path=[[1, 2]])
    g.act("move", "drifter", path=[[1, 1]])
    assert g.refuses("search", "drifter", at=[2, 1]) == "no_actions"


def test_k_4_an_empty_search_deck_refills_from_its_discards(play):
    g = play(
        """
        #######
        #.1X.X#
        #.....#
        #######
        """,
        '[humans.mechanic]\nitems = ["planks"]\n',
        humans=["mechanic"],
        search=("car_keys",),
    )
    g.act("search", "mechanic", at=[3, 1])
    g.act("barricade", "mechanic", at=[1, 1])  # the planks go to the discards
    assert g.summary()["search_deck"] == 0
    g.act("move", "mechanic", path=[[2, 2], [3, 2], [4, 2], [4, 1]])
    g.act("search", "mechanic", at=[5, 1])
    assert g.events_of("deck_shuffled") == [{"type": "deck_shuffled", "order": ["planks"]}]
    assert g.human("mechanic")["items"][-1] == "planks"


def test_k_4_a_deck_with_no_discards_stays_empty(play):
    g = play(
        """
        #######
        #1X.X.#
        #.....#
        #######
        """,
        search=(),
    )
    g.act("search", "drifter", at=[2, 1])
    assert g.events_of("nothing_found") == [{"type": "nothing_found", "human": "drifter"}]
    assert g.human("drifter")["items"] == ["nail_board"]


CAR = """
#########
#1.cCCc.#
#.......#
#.X.....#
#########
"""


def test_clarification_7_car_keys_open_a_car_to_search_once_per_human(play):
    g = play(CAR, '[humans.drifter]\nitems = ["car_keys"]\n', search=("axe", "pistol"))
    assert g.human("drifter")["load"] == 2, "car keys take no room"
    g.act("move", "drifter", path=[[2, 1]])
    g.act("search", "drifter", at=[3, 1])
    s = g.summary()
    assert s["cars"] == [{"at": [3, 1], "searched_by": ["drifter"]}]
    assert s["humans"]["drifter"]["items"] == ["nail_board", "car_keys", "axe"]
    assert s["outcome"] is None, "cars never count for the win"
    g.act("move", "drifter", path=[[2, 2]])
    assert g.refuses("search", "drifter", at=[4, 1]) == "not_adjacent"
    g.act("move", "drifter", path=[[3, 2]])
    assert g.refuses("search", "drifter", at=[3, 1]) == "already_searched"


def test_clarification_7_a_car_without_keys_cannot_be_searched(play):
    g = play(CAR)
    g.act("move", "drifter", path=[[2, 1]])
    assert g.refuses("search", "drifter", at=[3, 1]) == "no_tool"


BARRICADE = """
#######
#1....#
#.=..X#
#######
"""


def test_si_11_a_barricade_takes_planks_and_two_actions_and_blocks(play):
    g = play(BARRICADE, '[humans.drifter]\nitems = ["planks"]\n')
    g.act("move", "drifter", path=[[2, 1]])
    g.act("barricade", "drifter", at=[2, 2])  # on the window
    s = g.summary()
    assert s["map"][2][2] == "B"
    assert s["humans"]["drifter"]["items"] == ["nail_board"]
    assert s["humans"]["drifter"]["actions_left"] == 1
    assert g.refuses("move", "drifter", path=[[2, 2]]) == "blocked"
    assert g.refuses("barricade", "drifter", at=[3, 1]) == "no_item"


def test_si_11_taking_a_barricade_down_gives_back_the_window_beneath(play):
    g = play(BARRICADE, '[humans.mechanic]\nitems = ["planks"]\n', humans=["mechanic"])
    g.act("move", "mechanic", path=[[2, 1]])
    g.act("barricade", "mechanic", at=[2, 2])
    g.act("unbarricade", "mechanic", at=[2, 2])
    assert g.cell(2, 2) == "="


def test_si_11_the_mechanic_builds_for_one_action(play):
    g = play(BARRICADE, '[humans.mechanic]\nitems = ["planks"]\n', humans=["mechanic"])
    g.act("barricade", "mechanic", at=[2, 1])
    assert g.human("mechanic")["actions_left"] == 3
    assert g.refuses("barricade", "mechanic", at=[1, 2]) == "no_item"


def test_si_11_a_barricade_goes_only_on_a_free_cell(play):
    g = play(
        """
        #######
        #1Z...#
        #.+..X#
        #######
        """,
        '[humans.mechanic]\nitems = ["planks", "planks"]\n',
        humans=["mechanic"],
    )
    assert g.refuses("barricade", "mechanic", at=[2, 1]) == "not_free"  # a zombie
    assert g.refuses("barricade", "mechanic", at=[0, 1]) == "not_free"  # a wall
    assert g.refuses("barricade", "mechanic", at=[3, 1]) == "not_adjacent"


def test_si_11_removing_a_barricade_needs_a_tool_and_its_cost(play):
    board = """
    #######
    #1B...#
    #....X#
    #######
    """
    g = play(board, humans=["mechanic"])
    g.act("unbarricade", "mechanic", at=[2, 1])
    assert g.cell(2, 1) == "."
    assert g.human("mechanic")["actions_left"] == 2
    assert g.refuses("unbarricade", "mechanic", at=[2, 1]) == "no_target"
    g2 = play(board)
    assert g2.refuses("unbarricade", "drifter", at=[2, 1]) == "no_tool"


def test_si_11_a_zombie_breaks_a_barricade_or_a_closed_door_on_a_6(play):
    g = play(
        """
        ########
        #1...+Z#
        #...ZB.#
        #.....X#
        ########
        """,
        dice=[5, 6],
    )
    g.act("end_turn", "drifter")
    g.zombie("zombie_break", zombie="z2", at=[5, 2])
    assert g.cell(5, 2) == "B"
    assert g.refused({"type": "zombie_break", "zombie": "z2", "at": [5, 2]}) == "already_acted"
    assert g.refused({"type": "zombie_break", "zombie": "z1", "at": [6, 2]}) == "no_target"
    g.zombie("zombie_break", zombie="z1", at=[5, 1])
    assert g.cell(5, 1) == "%"
    assert g.summary()["round"] == 2, "the turn ends once every zombie has acted"


def test_clarification_8_zombies_never_open_doors_but_break_them(play):
    g = play(
        """
        ########
        #1...+Z#
        #.....X#
        ########
        """,
        dice=[6],
    )
    g.act("end_turn", "drifter")
    assert g.refused({"type": "zombie_move", "zombie": "z1", "to": [5, 1]}) == "blocked"
    g.zombie("zombie_break", zombie="z1", at=[5, 1])
    assert g.cell(5, 1) == "%", "a broken door is rubble"


def test_clarification_8_humans_open_and_close_doors_for_one_action(play):
    g = play(
        """
        #######
        #1+...#
        #'...X#
        #######
        """
    )
    g.act("open_door", "drifter", at=[2, 1])
    assert g.cell(2, 1) == "'"
    g.act("close_door", "drifter", at=[1, 2])
    assert g.cell(1, 2) == "+"
    assert g.human("drifter")["actions_left"] == 2
    assert g.refuses("open_door", "drifter", at=[2, 1]) == "no_target"
    assert g.refuses("close_door", "drifter", at=[1, 2]) == "no_target"
    assert g.refuses("open_door", "drifter", at=[3, 1]) == "not_adjacent"


def test_clarification_8_a_doorway_closes_only_when_nothing_is_in_it(play):
    g = play(
        """
        #######
        #1'2..#
        #....X#
        #######
        """,
        humans=["drifter", "cop"],
    )
    g.act("move", "cop", path=[[2, 1]])
    assert g.refuses("close_door", "drifter", at=[2, 1]) == "not_free"
    g.act("drop", "cop", items=["pistol"])
    g.act("move", "cop", path=[[3, 1]])
    assert g.refuses("close_door", "drifter", at=[2, 1]) == "not_free"
