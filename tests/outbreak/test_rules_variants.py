"""The seed's rules as options (issue 27): each test is named after the seed
step or rule id it follows. The defaults are the house rules of RULES OB;
an option brings back what the box says (discard, dealer, tile_deck) or
adds what its step 11 describes (event_deck=table, house cards)."""

from __future__ import annotations

import pytest

from engine import Game, MissionError, RuleError
from engine.outbreak import content
from engine.outbreak.board import road_sides

MANDATORY = {"discard": "mandatory"}


# -- seed step 23: the discard is mandatory and goes back into the event deck -------------
def test_seed_step_23_a_turn_ends_with_a_card_put_back_under_the_event_pile(scenario):
    g = scenario(options=MANDATORY, event_pile=["horde", "shotgun", "detour"] * 3, dice=[1, 1])
    g.draw()
    g.end_move()
    hand = g.seat("ann")["hand"]
    assert hand == ["horde", "shotgun", "detour"]
    ends = [c for c in g.view("ann")["legal"] if c["type"] == "end_turn"]
    assert ends == [{"type": "end_turn", "discard": card} for card in hand]
    assert g.refuses("end_turn") == "discard_required"
    pile = g.summary()["event_pile"]
    events = g.end_turn("shotgun")
    assert g.types(events)[:2] == ["event_returned", "turn_ended"]
    s = g.summary()
    assert s["seats"]["ann"]["hand"] == ["horde", "detour"]
    assert s["event_pile"] == [*pile, "shotgun"]  # under the pile, not on the discards
    assert s["event_discard"] == []


def test_seed_step_23_the_next_turn_draws_back_to_three(scenario):
    """Seed step 20: after the discard the hand holds two; the next turn's
    step 4 draws one."""
    g = scenario(
        options=MANDATORY, event_pile=["horde"] * 6 + ["lucky_find", "first_aid"], dice=[1] * 8
    )
    for _ in range(2):  # ann, then bob
        g.draw()
        g.end_move()
        g.end_turn("horde")
    assert g.seat("ann")["hand"] == ["horde", "horde"]
    g.draw()
    assert g.seat("ann")["hand"] == ["horde", "horde", "lucky_find"]


def test_seed_step_23_an_empty_hand_ends_the_turn_without_a_discard(scenario):
    g = scenario(options=MANDATORY, dice=[1, 1])  # no event cards at all
    g.draw()
    g.end_move()
    assert g.view("ann")["legal"] == [{"type": "end_turn"}]
    assert g.types(g.end_turn())[0] == "turn_ended"


def test_ob_4_the_house_discard_stays_optional_by_default(scenario):
    g = scenario(event_pile=["horde"] * 6, dice=[1, 1])
    g.draw()
    g.end_move()
    assert {"type": "end_turn"} in g.view("ann")["legal"]
    assert g.types(g.end_turn("horde"))[0] == "event_discarded"
    assert g.summary()["event_discard"] == ["horde"]


# -- OB-1 / seed step 2: a dealer at random, play starts at their left --------------------
def test_ob_1_a_random_dealer_and_play_starting_at_their_left(scenario):
    seats = "ann:human,bob:human,cy:human"
    dealers = set()
    for seed in range(12):
        pile = ["horde"] * 3 + ["shotgun"] * 3 + ["detour"] * 3
        g = scenario(
            seed=seed, seats=seats, options={"dealer": "random"}, dice=[1] * 20, event_pile=pile
        )
        s = g.summary()
        order = s["order"]
        dealer = s["dealer"]
        dealers.add(dealer)
        first = order[(order.index(dealer) + 1) % 3]
        assert s["current"] == first and s["round"] == 1
        assert s["seats"][first]["hand"] == ["horde", "horde", "horde"]  # dealt first
        assert g.types(g.events)[0] == "dealer_chosen"  # before the deal
        for _ in range(3):  # a whole round, in turn order from the dealer's left
            g.pass_turn()
        assert g.summary()["current"] == first and g.summary()["round"] == 2
    assert dealers == {"ann", "bob", "cy"}  # not always the same seat


def test_ob_1_the_dealer_is_fixed_by_the_seed():
    """K-2: the same seed picks the same dealer."""
    a = Game.new("outbreak", seed=8, seats="human,bot,bot", dealer="random")
    b = Game.new("outbreak", seed=8, seats="human,bot,bot", dealer="random")
    assert a.summary()["dealer"] == b.summary()["dealer"] is not None
    assert Game.new("outbreak", seed=8, seats="human,bot,bot").summary()["dealer"] is None


def test_ob_1_the_round_limit_counts_rounds_from_the_dealers_left(scenario):
    g = scenario(options={"dealer": "random"}, round_limit=1, dice=[1] * 6, seed=3)
    g.pass_turn()
    assert g.summary()["outcome"] is None
    g.pass_turn()
    assert g.summary()["outcome"] == "lost"


