"""The record of a Siege campaign (docs/rules-siege.md "Campaign"): the
engine's Progress after every change (who goes on, with which items, which
mission is due, the losses in a row), the save of the mission in play and
the missions played with their outcomes.

Stored like every other record of this game: an append-only log framed
with checksums (engine.core.log), each record flushed and fsynced before
the call returns, the file OS-locked while a screen holds it open, a torn
last record dropped with a warning, any other damage a SaveError naming
the file. The campaign's rules are engine.siege.campaign's; this module
keeps their answers. Files: campaigns/<name>.siege, with the missions'
saves in campaigns/<name>/."""

from __future__ import annotations

import os
from pathlib import Path

import msgspec

from engine import APP_VERSION
from engine.core import log
from engine.siege.campaign import Progress
from saves.files import SaveError, now, read_bytes, sync_dir
from saves.session import _open_locked, _read_all, _write_at
from saves.slots import check_name, home

MAGIC = b"SHAMSIE\x00"
FORMAT = 1
SUFFIX = ".siege"


class Header(msgspec.Struct, frozen=True, tag="siege_campaign"):
    format: int
    app: str
    name: str
    campaign: str  # the engine's campaign id (nightfall)
    created: str = ""


class Played(msgspec.Struct, frozen=True, tag="played"):
    mission: str
    outcome: str  # won | lost
    save: str
    round: int = 0


class Saved(msgspec.Struct, frozen=True, tag="progress"):
    """The engine's Progress after a change, and the save of the mission in
    play ("" when none is); `played` is the mission this change folded in."""

    data: bytes
    save: str = ""
    played: Played | None = None


_decoder = msgspec.msgpack.Decoder(Saved)
_header_decoder = msgspec.msgpack.Decoder(Header)
_encoder = msgspec.msgpack.Encoder()


class RecordState(msgspec.Struct):
    """The record folded: what the campaign screen shows."""

    header: Header
    progress: Progress | None = None
    save: str = ""  # the mission in play
    played: list[Played] = []
    warnings: list[str] = []


def _progress(data: bytes) -> Progress:
    return msgspec.msgpack.decode(data, type=Progress)


def fold(header: Header, records: list[Saved]) -> RecordState:
    state = RecordState(header=header, played=[])
    for record in records:
        apply(state, record)
    return state


def apply(state: RecordState, record: Saved) -> None:
    state.progress = _progress(record.data)
    state.save = record.save
    if record.played is not None:
        state.played.append(record.played)


def decode(data: bytes) -> tuple[Header, list[Saved], list[str], int]:
    """Header, records, warnings and the length of the whole frames; LogError on damage."""
    if not data:
        raise log.LogError("the file is empty")
    if not data.startswith(MAGIC):
        raise log.LogError("not a Shamble siege campaign (wrong magic bytes)")
    first = log.read_header_frame(data, len(MAGIC))
    if first is None:
        raise log.LogError("the campaign has no complete header")
    payload, start = first
    try:
        header = _header_decoder.decode(payload)
    except (msgspec.DecodeError, msgspec.ValidationError) as e:
        raise log.LogError(f"the campaign header cannot be read: {e}") from None
    if header.format > FORMAT:
        raise log.LogError(f"the campaign is format {header.format}, newer than this Shamble reads")
    records: list[Saved] = []
    warnings: list[str] = []
    end = len(data)
    for pos, body in log.iter_payloads(data, start):
        if body is None:
            warnings.append(f"dropped an incomplete last record at byte {pos}")
            end = pos
            break
        try:
            record = _decoder.decode(body)
            _progress(record.data)
        except (msgspec.DecodeError, msgspec.ValidationError) as e:
            raise log.LogError(f"record at byte {pos} cannot be read: {e}") from None
        records.append(record)
    return header, records, warnings, end


def campaigns_dir(create: bool = False) -> Path:
    directory = home() / "campaigns"
    if create:
        directory.mkdir(parents=True, exist_ok=True)
    return directory


def record_path(name: str, create_dir: bool = False) -> Path:
    return campaigns_dir(create_dir) / (check_name(name) + SUFFIX)


def read(path: str | os.PathLike) -> RecordState:
    """The campaign at path, read only."""
    path = Path(path)
    try:
        header, records, warnings, _ = decode(read_bytes(path))
    except log.LogError as e:
        raise SaveError(f"{path}: {e}") from None
    state = fold(header, records)
    state.warnings = [f"{path}: {w}" for w in warnings]
    return state


