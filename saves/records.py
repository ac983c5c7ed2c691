"""The records of what goes from one game to the next: campaigns, endless
runs, matches, of every mode, in one store that names no mode.

A mode's engine says what it carries over (its `carries`: record kind ->
the frozen Struct its campaign or match rules fold finished games into,
engine.core.mode); a record keeps that Struct, msgpack-encoded, after every
change, with the save of the game in play and the games played. The last
one read back is exactly what was written.

A record is an append-only file with a save's guarantees: magic bytes and a
header frame, then one framed msgspec Struct per change (engine.core.log's
framing, with checksums), each flushed and fsynced before the call returns;
OS-locked while a screen holds it open; a torn last record dropped with a
warning (and cut off before the next one is written); any other damage a
SaveError naming the file. Records of a mode's kind live in one folder of
$SHAMBLE_HOME, and the saves of the games played for one in a folder of its
own beside it (so the title's Continue stays with plain games). Files
written before this store (one format per mode) still read, and are
rewritten in this format the first time they are opened to take a change
(saves/old_records.py)."""

from __future__ import annotations

import os
from functools import cache
from pathlib import Path
from typing import Any, Self

import msgspec

from engine import APP_VERSION, RuleError, get_mode, modes
from engine.core import log
from engine.core.mode import carried, optional
from saves.files import SaveError, now, private_folder, read_bytes, sync_dir
from saves.old_records import OLD_PLACES, decode_old
from saves.record_format import (
    DAMAGED,
    FORMAT,
    MAGIC,
    Entry,
    Header,
    Place,
    Played,
    RecordState,
    Saved,
    Scored,
    apply,
    carried_of,
    fold_frames,
    new_state,
)
from saves.session import _open_locked, _read_all, _write_at
from saves.slots import check_name, home

_encoder = msgspec.msgpack.Encoder()
_headers = msgspec.msgpack.Decoder(Header)
_entries = msgspec.msgpack.Decoder(Entry)


def decode(data: bytes, noun: str = "record") -> tuple[RecordState, int]:
    """The record in data folded (its warnings not yet naming the file) and
    the length of its whole frames; LogError on damage."""
    if not data:
        raise log.LogError("the file is empty")
    if not data.startswith(MAGIC):
        return decode_old(data, noun)
    return fold_frames(data, len(MAGIC), _headers, _entries, FORMAT, lambda h: h, apply, noun)


def encode(state: RecordState) -> bytes:
    """A whole file holding state: its header, then what was played and the
    last thing saved (how an older file is rewritten in this format)."""
    parts = [MAGIC, log.header_frame(_encoder.encode(state.header))]
    parts += [log.encode_frame(p) for p in state.played]
    if state.progress is not None:
        parts.append(log.encode_frame(Saved(_encoder.encode(state.progress), state.save)))
    if state.scored:
        parts.append(log.encode_frame(Scored(state.score)))
    return b"".join(parts)


def place_of(mode: str, kind: str) -> Place:
    old = OLD_PLACES.get((mode, kind))
    return old or Place("records", f".{mode}-{kind}", f"{{name}}.{mode}-{kind}-games")


class Listed(msgspec.Struct):
    """What a list of records shows about one."""

    name: str
    path: str
    kind: str = ""
    progress: Any = None
    save: str = ""  # the game in play, if any
    options: dict[str, str] = {}
    error: str | None = None


