"""ST-3.5 opening doors: noise, locked doors and keycards, dark zones, immediate action."""

TWO_ROOMS = """
#########
#aaa+bbb#
#aaa#bbb#
#########
#xx#
"""

# a lit start room; a dark room b behind a door; dark c opens off b; dark d behind
# a second closed door
DARK = """
##############
#aaa+bbcc+dd##
#aaa#bbcc#dd##
##############
#xx#
"""

START_A = "[zones.a]\nstart = true\n"


def zombie(zone: str, kind: str = "walker", count: int = 1) -> str:
    return f'[[zombies]]\nzone = "{zone}"\nkind = "{kind}"\ncount = {count}\n'


# ST-3.5: the survivor's zone must touch the door.
def test_ST_3_5_door_must_touch_the_zone(play):
    g = play(
        """
        ############
        #aaabbb+ccc#
        ############
        #xx#
        """,
        START_A,
        survivors=["lin", "vega"],
    )
    g.refuses("open_door", "lin", door="b-c")
    g.refuses("open_door", "lin", door="c-d")  # no such door
    g.act("move", "lin", to="b")
    g.act("open_door", "lin", door="b-c")
    assert g.summary()["doors"]["b-c"] == "open"


# ST-3.5, ST-A silent_doors: opening a door adds one noise token, none for Vega.
def test_ST_3_5_opening_a_door_makes_noise_unless_silent_doors(play):
    g = play(TWO_ROOMS, START_A, survivors=["lin", "vega"])
    g.act("open_door", "lin", door="a-b")
    assert g.noise("a") == 1
    g.undo()
    g.act("open_door", "vega", door="a-b")
    assert g.noise("a") == 0
    assert g.summary()["doors"]["a-b"] == "open"


# ST-3.5: an open door cannot be opened again.
def test_ST_3_5_open_door_cannot_be_opened_again(play):
    g = play(TWO_ROOMS, START_A, survivors=["lin", "vega"])
    g.act("open_door", "lin", door="a-b")
    g.refuses("open_door", "lin", door="a-b")


# ST-3.5, ST-A keycard: a locked door needs a keycard in hand or backpack; it is kept.
def test_ST_3_5_locked_door_needs_a_keycard(play):
    body = START_A + 'floor = ["keycard"]\n[doors."a-b"]\nlocked = true\n'
    g = play(TWO_ROOMS, body, survivors=["lin", "vega"])
    assert g.summary()["doors"]["a-b"] != "open"
    g.refuses("open_door", "lin", door="a-b")
    g.act("manage", "lin", hand=["medkit"], backpack=["keycard"])
    g.act("open_door", "lin", door="a-b")
    s = g.summary()
    assert s["doors"]["a-b"] == "open"
    assert s["survivors"]["lin"]["backpack"] == ["keycard"]


# ST-3.5: opening a door into the dark reveals it and every dark zone reachable without
# another closed door; each gets one zombie card; the zones beyond stay dark.
def test_ST_3_5_dark_zones_revealed_with_one_card_each(play):
    body = (
        START_A
        + "[zones.b]\ndark = true\n[zones.c]\ndark = true\n[zones.d]\ndark = true\n"
        + "[[decks.zombie]]\nblue = {jumper = 1}\n"
    )
    g = play(DARK, body, survivors=["lin", "vega"])
    assert sorted(g.summary()["dark"]) == ["b", "c", "d"]
    g.act("open_door", "vega", door="a-b")
    s = g.summary()
    assert s["dark"] == ["d"]
    # b's jumper came through the door at once (up to 2 zones, it stops where survivors
    # are); c's jumper did not act
    assert g.all_zombies() == {"a": {"jumper": 1}, "c": {"jumper": 1}}
    assert len(g.events_of("zombie_card_drawn")) == 2


# ST-3.5, ST-1.2, K-7: zombies the mission hides in a dark zone are unseen until the door
# opens; then everything in the zone behind the door acts once, whatever its kind.
def test_ST_3_5_zombies_behind_the_door_act_once(play):
    body = (
        START_A
        + "[zones.b]\ndark = true\n[zones.c]\ndark = true\n[zones.d]\ndark = true\n"
        + zombie("b", "runner")
        + zombie("b", "dog")
        + "[[decks.zombie]]\nblue = {}\n"
    )
    g = play(DARK, body, survivors=["lin", "vega"])
    assert "b" not in g.view("players")["zombies"]
    assert g.zombies("b") == {"runner": 1, "dog": 1}
    g.act("open_door", "vega", door="a-b")
    assert g.all_zombies() == {"a": {"runner": 1, "dog": 1}}
    assert g.summary()["survivors"]["vega"]["wounds"] == 0  # one action: a move, no attack
    assert g.view("players")["zombies"] == {"a": {"runner": 1, "dog": 1}}


# ST-3.5: the immediate action also follows a door into a lit zone (zombies there face
# the opener).
def test_ST_3_5_zombies_behind_a_lit_door_act_once(play):
    g = play(TWO_ROOMS, START_A + zombie("b", count=2), survivors=["lin", "vega"])
    g.act("open_door", "lin", door="a-b")
    assert g.all_zombies() == {"a": {"walker": 2}}
    assert g.summary()["round"] == 1


# ST-3.5: a dark zone's spawn reads the current danger level's line.
def test_ST_3_5_dark_spawn_reads_the_current_danger(play):
    body = (
        START_A
        + "[zones.b]\ndark = true\n[zones.c]\ndark = true\n[zones.d]\ndark = true\n"
        + "[[decks.zombie]]\nblue = {}\nyellow = {armored = 1}\n"
    )
    g = play(DARK, body, survivors=["lin"], danger_every_rounds=1)
    g.act("end_turn", "lin")
    assert g.summary()["danger"] == "yellow"
    g.act("open_door", "lin", door="a-b")
    assert g.all_zombies() == {"a": {"armored": 1}, "c": {"armored": 1}}


# ST-3.5 (open point): revealed dark zones draw their cards in map order, so the zone
# right behind the door (first here) draws first.
def test_ST_3_5_revealed_zones_draw_in_map_order(play):
    body = (
        START_A
        + "[zones.b]\ndark = true\n[zones.c]\ndark = true\n[zones.d]\ndark = true\n"
        + "[[decks.zombie]]\nblue = {armored = 1}\n"
        + "[[decks.zombie]]\nblue = {dog = 1}\n"
    )
    g = play(DARK, body, survivors=["lin", "vega"])
    g.act("open_door", "vega", door="a-b")
    # b's armored zombie stepped through the door; c keeps the dog
    assert g.all_zombies() == {"a": {"armored": 1}, "c": {"dog": 1}}
