"""Generated stations (issue 5): property checks over 1,000 seeds."""

from __future__ import annotations

from collections import deque

import pytest

from engine.station.generate import SIZES, generate, size_limits
from engine.station.mission import load_mission
from engine.station.zones import parse_zones

SIZE_CYCLE = ("small", "medium", "large", "huge", 7, 33, 51)


def _reach(board, start: str, passable_doors: set[str]) -> set[str]:
    links = board.links(frozenset(passable_doors))
    seen = {start}
    queue = deque([start])
    while queue:
        z = queue.popleft()
        for n in links[z]:
            if n not in seen:
                seen.add(n)
                queue.append(n)
    return seen


def _check_station(seed: int, size, difficulty: int) -> None:
    text = generate(seed, size, difficulty)
    mission = load_mission(text, f"generated seed {seed}")  # raises on any mission error
    board = parse_zones(mission.info.map)
    limits = size_limits(size)
    assert limits.min_zones <= len(board.zones) <= limits.max_zones, (seed, size)
    assert board.grid.width <= limits.max_width, (seed, size)
    assert board.grid.height <= limits.max_height, (seed, size)
    assert mission.info.difficulty == difficulty

    zones = mission.zones
    start = next(z for z, s in zones.items() if s.start)
    exits = [z for z, s in zones.items() if s.exit]
    objectives = [z for z, s in zones.items() if s.objective]
    spawns = [z for z, s in zones.items() if s.spawn]
    assert len(exits) == 1 and objectives and spawns
    all_doors = {d.id for d in board.doors}
    everywhere = _reach(board, start, all_doors)
    assert everywhere == set(board.zones), f"seed {seed}: not connected once doors open"
    assert set(objectives) | set(exits) <= everywhere

    locked = {d for d, spec in mission.doors.items() if spec.locked}
    keycards = [z for z, s in zones.items() if "keycard" in s.floor]
    if locked:
        assert keycards, f"seed {seed}: locked doors but no keycard"
        for door in locked:
            without = _reach(board, start, all_doors - {door})
            assert any(k in without for k in keycards), (seed, door)
        # stronger: the keycard lies where no locked door has to be passed
        free = _reach(board, start, all_doors - locked)
        assert any(k in free for k in keycards), seed
    dark = {z for z, s in zones.items() if s.dark}
    assert start not in dark and not (dark & set(exits))


def test_a_thousand_generated_stations_hold_their_properties():
    for seed in range(1000):
        size = SIZE_CYCLE[seed % len(SIZE_CYCLE)]
        _check_station(seed, size, 1 + seed % 6)


def test_the_same_seed_gives_the_same_station_and_seeds_differ():
    texts = {generate(seed, "medium", 3) for seed in range(30)}
    assert len(texts) == 30
    for seed in (0, 1, 99, 2**40):
        assert generate(seed, "large", 4) == generate(seed, "large", 4)


def test_size_and_difficulty_shape_the_station():
    small = parse_zones(load_mission(generate(3, "small", 1), "s").info.map)
    huge = parse_zones(load_mission(generate(3, "huge", 1), "h").info.map)
    assert len(small.zones) < 20 < 40 < len(huge.zones)
    assert huge.grid.width >= 45
    for size in SIZES:
        gentle = load_mission(generate(11, size, 1), "g")
        grim = load_mission(generate(11, size, 6), "g")
        spawns = lambda m: sum(1 for s in m.zones.values() if s.spawn)  # noqa: E731
        assert spawns(grim) >= spawns(gentle)
        assert grim.info.max_zombies < gentle.info.max_zombies


@pytest.mark.parametrize(
    ("args", "words"),
    [
        ((1, "gigantic", 3), "unknown station size"),
        ((1, 2, 3), "from 6 to 51"),
        ((1, 52, 3), "from 6 to 51"),
        ((1, "small", 0), "difficulty"),
        ((1, "small", 7), "difficulty"),
        (("x", "small", 3), "seed"),
        ((True, "small", 3), "seed"),
    ],
)
def test_bad_arguments_are_refused_with_a_reason(args, words):
    with pytest.raises(ValueError, match=words):
        generate(*args)
