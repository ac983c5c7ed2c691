"""ST-5 zombie activation: attacks, moves, runners, dogs, jumpers, target choice, noise."""

import msgspec
import pytest
from msgspec.structs import replace

from engine import Game
from engine.station import commands
from engine.station.decide import run

CORRIDOR = """
#################
#aaabbbcccdddeee#
#aaabbbcccdddeee#
#################
#xx#
"""

# two rooms M and N; the walker's zone w sees neither: it reaches M through p, N through q
LOOP = """
#########
#MMMNNNN#
#p#####q#
#p#####q#
#pwwwwwq#
#########
#xx#
"""


def start(zone: str) -> str:
    return f"[zones.{zone}]\nstart = true\n"


def zombie(zone: str, kind: str = "walker", count: int = 1) -> str:
    return f'[[zombies]]\nzone = "{zone}"\nkind = "{kind}"\ncount = {count}\n'


def search_deck(*cards: str) -> str:
    return "[decks]\nsearch = [" + ", ".join(f'"{c}"' for c in cards) + "]\n"


def end_round(g, *survivors: str) -> None:
    for sid in survivors:
        if sid not in g.summary()["done"] and g.survivor(sid)["alive"]:
            g.act("end_turn", sid)


# ST-5.1: each zombie in a survivor's zone attacks: one wound each, fewest wounds first,
# ties by seat.
def test_ST_5_1_each_zombie_wounds_fewest_wounds_first(play):
    g = play(CORRIDOR, start("a") + zombie("a", count=2), survivors=["lin", "vega"])
    end_round(g, "lin", "vega")
    assert (g.survivor("lin")["wounds"], g.survivor("vega")["wounds"]) == (1, 1)
    assert g.zombies("a") == {"walker": 2}  # attacking, not moving


# ST-5.1: fewest wounds beats seat order.
def test_ST_5_1_attack_goes_to_the_least_wounded(play):
    g = play(
        CORRIDOR, start("a") + zombie("b") + search_deck("trap_breach"), survivors=["vega", "lin"]
    )
    g.act("search", "vega")  # vega: 1 wound
    end_round(g, "vega", "lin")  # the walker steps into a
    assert g.zombies("a") == {"walker": 1}
    end_round(g, "vega", "lin")
    assert (g.survivor("vega")["wounds"], g.survivor("lin")["wounds"]) == (1, 1)


# ST-5.1, ST-9.1: every zombie deals its wound, each to the least wounded at that moment;
# an eliminated survivor drops their cards; the game goes on while one lives.
def test_ST_5_1_every_attack_wounds_the_least_wounded(play):
    g = play(CORRIDOR, start("a") + zombie("a", count=4), survivors=["lin", "vega"])
    end_round(g, "lin", "vega")
    lin, vega = g.survivor("lin"), g.survivor("vega")
    assert (lin["alive"], lin["wounds"]) == (False, 2)
    assert vega["wounds"] == 2  # 1 to lin, 1 to vega, 1 to lin (eliminated), 1 to vega
    assert lin["hand"] == [] and "medkit" in g.floor("a")
    assert g.outcome is None


# ST-5.1, ST-9.3: wounds beyond elimination are wasted; with nobody left the game is lost.
def test_ST_5_1_surplus_wounds_are_wasted(play):
    g = play(CORRIDOR, start("a") + zombie("a", count=3))
    g.act("end_turn", "lin")
    lin = g.survivor("lin")
    assert (lin["alive"], lin["wounds"]) == (False, 2)
    assert g.outcome == "lost" and g.summary()["outcome"] == "lost"


# ST-5.1, ST-5.3: a zombie with no target (no survivor seen, no marker, no noise heard)
# stays still.
def test_ST_5_1_no_target_stays_still(play):
    g = play(
        """
        ##########
        #aaa+bbbb#
        ##########
        #xx#
        """,
        start("a") + zombie("b"),
    )
    g.act("end_turn", "lin")
    assert g.all_zombies() == {"b": {"walker": 1}}


