"""The command-line subcommands that touch save files: `shamble saves ...`,
`shamble replay PATH [--verify | --at K | --view]`, `shamble fork PATH --at K
--to NEW`, and the autosave behind `script --save`.

tui/cli.py calls `add_parsers(sub, view)` to register them; `view(args, history, moment)`
opens the replay viewer (the UI's business: this package imports no UI)."""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Callable
from pathlib import Path

import msgspec

from saves.files import SaveError, private_folder


def add_parsers(
    sub: argparse._SubParsersAction,
    view: Callable[[argparse.Namespace, object, int], int] | None = None,
) -> None:
    """Register the save subcommands; with `view`, `replay --view` opens the
    replay viewer through it: view(args, history, moment) -> exit status."""
    p = sub.add_parser("saves", help="list, delete, export and import saved games")
    p.add_argument("--json", action="store_true", help="one JSON object per save")
    actions = p.add_subparsers(dest="saves_action")
    d = actions.add_parser("delete", help="delete a saved game")
    d.add_argument("name")
    e = actions.add_parser("export", help="copy a saved game to a file")
    e.add_argument("name")
    e.add_argument("dest", help="a file or a folder")
    e.add_argument("--force", action="store_true", help="overwrite dest")
    i = actions.add_parser("import", help="copy a save file into the saved games")
    i.add_argument("file")
    i.add_argument("--as", dest="name", default=None, help="the name to save it under")
    actions.add_parser("where", help="print the folder the saves live in")
    p.set_defaults(func=cmd_saves)

    p = sub.add_parser("scores", help="the local high-score tables")
    p.add_argument("table", nargs="?", help="a mission id, or endless (default: every table)")
    p.add_argument("--json", action="store_true", help="one JSON object per score")
    from saves.public_cli import add_parsers as add_public_parsers
    from saves.public_cli import add_server_option

    add_server_option(p)
    p.set_defaults(func=cmd_scores)
    add_public_parsers(sub)

    p = sub.add_parser("replay", help="print a save's journal, or --verify it from scratch")
    p.add_argument("path")
    p.add_argument("--verify", action="store_true", help="replay from scratch and check")
    p.add_argument(
        "--at",
        type=int,
        default=None,
        metavar="K",
        help="print the game's summary as JSON after its first K moves as played "
        "(commands, undos and redos; negative counts from the end)",
    )
    if view is not None:
        p.add_argument(
            "--view",
            action="store_true",
            help="open the replay viewer (at moment K with --at): step, jump to a round, "
            "play, fork a new game",
        )
    p.set_defaults(func=cmd_replay, open_view=view)

    p = sub.add_parser("fork", help="start a new save from any moment of a saved game")
    p.add_argument("path", help="the save to fork")
    p.add_argument("--at", type=int, required=True, metavar="K", help="the moment, as in replay")
    p.add_argument(
        "--to",
        required=True,
        metavar="NAME",
        help="the new save (must not exist): a NAME in the saves folder (listed by "
        "`shamble saves`), or a path ending in .shamble or holding a /",
    )
    p.add_argument(
        "--undo",
        default=None,
        choices=["casual", "honest", "ironman"],
        help="the new game's undo policy (default: the source's; the new save records both)",
    )
    p.set_defaults(func=cmd_fork)


def cmd_scores(args: argparse.Namespace) -> int:
    from saves import scores

    if getattr(args, "server", False):
        from saves.public_cli import print_server_scores

        return print_server_scores(args.table, args.json, args.broker)

    try:
        names = [args.table] if args.table else scores.tables()
        if args.json:
            for name in names:
                for row in scores.top(name):
                    print(msgspec.json.encode(row).decode())
            return 0
        if not names:
            print(f"no scores yet in {scores.scores_file()}")
        for name in names:
            print(f"{name}:")
            rows = scores.top(name)
            width = max((len(scores.undo_text(row)) for row in rows), default=1)
            for i, row in enumerate(rows, 1):
                who = ", ".join(row.survivors)
                extra = f"  {row.stations} stations" if row.table == scores.ENDLESS else ""
                print(
                    f"  {i:>2}. {row.score:>5}  {row.outcome:<5} {row.rounds:>3} rounds  "
                    f"seed {row.seed:<8} {row.date[:10]}  undos {scores.undo_text(row):<{width}}"
                    f"  {who}{extra}"
                )
    except SaveError as e:
        print(f"error: {e}", file=sys.stderr)
        return 2
    return 0


def cmd_saves(args: argparse.Namespace) -> int:
    from saves import slots

    try:
        match args.saves_action:
            case "delete":
                print(f"deleted {slots.delete(args.name)}")
            case "export":
                print(f"exported to {slots.export_save(args.name, args.dest, args.force)}")
            case "import":
                print(f"imported as {slots.import_save(args.file, args.name)}")
            case "where":
                print(slots.saves_dir())
            case _:
                _print_list(slots.list_saves(), args.json)
    except SaveError as e:
        print(f"error: {e}", file=sys.stderr)
        return 1
    return 0


