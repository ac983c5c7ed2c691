"""The sniper's campaign record (house rule SN-C): the engine's campaign
Progress after every change (the three maps, what he carries on, losses in a
row, won or lost), the missions played with their outcomes, and the save of
the mission in play.

The same guarantees as a save and as saves/campaign.py (station's record):
an append-only log of frames with checksums, flushed and fsynced per
record, OS-locked while open, a torn last record dropped with a warning,
any other damage a SaveError naming the file. Records live beside station's
in $SHAMBLE_HOME/campaigns, with their own suffix, and the missions' saves
in a folder of their own (so Continue stays with plain games).

The rules (what a won or lost mission carries on) are engine.sniper.campaign's;
this module stores their results."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

import msgspec

from engine import APP_VERSION
from engine.core import log
from engine.sniper.campaign import Progress
from saves.files import SaveError, now, read_bytes, sync_dir
from saves.session import _open_locked, _read_all, _write_at
from saves.slots import check_name, home

MAGIC = b"SHAMSNP\x00"
FORMAT = 1
SUFFIX = ".sniper"


class Header(msgspec.Struct, frozen=True, tag="sniper_campaign"):
    format: int
    app: str
    name: str
    commander: str = "ai"  # who plays the commander in every mission: ai | human
    created: str = ""


class MissionPlayed(msgspec.Struct, frozen=True, tag="played"):
    mission: str
    outcome: str  # won | lost
    save: str
    turn: int = 0


class ProgressSaved(msgspec.Struct, frozen=True, tag="progress"):
    """The engine's Progress after a change, with the save of the mission in
    play ("" when none is) and the mission this change folded in."""

    data: bytes  # msgpack of engine.sniper.campaign.Progress
    save: str = ""
    played: MissionPlayed | None = None


_record_decoder = msgspec.msgpack.Decoder(ProgressSaved)
_header_decoder = msgspec.msgpack.Decoder(Header)
_progress_decoder = msgspec.msgpack.Decoder(Progress)
_encoder = msgspec.msgpack.Encoder()


class State(msgspec.Struct):
    """The record folded: what the campaign screen shows."""

    header: Header
    progress: Progress | None = None
    save: str = ""  # the mission in play
    played: list[MissionPlayed] = []
    warnings: list[str] = []


def fold(header: Header, records: list[ProgressSaved]) -> State:
    state = State(header=header, played=[])
    for record in records:
        apply(state, record)
    return state


def apply(state: State, record: ProgressSaved) -> None:
    state.progress = _progress_decoder.decode(record.data)
    state.save = record.save
    if record.played is not None:
        state.played.append(record.played)


def decode(data: bytes) -> tuple[Header, list[ProgressSaved], list[str], int]:
    """Header, records, warnings and the length of the whole frames; LogError on damage."""
    if not data:
        raise log.LogError("the file is empty")
    if not data.startswith(MAGIC):
        raise log.LogError("not a Shamble sniper campaign (wrong magic bytes)")
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
    records: list[ProgressSaved] = []
    warnings: list[str] = []
    end = len(data)
    for pos, body in log.iter_payloads(data, start):
        if body is None:
            warnings.append(f"dropped an incomplete last record at byte {pos}")
            end = pos
            break
        try:
            record = _record_decoder.decode(body)
            _progress_decoder.decode(record.data)
        except (msgspec.DecodeError, msgspec.ValidationError) as e:
            raise log.LogError(f"record at byte {pos} cannot be read: {e}") from None
        records.append(record)
    return header, records, warnings, end


def campaigns_dir(create: bool = False) -> Path:
    directory = home() / "campaigns"
    if create:
        try:
            directory.mkdir(parents=True, exist_ok=True)
        except OSError as e:
            raise SaveError(f"{directory}: cannot create the folder: {e.strerror}") from None
    return directory


def record_path(name: str, create_dir: bool = False) -> Path:
    return campaigns_dir(create_dir) / (check_name(name) + SUFFIX)


def read(path: str | os.PathLike) -> State:
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
    """A sniper campaign open for writing (locked until closed)."""

    def __init__(self, path: Path, fd: int, state: State, end: int, fsync: bool) -> None:
        self.path = path
        self.state = state
        self.fsync = fsync
        self._fd: int | None = fd
        self._end = end

    @classmethod
    def create(
        cls, path: str | os.PathLike, *, name: str, commander: str = "ai", fsync: bool = True
    ) -> Record:
        path = Path(path)
        fd = _open_locked(path, os.O_RDWR | os.O_CREAT)
        header = Header(
            format=FORMAT, app=APP_VERSION, name=name, commander=commander, created=now()
        )
        try:
            if os.fstat(fd).st_size:
                raise SaveError(f"{path}: a campaign already exists here")
            data = MAGIC + log.header_frame(_encoder.encode(header))
            _write_at(fd, data, 0)
            if fsync:
                os.fsync(fd)
                sync_dir(path.parent)
        except BaseException:
            os.close(fd)
            raise
        return cls(path, fd, fold(header, []), len(data), fsync)

    @classmethod
    def open(cls, path: str | os.PathLike, *, fsync: bool = True) -> Record:
        """Open for writing; nothing is written until a record is added."""
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
        self, progress: Progress, save: str | os.PathLike = "", played: MissionPlayed | None = None
    ) -> None:
        """Record the campaign after a change, durably, then fold it in."""
        if self._fd is None:
            raise SaveError(f"{self.path}: the campaign is closed")
        if not isinstance(progress, Progress):
            raise SaveError(f"{self.path}: a sniper campaign keeps a sniper Progress")
        record = ProgressSaved(data=_encoder.encode(progress), save=str(save), played=played)
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
        apply(self.state, record)

    def close(self) -> None:
        if self._fd is not None:
            os.close(self._fd)
            self._fd = None

    def __enter__(self) -> Record:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


def start(name: str, progress: Progress, commander: str = "ai", *, fsync: bool = True) -> Record:
    """Create a new campaign's record, its first state written before this returns."""
    record = Record.create(
        record_path(name, create_dir=True), name=name, commander=commander, fsync=fsync
    )
    try:
        record.save_progress(progress)
    except BaseException:
        record.close()
        raise
    return record


