"""OB-4: the turn's seven steps, in order, and the commands of each."""

from __future__ import annotations

HANDS = ["shotgun", "adrenaline", "lucky_find", "first_aid", "horde", "detour"]
PILE = [*HANDS, "chainsaw", "fire_axe", "lots_of_ammo"]


def test_ob_4_the_steps_in_order(scenario):
    """(1) one event, (2) a tile, (3) fight, (4) draw to 3, (5) movement die,
    (6) zombie die, (7) discard; then the next seat."""
    g = scenario(event_pile=PILE, tile_pile=["straight"], dice=[4, 2])
    s = g.summary()
    assert (s["phase"], s["current"], s["to_act"], s["round"]) == ("event", "ann", "ann", 1)
    assert s["seats"]["ann"]["hand"] == ["shotgun", "adrenaline", "lucky_find"]
    assert s["seats"]["bob"]["hand"] == ["first_aid", "horde", "detour"]
    kinds = {c.__struct_config__.tag for c in g.legal_commands()}
    assert kinds == {"play_event", "draw_tile"}
    g.play("shotgun")
    assert g.summary()["event_played"] is True
    assert g.refuses("play_event", card="adrenaline") == "already_played"
    assert [c.__struct_config__.tag for c in g.legal_commands()] == ["draw_tile"]
    assert g.refuses("move", to=[1, 0]) == "wrong_phase"
    g.draw()
    assert g.summary()["phase"] == "tile" and g.summary()["drawn_tile"] == "straight"
    assert g.refuses("draw_tile") == "wrong_phase"
    events = g.place((0, -1), 0)
    assert g.types(events)[-2:] == ["event_drawn", "movement_rolled"]
    s = g.summary()
    assert s["seats"]["ann"]["hand"] == ["adrenaline", "lucky_find", "chainsaw"]
    assert (s["phase"], s["moves_left"], s["drawn_tile"]) == ("move", 4, None)
    assert g.refuses("end_turn") == "wrong_phase"
    g.move((1, 0))
    assert g.summary()["moves_left"] == 3
    events = g.end_move()
    assert g.types(events) == ["movement_ended", "zombie_die_rolled"]
    s = g.summary()
    assert (s["phase"], s["zombie_moves_left"], s["moves_left"]) == ("zombies", 2, 0)
    events = g.end_turn(discard="lucky_find")
    assert g.types(events) == ["event_discarded", "turn_ended", "turn_started"]
    s = g.summary()
    assert s["event_discard"] == ["shotgun", "lucky_find"]
    assert s["seats"]["ann"]["hand"] == ["adrenaline", "chainsaw"]
    assert (s["current"], s["phase"], s["round"], s["event_played"]) == ("bob", "event", 1, False)


def test_ob_4_the_round_ends_after_the_last_seat(scenario):
    g = scenario(dice=[1, 1, 1, 1])
    g.pass_turn()
    events = g.draw()
    assert g.types(events)[0] == "no_tile_drawn" and events[0].reason == "pile_empty"
    g.end_move()
    events = g.end_turn()
    assert g.types(events) == ["turn_ended", "round_started", "turn_started"]
    s = g.summary()
    assert (s["round"], s["current"]) == (2, "ann")


def test_ob_4_round_limit_loses_the_game_when_nobody_has_won(scenario):
    """House rule: a mission's round_limit; past it with no winner, all lose."""
    g = scenario(round_limit=1, dice=[1, 1, 1, 1])
    g.pass_turn()
    g.pass_turn()
    s = g.summary()
    assert (s["outcome"], s["phase"], s["winner"], s["to_act"]) == ("lost", "over", None, None)
    assert g.legal_commands() == []
    assert g.refuses("draw_tile") == "game_over"


def test_ob_4_only_the_seat_to_act_may_act(scenario):
    g = scenario(dice=[2])
    assert g.refused({"type": "draw_tile", "seat": "bob"}) == "not_your_turn"
    assert g.refused({"type": "draw_tile", "seat": "zed"}) == "not_your_turn"
    g.do("draw_tile", seat="ann")
    assert g.summary()["phase"] == "move"


def test_ob_4_step_4_draws_back_to_three_and_refills_from_the_discards(scenario):
    """K-4: an empty event pile is refilled by shuffling the discards."""
    g = scenario(event_pile=HANDS[:4], dice=[1, 1])
    g.play("shotgun")  # the pile is empty now: bob took first_aid
    events = g.draw()
    s = g.summary()
    assert s["seats"]["ann"]["hand"] == ["adrenaline", "lucky_find", "shotgun"]
    assert "deck_shuffled" in g.types(events) and s["event_discard"] == []


def test_ob_4_step_6_moves_different_zombies_one_cell_each(scenario):
    """OB-4 (6): up to N zombies, each a different one, one step along a
    connection to a cell with no zombie; figures never block them."""
    g = scenario(zombies=[(0, 0), (1, 0), (2, 2)], dice=[1, 2])
    g.draw()
    g.end_move()
    assert g.refuses("move_zombie", **{"from": [0, 0], "to": [1, 0]}) == "occupied"
    assert g.refuses("move_zombie", **{"from": [5, 5], "to": [5, 6]}) == "no_zombie"
    assert g.refuses("move_zombie", **{"from": [1, 0], "to": [1, 2]}) == "not_adjacent"
    assert g.refuses("move_zombie", **{"from": [1, 0], "to": [1, -1]}) == "blocked"
    g.do("move_zombie", **{"from": [0, 0], "to": [0, 1]})
    assert g.refuses("move_zombie", **{"from": [0, 1], "to": [0, 2]}) == "already_moved"
    g.do("move_zombie", **{"from": [1, 0], "to": [1, 1]})  # onto both figures
    s = g.summary()
    assert s["zombies"] == [[0, 1], [1, 1], [2, 2]] and s["zombie_moves_left"] == 0
    assert g.refuses("move_zombie", **{"from": [2, 2], "to": [2, 1]}) == "no_zombie_moves"
    assert [c.__struct_config__.tag for c in g.legal_commands()] == ["end_turn"]


def test_ob_4_zombie_moves_are_listed_only_for_unmoved_zombies(scenario):
    g = scenario(zombies=[(0, 0)], dice=[1, 3])
    g.draw()
    g.end_move()
    moves = [c for c in g.legal_commands() if c.__struct_config__.tag == "move_zombie"]
    assert sorted(tuple(c.to) for c in moves) == [(0, 1), (1, 0)]
    g.do("move_zombie", **{"from": [0, 0], "to": [1, 0]})
    assert [c.__struct_config__.tag for c in g.legal_commands()] == ["end_turn"]


def test_ob_4_step_7_discard_must_be_held(scenario):
    g = scenario(event_pile=HANDS, dice=[1, 1])
    g.draw()
    g.end_move()
    assert g.refuses("end_turn", discard="horde") == "not_in_hand"
    assert g.refuses("end_turn", discard="bazooka") == "unknown_card"
    discards = sorted(c.discard or "" for c in g.legal_commands())
    assert discards == ["", "adrenaline", "lucky_find", "shotgun"]


def test_malformed_commands_are_refused(scenario):
    g = scenario()
    assert g.refused({"type": "fly"}) == "bad_command"
    assert g.refused({"type": "move"}) == "bad_command"
    assert g.refused({"type": "draw_tile", "colour": "red"}) == "bad_command"
    assert g.refused("draw") == "bad_command"
