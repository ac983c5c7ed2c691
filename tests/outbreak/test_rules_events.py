"""OB-9: every event card, its targets and its refusals."""

from __future__ import annotations

import pytest

FILL = ["first_aid"] * 3  # bob's hand when only ann's cards matter


def hand(*cards: str) -> list[str]:
    """An event pile giving ann these three cards and bob three First Aids."""
    return [*cards, *FILL]


def test_ob_9_alternative_food_source_no_fights_this_turn(scenario):
    """No fight at step 3 nor on entering a zombie's cell; the token under a
    zombie stays; the effect ends with the turn."""
    g = scenario(
        zombies=[(1, 1), (1, 0)],
        tokens=[(1, 0, "bullet")],
        event_pile=hand("alternative_food_source", "horde", "horde"),
        dice=[3, 1],
    )
    g.play("alternative_food_source")
    events = g.draw()
    assert "fight_rolled" not in g.types(events)
    assert [1, 0] in [list(c.to) for c in g.legal_commands() if c.__struct_config__.tag == "move"]
    events = g.move((1, 0))
    assert g.types(events) == ["figure_moved"]
    g.move((2, 0))
    s = g.summary()
    assert s["zombies"] == [[1, 0], [1, 1]] and s["tokens"] == [[1, 0, "bullet"]]
    assert s["seats"]["ann"]["kills"] == 0
    g.end_move()
    g.end_turn()
    assert g.seat("ann")["effects"] == {}


def test_ob_9_adrenaline_three_more_moves(scenario):
    g = scenario(event_pile=hand("adrenaline", "horde", "horde"), dice=[2])
    g.play("adrenaline")
    events = g.draw()
    assert events[-1].die == 2 and g.summary()["moves_left"] == 5


def test_ob_9_chainsaw_does_not_stack_with_itself(scenario):
    """An effect does not stack: a second chainsaw sets three rolls again."""
    g = scenario(
        zombies=[(1, 0), (2, 0)],
        event_pile=["chainsaw", "chainsaw", "horde", *FILL],
        dice=[2, 6, 6, 1, 1, 1, 1, 1],
    )
    g.play("chainsaw")
    g.draw()
    g.move((1, 0), (2, 0))
    assert g.seat("ann")["effects"] == {"chainsaw": 1}
    g.end_move()
    g.end_turn()
    g.pass_turn()
    g.play("chainsaw")
    assert g.seat("ann")["effects"] == {"chainsaw": 3}


def test_ob_9_lots_of_ammo_and_first_aid(scenario):
    g = scenario(
        event_pile=["lots_of_ammo", "first_aid", "first_aid", *FILL],
        dice=[1, 1, 1, 1],
    )
    g.play("lots_of_ammo")
    assert g.seat("ann")["bullets"] == 6
    g.pass_turn()
    g.pass_turn()
    g.play("first_aid")
    assert g.seat("ann")["life"] == 5
    g.pass_turn()
    g.pass_turn()
    events = g.play("first_aid")
    assert g.types(events) == ["event_played"] and g.seat("ann")["life"] == 5


def test_ob_9_brain_cramp_the_targets_next_movement_has_no_die(scenario):
    g = scenario(
        event_pile=["brain_cramp", "horde", "horde", "adrenaline", "horde", "horde"],
        dice=[1, 1, 1, 1],
    )
    assert g.refuses("play_event", card="brain_cramp") == "bad_target"
    assert g.refuses("play_event", card="brain_cramp", target="ann") == "bad_target"
    assert g.refuses("play_event", card="brain_cramp", target="zed") == "bad_target"
    assert g.refuses("play_event", card="brain_cramp", target="bob", tile=[0, 0]) == "bad_target"
    g.play("brain_cramp", target="bob")
    assert g.seat("bob")["effects"] == {"brain_cramp": 1}
    g.draw()
    g.end_move()
    g.end_turn()
    events = g.draw()
    assert g.types(events)[-2:] == ["movement_without_die", "effect_ended"]
    s = g.summary()
    assert (s["phase"], s["moves_left"], s["seats"]["bob"]["effects"]) == ("move", 0, {})
    assert [c.__struct_config__.tag for c in g.legal_commands()] == ["end_move"]
    g.end_move()
    g.end_turn()
    g.pass_turn()
    g.draw()
    assert g.types(g.events)[-1] == "movement_rolled"


def test_ob_9_brain_cramp_leaves_adrenaline_its_three_moves(scenario):
    """Rules note: brain cramp takes the die; adrenaline's +3 still counts."""
    g = scenario(
        event_pile=["brain_cramp", "horde", "horde", "adrenaline", "horde", "horde"],
        dice=[1, 1],
    )
    g.play("brain_cramp", target="bob")
    g.pass_turn()
    g.play("adrenaline")
    g.draw()
    assert g.summary()["moves_left"] == 3


def test_ob_9_horde_fills_the_first_three_free_road_cells(scenario):
    g = scenario(zombies=[(1, 0)], event_pile=hand("horde", "horde", "horde"))
    assert g.refuses("play_event", card="horde") == "bad_target"
    assert g.refuses("play_event", card="horde", tile=[4, 4]) == "bad_target"
    events = g.play("horde", tile=[0, 0])
    assert g.types(events) == ["event_played"] + ["zombie_placed"] * 3
    assert g.summary()["zombies"] == [[0, 0], [1, 0], [2, 0], [0, 1]]


