"""python -m bench.balance: the bot plays every shipped Station mission N
times and prints, per mission, its win rate, mean rounds and mean kills as
JSON lines; a last line says whether the shipped difficulty order matches
the measured one (harder = fewer wins, then more rounds; among missions
the bot never wins, falling sooner is harder).

Options: --games N (default 20), --survivors a,b,c (default vega,okafor,
hale,ruiz), --seed S (first game seed, default 0), mission ids to limit it.
--generated measures generated stations instead: difficulty 1 to 6 at one
--size (default medium), each game on the station its seed builds."""

from __future__ import annotations

import argparse
import json
import sys

from engine import Game, MissionError, RuleError, get_mode
from engine.station.bot import play

DEFAULT_ROSTER = "vega,okafor,hale,ruiz"


def measure(mission: str, games: int, survivors: list[str], seed: int = 0, **options: str) -> dict:
    wins = rounds = kills = 0
    for n in range(games):
        game = Game.new("station", mission=mission, seed=seed + n, survivors=survivors, **options)
        outcome = play(game)
        view = game.view("players")
        wins += outcome == "won"
        rounds += view["round"]
        kills += view["kills"]
    return {
        "mission": mission,
        "games": games,
        "win_rate": round(wins / games, 3),
        "mean_rounds": round(rounds / games, 2),
        "mean_kills": round(kills / games, 2),
    }


def hardness(row: dict) -> tuple[float, float]:
    """Sort key, easiest first: fewer wins is harder; at equal win rates more
    rounds is harder, except where the bot never wins: falling sooner is harder."""
    rounds = row["mean_rounds"] if row["win_rate"] > 0 else -row["mean_rounds"]
    return (-row["win_rate"], rounds)


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench.balance", description=__doc__)
    parser.add_argument("missions", nargs="*", help="mission ids (default: every shipped one)")
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--survivors", default=DEFAULT_ROSTER)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--generated", action="store_true", help="generated stations")
    parser.add_argument("--size", default="medium", help="with --generated: station size")
    args = parser.parse_args(argv)
    if args.games < 1:
        print("--games must be at least 1", file=sys.stderr)
        return 2
    roster = [s for s in args.survivors.split(",") if s]
    if args.generated:
        runs = [
            (f"random:{d}", "random", {"size": args.size, "difficulty": str(d)}, d)
            for d in range(1, 7)
        ]
    else:
        shipped = {m["id"]: m for m in get_mode("station").missions()}
        wanted = args.missions or list(shipped)
        unknown = [m for m in wanted if m not in shipped]
        if unknown:
            known = ", ".join(shipped)
            print(f"unknown missions {unknown} (missions: {known})", file=sys.stderr)
            return 2
        runs = [(mid, mid, {}, shipped[mid]["difficulty"]) for mid in wanted]
    rows = []
    for label, mid, options, difficulty in runs:
        try:
            row = measure(mid, args.games, roster, args.seed, **options)
        except (RuleError, MissionError) as e:
            print(f"{label}: {e}", file=sys.stderr)
            return 2
        row.update(mission=label, difficulty=difficulty)
        if not args.generated:
            row["zones"] = shipped[mid]["zones"]
        row["survivors"] = roster
        rows.append(row)
        print(json.dumps(row), flush=True)
    shipped_order = [r["mission"] for r in sorted(rows, key=lambda r: r["difficulty"])]
    measured = [r["mission"] for r in sorted(rows, key=hardness)]
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
