"""Mission files (DESIGN-sniper "Mission file"): shipped missions load, and a
broken file is refused with a MissionError naming the file, line and reason."""

from __future__ import annotations

import pytest

from engine import Game, MissionError, get_mode

GOOD = """
[mission]
id = "yard"
name = "Yard"
mode = "sniper"
turns = 12
map = '''
S....s...
....o....
--v----ED
'''
[[patrols]]
unit = "s1"
route = [[5, 0], [8, 1]]
"""


def _broken(write_mission, old: str, new: str) -> MissionError:
    text = GOOD.replace(old, new, 1)
    assert text != GOOD
    with pytest.raises(MissionError) as e:
        Game.new("sniper", mission=write_mission(text), seed=1)
    return e.value


def test_a_good_file_loads(write_mission):
    g = Game.new("sniper", mission=write_mission(GOOD))
    s = g.summary()
    assert s["mission"] == "yard" and s["units"]["v1"]["at"] == [2, 2]
    assert sorted(s["sniper"]["objectives"]) == [
        "destroy_vehicle",
        "kill_officer_a",
        "steal_documents",
    ]


@pytest.mark.parametrize(
    ("old", "new", "words", "line"),
    [
        ('mode = "sniper"', 'mode = "station"', "not a sniper mission", 4),
        ("turns = 12", "turns = 13", "turns must be 1 to 12", 5),
        ("turns = 12", "turns = 12\nspeed = 3", "unknown key", 6),
        ("S....s...", "S....s..?", "unknown glyph '?'", 7),
        ("S....s...", ".....s...", "one start cell", 6),
        ("--v----ED", "--v----.D", "no escape", 6),
        ("--v----ED", "--v---RER", "a second 'R'", 9),
        ("S....s...", "Sssssss.s", "7 soldiers", 6),
        ("--v----ED", "--vv---ED", "2 vehicles", 6),
        ("route = [[5, 0], [8, 1]]", "route = [[5, 0], [9, 0]]", "waypoint [9, 0]", 13),
        ('unit = "s1"', 'unit = "s2"', "no unit 's2'", 11),
        ("[[patrols]]", '[decks]\nshots = ["graze"]\n[[patrols]]', "unknown card 'graze'", 12),
        ("[[patrols]]", '[decks]\nobjectives = ["blow_fuel_depot"]\n[[patrols]]', "not allow", 12),
        ("[[patrols]]", "[sniper]\nammo = 9\n[[patrols]]", "ammo", 12),
        ("[[patrols]]", "[sniper]\nobjectives = 4\n[[patrols]]", "objectives", 12),
        ("[[patrols]]", "[sniper]\nobjectives = -1\n[[patrols]]", "must be 0 to", 12),
        ("[[patrols]]", '[sniper]\nequipment = ["rifle"]\n[[patrols]]', "unknown card 'rifle'", 12),
        (
            "[[patrols]]",
            '[[units]]\nkind = "vehicle"\nat = [1, 1]\n[[patrols]]',
            "cannot stand",
            11,
        ),
        ("[[patrols]]", '[[units]]\nkind = "tank"\nat = [1, 1]\n[[patrols]]', "unknown kind", 11),
        ("[[patrols]]", "[weather]\n[[patrols]]", "unknown table", 11),
        ("turns = 12", "turns = ", "not valid TOML", 5),
    ],
)
def test_broken_files_name_file_line_and_reason(write_mission, old, new, words, line):
    e = _broken(write_mission, old, new)
    assert words in str(e) and str(e).startswith(str(e.source))
    assert e.source.endswith("m.toml")
    assert e.line == line


def test_unknown_shipped_mission():
    with pytest.raises(MissionError) as e:
        Game.new("sniper", mission="moon_base")
    assert "village" in str(e.value)


def test_shipped_missions():
    rows = get_mode("sniper").missions()
    assert [r["id"] for r in rows] == ["village", "border", "forest_road", "mill", "rail_yard"]
    dealt = {"border": 0, "mill": 1, "rail_yard": 2}  # an escape-only map; one job in the storm
    for r in rows:
        assert r["mode"] == "sniper" and r["size"].endswith("cells") and r["briefing"]
        g = Game.new("sniper", mission=r["id"], seed=3)
        s = g.summary()
        assert len(s["sniper"]["objectives"]) == dealt.get(r["id"], 3) and s["turns"] == 12
        assert g.legal_commands()
    assert Game.new("sniper").summary()["mission"] == "village"  # the default mission


def test_options_are_checked():
    from engine import RuleError

    with pytest.raises(RuleError) as e:
        Game.new("sniper", commander="robot")
    assert e.value.code == "bad_option"
    with pytest.raises(RuleError) as e:
        Game.new("sniper", zombies="ai")
    assert e.value.code == "bad_option"
    with pytest.raises(RuleError) as e:
        Game.new("sniper", ammo="7")
    assert e.value.code == "bad_option"
    assert Game.new("sniper", ammo="3").summary()["sniper"]["ammo"] == 3  # from the CLI


# Clarification 9: `[sniper] objectives` may be 0: an escape-only map, dealt no
# objective, won by SN-11's escape alone.
def test_clar_9_objectives_0_is_an_escape_only_map(write_mission):
    path = write_mission(GOOD.replace("[[patrols]]", "[sniper]\nobjectives = 0\n[[patrols]]", 1))
    g = Game.new("sniper", mission=path, seed=3, commander="human")
    assert g.summary()["sniper"]["objectives"] == []
    assert get_mode("sniper").missions()  # the shipped ones still load beside it
