"""A game's stream for watchers: only what the watcher viewer is told (issue 32).

A game whose players hold secrets (the table is `hidden`: Outbreak's hands,
Sniper's unseen units) cannot be watched from a copy of its log, which
holds every secret. Its player's process publishes instead, in its public
folder, `live/<slot>.view`: one JSON line for each journal item, built from
the engine's table (`Game.told` and `Game.view` for the game's `watcher`
viewer) as a shared game's host builds a spectator's updates, so the
secrets never reach the public folder at all:

    {"t":"start", "mode", "mission", "viewer", "view", "status", "recent"}
    {"t":"moved", "kind": "entry"|"undo"|"redo", "events", "changed", "gone", "status"}

The first line says where the game stood when this sitting began (the view
and the last events as the watcher is told them: `recent`), each next line
one move, undo or redo: its events as the watcher is told them (plain data,
as a shared game's host sends them, hosting/seats.py `redact`) and what
changed in the watcher's view (its top level keys whose value changed, and
those gone), less `legal` (nobody acts from here). The follower rebuilds
each whole view and hands a screen updates shaped as the shared-game
protocol's (`Update`: kind, events, view, status), so a watcher's screen
reads the follower as a shared game's spectator screen reads its client
(`tui.screens.coop_view.ViewGame`).

The file is rewritten from a new start line when it passes `LIMIT` bytes.
`ViewFollower` reads it as `saves.follow.Follower` reads a save: whole
lines only, from where it stopped, and from the start again when the file
was replaced or shrank."""

from __future__ import annotations

import os
import stat
from collections import deque
from pathlib import Path
from typing import Any

import msgspec

from engine.core import log
from saves.files import SaveError
from saves.follow import Notifier, Update

LIMIT = 1 << 20  # bytes: past this the stream starts again from a start line
RECENT = 120  # the last events a start line retells, as the watcher is told them
READ_LIMIT = 8 << 20  # a stream read at most (a larger one is not its player's)
KEPT = 40  # moves a follower keeps to retell to a screen that opens late


class Status(msgspec.Struct, frozen=True, omit_defaults=True):
    """Where the game stands after a line (as a shared game's host says it)."""

    index: int  # journal items so far
    turn: list[str] = []  # seats that may act now
    outcome: str | None = None
    redo_seat: str | None = None  # never: a watcher redoes nothing


class Told(msgspec.Struct, frozen=True, omit_defaults=True):
    events: list[Any] = []


class Start(msgspec.Struct, frozen=True, tag_field="t", tag="start", omit_defaults=True):
    """Where the game stood when the stream began, as the watcher knows it."""

    mode: str
    mission: str
    viewer: str
    view: Any
    status: Status
    recent: list[Told] = []


class Moved(msgspec.Struct, frozen=True, tag_field="t", tag="moved", omit_defaults=True):
    """One journal item as the watcher is told it, and how their view changed."""

    kind: str  # entry | undo | redo
    events: list[Any]
    changed: dict[str, Any]
    status: Status
    gone: list[str] = []


class Seen(msgspec.Struct, frozen=True):
    """One line as a follower hands it to a screen: a shared game's Update."""

    kind: str
    events: list[Any]
    view: dict
    status: Status
    seat: str | None = None


_decoder = msgspec.json.Decoder(Start | Moved)
_encoder = msgspec.json.Encoder()


def watcher_view(game: Any) -> dict:
    """The game as its watcher viewer sees it, less what that viewer could do."""
    view = dict(game.view(game.watcher))
    view.pop("legal", None)
    return view


def told(game: Any, events: Any) -> list[Any]:
    """Events as plain data, as the game's watcher viewer is told them."""
    return msgspec.to_builtins(game.told(events, game.watcher))


def status_of(game: Any) -> Status:
    return Status(index=len(game.journal), turn=list(game.to_act()), outcome=game.outcome)


def start_of(game: Any) -> Start:
    recent = told(game, game.events[-RECENT:])
    return Start(
        mode=game.setup.mode,
        mission=game.setup.mission,
        viewer=game.watcher,
        view=watcher_view(game),
        status=status_of(game),
        recent=[Told(events=recent)] if recent else [],
    )


def moved(game: Any, item: Any, before: dict) -> tuple[Moved, dict] | None:
    """One journal item just recorded, as the watcher is told it, and the
    watcher's view now (None: a snapshot). `before`: their view before it."""
    if isinstance(item, log.Snapshot):
        return None
    if isinstance(item, log.UndoMark):
        kind, events = "undo", ()
    elif isinstance(item, log.RedoMark):
        last = game.last_entry()
        kind, events = "redo", last[1] if last else ()
    else:
        kind, events = "entry", item.events
    view = watcher_view(game)
    message = Moved(
        kind=kind,
        events=told(game, events),
        changed={k: v for k, v in view.items() if k not in before or before[k] != v},
        gone=[k for k in before if k not in view],
        status=status_of(game),
    )
    return message, view


def line(message: Start | Moved) -> bytes:
    return _encoder.encode(message) + b"\n"


class ViewWriter:
    """Keeps `path` the watcher's stream of one game (called for each frame)."""

    def __init__(self, game: Any, path: Path, write_whole: Any) -> None:
        self.game = game
        self.path = path
        self.write_whole = write_whole  # (path, bytes): replace the file, readable by all
        self.size = 0
        self.view: dict = {}
        self.restart()

    def restart(self) -> None:
        start = start_of(self.game)
        data = line(start)
        self.write_whole(self.path, data)
        self.size, self.view = len(data), start.view

    def frame(self, item: Any) -> None:
        told = moved(self.game, item, self.view)
        if told is None:
            return
        data = line(told[0])
        if self.size + len(data) > LIMIT:
            self.restart()
            return
        try:
            fd = os.open(self.path, os.O_WRONLY | os.O_APPEND | os.O_NOFOLLOW)
            try:
                os.write(fd, data)
            finally:
                os.close(fd)
        except OSError as e:
            raise SaveError(f"{self.path}: cannot publish: {e.strerror or e}") from None
        self.size += len(data)
        self.view = told[1]


