"""ST-3.6 manage gear, ST-3.7 items, ST-3.8 objectives, ST-A items."""

import pytest

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


def on_floor(*cards: str) -> str:
    return START_A + "floor = [" + ", ".join(f'"{c}"' for c in cards) + "]\n"


# ST-3.6: one action rearranges hand and backpack.
def test_ST_3_6_manage_moves_cards_between_hand_and_backpack(play):
    g = play(CORRIDOR, START_A, survivors=["vega", "lin"])
    g.act("manage", "vega", hand=[], backpack=["wrench"])
    s = g.survivor("vega")
    assert (s["hand"], s["backpack"], s["actions_left"]) == ([], ["wrench"], 1)


# ST-3.6: cards come from the zone floor; cards left out are dropped on the floor.
def test_ST_3_6_manage_picks_up_and_drops(play):
    g = play(CORRIDOR, on_floor("pistol", "stim"), survivors=["lin", "vega"])
    g.act("manage", "lin", hand=["pistol"], backpack=["stim"])
    s = g.survivor("lin")
    assert (s["hand"], s["backpack"]) == (["pistol"], ["stim"])
    assert g.floor("a") == ["medkit"]
    assert [list(a) for a in s["ammo"]] == [["pistol", 6]]


# ST-3.6: a trade with another survivor in the same zone.
def test_ST_3_6_trade_with_a_survivor_in_the_zone(play):
    g = play(CORRIDOR, START_A, survivors=["lin", "vega"])
    g.act(
        "manage",
        "lin",
        hand=["wrench"],
        backpack=[],
        others={"vega": {"hand": ["medkit"], "backpack": []}},
    )
    assert g.survivor("lin")["hand"] == ["wrench"]
    assert g.survivor("vega")["hand"] == ["medkit"]
    assert g.survivor("vega")["actions_left"] == 2  # the receiver spends nothing


# ST-3.6: no trade with a survivor in another zone; no cards that are not there.
def test_ST_3_6_manage_refusals(play):
    g = play(CORRIDOR, START_A, survivors=["lin", "vega"])
    g.refuses("manage", "lin", hand=["medkit", "pistol"], backpack=[])
    g.act("move", "vega", to="b")
    g.refuses("manage", "lin", hand=["medkit", "wrench"], backpack=[])
    g.refuses(
        "manage",
        "lin",
        hand=["wrench"],
        backpack=[],
        others={"vega": {"hand": ["medkit"], "backpack": []}},
    )


# ST-3.6: two hand slots and three backpack slots.
@pytest.mark.parametrize(
    "hand, backpack",
    [
        (["medkit", "stim", "knife"], []),
        ([], ["medkit", "stim", "knife", "baton"]),
    ],
)
def test_ST_3_6_slot_limits(play, hand, backpack):
    g = play(CORRIDOR, on_floor("stim", "knife", "baton"), survivors=["lin", "vega"])
    g.refuses("manage", "lin", hand=hand, backpack=backpack)


# ST-3.7, ST-A medkit: heals one wound of a survivor in the zone; spent.
def test_ST_3_7_medkit_heals_one_wound(play):
    g = play(CORRIDOR, START_A + '[decks]\nsearch = ["trap_breach"]\n', survivors=["vega", "lin"])
    g.act("search", "vega")
    assert g.survivor("vega")["wounds"] == 1
    g.act("use", "lin", card="medkit", target="vega")
    assert g.survivor("vega")["wounds"] == 0
    assert g.survivor("lin")["hand"] == []
    assert g.survivor("lin")["actions_left"] == 1


# ST-3.7: the medkit reaches only survivors in the user's zone.
def test_ST_3_7_medkit_only_in_the_zone(play):
    g = play(CORRIDOR, START_A + '[decks]\nsearch = ["trap_breach"]\n', survivors=["vega", "lin"])
    g.act("search", "vega")
    g.act("move", "vega", to="b")
    g.refuses("use", "lin", card="medkit", target="vega")


# ST-3.7, ST-2.1, ST-A stim: +1 action this turn. Taking it is free (an action spent
# on it would give nothing back), so it is a true extra action.
def test_ST_3_7_stim_gives_an_action(play):
    g = play(CORRIDOR, on_floor("stim"), survivors=["lin", "vega"])
    g.act("manage", "lin", hand=["medkit", "stim"], backpack=[])
    g.act("use", "lin", card="stim")
    s = g.survivor("lin")
    assert s["actions_left"] == 2 and s["hand"] == ["medkit"]
    g.act("move", "lin", to="b")
    g.act("move", "lin", to="c")
    assert g.survivor("lin")["zone"] == "c" and "lin" in g.summary()["done"]


# ST-3.7, ST-A ammo_pack: refills the bearer's ranged weapons, from the backpack too.
def test_ST_3_7_ammo_pack_refills(play):
    g = play(
        CORRIDOR,
        on_floor("ammo_pack") + zombie("b", count=4),
        survivors=["okafor", "lin"],
        dice=[2, 2, 2],
    )
    g.act("ranged", "okafor", zone="b")
    g.act("manage", "okafor", hand=["pistol"], backpack=["ammo_pack"])
    assert [list(a) for a in g.survivor("okafor")["ammo"]] == [["pistol", 5]]
    g.act("end_turn", "lin")
    g.act("use", "okafor", card="ammo_pack")
    s = g.survivor("okafor")
    assert [list(a) for a in s["ammo"]] == [["pistol", 6]] and s["backpack"] == []


