"""python -m bench.siege_balance: the Siege bot plays every shipped mission N
times against the zombie AI and prints, per mission, its win rate, mean
rounds, mean kills and how the losses came, as JSON lines; a last line says
whether the shipped difficulty order matches the measured one (harder =
fewer wins, then more rounds).

Options: --games N (default 40), --seed S (first game seed, default 0),
mission ids to limit it. Each mission plays its own default roster."""

from __future__ import annotations

import argparse
import json
import sys

from engine import Game, get_mode
from engine.siege.bot import play


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


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench.siege_balance", description=__doc__)
    parser.add_argument("missions", nargs="*", help="mission ids (default: every shipped one)")
    parser.add_argument("--games", type=int, default=40)
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args(argv)
    if args.games < 1:
        print("--games must be at least 1", file=sys.stderr)
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
        print(json.dumps(row), flush=True)
    shipped_order = [r["mission"] for r in sorted(rows, key=lambda r: r["difficulty"])]
    measured = [
        r["mission"] for r in sorted(rows, key=lambda r: (-r["win_rate"], r["mean_rounds"]))
    ]
    print(
        json.dumps(
            {
                "shipped_order": shipped_order,
                "measured_order": measured,
                "order_matches": shipped_order == measured,
            }
        )
    )
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
