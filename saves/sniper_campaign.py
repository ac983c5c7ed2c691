"""The sniper's campaign record (house rule SN-C): the engine's campaign
Progress after every change (the three maps, what he carries on, losses in a
row, won or lost), the missions played with their outcomes, and the save of
the mission in play.

The same guarantees as a save and every other record (saves/records.py):
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
from engine.sniper.campaign import Progress
from saves.files import SaveError, now
from saves.records import RecordFile, RecordKind

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


_progress_decoder = msgspec.msgpack.Decoder(Progress)
_encoder = msgspec.msgpack.Encoder()


class State(msgspec.Struct):
    """The record folded: what the campaign screen shows."""

    header: Header
    progress: Progress | None = None
    save: str = ""  # the mission in play
    played: list[MissionPlayed] = []
    warnings: list[str] = []


def apply(state: State, record: ProgressSaved) -> None:
    state.progress = _progress_decoder.decode(record.data)
    state.save = record.save
    if record.played is not None:
        state.played.append(record.played)


KIND = RecordKind(
    title="sniper campaign",
    noun="campaign",
    magic=MAGIC,
    suffix=SUFFIX,
    folder="campaigns",
    header=Header,
    record=ProgressSaved,
    new=lambda header: State(header=header, played=[]),
    apply=apply,
    check=lambda header, record: _progress_decoder.decode(record.data),
    saves_in="{name}-missions",
    format=FORMAT,
)
campaigns_dir = KIND.directory
record_path = KIND.path
read = KIND.read


class Record(RecordFile):
    """A sniper campaign open for writing (locked until closed)."""

    record_kind = KIND
    state: State

    @classmethod
    def create(
        cls, path: str | os.PathLike, *, name: str, commander: str = "ai", fsync: bool = True
    ) -> Record:
        header = Header(
            format=FORMAT, app=APP_VERSION, name=name, commander=commander, created=now()
        )
        return cls.new(path, header, fsync=fsync)

    @property
    def progress(self) -> Progress | None:
        return self.state.progress

    def save_progress(
        self, progress: Progress, save: str | os.PathLike = "", played: MissionPlayed | None = None
    ) -> None:
        """Record the campaign after a change, durably, then fold it in."""
        if not isinstance(progress, Progress):
            raise SaveError(f"{self.path}: a sniper campaign keeps a sniper Progress")
        self.add(ProgressSaved(data=_encoder.encode(progress), save=str(save), played=played))


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
    return KIND.free_name(prefix)


def mission_save_path(name: str, mission: str) -> Path:
    """A fresh save file for the campaign's next mission, in its own folder."""
    return KIND.save_path(name, mission or "mission")


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
    return [
        Info(path.stem, str(path), error=error)
        if state is None
        else Info(state.header.name, str(path), state.progress, state.header.commander, state.save)
        for path, state, error in KIND.listing()
    ]


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
