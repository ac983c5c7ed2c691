"""Sniper figures (issue 12): the commander's turn on the largest map with
every unit on the board, the AI's decision alone, bot games, and the bot
sniper's win rate on each map against the AI commander."""

from __future__ import annotations

import statistics
import time
from concurrent.futures import ProcessPoolExecutor

from msgspec.structs import replace

from bench.common import emit, median_time, seconds
from engine import Game, get_mode
from engine.sniper import bot, content
from engine.sniper import commands as cmd
from engine.sniper.ai import commander_commands
from engine.sniper.decide import run
from engine.sniper.state import LastKnown, Unit
from engine.sniper.summary import commander_view

# seeds 0..RATE_GAMES-1 of each map, so the whole group stays near a minute on 2 cores
# (the README's table is measured over seeds 0-199: win_rate_figures(200))
RATE_GAMES = 60


def largest_mission() -> str:
    rows = get_mode("sniper").missions()
    return max(rows, key=lambda r: _cells(r["size"]))["id"]


def _cells(size: str) -> int:
    w, h = size.split()[0].split("x")
    return int(w) * int(h)


def crowded(mission: str):
    """The largest map with every unit the rules allow on the board (each kind
    up to its limit, and two dogs, one per dog patrol card), all alerted to a
    fresh last known position, the sniper spotted there, a full event hand."""
    g = Game.new("sniper", mission=mission, seed=1)
    world, state = g.world, g.state
    board = world.board
    taken = {u.at for u in state.units} | {state.sniper.at}
    free = [c for c, _ in board.grid.cells() if board.enterable(c) and c not in taken]
    units = list(state.units)
    for kind in content.UNIT_ORDER:
        spec = content.unit(kind)
        want = spec.limit or 2
        have = [u for u in units if u.kind == kind]
        for n in range(len(have), want):
            cells = [c for c in free if (spec.ground != "road" or board.is_road(c))]
            if not cells:
                break
            cell = cells[len(cells) // 2]
            free.remove(cell)
            uid = f"{spec.glyph}{n + 1}"
            units.append(Unit(id=uid, kind=kind, at=cell, health=spec.health))
    spot = state.sniper.at
    units = [replace(u, alert=spot) for u in units]
    state = replace(
        state,
        units=tuple(units),
        last_known=LastKnown(spot, state.turn),
        sniper=replace(state.sniper, spotted=True),
        commander_hand=tuple(content.content().events),
    )
    return world, state


def ai_turn_figures(mission: str) -> None:
    world, state = crowded(mission)
    end = cmd.EndTurn()
    events, _ = run(world, state, end)

    def cold() -> None:
        world.board._between.clear()
        world.board._clear.clear()
        run(world, state, end)

    cold_t = median_time(cold, runs=5)
    warm_t = median_time(lambda: run(world, state, end), runs=15)
    view = commander_view(world, state)
    think_t = median_time(lambda: commander_commands(view), runs=15)
    emit(
        "sniper_ai_turn_ms",
        warm_t * 1000,
        "ms",
        map=mission,
        units=len(state.units),
        events=len(events),
        cold_ms=round(cold_t * 1000, 3),
        note="the sniper's end_turn: draw, sight checks, the AI's orders and event, fire",
    )
    emit("sniper_ai_decision_ms", think_t * 1000, "ms", map=mission, units=len(state.units))


def bot_game_figure(games: int = 6) -> None:
    """Whole games of the bot sniper against the AI commander."""
    rates = []
    for seed in range(games):
        g = Game.new("sniper", mission=largest_mission(), seed=seed)
        t = seconds(lambda g=g: bot.play(g))
        rates.append(len(g.commands) / t)
    emit("sniper_bot_game_commands_per_s", statistics.median(rates), "commands/s", games=games)


def bot_game(mission: str, seed: int) -> tuple[bool, int]:
    """One game of the bot sniper against the AI commander: (won, stuck unit
    turns). A unit is stuck in a turn when, at the commander's end of it, it
    stands on the cell it held at the end of the two turns before while the
    commander had a lead (a last known position, or a noise heard that turn)."""
    g = Game.new("sniper", mission=mission, seed=seed)
    sniper = bot.SniperBot()
    cells: dict[str, list] = {}
    stuck = 0
    for _ in range(3000):
        if g.outcome is not None:
            break
        command = sniper.choose(g.view("sniper"), g.legal_commands())
        before = g.state
        g.submit(command)
        if not isinstance(command, cmd.EndTurn):
            continue
        lead = before.last_known is not None or any(n.heard for n in before.noises)
        for u in g.state.units:
            if not u.alive:
                continue
            seen = cells.setdefault(u.id, [])
            seen.append(u.at)
            if lead and len(seen) >= 3 and seen[-1] == seen[-2] == seen[-3]:
                stuck += 1
    return g.outcome == "won", stuck


def _games(args: tuple[str, int, int]) -> tuple[str, int, int]:
    mission, first, last = args
    won = stuck = 0
    for seed in range(first, last):
        w, s = bot_game(mission, seed)
        won += w
        stuck += s
    return mission, won, stuck


def win_rate_figures(games: int, workers: int = 2) -> None:
    """The bot sniper against the AI commander, seeds 0..games-1 of each map,
    in `workers` processes: the win rates the README's table reports, and the
    mean stuck unit turns a game (the worst map's, each map's beside it)."""
    rows = get_mode("sniper").missions()
    chunks = [
        (row["id"], first, min(games, first + max(1, games // 4)))
        for row in rows
        for first in range(0, games, max(1, games // 4))
    ]
    totals = {row["id"]: [0, 0] for row in rows}
    if workers > 1 and len(chunks) > 1:
        with ProcessPoolExecutor(workers) as pool:
            results = list(pool.map(_games, chunks))
    else:
        results = [_games(c) for c in chunks]
    for mission, won, stuck in results:
        totals[mission][0] += won
        totals[mission][1] += stuck
    for row in rows:
        won = totals[row["id"]][0]
        emit(
            f"sniper_bot_win_rate_{row['id']}",
            100 * won / games,
            "%",
            games=games,
            won=won,
            difficulty=row["difficulty"],
            note="target 15-60%",
        )
    by_map = {m: round(t[1] / games, 3) for m, t in totals.items()}
    emit(
        "sniper_stuck_unit_turns",
        max(by_map.values()),
        "turns/game",
        games=games,
        by_map=by_map,
        note="the worst map's; target < 0.5 on every map",
    )


def main(games: int = 6, rate_games: int = RATE_GAMES, workers: int = 2) -> None:
    t0 = time.perf_counter()
    ai_turn_figures(largest_mission())
    bot_game_figure(games)
    win_rate_figures(rate_games, workers)
    emit("sniper_bench_s", time.perf_counter() - t0, "s")
