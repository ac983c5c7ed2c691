"""The `shamble` command line (DESIGN.md "Command line").

Each subcommand is a small function; the Textual app is imported only by the
subcommands that open it, so `shamble script` starts fast."""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence
from pathlib import Path

from tui.options import MODE_OPTIONS


def _dice(text: str) -> list[int]:
    try:
        faces = [int(x) for x in text.split(",") if x.strip()]
    except ValueError:
        raise argparse.ArgumentTypeError("dice are faces 1-6 separated by commas") from None
    if any(not 1 <= f <= 6 for f in faces):
        raise argparse.ArgumentTypeError("dice are faces 1-6 separated by commas")
    return faces


def _game_options_given(args: argparse.Namespace) -> dict[str, str]:
    """Game options: size and difficulty (mission "random" only), then each
    mode option given on the command line."""
    opts = {k: v for k, v in (("size", args.size), ("difficulty", args.difficulty)) if v}
    if opts and args.mission != "random":
        print("error: --size and --difficulty go with --mission random", file=sys.stderr)
        raise SystemExit(2)
    for name in MODE_OPTIONS:
        value = getattr(args, name)
        if value:
            opts[name] = value
    return opts


def _mission_arg(text: str | None) -> str | Path | None:
    """None (the mode's own default), a shipped id, or a mission file's path."""
    if text is None:
        return None
    return Path(text) if text.endswith(".toml") or "/" in text else text


def cmd_script(args: argparse.Namespace) -> int:
    import msgspec

    from engine import Game, LogError, MissionError, RuleError

    try:
        game = Game.new(
            args.mode,
            mission=_mission_arg(args.mission),
            seed=args.seed,
            survivors=args.survivors.split(",") if args.survivors else None,
            dice=args.dice,
            undo=args.undo,
            **_game_options_given(args),
        )
    except (MissionError, RuleError) as e:
        print(f"error: {e}", file=sys.stderr)
        return 2
    if args.save:
        from saves import SaveError
        from saves.cli import open_script_save

        try:
            open_script_save(args.save, game, fsync=False if args.no_fsync else None)
        except SaveError as e:
            print(f"error: {e}", file=sys.stderr)
            return 2
    try:
        source = sys.stdin if args.file == "-" else open(args.file, encoding="utf-8")
    except OSError as e:
        print(f"error: {args.file}: {e.strerror or e}", file=sys.stderr)
        return 2
    out = sys.stdout

    def play_bots() -> None:
        """Seats played by bots act between the file's commands (outbreak)."""
        for _, _, events in game.play_bots():
            for ev in events:
                out.write(msgspec.json.encode(ev).decode() + "\n")

    with source:
        play_bots()
        for number, line in enumerate(source, 1):
            line = line.strip()
            if not line or line.startswith("#"):
                continue
            try:
                command = json.loads(line)
            except json.JSONDecodeError as e:
                print(f"rejected: bad_json: line {number}: {e.msg}", file=sys.stderr)
                return 1
            try:
                events = game.submit(command)
            except RuleError as e:
                print(f"rejected: {e.code}: {e.message}", file=sys.stderr)
                return 1
            except LogError as e:  # the autosave (--save) could not write
                print(f"error: {e}", file=sys.stderr)
                return 2
            for ev in events:
                out.write(msgspec.json.encode(ev).decode() + "\n")
            try:
                play_bots()
            except LogError as e:
                print(f"error: {e}", file=sys.stderr)
                return 2
            out.flush()
    return 0


def cmd_missions(args: argparse.Namespace) -> int:
    from engine import get_mode, modes

    if args.mode is not None and args.mode not in modes():
        print(
            f"error: there is no mode {args.mode!r} (modes: {', '.join(modes())})", file=sys.stderr
        )
        return 2
    rows = []
    for mode_id in [args.mode] if args.mode else modes():
        rows.extend(get_mode(mode_id).missions())
    if args.json:
        for row in rows:
            print(json.dumps(row))
        return 0
    print(f"{'id':<16}{'mode':<10}{'size':>12}{'difficulty':>12}  name")
    for r in rows:
        size = str(r.get("size", ""))
        print(f"{r['id']:<16}{r['mode']:<10}{size:>12}{r['difficulty']:>12}  {r['name']}")
    return 0


