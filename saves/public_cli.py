"""`shamble who`, `shamble publish [on|off]` and `shamble scores --server`:
the machine's players, as each lets the others see them (saves/public.py)."""

from __future__ import annotations

import argparse
import sys
import time

import msgspec

from saves import public, public_scores
from saves.files import SaveError


def add_parsers(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("who", help="the games being played on this machine now")
    p.add_argument("--json", action="store_true", help="one JSON object per game")
    broker_option(p)
    p.set_defaults(func=cmd_who)

    p = sub.add_parser(
        "publish", help="let the machine's other players see your games and scores (on/off)"
    )
    p.add_argument("value", nargs="?", choices=["on", "off"], help="(default: say which)")
    p.set_defaults(func=cmd_publish)


def broker_option(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--broker",
        metavar="URL",
        help="also the other machines' players, through this Redis "
        "(default: $SHAMBLE_BROKER or $SHAMBLE_HOME/broker)",
    )


def add_server_option(scores_parser: argparse.ArgumentParser) -> None:
    scores_parser.add_argument(
        "--server",
        action="store_true",
        help="every player of this machine who publishes, ranked together",
    )
    broker_option(scores_parser)


def how_long(seconds: float) -> str:
    minutes = int(seconds // 60)
    if minutes < 60:
        return f"{minutes} min"
    return f"{minutes // 60} h {minutes % 60:02d} min"


def line(game: public.LiveGame, now: float | None = None) -> str:
    """One game of the list: "alice  station  Docking Ring (tutorial)  round 3  12 min  1 watching"."""
    now = time.time() if now is None else now
    where = f"{game.name} ({game.mission})" if game.name else game.mission
    parts = [f"{game.player}@{game.host}" if game.host else game.player, game.mode, where]
    if game.round is not None:
        parts.append(f"{'turn' if game.mode == 'sniper' else 'round'} {game.round}")
    parts.append(how_long(max(0.0, now - game.started)))
    if game.watchers:
        parts.append(f"{len(game.watchers)} watching ({', '.join(game.watchers)})")
    if not game.watchable and not game.host:  # another machine's: its name says where
        parts.append("not watchable")
    return "  ".join(parts)


def cmd_who(args: argparse.Namespace) -> int:
    broker = getattr(args, "broker", None)
    if public.root() is None and not broker:
        print("this machine has no public folder, so nobody's games are listed (docs/hosting.md)")
        return 0
    games, problem = public.live_everywhere(broker)
    if problem:
        print(f"note: {problem}", file=sys.stderr)
    if args.json:
        for game in games:
            print(msgspec.json.encode(game).decode())
        return 0
    if not games:
        print("nobody is playing right now")
    for game in games:
        print(line(game))
    if games:
        print("watch one with: shamble watch PLAYER (or PLAYER/SAVE)")
    return 0


def cmd_publish(args: argparse.Namespace) -> int:
    try:
        if args.value:
            public.set_setting(args.value)
    except (SaveError, OSError) as e:
        print(f"error: {e}", file=sys.stderr)
        return 2
    base = public.root()
    state = public.setting()
    if base is None:
        print(f"publishing is {state}, but this machine has no public folder: nothing is shown")
    else:
        print(f"publishing is {state}: {base / public.me()}")
    return 0


def print_server_scores(table: str | None, as_json: bool, broker: str | None = None) -> int:
    from saves import scores

    rows, problem = public_scores.scores_everywhere(broker)
    if problem:
        print(f"note: {problem}", file=sys.stderr)
    tables = (
        [table] if table else sorted({s.table for _, s in rows}, key=lambda t: (t == "endless", t))
    )
    if as_json:
        for name in tables:
            for player, row in public_scores.top_of(rows, name):
                print(msgspec.json.encode({"player": player, **msgspec.to_builtins(row)}).decode())
        return 0
    if public.root() is None and not rows:
        print("this machine has no public folder: there is no scoreboard (docs/hosting.md)")
        return 0
    if not tables:
        print("no player of this machine has published a score yet")
    for name in tables:
        print(f"{name}:")
        for i, (player, row) in enumerate(public_scores.top_of(rows, name), 1):
            extra = f"  {row.stations} stations" if row.table == scores.ENDLESS else ""
            print(
                f"  {i:>2}. {row.score:>5}  {player:<14} {row.outcome:<5} {row.rounds:>3} rounds"
                f"  {row.date[:10]}  undos {scores.undo_text(row)}{extra}"
            )
    return 0
