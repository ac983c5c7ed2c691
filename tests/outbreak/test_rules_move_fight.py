"""OB-5 movement, OB-6 fights, OB-7 death."""

from __future__ import annotations

# Hospital turned 90 north of Town Square (rows bDb|b..|b.#): its door is
# [1,-3], opening onto the road cell [1,-2]; [0,-3] [2,-3] [0,-2] [0,-1] are rooms.
HOSPITAL = (("hospital", (0, -1), 90),)


def test_ob_5_buildings_only_through_their_door(scenario):
    g = scenario(tiles=HOSPITAL, dice=[6])
    g.draw()
    g.move((1, 0), (1, -1))
    assert g.refuses("move", to=[0, -1]) == "blocked"  # a room beside the road
    g.move((1, -2))
    assert g.refuses("move", to=[0, -2]) == "blocked"
    assert g.refuses("move", to=[2, -3]) == "not_adjacent"
    g.move((1, -3), (0, -3), (0, -2))  # in at the door, then room to room
    s = g.summary()
    assert s["seats"]["ann"]["cell"] == [0, -2] and s["moves_left"] == 0
    assert g.refuses("move", to=[0, -1]) == "no_moves"
    assert [c.__struct_config__.tag for c in g.legal_commands()] == ["end_move"]


def test_ob_5_moves_listed_are_the_connected_cells(scenario):
    g = scenario(tiles=HOSPITAL, dice=[6])
    g.draw()
    g.move((1, 0), (1, -1), (1, -2))
    steps = sorted(tuple(c.to) for c in g.legal_commands() if c.__struct_config__.tag == "move")
    assert steps == [(1, -3), (1, -1), (2, -2)]


def test_ob_5_tokens_in_zombie_free_cells_are_picked_up(scenario):
    g = scenario(tokens=[(1, 0, "bullet"), (2, 0, "life")], dice=[3])
    g.draw()
    events = g.move((1, 0))
    assert g.types(events) == ["figure_moved", "token_taken"]
    g.move((2, 0))
    s = g.summary()
    assert s["tokens"] == [] and s["seats"]["ann"]["bullets"] == 4
    assert s["seats"]["ann"]["life"] == 4


def test_ob_5_a_zombies_cell_is_a_fight_before_moving_on(scenario):
    """Entering a zombie's cell fights; after a win the token under it is
    taken and the move goes on."""
    g = scenario(zombies=[(1, 0)], tokens=[(1, 0, "life")], dice=[3, 5])
    g.draw()
    events = g.move((1, 0))
    assert g.types(events) == ["figure_moved", "fight_rolled", "zombie_killed", "token_taken"]
    s = g.summary()
    assert s["zombies"] == [] and s["seats"]["ann"]["kills"] == 1
    assert s["seats"]["ann"]["life"] == 4 and s["moves_left"] == 2
    g.move((2, 0))
    assert g.summary()["seats"]["ann"]["cell"] == [2, 0]


def test_ob_5_figures_share_cells(scenario):
    g = scenario(dice=[1, 1, 1])
    g.draw()
    g.move((1, 0))
    g.end_move()
    g.end_turn()
    g.draw()
    g.move((1, 0))
    s = g.summary()
    assert s["seats"]["ann"]["cell"] == s["seats"]["bob"]["cell"] == [1, 0]


def test_ob_6_four_or_more_kills(scenario):
    g = scenario(zombies=[(1, 0)], dice=[2, 4])
    g.draw()
    events = g.move((1, 0))
    assert events[1].die == 4 and events[1].total == 4
    assert g.summary()["seats"]["ann"]["kills"] == 1


