"""Watching a game another process is playing: follow its save as it grows.

A Follower opens the save read-only and never takes its lock (the player's
autosave holds it) and never writes. Each `poll` looks at the file's
identity, size and modification time; when it has grown, the new bytes are
read from the end of the last whole frame and only whole frames are applied
(Game.apply_frame), so a frame still being written is read again, whole,
next time. It reads the game again from the start when the save was
replaced (a rewrite renames a new file over it: another inode), when it
shrank below what was applied (a rollback after a failed write), or when
the last frame applied is no longer what the file holds there (a rollback
then a different frame of the same size).

Spectators see the players' side (K-7): `view()` is the game's view for
`viewer`, by default the one the mode names for spectators."""

from __future__ import annotations

import ctypes
import os
import select
import stat
import sys
import time
from pathlib import Path
from typing import Any

import msgspec

from engine import Game, LogError
from engine.core import log
from saves.files import SaveError
from saves.history import default_viewer

POLL_INTERVAL = 0.05  # seconds between looks at the file while waiting
_CHECK_BYTES = 16  # of the last frame applied, re-read to see it is still there


class Update(msgspec.Struct, frozen=True):
    """What one poll found."""

    frames: tuple[Any, ...] = ()  # journal frames applied, in order (no snapshots)
    reloaded: str = ""  # why the game was read again from the start ("" when not)
    error: str = ""  # why the save cannot be read now; the game stays as it was

    @property
    def changed(self) -> bool:
        return bool(self.frames or self.reloaded)


class Follower:
    """One save followed read-only. Open with `Follower(path)`; poll often."""

    def __init__(self, path: str | os.PathLike, viewer: str | None = None) -> None:
        self.path = Path(path)
        self._fd: int | None = None
        self._failed: tuple[tuple, str] | None = None  # (file key, error) of a failed read
        self.reloads = 0
        self.game: Game = self._load()
        self.viewer = viewer or default_viewer(self.game.mode)
        self._notifier = Notifier.watch(self.path.parent)

    # -- reading the whole save ---------------------------------------------------
    def _load(self) -> Game:
        """Read the save from the start; SaveError when it cannot be read."""
        try:
            fd = os.open(self.path, os.O_RDONLY)
        except FileNotFoundError:
            raise SaveError(f"{self.path}: no such save") from None
        except OSError as e:
            raise SaveError(f"{self.path}: cannot open: {e.strerror or e}") from None
        try:
            st = os.fstat(fd)
            if not stat.S_ISREG(st.st_mode):
                raise SaveError(f"{self.path}: is not a regular file, not a save")
            data = _read_from(fd, 0)
            try:
                decoded = log.decode_log(data)
                game = Game.from_log(decoded.header, decoded.frames)
            except LogError as e:
                raise SaveError(f"{self.path}: {e}") from None
        except BaseException:
            os.close(fd)
            raise
        if self._fd is not None:
            os.close(self._fd)
        self._fd = fd
        self._identity = (st.st_dev, st.st_ino)
        whole = decoded.end == len(data)  # else a frame is still arriving: look again
        self._seen = (len(data), st.st_mtime_ns) if whole else (-1, -1)
        self._incremental = decoded.format == log.FORMAT_VERSION
        self._end = decoded.end  # bytes applied: whole frames only
        self._last = _last_frame(data, decoded)  # where the last applied frame begins
        self._last_bytes = data[self._last : min(self._last + _CHECK_BYTES, self._end)]
        game.load_warnings = [f"{self.path}: {w}" for w in decoded.warnings]
        return game

    def _reload(self, why: str, st: os.stat_result | None = None) -> Update:
        try:
            self.game = self._load()
        except SaveError as e:
            # not again until the file changes: a damaged save is read once
            self._failed = (_key(st), str(e)) if st is not None else None
            return Update(error=str(e))
        self._failed = None
        self.reloads += 1
        return Update(reloaded=why)

    # -- following ------------------------------------------------------------------
    def poll(self) -> Update:
        """Apply whatever whole frames the save gained since the last poll; never
        blocks. An Update with an error leaves the game as it was."""
        if self._fd is None:
            return Update(error=f"{self.path}: no longer followed")
        try:
            st = os.stat(self.path)
        except FileNotFoundError:
            return Update(error=f"{self.path}: the save is gone")
        except OSError as e:
            return Update(error=f"{self.path}: cannot read: {e.strerror or e}")
        if self._failed is not None and self._failed[0] == _key(st):
            return Update(error=self._failed[1])
        if (st.st_dev, st.st_ino) != self._identity:
            return self._reload("the save was replaced by a rewritten one", st)
        if st.st_size < self._end:
            return self._reload("the save shrank: moves were taken back from it", st)
        if (st.st_size, st.st_mtime_ns) == self._seen:
            return Update()
        try:
            data = _read_from(self._fd, self._last)
        except OSError as e:
            return Update(error=f"{self.path}: cannot read: {e.strerror or e}")
        if self._last + len(data) < self._end:
            return self._reload("the save shrank: moves were taken back from it", st)
        if data[: len(self._last_bytes)] != self._last_bytes:
            return self._reload("the save's last move was written again", st)
        if not self._incremental:
            return self._reload("the save was written in an older format", st)
        return self._apply(data, st)

    def _apply(self, data: bytes, st: os.stat_result) -> Update:
        """Apply the whole frames in data (the file from the last frame applied)."""
        try:
            batch = log.read_frames(
                self.game.mode.id, data, self._end - self._last, base=self._last
            )
        except LogError as e:
            return self._reload(f"the save changed under the reader ({e})", st)
        applied = []
        try:
            for item in batch.items:
                self.game.apply_frame(item)
                if not isinstance(item, log.Snapshot):
                    applied.append(item)
        except Exception as e:  # frames that do not follow on: read it all again
            return self._reload(f"the save's moves do not follow on ({e})", st)
        if batch.items:
            start = batch.starts[-1]
            self._last_bytes = data[start : min(start + _CHECK_BYTES, batch.end)]
            self._last, self._end = self._last + start, self._last + batch.end
        if not batch.pending:  # a frame still arriving is read again next time
            self._seen = (st.st_size, st.st_mtime_ns)
        return Update(frames=tuple(applied))

    def wait(self, timeout: float, interval: float = POLL_INTERVAL) -> Update:
        """Poll until something changes or `timeout` seconds pass. Where the OS
        tells of changes (inotify), a write wakes it at once; it still looks
        every `interval` (a save on a network disk changes unannounced)."""
        deadline = time.monotonic() + timeout
        while True:
            update = self.poll()
            left = deadline - time.monotonic()
            if update.changed or left <= 0:
                return update
            if self._notifier is not None:
                self._notifier.wait(min(interval, left))
            else:
                time.sleep(min(interval, left))

    def fileno(self) -> int | None:
        """A descriptor that turns readable when the save's folder changes (for
        an event loop's add_reader: call `poll` then), or None where the OS
        cannot tell; then poll on a timer."""
        return None if self._notifier is None else self._notifier.fd

    def drain(self) -> None:
        """Forget the change notices read so far (after waking on `fileno`)."""
        if self._notifier is not None:
            self._notifier.drain()

    # -- what a spectator sees ------------------------------------------------------
    def view(self) -> dict:
        """The followed game as the spectator's viewer knows it (K-7)."""
        return self.game.view(self.viewer)

    # -- closing ----------------------------------------------------------------------
    @property
    def closed(self) -> bool:
        return self._fd is None

    def close(self) -> None:
        if getattr(self, "_fd", None) is not None:
            os.close(self._fd)
            self._fd = None
        if getattr(self, "_notifier", None) is not None:
            self._notifier.close()
            self._notifier = None

    def __del__(self) -> None:
        self.close()

    def __enter__(self) -> Follower:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


