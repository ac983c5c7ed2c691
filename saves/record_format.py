"""The store's record format (saves/records.py): a header, then entries that
fold into what a record's screen shows. Apart from the store so the older
formats' readers (saves/old_records.py) fold into the same state."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from functools import cache
from typing import Any

import msgspec

from engine import RuleError
from engine.core import log
from engine.core.mode import carried

MAGIC = b"SHAMREC\x00"
FORMAT = 1
DAMAGED = (msgspec.DecodeError, msgspec.ValidationError)


class Header(msgspec.Struct, frozen=True, tag="record"):
    format: int
    app: str
    name: str
    mode: str
    kind: str  # what of the mode's `carries` it keeps: campaign | endless | match ...
    created: str = ""
    # choices made once for every game of it, in the mode's words (commander: human)
    options: dict[str, str] = {}


class Played(msgspec.Struct, frozen=True, tag="played"):
    """A game played out for the record."""

    mission: str
    outcome: str  # won | lost
    save: str
    round: int = 0  # the round (or turn) it ended in
    score: int = 0
    # how often its player undid; UNSET (and not written): not recorded
    undos: int | msgspec.UnsetType = msgspec.UNSET


class Saved(msgspec.Struct, frozen=True, tag="saved"):
    """What the mode carries over, after a change; the save of the game in
    play ("" when none is); the game this change folded in, if any."""

    data: bytes  # msgpack of the mode's carried Struct
    save: str = ""
    played: Played | None = None


class Scored(msgspec.Struct, frozen=True, tag="scored"):
    """The record's score went into its high-score table (once)."""

    score: int


Entry = Saved | Played | Scored


class RecordState(msgspec.Struct):
    """A record folded: what its screen shows."""

    header: Header
    progress: Any = None  # the mode's carried Struct as last saved
    save: str = ""  # the game in play
    played: list[Played] = []
    scored: bool = False
    score: int = 0  # as it went into the table
    warnings: list[str] = []


@cache
def _decoder(mode: str, kind: str) -> msgspec.msgpack.Decoder:
    return msgspec.msgpack.Decoder(carried(mode, kind))


def carried_of(header: Any, data: bytes) -> Any:
    """The mode's Struct in data; msgspec's errors on damage, LogError when
    this Shamble has no such mode or the mode carries no such kind."""
    try:
        return _decoder(header.mode, header.kind).decode(data)
    except RuleError as e:
        raise log.LogError(e.message) from None


def new_state(header: Header) -> RecordState:
    return RecordState(header=header, played=[])


def apply(state: RecordState, entry: Any) -> None:
    match entry:
        case Saved():
            state.progress = carried_of(state.header, entry.data)
            state.save = entry.save
            if entry.played is not None:
                state.played.append(entry.played)
        case Played():
            state.played.append(entry)
            state.save = ""
        case Scored():
            state.scored, state.score = True, entry.score


def fold_frames(
    data: bytes,
    skip: int,
    headers: msgspec.msgpack.Decoder,
    entries: msgspec.msgpack.Decoder,
    newest: int,
    header_of: Callable[[Any], Header],
    fold: Callable[[RecordState, Any], None],
    noun: str,
) -> tuple[RecordState, int]:
    """A record file's frames after its `skip` magic bytes folded into a
    state (its header through header_of, each entry through fold), and the
    length of its whole frames; LogError on damage or a format newer than
    `newest`. Every record format, old or new, is framed alike."""
    first = log.read_header_frame(data, skip)
    if first is None:
        raise log.LogError(f"the {noun} has no complete header")
    payload, start = first
    try:
        header = headers.decode(payload)
    except DAMAGED as e:
        raise log.LogError(f"the {noun} header cannot be read: {e}") from None
    if header.format > newest:
        raise log.LogError(f"the {noun} is format {header.format}, newer than this Shamble reads")
    state = new_state(header_of(header))
    for pos, body in log.iter_payloads(data, start):
        if body is None:
            state.warnings.append(f"dropped an incomplete last record at byte {pos}")
            return state, pos
        try:
            fold(state, entries.decode(body))
        except DAMAGED as e:
            raise log.LogError(f"record at byte {pos} cannot be read: {e}") from None
    return state, len(data)


@dataclass(frozen=True)
class Place:
    """Where a mode's records of one kind live, under $SHAMBLE_HOME."""

    folder: str
    suffix: str  # of the record files in folder
    saves_in: str  # the folder of one record's game saves, beside it