# ST-3.7, ST-5.4, ST-A megaphone: sets the noise marker in the user's zone; reusable.
def test_ST_3_7_megaphone_moves_the_marker_and_stays(play):
    g = play(CORRIDOR, on_floor("megaphone"), survivors=["lin", "vega"])
    g.act("manage", "lin", hand=["medkit", "megaphone"], backpack=[])
    g.act("use", "lin", card="megaphone")
    s = g.summary()
    assert s["marker"] == "a"
    assert s["survivors"]["lin"]["hand"] == ["medkit", "megaphone"]


# ST-3.7, ST-A grenade: kills every zombie in the target zone (XP as usual) and wounds
# each survivor there once; range 0-1.
def test_ST_3_7_grenade_clears_a_zone_and_wounds_survivors_there(play):
    body = on_floor("grenade") + zombie("b", count=3) + zombie("b", "armored")
    g = play(CORRIDOR, body, survivors=["vega", "lin"])
    g.act("move", "vega", to="b")
    g.act("manage", "lin", hand=["medkit", "grenade"], backpack=[])
    g.act("use", "lin", card="grenade", target="b")
    s = g.summary()
    assert g.zombies("b") == {}
    assert s["survivors"]["lin"]["xp"] == 5 and s["kills"] == 4
    assert s["survivors"]["vega"]["wounds"] == 1
    assert s["survivors"]["lin"]["hand"] == ["medkit"]


# ST-3.7: the grenade reaches no further than 1 zone.
def test_ST_3_7_grenade_range(play):
    g = play(CORRIDOR, on_floor("grenade") + zombie("c", count=2), survivors=["lin", "vega"])
    g.act("manage", "lin", hand=["medkit", "grenade"], backpack=[])
    g.refuses("use", "lin", card="grenade", target="c")


# ST-A vest: ignores the first wound of each zombie phase.
def test_ST_A_vest_ignores_the_first_wound_each_zombie_phase(play):
    g = play(CORRIDOR, on_floor("vest") + zombie("a", count=2), survivors=["vega"])
    g.act("manage", "vega", hand=["wrench", "vest"], backpack=[])
    g.act("end_turn", "vega")
    assert g.survivor("vega")["wounds"] == 1
    g.act("end_turn", "vega")
    assert g.survivor("vega")["wounds"] == 2


# ST-A vest, ST-2.2: a wound dealt in the players' phase is not absorbed. A dangerous
# search draws a card that puts a runner in Vega's zone and activates runners at once:
# its attack wounds her. In the zombie phase the runner attacks twice: the vest takes the
# first, so the round ends with two wounds.
def test_ST_2_2_vest_absorbs_nothing_in_the_players_phase(play):
    deck = (
        '[decks]\nsearch = ["nothing"]\n[[decks.zombie]]\nblue = {runner = 1, extra = "runners"}\n'
    )
    g = play(
        CORRIDOR,
        on_floor("vest") + "dangerous = true\n" + deck,
        survivors=["vega"],
    )
    g.act("manage", "vega", hand=["wrench", "vest"], backpack=[])
    g.act("search", "vega")
    assert g.summary()["round"] == 2
    assert g.survivor("vega")["wounds"] == 2
    absorbed = g.events_of("wound_absorbed")
    phase = next(i for i, e in enumerate(g.events) if type(e).__name__ == "ZombiePhaseStarted")
    assert len(absorbed) == 1
    assert g.events_of("wound_absorbed", since=phase) == absorbed


# ST-3.8, ST-7.1: taking an objective removes the token and gives 5 XP.
def test_ST_3_8_take_objective(play):
    body = START_A + "[zones.b]\nobjective = true\n"
    g = play(CORRIDOR, body, survivors=["lin", "vega"])
    g.refuses("take_objective", "lin")  # no token in zone a
    g.act("move", "lin", to="b")
    g.act("take_objective", "lin")
    s = g.summary()
    assert s["objectives_left"] == [] and s["survivors"]["lin"]["xp"] == 5
    g.refuses("take_objective", "vega")  # vega is still in a


# ST-3.8 (rules-notes): an objective may unlock doors.
def test_ST_3_8_objective_unlocks_a_door(play):
    g = play(
        """
        ###########
        #aaabbb+cc#
        ###########
        #xx#
        """,
        START_A + '[zones.b]\nobjective = true\nunlocks = ["b-c"]\n[doors."b-c"]\nlocked = true\n',
        survivors=["lin", "vega"],
    )
    g.act("move", "lin", to="b")
    g.refuses("open_door", "lin", door="b-c")
    g.act("take_objective", "lin")
    g.act("move", "vega", to="b")
    g.act("open_door", "vega", door="b-c")
    assert g.summary()["doors"]["b-c"] == "open"


# ST-A vest (rules-notes ST-3.7: items work from hand or backpack): a vest in the
# backpack protects too.
def test_ST_A_vest_works_from_the_backpack(play):
    g = play(CORRIDOR, on_floor("vest") + zombie("a", count=2), survivors=["vega"])
    g.act("manage", "vega", hand=["wrench"], backpack=["vest"])
    g.act("end_turn", "vega")
    assert g.survivor("vega")["wounds"] == 1
