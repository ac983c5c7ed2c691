"""Figures on the largest map a mission may draw (issue 26, engine/core/missions.py):
legal commands and a zombie (or commander) turn, each mode; targets under 50 ms.

- largest_station_*: 97 x 37 cells (within MAX_CELLS), sixteen rooms of 23 x 8
  strewn with pillars (line of sight's hardest case: every slit between
  pillars is a wedge to cast), doors between rooms, every door open, the
  most zombies a mission may hold spread over it, the first survivor's
  commands, then the zombie phase.
- largest_siege_*: the largest shipped siege map widened and lengthened with
  open ground to MAX_COLUMNS x MAX_CELLS // MAX_COLUMNS, 30 zombies on it.
- largest_sniper_*: the same for the largest sniper map, every unit the rules
  allow on the board, alerted.
- largest_outbreak_*: a pile of the most tiles a deck may list (the Helipad
  last, no win by kills), six bots played until the pile is out: the
  largest town a mission allows; the worst legal_commands on the way, the
  median of the last, and the next bot seat's whole turn.
- largest_*_cold_ms: the same turn with the map's caches emptied first (the
  first turn after a load)."""

from __future__ import annotations

import tempfile
import tomllib
from pathlib import Path

from msgspec.structs import replace

from bench.common import emit, median_time
from engine import Game, get_mode
from engine.core.missions import MAX_CELLS, MAX_COLUMNS, MAX_ENTRIES, MAX_ROWS, MAX_ZOMBIES

ROOM_W, ROOM_H, ROOMS_X, ROOMS_Y = 23, 8, 4, 4
TARGET_MS = 50


