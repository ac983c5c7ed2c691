"""The record files of campaigns and matches, whatever the mode.

A record is an append-only file with a save's guarantees: magic bytes and a
header frame, then one framed msgspec Struct per change (engine.core.log's
framing, with checksums), each flushed and fsynced before the call returns;
OS-locked while a screen holds it open; a torn last record dropped with a
warning (and cut off before the next one is written); any other damage a
SaveError naming the file.

A mode describes its records once with a RecordKind (magic, suffix, folder,
header and record types, how records fold into what its screen shows) and
subclasses RecordFile for writing. Records live in $SHAMBLE_HOME/<folder>/
NAME<suffix>, and the saves of the games played for them in a folder of
their own beside it (so the title's Continue stays with plain games)."""

from __future__ import annotations

import os
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from functools import cached_property
from pathlib import Path
from typing import Any, ClassVar, Self

import msgspec

from engine.core import log
from saves.files import SaveError, read_bytes, sync_dir
from saves.session import _open_locked, _read_all, _write_at
from saves.slots import check_name, home

_DAMAGED = (msgspec.DecodeError, msgspec.ValidationError)
_encoder = msgspec.msgpack.Encoder()


def _nothing(header: Any, record: Any) -> None:
    return None


@dataclass(frozen=True, eq=False)
class RecordKind:
    """What one kind of record file is: its bytes, its place, its folding."""

    title: str  # what the file is: "not a Shamble <title>"
    noun: str  # what it holds, in messages: campaign | match
    magic: bytes  # eight bytes that open the file
    suffix: str  # of the record file, in `folder`
    folder: str  # under $SHAMBLE_HOME
    header: type  # the header Struct (with its `format`)
    record: Any  # the Struct, or tagged union of Structs, of one record
    new: Callable[[Any], Any]  # the state of a record with no records yet, from its header
    apply: Callable[[Any, Any], None]  # folds one record into that state
    # decodes what a record carries (engine data), raising msgspec's errors
    check: Callable[[Any, Any], None] = _nothing
    saves_in: str = "{name}"  # the folder of a record's game saves, beside it
    format: int = 1

    @cached_property
    def _headers(self) -> msgspec.msgpack.Decoder:
        return msgspec.msgpack.Decoder(self.header)

    @cached_property
    def _records(self) -> msgspec.msgpack.Decoder:
        return msgspec.msgpack.Decoder(self.record)

    def fold(self, header: Any, records: list[Any]) -> Any:
        state = self.new(header)
        for record in records:
            self.apply(state, record)
        return state

    def decode(self, data: bytes) -> tuple[Any, list[Any], list[str], int]:
        """Header, records, warnings and the length of the whole frames; LogError on damage."""
        if not data:
            raise log.LogError("the file is empty")
        if not data.startswith(self.magic):
            raise log.LogError(f"not a Shamble {self.title} (wrong magic bytes)")
        first = log.read_header_frame(data, len(self.magic))
        if first is None:
            raise log.LogError(f"the {self.noun} has no complete header")
        payload, start = first
        try:
            header = self._headers.decode(payload)
        except _DAMAGED as e:
            raise log.LogError(f"the {self.noun} header cannot be read: {e}") from None
        if header.format > self.format:
            raise log.LogError(
                f"the {self.noun} is format {header.format}, newer than this Shamble reads"
            )
        records: list[Any] = []
        warnings: list[str] = []
        end = len(data)
        for pos, body in log.iter_payloads(data, start):
            if body is None:
                warnings.append(f"dropped an incomplete last record at byte {pos}")
                end = pos
                break
            try:
                record = self._records.decode(body)
                self.check(header, record)
            except _DAMAGED as e:
                raise log.LogError(f"record at byte {pos} cannot be read: {e}") from None
            records.append(record)
        return header, records, warnings, end

    def _state(self, path: Path, data: bytes) -> tuple[Any, int]:
        """The record folded, its warnings naming the file, and where the next one goes."""
        try:
            header, records, warnings, end = self.decode(data)
        except log.LogError as e:
            raise SaveError(f"{path}: {e}") from None
        state = self.fold(header, records)
        state.warnings = [f"{path}: {w}" for w in warnings]
        return state, end

    def read(self, path: str | os.PathLike) -> Any:
        """The record at path folded, read only."""
        path = Path(path)
        return self._state(path, read_bytes(path))[0]

    # -- where records live -----------------------------------------------------
    def directory(self, create: bool = False) -> Path:
        directory = home() / self.folder
        if create:
            try:
                directory.mkdir(parents=True, exist_ok=True)
            except OSError as e:
                raise SaveError(
                    f"{directory}: cannot create the {self.folder} folder: {e.strerror}"
                ) from None
        return directory

    def path(self, name: str, create_dir: bool = False) -> Path:
        return self.directory(create_dir) / (check_name(name) + self.suffix)

    def saves_folder(self, name: str) -> Path:
        return self.directory() / self.saves_in.format(name=check_name(name))

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
            folder.mkdir(parents=True, exist_ok=True)
        except OSError as e:
            raise SaveError(
                f"{folder}: cannot create the {self.noun} folder: {e.strerror}"
            ) from None
        base = check_name(base)
        n = 1
        while (path := folder / f"{base}-{n}.shamble").exists():
            n += 1
        return path

    def listing(self) -> Iterator[tuple[Path, Any, str | None]]:
        """(path, state, None) per record, or (path, None, why) for a damaged
        one, most recently changed first."""
        directory = self.directory()
        if not directory.is_dir():
            return
        paths = sorted(
            (p for p in directory.iterdir() if p.suffix == self.suffix and p.is_file()),
            key=lambda p: (p.stat().st_mtime, p.name),
            reverse=True,
        )
        for path in paths:
            try:
                yield path, self.read(path), None
            except SaveError as e:
                yield path, None, str(e)


