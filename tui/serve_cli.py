"""The `shamble serve` subcommand's options (the server is tui/serve.py,
imported only when the command runs: aiohttp is no part of starting a game)."""

from __future__ import annotations

import argparse
import os


def add_parser(sub) -> argparse.ArgumentParser:
    p = sub.add_parser(
        "serve",
        help="serve the game to web browsers (one game per tab)",
        description=(
            "Serve Shamble to web browsers: each tab gets the title screen and "
            "each browser its own saves. Prints the link to share."
        ),
    )
    p.add_argument(
        "--host",
        default="127.0.0.1",
        help="address to listen on (default 127.0.0.1: this machine only)",
    )
    p.add_argument("--port", type=int, default=8000, help="port (default 8000; 0: any free one)")
    p.add_argument(
        "--public-url",
        default=None,
        help="the address players open, e.g. https://games.example.org/shamble/ "
        "behind a reverse proxy (needed with --host 0.0.0.0)",
    )
    token = p.add_mutually_exclusive_group()
    token.add_argument(
        "--token",
        default=os.environ.get("SHAMBLE_SERVE_TOKEN") or None,
        help="the secret the link must carry (default: $SHAMBLE_SERVE_TOKEN, "
        "else a new one each start, printed)",
    )
    token.add_argument(
        "--no-token",
        action="store_true",
        help="no secret: anyone who reaches the page may play (e.g. behind a login proxy)",
    )
    p.add_argument(
        "--max-games",
        type=int,
        default=20,
        help="games running at once, tabs and the shared games hosted from them (default 20)",
    )
    p.add_argument(
        "--share-games",
        action="store_true",
        help="browsers see and join each other's shared games, each in a seat of its own "
        "(default: a browser's shared games are its own)",
    )
    p.add_argument(
        "--host-idle",
        type=float,
        default=600.0,
        metavar="SECONDS",
        help="a shared game hosted from a tab ends, saved, this long after its last player left",
    )
    p.set_defaults(func=cmd_serve)
    return p


def cmd_serve(args: argparse.Namespace) -> int:
    import sys

    from saves.slots import home
    from tui.serve import ServeError, Settings, new_token, serve

    game_args = [
        flag
        for flag, on in (
            ("--ascii", args.ascii),
            ("--no-mouse", args.no_mouse),
            ("--playback", args.playback),
            ("--plain", args.plain),
        )
        if on
    ]
    if args.token is not None and len(args.token) < 8:
        print("error: --token needs at least 8 characters", file=sys.stderr)
        return 2
    try:
        settings = Settings(
            host=args.host,
            port=args.port,
            public_url=args.public_url,
            token=None if args.no_token else (args.token or new_token()),
            home=home(),
            game_args=game_args,
            max_games=args.max_games,
            share_games=args.share_games,
            host_idle=max(1.0, args.host_idle),
        )
    except ServeError as e:
        print(f"error: {e}", file=sys.stderr)
        return 2
    return serve(settings)