def test_ob_6_short_of_four_pay_bullets(scenario):
    """OB-6: a roll of 2 costs 2 bullets to raise it to 4."""
    g = scenario(zombies=[(1, 0)], dice=[2, 2])
    g.draw()
    events = g.move((1, 0))
    assert g.types(events)[-1] == "decision_pending"
    s = g.summary()
    assert s["pending"] == {
        "kind": "fight", "seat": "ann", "cell": [1, 0], "roll": 2, "total": 2,
        "options": ["bullets", "life"],
    }  # fmt: skip
    assert s["to_act"] == "ann" and s["phase"] == "move"
    assert g.refuses("end_move") == "decision_pending"
    assert g.refuses("move", to=[2, 0]) == "decision_pending"
    assert g.refuses("choose", option="run") == "bad_choice"
    assert [c.option for c in g.legal_commands()] == ["bullets", "life"]
    events = g.choose("bullets")
    assert g.types(events) == ["decision_made", "bullets_spent", "zombie_killed"]
    s = g.summary()
    assert s["seats"]["ann"]["bullets"] == 1 and s["seats"]["ann"]["kills"] == 1
    assert s["pending"] is None and s["moves_left"] == 1
    assert g.refuses("choose", option="life") == "no_decision"


def test_ob_6_bullets_are_offered_only_when_held_and_life_is_still_asked(scenario):
    """A roll of 1 needs 3 bullets; with 2 left only `life` is offered, and
    the seat is still asked."""
    g = scenario(zombies=[(1, 0), (2, 0)], dice=[2, 3, 1, 6])
    g.draw()
    g.move((1, 0))
    g.choose("bullets")  # 3 -> 4 for one bullet: 2 left
    g.move((2, 0))
    s = g.summary()
    assert s["pending"]["options"] == ["life"] and s["seats"]["ann"]["bullets"] == 2
    events = g.choose("life")
    assert g.types(events) == [
        "decision_made", "life_lost", "fight_rolled", "zombie_killed",
    ]  # fmt: skip
    s = g.summary()
    assert s["seats"]["ann"]["life"] == 2 and s["seats"]["ann"]["kills"] == 2


def test_ob_6_bonuses_add_to_the_roll(scenario):
    """Shotgun +1 until death; chainsaw +2 on the next three rolls; fire axe
    +1 this turn."""
    g = scenario(
        zombies=[(1, 0), (2, 0), (2, 1), (2, 2)],
        event_pile=["chainsaw", "shotgun", "fire_axe", "first_aid", "first_aid", "first_aid"],
        dice=[4, 2, 2, 2, 1],
    )
    g.play("chainsaw")
    g.draw()
    assert g.seat("ann")["effects"] == {"chainsaw": 3}
    events = g.move((1, 0))
    assert events[1].total == 4
    g.move((2, 0))
    g.move((2, 1))
    s = g.summary()
    assert s["seats"]["ann"]["kills"] == 3 and s["seats"]["ann"]["effects"] == {}
    events = g.move((2, 2))
    assert events[1].total == 1 and g.summary()["pending"] is not None


def test_ob_6_fire_axe_lasts_the_turn_and_shotgun_until_death(scenario):
    g = scenario(
        event_pile=["fire_axe", "shotgun", "horde", "first_aid", "first_aid", "first_aid"],
        dice=[1, 1, 1, 1],
    )
    g.play("fire_axe")
    g.draw()
    assert g.seat("ann")["effects"] == {"fire_axe": 1}
    g.end_move()
    events = g.end_turn()
    assert g.types(events)[0] == "effect_ended"
    assert g.seat("ann")["effects"] == {}
    g.pass_turn()
    g.play("shotgun")
    g.pass_turn()
    g.pass_turn()
    assert g.seat("ann")["effects"] == {"shotgun": 1}


