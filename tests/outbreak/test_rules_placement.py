"""OB-3: laying tiles: rotation, edge matching, what a new tile brings,
closing the map, a tile with no place; OB-8: who places the Helipad."""

from __future__ import annotations

import pytest

from engine.outbreak.board import rotated

NORTH = (0, -1)  # the position north of Town Square: its south edge meets a road

# the rotations at which each tile fits north of Town Square (its south side is road)
FITS_NORTH = {
    "straight": {0, 180},
    "corner": {90, 180},
    "t_junction": {0, 90, 270},
    "crossing": {0, 90, 180, 270},
    "helipad": {180},
    "hospital": {90, 180},
    "skate_shop": {90, 180},
}


def test_ob_3_rotation_turns_columns_into_rows_clockwise():
    assert rotated("corner", 0) == ("#.#", "#..", "###")
    assert rotated("corner", 90) == ("###", "#..", "#.#")
    assert rotated("corner", 180) == ("###", "..#", "#.#")
    assert rotated("corner", 270) == ("#.#", "..#", "###")
    assert rotated("hospital", 90) == ("bDb", "b..", "b.#")
    assert rotated("t_junction", 90) == ("#.#", "..#", "#.#")


@pytest.mark.parametrize("tile", sorted(FITS_NORTH))
@pytest.mark.parametrize("rotation", [0, 90, 180, 270])
def test_ob_3_a_tile_fits_only_where_its_roads_meet_roads(scenario, tile, rotation):
    """OB-3: at every rotation, a tile north of Town Square is legal exactly
    when its south edge is road; otherwise a road would run into a wall."""
    g = scenario(tile_pile=[tile])
    g.draw()
    listed = {(tuple(c.at), c.rotation) for c in g.legal_commands()}
    if rotation in FITS_NORTH[tile]:
        assert (NORTH, rotation) in listed
        g.place(NORTH, rotation)
        assert g.summary()["tiles"][-1] == {"tile": tile, "at": [0, -1], "rotation": rotation}
    else:
        assert (NORTH, rotation) not in listed
        assert g.refuses("place_tile", at=[0, -1], rotation=rotation) == "edges_mismatch"


def test_ob_3_refusals_come_in_the_contracts_order(scenario):
    """bad_rotation, then position_taken, then not_connected (touches nothing),
    then edges_mismatch, then not_connected (no road meets a road)."""
    g = scenario(tiles=[("straight", (0, -1), 0)], tile_pile=["corner"])
    g.draw()
    assert g.refuses("place_tile", at=[0, 0], rotation=45) == "bad_rotation"
    assert g.refuses("place_tile", at=[0, 0], rotation=90) == "position_taken"
    assert g.refuses("place_tile", at=[5, 5], rotation=0) == "not_connected"
    # east of the straight: its wall meets the corner's road at rotation 180 (west road)
    assert g.refuses("place_tile", at=[1, -1], rotation=180) == "edges_mismatch"
    # at rotation 90 (east and south roads) only walls touch: no road meets a road
    assert g.refuses("place_tile", at=[1, -1], rotation=90) == "not_connected"


def test_ob_3_two_neighbours_must_both_match(scenario):
    g = scenario(
        tiles=[("straight", (0, -1), 0), ("corner", (1, 0), 180)],
        tile_pile=["corner", "t_junction"],
    )
    g.draw()
    # [1, -1] meets the straight's east wall (west) and the corner's north wall (south)
    placements = {(tuple(c.at), c.rotation) for c in g.legal_commands()}
    assert not any(at == (1, -1) for at, _ in placements)
    assert g.refuses("place_tile", at=[1, -1], rotation=0) == "not_connected"


def test_ob_3_every_listed_placement_and_every_rotation_alike(scenario):
    """legal_commands lists alike rotations too (a straight at 0 and at 180)."""
    g = scenario(tile_pile=["straight"])
    g.draw()
    listed = sorted((tuple(c.at), c.rotation) for c in g.legal_commands())
    assert listed == [
        ((-1, 0), 90), ((-1, 0), 270), ((0, -1), 0), ((0, -1), 180),
        ((0, 1), 0), ((0, 1), 180), ((1, 0), 90), ((1, 0), 270),
    ]  # fmt: skip