class _NoTable:
    seats: tuple = ()


class ViewFollower:
    """A watcher's stream followed read-only. It is also what a view replica's
    screen reads of a shared game's client (tui/screens/coop_view.py's
    ViewGame): the view, the status, nobody's seats, no table."""

    my_seats: tuple = ()
    view_seat = None
    closed = None
    lobby = _NoTable()

    def __init__(self, path: str | os.PathLike, owner: int | None = None) -> None:
        self.path = Path(path)
        self.owner = owner  # the uid the stream must belong to (None: any)
        self.reloads = 0
        self._fd: int | None = None
        self._load()
        self._notifier = Notifier.watch(self.path.parent)
        self.game: Any = None  # the screen's ViewGame over this follower

    # -- reading -------------------------------------------------------------------
    def _open(self) -> int:
        try:
            fd = os.open(self.path, os.O_RDONLY | os.O_NOFOLLOW | os.O_NONBLOCK)
        except FileNotFoundError:
            raise SaveError(f"{self.path}: the game's stream is not there") from None
        except OSError as e:
            raise SaveError(f"{self.path}: cannot open: {e.strerror or e}") from None
        info = os.fstat(fd)
        if not stat.S_ISREG(info.st_mode) or (self.owner is not None and info.st_uid != self.owner):
            os.close(fd)
            raise SaveError(f"{self.path}: is not its player's own stream; not watching it")
        return fd

    def _load(self) -> None:
        fd = self._open()
        try:
            data = _read(fd, 0)
        except OSError as e:
            os.close(fd)
            raise SaveError(f"{self.path}: cannot read: {e.strerror or e}") from None
        end = data.rfind(b"\n") + 1
        messages = self._decode(data[:end])
        if not messages or not isinstance(messages[0], Start):
            os.close(fd)
            raise SaveError(f"{self.path}: is not a watcher's stream")
        if self._fd is not None:
            os.close(self._fd)
        self._fd, self._end = fd, end
        self._identity = (os.fstat(fd).st_dev, os.fstat(fd).st_ino)
        start = messages[0]
        self.mode, self.mission, self.viewer = start.mode, start.mission, start.viewer
        self.view: dict = start.view or {}
        self.status: Status = start.status
        self.recent: deque = deque(maxlen=KEPT)  # (view before, update) of the last moves
        self.start_recent = list(start.recent)
        for update in messages[1:]:
            self.apply(self.update_of(update))

    def _decode(self, data: bytes) -> list[Any]:
        try:
            return [_decoder.decode(row) for row in data.splitlines() if row]
        except (msgspec.DecodeError, msgspec.ValidationError) as e:
            raise SaveError(f"{self.path}: damaged stream ({e})") from None

    def update_of(self, message: Moved) -> Seen:
        """A stream's line as a shared game's spectator would be told it."""
        view = {k: v for k, v in self.view.items() if k not in message.gone}
        view.update(message.changed)
        return Seen(message.kind, message.events, view, message.status)

    def apply(self, update: Seen) -> dict:
        """Take one update in; the view before it."""
        before = self.view
        self.view, self.status = update.view or {}, update.status
        self.recent.append((before, update))
        return before

    def poll(self) -> Update:
        """The updates the stream gained since the last poll, not yet applied
        (`apply` each, in order, before the next poll); never blocks."""
        if self._fd is None:
            return Update(error=f"{self.path}: no longer followed")
        try:
            st = os.stat(self.path)
        except FileNotFoundError:
            return Update(error="the game is no longer published (it ended, or its player left)")
        except OSError as e:
            return Update(error=f"{self.path}: cannot read: {e.strerror or e}")
        if (st.st_dev, st.st_ino) != self._identity or st.st_size < self._end:
            try:
                self._load()
            except SaveError as e:
                return Update(error=str(e))
            self.reloads += 1
            return Update(reloaded="its player's stream began again")
        if st.st_size == self._end:
            return Update()
        try:
            data = _read(self._fd, self._end)
        except OSError as e:
            return Update(error=f"{self.path}: cannot read: {e.strerror or e}")
        end = data.rfind(b"\n") + 1  # a line still being written is read next time
        try:
            messages = self._decode(data[:end])
        except SaveError as e:
            return Update(error=str(e))
        self._end += end
        frames, view = [], self.view
        for message in messages:
            if isinstance(message, Moved):
                frames.append(self.update_of(message))
                self.view = frames[-1].view  # the next line changes this one
        self.view = view
        return Update(frames=tuple(frames))

    def fileno(self) -> int | None:
        return None if self._notifier is None else self._notifier.fd

    def drain(self) -> None:
        if self._notifier is not None:
            self._notifier.drain()

    def can_undo(self) -> bool:
        return False

    def close(self) -> None:
        if self._fd is not None:
            os.close(self._fd)
            self._fd = None
        if self._notifier is not None:
            self._notifier.close()
            self._notifier = None

    def __del__(self) -> None:
        if getattr(self, "_notifier", None) is not None or getattr(self, "_fd", None) is not None:
            self.close()


def _read(fd: int, offset: int) -> bytes:
    chunks = []
    while chunk := os.pread(fd, 1 << 20, offset):
        chunks.append(chunk)
        offset += len(chunk)
        if offset > READ_LIMIT:
            raise OSError(0, "the stream is larger than a watcher reads")
    return b"".join(chunks)