def test_ob_6_a_zombie_in_your_cell_is_fought_at_step_3(scenario):
    """Fights happen only in the fighter's own turn (house): a zombie moved
    onto Bob waits for Bob's step 3, after his tile."""
    g = scenario(zombies=[(1, 0)], tile_pile=["straight", "straight"], dice=[1, 1, 6, 2])
    g.draw()
    g.place((0, -1), 0)
    g.end_move()
    g.do("move_zombie", **{"from": [1, 0], "to": [1, 1]})
    events = g.end_turn()
    assert "fight_rolled" not in g.types(events)
    assert g.summary()["zombies"][0] == [1, -3]  # the straight's zombies came first
    g.draw()
    assert g.summary()["phase"] == "tile"
    events = g.place((0, -2), 0)
    types = g.types(events)
    assert types.index("fight_rolled") > types.index("tile_placed")
    assert g.seat("bob")["kills"] == 1 and g.summary()["phase"] == "move"


def test_ob_7_death_at_step_3(scenario):
    """OB-7: at 0 life the figure goes back to Town Square's centre, loses
    half its kills rounded up and its effects; no movement die this turn
    (the draw, zombie die and discard still follow); its next turn starts
    with 3 life and 3 bullets."""
    g = scenario(
        zombies=[(1, 0), (2, 0), (2, 1)],
        event_pile=["shotgun", "lots_of_ammo", "lots_of_ammo", "first_aid", "first_aid"]
        + ["first_aid", "horde", "horde"],
        # ann: move 2, fights 6 6, zombie die 1; bob: move 1, zombie 1;
        # ann: fights 1 1 1 (choosing life), zombie die 4; bob: move 1, zombie 1
        dice=[2, 6, 6, 1, 1, 1, 1, 1, 1, 4, 1, 1],
    )
    g.draw()
    g.move((1, 0), (2, 0))
    g.end_move()
    g.end_turn()
    g.draw()
    g.end_move()
    g.do("move_zombie", **{"from": [2, 1], "to": [2, 0]})
    g.end_turn()
    assert g.seat("ann")["kills"] == 2
    g.play("shotgun")
    g.draw()
    for _ in range(2):
        g.choose("life")
    assert g.seat("ann")["life"] == 1
    events = g.choose("life")
    types = g.types(events)
    assert types[:3] == ["decision_made", "life_lost", "figure_died"]
    assert "movement_rolled" not in types and types[-1] == "zombie_die_rolled"
    assert events[2].kills_lost == 1
    ann = g.seat("ann")
    assert (ann["cell"], ann["life"], ann["kills"], ann["effects"]) == ([1, 1], 0, 1, {})
    assert ann["hand"] == ["lots_of_ammo", "lots_of_ammo", "horde"]
    s = g.summary()
    assert (s["phase"], s["zombie_moves_left"], s["zombies"]) == ("zombies", 4, [[2, 0]])
    g.end_turn()
    g.pass_turn()
    events = g.draw()
    assert g.seat("ann")["life"] == 3 and g.seat("ann")["bullets"] == 3


def test_ob_7_revived_at_the_start_of_the_next_turn(scenario):
    g = scenario(zombies=[(1, 0)], dice=[1, 1, 1, 1, 1, 1, 1, 1])
    g.draw()
    g.move((1, 0))
    for _ in range(3):
        g.choose("life")
    assert g.seat("ann")["life"] == 0 and g.summary()["phase"] == "zombies"
    g.end_turn()
    g.pass_turn()
    assert g.types(g.events[-2:]) == ["turn_started", "figure_revived"]
    assert (g.seat("ann")["life"], g.seat("ann")["bullets"]) == (3, 3)


def test_ob_7_death_while_moving_rolls_the_zombie_die_at_once(scenario):
    g = scenario(zombies=[(1, 0)], dice=[4, 1, 1, 1, 5])
    g.draw()
    g.move((1, 0))
    g.choose("life")
    g.choose("life")
    events = g.choose("life")
    assert g.types(events)[-2:] == ["figure_died", "zombie_die_rolled"]
    s = g.summary()
    assert (s["phase"], s["moves_left"], s["zombie_moves_left"]) == ("zombies", 0, 5)
    assert s["seats"]["ann"]["cell"] == [1, 1] and s["zombies"] == [[1, 0]]
