"""Where shared games are found on one machine.

A hosted game is a Unix socket NAME.sock (mode 0660) and NAME.pid in the
co-op directory, the first of:

1. `$SHAMBLE_COOP_DIR`, when set;
2. `/run/shamble`, when it exists and this account may write there: the
   directory a machine's owner makes for players of several accounts
   (group `shamble`, mode 2770, so every socket in it belongs to that group);
3. `$XDG_RUNTIME_DIR/shamble` (mode 0700): games among one account's sessions;
4. `$SHAMBLE_HOME/coop/run` (mode 0700), when there is no runtime directory.

The game itself (its save, seat table and log) stays with the host account,
under its $SHAMBLE_HOME, so a game outlives a reboot that empties /run."""

from __future__ import annotations

import os
import pwd
import stat
from pathlib import Path

from saves.files import SaveError
from saves.slots import check_name, home

SHARED_DIR = Path("/run/shamble")
SOCKET_LIMIT = 107  # bytes in a Unix socket path (sun_path less its NUL)


def coop_dir(create: bool = False) -> Path:
    env = os.environ.get("SHAMBLE_COOP_DIR")
    if env:
        directory = Path(env)
    elif SHARED_DIR.is_dir() and os.access(SHARED_DIR, os.W_OK | os.X_OK):
        directory = SHARED_DIR
    elif os.environ.get("XDG_RUNTIME_DIR"):
        directory = Path(os.environ["XDG_RUNTIME_DIR"]) / "shamble"
    else:
        directory = home() / "coop" / "run"
    if create and not directory.is_dir():
        try:
            directory.mkdir(mode=0o700, parents=True, exist_ok=True)
        except OSError as e:
            raise SaveError(f"{directory}: cannot create the co-op folder: {e.strerror}") from None
    return directory


def game_name(name: str) -> str:
    """A shared game's name: a save name (letters, digits, '-', '_', '.')."""
    return check_name(name)


def socket_path(name: str, directory: Path | None = None) -> Path:
    path = (directory or coop_dir()) / f"{game_name(name)}.sock"
    if len(os.fsencode(path)) > SOCKET_LIMIT:
        raise SaveError(
            f"{path}: too long for a Unix socket ({SOCKET_LIMIT} bytes at most); "
            "set SHAMBLE_COOP_DIR to a shorter folder"
        )
    return path


def pid_path(name: str, directory: Path | None = None) -> Path:
    return (directory or coop_dir()) / f"{game_name(name)}.pid"


def hosted_games(directory: Path | None = None) -> list[str]:
    """Names of the games with a socket in the co-op directory (some may be
    left by a host that was killed: joining says so)."""
    directory = directory or coop_dir()
    try:
        entries = sorted(directory.iterdir())
    except OSError:
        return []
    names = []
    for entry in entries:
        try:
            is_socket = stat.S_ISSOCK(entry.lstat().st_mode)
        except OSError:
            continue
        if entry.suffix == ".sock" and is_socket:
            names.append(entry.stem)
    return names


def account_name(uid: int) -> str:
    """The login name of a uid, as peers are known to each other."""
    try:
        return pwd.getpwuid(uid).pw_name
    except KeyError:
        return f"uid{uid}"


def this_account() -> str:
    return account_name(os.getuid())