def test_ob_9_horde_on_a_tile_with_fewer_free_cells(scenario):
    g = scenario(
        tiles=[("straight", (0, -1), 0)],
        zombies=[(1, -2)],
        event_pile=hand("horde", "horde", "horde"),
    )
    g.play("horde", tile=[0, -1])
    assert g.summary()["zombies"] == [[1, -3], [1, -2], [1, -1]]


def test_ob_9_detour_steps_an_opponent_without_a_fight(scenario):
    g = scenario(
        tokens=[(1, 0, "life")],
        event_pile=["detour", "detour", "horde", *FILL],
        dice=[1, 1, 1, 1],
    )
    assert g.refuses("play_event", card="detour", target="bob") == "bad_target"
    assert g.refuses("play_event", card="detour", target="bob", direction="up") == "bad_target"
    events = g.play("detour", target="bob", direction="n")
    assert g.types(events) == ["event_played", "figure_pushed", "token_taken"]
    assert g.seat("bob")["cell"] == [1, 0] and g.seat("bob")["life"] == 4
    assert g.refuses("play_event", card="detour", target="bob", direction="s") == "already_played"
    g.pass_turn()
    g.pass_turn()
    assert g.refuses("play_event", card="detour", target="bob", direction="n") == "blocked"
    g.play("detour", target="bob", direction="s")
    assert g.seat("bob")["cell"] == [1, 1]


def test_ob_9_detour_into_a_zombie_fights_nothing_and_takes_nothing(scenario):
    g = scenario(
        zombies=[(1, 2)],
        tokens=[(1, 2, "bullet")],
        event_pile=["detour", "horde", "horde", *FILL],
    )
    events = g.play("detour", target="bob", direction="s")
    assert g.types(events) == ["event_played", "figure_pushed"]
    s = g.summary()
    assert s["seats"]["bob"]["cell"] == [1, 2] and s["tokens"] == [[1, 2, "bullet"]]


def test_ob_9_detour_is_listed_only_where_a_connection_leads(scenario):
    g = scenario(event_pile=["detour", "horde", "horde", *FILL])
    listed = [
        (c.target, c.direction)
        for c in g.legal_commands()
        if c.__struct_config__.tag == "play_event" and c.card == "detour"
    ]
    assert listed == [("bob", "n"), ("bob", "e"), ("bob", "s"), ("bob", "w")]


def test_ob_9_stampede_zombies_step_toward_the_nearest_figure(scenario):
    """Reading order; ties go N, E, S, W: [0,0] has east and south one
    nearer and goes east; [2,2] has north and west and goes north."""
    g = scenario(zombies=[(0, 0), (2, 2)], event_pile=hand("stampede", "horde", "horde"))
    events = g.play("stampede", tile=[0, 0])
    assert [(list(e.from_), list(e.to)) for e in events[1:]] == [
        ([0, 0], [1, 0]),
        ([2, 2], [2, 1]),
    ]


def test_ob_9_stampede_in_reading_order_a_zombie_may_be_held_up(scenario):
    """The zombie at [1,-3] would step to [1,-2], still taken when its turn
    comes; the one at [1,-2] then steps to [1,-1]."""
    g = scenario(
        tiles=[("straight", (0, -1), 0)],
        zombies=[(1, -3), (1, -2)],
        event_pile=hand("stampede", "horde", "horde"),
    )
    assert g.refuses("play_event", card="stampede", tile=[0, 0]) == "bad_target"
    g.play("stampede", tile=[0, -1])
    assert g.summary()["zombies"] == [[1, -3], [1, -1]]


def test_ob_9_lucky_find_draws_two(scenario):
    g = scenario(event_pile=["lucky_find", "horde", "horde", *FILL, "shotgun", "chainsaw"])
    g.play("lucky_find")
    assert g.seat("ann")["hand"] == ["horde", "horde", "shotgun", "chainsaw"]
    assert g.summary()["event_discard"] == ["lucky_find"]


@pytest.mark.parametrize(
    "fields, code",
    [
        ({"card": "bazooka"}, "unknown_card"),
        ({"card": "detour", "target": "bob", "direction": "n"}, "not_in_hand"),
        ({"card": "adrenaline", "target": "bob"}, "bad_target"),
        ({"card": "adrenaline", "tile": [0, 0]}, "bad_target"),
    ],
)
def test_ob_9_refusals(scenario, fields, code):
    g = scenario(event_pile=hand("adrenaline", "horde", "horde"))
    assert g.refuses("play_event", **fields) == code


def test_ob_9_played_cards_go_to_the_discard_in_order(scenario):
    pile = [*hand("adrenaline", "horde", "shotgun"), "lucky_find"]
    g = scenario(event_pile=pile, dice=[1, 1, 1, 1])
    g.play("adrenaline")
    g.draw()
    g.end_move()
    g.end_turn(discard="shotgun")
    assert g.summary()["event_discard"] == ["adrenaline", "shotgun"]


def test_ob_4_a_hand_above_three_draws_nothing_at_step_4(scenario):
    """Rules note: step 4 only tops a hand up; Lucky Find's extra cards stay."""
    pile = ["lucky_find", "horde", "horde", *FILL, "shotgun", "chainsaw", "adrenaline"]
    g = scenario(event_pile=pile, dice=[1])
    g.play("lucky_find")
    events = g.draw()
    assert "event_drawn" not in g.types(events)
    assert g.seat("ann")["hand"] == ["horde", "horde", "shotgun", "chainsaw"]
