"""Outbreak figures: how long a bot takes over a whole turn in a crowded late
game, and how fast random playouts run (issue 13)."""

from __future__ import annotations

import random
import statistics
import sys
import time

from bench.common import emit, note
from engine import Game

SIX_BOTS = "bot,bot,bot,bot,bot,bot"


def late_game(seed: int = 1) -> Game:
    """Six bots played until the Helipad lies on the map (or the pile is
    nearly out): the biggest map and most zombies a bot usually sees."""
    g = Game.new("outbreak", seed=seed, seats=SIX_BOTS)
    while g.outcome is None:
        s = g.state
        if (s.helipad is not None or len(s.tile_pile) <= 1) and s.phase == "event":
            break
        g.submit(g.bot_command())
    return g


def bot_turn_figure(turns: int = 6, runs: int = 3) -> None:
    """Median wall time of one bot seat's whole turn (its views, choices and
    commands), over the next `turns` turns of a late six-bot game."""
    start = late_game()
    data = start.to_bytes()
    times: list[float] = []
    decisions = 0
    for _ in range(runs):
        g = Game.from_bytes(data)
        for _ in range(turns):
            if g.outcome is not None:
                break
            seat = g.state.current.id
            t0 = time.perf_counter()
            while g.outcome is None and g.state.current.id == seat:
                g.submit(g.bot_command())
                decisions += 1
            times.append(time.perf_counter() - t0)
    s = start.summary()
    emit(
        "outbreak_bot_turn_ms",
        statistics.median(times) * 1000,
        "ms",
        seats=6,
        tiles=len(s["tiles"]),
        zombies=len(s["zombies"]),
        decisions_per_turn=round(decisions / len(times), 1),
    )


def playout_figure(commands: int = 1000, runs: int = 3) -> None:
    """Seeded random play with four seats, legal commands included."""

    def play(run: int) -> float:
        pick = random.Random(run)
        done, seed = 0, run * 1000
        t0 = time.perf_counter()
        while done < commands:
            g = Game.new("outbreak", seed=seed, seats="human,human,human,human")
            seed += 1
            while g.outcome is None and done < commands:
                g.submit(pick.choice(g.legal_commands()))
                done += 1
        return commands / (time.perf_counter() - t0)

    rates = [play(run) for run in range(runs)]
    emit("outbreak_playout_commands_per_s", statistics.median(rates), "commands/s", seats=4)


def main(playout_commands: int = 1000, turns: int = 6) -> None:
    note("outbreak: a late six-bot game ...")
    bot_turn_figure(turns)
    playout_figure(playout_commands)


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 1000)
