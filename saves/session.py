"""Autosave: a save file held open (and OS-locked) for as long as a game is played.

Every journal frame the game records is appended and flushed (fsync by
default) before `submit`, `undo` or `redo` returns, so before the next input
is read. A kill at any instant leaves every completed command on disk and at
worst a torn last frame, which loading drops with a warning.

The lock is `fcntl.flock` on the save itself: the OS releases it when the
process dies, however it dies, so a dropped connection never leaves a stale
lock; a second process opening the same save is refused.
"""

from __future__ import annotations

import fcntl
import os
import stat
from pathlib import Path
from typing import Any

from engine import Game
from engine.core import log
from saves.files import PRIVATE_FILE, SaveError, decode, game_from, now, sync_dir

SNAPSHOT_EVERY = 256  # journal frames between state snapshots


def _lock(fd: int, path: Path) -> None:
    try:
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except BlockingIOError:
        os.close(fd)
        raise SaveError(
            f"{path}: another Shamble is playing this save; close it there first"
        ) from None


def _open_locked(path: Path, flags: int) -> int:
    try:
        fd = os.open(path, flags, PRIVATE_FILE)
    except IsADirectoryError:
        raise SaveError(f"{path}: is a directory, not a save") from None
    except FileNotFoundError:
        raise SaveError(f"{path}: no such save") from None
    except OSError as e:
        raise SaveError(f"{path}: cannot open: {e.strerror or e}") from None
    if not stat.S_ISREG(os.fstat(fd).st_mode):
        os.close(fd)
        raise SaveError(f"{path}: is not a regular file, not a save")
    _lock(fd, path)
    return fd


def _read_all(fd: int) -> bytes:
    size = os.fstat(fd).st_size
    chunks = []
    offset = 0
    while True:
        chunk = os.pread(fd, max(size - offset, 1 << 16), offset)
        if not chunk:
            return b"".join(chunks)
        chunks.append(chunk)
        offset += len(chunk)


class AutoSave:
    """One game bound to one save file. Use `create` or `resume`; `close` when done."""

    def __init__(
        self,
        path: Path,
        fd: int,
        game: Game,
        end: int,
        *,
        fsync: bool,
        snapshot_every: int,
        created: str,
        rewrite_first: bool = False,
        warnings: list[str] | None = None,
    ) -> None:
        self.path = path
        self.game = game
        self.fsync = fsync
        self.snapshot_every = max(1, snapshot_every)
        self.warnings = warnings or []
        self._fd: int | None = fd
        self._end = end  # bytes on disk that are whole frames
        self._created = created
        self._rewrite_first = rewrite_first  # an older format: rewrite before appending
        self._since_snapshot = 0
        self._failed: str | None = None
        game.listeners.append(self._on_frame)

    # -- opening ----------------------------------------------------------------
    @classmethod
    def create(
        cls,
        path: str | os.PathLike,
        game: Game,
        *,
        fsync: bool = True,
        snapshot_every: int = SNAPSHOT_EVERY,
    ) -> AutoSave:
        """Start saving game to a new file at path (an existing save is refused)."""
        path = Path(path)
        fd = _open_locked(path, os.O_RDWR | os.O_CREAT)
        try:
            if os.fstat(fd).st_size:
                raise SaveError(f"{path}: a save already exists here; load it or choose another")
            created = now()
            data = game.to_bytes(created)
            _write_at(fd, data, 0)
            if fsync:
                os.fsync(fd)
                sync_dir(path.parent)
        except SaveError:
            os.close(fd)
            raise
        except OSError as e:
            os.ftruncate(fd, 0)
            os.close(fd)
            raise SaveError(f"{path}: cannot write: {e.strerror or e}") from None
        return cls(
            path, fd, game, len(data), fsync=fsync, snapshot_every=snapshot_every, created=created
        )

    @classmethod
    def resume(
        cls,
        path: str | os.PathLike,
        *,
        fsync: bool = True,
        snapshot_every: int = SNAPSHOT_EVERY,
    ) -> AutoSave:
        """Load the save at path and keep it open for play. Nothing is written
        until the game records its next frame."""
        path = Path(path)
        fd = _open_locked(path, os.O_RDWR)
        try:
            decoded = decode(path, _read_all(fd))
            game = game_from(path, decoded)
        except BaseException:
            os.close(fd)
            raise
        return cls(
            path,
            fd,
            game,
            decoded.end,
            fsync=fsync,
            snapshot_every=snapshot_every,
            created=decoded.header.created,
            rewrite_first=decoded.format != log.FORMAT_VERSION,
            warnings=game.load_warnings,
        )

    # -- writing ------------------------------------------------------------------
    def _on_frame(self, item: Any) -> None:
        if self._fd is None:
            raise SaveError(f"{self.path}: the autosave is closed")
        if self._failed:
            raise SaveError(f"{self.path}: not saving since an earlier failure: {self._failed}")
        try:
            if self._rewrite_first:
                self._rewrite()
                return
            data = log.encode_frame(item)
            self._since_snapshot += 1
            if self._since_snapshot >= self.snapshot_every:
                self._since_snapshot = 0
                data += self.game.snapshot_frame() or b""
            self._append(data)
        except OSError as e:
            self._failed = e.strerror or str(e)
            raise SaveError(
                f"{self.path}: autosave failed ({self._failed}); the last move is not saved"
            ) from None

    def _append(self, data: bytes) -> None:
        fd = self._fd
        assert fd is not None
        if os.fstat(fd).st_size != self._end:
            os.ftruncate(fd, self._end)  # a torn frame left by a crash goes first
        try:
            _write_at(fd, data, self._end)
            if self.fsync:
                os.fsync(fd)
        except OSError:
            try:
                os.ftruncate(fd, self._end)  # never leave half a frame before the next one
            except OSError:
                pass
            raise
        self._end += len(data)

    def _rewrite(self) -> None:
        """Write the whole game in the current format to a locked temp file,
        then rename it over the save: the lock moves with the new file."""
        tmp = self.path.with_name(f".{self.path.name}.{os.getpid()}.tmp")
        fd = _open_locked(tmp, os.O_RDWR | os.O_CREAT | os.O_TRUNC)
        try:
            data = self.game.to_bytes(self._created)
            _write_at(fd, data, 0)
            os.fsync(fd)
            os.replace(tmp, self.path)
            sync_dir(self.path.parent)
        except OSError:
            os.close(fd)
            tmp.unlink(missing_ok=True)
            raise
        old, self._fd = self._fd, fd
        if old is not None:
            os.close(old)
        self._end = len(data)
        self._rewrite_first = False

    # -- closing ------------------------------------------------------------------
    @property
    def closed(self) -> bool:
        return self._fd is None

    def close(self) -> None:
        """Stop saving and release the lock (everything is already on disk)."""
        if self._on_frame in self.game.listeners:
            self.game.listeners.remove(self._on_frame)
        if self._fd is not None:
            os.close(self._fd)
            self._fd = None

    def __del__(self) -> None:
        if getattr(self, "_fd", None) is not None:
            os.close(self._fd)
            self._fd = None

    def __enter__(self) -> AutoSave:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


def _write_at(fd: int, data: bytes, offset: int) -> None:
    view = memoryview(data)
    while view:
        written = os.pwrite(fd, view, offset)
        view = view[written:]
        offset += written
