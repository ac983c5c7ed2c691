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
from engine.station.campaign import Progress
from engine.station.endless import Run
from saves.files import SaveError, now
from saves.records import RecordFile, RecordKind

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
    # how often its player undid; UNSET (and not written, so an older record
    # written again stays byte for byte the same): not recorded
    undos: int | msgspec.UnsetType = msgspec.UNSET


class ProgressSaved(msgspec.Struct, frozen=True, tag="progress"):
    """The engine's Progress (a campaign) or Run (endless) after a change."""

    data: bytes  # msgpack of the Progress or Run
    save: str = ""  # the save of the mission in play; "" before it starts
    played: MissionPlayed | None = None  # the mission this change folded in


class RunScored(msgspec.Struct, frozen=True, tag="scored"):
    """A fallen endless run's score went into the high-score table."""

    score: int


Record = Survivor | MissionStarted | MissionPlayed | ProgressSaved | RunScored
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


def _check(header: CampaignHeader, record: Any) -> None:
    if isinstance(record, ProgressSaved):
        _decode_progress(header, record.data)


KIND = RecordKind(
    title="campaign",
    noun="campaign",
    magic=MAGIC,
    suffix=SUFFIX,
    folder="campaigns",
    header=CampaignHeader,
    record=Record,
    new=lambda header: CampaignState(
        header=header,
        roster={sid: Survivor(id=sid) for sid in header.roster},
        played=[],
        current=None,
    ),
    apply=apply,
    check=_check,
    format=FORMAT,
)
campaigns_dir = KIND.directory
campaign_path = KIND.path
read = KIND.read


class Campaign(RecordFile):
    """A campaign record open for writing (locked until closed)."""

    record_kind = KIND
    state: CampaignState

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
        return cls.new(path, header, fsync=fsync)

    def add(self, record: Any) -> None:
        """Append one record, durably, then fold it into the state."""
        try:
            _check(self.state.header, record)
        except (msgspec.DecodeError, msgspec.ValidationError) as e:
            raise SaveError(f"{self.path}: not a progress to record: {e}") from None
        super().add(record)

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
    return KIND.free_name(prefix)


def mission_save_path(name: str, mission: str) -> Path:
    """A fresh save file for the next mission of campaign `name`, kept in a
    folder of its own (so the title screen's Continue stays with plain games)."""
    return KIND.save_path(name, mission or "mission")


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
    infos = []
    for path, state, error in KIND.listing():
        if state is None:
            infos.append(CampaignInfo(path.stem, str(path), error=error))
        elif kind is None or state.header.kind == kind:
            save = state.current.save if state.current else ""
            infos.append(
                CampaignInfo(state.header.name, str(path), state.header.kind, state.progress, save)
            )
    return infos
