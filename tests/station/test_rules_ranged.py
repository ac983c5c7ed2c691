"""ST-3.3 ranged attacks and friendly fire, ST-3.9 target order, ST-4.3 line of sight,
ST-8.1 and ST-A ranged weapon stats."""

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


# ST-3.3: pistol 1 + ranged 1 + plus_1_ranged_die = 3 dice hitting on 5; one ammo spent;
# one noise token in the shooter's zone, none in the target zone.
def test_ST_3_3_pistol_shot(play):
    g = play(
        CORRIDOR, START_A + zombie("b", count=4), survivors=["okafor", "lin"], dice=[5, 6, 4, 6]
    )
    g.act("ranged", "okafor", zone="b")
    assert g.zombies("b") == {"walker": 2}
    s = g.survivor("okafor")
    assert s["xp"] == 2 and [list(a) for a in s["ammo"]] == [["pistol", 5]]
    assert g.noise("a") == 1 and g.noise("b") == 0


# ST-3.3: range is in zone steps: the pistol (0-1) reaches its own zone but not two away.
def test_ST_3_3_pistol_range_zero_to_one(play):
    g = play(
        CORRIDOR, START_A + zombie("a") + zombie("c"), survivors=["okafor", "lin"], dice=[5, 5, 5]
    )
    g.refuses("ranged", "okafor", zone="c")
    g.act("ranged", "okafor", zone="a")
    assert g.zombies("a") == {}


# ST-3.3: a ranged attack needs zombies in the target zone.
def test_ST_3_3_ranged_needs_zombies_in_the_target(play):
    g = play(CORRIDOR, START_A + zombie("c"), survivors=["okafor", "lin"], dice=[5, 5, 5])
    g.refuses("ranged", "okafor", zone="b")


# ST-3.3, ST-A flare gun: it may fire at an empty zone as a lure; the marker goes there.
def test_ST_3_3_flare_gun_lures_to_an_empty_zone(play):
    g = play(CORRIDOR, START_A, survivors=["mori", "lin"], dice=[2, 2])
    g.act("ranged", "mori", zone="c")
    s = g.summary()
    assert s["marker"] == "c"
    assert [list(a) for a in s["survivors"]["mori"]["ammo"]] == [["flare_gun", 1]]


# ST-3.3: a weapon out of ammo cannot fire (flare gun: 2 shots).
def test_ST_3_3_out_of_ammo(play):
    g = play(CORRIDOR, START_A + zombie("c", count=6), survivors=["mori"], dice=[2] * 8)
    g.act("ranged", "mori", zone="c")
    g.act("ranged", "mori", zone="c")
    assert g.summary()["round"] == 2
    assert [list(a) for a in g.survivor("mori")["ammo"]] == [["flare_gun", 0]]
    target = next(z for z in "bc" if g.zombies(z))
    g.refuses("ranged", "mori", zone=target)


# ST-3.3: friendly fire: each 1 wounds the survivor in the target zone with the fewest
# wounds, even when another stands before them in seat order.
def test_ST_3_3_friendly_fire_hits_fewest_wounds(play):
    g = play(
        CORRIDOR,
        START_A + zombie("b", count=3) + '[decks]\nsearch = ["trap_breach"]\n',
        survivors=["lin", "vega", "okafor"],
        dice=[1, 5, 2],
    )
    g.act("search", "lin")  # hull breach: Lin takes a wound
    g.act("move", "lin", to="b")
    g.act("move", "vega", to="b")
    g.act("ranged", "okafor", zone="b")
    assert (g.survivor("lin")["wounds"], g.survivor("vega")["wounds"]) == (1, 1)
    assert g.zombies("b") == {"walker": 2}
    assert g.survivor("okafor")["wounds"] == 0


# ST-3.3: ties in friendly fire go by seat order; each 1 is a separate wound.
@pytest.mark.parametrize("dice, wounds", [([1, 2, 2], (1, 0)), ([1, 1, 2], (1, 1))])
def test_ST_3_3_friendly_fire_ties_by_seat(play, dice, wounds):
    g = play(
        CORRIDOR, START_A + zombie("b", count=3), survivors=["lin", "vega", "okafor"], dice=dice
    )
    g.act("move", "lin", to="b")
    g.act("move", "vega", to="b")
    g.act("ranged", "okafor", zone="b")
    assert (g.survivor("lin")["wounds"], g.survivor("vega")["wounds"]) == wounds