def _run_app(args: argparse.Namespace, game=None, session=None) -> int:
    from tui import plain

    if plain.wanted(getattr(args, "plain", False)):
        if game is not None and session is None:
            session = plain.start_session(plain.Lines(), game)
        return plain.run(game, session)
    from tui.app import ShambleApp

    app = ShambleApp(
        ascii_only=args.ascii,
        mouse=not args.no_mouse,
        game=game,
        session=session,
        playback=args.playback,
        to_shell=game is not None,  # q leaves the game, and the program with it
    )
    app.run(mouse=not args.no_mouse)
    return app.return_code or 0


def cmd_title(args: argparse.Namespace) -> int:
    return _run_app(args)


def cmd_new(args: argparse.Namespace) -> int:
    import random

    from engine import Game, MissionError, RuleError

    seed = args.seed if args.seed is not None else random.randrange(1_000_000)
    try:
        game = Game.new(
            args.mode,
            mission=_mission_arg(args.mission),
            seed=seed,
            survivors=args.survivors.split(",") if args.survivors else None,
            undo=args.undo,
            **_game_options_given(args),
        )
    except (MissionError, RuleError) as e:
        print(f"error: {e}", file=sys.stderr)
        return 2
    return _run_app(args, game)


def cmd_load(args: argparse.Namespace) -> int:
    from tui.persist import SaveProblem, resume

    try:
        session = resume(_save_path(args.path))  # a path, or a name `shamble saves` lists
    except SaveProblem as e:
        print(f"error: {e}", file=sys.stderr)
        return 2
    return _run_app(args, session.game, session)


def _save_path(text: str) -> Path:
    """A save's path, or the name of a save in the saves folder."""
    path = Path(text)
    if path.exists() or "/" in text:
        return path
    from saves import SaveError, slot_path

    try:
        named = slot_path(text[: -len(".shamble")] if text.endswith(".shamble") else text)
    except SaveError:
        return path
    return named if named.exists() else path


def _run_viewer(args: argparse.Namespace, first) -> int:
    """The app opening on one screen (first(app) makes it) over the title."""
    from tui.app import ViewerApp

    app = ViewerApp(
        first, ascii_only=args.ascii, mouse=not args.no_mouse, playback=args.playback, to_shell=True
    )
    app.run(mouse=not args.no_mouse)
    return app.return_code or 0


def _watch_path(text: str):
    """A save's path or name, else another player's game being played now
    (PLAYER or PLAYER/SAVE, as `shamble who` lists them): (its follower, that game)."""
    from saves.follow import Follower

    path = _save_path(text)
    if path.exists() or "/" in text and Path(text).parent.exists():
        return Follower(path), None
    from saves import public

    player, _, slot = text.partition("/")
    if public.root() is None:
        return Follower(path), None
    game = public.find(player, slot or None)
    return public.follower_of(game), game


def cmd_watch(args: argparse.Namespace) -> int:
    from tui import plain

    if plain.wanted(getattr(args, "plain", False)):
        from hosting.place import hosted_games

        if args.path in hosted_games():
            return plain_shared(args.path, None, watch=True)
        print(
            f"error: {args.path!r} is not a shared game hosted here: plain mode watches "
            "shared games (shamble --plain join lists them)",
            file=sys.stderr,
        )
        return 2
    from saves import SaveError

    try:
        follower, live = _watch_path(args.path)
    except SaveError as e:
        print(f"error: {e}", file=sys.stderr)
        return 2
    from tui.screens.watch import watch_screen

    def first(app):
        screen = watch_screen(app, follower)
        if screen is not None and live is not None:
            from saves.public import WatchNote

            screen.watch_note = WatchNote(live)  # the player sees who is watching
        return screen

    return _run_viewer(args, first)


def view_replay(args: argparse.Namespace, history, moment: int) -> int:
    """`shamble replay PATH --view`: the replay viewer at moment."""
    from tui.screens.replay import replay_screen

    return _run_viewer(args, lambda app: replay_screen(app, history, moment))