# -- OB-A / seed step 7: a tile deck with dead ends --------------------------------------
def test_ob_a_the_dead_end_deck_has_thirty_tiles_and_ten_one_exit_buildings():
    mixed, under = content.tile_deck("dead_ends")
    assert len(mixed) + len(under) + 1 == 30 and under == ("helipad",)
    named = [t for t in mixed if content.tile(t).building]
    assert len(named) == 10
    assert all(len(road_sides(t, 0)) == 1 for t in named)  # one road exit: a dead end
    standard = {
        content.tile(t).name for t in sum(content.tile_deck(), ()) if content.tile(t).building
    }
    assert {content.tile(t).name for t in named} == standard  # the same ten buildings
    assert sorted(t for t in mixed if not content.tile(t).building) == sorted(
        t for t in sum(content.tile_deck(), ()) if not content.tile(t).building and t != "helipad"
    )


def test_ob_a_a_dead_end_building_keeps_its_rooms_and_what_they_hold(scenario):
    g = scenario(tile_pile=["hospital_dead_end"], dice=[1, 1])
    g.draw()
    assert {(tuple(c["at"]), c["rotation"]) for c in g.view("ann")["legal"]} == {
        ((0, -1), 180),
        ((1, 0), 270),
        ((0, 1), 0),
        ((-1, 0), 90),
    }  # its one road meets the square on any side
    g.place((0, 1), 0)
    s = g.summary()
    assert len(s["zombies"]) == 4 and [t[2] for t in s["tokens"]] == ["life"] * 4


def test_seed_step_7_a_dead_end_closes_the_town_and_only_kills_win(scenario):
    """Seed step 7: a town with no open road left closes; the one who closed
    it while tiles are left loses the rest of the turn, and the Helipad in
    the pile never comes."""
    g = scenario(
        tiles=[
            ("hospital_dead_end", (0, -1), 180),
            ("diner_dead_end", (1, 0), 270),
            ("florist_dead_end", (-1, 0), 90),
        ],
        tile_pile=["skate_shop_dead_end", "straight", "helipad"],
        event_pile=["horde"] * 6,
        dice=[1] * 4,
    )
    assert g.summary()["map_closed"] is False
    g.draw()
    events = g.place((0, 1), 0)  # the square's last open road now ends at a door
    assert g.types(events)[-4:-2] == ["map_closed", "turn_lost"]
    s = g.summary()
    assert s["map_closed"] and s["current"] == "bob" and s["tiles_left"] == 2
    assert "movement_rolled" not in g.types(events)  # no fight, movement or zombie step
    assert g.summary()["helipad"] is None


def test_ob_3_in_a_closed_town_the_tile_step_brings_zombies_onto_town_square(scenario):
    """House: with no tile to lay, the dead keep coming: three zombies onto
    Town Square's first free road cells (reading order), so that the race to
    the kills can be won once the Helipad cannot come."""
    g = scenario(
        tiles=[
            ("hospital_dead_end", (0, -1), 180),
            ("diner_dead_end", (1, 0), 270),
            ("florist_dead_end", (-1, 0), 90),
            ("skate_shop_dead_end", (0, 1), 0),
        ],
        zombies=[(1, 0)],
        tile_pile=["straight", "helipad"],
        dice=[1] * 4,
    )
    assert g.summary()["map_closed"] is True
    events = g.draw()
    assert g.types(events)[:4] == ["no_tile_drawn", *["zombie_placed"] * 3]
    assert g.summary()["zombies"] == [[0, 0], [1, 0], [2, 0], [0, 1]]
    assert g.summary()["tiles_left"] == 2  # the pile stays where it is


def test_ob_3_the_dead_end_deck_is_chosen_by_the_option():
    g = Game.new("outbreak", seed=2, tile_deck="dead_ends")
    pile = g.summary()["tile_pile"]
    assert len(pile) == 29 and pile[-1] == "helipad"
    assert sum(t.endswith("_dead_end") for t in pile) == 10
    assert not any(
        t.endswith("_dead_end") for t in Game.new("outbreak", seed=2).summary()["tile_pile"]
    )


# -- seed step 11: event cards that act on every player at once (house cards) ------------
TABLE = {"event_deck": "table"}


def test_seed_step_11_the_table_deck_adds_three_cards_for_every_player():
    table = [c for c in content.event_deck("table") if c not in content.event_deck()]
    assert sorted(set(table)) == ["air_raid_siren", "blood_moon", "supply_drop"]
    assert len(content.event_deck("table")) == 56
    assert all(content.event(c).everyone for c in table)
    pile = Game.new("outbreak", seed=3, event_deck="table").summary()
    held = [c for s in pile["seats"].values() for c in s["hand"]]
    assert sorted(pile["event_pile"] + held) == sorted(content.event_deck("table"))