def test_ob_3_a_plain_tile_gets_a_zombie_on_each_road_exit(scenario):
    g = scenario(tile_pile=["crossing"])
    g.draw()
    g.place(NORTH, 0)
    assert g.summary()["zombies"] == [[1, -3], [0, -2], [2, -2], [1, -1]]


def test_ob_3_the_placer_may_put_a_plain_tiles_zombies_on_other_road_cells(scenario):
    g = scenario(tile_pile=["crossing"])
    g.draw()
    g.place(NORTH, 0, zombies=[[1, -2], [1, -3], [0, -2], [2, -2]])
    assert g.summary()["zombies"] == [[1, -3], [0, -2], [1, -2], [2, -2]]


@pytest.mark.parametrize(
    "zombies",
    [
        [[1, -2], [1, -3], [0, -2]],  # three for four exits
        [[1, -2], [1, -2], [0, -2], [2, -2]],  # the same cell twice
        [[0, -3], [1, -3], [0, -2], [2, -2]],  # [0, -3] is a wall
        [[1, 0], [1, -3], [0, -2], [2, -2]],  # [1, 0] lies on Town Square
    ],
)
def test_ob_3_bad_chosen_zombies(scenario, zombies):
    g = scenario(tile_pile=["crossing"])
    g.draw()
    assert g.refuses("place_tile", at=[0, -1], rotation=0, zombies=zombies) == "bad_zombies"


def test_ob_3_a_named_building_fills_from_the_door(scenario):
    """Hospital (Z4 L4) turned 90: rows bDb|b..|b.#. Door [1,-3], then [0,-3]
    and [2,-3] (one step, reading order), then [0,-2]; the lives fill the
    same cells."""
    g = scenario(tile_pile=["hospital"])
    g.draw()
    assert g.refuses("place_tile", at=[0, -1], rotation=90, zombies=[[1, -2]]) == "bad_zombies"
    g.place(NORTH, 90)
    s = g.summary()
    assert s["zombies"] == [[0, -3], [1, -3], [2, -3], [0, -2]]
    assert s["tokens"] == [[0, -3, "life"], [1, -3, "life"], [2, -3, "life"], [0, -2, "life"]]
    assert s["cells"]["1,-3"] == "door" and s["cells"]["1,-2"] == "road"


def test_ob_3_bullets_then_lives_from_the_door(scenario):
    """Army Surplus (Z3 B2 L1) turned 180 east of Town Square: rows bbb|..D|#.b."""
    g = scenario(tile_pile=["army_surplus"])
    g.draw()
    g.place((1, 0), 180)
    s = g.summary()
    assert s["zombies"] == [[5, 0], [5, 1], [5, 2]]
    assert s["tokens"] == [[5, 0, "bullet"], [5, 1, "bullet"], [5, 2, "life"]]


# Town Square closed in by four corners: only [1, 1] is left, faced by roads
# from the north and the west.
RING = (
    ("corner", (0, -1), 180),
    ("corner", (-1, -1), 90),
    ("corner", (-1, 0), 0),
    ("corner", (1, 0), 180),
    ("corner", (0, 1), 0),
)


def test_ob_3_closing_the_map_with_tiles_left_loses_the_rest_of_the_turn(scenario):
    """OB-3 [003 step 7]: the seat that closes the map while tiles are left
    loses the rest of its turn; later draws find nothing."""
    g = scenario(tiles=RING, tile_pile=["corner", "straight"])
    g.draw()
    events = g.place((1, 1), 270)
    assert g.types(events)[-4:] == ["map_closed", "turn_lost", "turn_ended", "turn_started"]
    s = g.summary()
    assert s["map_closed"] is True and s["current"] == "bob" and s["phase"] == "event"
    assert "movement_rolled" not in g.types(events) and s["tiles_left"] == 1
    events = g.draw()
    assert g.types(events)[0] == "no_tile_drawn" and events[0].reason == "map_closed"
    assert g.summary()["tiles_left"] == 1


