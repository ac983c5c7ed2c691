"""`shamble host` and `shamble join`: shared games from the command line.

tui/cli.py registers them with `add_parsers(sub, ...)`, handing over its own
game options (the same as `shamble new`), so this module never imports tui."""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import re
import secrets
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import msgspec

from saves.files import SaveError

WAIT = 60.0  # seconds `join` waits for a turn or a change before giving up


def live_hosts(root: Path) -> list[int]:
    """The pids of the hosts still running with a pid file in a folder under root."""
    pids = []
    for pidfile in root.glob("*/*.pid"):
        try:
            pid = int(pidfile.read_text())
            os.kill(pid, 0)
        except (OSError, ValueError):
            continue
        pids.append(pid)
    return pids


def _serve_full() -> str | None:
    """Why a game hosted from a `shamble serve` tab may not start: the server's
    --max-games counts its tabs (the number it keeps in `tabs`) and the games
    they host (SHAMBLE_SERVE_GAMES, SHAMBLE_SERVE_MAX in the tab's environment)."""
    root, cap = os.environ.get("SHAMBLE_SERVE_GAMES"), os.environ.get("SHAMBLE_SERVE_MAX")
    if not root or not cap or not cap.isdigit():
        return None
    try:
        tabs = int((Path(root) / "tabs").read_text())
    except (OSError, ValueError):
        tabs = 0
    if tabs + len(live_hosts(Path(root))) >= int(cap):
        return f"this server runs {cap} games at most, and every one is taken: try again later"
    return None


def _idle_default() -> float:
    """--idle's default: $SHAMBLE_HOST_IDLE (what `shamble serve` gives its tabs), else an hour."""
    try:
        return max(1.0, float(os.environ.get("SHAMBLE_HOST_IDLE", "")))
    except ValueError:
        return 3600.0


def add_parsers(
    sub: argparse._SubParsersAction,
    game_options: Callable[[argparse.ArgumentParser, int | None], None],
    options_given: Callable[[argparse.Namespace], dict],
    mission_arg: Callable[[str | None], Any],
) -> None:
    p = sub.add_parser(
        "host",
        help="host a shared game: each player joins it from their own terminal",
        description="Start a shared game in the background and print its name; players "
        "run `shamble join NAME`. Seats follow --players (station), --seats (outbreak), "
        "--survivors and --zombies human (siege: a seat per human, and the dead's), "
        "--commander human (sniper: the sniper's seat and the commander's).",
    )
    game_options(p, None)
    p.add_argument("--name", default=None, help="the game's name (default: mission and a code)")
    p.add_argument("--resume", metavar="NAME", default=None, help="host a saved game again")
    p.add_argument("--broker", metavar="URL", default=None, help="also serve over Redis Streams")
    p.add_argument("--allow", default=None, help="only these accounts may join (comma-separated)")
    p.add_argument("--foreground", action="store_true", help="stay attached (service managers)")
    p.add_argument("--bot-pace", type=float, default=0.25, help="seconds between bot moves")
    p.add_argument(
        "--bot-after",
        type=float,
        default=None,
        metavar="SECONDS",
        help="the bot plays a seat whose player has been away this long (handed back on return)",
    )
    p.add_argument(
        "--idle",
        type=float,
        default=_idle_default(),
        help="stop (saved) after this long with no one (default 3600; shamble serve sets less)",
    )
    p.add_argument(
        "--frame-within",
        type=float,
        default=10.0,
        metavar="SECONDS",
        help="drop a player whose message, once begun, is not whole this long after",
    )
    p.add_argument("--no-fsync", action="store_true", help="flush saves without fsync")
    p.set_defaults(func=lambda args: cmd_host(args, options_given, mission_arg), coop_parser=p)

    p = sub.add_parser(
        "join",
        help="join a shared game by name (no name: list the games hosted here)",
    )
    p.add_argument("name", nargs="?", default=None)
    p.add_argument("--broker", metavar="URL", default=None, help="join through Redis Streams")
    p.add_argument(
        "--script", default=None, help="headless: a .jsonl file of commands (- for stdin)"
    )
    p.add_argument("--bot", action="store_true", help="headless: the bot plays your seats")
    p.add_argument("--wait-over", action="store_true", help="headless: stay until the game ends")
    p.add_argument("--replica", default=None, help="headless: write your replica's log here")
    p.add_argument("--quiet", action="store_true", help="headless: print no events")
    p.add_argument("--timeout", type=float, default=WAIT, help="seconds to wait for a turn")
    p.set_defaults(func=cmd_join)


# -- host ---------------------------------------------------------------------------
def _new_name(mission: str, saves: Path) -> str:
    stem = re.sub(r"[^A-Za-z0-9_.-]+", "-", mission).strip("-.") or "game"
    while True:
        name = f"{stem[:40]}-{secrets.token_hex(2)}"
        if not (saves / f"{name}.shamble").exists():
            return name


