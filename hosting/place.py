"""Where shared games are found on one machine.

A hosted game is a Unix socket NAME.sock (mode 0660) and NAME.pid in the
co-op directory, the first of:

1. `$SHAMBLE_COOP_DIR`, when set;
2. `/run/shamble`, when it exists and this account may write there: the
   directory a machine's owner makes for players of several accounts
   (group `shamble`, mode 3770: every socket in it belongs to that group, and
   the sticky bit lets only a socket's owner delete or replace it);
3. `$XDG_RUNTIME_DIR/shamble` (mode 0700): games among one account's sessions;
4. `$SHAMBLE_HOME/coop/run` (mode 0700), when there is no runtime directory.

A host refuses a folder where another account could replace its socket
(folder_trouble), and a player joins only a socket whose owner is the
account that started the game (its pid file's) and whose peer, by the
kernel's credentials, is that same account (hosting/client.py).

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


def folder_trouble(directory: Path) -> str | None:
    """Why another account could put its own socket in place of a game's in
    `directory`, or None. A folder other accounts may write to must be sticky
    (mode 3770 or 1777: only a file's owner may delete or rename it), and
    belong to this account or root."""
    st = directory.stat()
    mode = stat.S_IMODE(st.st_mode)
    if st.st_uid not in (0, os.getuid()):
        return (
            f"{directory} belongs to {account_name(st.st_uid)}, who could replace any "
            "game's socket in it"
        )
    if mode & 0o022 and not mode & stat.S_ISVTX:
        return (
            f"{directory} (mode {mode:04o}) lets any account that may write there delete a "
            f"game's socket and put its own in its place: it needs the sticky bit "
            f"(its owner runs: chmod +t {directory})"
        )
    return None


def secure_folder(directory: Path) -> None:
    """A host's check of its co-op folder at start: one it owns that lacks only
    the sticky bit gets it; anything else folder_trouble finds is a SaveError."""
    why = folder_trouble(directory)
    if why is None:
        return
    st = directory.stat()
    if st.st_uid == os.getuid():
        os.chmod(directory, stat.S_IMODE(st.st_mode) | stat.S_ISVTX)
        if folder_trouble(directory) is None:
            return
    raise SaveError(f"not hosting there: {why}")


def socket_owner(name: str, path: Path) -> int:
    """The uid of the account whose host made the game's socket at path, checked
    against the pid file the host wrote beside it; CoopError-worthy troubles
    are SaveErrors here (the caller words them for a player)."""
    st = path.lstat()
    if not stat.S_ISSOCK(st.st_mode):
        raise SaveError(f"{path} is not a game's socket")
    try:
        started = pid_path(name, path.parent).lstat().st_uid
    except FileNotFoundError:
        started = st.st_uid
    if started != st.st_uid:
        raise SaveError(
            f"its socket {path} belongs to {account_name(st.st_uid)}, but the game was "
            f"hosted by {account_name(started)}: someone else's program may be waiting there"
        )
    return st.st_uid


def account_name(uid: int) -> str:
    """The login name of a uid, as peers are known to each other."""
    try:
        return pwd.getpwuid(uid).pw_name
    except KeyError:
        return f"uid{uid}"


def this_account() -> str:
    return account_name(os.getuid())
