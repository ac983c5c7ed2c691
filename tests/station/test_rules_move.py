"""ST-3.1 move; ST-4.1 connections; ST-4.2 distance."""

CORRIDOR = """
#################
#aaabbbcccdddeee#
#aaabbbcccdddeee#
#################
#xx#
"""

# a ring: a-b-c across the top, a-d-c across the bottom
RING = """
#######
#abbbc#
#a###c#
#adddc#
#######
#xx#
"""

START_A = "[zones.a]\nstart = true\n"


def walkers(zone: str, count: int = 1) -> str:
    return f'[[zombies]]\nzone = "{zone}"\nkind = "walker"\ncount = {count}\n'


# ST-3.1: speed 1 moves one zone per action; two zones away is refused.
def test_ST_3_1_move_one_zone_per_speed(play):
    g = play(CORRIDOR, START_A, survivors=["lin", "vega"])
    g.refuses("move", "lin", to="c")
    g.act("move", "lin", to="b")
    assert g.survivor("lin")["zone"] == "b" and g.survivor("lin")["actions_left"] == 1


# ST-3.1, ST-A plus_1_speed: Ruiz (speed 2) moves two zones with one action.
def test_ST_3_1_ruiz_moves_two_zones(play):
    g = play(CORRIDOR, START_A, survivors=["ruiz", "lin"])
    g.act("move", "ruiz", to="c")
    assert g.survivor("ruiz")["zone"] == "c" and g.survivor("ruiz")["actions_left"] == 1
    g.undo()
    g.refuses("move", "ruiz", to="d")  # three zones


# ST-3.1: entering a zone that holds zombies ends the move: no passing through it.
def test_ST_3_1_zombies_stop_a_move(play):
    g = play(CORRIDOR, START_A + walkers("b"), survivors=["ruiz", "lin"])
    g.refuses("move", "ruiz", to="c")
    g.act("move", "ruiz", to="b")  # the zone with zombies may be the destination
    assert g.survivor("ruiz")["zone"] == "b"


# ST-3.1: a path around the zombies within speed is still legal.
def test_ST_3_1_a_clear_path_around_zombies_is_legal(play):
    g = play(RING, START_A + walkers("b"), survivors=["ruiz", "lin"])
    g.act("move", "ruiz", to="c")  # a-d-c, avoiding b
    assert g.survivor("ruiz")["zone"] == "c"


# ST-3.1: with zombies on both paths the far zone cannot be reached in one move.
def test_ST_3_1_zombies_on_every_path_block_the_move(play):
    g = play(RING, START_A + walkers("b") + walkers("d"), survivors=["ruiz", "lin"])
    g.refuses("move", "ruiz", to="c")


# ST-3.1: leaving a zone that holds zombies is allowed, the start zone does not count.
def test_ST_3_1_leaving_a_zone_with_zombies(play):
    g = play(CORRIDOR, START_A + walkers("a", 2), survivors=["ruiz", "lin"])
    g.act("move", "ruiz", to="c")
    assert g.survivor("ruiz")["zone"] == "c"
    assert g.zombies("a") == {"walker": 2}


# ST-4.1: zones touching only at a corner are not connected; a closed door blocks,
# an open door connects.
def test_ST_4_1_corners_and_closed_doors_do_not_connect(play):
    g = play(
        """
        #######
        #aa+bb#
        #aa#bb#
        ###cc##
        #######
        #xx#
        """,
        START_A,
        survivors=["lin", "vega"],
    )
    g.refuses("move", "lin", to="c")  # a and c meet only at a corner
    g.refuses("move", "lin", to="b")  # the door is closed
    g.act("open_door", "lin", door="a-b")
    assert g.summary()["doors"]["a-b"] == "open"
    g.act("move", "lin", to="b")
    assert g.survivor("lin")["zone"] == "b"


# ST-4.1: an open door drawn on the map (') connects from the start.
def test_ST_4_1_open_door_connects(play):
    g = play(
        """
        ########
        #aaa'bb#
        ########
        #xx#
        """,
        START_A,
        survivors=["lin"],
    )
    assert g.summary()["doors"] == {"a-b": "open"}
    g.act("move", "lin", to="b")
    assert g.survivor("lin")["zone"] == "b"


# ST-4.2: distance counts zone steps through connections, not cells: a zone one wall
# away but three steps around is out of reach for Ruiz (speed 2).
def test_ST_4_2_distance_is_zone_steps_around_walls(play):
    g = play(
        """
        ########
        #aaa#dd#
        #aaa#dd#
        #bbbccc#
        ########
        #xx#
        """,
        START_A,
        survivors=["ruiz", "lin"],
    )
    g.act("move", "ruiz", to="c")  # a-b-c: two steps
    g.undo()
    g.refuses("move", "ruiz", to="d")  # a-b-c-d: three steps, though d is next door


# ST-1.1: zones join where their cells touch or through a door; walls part the rest.
# a touches b; b and c meet only at a closed door; a and c are walled apart.
TOUCH_DOOR_WALL = """
#########
#aaabbb##
#aaabbb+c#
####bbb#c#
#########
#xx#
"""


def test_ST_1_1_zones_join_by_touching_cells_or_doors_and_walls_part_them(play):
    g = play(TOUCH_DOOR_WALL, START_A, survivors=["ruiz", "lin"])
    assert g.game.summary()["doors"] == {"b-c": "closed"}
    g.refuses("move", "ruiz", to="c")  # a closed door joins b and c, but does not let one by
    g.act("move", "ruiz", to="b")  # touching cells join a and b
    g.act("open_door", "ruiz", door="b-c")
    g.act("move", "lin", to="b")
    g.act("move", "lin", to="c")  # through the open door
    assert g.survivor("lin")["zone"] == "c"
