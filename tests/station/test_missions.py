"""Shipped station missions (issue 5): each loads, passes validation and has
what a mission promises: a briefing, objectives, dark rooms behind closed
doors, locked doors with a reachable keycard, dangerous searches, several
spawn zones and an exit, all reachable once doors open."""

from __future__ import annotations

from collections import deque
from importlib import resources

import pytest

from engine.station.mission import load_mission
from engine.station.zones import parse_zones

HANDCRAFTED = ("airlock", "hydroponics", "med_bay", "cargo_hold", "reactor", "command_deck")


def _shipped() -> dict[str, str]:
    folder = resources.files("engine.content.station.missions")
    return {
        p.name.removesuffix(".toml"): p.read_text(encoding="utf-8")
        for p in folder.iterdir()
        if p.name.endswith(".toml")
    }


def _reach(board, start: str, doors: set[str]) -> set[str]:
    links = board.links(frozenset(doors))
    seen = {start}
    queue = deque([start])
    while queue:
        z = queue.popleft()
        for n in links[z]:
            if n not in seen:
                seen.add(n)
                queue.append(n)
    return seen


def test_every_shipped_mission_loads_and_is_named_after_its_file():
    missions = _shipped()
    assert set(HANDCRAFTED) <= set(missions)
    for mid, text in missions.items():
        mission = load_mission(text, f"{mid}.toml")
        assert mission.id == mid
        assert mission.info.name and mission.info.briefing


@pytest.mark.parametrize("mid", HANDCRAFTED)
def test_handcrafted_mission_has_every_feature(mid):
    mission = load_mission(_shipped()[mid], f"{mid}.toml")
    board = parse_zones(mission.info.map)
    zones = mission.zones
    flagged = lambda key: [z for z, s in zones.items() if getattr(s, key)]  # noqa: E731
    start = flagged("start")[0]
    assert len(flagged("exit")) == 1
    assert flagged("objective") and flagged("dark") and flagged("dangerous")
    assert len(flagged("spawn")) >= 2
    assert 1 <= mission.info.difficulty <= 6
    sentences = mission.info.briefing.count(".")
    assert 2 <= sentences <= 3, mission.info.briefing

    all_doors = {d.id for d in board.doors}
    assert _reach(board, start, all_doors) == set(board.zones)
    locked = {d for d, s in mission.doors.items() if s.locked}
    assert locked, "a handcrafted mission has at least one locked door"
    keycards = [z for z, s in zones.items() if "keycard" in s.floor]
    free = _reach(board, start, all_doors - locked)
    assert any(k in free for k in keycards) or "keycard" in (mission.equipment or ())
    # the locked doors guard something: some objective or the exit needs the keycard
    guarded = set(flagged("objective")) | set(flagged("exit"))
    assert guarded - free
    # every zone name is set, so the screens can say where things are
    assert all(zones.get(z) and zones[z].name for z in board.zones)


def test_handcrafted_missions_grow_and_climb_in_difficulty():
    sizes, levels = [], []
    for mid in HANDCRAFTED:
        mission = load_mission(_shipped()[mid], f"{mid}.toml")
        sizes.append(len(parse_zones(mission.info.map).zones))
        levels.append(mission.info.difficulty)
    assert levels == sorted(levels) and len(set(levels)) == len(levels)
    assert sizes == sorted(sizes)
    assert 55 <= sizes[-1] <= 62
    largest = parse_zones(load_mission(_shipped()["command_deck"], "c").info.map).grid
    assert 70 <= largest.width <= 90 and 30 <= largest.height <= 40