class RecordFile:
    """A record open for writing, OS-locked until closed. A mode subclasses
    it with its `record_kind` and the methods that make its records."""

    record_kind: ClassVar[RecordKind]

    def __init__(self, path: Path, fd: int, state: Any, end: int, fsync: bool) -> None:
        self.path = path
        self.state = state
        self.fsync = fsync
        self._fd: int | None = fd
        self._end = end

    @classmethod
    def new(cls, path: str | os.PathLike, header: Any, *, fsync: bool = True) -> Self:
        """A new record holding only its header, durably; refused where one exists."""
        kind = cls.record_kind
        path = Path(path)
        fd = _open_locked(path, os.O_RDWR | os.O_CREAT)
        try:
            if os.fstat(fd).st_size:
                raise SaveError(f"{path}: a {kind.noun} already exists here")
            data = kind.magic + log.header_frame(_encoder.encode(header))
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
        return cls(path, fd, kind.fold(header, []), len(data), fsync)

    @classmethod
    def open(cls, path: str | os.PathLike, *, fsync: bool = True) -> Self:
        """Open for writing; nothing is written until a record is added."""
        path = Path(path)
        fd = _open_locked(path, os.O_RDWR)
        try:
            state, end = cls.record_kind._state(path, _read_all(fd))
        except BaseException:
            os.close(fd)
            raise
        return cls(path, fd, state, end, fsync)

    def write(self, record: Any) -> None:
        """Append one record durably (a torn one left by a crash goes first)."""
        if self._fd is None:
            raise SaveError(f"{self.path}: the {self.record_kind.noun} is closed")
        data = log.encode_frame(record)
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

    def add(self, record: Any) -> None:
        """Append one record, durably, then fold it into the state."""
        self.write(record)
        self.record_kind.apply(self.state, record)

    def close(self) -> None:
        if self._fd is not None:
            os.close(self._fd)
            self._fd = None

    def __enter__(self) -> Self:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()