# ST-5.1: a walker moves one zone toward the survivor it sees.
def test_ST_5_1_walker_moves_one_zone(play):
    g = play(CORRIDOR, start("a") + zombie("e"))
    g.act("end_turn", "lin")
    assert g.all_zombies() == {"d": {"walker": 1}}


# ST-5.2: runners act twice: two zones of movement, or a move and an attack.
@pytest.mark.parametrize("zone, after, wounds", [("d", "b", 0), ("b", "a", 1)])
def test_ST_5_2_runner_acts_twice(play, zone, after, wounds):
    g = play(CORRIDOR, start("a") + zombie(zone, "runner"), survivors=["vega"])
    g.act("end_turn", "vega")
    assert g.all_zombies() == {after: {"runner": 1}}
    assert g.survivor("vega")["wounds"] == wounds


# ST-5.2: dogs act three times.
@pytest.mark.parametrize("zone, after, wounds", [("e", "b", 0), ("b", "a", 2)])
def test_ST_5_2_dog_acts_three_times(play, zone, after, wounds):
    g = play(CORRIDOR, start("a") + zombie(zone, "dog"), survivors=["vega"])
    g.act("end_turn", "vega")
    assert g.all_zombies() == {after: {"dog": 1}}
    assert g.survivor("vega")["wounds"] == wounds


# ST-5.2: a dog may not end a move in the zone it started the phase in: it skips it.
# The dog runs from b to Ruiz in a and kills him; its last target, Vega in c, lies back
# through b, so its third action is skipped and it stays in a.
def test_ST_5_2_dog_does_not_return_to_its_start_zone(play):
    g = play(
        """
        ###########
        #aaabbbccc#
        #p#######q#
        #sssssssss#
        ###########
        #xx#
        """,
        start("s") + zombie("b", "dog") + search_deck("trap_breach"),
        survivors=["ruiz", "vega"],
    )
    g.act("search", "ruiz")  # hull breach: 1 of 2 wounds
    g.act("move", "ruiz", to="a")  # speed 2: s-p-a
    g.act("move", "vega", to="q")
    g.act("move", "vega", to="c")
    s = g.summary()
    assert s["round"] == 2
    assert s["survivors"]["ruiz"]["alive"] is False
    assert g.floor("a") == ["knife"]
    assert g.all_zombies() == {"a": {"dog": 1}}
    assert s["survivors"]["vega"]["wounds"] == 0


# ST-5.2: a jumper's move goes up to 2 zones.
@pytest.mark.parametrize("zone, after", [("e", "c"), ("c", "a")])
def test_ST_5_2_jumper_moves_two_zones(play, zone, after):
    g = play(CORRIDOR, start("a") + zombie(zone, "jumper"), survivors=["vega"])
    g.act("end_turn", "vega")
    assert g.all_zombies() == {after: {"jumper": 1}}
    assert g.survivor("vega")["wounds"] == 0


# ST-5.2 (rules-notes): entering a zone that holds survivors ends a jumper's move.
def test_ST_5_2_jumper_stops_where_survivors_are(play):
    g = play(CORRIDOR, start("c") + zombie("e", "jumper"), survivors=["lin", "vega", "okafor"])
    g.act("move", "lin", to="d")
    g.act("move", "vega", to="b")
    g.act("move", "okafor", to="b")
    end_round(g, "lin", "vega", "okafor")
    assert g.all_zombies() == {"d": {"jumper": 1}}  # heading for b, the louder zone


# ST-5.3 rule 1: of the zones it sees holding survivors, the one with the most noise.
def test_ST_5_3_seen_survivors_loudest_zone(play):
    g = play(CORRIDOR, start("c") + zombie("c"), survivors=["lin", "vega", "okafor"])
    g.act("move", "lin", to="b")
    g.act("move", "vega", to="d")
    g.act("move", "okafor", to="d")
    end_round(g, "lin", "vega", "okafor")
    assert g.all_zombies() == {"d": {"walker": 1}}