def test_seed_step_11_supply_drop_gives_every_player_bullets(scenario):
    g = scenario(seats="ann:human,bob:human,cy:human", event_pile=["supply_drop"] + ["horde"] * 8)
    events = g.play("supply_drop")
    assert g.types(events)[1:] == ["bullets_gained"] * 3
    assert [g.seat(s)["bullets"] for s in ("ann", "bob", "cy")] == [5, 5, 5]


def test_seed_step_11_air_raid_siren_runs_this_turn_for_you_and_next_turn_for_the_others(
    scenario,
):
    g = scenario(event_pile=["air_raid_siren"] + ["horde"] * 5, dice=[1, 1, 1, 1])
    g.play("air_raid_siren")
    assert g.seat("bob")["effects"] == {"air_raid_siren": 1}
    assert g.seat("bob")["effects_from"] == {"air_raid_siren": "ann"}
    g.draw()
    assert g.summary()["moves_left"] == 3  # die 1 + 2
    g.end_move()
    ended = g.end_turn()
    assert {"type": "effect_ended", "seat": "ann", "effect": "air_raid_siren", "by": "ann"} in [
        e.__class__ and __import__("msgspec").to_builtins(e) for e in ended
    ]
    assert g.seat("bob")["effects"] == {"air_raid_siren": 1}  # bob's next turn is to come
    g.draw()
    assert g.summary()["moves_left"] == 3
    g.end_move()
    g.end_turn()
    assert g.seat("bob")["effects"] == {} and g.seat("bob")["effects_from"] == {}


def test_seed_step_11_blood_moon_weakens_every_fight(scenario):
    g = scenario(zombies=[(1, 0)], event_pile=["blood_moon"] + ["horde"] * 5, dice=[1, 4, 1])
    g.play("blood_moon")
    g.draw()  # movement 1
    events = g.move((1, 0))
    fight = next(e for e in events if g.types([e]) == ["fight_rolled"])
    assert (fight.die, fight.total) == (4, 3)  # 4 - 1: not enough
    assert g.summary()["pending"]["options"] == ["bullets", "life"]


def test_seed_step_11_a_table_card_in_the_log_names_who_played_it(scenario):
    g = scenario(event_pile=["blood_moon"] + ["horde"] * 5)
    events = g.play("blood_moon")
    gained = [e for e in events if g.types([e]) == ["effect_gained"]]
    assert [(e.seat, e.by) for e in gained] == [("ann", "ann"), ("bob", "ann")]


# -- OB-2 / OB-8: one Town Square, one Helipad --------------------------------------------
@pytest.mark.parametrize(
    "mission, why",
    [
        ({"tile_pile": ["helipad", "helipad"]}, "at most one Helipad, not 2 (2 in the pile)"),
        (
            {"tiles": [("helipad", (0, -1), 180)], "tile_pile": ["straight", "helipad"]},
            "at most one Helipad, not 2 (1 laid and 1 in the pile)",
        ),
        ({"tile_pile": ["town_square"]}, "Town Square is where the game starts"),
        ({"tiles": [("town_square", (0, -1), 0)]}, "the game starts on the one Town Square"),
    ],
)
def test_ob_2_a_mission_holds_one_town_square_and_at_most_one_helipad(mission_path, mission, why):
    """OB-2, OB-8: a second Helipad (laid or in the pile) or a second Town
    Square is refused with the reason, never loaded with only one counting."""
    with pytest.raises(MissionError) as err:
        Game.new("outbreak", mission=mission_path(**mission))
    assert why in str(err.value)


# -- OB-4 (6): the player chooses each zombie's way --------------------------------------
def test_ob_4_step_6_each_zombie_goes_the_way_the_player_chooses(scenario):
    g = scenario(zombies=[(1, 0)], dice=[1, 2])
    g.draw()
    g.end_move()
    ways = [c["to"] for c in g.view("ann")["legal"] if c["type"] == "move_zombie"]
    assert ways == [[0, 0], [2, 0], [1, 1]]  # every way along the square's top row, or onto ann
    g.do("move_zombie", **{"from": [1, 0], "to": [2, 0]})  # east: not the first listed
    assert g.summary()["zombies"] == [[2, 0]]


# -- the options themselves ---------------------------------------------------------------
@pytest.mark.parametrize("option", ["discard", "dealer", "tile_deck", "event_deck"])
def test_a_variant_with_an_unknown_value_is_refused(option):
    with pytest.raises(RuleError) as err:
        Game.new("outbreak", **{option: "sometimes"})
    assert err.value.code == "bad_option" and option in err.value.message


def test_the_variants_show_in_the_summary():
    s = Game.new("outbreak", seed=1, discard="mandatory", event_deck="table").summary()
    assert s["options"] == {
        "discard": "mandatory", "dealer": "none", "tile_deck": "standard", "event_deck": "table"
    }  # fmt: skip