def cmd_host(
    args: argparse.Namespace, options_given: Callable, mission_arg: Callable[[str | None], Any]
) -> int:
    from engine import Game, MissionError, RuleError
    from hosting import daemon
    from hosting.place import coop_dir, game_name
    from hosting.server import HostProcess, new_game_save, resume_save
    from saves.slots import home, saves_dir

    fsync = not args.no_fsync
    full = _serve_full()
    if full is not None:
        print(f"error: {full}", file=sys.stderr)
        return 2
    try:
        saves = saves_dir(create=True)
        directory = coop_dir(create=True)
        if args.resume:
            if args.mission or options_given(args) or args.name:
                print(
                    "error: --resume hosts a saved game as it is: no game options", file=sys.stderr
                )
                return 2
            name = game_name(args.resume)
            if not (saves / f"{name}.shamble").exists():
                raise SaveError(f"there is no saved game {name!r} in {saves}")
            game = None
        else:
            import random

            seed = args.seed if args.seed is not None else random.randrange(1_000_000)
            game = Game.new(
                args.mode,
                mission=mission_arg(args.mission),
                seed=seed,
                survivors=args.survivors.split(",") if args.survivors else None,
                undo=args.undo,
                **options_given(args),
            )
            name = game_name(args.name) if args.name else _new_name(game.setup.mission, saves)
            if (saves / f"{name}.shamble").exists():
                raise SaveError(f"a saved game {name!r} exists: host it with --resume {name}")
    except (MissionError, RuleError, SaveError) as e:
        print(f"error: {e}", file=sys.stderr)
        return 2
    allow = {a.strip() for a in args.allow.split(",") if a.strip()} if args.allow else None

    async def run(ready: Callable[[str], None]) -> str:
        if game is None:
            autosave = resume_save(name, saves, fsync)
        else:
            autosave = new_game_save(name, game, saves, fsync)
        process = HostProcess(
            name,
            autosave,
            home(),
            directory=directory,
            allow=allow,
            bot_pace=max(0.0, args.bot_pace),
            idle=args.idle,
            broker=args.broker,
            bot_after=args.bot_after,
            frame_within=max(0.1, args.frame_within),
        )
        return await process.run(ready)

    def announce(path: str) -> None:
        print(name, flush=True)
        print(f"hosting {name} at {path}; players join with: shamble join {name}", file=sys.stderr)

    if args.foreground:
        return daemon.foreground(run, announce)
    try:
        path = daemon.start(run, home() / "coop" / f"{name}.log")
    except RuntimeError as e:
        print(f"error: {e}", file=sys.stderr)
        return 2
    announce(path)
    after = getattr(args, "after_host", None)  # the UI joins it (`shamble --plain host`)
    return after(args, name) if after is not None else 0


# -- join -----------------------------------------------------------------------------
def cmd_join(args: argparse.Namespace) -> int:
    if args.name is None:
        return asyncio.run(_list_games(args.broker))
    if not (args.script or args.bot or args.wait_over):
        print(
            "error: the game screen for shared games is not in this version yet; "
            "play headless with --script FILE or --bot",
            file=sys.stderr,
        )
        return 2
    try:
        return asyncio.run(_play(args))
    except SaveError as e:
        print(f"error: {e}", file=sys.stderr)
        return 2


async def _list_games(broker: str | None) -> int:
    from hosting.client import Client, CoopError
    from hosting.place import coop_dir, hosted_games

    if broker:
        from hosting.broker import broker_games

        names = await broker_games(broker)
    else:
        names = hosted_games()
    if not names:
        print(f"no shared games hosted here ({broker or coop_dir()})")
        return 0
    for name in names:
        try:
            info = await Client.peek(name, broker=broker)
        except (CoopError, SaveError) as e:
            print(f"{name:<24} {e}")
            continue
        seats = ", ".join(
            f"{s.label}: {s.account} ({s.status})" if s.account else f"{s.label}: {s.status}"
            for s in info.lobby.seats
        )
        state = info.status.outcome or f"{info.counts} {info.round}"
        print(f"{name:<24} {info.mode:<9} {info.mission:<14} {state:<9} {seats}")
    return 0


def _line(data: dict) -> None:
    sys.stdout.write(json.dumps(data) + "\n")
    sys.stdout.flush()