def cmd_join(args: argparse.Namespace) -> int:
    """`shamble join NAME`: the game screen of a shared game. With no NAME,
    or with --script, --bot or --wait-over, it plays headless (hosting/cli.py)."""
    from hosting.cli import cmd_join as headless

    if args.script or args.bot or args.wait_over:
        return headless(args)
    from tui import plain

    if plain.wanted(getattr(args, "plain", False)):
        return plain_shared(args.name, args.broker)
    if args.name is None:
        return headless(args)
    import asyncio

    from hosting.client import Client, CoopError
    from hosting.seats import shares_log
    from saves.files import SaveError
    from tui.screens.coop_game import cannot_show, join_shared

    try:
        info = asyncio.run(Client.peek(args.name, broker=args.broker))
    except (CoopError, SaveError) as e:
        print(f"error: {e}", file=sys.stderr)
        return 2
    why = cannot_show(info.mode, shares_log(info.mode), info.game)
    if why:
        print(f"error: {why}", file=sys.stderr)
        return 2

    def first(app):
        app.run_worker(join_shared(app, args.name, broker=args.broker))

    return _run_viewer(args, first)


def plain_shared(name: str | None, broker: str | None, watch: bool = False) -> int:
    """`shamble --plain join [NAME]` and `watch NAME`: a shared game in plain
    lines (no NAME: the games hosted here, numbered, to join or watch)."""
    from tui import plain
    from tui.plain import share_menu as shared

    def at_table(io: plain.Lines) -> int:
        io.say("Shamble, plain text: a shared game. Type help for the commands.")
        if name is None:
            shared.join_menu(io, broker)
        else:
            shared.play_shared(io, name, broker, watch)
        return 0

    return plain.with_lines(at_table)


def _after_host(args: argparse.Namespace, name: str) -> int:
    """`shamble --plain host ...`: once the game is hosted, its host joins it."""
    from tui import plain

    if not plain.wanted(getattr(args, "plain", False)):
        return 0
    return plain_shared(name, args.broker)


def _ui_options(parser: argparse.ArgumentParser, default: object = False) -> None:
    """--ascii and --no-mouse, accepted before or after `new`/`load`."""
    parser.add_argument(
        "--ascii", action="store_true", default=default, help="ASCII glyphs and borders only"
    )
    parser.add_argument(
        "--no-mouse",
        action="store_true",
        default=default,
        help="ignore the mouse (quieter over SSH)",
    )
    parser.add_argument(
        "--playback",
        action="store_true",
        default=default,
        help="show the zombie phase a step at a time",
    )
    parser.add_argument(
        "--plain",
        action="store_true",
        default=default,
        help="plain lines of text for screen readers (also SHAMBLE_PLAIN=1)",
    )


def _game_options(p: argparse.ArgumentParser, seed: int | None) -> None:
    """What a new game is made of, shared by `new` and `script`."""
    p.add_argument("--mode", default="station", help="station (default), or another mode")
    p.add_argument(
        "--mission",
        default=None,
        help="a shipped mission id or a .toml path (default: the mode's first)",
    )
    help_seed = "default: a random seed" if seed is None else f"default: {seed}"
    p.add_argument("--seed", type=int, default=seed, help=help_seed)
    p.add_argument(
        "--size", default=None, help="random missions: small, medium, large, huge or a zone count"
    )
    p.add_argument("--difficulty", default=None, help="random missions: 1 (gentle) to 6 (grim)")
    p.add_argument("--survivors", default=None, help="comma-separated survivor ids")
    for name, text in MODE_OPTIONS.items():
        flags = [f"--{name}"] + ([f"--{name.replace('_', '-')}"] if "_" in name else [])
        p.add_argument(*flags, dest=name, default=None, help=text)
    p.add_argument("--undo", default="casual", choices=["casual", "honest", "ironman"])