def station_text() -> str:
    """The pillared rooms map, as a station mission file."""
    letters = "abcdefghijklmnop"
    width, height = 1 + ROOMS_X * (ROOM_W + 1), 1 + ROOMS_Y * (ROOM_H + 1)
    assert width <= MAX_COLUMNS and height <= MAX_ROWS and width * height <= MAX_CELLS
    grid = [["#"] * width for _ in range(height)]
    for ry in range(ROOMS_Y):
        for rx in range(ROOMS_X):
            z = letters[ry * ROOMS_X + rx]
            x0, y0 = 1 + rx * (ROOM_W + 1), 1 + ry * (ROOM_H + 1)
            for y in range(y0, y0 + ROOM_H):
                for x in range(x0, x0 + ROOM_W):
                    pillar = (x - x0) % 3 == 1 and (y - y0) % 2 == 1 and 0 < y - y0 < ROOM_H - 1
                    grid[y][x] = "#" if pillar else z
            if rx + 1 < ROOMS_X:  # a door to the room on the right
                grid[y0 + ROOM_H // 2][x0 + ROOM_W] = "+"
            if ry + 1 < ROOMS_Y:  # an opening to the room below
                grid[y0 + ROOM_H][x0 + ROOM_W // 2] = z
    rows = "\n".join("".join(r) for r in grid)
    zones = "\n".join(f'[zones.{z}]\nname = "room {z}"' for z in letters[1:-1])
    return f'''[mission]
id = "largest"
name = "Pillared halls"
map = """
{rows}
"""
max_zombies = {MAX_ZOMBIES}
win = ["all_in_exit"]

[zones.a]
start = true

[zones.p]
exit = true

{zones}
'''


def station_figures(folder: Path) -> None:
    from engine.station import commands as cmd
    from engine.station.decide import run
    from engine.station.legal import legal_commands

    path = folder / "largest_station.toml"
    path.write_text(station_text())
    g = Game.new("station", mission=str(path), seed=1, survivors=["vega", "okafor", "lin", "ruiz"])
    world, state = g.world, g.state
    board = world.board
    zones = list(board.zones)
    crowd: dict[str, dict[str, int]] = {}
    kinds = ["walker"] * 6 + ["runner", "dog", "jumper", "armored"]
    for i in range(MAX_ZOMBIES):
        z = zones[1 + (i * 7) % (len(zones) - 1)]
        crowd.setdefault(z, {})
        crowd[z][kinds[i % len(kinds)]] = crowd[z].get(kinds[i % len(kinds)], 0) + 1
    places = [zones[0], zones[5], zones[10], zones[15]]
    survivors = tuple(replace(s, zone=places[i]) for i, s in enumerate(state.survivors))
    state = replace(
        state,
        zombies=crowd,
        doors={d: "open" for d in state.doors},
        dark=(),
        survivors=survivors,
        marker=zones[8],
    )
    fresh = state
    ending = replace(state, done=tuple(s.id for s in state.survivors[1:]))
    trigger = cmd.EndTurn(survivor=state.survivors[0].id)

    def empty() -> None:
        board._los.clear()
        board._dist.clear()
        board._links.clear()

    def cold_legal() -> None:
        empty()
        legal_commands(world, fresh)

    def cold_turn() -> None:
        empty()
        run(world, ending, trigger)

    size = f"{board.grid.width}x{board.grid.height}"
    legal_cold = median_time(cold_legal, runs=3)
    legal_warm = median_time(lambda: legal_commands(world, fresh), runs=9)
    turn_cold = median_time(cold_turn, runs=3)
    turn_warm = median_time(lambda: run(world, ending, trigger), runs=5)
    extra = {"map": size, "zones": len(zones), "zombies": MAX_ZOMBIES, "target_ms": TARGET_MS}
    emit("largest_station_legal_commands_ms", legal_warm * 1000, "ms", **extra)
    emit("largest_station_legal_commands_cold_ms", legal_cold * 1000, "ms", **extra)
    emit("largest_station_zombie_turn_ms", turn_warm * 1000, "ms", **extra)
    emit("largest_station_zombie_turn_cold_ms", turn_cold * 1000, "ms", **extra)


def widened(mode: str, mission: str, ground: str, folder: Path) -> Path:
    """A shipped mission whose map is padded with `ground` to the largest size."""
    text = get_mode(mode).mission_text(mission, 0, {})
    drawn = tomllib.loads(text)["mission"]["map"]
    rows = drawn.strip("\n").split("\n")
    height = MAX_CELLS // MAX_COLUMNS
    rows = [r.ljust(MAX_COLUMNS, ground) for r in rows]
    rows += [ground * MAX_COLUMNS] * (height - len(rows))
    path = folder / f"largest_{mode}.toml"
    path.write_text(text.replace(drawn, "\n" + "\n".join(rows) + "\n", 1))
    return path


def siege_figures(folder: Path) -> None:
    from bench.siege_figures import crowded, largest_mission
    from engine.siege import ai
    from engine.siege.decide import run
    from engine.siege.legal import legal_commands

    path = widened("siege", largest_mission(), ".", folder)
    world, state, end = crowded(str(path))

    def cold() -> None:
        ai._FIELDS.clear()
        run(world, state, end)

    fresh = replace(state, done=())
    extra = {"map": f"{MAX_COLUMNS}x{MAX_CELLS // MAX_COLUMNS}", "zombies": len(state.zombies),
             "target_ms": TARGET_MS}  # fmt: skip
    emit("largest_siege_legal_commands_ms",
         median_time(lambda: legal_commands(world, fresh), runs=9) * 1000, "ms", **extra)  # fmt: skip
    emit("largest_siege_zombie_turn_cold_ms", median_time(cold, runs=3) * 1000, "ms", **extra)
    emit("largest_siege_zombie_turn_ms",
         median_time(lambda: run(world, state, end), runs=5) * 1000, "ms", **extra)  # fmt: skip


def sniper_figures(folder: Path) -> None:
    from bench.sniper_figures import crowded, largest_mission
    from engine.sniper import commands as cmd
    from engine.sniper.decide import run
    from engine.sniper.legal import legal_commands

    path = widened("sniper", largest_mission(), ".", folder)
    world, state = crowded(str(path))
    end = cmd.EndTurn()

    def cold() -> None:
        world.board._between.clear()
        world.board._clear.clear()
        run(world, state, end)

    extra = {"map": f"{MAX_COLUMNS}x{MAX_CELLS // MAX_COLUMNS}", "units": len(state.units),
             "target_ms": TARGET_MS}  # fmt: skip
    emit("largest_sniper_legal_commands_ms",
         median_time(lambda: legal_commands(world, state), runs=9) * 1000, "ms", **extra)  # fmt: skip
    emit("largest_sniper_commander_turn_cold_ms", median_time(cold, runs=3) * 1000, "ms", **extra)
    emit("largest_sniper_commander_turn_ms",
         median_time(lambda: run(world, state, end), runs=5) * 1000, "ms", **extra)  # fmt: skip


def outbreak_figures(folder: Path) -> None:
    from bench.common import seconds
    from bench.outbreak_figures import SIX_BOTS
    from engine.outbreak import content

    tiles = [t for t in sum(content.tile_deck(), ()) if t != "helipad"]
    pile = (tiles * (MAX_ENTRIES // len(tiles) + 1))[: MAX_ENTRIES - 1] + ["helipad"]
    text = get_mode("outbreak").mission_text("standard", 0, {})
    text = text.replace("kills_to_win = 25", "kills_to_win = 9999")
    text += "\n[decks]\ntiles = [" + ", ".join(f'"{t}"' for t in pile) + "]\n"
    path = folder / "largest_outbreak.toml"
    path.write_text(text)
    g = Game.new("outbreak", mission=str(path), seed=1, seats=SIX_BOTS)
    worst = 0.0
    while g.outcome is None:
        s = g.state
        if (s.helipad is not None or len(s.tile_pile) <= 1) and s.phase == "event":
            break
        worst = max(worst, seconds(g.legal_commands))
        g.submit(g.bot_command())
    placed = len(g.state.tiles)
    extra = {"tiles": placed, "commands": len(g.commands), "target_ms": TARGET_MS}
    emit("largest_outbreak_legal_commands_ms", median_time(g.legal_commands, runs=9) * 1000,
         "ms", worst_ms=round(worst * 1000, 3), **extra)  # fmt: skip
    seat = g.state.turn

    def turn() -> None:
        while g.outcome is None and g.state.turn == seat:
            g.submit(g.bot_command())

    emit("largest_outbreak_bot_turn_ms", seconds(turn) * 1000, "ms", **extra)


def main() -> None:
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        station_figures(folder)
        siege_figures(folder)
        sniper_figures(folder)
        outbreak_figures(folder)


if __name__ == "__main__":
    main()
