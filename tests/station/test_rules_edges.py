"""Edge cases a board-game player checks: spent cards recycle, spawned zombies wait,
named targets and armored zombies, dangerous ambushes, the fallen's backpack."""

CORRIDOR = """
#################
#aaabbbcccdddeee#
#aaabbbcccdddeee#
#################
#xx#
"""

START_A = "[zones.a]\nstart = true\n"


def zombie(zone: str, kind: str = "walker", count: int = 1) -> str:
    return f'[[zombies]]\nzone = "{zone}"\nkind = "{kind}"\ncount = {count}\n'


# ST-3.6, K-4: a spent consumable goes to the equipment discard pile, which refills the
# empty deck: the stim Lin took is the next gear found.
def test_ST_3_6_spent_consumables_return_through_the_discard_pile(play):
    body = START_A + 'floor = ["stim"]\n[decks]\nsearch = ["gear"]\nequipment = ["knife"]\n'
    g = play(CORRIDOR, body, survivors=["vega", "lin"])
    g.act("search", "vega")  # the knife: the deck is now empty
    g.act("manage", "lin", hand=["medkit", "stim"], backpack=[])
    g.act("use", "lin", card="stim")
    assert g.survivor("lin")["hand"] == ["medkit"]
    g.act("search", "lin")
    assert g.survivor("lin")["hand"] == ["medkit", "stim"]


# ST-6.1, ST-2.2: zombies spawn after activation, so the new ones do not move this phase.
def test_ST_6_1_spawned_zombies_wait_for_the_next_phase(play):
    body = (
        START_A + "[zones.b]\nspawn = 1\n" + zombie("c") + "[[decks.zombie]]\nblue = {walker = 1}\n"
    )
    g = play(CORRIDOR, body)
    g.act("end_turn", "lin")
    assert g.all_zombies() == {"b": {"walker": 2}}  # c's walker stepped in, one spawned
    assert g.survivor("lin")["wounds"] == 0
    g.act("end_turn", "lin")
    assert g.all_zombies() == {"a": {"walker": 2}, "b": {"walker": 1}}


# ST-3.2 (rules-notes): named targets first; a lone success left for an armored zombie
# is wasted, it does not fall through to the next kind.
def test_ST_3_2_lone_success_on_named_armored_is_wasted(play):
    body = START_A + zombie("a", "armored") + zombie("a")
    g = play(CORRIDOR, body, survivors=["vega", "lin"], dice=[5, 1])
    g.act("melee", "vega", targets=["armored"])
    assert g.zombies("a") == {"walker": 1, "armored": 1}


# ST-3.2 (rules-notes): two successes on a named armored zombie kill it before the walker.
def test_ST_3_2_named_armored_takes_two_successes(play):
    body = START_A + zombie("a", "armored") + zombie("a")
    g = play(CORRIDOR, body, survivors=["vega", "lin"], dice=[5, 6])
    g.act("melee", "vega", targets=["armored"])
    assert g.zombies("a") == {"walker": 1}
    assert g.survivor("vega")["xp"] == 2


# ST-3.4, ST-8.2: an ambush in a dangerous zone spawns the walker and the zombie card.
def test_ST_3_4_ambush_in_a_dangerous_zone(play):
    body = (
        "[zones.a]\nstart = true\ndangerous = true\n"
        + '[decks]\nsearch = ["trap_ambush"]\n'
        + "[[decks.zombie]]\nblue = {dog = 1}\n"
    )
    g = play(CORRIDOR, body, survivors=["lin", "vega"])
    g.act("search", "lin")
    assert g.all_zombies() == {"a": {"walker": 1, "dog": 1}}


# ST-9.1: an eliminated survivor's hand and backpack both fall to the floor.
def test_ST_9_1_hand_and_backpack_fall_to_the_floor(play):
    body = START_A + 'floor = ["stim", "keycard"]\n' + zombie("b", count=2)
    g = play(CORRIDOR, body, survivors=["lin", "vega"])
    g.act("manage", "lin", hand=["medkit"], backpack=["stim", "keycard"])
    g.act("move", "lin", to="b")
    g.act("end_turn", "vega")
    assert g.survivor("lin")["alive"] is False
    assert sorted(g.floor("b")) == ["keycard", "medkit", "stim"]
    assert g.floor("a") == []


# ST-3.3: the flare gun at a zone with zombies rolls as usual and also moves the marker.
def test_ST_3_3_flare_gun_at_zombies_kills_and_lures(play):
    g = play(CORRIDOR, START_A + zombie("c", count=3), survivors=["mori", "lin"], dice=[6, 5])
    g.act("ranged", "mori", zone="c")
    assert g.zombies("c") == {"walker": 2}
    assert g.summary()["marker"] == "c"