# ST-5.3: zone noise counts noise tokens as well as survivors.
def test_ST_5_3_noise_tokens_count_in_zone_noise(play):
    g = play(
        CORRIDOR,
        start("c") + zombie("c") + search_deck("trap_alarm"),
        survivors=["lin", "vega", "okafor"],
    )
    g.act("move", "lin", to="b")
    g.act("search", "lin")  # 2 tokens: b has noise 3, d has 2
    g.act("move", "vega", to="d")
    g.act("move", "okafor", to="d")
    end_round(g, "lin", "vega", "okafor")
    assert g.all_zombies() == {"b": {"walker": 1}}


# ST-5.3: equal noise: the nearest zone wins.
def test_ST_5_3_equal_noise_nearest_wins(play):
    g = play(CORRIDOR, start("c") + zombie("e"), survivors=["lin", "vega"])
    g.act("move", "lin", to="b")
    g.act("move", "vega", to="d")
    end_round(g, "lin", "vega")
    assert g.all_zombies() == {"d": {"walker": 1}}


# ST-5.3 rule 2: a zombie that sees no survivor goes to the noise marker, even with
# louder noise tokens elsewhere within hearing.
def test_ST_5_3_marker_beats_noise_tokens(play):
    g = play(LOOP, start("N") + zombie("w") + search_deck("trap_alarm"), survivors=["lin", "mori"])
    g.act("search", "lin")  # 2 tokens in N
    g.act("move", "mori", to="M")
    g.act("skill", "mori", skill="racket")
    assert g.summary()["round"] == 2
    assert g.all_zombies() == {"p": {"walker": 1}}  # toward M


# ST-5.3 rule 3: with no marker, the loudest zone within hearing, where zone noise is
# noise tokens plus survivors, each survivor counting as one token.
def test_ST_5_3_loudest_zone_noise_when_nothing_is_seen(play):
    g = play(
        LOOP,
        start("N") + zombie("w") + search_deck("trap_alarm"),
        survivors=["lin", "vega", "okafor", "hale", "mori"],
    )
    g.act("search", "lin")  # N: 2 tokens + lin = 3
    for sid in ("vega", "okafor", "hale", "mori"):
        g.act("move", sid, to="M")  # M: 4 survivors, no tokens = 4
    end_round(g, "lin", "vega", "okafor", "hale", "mori")
    assert g.all_zombies() == {"p": {"walker": 1}}  # toward M


# ST-5.3 rule 3: a quiet survivor (no noise tokens anywhere) within hearing range draws a
# zombie that cannot see them; one beyond hearing range does not.
@pytest.mark.parametrize("hearing, after", [(2, "q"), (1, "w")])
def test_ST_5_3_a_quiet_survivor_within_hearing_draws_zombies(play, hearing, after):
    g = play(LOOP, start("N") + zombie("w"), hearing=hearing)
    g.act("end_turn", "lin")
    assert g.summary()["noise"] == {}
    assert g.all_zombies() == {after: {"walker": 1}}


# ST-5.3 rule 1 before rule 2: a seen survivor beats the marker.
def test_ST_5_3_seen_survivor_beats_the_marker(play):
    g = play(LOOP, start("N") + zombie("w"), survivors=["lin", "mori"])
    g.act("move", "lin", to="q")
    g.act("move", "mori", to="M")
    g.act("skill", "mori", skill="racket")
    assert g.all_zombies() == {"q": {"walker": 1}}


# ST-5.3: noise is heard only within the mission's hearing range (zone steps).
@pytest.mark.parametrize("hearing, after", [(1, "w"), (2, "q")])
def test_ST_5_3_hearing_range(play, hearing, after):
    g = play(LOOP, start("N") + zombie("w") + search_deck("trap_alarm"), hearing=hearing)
    g.act("search", "lin")
    g.act("end_turn", "lin")
    assert g.all_zombies() == {after: {"walker": 1}}


