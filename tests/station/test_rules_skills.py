"""ST-A skills: each one in play. Orange skills are reached with a grenade thrown into a
horde of 19 walkers next door (ST-7.1), then chosen with `choose`."""

CORRIDOR = """
#################
#aaabbbcccdddeee#
#aaabbbcccdddeee#
#################
#xx#
"""


def zombie(zone: str, kind: str = "walker", count: int = 1) -> str:
    return f'[[zombies]]\nzone = "{zone}"\nkind = "{kind}"\ncount = {count}\n'


def horde(extra: str = "") -> str:
    return '[zones.a]\nstart = true\nfloor = ["grenade"]\n' + zombie("b", count=19) + extra


def reach_orange(g, sid: str, first: str, skill: str) -> None:
    """Two actions: pick up the grenade, clear b (19 XP, orange); then choose `skill`."""
    g.act("manage", sid, hand=[first, "grenade"], backpack=[])
    g.act("use", sid, card="grenade", target="b")
    assert g.summary()["pending"]["survivor"] == sid
    g.choose(skill)
    assert skill in g.survivor(sid)["skills"]
    assert g.survivor(sid)["actions_left"] == 1  # the yellow action


# ST-A plus_1_melee_die: Hale's crowbar rolls 1 + 2 + 1 = 4 dice.
def test_ST_A_plus_1_melee_die(play):
    g = play(
        CORRIDOR, horde(zombie("a", count=6)), survivors=["hale"], dice=[5] * 6, max_zombies=60
    )
    reach_orange(g, "hale", "crowbar", "plus_1_melee_die")
    g.act("melee", "hale")
    assert g.zombies("a") == {"walker": 2}
    assert g.survivor("hale")["xp"] == 23


# ST-A plus_1_ranged_die: Okafor's pistol rolls 1 + 1 + 1 = 3 dice.
def test_ST_A_plus_1_ranged_die(play):
    g = play(
        CORRIDOR,
        "[zones.a]\nstart = true\n" + zombie("b", count=5),
        survivors=["okafor", "lin"],
        dice=[5] * 5,
    )
    g.act("ranged", "okafor", zone="b")
    assert g.zombies("b") == {"walker": 2}


# ST-A lucky: after a roll with a miss, the player may re-roll every die of the attack
# once per turn; the re-roll draws new dice.
def test_ST_A_lucky_reroll(play):
    g = play(
        CORRIDOR, horde(zombie("a", count=3)), survivors=["ruiz"], dice=[1, 2, 4, 4], max_zombies=60
    )
    reach_orange(g, "ruiz", "knife", "lucky")
    g.act("melee", "ruiz")
    s = g.summary()
    assert s["pending"]["survivor"] == "ruiz"
    assert sorted(s["pending"]["options"]) == ["keep", "reroll"]
    assert g.zombies("a") == {"walker": 3}  # not resolved yet
    g.choose("reroll")
    assert g.zombies("a") == {"walker": 1}
    assert [list(r["dice"]) for r in g.events_of("rolled")] == [[1, 2], [4, 4]]


# ST-A lucky: keeping the roll resolves it as rolled.
def test_ST_A_lucky_keep(play):
    g = play(
        CORRIDOR, horde(zombie("a", count=3)), survivors=["ruiz"], dice=[4, 2, 4, 4], max_zombies=60
    )
    reach_orange(g, "ruiz", "knife", "lucky")
    g.act("melee", "ruiz")
    g.choose("keep")
    assert g.zombies("a") == {"walker": 2}
    assert len(g.events_of("rolled")) == 1


# ST-A sniper: free choice of ranged targets, and the sniper's shots cause no friendly fire.
def test_ST_A_sniper_picks_targets_without_friendly_fire(play):
    g = play(
        CORRIDOR,
        horde(zombie("a", "runner") + zombie("a")),
        survivors=["okafor", "lin"],
        dice=[5, 1, 1],
        max_zombies=60,
    )
    reach_orange(g, "okafor", "pistol", "sniper")
    g.act("ranged", "okafor", zone="a", targets=["runner"])
    assert g.zombies("a") == {"walker": 1}
    assert g.survivor("lin")["wounds"] == 0 and g.survivor("okafor")["wounds"] == 0


# ST-A scavenger: a search that finds gear draws two equipment cards; keep one, the
# other is discarded.
def test_ST_A_scavenger_keeps_one_of_two(play):
    extra = '[decks]\nsearch = ["gear"]\nequipment = ["pistol", "stim"]\n'
    g = play(CORRIDOR, horde(extra), survivors=["lin", "vega"], max_zombies=60)
    reach_orange(g, "lin", "medkit", "scavenger")
    g.act("search", "lin")
    assert sorted(g.summary()["pending"]["options"]) == ["pistol", "stim"]
    g.choose("stim")
    s = g.summary()
    assert s["survivors"]["lin"]["hand"] == ["medkit", "stim"]
    assert s["survivors"]["lin"]["backpack"] == [] and g.floor("a") == []
    assert s["pending"] is None


# ST-A plus_1_speed: Ruiz moves 2 zones, Lin 1.
def test_ST_A_plus_1_speed(play):
    g = play(CORRIDOR, "[zones.a]\nstart = true\n", survivors=["lin", "ruiz"])
    g.refuses("move", "lin", to="c")
    g.act("move", "ruiz", to="c")
    assert g.survivor("ruiz")["zone"] == "c"


