"""OB-8 winning (the Helipad, the kills) and OB-10 secret hands in views."""

from __future__ import annotations

import msgspec

from engine.outbreak.bot import choose

# The Helipad turned 180 north of Town Square: its pad is [1,-2], its one
# road exit [1,-1] meets Town Square.
HELIPAD = (("helipad", (0, -1), 180),)


def test_ob_8_first_onto_the_pad_wins_at_once(scenario):
    g = scenario(tiles=HELIPAD, dice=[4])
    assert g.summary()["helipad"] == [1, -2]
    g.draw()
    g.move((1, 0), (1, -1))
    events = g.move((1, -2))
    assert g.types(events) == ["figure_moved", "game_won"]
    s = g.summary()
    assert (s["outcome"], s["winner"], s["win_reason"], s["phase"]) == (
        "won",
        "ann",
        "helipad",
        "over",
    )
    assert s["to_act"] is None and g.legal_commands() == []
    assert g.refuses("end_move") == "game_over"
    assert g.outcome == "won"


def test_ob_8_a_zombie_on_the_pad_must_die_first(scenario):
    g = scenario(tiles=HELIPAD, zombies=[(1, -2)], dice=[3, 2, 6])
    g.draw()
    g.move((1, 0), (1, -1))
    g.move((1, -2))
    assert g.summary()["outcome"] is None and g.summary()["pending"] is not None
    events = g.choose("life")
    assert g.types(events)[-2:] == ["zombie_killed", "game_won"]
    assert g.summary()["win_reason"] == "helipad"


def test_ob_8_passing_onto_a_guarded_pad_wins_once_the_zombie_leaves(scenario):
    """Rules note: the win is checked after every event; standing on the pad
    (with alternative food source) while a zombie is there is no win, until
    the zombie steps off."""
    g = scenario(
        tiles=HELIPAD,
        zombies=[(1, -2)],
        event_pile=["alternative_food_source", "horde", "horde", "horde", "horde", "horde"],
        dice=[3, 1],
    )
    g.play("alternative_food_source")
    g.draw()
    g.move((1, 0), (1, -1), (1, -2))
    assert g.summary()["outcome"] is None
    g.end_move()
    events = g.do("move_zombie", **{"from": [1, -2], "to": [1, -1]})
    assert g.types(events) == ["zombie_moved", "game_won"]
    assert g.summary()["winner"] == "ann"


def test_ob_8_a_detour_onto_the_pad_wins_for_the_one_pushed(scenario):
    """Rules note: whoever stands on a zombie-free pad has won, however they
    got there."""
    g = scenario(
        tiles=HELIPAD,
        event_pile=["detour", "horde", "horde", "horde", "horde", "horde"],
        dice=[2, 1, 2, 1],
    )
    g.draw()
    g.end_move()
    g.end_turn()
    g.draw()
    g.move((1, 0), (1, -1))
    g.end_move()
    g.end_turn()
    events = g.play("detour", target="bob", direction="n")
    assert g.types(events)[-1] == "game_won"
    assert (g.summary()["winner"], g.summary()["win_reason"]) == ("bob", "helipad")


def test_ob_8_the_kills_to_win_win_at_once(scenario):
    g = scenario(kills_to_win=2, zombies=[(1, 0), (2, 0)], dice=[3, 6, 6])
    g.draw()
    g.move((1, 0))
    events = g.move((2, 0))
    assert g.types(events)[-2:] == ["zombie_killed", "game_won"]
    s = g.summary()
    assert (s["winner"], s["win_reason"], s["kills_to_win"]) == ("ann", "kills", 2)


def test_ob_10_a_view_shows_only_the_viewers_hand(scenario):
    g = scenario(event_pile=["shotgun", "horde", "detour", "first_aid", "chainsaw", "horde"])
    full = g.summary()
    ann = g.view("ann")
    assert set(ann) == set(full) | {"viewer", "legal"}
    assert ann["viewer"] == "ann"
    assert ann["seats"]["ann"]["hand"] == ["shotgun", "horde", "detour"]
    assert ann["seats"]["bob"]["hand"] is None and ann["seats"]["bob"]["hand_size"] == 3
    assert ann["tile_pile"] is None and ann["event_pile"] is None
    assert ann["events_left"] == full["events_left"]
    assert {"type": "draw_tile"} in ann["legal"]
    assert {"type": "play_event", "card": "horde", "tile": [0, 0]} in ann["legal"]
    bob = g.view("bob")
    assert bob["seats"]["ann"]["hand"] is None and bob["seats"]["bob"]["hand"][0] == "first_aid"
    assert bob["legal"] == []
    other = g.view("players")
    assert all(seat["hand"] is None for seat in other["seats"].values()) and other["legal"] == []


def test_ob_10_the_legal_list_matches_legal_commands(scenario):
    g = scenario(tile_pile=["corner"], dice=[2])
    g.draw()
    view = g.view("ann")
    assert view["legal"] == [
        {"type": "place_tile", "at": list(c.at), "rotation": c.rotation} for c in g.legal_commands()
    ]
    g.submit(view["legal"][0])
    assert g.view("ann")["legal"][-1] == {"type": "end_move"}


def test_ob_10_hidden_cards_do_not_change_what_a_seat_sees(scenario):
    """Two games alike but for Bob's hand and the piles look the same to Ann,
    so her bot chooses the same."""
    g = scenario(
        seats="ann:bot,bob:human",
        event_pile=["shotgun", "horde", "detour", "first_aid", "chainsaw", "horde", "adrenaline"],
    )
    state = g.state
    bob = state.seats[1]
    other = msgspec.structs.replace(
        state,
        seats=(state.seats[0], msgspec.structs.replace(bob, hand=("horde", "horde", "horde"))),
        event_pile=("lucky_find",),
    )
    seen = g.mode.view(g.world, state, "ann")
    assert g.mode.view(g.world, other, "ann") == seen
    assert choose(seen) == choose(g.mode.view(g.world, other, "ann"))
    assert g.bot_command() == choose(seen)


def test_ob_8_a_kill_on_the_pad_that_reaches_the_target_wins_by_the_helipad(scenario):
    """Rules note: one event can make both wins true; the Helipad is named."""
    g = scenario(tiles=HELIPAD, zombies=[(1, -2)], kills_to_win=1, dice=[3, 6])
    g.draw()
    g.move((1, 0), (1, -1))
    events = g.move((1, -2))
    assert g.types(events)[-2:] == ["zombie_killed", "game_won"]
    assert (g.summary()["win_reason"], g.seat("ann")["kills"]) == ("helipad", 1)


def test_ob_8_two_on_the_pad_at_once_the_current_seat_wins(scenario):
    """Rules note: Ann and Bob both stand on a guarded pad; Bob, in his zombie
    step, moves the zombie off: both would win, the current seat does."""
    g = scenario(tiles=HELIPAD, zombies=[(1, -2)])
    ann, bob = (msgspec.structs.replace(s, cell=(1, -2)) for s in g.state.seats)
    state = msgspec.structs.replace(
        g.state, seats=(ann, bob), turn=1, phase="zombies", zombie_moves_left=1
    )
    move = g.parse_command({"type": "move_zombie", "from": [1, -2], "to": [1, -1]})
    _, after = g.mode.run(g.world, state, move)
    assert (after.winner, after.win_reason) == ("bob", "helipad")
