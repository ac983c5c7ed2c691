"""Mission files: the shipped ones, and broken ones refused with the file,
the line and the reason (DESIGN-siege "Missions"); rosters and options."""

from __future__ import annotations

import textwrap

import pytest

from engine import Game, MissionError, RuleError, get_mode

GOOD = '''[mission]
id = "m"
mode = "siege"
humans = ["cop"]
map = """
#####
#1.X#
#####
"""
'''


def write(tmp_path, text: str):
    path = tmp_path / "broken.toml"
    path.write_text(textwrap.dedent(text).lstrip(), encoding="utf-8")
    return path


def test_a_good_file_loads(tmp_path):
    g = Game.new("siege", mission=write(tmp_path, GOOD), seed=1)
    s = g.summary()
    assert s["mission"] == "m" and list(s["humans"]) == ["cop"]
    assert s["map"] == ["#####", "#..X#", "#####"]
    assert s["turn_limit"] == 15 and s["win"] == "spots"


@pytest.mark.parametrize(
    ("change", "reason", "line"),
    [
        (('id = "m"', 'id = "m'), "not valid TOML", 2),
        (("[mission]", "[mission]\ncolour = 1"), "unknown key", 2),
        (('mode = "siege"', 'mode = "station"'), "not a siege mission", 3),
        (("#1.X#", "#1?X#"), "unknown glyph '?'", 7),
        (("#1.X#", "#1..#"), "no search spot", 5),
        (("#1.X#", "#3.X#"), "the starts must be exactly 1..n", 5),
        (("#1.X#", "#11X#"), "start 1 is drawn twice", 7),
        (('humans = ["cop"]', 'humans = ["vega"]'), "unknown human 'vega'", 4),
        (('humans = ["cop"]', 'humans = ["cop", "medic"]'), "2 humans but the map has 1", 4),
        (('humans = ["cop"]', 'humans = ["cop"]\nwin = "all"'), "unknown win condition", 5),
        (('humans = ["cop"]', 'humans = ["cop"]\nturn_limit = -1'), "turn_limit", 5),
    ],
)
def test_broken_mission_files_name_the_file_line_and_reason(tmp_path, change, reason, line):
    path = write(tmp_path, GOOD.replace(*change))
    with pytest.raises(MissionError) as err:
        Game.new("siege", mission=path, seed=1)
    assert str(path) in str(err.value)
    assert reason in err.value.reason
    assert err.value.line == line


@pytest.mark.parametrize(
    ("tail", "reason", "line"),
    [
        ("[weather]\nrain = true\n", "unknown table [weather]", 10),
        ("[humans.vega]\nlives = 2\n", "unknown human 'vega'", 10),
        ("[humans.cop]\nlives = 4\n", "lives must be 1 to 3", 11),
        ('[humans.cop]\nitems = ["laser"]\n', "unknown item 'laser'", 11),
        ("[humans.cop]\nspeed = 2\n", "unknown key", 11),
        ("[[zombies]]\nat = [0, 0]\n", "a zombie cannot stand there", 11),
        ("[[zombies]]\nat = [1, 1]\n", "the cell is taken", 11),
        ('[decks]\nsearch = ["axe", "laser"]\n', "unknown item 'laser'", 11),
        ('[decks]\nequipment = ["axe"]\n', "unknown key", 11),
    ],
)
def test_broken_tables_name_their_line(tmp_path, tail, reason, line):
    path = write(tmp_path, GOOD + tail)
    with pytest.raises(MissionError) as err:
        Game.new("siege", mission=path, seed=1)
    assert str(path) in str(err.value) and reason in str(err.value)
    assert err.value.line == line


def test_shipped_missions_are_listed_with_their_size():
    rows = get_mode("siege").missions()
    assert [r["id"] for r in rows] == ["house", "rescue", "night", "street", "farm", "chapel"]
    for r in rows:
        assert set(r) >= {"id", "mode", "name", "difficulty", "briefing", "size"}
        assert r["name"] and r["briefing"] and r["size"].endswith(" cells")
    assert [r["difficulty"] for r in rows] == [1, 2, 3, 4, 5, 6]
    street = Game.new("siege", mission="street", seed=1)
    assert street.summary()["cars"], "the street has cars"
    farm = Game.new("siege", mission="farm", seed=1)
    assert any('"' in row for row in farm.summary()["map"]), "the farm has bushes"
    night = Game.new("siege", mission="night", seed=1)
    assert night.view("humans")["sight"] == 3, "a night mission: shots reach 3 cells"
    rescue = Game.new("siege", mission="rescue", seed=1)
    assert rescue.summary()["win"] == "spots_by_all"
    assert rescue.summary()["humans"]["drifter"]["wounded"], "the one to carry out"
    chapel = Game.new("siege", mission="chapel", seed=1)
    rows = chapel.summary()["map"][3:10]  # the chapel: columns 5 to 19
    walls = [
        rows[0][5:20],
        rows[-1][5:20],
        "".join(r[5] for r in rows),
        "".join(r[19] for r in rows),
    ]
    assert all("=" in wall for wall in walls), "windows on every side"
    assert not any(c in wall for wall in walls for c in "+'"), "and no door"


def test_an_unknown_shipped_mission_is_a_mission_error():
    with pytest.raises(MissionError) as err:
        Game.new("siege", mission="castle")
    assert "house" in str(err.value)


def test_the_default_mission_and_roster():
    g = Game.new("siege")
    s = g.summary()
    assert s["mission"] == "house" and list(s["humans"]) == ["drifter", "cop"]
    assert s["zombie_seat"] == "ai"


@pytest.mark.parametrize(
    ("kwargs", "code"),
    [
        ({"survivors": ["vega"]}, "bad_roster"),
        ({"survivors": ["cop", "cop"]}, "bad_roster"),
        ({"survivors": ["cop", "medic", "drifter"]}, "bad_roster"),  # the house has 2 starts
        ({"zombies": "robots"}, "bad_option"),
        ({"colour": "red"}, "bad_option"),
        ({"carry": {"medic": {"kept": ["axe"]}}}, "bad_carry"),
        ({"carry": {"cop": {"kept": ["laser"]}}}, "bad_carry"),
        ({"carry": {"cop": {"xp": 5}}}, "bad_carry"),
    ],
)
def test_bad_rosters_and_options_are_refused(kwargs, code):
    with pytest.raises(RuleError) as err:
        Game.new("siege", mission="house", seed=1, **kwargs)
    assert err.value.code == code
