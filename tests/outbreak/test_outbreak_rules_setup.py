"""OB-1, OB-2, OB-A: components, setup, seats and options."""

from __future__ import annotations

from collections import Counter

import pytest

from engine import Game, MissionError, RuleError, get_mode
from engine.outbreak import content


def test_ob_a_thirty_tiles_and_fifty_events():
    """OB-A: the tile counts and the event counts of the baseline box (the
    standard decks)."""
    standard = {t: s for t, s in content.tiles().items() if "standard" in s.decks}
    tiles = {t: s.count for t, s in standard.items()}
    assert sum(tiles.values()) == 30
    assert tiles["straight"] == 6 and tiles["corner"] == 5
    assert tiles["t_junction"] == 4 and tiles["crossing"] == 3
    named = [t for t, s in standard.items() if s.building]
    assert len(named) == 10
    events = {e: s.count for e, s in content.events().items() if "standard" in s.decks}
    assert sum(events.values()) == 50
    assert events == {
        "alternative_food_source": 4, "adrenaline": 5, "shotgun": 4, "chainsaw": 3,
        "fire_axe": 4, "lots_of_ammo": 5, "first_aid": 5, "brain_cramp": 4, "horde": 5,
        "detour": 4, "stampede": 4, "lucky_find": 3,
    }  # fmt: skip


def test_ob_a_named_buildings_bring_their_printed_zombies_and_tokens():
    hospital = content.tile("hospital")
    assert (hospital.zombies, hospital.bullets, hospital.lives) == (4, 0, 4)
    army = content.tile("army_surplus")
    assert (army.zombies, army.bullets, army.lives) == (3, 2, 1)


def test_ob_2_town_square_first_helipad_last_and_three_events_each():
    """OB-2: Town Square lies at [0, 0]; the other 28 tiles are shuffled with
    the Helipad under them; every seat holds 3 events, 3 life, 3 bullets;
    seat 1 took the top three events."""
    g = Game.new("outbreak", seed=5, seats="human,bot,bot")
    s = g.summary()
    assert s["tiles"] == [{"tile": "town_square", "at": [0, 0], "rotation": 0}]
    assert s["tiles_left"] == 29 and s["tile_pile"][-1] == "helipad"
    assert "town_square" not in s["tile_pile"]
    pile = Counter(s["tile_pile"][:-1])
    assert pile["straight"] == 6 and pile["hospital"] == 1 and sum(pile.values()) == 28
    hands = [s["seats"][p]["hand"] for p in s["order"]]
    assert all(len(h) == 3 for h in hands)
    assert s["events_left"] == 50 - 9
    for seat in s["seats"].values():
        assert (seat["life"], seat["bullets"], seat["kills"], seat["cell"]) == (3, 3, 0, [1, 1])
    order = [e for e in g.events if type(e).__name__ == "EventDrawn"]
    assert [e.seat for e in order[:3]] == ["p1"] * 3
    assert [e.card for e in order[:3]] == hands[0]


def test_ob_2_the_shuffle_follows_the_seed():
    a = Game.new("outbreak", seed=9).summary()
    b = Game.new("outbreak", seed=9).summary()
    c = Game.new("outbreak", seed=10).summary()
    assert a["tile_pile"] == b["tile_pile"] and a["event_pile"] == b["event_pile"]
    assert a["tile_pile"] != c["tile_pile"]


def test_ob_1_seats_from_a_list_or_a_comma_string():
    g = Game.new("outbreak", seed=1, seats=["ann:human", "bot", "cy:bot"])
    s = g.summary()
    assert s["order"] == ["ann", "p2", "cy"]
    assert [s["seats"][p]["kind"] for p in s["order"]] == ["human", "bot", "bot"]
    assert Game.new("outbreak", seed=1, seats="ann:human,bot,cy:bot").summary()["order"] == [
        "ann",
        "p2",
        "cy",
    ]
    default = Game.new("outbreak", seed=1).summary()
    assert default["order"] == ["p1", "p2"]
    assert [default["seats"][p]["kind"] for p in default["order"]] == ["human", "bot"]


@pytest.mark.parametrize(
    "seats",
    [
        "human",  # one seat
        "bot,bot,bot,bot,bot,bot,bot",  # seven
        "human,robot",
        "Ann:human,bot",
        "ann:human,ann:bot",
        "p2:human,bot",  # p2 is seat 2's own name
        "9x:human,bot",
        ["human", 3],
        7,
    ],
)
def test_ob_1_bad_seats_are_refused(seats):
    with pytest.raises(RuleError) as err:
        Game.new("outbreak", seed=1, seats=seats)
    assert err.value.code == "bad_seats"


def test_unknown_options_survivors_and_missions_are_refused():
    with pytest.raises(RuleError) as err:
        Game.new("outbreak", seed=1, zombies="ai")
    assert err.value.code == "bad_option"
    with pytest.raises(RuleError) as err:
        Game.new("outbreak", seed=1, survivors=["vega"])
    assert err.value.code == "bad_option"
    with pytest.raises(MissionError, match="no shipped mission"):
        Game.new("outbreak", mission="nowhere", seed=1)


def test_the_standard_mission_is_the_default_and_listed():
    mode = get_mode("outbreak")
    assert mode.default_mission == "standard"
    rows = mode.missions()
    assert [r["id"] for r in rows] == ["standard"]
    row = rows[0]
    assert row["mode"] == "outbreak" and row["size"] == "30 tiles"
    assert set(row) >= {"id", "mode", "name", "difficulty", "briefing", "size"}
    s = Game.new("outbreak", seed=1).summary()
    assert s["mission"] == "standard" and s["kills_to_win"] == 25 and s["round_limit"] == 0
