"""Siege figures (issue 11): the zombie AI's turn and random playouts.

- siege_ai_turn_ms: one whole zombie turn (AI and spawns) with 30 zombies on
  the largest shipped map, played inside the command ending the humans' phase;
  median of several runs, the AI's distance caches warm and then emptied.
- siege_playout_commands_per_s: seeded random play of every shipped mission,
  legal commands included (what the bot's balance runs are bounded by)."""

from __future__ import annotations

import random
import statistics
import time

from msgspec.structs import replace

from bench.common import emit, seconds
from engine import Game, get_mode
from engine.siege import ai
from engine.siege import commands as cmd
from engine.siege.decide import run
from engine.siege.rules import free
from engine.siege.state import Zombie


def largest_mission() -> str:
    rows = get_mode("siege").missions()

    def cells(row: dict) -> int:
        w, h = row["size"].split()[0].split("x")
        return int(w) * int(h)

    return max(rows, key=cells)["id"]


def crowded(mission: str, zombies: int = 30):
    """The mission's opening with `zombies` zombies spread over its free cells,
    every human but the last done: the next end_turn starts the zombie turn."""
    g = Game.new("siege", mission=mission, seed=1, zombies="ai")
    state = g.state
    taken = state.occupied()
    cells = [
        (x, y)
        for y, row in enumerate(state.terrain)
        for x in range(len(row))
        if free(state, (x, y), taken)
    ]
    step = max(1, len(cells) // zombies)
    spots = cells[::step][:zombies]
    state = replace(
        state,
        zombies=tuple(Zombie(f"z{i + 1}", c) for i, c in enumerate(spots)),
        next_zombie=len(spots) + 1,
        done=tuple(h.id for h in state.humans[:-1]),
    )
    return g.world, state, cmd.EndTurn(human=state.humans[-1].id)


def ai_turn_figures(runs: int = 7) -> None:
    mission = largest_mission()
    world, state, end = crowded(mission)
    events, _ = run(world, state, end)
    warm = statistics.median(seconds(lambda: run(world, state, end)) for _ in range(runs))

    def cold() -> None:
        ai._FIELDS.clear()
        run(world, state, end)

    cold_t = statistics.median(seconds(cold) for _ in range(runs))
    moves = sum(1 for e in events if type(e).__name__ in ("ZombieMoved", "ZombieAttacked"))
    emit(
        "siege_ai_turn_ms",
        warm * 1000,
        "ms",
        zombies=len(state.zombies),
        map=mission,
        events=len(events),
        acted=moves,
    )
    emit("siege_ai_turn_cold_ms", cold_t * 1000, "ms", note="the AI's distance caches emptied")


def playout_figure(commands: int = 1000, runs: int = 3) -> None:
    missions = [m["id"] for m in get_mode("siege").missions()]

    def play(n: int) -> float:
        pick = random.Random(n)
        done, seed = 0, n * 1000
        t0 = time.perf_counter()
        while done < commands:
            g = Game.new("siege", mission=missions[seed % len(missions)], seed=seed)
            seed += 1
            while g.outcome is None and done < commands:
                g.submit(pick.choice(g.legal_commands()))
                done += 1
        return commands / (time.perf_counter() - t0)

    rates = [play(n) for n in range(runs)]
    emit(
        "siege_playout_commands_per_s",
        statistics.median(rates),
        "commands/s",
        missions=missions,
    )


def main(playout_commands: int = 1000) -> None:
    ai_turn_figures()
    playout_figure(playout_commands)


if __name__ == "__main__":
    main()