def _key(st: os.stat_result) -> tuple:
    return (st.st_dev, st.st_ino, st.st_size, st.st_mtime_ns)


def _read_from(fd: int, offset: int) -> bytes:
    """Everything in the file from offset to its end now."""
    chunks = []
    while chunk := os.pread(fd, 1 << 20, offset):
        chunks.append(chunk)
        offset += len(chunk)
    return b"".join(chunks)


def _last_frame(data: bytes, decoded: log.Decoded) -> int:
    """Where the last whole frame of a decoded log begins (its header when it
    has no journal frame)."""
    header = log.read_header_frame(data, len(log.MAGIC))
    assert header is not None  # decode_log read it
    last = len(log.MAGIC)
    for pos, payload in log.iter_payloads(data[: decoded.end], header[1], decoded.format):
        if payload is not None:
            last = pos
    return last


class Notifier:
    """Linux inotify on a folder, through ctypes (the standard library has no
    binding): its descriptor turns readable when a file there is written,
    created, renamed in or removed. Only a wake-up call: what changed is
    always found by looking at the file."""

    # IN_MODIFY | IN_ATTRIB | IN_CLOSE_WRITE | IN_MOVED_TO | IN_CREATE | IN_DELETE
    MASK = 0x002 | 0x004 | 0x008 | 0x080 | 0x100 | 0x200

    def __init__(self, fd: int) -> None:
        self.fd: int | None = fd

    @classmethod
    def watch(cls, folder: Path) -> Notifier | None:
        """A notifier for folder, or None where inotify is not to be had."""
        if not sys.platform.startswith("linux"):
            return None
        try:
            libc = ctypes.CDLL(None, use_errno=True)
            fd = libc.inotify_init1(os.O_NONBLOCK | os.O_CLOEXEC)
        except (OSError, AttributeError):
            return None
        if fd < 0:
            return None
        if libc.inotify_add_watch(fd, os.fsencode(folder), cls.MASK) < 0:
            os.close(fd)
            return None
        return cls(fd)

    def wait(self, timeout: float) -> None:
        """Block until a change is announced or timeout seconds pass."""
        if self.fd is None:
            time.sleep(timeout)
            return
        readable, _, _ = select.select([self.fd], [], [], timeout)
        if readable:
            self.drain()

    def drain(self) -> None:
        while self.fd is not None:
            try:
                if not os.read(self.fd, 1 << 16):
                    return
            except BlockingIOError:
                return

    def close(self) -> None:
        if self.fd is not None:
            os.close(self.fd)
            self.fd = None
