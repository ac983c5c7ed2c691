"""Reading saves from disk: every failure is a SaveError naming the file."""

from __future__ import annotations

import os
from datetime import UTC, datetime
from pathlib import Path

from engine import Game, LogError
from engine.core import log


class SaveError(LogError):
    """A save that cannot be read, written or locked; the message names the file."""


def now() -> str:
    """The time stamp written into new headers (the engine has no clock)."""
    return datetime.now(UTC).isoformat(timespec="seconds")


def read_bytes(path: Path) -> bytes:
    try:
        if path.exists() and not path.is_dir() and not path.is_file():
            raise SaveError(f"{path}: is not a regular file, not a save")  # a FIFO would hang
        return path.read_bytes()
    except IsADirectoryError:
        raise SaveError(f"{path}: is a directory, not a save") from None
    except FileNotFoundError:
        raise SaveError(f"{path}: no such save") from None
    except OSError as e:
        raise SaveError(f"{path}: cannot read: {e.strerror or e}") from None


def decode(path: Path, data: bytes) -> log.Decoded:
    try:
        return log.decode_log(data)
    except LogError as e:
        raise SaveError(f"{path}: {e}") from None


def game_from(path: Path, decoded: log.Decoded) -> Game:
    try:
        game = Game.from_log(decoded.header, decoded.frames)
    except LogError as e:
        raise SaveError(f"{path}: {e}") from None
    game.load_warnings = [f"{path}: {w}" for w in decoded.warnings]
    return game


def load(path: str | os.PathLike) -> Game:
    """The game saved at path, read only; torn-tail warnings in game.load_warnings."""
    path = Path(path)
    return game_from(path, decode(path, read_bytes(path)))


PRIVATE_FILE = 0o600  # saves, records, seat tables: the player's own, whatever the umask
PRIVATE_FOLDER = 0o700


def private_folder(directory: Path) -> None:
    """Create `directory` and any missing parent, each readable by its owner
    only (mkdir's mode, which a umask can only narrow); one that exists is
    left as it is."""
    missing = []
    while not directory.exists():
        missing.append(directory)
        if directory.parent == directory:
            break
        directory = directory.parent
    for folder in reversed(missing):
        try:
            folder.mkdir(mode=PRIVATE_FOLDER)
        except FileExistsError:
            pass  # made by another process meanwhile


def write_atomic(path: Path, data: bytes, fsync: bool = True) -> None:
    """Replace path with data: the old file stays whole until the new one is
    (created private, as PRIVATE_FILE)."""
    tmp = path.with_name(f".{path.name}.{os.getpid()}.tmp")
    try:
        fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, PRIVATE_FILE)
        with open(fd, "wb") as f:
            f.write(data)
            f.flush()
            if fsync:
                os.fsync(f.fileno())
        os.replace(tmp, path)
        if fsync:
            sync_dir(path.parent)
    except OSError as e:
        tmp.unlink(missing_ok=True)
        raise SaveError(f"{path}: cannot write: {e.strerror or e}") from None


def sync_dir(directory: Path) -> None:
    """Make a new or renamed directory entry durable."""
    try:
        fd = os.open(directory, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass  # some file systems refuse fsync on directories; the data is synced
    finally:
        os.close(fd)
