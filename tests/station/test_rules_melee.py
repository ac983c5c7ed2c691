"""ST-3.2 melee, ST-3.9 armored zombies, ST-8.1 and ST-A melee weapon stats."""

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


# ST-3.2: bare hands (Lin has no melee weapon) roll one die, power 0, hitting on 6.
@pytest.mark.parametrize("face, killed", [(6, 1), (5, 0)])
def test_ST_3_2_unarmed_melee_rolls_one_die_hitting_on_six(play, face, killed):
    g = play(CORRIDOR, START_A + zombie("a", count=3), survivors=["lin", "vega"], dice=[face, 6, 6])
    g.act("melee", "lin")
    rolls = g.events_of("rolled")
    assert [len(r["dice"]) for r in rolls] == [1]
    assert g.zombies("a") == {"walker": 3 - killed}
    assert g.survivor("lin")["xp"] == killed and g.summary()["kills"] == killed


# ST-3.2: a knife (power 0) with melee skill 2 rolls 2 dice, hitting on 4 (Ruiz).
def test_ST_3_2_knife_with_melee_skill_two_rolls_two(play):
    g = play(CORRIDOR, START_A + zombie("a", count=4), survivors=["ruiz", "lin"], dice=[4, 4, 4, 4])
    g.act("melee", "ruiz")
    assert g.zombies("a") == {"walker": 2}
    assert g.survivor("ruiz")["xp"] == 2


# ST-3.2: dice = power + melee skill; each die at or above the hit value succeeds.
def test_ST_3_2_wrench_counts_successes(play):
    g = play(CORRIDOR, START_A + zombie("a", count=4), survivors=["vega", "lin"], dice=[5, 4, 6, 6])
    g.act("melee", "vega")  # wrench 1 + melee 1 = 2 dice: 5 hits, 4 misses
    assert g.zombies("a") == {"walker": 3}


# ST-3.2: melee reaches only zombies in the survivor's own zone.
def test_ST_3_2_melee_only_in_own_zone(play):
    g = play(CORRIDOR, START_A + zombie("b"), survivors=["vega"], dice=[6, 6])
    g.refuses("melee", "vega")


# ST-3.2: melee needs a melee weapon in hand; a ranged weapon or an unknown card is refused.
def test_ST_3_2_melee_weapon_must_be_a_melee_weapon_in_hand(play):
    g = play(CORRIDOR, START_A + zombie("a"), survivors=["okafor", "vega"], dice=[6, 6])
    g.refuses("melee", "okafor", weapon="pistol")
    g.refuses("melee", "okafor", weapon="knife")
    g.act("manage", "vega", hand=[], backpack=["wrench"])
    g.refuses("melee", "vega", weapon="wrench")  # in the backpack, not in hand


# ST-3.2, ST-3.9: successes go in target order (walker first) unless the attacker names kinds.
@pytest.mark.parametrize("targets, left", [(None, {"runner": 1}), (["runner"], {"walker": 1})])
def test_ST_3_2_melee_assigns_successes(play, targets, left):
    g = play(
        CORRIDOR,
        START_A + zombie("a", "runner") + zombie("a", "walker"),
        survivors=["vega", "lin"],
        dice=[5, 1],
    )
    fields = {"targets": targets} if targets else {}
    g.act("melee", "vega", **fields)
    assert g.zombies("a") == left


# ST-3.9: an armored zombie needs 2 successes from the same action; single successes
# from two actions do not add up.
def test_ST_3_9_armored_needs_two_successes_from_one_action(play):
    g = play(
        CORRIDOR, START_A + zombie("a", "armored"), survivors=["vega", "lin"], dice=[5, 1, 6, 2]
    )
    g.act("melee", "vega")
    g.act("melee", "vega")
    assert g.zombies("a") == {"armored": 1}
    assert g.survivor("vega")["xp"] == 0


# ST-3.9, ST-7.1: two successes kill the armored zombie for 2 XP.
def test_ST_3_9_armored_dies_to_two_successes_for_two_xp(play):
    g = play(CORRIDOR, START_A + zombie("a", "armored"), survivors=["vega", "lin"], dice=[5, 6])
    g.act("melee", "vega")
    assert g.zombies("a") == {}
    assert g.survivor("vega")["xp"] == 2 and g.summary()["kills"] == 1


# ST-3.9: a walker takes the first success; a lone success left for the armored is wasted.
@pytest.mark.parametrize("dice, left", [([5, 5, 1], {"armored": 1}), ([5, 5, 5], {})])
def test_ST_3_9_walker_first_then_armored(play, dice, left):
    g = play(
        CORRIDOR,
        START_A + zombie("a", "armored") + zombie("a", "walker"),
        survivors=["hale", "lin"],
        dice=dice,
    )
    g.act("melee", "hale")  # crowbar 1 + melee 2 = 3 dice
    assert g.zombies("a") == left


# ST-8.1, ST-A: each melee weapon rolls power + melee skill dice and hits at its value.
# Hale (melee 2) picks the weapon up from the floor; the first die misses by one.
@pytest.mark.parametrize(
    "weapon, power, hit",
    [
        ("knife", 0, 4),
        ("wrench", 1, 5),
        ("crowbar", 1, 5),
        ("baton", 1, 4),
        ("fire_axe", 2, 5),
        ("plasma_cutter", 2, 4),
    ],
)
def test_ST_8_1_melee_weapon_stats(play, weapon, power, hit):
    body = START_A + f'floor = ["{weapon}"]\n' + zombie("a", count=10)
    g = play(CORRIDOR, body, survivors=["hale", "lin"], dice=[hit - 1] + [hit] * 10)
    if weapon != "crowbar":
        g.act("manage", "hale", hand=["crowbar", weapon], backpack=[])
    g.act("melee", "hale", weapon=weapon)
    rolled = g.events_of("rolled")
    assert len(rolled[-1]["dice"]) == power + 2
    assert g.summary()["kills"] == power + 1
    assert g.zombies("a") == {"walker": 10 - (power + 1)}


# ST-8.1: silent melee weapons make no noise (the crowbar).
def test_ST_8_1_silent_melee_makes_no_noise(play):
    g = play(CORRIDOR, START_A + zombie("a", count=3), survivors=["hale", "lin"], dice=[5, 5, 5])
    g.act("melee", "hale")
    assert g.noise("a") == 0


# ST-8.1 (open point): a melee weapon that is not silent (the plasma cutter) adds one
# noise token to the attacker's zone, as a ranged shot does (ST-3.3).
def test_ST_8_1_loud_melee_weapon_makes_noise(play):
    body = START_A + 'floor = ["plasma_cutter"]\n' + zombie("a", count=5)
    g = play(CORRIDOR, body, survivors=["hale", "lin"], dice=[2, 2, 2, 2])
    g.act("manage", "hale", hand=["plasma_cutter"], backpack=["crowbar"])
    g.act("melee", "hale")
    assert g.noise("a") == 1


# ST-3.2 (rules-notes): without a named weapon, melee uses the first melee weapon in hand.
def test_ST_3_2_default_melee_weapon_is_the_first_in_hand(play):
    body = START_A + 'floor = ["knife"]\n' + zombie("a", count=5)
    g = play(CORRIDOR, body, survivors=["hale", "lin"], dice=[4, 4, 4])
    g.act("manage", "hale", hand=["knife", "crowbar"], backpack=[])
    g.act("melee", "hale")
    assert len(g.events_of("rolled")[-1]["dice"]) == 2  # the knife: power 0 + melee 2
    assert g.zombies("a") == {"walker": 3}
