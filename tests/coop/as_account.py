"""Run `shamble ARGS...` as another account: python as_account.py UID GID ARGS...

The tests run as root and stand in for players of other accounts with bare
uids. The project's Python lives where only root may read, so everything a
command needs is imported first, then the process drops to UID:GID (the
co-op group), and only then runs the command: the host knows it by the
socket's peer credentials, as it would know a player who logged in."""

from __future__ import annotations

import os
import sys

REPO = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
sys.path.insert(0, REPO)

import asyncio  # noqa: E402
import asyncio.unix_events  # noqa: E402, F401
import json  # noqa: E402, F401
import random  # noqa: E402, F401
import secrets  # noqa: E402, F401

import engine  # noqa: E402, F401
import engine.outbreak.bot  # noqa: E402, F401
import engine.station.bot  # noqa: E402, F401
import hosting.cli  # noqa: E402, F401
import hosting.client  # noqa: E402, F401
from tui import cli  # noqa: E402


def main() -> int:
    uid, gid, *argv = sys.argv[1:]
    try:
        import hosting.broker  # noqa: F401  (Redis clients, when the test has redis)
    except ImportError:
        pass
    "x".encode("idna")  # codecs a connection may look up later
    os.setgroups([int(gid)])
    os.setgid(int(gid))
    os.setuid(int(uid))
    return cli.main(argv)


if __name__ == "__main__":
    sys.exit(main())
