"""Outbreak mission files: what they set, and errors naming file and line."""

from __future__ import annotations

import pytest

from engine import Game, MissionError


def load(tmp_path, text: str) -> Game:
    path = tmp_path / "m.toml"
    path.write_text(text)
    return Game.new("outbreak", mission=path, seed=1)


def test_a_mission_lays_tiles_zombies_tokens_and_stacks_piles(mission_path):
    g = Game.new(
        "outbreak",
        seed=1,
        mission=mission_path(
            tiles=[("straight", (0, -1), 0), ("crossing", (0, -2), 90)],
            zombies=[(1, -2)],
            tokens=[(1, -3, "bullet")],
            tile_pile=["corner", "helipad"],
            event_pile=["horde"] * 7,
            kills_to_win=10,
            round_limit=5,
        ),
    )
    s = g.summary()
    assert [t["tile"] for t in s["tiles"]] == ["town_square", "straight", "crossing"]
    assert s["zombies"] == [[1, -2]] and s["tokens"] == [[1, -3, "bullet"]]
    assert s["tile_pile"] == ["corner", "helipad"] and s["event_pile"] == ["horde"]
    assert (s["kills_to_win"], s["round_limit"], s["mission"]) == (10, 5, "scenario")


def test_a_mission_without_piles_shuffles_them(mission_path):
    path = mission_path(tile_pile=None, event_pile=None)
    s = Game.new("outbreak", mission=path, seed=1).summary()
    assert s["tiles_left"] == 29 and s["tile_pile"][-1] == "helipad"
    assert s["events_left"] == 50 - 6


BAD = [
    ("[mission\nid = 1\n", 1, "not valid TOML"),
    ('[mission]\nid = "x"\n[extras]\n', 3, "unknown table [extras]"),
    ("[decks]\ntiles = []\n", None, "missing the [mission] table"),
    ('[mission]\nid = "x"\nmode = "station"\n', 3, "not an outbreak mission"),
    ('[mission]\nid = "x"\nkills_to_win = 0\n', 3, "kills_to_win must be at least 1"),
    ('[mission]\nid = "x"\ncolour = "red"\n', 1, "unknown key"),
    (
        '[mission]\nid = "x"\n[[tiles]]\ntile = "straight"\nat = [0, -1]\n'
        '[[tiles]]\ntile = "castle"\nat = [0, -2]\n',
        6,
        "unknown tile 'castle'",
    ),
    (
        '[mission]\nid = "x"\n[[tiles]]\ntile = "straight"\nat = [0, -1]\nrotation = 90\n',
        3,
        "road would run into a wall",
    ),
    ('[mission]\nid = "x"\n[[tiles]]\ntile = "straight"\nat = [4, 4]\n', 3, "touches no tile"),
    ('[mission]\nid = "x"\n[[zombies]]\ncell = [5, 5]\n', 3, "no walkable cell"),
    (
        '[mission]\nid = "x"\n[[zombies]]\ncell = [1, 0]\n[[zombies]]\ncell = [1, 0]\n',
        5,
        "one zombie at most",
    ),
    ('[mission]\nid = "x"\n[[tokens]]\ncell = [1, 0]\nkind = "gold"\n', 3, "bullet or life"),
    ('[mission]\nid = "x"\n[decks]\nevents = ["bazooka"]\n', 4, "unknown event 'bazooka'"),
]


@pytest.mark.parametrize("text, line, reason", BAD)
def test_bad_missions_name_file_line_and_reason(tmp_path, text, line, reason):
    with pytest.raises(MissionError) as err:
        load(tmp_path, text)
    assert err.value.source.endswith("m.toml")
    assert err.value.line == line
    assert reason in err.value.reason