# ST-3.3: shooting into the own zone: others there take the friendly fire, the shooter
# only when alone.
@pytest.mark.parametrize("with_lin, okafor_wounds, lin_wounds", [(False, 1, 0), (True, 0, 1)])
def test_ST_3_3_friendly_fire_in_own_zone(play, with_lin, okafor_wounds, lin_wounds):
    g = play(CORRIDOR, START_A + zombie("a", count=3), survivors=["okafor", "lin"], dice=[1, 2, 2])
    if not with_lin:
        g.act("move", "lin", to="b")
    g.act("ranged", "okafor", zone="a")
    assert g.survivor("okafor")["wounds"] == okafor_wounds
    assert g.survivor("lin")["wounds"] == lin_wounds


# ST-3.3: with no survivor in the target zone a 1 is wasted.
def test_ST_3_3_friendly_fire_with_nobody_there_is_wasted(play):
    g = play(CORRIDOR, START_A + zombie("b", count=3), survivors=["okafor", "lin"], dice=[1, 1, 1])
    g.act("ranged", "okafor", zone="b")
    s = g.summary()
    assert all(v["wounds"] == 0 for v in s["survivors"].values())
    assert g.zombies("b") == {"walker": 3}


# ST-3.9: ranged successes go walker, dog, runner, jumper, armored; armored needs two
# from one shot, so a lone success left for it is wasted.
def test_ST_3_9_ranged_target_order(play):
    body = START_A + "".join(
        zombie("b", k) for k in ("armored", "jumper", "runner", "dog", "walker")
    )
    g = play(CORRIDOR, body, survivors=["okafor", "lin"], dice=[5, 5, 2, 5, 6, 6])
    g.act("ranged", "okafor", zone="b")
    assert g.zombies("b") == {"runner": 1, "jumper": 1, "armored": 1}
    g.act("ranged", "okafor", zone="b")
    assert g.zombies("b") == {"armored": 1}
    assert g.survivor("okafor")["xp"] == 4


# ST-3.3 (rules-notes): only a survivor with `sniper` may choose ranged targets.
def test_ST_3_3_targets_need_the_sniper_skill(play):
    g = play(
        CORRIDOR,
        START_A + zombie("b", "runner") + zombie("b"),
        survivors=["okafor", "lin"],
        dice=[5, 2, 2],
    )
    g.refuses("ranged", "okafor", zone="b", targets=["runner"])


# ST-4.3: a closed door blocks line of sight (and the way): no shot through it.
def test_ST_4_3_closed_door_blocks_a_shot(play):
    g = play(
        """
        #########
        #aaa+bbb#
        #########
        #xx#
        """,
        START_A + zombie("b"),
        survivors=["okafor", "lin"],
        dice=[5, 5, 5],
    )
    g.refuses("ranged", "okafor", zone="b")


# ST-4.3: walls block line of sight: a zone around a corner within range cannot be shot.
def test_ST_4_3_wall_blocks_a_shot_around_a_corner(play):
    g = play(
        """
        ##########
        #aaabbb###
        ######c###
        ######c###
        ##########
        #xx#
        """,
        START_A + zombie("c", count=2),
        survivors=["mori", "lin"],
        dice=[6, 6],
    )
    g.refuses("ranged", "mori", zone="c")  # flare gun range 0-2, but no line of sight


# ST-4.3: a segment crossing a grid corner exactly is blocked when either side cell is a
# wall (supercover); with floor on both sides the same shot is clear.
@pytest.mark.parametrize(
    "middle, clear",
    [
        ("#ab##\n##b##\n##bc#", False),
        ("#ab##\n#bbb#\n##bc#", True),
    ],
)
def test_ST_4_3_supercover_corner_crossing(play, middle, clear):
    board = "#####\n" + middle + "\n#####\n#xx#\n"
    g = play(board, START_A + zombie("c", count=2), survivors=["mori", "lin"], dice=[6, 6])
    if clear:
        g.act("ranged", "mori", zone="c")
        assert g.zombies("c") == {}
    else:
        g.refuses("ranged", "mori", zone="c")