class Record:
    """A campaign record open for writing (locked until closed)."""

    def __init__(self, path: Path, fd: int, state: RecordState, end: int, fsync: bool) -> None:
        self.path = path
        self.state = state
        self.fsync = fsync
        self._fd: int | None = fd
        self._end = end

    @classmethod
    def create(
        cls, path: str | os.PathLike, *, name: str, campaign: str, fsync: bool = True
    ) -> Record:
        path = Path(path)
        fd = _open_locked(path, os.O_RDWR | os.O_CREAT)
        header = Header(format=FORMAT, app=APP_VERSION, name=name, campaign=campaign, created=now())
        try:
            if os.fstat(fd).st_size:
                raise SaveError(f"{path}: a campaign already exists here")
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
        return cls(path, fd, fold(header, []), len(data), fsync)

    @classmethod
    def open(cls, path: str | os.PathLike, *, fsync: bool = True) -> Record:
        """Open for writing; nothing is written until a change is recorded."""
        path = Path(path)
        fd = _open_locked(path, os.O_RDWR)
        try:
            header, records, warnings, end = decode(_read_all(fd))
        except log.LogError as e:
            os.close(fd)
            raise SaveError(f"{path}: {e}") from None
        state = fold(header, records)
        state.warnings = [f"{path}: {w}" for w in warnings]
        return cls(path, fd, state, end, fsync)

    @property
    def progress(self) -> Progress | None:
        return self.state.progress

    def save_progress(
        self, progress: Progress, save: str | os.PathLike = "", played: Played | None = None
    ) -> None:
        """Record the campaign after a change, durably, then fold it in."""
        if self._fd is None:
            raise SaveError(f"{self.path}: the campaign is closed")
        if not isinstance(progress, Progress):
            raise SaveError(f"{self.path}: a siege campaign keeps a siege Progress")
        record = Saved(data=_encoder.encode(progress), save=str(save), played=played)
        data = log.encode_frame(record)
        try:
            if os.fstat(self._fd).st_size != self._end:
                os.ftruncate(self._fd, self._end)  # a torn record left by a crash goes first
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
        apply(self.state, record)

    def close(self) -> None:
        if self._fd is not None:
            os.close(self._fd)
            self._fd = None

    def __enter__(self) -> Record:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


def free_name(prefix: str) -> str:
    """The first name prefix-1, prefix-2... with no record nor folder yet."""
    n = 1
    while record_path(f"{prefix}-{n}").exists() or (campaigns_dir() / f"{prefix}-{n}").exists():
        n += 1
    return check_name(f"{prefix}-{n}")


def start(progress: Progress, *, fsync: bool = True) -> Record:
    """A new record for a new campaign (named after it, -1, -2...), its first
    state on disk before this returns; open and locked."""
    name = free_name(progress.campaign)
    record = Record.create(
        record_path(name, create_dir=True), name=name, campaign=progress.campaign, fsync=fsync
    )
    try:
        record.save_progress(progress)
    except BaseException:
        record.close()
        raise
    return record


def mission_save_path(record: Record, mission: str) -> Path:
    """A fresh save file for the campaign's next mission, in its own folder
    (so the title's Continue stays with plain games)."""
    folder = campaigns_dir() / check_name(record.state.header.name)
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError as e:
        raise SaveError(f"{folder}: cannot create the campaign folder: {e.strerror}") from None
    base = check_name(mission or "mission")
    n = 1
    while (path := folder / f"{base}-{n}.shamble").exists():
        n += 1
    return path


class Listed(msgspec.Struct):
    """What the list of siege campaigns shows about one record."""

    name: str
    path: str
    progress: Progress | None = None
    save: str = ""
    error: str | None = None


def list_records() -> list[Listed]:
    """Every siege campaign record, newest first; damaged ones say why."""
    directory = campaigns_dir()
    if not directory.is_dir():
        return []
    paths = sorted(
        (p for p in directory.iterdir() if p.suffix == SUFFIX and p.is_file()),
        key=lambda p: (p.stat().st_mtime, p.name),
        reverse=True,
    )
    out: list[Listed] = []
    for path in paths:
        try:
            state = read(path)
        except SaveError as e:
            out.append(Listed(path.stem, str(path), error=str(e)))
            continue
        out.append(Listed(state.header.name, str(path), state.progress, state.save))
    return out