class _Version(argparse.Action):
    """--version: the engine (and its modes) is imported only when asked."""

    def __init__(self, option_strings: list[str], dest: str, **kwargs: object) -> None:
        super().__init__(option_strings, dest, nargs=0, help="show the version and exit")

    def __call__(self, parser, namespace, values, option_string=None) -> None:  # noqa: ANN001
        from engine import APP_VERSION

        print(f"shamble {APP_VERSION}")
        parser.exit()


def _title_parser() -> argparse.ArgumentParser:
    """The parser of a bare `shamble` (the title screen, UI options only):
    the subcommands' parsers import the engine and the save code, which the
    title's first frame does without."""
    parser = argparse.ArgumentParser(prog="shamble")
    _ui_options(parser)
    parser.set_defaults(command=None)
    return parser


_TITLE_ONLY = {"--ascii", "--no-mouse", "--playback", "--plain"}


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="shamble", description="Zombie-survival board games in your terminal."
    )
    parser.add_argument("--version", action=_Version)
    _ui_options(parser)
    sub = parser.add_subparsers(dest="command")

    p = sub.add_parser("new", help="start a new game and open it")
    _game_options(p, seed=None)
    _ui_options(p, argparse.SUPPRESS)
    p.set_defaults(func=cmd_new)

    p = sub.add_parser("load", help="open a saved game")
    p.add_argument("path", help="a save file")
    _ui_options(p, argparse.SUPPRESS)
    p.set_defaults(func=cmd_load)

    p = sub.add_parser("watch", help="watch a game another Shamble is playing, live (read-only)")
    p.add_argument(
        "path",
        help="a save file, the name of a save in the saves folder, or another player's game "
        "being played now (PLAYER or PLAYER/SAVE, as shamble who lists them)",
    )
    _ui_options(p, argparse.SUPPRESS)
    p.set_defaults(func=cmd_watch)

    p = sub.add_parser("script", help="play headless: one JSON command per line, events as JSON")
    _game_options(p, seed=0)
    p.add_argument("--dice", type=_dice, default=None, help="scripted dice, e.g. 6,5,1")
    p.add_argument("--save", default=None, help="autosave to this new save file as it plays")
    p.add_argument("--no-fsync", action="store_true", help="flush saves without fsync")
    p.add_argument("file", help="a .jsonl file of commands, or - for standard input")
    p.set_defaults(func=cmd_script)

    p = sub.add_parser("missions", help="list the shipped missions")
    p.add_argument("--mode", default=None, help="only this mode's missions")
    p.add_argument("--json", action="store_true", help="one JSON object per line")
    p.set_defaults(func=cmd_missions)

    from saves.cli import add_parsers as add_save_parsers

    add_save_parsers(sub, view=view_replay)
    _ui_options(sub.choices["replay"], argparse.SUPPRESS)  # replay --view opens the UI

    from hosting.cli import add_parsers as add_coop_parsers

    add_coop_parsers(sub, _game_options, _game_options_given, _mission_arg)
    _ui_options(sub.choices["join"], argparse.SUPPRESS)  # join NAME opens the UI
    sub.choices["join"].set_defaults(func=cmd_join)
    _ui_options(sub.choices["host"], argparse.SUPPRESS)  # --plain: its host joins it
    sub.choices["host"].set_defaults(after_host=_after_host)

    from tui.serve_cli import add_parser as add_serve_parser

    _ui_options(add_serve_parser(sub), argparse.SUPPRESS)
    return parser


def parser_for(given: Sequence[str]) -> argparse.ArgumentParser:
    """The title's own small parser for a bare `shamble` (UI options only),
    else the whole command line's."""
    return _title_parser() if set(given) <= _TITLE_ONLY else build_parser()


def main(argv: Sequence[str] | None = None) -> int:
    parser = parser_for(sys.argv[1:] if argv is None else list(argv))
    args = parser.parse_args(argv)
    if args.command is None:
        return cmd_title(args)
    try:
        return args.func(args)
    except BrokenPipeError:
        import os
        import signal

        # the reader went away (`shamble script ... | head -1`): stop as a
        # command killed by SIGPIPE would, without a traceback; what was
        # saved stays saved, and the exit flush must not fail again
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 128 + signal.SIGPIPE


if __name__ == "__main__":
    sys.exit(main())