# ST-A tough: the first wound of each zombie phase is ignored.
def test_ST_A_tough_ignores_the_first_wound_each_phase(play):
    g = play(CORRIDOR, "[zones.a]\nstart = true\n" + zombie("a", count=2), survivors=["hale"])
    g.act("end_turn", "hale")
    assert g.survivor("hale")["wounds"] == 1
    g.act("end_turn", "hale")
    assert g.survivor("hale")["wounds"] == 2


# ST-A tough, ST-2.2: only wounds dealt in the zombie phase are absorbed. Hale walks into
# b round the corridor; Lin opens the door a-b, and the walker behind it attacks him at
# once (ST-3.5): that wound stands. In the zombie phase its next attack is absorbed.
def test_ST_2_2_tough_absorbs_nothing_in_the_players_phase(play):
    g = play(
        """
        #########
        #aaa+bbb#
        #a#####b#
        #ccccccc#
        #########
        #xx#
        """,
        "[zones.a]\nstart = true\n" + zombie("b"),
        survivors=["hale", "lin"],
    )
    g.act("move", "hale", to="c")
    g.act("move", "hale", to="b")
    g.act("open_door", "lin", door="a-b")
    assert g.survivor("hale")["wounds"] == 1
    assert g.events_of("wound_absorbed") == []
    g.act("end_turn", "lin")
    assert g.summary()["round"] == 2
    assert g.survivor("hale")["wounds"] == 1
    assert [e["source"] for e in g.events_of("wound_absorbed")] == ["tough"]


# ST-A tough + vest (rules-notes): each absorbs one wound per zombie phase.
def test_ST_A_tough_and_vest_absorb_two(play):
    body = '[zones.a]\nstart = true\nfloor = ["vest"]\n' + zombie("a", count=3)
    g = play(CORRIDOR, body, survivors=["hale"])
    g.act("manage", "hale", hand=["crowbar", "vest"], backpack=[])
    g.act("end_turn", "hale")
    assert g.survivor("hale")["wounds"] == 1


# ST-3.3 (rules-notes): tough does not absorb friendly fire.
def test_ST_A_tough_does_not_stop_friendly_fire(play):
    g = play(
        CORRIDOR,
        "[zones.a]\nstart = true\n" + zombie("a", count=3),
        survivors=["okafor", "hale"],
        dice=[1, 2, 2],
    )
    g.act("ranged", "okafor", zone="a")
    assert g.survivor("hale")["wounds"] == 1


# ST-A medic: free, once per turn, heals 1 wound of a survivor in the zone.
def test_ST_A_medic_heals_once_per_turn_for_free(play):
    body = '[zones.a]\nstart = true\n[decks]\nsearch = ["trap_breach"]\n'
    g = play(CORRIDOR, body, survivors=["vega", "lin"])
    g.act("search", "vega")
    g.act("search", "lin")
    assert (g.survivor("vega")["wounds"], g.survivor("lin")["wounds"]) == (1, 1)
    g.act("skill", "lin", skill="medic", target="vega")
    assert g.survivor("vega")["wounds"] == 0
    assert g.survivor("lin")["actions_left"] == 1
    g.refuses("skill", "lin", skill="medic", target="lin")


# ST-A medic: only a survivor in the same zone.
def test_ST_A_medic_only_in_the_zone(play):
    body = '[zones.a]\nstart = true\n[decks]\nsearch = ["trap_breach"]\n'
    g = play(CORRIDOR, body, survivors=["vega", "lin"])
    g.act("search", "vega")
    g.act("move", "vega", to="b")
    g.refuses("skill", "lin", skill="medic", target="vega")


# ST-A racket: one action moves the noise marker to the survivor's zone.
def test_ST_A_racket_costs_an_action(play):
    g = play(CORRIDOR, "[zones.a]\nstart = true\n", survivors=["mori", "lin"])
    g.act("move", "mori", to="b")
    g.act("skill", "mori", skill="racket")
    s = g.summary()
    assert s["marker"] == "b" and "mori" in s["done"]
    g.refuses("skill", "lin", skill="racket")  # not one of Lin's skills


# ST-A silent_doors: Vega opens doors without noise (and Lin makes one token).
def test_ST_A_silent_doors(play):
    g = play(
        """
        ###########
        #aaa+bbb+c#
        ###########
        #xx#
        """,
        "[zones.a]\nstart = true\n",
        survivors=["vega", "lin", "mori"],
    )
    g.act("open_door", "vega", door="a-b")
    g.act("move", "lin", to="b")
    g.act("open_door", "lin", door="b-c")
    assert g.noise("a") == 0 and g.noise("b") == 1


# ST-A lucky: once per turn: after a re-roll, the next attack that turn gets no offer.
def test_ST_A_lucky_once_per_turn(play):
    g = play(
        CORRIDOR, horde(zombie("c", count=3)), survivors=["ruiz"], dice=[1, 1] * 3, max_zombies=60
    )
    reach_orange(g, "ruiz", "knife", "lucky")
    g.act("end_turn", "ruiz")
    assert g.zombies("b") == {"walker": 3}  # they came for Ruiz
    g.act("move", "ruiz", to="b")
    g.act("melee", "ruiz")
    assert g.summary()["pending"]["options"]
    g.choose("reroll")
    g.act("melee", "ruiz")
    assert g.summary()["pending"] is None
    assert len(g.events_of("rolled")) == 3 and g.zombies("b") == {"walker": 3}