# ST-5.3 (house): zombies in one zone with the same target take the same path; equal
# paths are chosen by map order (the top zone d comes before the bottom zone b).
def test_ST_5_3_one_zone_one_path(play):
    g = play(
        """
        #######
        #adddc#
        #a###c#
        #abbbc#
        #######
        #xx#
        """,
        start("a") + zombie("c", count=3),
    )
    g.act("end_turn", "lin")
    assert g.all_zombies() == {"d": {"walker": 3}}


# ST-5.4: when a zone's noise reaches 4 x living survivors the marker moves there; a far
# zombie that sees nobody and hears nothing then still walks to the marker.
@pytest.mark.parametrize("search, far_after", [("trap_alarm", "c"), ("nothing", "d")])
def test_ST_5_4_max_noise_moves_the_marker(play, search, far_after):
    g = play(
        """
        ##########
        #aaabbb###
        ######c###
        ######c###
        ######ddd#
        ##########
        #xx#
        """,
        start("a") + zombie("b", count=3) + zombie("d") + search_deck(search),
        survivors=["okafor"],
        dice=[2, 2, 2],
        hearing=1,
    )
    g.act("search", "okafor")
    g.act("ranged", "okafor", zone="b")  # alarm 2 + shot 1 + okafor = 4 = max noise
    assert g.summary()["round"] == 2
    assert g.zombies(far_after) == {"walker": 1}
    assert g.zombies("a") == {"walker": 3}


# ST-5.4: the most recent of a racket and a noise peak wins; the flare gun is a racket
# at its target zone.
def test_ST_5_4_most_recent_racket_wins(play):
    g = play(CORRIDOR, start("a"), survivors=["mori", "lin"], dice=[2, 2])
    g.act("skill", "mori", skill="racket")
    assert g.summary()["marker"] == "a"
    g.act("ranged", "mori", zone="c")
    assert g.summary()["marker"] == "c"


def test_ST_5_3_an_unreachable_marker_is_skipped_for_the_loudest_reachable_zone(tmp_path):
    """rules-notes: targets are chosen among zones the zombie can reach."""
    from engine.station.zombies import target

    text = '''
[mission]
id = "sealed"
win = ["all_objectives"]
map = """
############
#aaabbb#ccc#
#aaabbb+ccc#
############
"""
[zones.c]
start = true
[zones.b]
objective = true
'''
    path = tmp_path / "sealed.toml"
    path.write_text(text)
    g = Game.new("station", mission=path, seed=1, survivors=["mori"])
    world = g.world
    # the marker sits in c behind the closed door; a noise token lies in b
    state = replace(g.state, marker="c", noise={"b": 1})
    assert target(world, state, "a") == "b"
    assert target(world, replace(state, noise={}), "a") is None  # nothing reachable: stay
    opened = replace(state, doors={"b-c": "open"})
    assert target(world, opened, "a") == "c"  # now it sees the survivor there


def zombie_deck(*lines: str) -> str:
    """Inline zombie cards, drawn in order: each line a blue spawn line."""
    return "".join(f"[[decks.zombie]]\nblue = {line}\n" for line in lines)


EXTRA = '{extra = "runners"}'


# ST-5.2: the no-return rule holds through the whole zombie phase, the spawn step's
# "extra activation: runners" included. The runner heads from c for Lin in a (tie with
# Vega in e, map order), Lin falls to the walkers in a, so its next target, Vega, lies back
# through c: its second action is skipped, and so is the extra activation's move.
def test_ST_5_2_extra_activation_does_not_send_a_runner_back_to_its_start(play):
    g = play(
        """
        #################
        #aaabbbcccdddeee#
        #################
        #xx#yy#
        """,
        start("c")
        + zombie("a", count=2)
        + zombie("c", "runner")
        + "[zones.y]\nspawn = 1\n"
        + zombie_deck(EXTRA),
        survivors=["lin", "vega"],
    )
    g.act("move", "lin", to="b")
    g.act("move", "lin", to="a")
    g.act("move", "vega", to="d")
    g.act("move", "vega", to="e")
    s = g.summary()
    assert s["round"] == 2 and s["survivors"]["lin"]["alive"] is False
    assert len(g.events_of("runners_activated")) == 1
    assert g.all_zombies() == {"a": {"walker": 2}, "b": {"runner": 1}}