# ST-8.1, ST-A: each ranged weapon rolls power + ranged skill dice, hits at its value,
# reaches its longest range and holds its ammo. Mori (ranged 1) picks it up; the
# first die misses by one.
@pytest.mark.parametrize(
    "weapon, power, hit, far, ammo",
    [
        ("pistol", 1, 5, 1, 6),
        ("rifle", 3, 5, 3, 4),
        ("shotgun", 2, 4, 1, 4),
        ("smg", 3, 5, 1, 6),
        ("nail_gun", 1, 5, 1, 8),
        ("flare_gun", 1, 6, 2, 2),
    ],
)
def test_ST_8_1_ranged_weapon_stats(play, weapon, power, hit, far, ammo):
    target = "abcde"[far]
    body = START_A + f'floor = ["{weapon}"]\n' + zombie(target, count=10)
    g = play(CORRIDOR, body, survivors=["mori", "lin"], dice=[hit - 1] + [hit] * 10)
    if weapon != "flare_gun":
        g.act("manage", "mori", hand=[weapon, "flare_gun"], backpack=[])
    g.act("ranged", "mori", zone=target, weapon=weapon)
    assert len(g.events_of("rolled")[-1]["dice"]) == power + 1
    assert g.zombies(target) == {"walker": 10 - power}
    carried = {a[0]: a[1] for a in g.survivor("mori")["ammo"]}
    assert carried[weapon] == ammo - 1


# ST-8.1, ST-A: beyond the longest range, or closer than the shortest, is refused.
@pytest.mark.parametrize("weapon, near, far", [("rifle", 1, 3), ("shotgun", 0, 1)])
def test_ST_8_1_ranged_weapon_range_limits(play, weapon, near, far):
    body = START_A + f'floor = ["{weapon}"]\n' + "".join(zombie(z) for z in "abcde")
    g = play(CORRIDOR, body, survivors=["mori", "lin"], dice=[2] * 10)
    g.act("manage", "mori", hand=[weapon, "flare_gun"], backpack=[])
    g.refuses("ranged", "mori", zone="abcde"[far + 1], weapon=weapon)
    if near > 0:
        g.refuses("ranged", "mori", zone="abcde"[near - 1], weapon=weapon)
    g.act("ranged", "mori", zone="abcde"[near], weapon=weapon)


# ST-8.1: silent ranged weapons (the nail gun) make no noise; loud ones make one token.
@pytest.mark.parametrize("weapon, tokens", [("nail_gun", 0), ("smg", 1), ("shotgun", 1)])
def test_ST_8_1_silent_ranged_weapons(play, weapon, tokens):
    body = START_A + f'floor = ["{weapon}"]\n' + zombie("b", count=6)
    g = play(CORRIDOR, body, survivors=["mori", "lin"], dice=[2] * 6)
    g.act("manage", "mori", hand=[weapon, "flare_gun"], backpack=[])
    g.act("ranged", "mori", zone="b", weapon=weapon)
    assert g.noise("a") == tokens


# ST-3.2, ST-3.3 (rules-notes): without a named weapon, ranged uses the first *loaded*
# ranged weapon in hand: an empty flare gun is passed over for the pistol.
def test_ST_3_3_default_ranged_weapon_is_the_first_loaded(play):
    body = START_A + 'floor = ["pistol"]\n' + zombie("c", count=6)
    g = play(CORRIDOR, body, survivors=["mori"], dice=[2, 2, 2, 2, 5, 5])
    g.act("ranged", "mori", zone="c")
    g.act("ranged", "mori", zone="c")  # the flare gun is empty; the walkers come to b
    g.act("manage", "mori", hand=["flare_gun", "pistol"], backpack=[])
    g.act("ranged", "mori", zone="b")  # pistol 1 + ranged 1, hitting on 5
    assert g.summary()["kills"] == 2
    assert [list(a) for a in g.survivor("mori")["ammo"]] == [["flare_gun", 0], ["pistol", 5]]


def test_ST_3_3_a_named_weapon_fires_its_loaded_copy(tmp_path):
    from engine import Game

    """Two pistols in hand, the first empty: firing 'pistol' uses the loaded one."""
    from msgspec.structs import replace

    from engine.station.state import Card

    g = Game.new("station", mission="tutorial", seed=1, survivors=["okafor"])
    s = g.state.survivors[0]
    g._states[-1] = replace(
        g.state,
        survivors=(replace(s, hand=(Card("pistol", 0), Card("pistol", 6))),),
        zombies={"a": {"walker": 1}},
    )
    assert any(
        type(c).__name__ == "Ranged" and c.weapon == "pistol" and c.zone == "a"
        for c in g.legal_commands()
    )
    g.submit({"type": "ranged", "survivor": "okafor", "zone": "a", "weapon": "pistol"})
    assert g.summary()["survivors"]["okafor"]["ammo"] == [["pistol", 0], ["pistol", 5]]
