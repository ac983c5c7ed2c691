"""The public Game API (DESIGN.md): bad input of any shape is a RuleError
that changes nothing; missions that cannot be played are MissionErrors."""

from __future__ import annotations

import textwrap

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine import Game, MissionError, RuleError
from engine.station import commands as cmd

BAD_COMMANDS = [
    None,
    42,
    "move",
    [],
    {},
    {"type": "fly", "survivor": "vega"},
    {"type": "move"},
    {"type": "move", "survivor": "vega"},
    {"type": "move", "survivor": 3, "to": "b"},
    {"type": "move", "survivor": "nobody", "to": "b"},
    {"type": "move", "survivor": "vega", "to": "zz"},
    {"type": "move", "survivor": "vega", "to": "b", "extra": 1},
    {"type": "open_door", "survivor": "vega", "door": "x-y"},
    {"type": "open_door", "survivor": "vega", "door": "b-g"},
    {"type": "melee", "survivor": "vega"},
    {"type": "melee", "survivor": "vega", "weapon": "banana"},
    {"type": "ranged", "survivor": "okafor", "zone": "b"},
    {"type": "ranged", "survivor": "vega", "zone": "a"},
    {"type": "use", "survivor": "vega", "card": "medkit"},
    {"type": "use", "survivor": "vega", "card": "wrench"},
    {"type": "use", "survivor": "vega", "card": "no_card"},
    {"type": "skill", "survivor": "vega", "skill": "medic"},
    {"type": "skill", "survivor": "vega", "skill": "silent_doors"},
    {"type": "skill", "survivor": "vega", "skill": "flying"},
    {"type": "take_objective", "survivor": "vega"},
    {"type": "manage", "survivor": "vega", "hand": ["pistol"], "backpack": []},
    {"type": "manage", "survivor": "vega", "hand": ["a", "b", "c"], "backpack": []},
    {"type": "manage", "survivor": "vega", "hand": ["wrench"], "backpack": []},
    {"type": "manage", "survivor": "vega", "hand": [], "backpack": [], "others": {"vega": {}}},
    {"type": "choose", "option": "keep"},
    {"type": "end_turn", "survivor": ["vega"]},
]


@pytest.mark.parametrize("bad", BAD_COMMANDS, ids=repr)
def test_bad_commands_raise_rule_error_and_change_nothing(bad):  # K-5
    g = Game.new("station", mission="tutorial", seed=3)
    before = (g.summary(), g.state, len(g.journal))
    with pytest.raises(RuleError) as e:
        g.submit(bad)
    assert e.value.code and e.value.message
    assert (g.summary(), g.state, len(g.journal)) == before


@pytest.mark.parametrize("bad", BAD_COMMANDS, ids=repr)
def test_refusal_says_why_a_command_would_be_refused_and_plays_nothing(bad):  # K-5
    g = Game.new("station", mission="tutorial", seed=3)
    before = (g.summary(), g.state, len(g.journal))
    why = g.refusal(bad)
    with pytest.raises(RuleError) as e:
        g.submit(bad)
    assert (why.code, why.message) == (e.value.code, e.value.message)
    assert (g.summary(), g.state, len(g.journal)) == before
    assert g.refusal({"type": "search", "survivor": "vega"}) is None
    assert (g.summary(), g.state, len(g.journal)) == before


values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.text(max_size=6),
    lambda inner: (
        st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=6), inner, max_size=3)
    ),
    max_leaves=6,
)
types = st.sampled_from(
    ["move", "melee", "ranged", "search", "open_door", "manage", "use", "skill",
     "take_objective", "end_turn", "choose", "nope"]
)  # fmt: skip
fields = st.sampled_from(
    ["survivor", "to", "zone", "door", "weapon", "targets", "card", "target", "skill",
     "hand", "backpack", "others", "option"]
)  # fmt: skip
names = st.sampled_from(["vega", "okafor", "a", "b", "c", "a-b", "pistol", "wrench", "walker"])


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(kind=types, body=st.dictionaries(fields, values | names, max_size=4))
def test_any_shape_is_accepted_or_refused_cleanly(kind, body):  # K-5
    g = Game.new("station", mission="tutorial", seed=5)
    before = g.state
    try:
        g.submit({"type": kind, **body})
    except RuleError:
        assert g.state == before


def test_structs_and_dicts_are_the_same_command():
    a = Game.new("station", mission="tutorial", seed=2)
    b = Game.new("station", mission="tutorial", seed=2)
    a.submit({"type": "open_door", "survivor": "vega", "door": "a-b"})
    b.submit(cmd.OpenDoor(survivor="vega", door="a-b"))
    assert a.summary() == b.summary() and a.events == b.events