# ST-5.2 in the players' phase: a runner moved by one extra activation may not be sent
# back to the zone it began the players' phase in by a later one. Ruiz's alarm in d draws
# it from c to f; then the louder b (Okafor, Vega and an alarm) lies back through c.
def test_ST_5_2_players_phase_extra_activations_keep_the_no_return_rule(play):
    g = play(
        """
        #################
        #bbbeeecccfffddd#
        #b#############d#
        #sssssssssssssss#
        #################
        #xx#
        """,
        start("s")
        + "[zones.b]\ndangerous = true\n[zones.d]\ndangerous = true\n"
        + zombie("c", "runner")
        + search_deck("trap_alarm", "trap_alarm")
        + zombie_deck(EXTRA, EXTRA),
        survivors=["ruiz", "okafor", "vega", "lin"],
    )
    g.act("move", "ruiz", to="d")
    g.act("search", "ruiz")  # d: 2 tokens + Ruiz = 3; the runner goes c -> f
    assert g.all_zombies() == {"f": {"runner": 1}}
    g.act("move", "okafor", to="b")
    g.act("move", "vega", to="b")
    g.act("search", "vega")  # b: 2 tokens + 2 survivors = 4, louder than d
    assert g.summary()["round"] == 1  # Lin has not acted: still the players' phase
    assert len(g.events_of("runners_activated")) == 2
    assert g.all_zombies() == {"f": {"runner": 1}}


# ST-5.4: a flare fired from a zone already at maximum noise moves the marker to its
# target, and the shot's own noise there does not pull it back. Mori (yellow: 3 actions)
# alone: maximum noise 4.
def test_ST_5_4_a_flare_from_a_zone_at_max_keeps_the_marker(mission_file):
    path = mission_file(CORRIDOR, start("a") + search_deck("trap_alarm"))
    g = Game.new(
        "station", mission=path, seed=1, survivors=["mori"], dice=[2] * 8,
        carry={"mori": {"xp": 7}},
    )  # fmt: skip
    act = lambda kind, **f: g.submit({"type": kind, "survivor": "mori", **f})  # noqa: E731
    act("search")  # a: 2 tokens + Mori = 3
    act("ranged", zone="c")  # the shot takes a to 4 (marker a), then the flare: c
    assert g.summary()["marker"] == "c"
    events = act("ranged", zone="b")  # a is already at max (5): only the flare counts
    assert [e.zone for e in events if type(e).__name__ == "MarkerMoved"] == ["b"]
    assert g.summary()["round"] == 2  # Mori's third action ended the round


# ST-5.4 (rules-notes): the marker moves when an action takes a zone to the maximum; a zone
# already at or above it does not take the marker back from a more recent racket, whether
# by a silent attack, a loud shot or a survivor walking in.
@pytest.mark.parametrize(
    "command",
    [
        {"type": "melee", "survivor": "vega", "weapon": "wrench"},
        {"type": "ranged", "survivor": "okafor", "zone": "b"},
        {"type": "move", "survivor": "lin", "to": "a"},
    ],
    ids=["melee", "shot", "move"],
)
def test_ST_5_4_a_zone_already_at_max_does_not_take_the_marker_back(mission_file, command):
    path = mission_file(CORRIDOR, start("a") + zombie("a") + zombie("b"))
    g = Game.new("station", mission=path, seed=1, survivors=["vega", "okafor", "lin"], dice=[3] * 6)
    lin = replace(g.state.survivors[2], zone="b")
    # a: 11 tokens + Vega and Okafor = 13, above the maximum of 12; a racket put the
    # marker in e since
    given = replace(
        g.state,
        survivors=g.state.survivors[:2] + (lin,),
        noise={"a": 11},
        marker="e",
    )
    events, after = run(g.world, given, msgspec.convert(command, commands.StationCommand))
    assert after.marker == "e"
    assert not any(type(e).__name__ == "MarkerMoved" for e in events)
