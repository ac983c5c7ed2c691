"""The campaign record (rules ST-C): the roster with XP, level, skills and
kept cards; the missions played with their outcomes; the current mission's
save. An append-only log with the same guarantees as a save: framed with
checksums, flushed and fsynced per record, OS-locked while open, a torn last
record dropped with a warning, any other damage a SaveError naming the file.

The campaign flow (who levels up, which card is kept, when a campaign is
won or lost) belongs to the rules and screens; this module stores their
decisions and folds them back into a record.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

import msgspec

from engine import APP_VERSION
from engine.core import log
from saves.files import SaveError, now, read_bytes, sync_dir
from saves.session import _open_locked, _read_all, _write_at
from saves.slots import check_name, home

MAGIC = b"SHAMCMP\x00"
FORMAT = 1
SUFFIX = ".campaign"


class CampaignHeader(msgspec.Struct, frozen=True, tag="campaign"):
    format: int
    app: str
    name: str
    mode: str
    missions: tuple[str, ...]  # in the order they are played (ST-C.1)
    roster: tuple[str, ...]
    undo: str = "casual"  # ironman campaigns refuse undo (ST-C.4)
    created: str = ""


class Survivor(msgspec.Struct, frozen=True, tag="survivor"):
    """A survivor as they stand between missions (ST-C.2)."""

    id: str
    xp: int = 0
    level: str = "blue"
    skills: tuple[str, ...] = ()
    kept: tuple[str, ...] = ()  # cards kept for the next mission
    sits_out: bool = False  # eliminated last mission: sits out the next


class MissionStarted(msgspec.Struct, frozen=True, tag="started"):
    mission: str
    save: str  # the mission's save file


class MissionPlayed(msgspec.Struct, frozen=True, tag="played"):
    mission: str
    outcome: str  # "won" | "lost"
    save: str
    round: int = 0
    score: int = 0


Record = Survivor | MissionStarted | MissionPlayed
_record_decoder = msgspec.msgpack.Decoder(Record)
_header_decoder = msgspec.msgpack.Decoder(CampaignHeader)
_encoder = msgspec.msgpack.Encoder()


class CampaignState(msgspec.Struct):
    """The record folded: what a campaign screen shows."""

    header: CampaignHeader
    roster: dict[str, Survivor]
    played: list[MissionPlayed]
    current: MissionStarted | None  # started and not yet played out
    warnings: list[str] = []


def campaigns_dir(create: bool = False) -> Path:
    directory = home() / "campaigns"
    if create:
        directory.mkdir(parents=True, exist_ok=True)
    return directory


def campaign_path(name: str, create_dir: bool = False) -> Path:
    return campaigns_dir(create_dir) / (check_name(name) + SUFFIX)


def fold(header: CampaignHeader, records: list[Any]) -> CampaignState:
    state = CampaignState(
        header=header,
        roster={sid: Survivor(id=sid) for sid in header.roster},
        played=[],
        current=None,
    )
    for record in records:
        apply(state, record)
    return state


def apply(state: CampaignState, record: Any) -> None:
    match record:
        case Survivor():
            state.roster[record.id] = record
        case MissionStarted():
            state.current = record
        case MissionPlayed():
            state.played.append(record)
            state.current = None


def decode(data: bytes) -> tuple[CampaignHeader, list[Any], list[str], int]:
    """Header, records, warnings and the length of the whole frames; LogError on damage."""
    if not data:
        raise log.LogError("the file is empty")
    if not data.startswith(MAGIC):
        raise log.LogError("not a Shamble campaign (wrong magic bytes)")
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
    records: list[Any] = []
    warnings: list[str] = []
    end = len(data)
    for pos, body in log.iter_payloads(data, start):
        if body is None:
            warnings.append(f"dropped an incomplete last record at byte {pos}")
            end = pos
            break
        try:
            records.append(_record_decoder.decode(body))
        except (msgspec.DecodeError, msgspec.ValidationError) as e:
            raise log.LogError(f"record at byte {pos} cannot be read: {e}") from None
    return header, records, warnings, end


def read(path: str | os.PathLike) -> CampaignState:
    """The campaign at path, read only."""
    path = Path(path)
    data = read_bytes(path)
    try:
        header, records, warnings, _ = decode(data)
    except log.LogError as e:
        raise SaveError(f"{path}: {e}") from None
    state = fold(header, records)
    state.warnings = [f"{path}: {w}" for w in warnings]
    return state


class Campaign:
    """A campaign record open for writing (locked until closed)."""

    def __init__(self, path: Path, fd: int, state: CampaignState, end: int, fsync: bool) -> None:
        self.path = path
        self.state = state
        self.fsync = fsync
        self._fd: int | None = fd
        self._end = end

    @classmethod
    def create(
        cls,
        path: str | os.PathLike,
        *,
        name: str,
        mode: str,
        missions: list[str],
        roster: list[str],
        undo: str = "casual",
        fsync: bool = True,
    ) -> Campaign:
        path = Path(path)
        fd = _open_locked(path, os.O_RDWR | os.O_CREAT)
        header = CampaignHeader(
            format=FORMAT,
            app=APP_VERSION,
            name=name,
            mode=mode,
            missions=tuple(missions),
            roster=tuple(roster),
            undo=undo,
            created=now(),
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
    def open(cls, path: str | os.PathLike, *, fsync: bool = True) -> Campaign:
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

    def add(self, record: Any) -> None:
        """Append one record, durably, then fold it into the state."""
        if self._fd is None:
            raise SaveError(f"{self.path}: the campaign is closed")
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

    def __enter__(self) -> Campaign:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()
