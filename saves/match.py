"""The Outbreak match record (docs/rules-outbreak.md "Matches"): several
games with the same seats and a running score table.

The match itself is the engine's (engine.outbreak.match.Match, a frozen
msgspec Struct that folds finished games in); this module only stores it.
A record is an append-only log with a save's guarantees, like a campaign's:
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
from engine.core import log
from engine.outbreak.match import Match
from saves.files import SaveError, now, read_bytes, sync_dir
from saves.session import _open_locked, _read_all, _write_at
from saves.slots import check_name, home

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


_record_decoder = msgspec.msgpack.Decoder(MatchSaved)
_header_decoder = msgspec.msgpack.Decoder(MatchHeader)
_match_decoder = msgspec.msgpack.Decoder(Match)
_encoder = msgspec.msgpack.Encoder()


class MatchState(msgspec.Struct):
    """The record folded: the match as last saved, and its game in play."""

    header: MatchHeader
    match: Match | None = None
    save: str = ""
    warnings: list[str] = []


def matches_dir(create: bool = False) -> Path:
    directory = home() / "matches"
    if create:
        try:
            directory.mkdir(parents=True, exist_ok=True)
        except OSError as e:
            raise SaveError(
                f"{directory}: cannot create the matches folder: {e.strerror}"
            ) from None
    return directory


def match_path(name: str, create_dir: bool = False) -> Path:
    return matches_dir(create_dir) / (check_name(name) + SUFFIX)


def decode(data: bytes) -> tuple[MatchHeader, list[MatchSaved], list[str], int]:
    """Header, records, warnings and the length of the whole frames; LogError on damage."""
    if not data:
        raise log.LogError("the file is empty")
    if not data.startswith(MAGIC):
        raise log.LogError("not a Shamble match (wrong magic bytes)")
    first = log.read_header_frame(data, len(MAGIC))
    if first is None:
        raise log.LogError("the match has no complete header")
    payload, start = first
    try:
        header = _header_decoder.decode(payload)
    except (msgspec.DecodeError, msgspec.ValidationError) as e:
        raise log.LogError(f"the match header cannot be read: {e}") from None
    if header.format > FORMAT:
        raise log.LogError(f"the match is format {header.format}, newer than this Shamble reads")
    records: list[MatchSaved] = []
    warnings: list[str] = []
    end = len(data)
    for pos, body in log.iter_payloads(data, start):
        if body is None:
            warnings.append(f"dropped an incomplete last record at byte {pos}")
            end = pos
            break
        try:
            record = _record_decoder.decode(body)
            _match_decoder.decode(record.data)
        except (msgspec.DecodeError, msgspec.ValidationError) as e:
            raise log.LogError(f"record at byte {pos} cannot be read: {e}") from None
        records.append(record)
    return header, records, warnings, end


def fold(header: MatchHeader, records: list[MatchSaved]) -> MatchState:
    state = MatchState(header=header)
    for record in records:
        state.match = _match_decoder.decode(record.data)
        state.save = record.save
    return state


def read(path: str | os.PathLike) -> MatchState:
    """The match at path, read only."""
    path = Path(path)
    data = read_bytes(path)
    try:
        header, records, warnings, _ = decode(data)
    except log.LogError as e:
        raise SaveError(f"{path}: {e}") from None
    state = fold(header, records)
    state.warnings = [f"{path}: {w}" for w in warnings]
    return state


class MatchRecord:
    """A match record open for writing (OS-locked until closed)."""

    def __init__(self, path: Path, fd: int, state: MatchState, end: int, fsync: bool) -> None:
        self.path = path
        self.state = state
        self.fsync = fsync
        self._fd: int | None = fd
        self._end = end

    @classmethod
    def create(cls, path: str | os.PathLike, *, name: str, fsync: bool = True) -> MatchRecord:
        path = Path(path)
        fd = _open_locked(path, os.O_RDWR | os.O_CREAT)
        header = MatchHeader(format=FORMAT, app=APP_VERSION, name=name, created=now())
        try:
            if os.fstat(fd).st_size:
                raise SaveError(f"{path}: a match already exists here")
            data = MAGIC + log.header_frame(_encoder.encode(header))
            _write_at(fd, data, 0)
            if fsync:
                os.fsync(fd)
                sync_dir(path.parent)
        except BaseException:
            os.close(fd)
            raise
        return cls(path, fd, MatchState(header=header), len(data), fsync)

    @classmethod
    def open(cls, path: str | os.PathLike, *, fsync: bool = True) -> MatchRecord:
        """Open for writing; nothing is written until the match is saved."""
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
    def match(self) -> Match | None:
        return self.state.match

    def save(self, match: Match, save: str | os.PathLike = "") -> None:
        """Record the match after a change, with the save of the game now in
        play ("" when none is), durably, before this returns."""
        if self._fd is None:
            raise SaveError(f"{self.path}: the match is closed")
        if not isinstance(match, Match):
            raise SaveError(f"{self.path}: a match record keeps a Match")
        record = MatchSaved(data=_encoder.encode(match), save=str(save))
        data = log.encode_frame(record)
        try:
            if os.fstat(self._fd).st_size != self._end:
                os.ftruncate(self._fd, self._end)  # a torn tail from a crash goes
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
        self.state.match = match
        self.state.save = str(save)

    def close(self) -> None:
        if self._fd is not None:
            os.close(self._fd)
            self._fd = None

    def __enter__(self) -> MatchRecord:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


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
    n = 1
    while match_path(f"{prefix}-{n}").exists():
        n += 1
    return check_name(f"{prefix}-{n}")


def game_save_path(name: str, game: int) -> Path:
    """A fresh save file for game number `game` (from 1) of match `name`."""
    folder = matches_dir() / check_name(name)
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError as e:
        raise SaveError(f"{folder}: cannot create the match folder: {e.strerror}") from None
    n = 1
    while (path := folder / f"game-{game}-{n}.shamble").exists():
        n += 1
    return path


class MatchInfo(msgspec.Struct):
    """What a list of matches shows about one record."""

    name: str
    path: str
    match: Match | None = None
    save: str = ""  # the game in play, if any
    error: str | None = None


def list_matches() -> list[MatchInfo]:
    """Every match record, most recently changed first; damaged ones say why."""
    directory = matches_dir()
    if not directory.is_dir():
        return []
    paths = sorted(
        (p for p in directory.iterdir() if p.suffix == SUFFIX and p.is_file()),
        key=lambda p: (p.stat().st_mtime, p.name),
        reverse=True,
    )
    infos: list[MatchInfo] = []
    for path in paths:
        try:
            state = read(path)
        except SaveError as e:
            infos.append(MatchInfo(path.stem, str(path), error=str(e)))
            continue
        infos.append(MatchInfo(state.header.name, str(path), state.match, state.save))
    return infos