def test_ob_3_closing_the_map_with_the_last_tile_keeps_the_turn(scenario):
    g = scenario(tiles=RING, tile_pile=["corner"], dice=[2])
    g.draw()
    events = g.place((1, 1), 270)
    assert "map_closed" in g.types(events) and "turn_lost" not in g.types(events)
    assert g.summary()["phase"] == "move" and g.summary()["moves_left"] == 2


def test_ob_3_a_tile_with_no_legal_place_is_lost_and_the_turn_goes_on(scenario):
    """A straight cannot meet both the north and the west road at [1, 1]."""
    g = scenario(tiles=RING, tile_pile=["straight", "t_junction"], dice=[3])
    events = g.draw()
    assert g.types(events)[:2] == ["tile_drawn", "tile_lost"]
    s = g.summary()
    assert s["tiles_out"] == ["straight"] and s["tiles_left"] == 1
    assert s["phase"] == "move" and s["moves_left"] == 3 and s["current"] == "ann"


def _play_turn(g, moves=()) -> None:
    """Draw (placing the first listed place), walk `moves`, end the turn."""
    g.draw()
    if g.summary()["phase"] == "tile":
        c = g.legal_commands()[0]
        g.place(c.at, c.rotation)
    g.move(*moves)
    if g.summary()["phase"] == "move":
        g.end_move()
    g.end_turn()


def test_ob_8_the_helipad_goes_to_the_fewest_kills_then_turn_order(scenario):
    """OB-8: Bob draws the Helipad with one kill; Ann and Cy have none. The
    tie goes in turn order from Bob: Cy places it, not Ann (seat 1)."""
    g = scenario(
        seats="ann:human,bob:human,cy:human",
        zombies=[(1, 2)],
        tile_pile=["straight", "straight", "straight", "straight", "helipad"],
        # ann: move, zombie; bob: move 1, fight 6, zombie; cy; ann
        dice=[1, 1, 1, 6, 1, 1, 1, 1, 1],
    )
    _play_turn(g)
    _play_turn(g, moves=[(1, 2)])
    assert g.seat("bob")["kills"] == 1
    _play_turn(g)
    _play_turn(g)
    events = g.draw()
    assert events[0].placer == "cy"
    s = g.summary()
    assert (s["current"], s["to_act"], s["phase"]) == ("bob", "cy", "tile")
    c = g.legal_commands()[0]
    assert g.refused({"type": "place_tile", "at": list(c.at), "seat": "bob"}) == "not_your_turn"
    g.do("place_tile", at=list(c.at), rotation=c.rotation, seat="cy")
    s = g.summary()
    assert s["helipad"] is not None and s["to_act"] == "bob" and s["phase"] == "move"


def test_ob_8_the_current_seat_places_the_helipad_when_tied_for_fewest(scenario):
    g = scenario(tile_pile=["helipad"], dice=[1])
    events = g.draw()
    assert events[0].placer == "ann"
    g.place(NORTH, 180)
    assert g.summary()["helipad"] == [1, -2]


def test_ob_3_the_helipad_brings_a_zombie_to_its_exit_or_its_pad(scenario):
    """Rules note: the Helipad is a plain tile (one road exit, one zombie);
    its pad is a road cell, so the placer may put that zombie on the pad."""
    g = scenario(tile_pile=["helipad"], dice=[1])
    g.draw()
    g.place(NORTH, 180)
    assert g.summary()["zombies"] == [[1, -1]]
    g = scenario(tile_pile=["helipad"], dice=[1])
    g.draw()
    g.place(NORTH, 180, zombies=[[1, -2]])
    assert g.summary()["zombies"] == [[1, -2]] == [g.summary()["helipad"]]
