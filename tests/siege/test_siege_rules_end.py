"""Winning and losing (SI-13, clarification 10), and the content (SI-A)."""

from __future__ import annotations

from collections import Counter

from engine import Game
from engine.siege import content

TWO_SPOTS = """
#######
#1X2X.#
#.....#
#######
"""


def test_si_13_won_once_every_spot_is_searched(play):
    g = play(TWO_SPOTS, humans=["drifter", "cop"])
    g.act("search", "drifter", at=[2, 1])
    assert g.summary()["outcome"] is None
    g.act("search", "cop", at=[4, 1])
    s = g.summary()
    assert s["outcome"] == "won" and s["phase"] == "over"
    assert g.events_of("game_won") == [{"type": "game_won"}]
    assert g.refuses("end_turn", "cop") == "game_over"
    assert g.legal_commands() == []


def test_si_13_the_harder_win_needs_every_living_human_on_every_spot(play):
    g = play(TWO_SPOTS.replace("X.#", "..#"), humans=["drifter", "cop"], win="spots_by_all")
    g.act("search", "drifter", at=[2, 1])
    assert g.summary()["outcome"] is None
    g.act("search", "cop", at=[2, 1])
    assert g.summary()["outcome"] == "won"


def test_clarification_10_a_death_may_leave_only_humans_who_searched_everything(play):
    board = """
    #######
    #1X...#
    #.Z2..#
    #######
    """
    g = play(
        board,
        "[humans.cop]\nlives = 1\n",
        humans=["drifter", "cop"],
        win="spots_by_all",
        dice=[6],
    )
    g.act("search", "drifter", at=[2, 1])
    g.act("end_turn", "drifter")
    g.act("end_turn", "cop")
    assert g.summary()["outcome"] is None
    g.zombie("zombie_attack", zombie="z1", human="cop")
    s = g.summary()
    assert s["humans"]["cop"]["alive"] is False
    assert s["outcome"] == "won"


def test_si_13_lost_when_every_human_is_dead(play):
    board = """
    ######
    #1Z.X#
    ######
    """
    g = play(board, "[humans.drifter]\nlives = 1\n", dice=[5])
    g.act("end_turn", "drifter")
    g.zombie("zombie_attack", zombie="z1", human="drifter")
    s = g.game.view("humans")
    assert s["outcome"] == "lost" and s["lost_reason"] == "all_dead"


def test_si_13_lost_when_the_turn_limit_round_ends_unwon(play):
    g = play(TWO_SPOTS, turn_limit=2)
    g.act("end_turn", "drifter")
    assert g.summary()["round"] == 2 and g.summary()["outcome"] is None
    g.act("end_turn", "drifter")
    s = g.game.view("humans")
    assert s["outcome"] == "lost" and s["lost_reason"] == "turn_limit"
    assert s["round"] == 2


def test_si_13_no_turn_limit_when_it_is_zero(play):
    g = play(TWO_SPOTS, turn_limit=0)
    for _ in range(20):
        g.act("end_turn", "drifter")
    assert g.summary()["outcome"] is None and g.summary()["round"] == 21


def test_si_a_the_search_deck_holds_twenty_cards():
    assert Counter(content.search_deck()) == {
        "axe": 1,
        "kitchen_knife": 2,
        "pistol": 2,
        "shotgun": 1,
        "ak47": 1,
        "molotov": 2,
        "grenade": 1,
        "first_aid": 3,
        "planks": 3,
        "ammo_box": 3,
        "car_keys": 1,
    }


def test_si_a_humans_start_with_their_preferred_item_four_actions_three_lives():
    g = Game.new("siege", seed=1, survivors=["drifter", "medic", "cop", "mechanic"], mission="farm")
    humans = g.summary()["humans"]
    assert {h: v["items"] for h, v in humans.items()} == {
        "drifter": ["nail_board"],
        "medic": ["first_aid"],
        "cop": ["pistol"],
        "mechanic": ["crowbar"],
    }
    assert all(v["lives"] == 3 and v["actions_left"] == 4 for v in humans.values())
    assert {h: content.humans()[h].preferred for h in humans} == {
        h: items[0] for h, items in {h: v["items"] for h, v in humans.items()}.items()
    }


def test_si_a_item_sizes():
    sizes = {i: spec.size for i, spec in content.items().items()}
    assert sizes == {
        "nail_board": "large",
        "kitchen_knife": "small",
        "axe": "large",
        "crowbar": "large",
        "pistol": "small",
        "shotgun": "large",
        "ak47": "large",
        "molotov": "small",
        "grenade": "small",
        "first_aid": "small",
        "planks": "large",
        "ammo_box": "small",
        "car_keys": "none",
    }


def test_k_4_the_search_deck_is_shuffled_from_the_seed_at_setup():
    a = Game.new("siege", mission="house", seed=3)
    b = Game.new("siege", mission="house", seed=3)
    c = Game.new("siege", mission="house", seed=4)
    assert a.state.search == b.state.search != c.state.search
    assert sorted(a.state.search) == sorted(content.search_deck())