def test_game_over_refuses_commands():
    g = Game.new("station", mission="tutorial", seed=1, survivors=["lin"])
    while g.outcome is None:
        g.submit({"type": "end_turn", "survivor": "lin"})
    assert g.legal_commands() == []
    with pytest.raises(RuleError) as e:
        g.submit({"type": "end_turn", "survivor": "lin"})
    assert e.value.code == "game_over"


@pytest.mark.parametrize(
    "kwargs, code",
    [
        ({"survivors": ["nobody"]}, "unknown_survivor"),
        ({"survivors": ["vega", "vega"]}, "duplicate_survivor"),
        (
            {"survivors": ["vega", "okafor", "lin", "ruiz", "hale", "mori", "vega"]},
            "duplicate_survivor",
        ),
        ({"undo": "sometimes"}, "bad_undo_policy"),
        ({"dice": [0, 7]}, "bad_dice"),
        ({"seed": "x"}, "bad_seed"),
    ],
)
def test_bad_game_options(kwargs, code):
    with pytest.raises(RuleError) as e:
        Game.new("station", mission="tutorial", **kwargs)
    assert e.value.code == code


def test_unknown_mode():
    with pytest.raises(RuleError) as e:
        Game.new("chess")
    assert e.value.code == "unknown_mode"


GOOD = '''
[mission]
id = "m"
map = """
#######
#aa+bb#
#######
"""
[zones.a]
start = true
[zones.b]
exit = true
'''


def mission_file(tmp_path, text):
    p = tmp_path / "m.toml"
    p.write_text(textwrap.dedent(text).lstrip())
    return p


def test_good_minimal_mission(tmp_path):
    g = Game.new("station", mission=mission_file(tmp_path, GOOD), survivors=["lin"])
    assert g.summary()["doors"] == {"a-b": "closed"}


@pytest.mark.parametrize(
    "change, reason, line",
    [
        (("exit = true", "exitt = true"), "unknown key", 11),
        (("[zones.b]", "[zones.q]"), "not on the map", 10),
        (("start = true", "start = false"), "exactly one start zone", None),
        (("#aa+bb#", "#aa+#b#"), "door", 5),
        (("#aa+bb#", "#ab+ab#"), "split in two", 5),
        (('id = "m"', 'id = "m'), "not valid TOML", 2),
        (("[zones.b]", '[doors."a-c"]\nlocked = true\n[zones.b]'), "names no door", 10),
        (
            ("exit = true", 'exit = true\n[[zombies]]\nzone = "b"\nkind = "ghost"'),
            "unknown zombie kind",
            12,
        ),
        (("exit = true", 'exit = true\n[decks]\nsearch = ["gold"]'), "unknown card", 12),
        (('id = "m"', 'id = "m"\nmode = "siege"'), "not a station mission", 3),
        (('id = "m"', 'id = "m"\nwin = ["fun"]'), "unknown win condition", 3),
        (('id = "m"', 'id = "m"\nmax_zombies = 0'), "at least 1", 3),
        (("exit = true", "spawn = 1"), "needs an exit zone", None),
    ],
)
def test_broken_missions_name_file_line_and_reason(tmp_path, change, reason, line):
    text = textwrap.dedent(GOOD).lstrip().replace(*change)
    path = mission_file(tmp_path, text)
    with pytest.raises(MissionError) as e:
        Game.new("station", mission=path)
    msg = str(e.value)
    assert str(path) in msg and reason in msg
    assert e.value.line == line


def test_dark_zone_touching_a_lit_zone_is_refused(tmp_path):  # ST-3.5 (rules-notes)
    text = (
        textwrap.dedent(GOOD)
        .lstrip()
        .replace("#aa+bb#", "#aabbb#")
        .replace("exit = true", "exit = true\ndark = true")
    )
    with pytest.raises(MissionError, match="dark zones must sit behind closed doors") as e:
        Game.new("station", mission=mission_file(tmp_path, text))
    assert e.value.line == 10


def test_dark_zone_behind_an_open_door_is_refused(tmp_path):  # ST-3.5 (rules-notes)
    text = (
        textwrap.dedent(GOOD)
        .lstrip()
        .replace("#aa+bb#", "#aa'bb#")
        .replace("exit = true", "exit = true\ndark = true")
    )
    with pytest.raises(MissionError, match="drawn open"):
        Game.new("station", mission=mission_file(tmp_path, text))


def test_mission_file_problems(tmp_path):
    with pytest.raises(MissionError, match="no such mission file"):
        Game.new("station", mission=tmp_path / "missing.toml")
    (tmp_path / "dir.toml").mkdir()
    with pytest.raises(MissionError, match="directory"):
        Game.new("station", mission=tmp_path / "dir.toml")
    bad = tmp_path / "bin.toml"
    bad.write_bytes(b"\xff\xfe\x00")
    with pytest.raises(MissionError, match="UTF-8"):
        Game.new("station", mission=bad)
    with pytest.raises(MissionError, match="no shipped mission"):
        Game.new("station", mission="../etc/passwd")
