"""The Outbreak match record (docs/rules-outbreak.md "Matches"): several
games with the same seats and a running score table.

The match itself is the engine's (engine.outbreak.match.Match, a frozen
msgspec Struct that folds finished games in); this module only stores it.
A record is an append-only log with a save's guarantees (saves/records.py):
framed with checksums, flushed and fsynced per record, OS-locked while open,
a torn last record dropped with a warning, other damage a SaveError naming
the file. Each record holds the whole Match after a change and the save of
the game in play ("" between games): the last one read back is the match.

Records live in $SHAMBLE_HOME/matches/NAME.match, each game's save in
matches/NAME/ (so the title's Continue stays with plain games)."""

from __future__ import annotations

import os
from pathlib import Path

import msgspec

from engine import APP_VERSION
from engine.outbreak.match import Match
from saves.files import SaveError, now
from saves.records import RecordFile, RecordKind

MAGIC = b"SHAMMCH\x00"
FORMAT = 1
SUFFIX = ".match"


class MatchHeader(msgspec.Struct, frozen=True, tag="match"):
    format: int
    app: str
    name: str
    mode: str = "outbreak"
    created: str = ""


class MatchSaved(msgspec.Struct, frozen=True, tag="saved"):
    """The match after a change, and the save of the game in play."""

    data: bytes  # msgpack of the engine's Match
    save: str = ""


_match_decoder = msgspec.msgpack.Decoder(Match)
_encoder = msgspec.msgpack.Encoder()


class MatchState(msgspec.Struct):
    """The record folded: the match as last saved, and its game in play."""

    header: MatchHeader
    match: Match | None = None
    save: str = ""
    warnings: list[str] = []


def apply(state: MatchState, record: MatchSaved) -> None:
    state.match = _match_decoder.decode(record.data)
    state.save = record.save


KIND = RecordKind(
    title="match",
    noun="match",
    magic=MAGIC,
    suffix=SUFFIX,
    folder="matches",
    header=MatchHeader,
    record=MatchSaved,
    new=lambda header: MatchState(header=header),
    apply=apply,
    check=lambda header, record: _match_decoder.decode(record.data),
    format=FORMAT,
)
matches_dir = KIND.directory
match_path = KIND.path
read = KIND.read


class MatchRecord(RecordFile):
    """A match record open for writing (OS-locked until closed)."""

    record_kind = KIND
    state: MatchState

    @classmethod
    def create(cls, path: str | os.PathLike, *, name: str, fsync: bool = True) -> MatchRecord:
        header = MatchHeader(format=FORMAT, app=APP_VERSION, name=name, created=now())
        return cls.new(path, header, fsync=fsync)

    @property
    def match(self) -> Match | None:
        return self.state.match

    def save(self, match: Match, save: str | os.PathLike = "") -> None:
        """Record the match after a change, with the save of the game now in
        play ("" when none is), durably, before this returns."""
        if not isinstance(match, Match):
            raise SaveError(f"{self.path}: a match record keeps a Match")
        self.add(MatchSaved(data=_encoder.encode(match), save=str(save)))


def start(name: str, match: Match, *, fsync: bool = True) -> MatchRecord:
    """Create the record of a new match under matches/, its first state on
    disk before this returns."""
    record = MatchRecord.create(match_path(name, create_dir=True), name=name, fsync=fsync)
    try:
        record.save(match)
    except BaseException:
        record.close()
        raise
    return record


def free_name(prefix: str = "match") -> str:
    """The first unused record name prefix-1, prefix-2, ..."""
    return KIND.free_name(prefix)


def game_save_path(name: str, game: int) -> Path:
    """A fresh save file for game number `game` (from 1) of match `name`."""
    return KIND.save_path(name, f"game-{game}")


class MatchInfo(msgspec.Struct):
    """What a list of matches shows about one record."""

    name: str
    path: str
    match: Match | None = None
    save: str = ""  # the game in play, if any
    error: str | None = None


def list_matches() -> list[MatchInfo]:
    """Every match record, most recently changed first; damaged ones say why."""
    return [
        MatchInfo(path.stem, str(path), error=error)
        if state is None
        else MatchInfo(state.header.name, str(path), state.match, state.save)
        for path, state, error in KIND.listing()
    ]