def free_name(prefix: str = "sniper") -> str:
    """The first unused record name prefix-1, prefix-2, ..."""
    n = 1
    while record_path(f"{prefix}-{n}").exists():
        n += 1
    return check_name(f"{prefix}-{n}")


def mission_save_path(name: str, mission: str) -> Path:
    """A fresh save file for the campaign's next mission, in its own folder."""
    folder = campaigns_dir() / (check_name(name) + "-missions")
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError as e:
        raise SaveError(f"{folder}: cannot create the campaign folder: {e.strerror}") from None
    base = check_name(mission or "mission")
    n = 1
    while (path := folder / f"{base}-{n}.shamble").exists():
        n += 1
    return path


class Info(msgspec.Struct):
    """What the list of sniper campaigns shows about one record."""

    name: str
    path: str
    progress: Progress | None = None
    commander: str = "ai"
    save: str = ""
    error: str | None = None


def list_records() -> list[Info]:
    """Every sniper campaign, newest first; damaged ones say why."""
    directory = campaigns_dir()
    if not directory.is_dir():
        return []
    paths = sorted(
        (p for p in directory.iterdir() if p.suffix == SUFFIX and p.is_file()),
        key=lambda p: (p.stat().st_mtime, p.name),
        reverse=True,
    )
    infos = []
    for path in paths:
        try:
            state = read(path)
        except SaveError as e:
            infos.append(Info(path.stem, str(path), error=str(e)))
            continue
        infos.append(
            Info(state.header.name, str(path), state.progress, state.header.commander, state.save)
        )
    return infos


def describe(info: Info | Any) -> str:
    """One line about a record for a list."""
    if info.error:
        return f"{info.name}: cannot be read"
    p = info.progress
    if p is None:
        return f"{info.name}: empty"
    where = p.outcome or f"mission {p.index + 1} of {len(p.missions)}: {p.mission}"
    iron = ", ironman" if p.ironman else ""
    who = ", hot-seat" if info.commander == "human" else ""
    return f"{info.name}: {where}{iron}{who}"
