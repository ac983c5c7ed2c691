"""The campaign record (rules ST-C): the roster with XP, level, skills and
kept cards; the missions played with their outcomes; the current mission's
save. An append-only log with the same guarantees as a save: framed with
checksums, flushed and fsynced per record, OS-locked while open, a torn last
record dropped with a warning, any other damage a SaveError naming the file.

The campaign flow (who levels up, which card is kept, when a campaign is
won or lost) belongs to the rules (engine.station.campaign, .endless) and
the screens; this module stores their decisions and folds them back into a
record. After every change a ProgressSaved record holds the whole engine
Progress (or endless Run), msgpack-encoded, and the save of the mission in
play: the last one read back is exactly what was written.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

import msgspec

from engine import APP_VERSION
from engine.core import log
from engine.station.campaign import Progress
from engine.station.endless import Run
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
    kind: str = "campaign"  # campaign | endless


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


class ProgressSaved(msgspec.Struct, frozen=True, tag="progress"):
    """The engine's Progress (a campaign) or Run (endless) after a change."""

    data: bytes  # msgpack of the Progress or Run
    save: str = ""  # the save of the mission in play; "" before it starts
    played: MissionPlayed | None = None  # the mission this change folded in


class RunScored(msgspec.Struct, frozen=True, tag="scored"):
    """A fallen endless run's score went into the high-score table."""

    score: int


Record = Survivor | MissionStarted | MissionPlayed | ProgressSaved | RunScored
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
    progress_data: bytes = b""  # the last ProgressSaved
    scored: bool = False

    @property
    def progress(self) -> Progress | Run | None:
        """The engine's Progress (campaign) or Run (endless), as last saved."""
        if not self.progress_data:
            return None
        return _decode_progress(self.header, self.progress_data)


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
        case ProgressSaved():
            if record.played is not None:
                state.played.append(record.played)
            state.progress_data = record.data
            mission = _mission_of(state.header, record.data)
            state.current = MissionStarted(mission, record.save) if record.save else None
        case RunScored():
            state.scored = True


def _decode_progress(header: CampaignHeader, data: bytes) -> Progress | Run:
    return msgspec.msgpack.decode(data, type=Run if header.kind == "endless" else Progress)


def _mission_of(header: CampaignHeader, data: bytes) -> str:
    progress = _decode_progress(header, data)
    return "random" if isinstance(progress, Run) else progress.mission or ""


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
            record = _record_decoder.decode(body)
            if isinstance(record, ProgressSaved):
                _decode_progress(header, record.data)
        except (msgspec.DecodeError, msgspec.ValidationError) as e:
            raise log.LogError(f"record at byte {pos} cannot be read: {e}") from None
        records.append(record)
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
        kind: str = "campaign",
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
            kind=kind,
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
        if isinstance(record, ProgressSaved):
            try:
                _decode_progress(self.state.header, record.data)
            except (msgspec.DecodeError, msgspec.ValidationError) as e:
                raise SaveError(f"{self.path}: not a progress to record: {e}") from None
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

    @property
    def progress(self) -> Progress | Run | None:
        return self.state.progress

    def save_progress(
        self,
        progress: Progress | Run,
        save: str | os.PathLike = "",
        played: MissionPlayed | None = None,
    ) -> None:
        """Record the campaign (or run) after a change, with the save of the
        mission now in play ("" when none is) and the mission just folded in."""
        expected = Run if self.state.header.kind == "endless" else Progress
        if not isinstance(progress, expected):
            raise SaveError(
                f"{self.path}: a {self.state.header.kind} record keeps a {expected.__name__}"
            )
        self.add(ProgressSaved(data=_encoder.encode(progress), save=str(save), played=played))

    def close(self) -> None:
        if self._fd is not None:
            os.close(self._fd)
            self._fd = None

    def __enter__(self) -> Campaign:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


def start(name: str, progress: Progress | Run, *, fsync: bool = True) -> Campaign:
    """Create the record of a new campaign (a Progress) or endless run (a Run)
    under campaigns/, its first state written before this returns."""
    kind = "endless" if isinstance(progress, Run) else "campaign"
    path = campaign_path(name, create_dir=True)
    undo = "ironman" if progress.ironman else "casual"
    record = Campaign.create(
        path,
        name=name,
        mode="station",
        missions=list(progress.missions) if isinstance(progress, Progress) else [],
        roster=[m.id for m in progress.members],
        undo=undo,
        kind=kind,
        fsync=fsync,
    )
    try:
        record.save_progress(progress)
    except BaseException:
        record.close()
        raise
    return record


def free_name(prefix: str) -> str:
    """The first unused record name prefix-1, prefix-2, ..."""
    n = 1
    while campaign_path(f"{prefix}-{n}").exists():
        n += 1
    return check_name(f"{prefix}-{n}")


def mission_save_path(name: str, mission: str) -> Path:
    """A fresh save file for the next mission of campaign `name`, kept in a
    folder of its own (so the title screen's Continue stays with plain games)."""
    folder = campaigns_dir() / check_name(name)
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError as e:
        raise SaveError(f"{folder}: cannot create the campaign folder: {e.strerror}") from None
    base = check_name(mission or "mission")
    n = 1
    while (path := folder / f"{base}-{n}.shamble").exists():
        n += 1
    return path


class CampaignInfo(msgspec.Struct):
    """What a list of campaigns shows about one record."""

    name: str
    path: str
    kind: str = ""
    progress: Progress | Run | None = None
    mission: str = ""  # the save of the mission in play, if any
    error: str | None = None


def list_campaigns(kind: str | None = None) -> list[CampaignInfo]:
    """Every campaign (or endless run) record, newest first; damaged ones say why."""
    directory = campaigns_dir()
    if not directory.is_dir():
        return []
    infos = []
    paths = sorted(
        (p for p in directory.iterdir() if p.suffix == SUFFIX and p.is_file()),
        key=lambda p: (p.stat().st_mtime, p.name),
        reverse=True,
    )
    for path in paths:
        try:
            state = read(path)
        except SaveError as e:
            infos.append(CampaignInfo(path.stem, str(path), error=str(e)))
            continue
        if kind is not None and state.header.kind != kind:
            continue
        save = state.current.save if state.current else ""
        infos.append(
            CampaignInfo(state.header.name, str(path), state.header.kind, state.progress, save)
        )
    return infos
