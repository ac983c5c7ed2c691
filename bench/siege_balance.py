"""python -m bench.siege_balance: how hard each shipped Siege mission is, as
JSON lines (bench.common.emit rows).

- siege_bot_win_rate_<mission>: the bot plays the mission N times (its
  default humans) against the zombie AI; with its mean rounds, mean kills and
  how the losses came.
- siege_turtle_first_bite_round_<mission>: the median round (20 seeds) in
  which a zombie first takes a life from a scripted turtle that closes every
  door of the room it starts in, stays inside and only attacks what comes
  next to it (engine.siege.bot.Turtle); a turtle never bitten counts as the
  round after the turn limit, and `never` says how often that was.
- siege_difficulty_order_matches: 1 when the shipped difficulty order is the
  measured one (harder = fewer wins, then more rounds), else 0.

Options: --games N (bot games per mission, default 40), --turtles N (default
20), --seed S (first game seed, default 0), mission ids to limit it."""

from __future__ import annotations

import argparse
import statistics
import sys

from bench.common import emit
from engine import Game, get_mode
from engine.siege.bot import first_bite, play


def measure(mission: str, games: int, seed: int = 0) -> dict:
    wins = rounds = kills = 0
    losses: dict[str, int] = {}
    for n in range(games):
        game = Game.new("siege", mission=mission, seed=seed + n)
        outcome = play(game)
        view = game.view("humans")
        wins += outcome == "won"
        rounds += view["round"]
        kills += view["kills"]
        if outcome != "won":
            why = view["lost_reason"] or "unfinished"
            losses[why] = losses.get(why, 0) + 1
    return {
        "mission": mission,
        "games": games,
        "win_rate": round(wins / games, 3),
        "mean_rounds": round(rounds / games, 2),
        "mean_kills": round(kills / games, 2),
        "losses": losses,
    }


def turtle(mission: str, seeds: int = 20, seed: int = 0) -> dict:
    """The first-bite rounds of the turtle on `seeds` games of the mission."""
    bites = []
    limit = 0
    for n in range(seeds):
        game = Game.new("siege", mission=mission, seed=seed + n)
        limit = game.summary()["turn_limit"]
        bites.append(first_bite(game))
    never = sum(b is None for b in bites)
    rounds = sorted((limit + 1) if b is None else b for b in bites)
    return {"median": statistics.median(rounds), "never": never, "rounds": rounds}


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench.siege_balance", description=__doc__)
    parser.add_argument("missions", nargs="*", help="mission ids (default: every shipped one)")
    parser.add_argument("--games", type=int, default=40)
    parser.add_argument("--turtles", type=int, default=20)
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args(argv)
    if args.games < 1 or args.turtles < 1:
        print("--games and --turtles must be at least 1", file=sys.stderr)
        return 2
    shipped = {m["id"]: m for m in get_mode("siege").missions()}
    wanted = args.missions or list(shipped)
    unknown = [m for m in wanted if m not in shipped]
    if unknown:
        print(f"unknown missions {unknown} (missions: {', '.join(shipped)})", file=sys.stderr)
        return 2
    rows = []
    for mid in wanted:
        row = measure(mid, args.games, args.seed)
        row.update(difficulty=shipped[mid]["difficulty"], humans=shipped[mid]["humans"])
        rows.append(row)
        rate = row.pop("win_rate")
        emit(f"siege_bot_win_rate_{mid}", rate, "share", **row)
        row["win_rate"] = rate
        bite = turtle(mid, args.turtles, args.seed)
        emit(
            f"siege_turtle_first_bite_round_{mid}",
            bite["median"],
            "round",
            seeds=args.turtles,
            never=bite["never"],
            rounds=bite["rounds"],
        )
    shipped_order = [r["mission"] for r in sorted(rows, key=lambda r: r["difficulty"])]
    measured = [
        r["mission"] for r in sorted(rows, key=lambda r: (-r["win_rate"], r["mean_rounds"]))
    ]
    emit(
        "siege_difficulty_order_matches",
        float(shipped_order == measured),
        "bool",
        shipped_order=shipped_order,
        measured_order=measured,
    )
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
