"""K-5 legal commands are accepted; K-4 empty decks; small refusals a player would expect;
ST-5.4 maximum noise counts living survivors only."""

import msgspec
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


SCENES = {
    "start": (START_A + zombie("c"), ["lin", "vega"]),
    "fight": (
        START_A + 'floor = ["grenade", "stim"]\n' + zombie("a", count=2) + zombie("b", "runner"),
        ["okafor", "hale", "mori"],
    ),
    "doors": (
        START_A + '[zones.b]\ndark = true\nobjective = true\n[doors."a-b"]\nlocked = true\n',
        ["vega", "ruiz"],
    ),
}


# K-5: every command legal_commands() offers is accepted, and undo takes it back.
@pytest.mark.parametrize("scene", sorted(SCENES))
def test_K_5_every_legal_command_is_accepted(play, scene):
    body, roster = SCENES[scene]
    board = CORRIDOR if scene != "doors" else "##########\n#aaa+bbbb#\n##########\n#xx#\n"
    g = play(board, body, survivors=roster, dice=[3] * 40)
    start = g.summary()
    legal = [msgspec.to_builtins(c) for c in g.legal_commands()]
    assert legal, "the first survivor can always do something"
    for command in legal:
        g.submit(command)
        assert g.undo() is True
        assert g.summary() == start, command


# K-5: commands the rules forbid are not offered.
def test_K_5_legal_commands_leave_out_forbidden_ones(play):
    g = play(CORRIDOR, START_A + zombie("b"), survivors=["lin", "vega"])
    legal = [msgspec.to_builtins(c) for c in g.legal_commands()]
    moves = {(c["survivor"], c["to"]) for c in legal if c["type"] == "move"}
    assert moves == {("lin", "b"), ("vega", "b")}
    assert not any(c["type"] in ("melee", "ranged", "take_objective") for c in legal)
    g.act("end_turn", "lin")
    legal = [msgspec.to_builtins(c) for c in g.legal_commands()]
    assert all(c.get("survivor") != "lin" for c in legal)


# K-4: an empty deck with no discards stays empty: gear then finds nothing.
def test_K_4_empty_equipment_deck_finds_nothing(play):
    g = play(
        CORRIDOR,
        START_A + '[decks]\nsearch = ["gear"]\nequipment = ["knife"]\n',
        survivors=["vega", "lin"],
    )
    g.act("search", "vega")
    g.act("search", "lin")
    assert g.survivor("vega")["hand"] == ["wrench", "knife"]
    assert g.survivor("lin")["hand"] == ["medkit"] and g.survivor("lin")["backpack"] == []
    assert g.floor("a") == []


# ST-3.1: a move must go somewhere: the survivor's own zone is refused.
def test_ST_3_1_moving_to_the_own_zone_is_refused(play):
    g = play(CORRIDOR, START_A, survivors=["lin"])
    g.refuses("move", "lin", to="a")


# ST-3.7, ST-A medic: healing needs a wound to heal.
def test_ST_3_7_no_healing_without_wounds(play):
    g = play(CORRIDOR, START_A, survivors=["lin", "vega"])
    g.refuses("use", "lin", card="medkit", target="vega")
    g.refuses("skill", "lin", skill="medic", target="vega")


# ST-5.4: maximum noise is 4 x *living* survivors: after Lin falls, Okafor alone reaches
# it with 3 tokens; beside Vega (who survives the same attack) that noise is not enough.
@pytest.mark.parametrize("other, marker", [("lin", ["b"]), ("vega", [])])
def test_ST_5_4_max_noise_counts_living_survivors(play, other, marker):
    body = START_A + zombie("a", count=2) + '[decks]\nsearch = ["trap_alarm"]\n'
    g = play(CORRIDOR, body, survivors=["okafor", other], dice=[2] * 6)
    g.act("move", "okafor", to="b")
    g.act("end_turn", "okafor")
    g.act("end_turn", other)  # the two walkers in a attack the one left there
    assert g.summary()["round"] == 2
    assert g.survivor(other)["alive"] is (other == "vega")
    since = len(g.events)
    g.act("search", "okafor")  # 2 tokens in b
    g.act("ranged", "okafor", zone="a")  # 3 tokens + okafor
    assert [e["zone"] for e in g.events_of("marker_moved", since)] == marker