async def _play(args: argparse.Namespace) -> int:
    from hosting.client import Client, CoopError

    try:
        client = await Client.connect(args.name, broker=args.broker)
    except CoopError as e:
        print(f"error: {e}", file=sys.stderr)
        return 2
    if not args.quiet:
        client.listeners.append(lambda change: _print_change(client, change))
    _line(
        {
            "joined": client.name,
            "account": client.account,
            "seats": client.my_seats,
            "replica": client.replica,
            "index": client.status.index,
        }
    )
    try:
        code = await _run_script(client, args) if args.script else 0
        if code == 0 and args.bot:
            await _play_bot(client, args.timeout)
        if code == 0 and args.wait_over:
            await _wait(client, lambda: client.status.outcome is not None, args.timeout, "the end")
    except CoopError as e:
        print(f"error: {e}", file=sys.stderr)
        code = 2
    if args.replica and client.game is not None:
        try:
            Path(args.replica).write_bytes(client.game.to_bytes(client.created))
        except OSError as e:
            print(f"error: {args.replica}: {e.strerror or e}", file=sys.stderr)
            code = 2
    client.listeners.clear()
    _line({"left": client.name, "index": client.status.index, "outcome": client.status.outcome})
    await client.close()
    return code


def _print_change(client: Any, change: Any) -> None:
    if change.kind == "lobby":
        seats = [[s.seat, s.account, s.status] for s in client.lobby.seats]
        _line({"kind": "lobby", "seats": seats})
        return
    _line(msgspec.to_builtins(change))


async def _wait(client: Any, ready: Callable[[], bool], timeout: float, what: str) -> None:
    from hosting.client import CoopError

    while not ready():
        if client.closed is not None:
            raise CoopError(f"the game closed: {client.closed}")
        if not await client.changed(timeout):
            raise CoopError(f"waited {timeout:.0f} s for {what}")


async def _run_script(client: Any, args: argparse.Namespace) -> int:
    from hosting.client import CoopError

    try:
        source = sys.stdin if args.script == "-" else open(args.script, encoding="utf-8")  # noqa: SIM115
    except OSError as e:
        raise CoopError(f"{args.script}: {e.strerror or e}") from None
    with source:
        lines = list(source)
    for number, line in enumerate(lines, 1):
        line = line.strip()
        if not line or line.startswith("#"):
            continue
        try:
            item = json.loads(line)
        except json.JSONDecodeError as e:
            print(f"rejected: bad_json: line {number}: {e.msg}", file=sys.stderr)
            return 1
        result = await _script_step(client, item, args.timeout)
        if result is not None and not result.ok:
            print(f"rejected: {result.code}: {result.message}", file=sys.stderr)
            return 1
    return 0


async def _script_step(client: Any, item: Any, timeout: float) -> Any:
    """One script line: a command (sent once it is this player's turn), or a
    {"coop": ...} line: undo, redo, claim, release, hand_to_bot, take_back
    (with "seat"), say (with "text"), mute or unmute (with "account"),
    watchers_apart or watchers_together (the host's account), or wait
    (until "turn", "over", "index" with "index", or "said" with "text")."""
    if not isinstance(item, dict) or "coop" not in item:
        await _wait(client, client.my_turn, timeout, "your turn")
        return await client.submit(item)
    what, seat = item["coop"], str(item.get("seat", ""))
    match what:
        case "undo":
            return await client.undo()
        case "redo":
            return await client.redo()
        case "claim" | "release" | "hand_to_bot" | "take_back":
            return await getattr(client, what)(seat)
        case "say":
            return await client.say(str(item.get("text", "")))
        case "mute" | "unmute":
            return await client.mute(str(item.get("account", "")), what == "mute")
        case "watchers_apart" | "watchers_together":
            return await client.watchers_apart(what == "watchers_apart")
        case "wait":
            until = item.get("until", "turn")
            checks = {
                "turn": client.my_turn,
                "over": lambda: client.status.outcome is not None,
                "index": lambda: client.status.index >= int(item.get("index", 0)),
                "said": lambda: any(str(item.get("text", "")) in x.text for x in client.chat),
            }
            if until in checks:
                await _wait(client, checks[until], timeout, f"{until} {item.get('index', '')}")
                return None
            what = f"wait until {until}"
    from hosting import protocol as p

    return p.Result(ref=0, ok=False, code="bad_script", message=f"no coop step {what!r}")


async def _play_bot(client: Any, timeout: float) -> None:
    """The bot plays this player's seats until the game ends."""
    from hosting.client import CoopError

    while client.status.outcome is None:
        if client.closed is not None:
            raise CoopError(f"the game closed: {client.closed}")
        index = client.status.index
        command = client.bot_command()
        if command is not None:
            result = await client.submit(command)
            if result.ok:
                continue
            if result.code not in ("not_your_turn", "game_over"):  # another was quicker
                print(f"bot refused: {result.code}: {result.message}", file=sys.stderr)
        if client.status.index != index:
            continue  # the game moved on while we asked: look again
        if not await client.changed(timeout):
            raise CoopError(f"nothing happened in {timeout:.0f} s")