class Store:
    """One mode's records of one kind: what its engine carries as `kind`."""

    def __init__(self, mode: str, kind: str) -> None:
        self.type = carried(mode, kind)  # RuleError when the mode carries no such kind
        self.mode, self.kind = mode, kind
        self.place = place_of(mode, kind)
        self.title = f"{mode} {kind}"

    def directory(self, create: bool = False) -> Path:
        directory = home() / self.place.folder
        if create:
            try:
                private_folder(directory)
            except OSError as e:
                raise SaveError(
                    f"{directory}: cannot create the {self.place.folder} folder: {e.strerror}"
                ) from None
        return directory

    def path(self, name: str, create_dir: bool = False) -> Path:
        return self.directory(create_dir) / (check_name(name) + self.place.suffix)

    def saves_folder(self, name: str) -> Path:
        return self.directory() / self.place.saves_in.format(name=check_name(name))

    def free_name(self, prefix: str) -> str:
        """The first name prefix-1, prefix-2... with no record nor saves folder yet."""
        n = 1
        while self.path(f"{prefix}-{n}").exists() or self.saves_folder(f"{prefix}-{n}").exists():
            n += 1
        return check_name(f"{prefix}-{n}")

    def save_path(self, name: str, base: str) -> Path:
        """A fresh game save (base-1.shamble, base-2...) in the saves folder of record `name`."""
        folder = self.saves_folder(name)
        try:
            private_folder(folder)
        except OSError as e:
            raise SaveError(
                f"{folder}: cannot create the {self.kind} folder: {e.strerror}"
            ) from None
        base = check_name(base)
        n = 1
        while (path := folder / f"{base}-{n}.shamble").exists():
            n += 1
        return path

    def state_of(self, path: Path, data: bytes) -> tuple[RecordState, int]:
        """The record folded, its warnings naming the file, and where the next one goes."""
        try:
            state, end = decode(data, self.kind)
        except log.LogError as e:
            raise SaveError(f"{path}: {e}") from None
        if state.header.mode != self.mode:
            raise SaveError(f"{path}: a {state.header.mode} record, not a {self.title}")
        state.warnings = [f"{path}: {w}" for w in state.warnings]
        return state, end

    def read(self, path: str | os.PathLike) -> RecordState:
        """The record at path folded, read only."""
        path = Path(path)
        return self.state_of(path, read_bytes(path))[0]

    def open(self, path: str | os.PathLike, *, fsync: bool = True) -> Record:
        return Record.open(self, path, fsync=fsync)

    def start(
        self, name: str, progress: Any, options: dict[str, str] | None = None, *, fsync: bool = True
    ) -> Record:
        """A new record named `name`, open and locked, holding progress: its
        first state is on disk before this returns."""
        header = Header(
            format=FORMAT,
            app=APP_VERSION,
            name=name,
            mode=self.mode,
            kind=self.kind,
            created=now(),
            options=dict(options or {}),
        )
        record = Record.new(self, self.path(name, create_dir=True), header, fsync=fsync)
        try:
            record.save_progress(progress)
        except BaseException:
            record.close()
            raise
        return record

    def files(self) -> list[Path]:
        directory = self.directory()
        if not directory.is_dir():
            return []
        return sorted(
            (p for p in directory.iterdir() if p.suffix == self.place.suffix and p.is_file()),
            key=lambda p: (p.stat().st_mtime, p.name),
            reverse=True,
        )

    def listing(self) -> list[Listed]:
        """Every record of this kind, most recently changed first; damaged
        ones (of any kind in its files) say why."""
        found = []
        for path in self.files():
            try:
                state = self.read(path)
            except SaveError as e:
                found.append(Listed(path.stem, str(path), error=str(e)))
                continue
            h = state.header
            if h.kind == self.kind:
                found.append(
                    Listed(h.name, str(path), h.kind, state.progress, state.save, h.options)
                )
        return found


@cache
def store(mode: str, kind: str) -> Store:
    """The records mode keeps as kind; RuleError when it carries no such kind."""
    return Store(mode, kind)


def store_for(progress: Any) -> Store:
    """The store of whatever mode carries progress's type."""
    for mode in modes():
        for kind, carried_type in optional(get_mode(mode), "carries").items():
            if type(progress) is carried_type:
                return store(mode, kind)
    raise RuleError("unknown_record", f"no mode carries a {type(progress).__name__}")


