"""The record of a Siege campaign (docs/rules-siege.md "Campaign"): the
engine's Progress after every change (who goes on, with which items, which
mission is due, the losses in a row), the save of the mission in play and
the missions played with their outcomes.

Stored like every other record of this game: an append-only log framed
with checksums (engine.core.log), each record flushed and fsynced before
the call returns, the file OS-locked while a screen holds it open, a torn
last record dropped with a warning, any other damage a SaveError naming
the file (saves/records.py). The campaign's rules are engine.siege.campaign's; this module
keeps their answers. Files: campaigns/<name>.siege, with the missions'
saves in campaigns/<name>/."""

from __future__ import annotations

import os
from pathlib import Path

import msgspec

from engine import APP_VERSION
from engine.siege.campaign import Progress
from saves.files import SaveError, now
from saves.records import RecordFile, RecordKind

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


def apply(state: RecordState, record: Saved) -> None:
    state.progress = _progress(record.data)
    state.save = record.save
    if record.played is not None:
        state.played.append(record.played)


KIND = RecordKind(
    title="siege campaign",
    noun="campaign",
    magic=MAGIC,
    suffix=SUFFIX,
    folder="campaigns",
    header=Header,
    record=Saved,
    new=lambda header: RecordState(header=header, played=[]),
    apply=apply,
    check=lambda header, record: _progress(record.data),
    format=FORMAT,
)
campaigns_dir = KIND.directory
record_path = KIND.path
read = KIND.read


class Record(RecordFile):
    """A campaign record open for writing (locked until closed)."""

    record_kind = KIND
    state: RecordState

    @classmethod
    def create(
        cls, path: str | os.PathLike, *, name: str, campaign: str, fsync: bool = True
    ) -> Record:
        header = Header(format=FORMAT, app=APP_VERSION, name=name, campaign=campaign, created=now())
        return cls.new(path, header, fsync=fsync)

    @property
    def progress(self) -> Progress | None:
        return self.state.progress

    def save_progress(
        self, progress: Progress, save: str | os.PathLike = "", played: Played | None = None
    ) -> None:
        """Record the campaign after a change, durably, then fold it in."""
        if not isinstance(progress, Progress):
            raise SaveError(f"{self.path}: a siege campaign keeps a siege Progress")
        self.add(Saved(data=_encoder.encode(progress), save=str(save), played=played))


def free_name(prefix: str) -> str:
    """The first name prefix-1, prefix-2... with no record nor folder yet."""
    return KIND.free_name(prefix)


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
    return KIND.save_path(record.state.header.name, mission or "mission")


class Listed(msgspec.Struct):
    """What the list of siege campaigns shows about one record."""

    name: str
    path: str
    progress: Progress | None = None
    save: str = ""
    error: str | None = None


def list_records() -> list[Listed]:
    """Every siege campaign record, newest first; damaged ones say why."""
    return [
        Listed(path.stem, str(path), error=error)
        if state is None
        else Listed(state.header.name, str(path), state.progress, state.save)
        for path, state, error in KIND.listing()
    ]
