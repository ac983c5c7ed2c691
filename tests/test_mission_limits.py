"""A mission file of any mode is refused past the size limits every mode
shares (engine/core/missions.py), with a message naming the file, the limit
and where it can be known; a shipped or generated mission is well within."""

from __future__ import annotations

import re
import tomllib

import pytest

from engine import Game, MissionError, get_mode
from engine.core import missions as m

SHIPPED = [("station", "command_deck"), ("siege", "farm"), ("sniper", "rail_yard"),
           ("outbreak", "standard")]  # fmt: skip
LISTED = {"station": "zombies", "siege": "zombies", "sniper": "units", "outbreak": "zombies"}


def refusal(tmp_path, mode: str, text: str) -> str:
    path = tmp_path / "big.toml"
    path.write_text(text)
    with pytest.raises(MissionError) as e:
        Game.new(mode, mission=str(path), seed=1)
    assert str(path) in str(e.value)
    return e.value.reason


@pytest.fixture(params=SHIPPED, ids=[mode for mode, _ in SHIPPED])
def shipped(request):
    mode, mission = request.param
    return mode, get_mode(mode).mission_text(mission, 0, {})


def test_a_shipped_mission_is_within_every_limit(shipped):
    mode, text = shipped
    Game.new(mode, mission=dict(SHIPPED)[mode], seed=1)
    assert len(text.encode()) < m.MAX_FILE // 4


def test_text_longer_than_the_limit_is_refused(tmp_path, shipped):
    mode, text = shipped
    bloated = re.sub(r"(?m)^name = .*$", f'name = "{"x" * (m.MAX_TEXT + 1)}"', text, count=1)
    why = refusal(tmp_path, mode, bloated)
    assert "mission.name" in why and f"at most {m.MAX_TEXT}" in why


def test_a_list_longer_than_the_limit_is_refused(tmp_path, shipped):
    mode, text = shipped
    table = LISTED[mode]
    limit = m.MAX_ZOMBIES if table == "zombies" else m.MAX_ENTRIES
    why = refusal(tmp_path, mode, text + f"\n[[{table}]]\n" * (limit + 1))
    assert re.search(rf"{table} has \d+ entries: at most {limit}$", why), why


def test_a_whole_file_larger_than_the_limit_is_refused(tmp_path, shipped):
    mode, text = shipped
    why = refusal(tmp_path, mode, text + ("# " + "-" * 78 + "\n") * (m.MAX_FILE // 80 + 1))
    assert f"at most {m.MAX_FILE}" in why


def test_a_number_past_the_limit_is_refused(tmp_path, shipped):
    mode, text = shipped
    why = refusal(tmp_path, mode, re.sub(r"(?m)^difficulty = .*$", "difficulty = 99999", text))
    assert "mission.difficulty = 99999" in why and str(m.MAX_NUMBER) in why


@pytest.mark.parametrize("mode", ["station", "siege", "sniper"])
def test_a_map_past_the_limits_is_refused_before_it_is_read(tmp_path, mode):
    text = get_mode(mode).mission_text(dict(SHIPPED)[mode], 0, {})
    drawn = tomllib.loads(text)["mission"]["map"]
    first = drawn.strip("\n").split("\n")[0]
    taller = text.replace(drawn, drawn + (first + "\n") * m.MAX_ROWS, 1)
    assert f"at most {m.MAX_ROWS}" in refusal(tmp_path, mode, taller)
    rows = drawn.strip("\n").split("\n")
    wider = text.replace(rows[0], rows[0] + rows[0][-1] * m.MAX_COLUMNS, 1)
    assert f"at most {m.MAX_COLUMNS}" in refusal(tmp_path, mode, wider)
    side = m.MAX_CELLS // m.MAX_COLUMNS + 1  # rows of the widest map that overflow the cells
    square = "\n".join([first.ljust(m.MAX_COLUMNS, first[-1])] * side)
    why = refusal(tmp_path, mode, text.replace(drawn, "\n" + square + "\n", 1))
    assert f"{m.MAX_COLUMNS} x {side}" in why and f"at most {m.MAX_CELLS}" in why


def test_station_zombies_are_bounded_by_their_counts_too(tmp_path):
    text = get_mode("station").mission_text("tutorial", 0, {})
    crowd = text + f'\n[[zombies]]\nzone = "b"\ncount = {m.MAX_ZOMBIES}\n'
    assert f"at most {m.MAX_ZOMBIES}" in refusal(tmp_path, "station", crowd)
    many = re.sub(r"(?m)^max_zombies = .*$", f"max_zombies = {m.MAX_ZOMBIES + 1}", text)
    assert "max_zombies is at most" in refusal(tmp_path, "station", many)


@pytest.mark.parametrize("seed", range(4))
def test_the_largest_generated_stations_are_within_the_limits(seed):
    from engine.station.generate import MAX_ZONES, generate
    from engine.station.mission import load_mission

    for size in ("huge", MAX_ZONES):
        load_mission(generate(seed, size, 3), "generated")