class Record:
    """A record open for writing, OS-locked until closed."""

    def __init__(
        self, store: Store, path: Path, fd: int, state: RecordState, end: int, fsync: bool
    ):
        self.store = store
        self.path = path
        self.state = state
        self.fsync = fsync
        self._fd: int | None = fd
        self._end = end

    @classmethod
    def new(cls, store: Store, path: Path, header: Header, *, fsync: bool = True) -> Self:
        """A new record holding only its header, durably; refused where one exists."""
        fd = _open_locked(path, os.O_RDWR | os.O_CREAT)
        try:
            if os.fstat(fd).st_size:
                raise SaveError(f"{path}: a {store.kind} already exists here")
            data = MAGIC + log.header_frame(_encoder.encode(header))
            _write_at(fd, data, 0)
            if fsync:
                os.fsync(fd)
                sync_dir(path.parent)
        except OSError as e:
            os.close(fd)
            raise SaveError(f"{path}: cannot write: {e.strerror or e}") from None
        except BaseException:
            os.close(fd)
            raise
        return cls(store, path, fd, new_state(header), len(data), fsync)

    @classmethod
    def open(cls, store: Store, path: str | os.PathLike, *, fsync: bool = True) -> Self:
        """Open for writing; nothing is written until a record is added, but
        an older file is first rewritten in this format, whole or not at all."""
        path = Path(path)
        fd = _open_locked(path, os.O_RDWR)
        try:
            data = _read_all(fd)
            state, end = store.state_of(path, data)
            if not data.startswith(MAGIC):
                fd, end = _rewritten(path, fd, state, fsync)
        except BaseException:
            os.close(fd)
            raise
        return cls(store, path, fd, state, end, fsync)

    @property
    def progress(self) -> Any:
        return self.state.progress

    def write(self, entry: Any) -> None:
        """Append one entry durably (a torn one left by a crash goes first)."""
        if self._fd is None:
            raise SaveError(f"{self.path}: the {self.store.kind} is closed")
        data = log.encode_frame(entry)
        try:
            if os.fstat(self._fd).st_size != self._end:
                os.ftruncate(self._fd, self._end)
            _write_at(self._fd, data, self._end)
            if self.fsync:
                os.fsync(self._fd)
        except OSError as e:
            try:
                os.ftruncate(self._fd, self._end)
            except OSError:
                pass
            raise SaveError(f"{self.path}: cannot record: {e.strerror or e}") from None
        self._end += len(data)

    def add(self, entry: Any) -> None:
        """Append one entry, durably, then fold it into the state."""
        if isinstance(entry, Saved):
            try:
                carried_of(self.state.header, entry.data)
            except DAMAGED as e:
                raise SaveError(f"{self.path}: not a {self.store.kind} to record: {e}") from None
        self.write(entry)
        apply(self.state, entry)

    def save_progress(
        self, progress: Any, save: str | os.PathLike = "", played: Played | None = None
    ):
        """Record what the mode carries after a change, with the save of the
        game now in play ("" when none is) and the game just folded in."""
        if type(progress) is not self.store.type:
            raise SaveError(
                f"{self.path}: a {self.store.title} keeps a {self.store.type.__name__}, "
                f"not a {type(progress).__name__}"
            )
        self.add(Saved(data=_encoder.encode(progress), save=str(save), played=played))

    def game_save_path(self, base: str) -> Path:
        """A fresh save file for the record's next game, in its own folder."""
        return self.store.save_path(self.state.header.name, base or "game")

    def close(self) -> None:
        if self._fd is not None:
            os.close(self._fd)
            self._fd = None

    def __enter__(self) -> Self:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


def _rewritten(path: Path, fd: int, state: RecordState, fsync: bool) -> tuple[int, int]:
    """An older record's file replaced by the same record in this format: the
    new file is locked before it takes the old one's name, so whoever opens
    the path next finds it held. (fd of the new file, its length)"""
    data = encode(state)
    tmp = path.with_name(f".{path.name}.{os.getpid()}.tmp")
    new = _open_locked(tmp, os.O_RDWR | os.O_CREAT | os.O_TRUNC)
    try:
        _write_at(new, data, 0)
        if fsync:
            os.fsync(new)
        os.replace(tmp, path)
        if fsync:
            sync_dir(path.parent)
    except OSError as e:
        os.close(new)
        tmp.unlink(missing_ok=True)
        raise SaveError(f"{path}: cannot write: {e.strerror or e}") from None
    os.close(fd)
    return new, len(data)