def _print_list(infos: list, as_json: bool) -> None:
    if as_json:
        for info in infos:  # the summary is the game's business, not the listing's
            row = msgspec.structs.asdict(info)
            del row["summary"]
            print(msgspec.json.encode(row).decode())
        return
    if not infos:
        from saves import slots

        print(f"no saved games in {slots.saves_dir()}")
        return
    print(
        f"{'name':<20} {'mode':<8} {'mission':<14} {'round':>5}  {'outcome':<8} {'last played':<25} survivors"
    )
    from saves.slots import printable

    for i in infos:
        name = printable(i.name)
        if i.error:
            print(f"{name:<20} damaged: {printable(i.error)}")
            continue
        outcome = i.outcome or ("in use" if i.in_use else "-")
        print(
            f"{name:<20} {i.mode:<8} {printable(i.mission):<14} "
            f"{i.round if i.round is not None else '-':>5}  "
            f"{outcome:<8} {i.last_played:<25} {', '.join(i.survivors)}"
        )


def _moment(history: object, at: int) -> int:
    """A moment from the command line: negative counts back from the last."""
    last = history.last  # type: ignore[attr-defined]
    moment = at + last + 1 if at < 0 else at
    if not 0 <= moment <= last:
        raise SaveError(f"there is no moment {at} in this game (0 to {last})")
    return moment


def cmd_replay_at(args: argparse.Namespace) -> int:
    from saves.history import History

    try:
        history = History.open(args.path)
        summary = history.summary(_moment(history, args.at))
    except SaveError as e:
        print(f"error: {e}", file=sys.stderr)
        return 2
    for warning in history.warnings:
        print(f"warning: {warning}", file=sys.stderr)
    print(msgspec.json.encode(summary).decode())
    return 0


def fork_target(text: str) -> Path:
    """Where `fork --to` writes: a path as given when it ends in .shamble or
    holds a /, else the save of that name in the saves folder."""
    from saves.slots import SUFFIX, slot_path

    if text.endswith(SUFFIX) or "/" in text:
        return Path(text)
    return slot_path(text, create_dir=True)


def cmd_fork(args: argparse.Namespace) -> int:
    from engine import RuleError
    from saves.history import History, relaxed_undo

    try:
        history = History.open(args.path)
        moment = _moment(history, args.at)
        target = fork_target(args.to)
        game = history.save_fork(moment, target, undo=args.undo)
    except SaveError as e:
        print(f"error: {e}", file=sys.stderr)
        return 2
    except RuleError as e:
        print(f"error: {e.message}", file=sys.stderr)
        return 2
    origin = game.origin
    assert origin is not None
    print(
        f"forked {args.path} at moment {moment} ({origin.commands} commands) into {target}"
        + (
            f"; undo is {game.setup.undo} there, {origin.undo} in the source"
            if relaxed_undo(game.header())
            else ""
        )
    )
    return 0


def cmd_replay_view(args: argparse.Namespace) -> int:
    from saves.history import History

    try:
        history = History.open(args.path)
        moment = 0 if args.at is None else _moment(history, args.at)
    except SaveError as e:
        print(f"error: {e}", file=sys.stderr)
        return 2
    return args.open_view(args, history, moment)


def cmd_replay(args: argparse.Namespace) -> int:
    from saves.files import load
    from saves.verify import verify

    if getattr(args, "view", False):
        if args.verify:
            print("error: --view and --verify go separately", file=sys.stderr)
            return 2
        return cmd_replay_view(args)
    if args.at is not None:
        return cmd_replay_at(args)
    try:
        if args.verify:
            report = verify(args.path)
            print(report.text())
            return 0 if report.ok else 1
        game = load(args.path)
    except SaveError as e:
        print(f"error: {e}", file=sys.stderr)
        return 2
    for warning in game.load_warnings:
        print(f"warning: {warning}", file=sys.stderr)
    try:
        for item in game.journal:
            sys.stdout.write(msgspec.json.encode(item).decode() + "\n")
        sys.stdout.flush()
    except BrokenPipeError:  # the reader (head, less) has gone: not an error
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
    return 0


def open_script_save(path: str, game: object, fsync: bool | None = None) -> object:
    """The autosave for `shamble script --save PATH`: a new save, appended and
    flushed after every accepted command. fsync follows $SHAMBLE_FSYNC (0 = off)."""
    from saves.session import AutoSave

    if fsync is None:
        fsync = os.environ.get("SHAMBLE_FSYNC", "1") != "0"
    target = Path(path)
    private_folder(target.parent)  # like any program saving to a path, but private
    return AutoSave.create(target, game, fsync=fsync)
