"""Records written before one store kept them all (saves/records.py): each of
the first four modes had a format of its own, and players have such files.
They read back as the same record; the first time one is opened to take a
change it is rewritten in the store's format (Record.open), at its place.

Nothing here is written any more: these are the old files' shapes, what
each meant, and where each kind lived (new modes' records live by the
store's own rule, saves.records.place_of)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import msgspec

from engine.core import log
from saves.record_format import (
    FORMAT,
    Header,
    Place,
    Played,
    RecordState,
    Saved,
    Scored,
    carried_of,
    fold_frames,
)

# (mode, kind) -> where its records have always been, so players' files stay found
OLD_PLACES = {
    ("station", "campaign"): Place("campaigns", ".campaign", "{name}"),
    ("station", "endless"): Place("campaigns", ".campaign", "{name}"),
    ("siege", "campaign"): Place("campaigns", ".siege", "{name}"),
    ("sniper", "campaign"): Place("campaigns", ".sniper", "{name}-missions"),
    ("outbreak", "match"): Place("matches", ".match", "{name}"),
}


# -- the old files' shapes -----------------------------------------------------------
class StationHeader(msgspec.Struct, frozen=True, tag="campaign"):
    format: int
    app: str
    name: str
    mode: str
    missions: tuple[str, ...]
    roster: tuple[str, ...]
    undo: str = "casual"
    created: str = ""
    kind: str = "campaign"  # campaign | endless


class SiegeHeader(msgspec.Struct, frozen=True, tag="siege_campaign"):
    format: int
    app: str
    name: str
    campaign: str
    created: str = ""


class SniperHeader(msgspec.Struct, frozen=True, tag="sniper_campaign"):
    format: int
    app: str
    name: str
    commander: str = "ai"
    created: str = ""


class MatchHeader(msgspec.Struct, frozen=True, tag="match"):
    format: int
    app: str
    name: str
    mode: str = "outbreak"
    created: str = ""


class Survivor(msgspec.Struct, frozen=True, tag="survivor"):
    """The earliest station records kept each survivor apart; the engine's
    Progress has held them since, so these are read and left."""

    id: str


class MissionStarted(msgspec.Struct, frozen=True, tag="started"):
    mission: str
    save: str


class ProgressSaved(msgspec.Struct, frozen=True, tag="progress"):
    data: bytes
    save: str = ""
    played: Played | None = None


class SniperPlayed(msgspec.Struct, frozen=True, tag="played"):
    mission: str
    outcome: str
    save: str
    turn: int = 0


class SniperSaved(msgspec.Struct, frozen=True, tag="progress"):
    data: bytes
    save: str = ""
    played: SniperPlayed | None = None


@dataclass(frozen=True)
class OldFormat:
    magic: bytes
    header: type
    entry: Any  # the Struct, or tagged union, of one record
    to_header: Callable[[Any], Header]

    def decoders(self) -> tuple[msgspec.msgpack.Decoder, msgspec.msgpack.Decoder]:
        return msgspec.msgpack.Decoder(self.header), msgspec.msgpack.Decoder(self.entry)


def _header(h: Any, mode: str, kind: str, **options: str) -> Header:
    return Header(FORMAT, h.app, h.name, mode, kind, h.created, options)


OLD_FORMATS = (
    OldFormat(
        b"SHAMCMP\x00",
        StationHeader,
        Survivor | MissionStarted | Played | ProgressSaved | Scored,
        lambda h: _header(h, h.mode, h.kind, undo=h.undo),
    ),
    OldFormat(
        b"SHAMSIE\x00",
        SiegeHeader,
        ProgressSaved,
        lambda h: _header(h, "siege", "campaign", campaign=h.campaign),
    ),
    OldFormat(
        b"SHAMSNP\x00",
        SniperHeader,
        SniperSaved,
        lambda h: _header(h, "sniper", "campaign", commander=h.commander),
    ),
    OldFormat(b"SHAMMCH\x00", MatchHeader, Saved, lambda h: _header(h, h.mode, "match")),
)


def _fold(state: RecordState, entry: Any) -> None:
    """What an old record meant, folded as the store folds its own."""
    match entry:
        case MissionStarted():
            state.save = entry.save
        case Played():
            state.played.append(entry)
            state.save = ""
        case ProgressSaved() | SniperSaved() | Saved():
            played = getattr(entry, "played", None)
            if isinstance(played, SniperPlayed):
                played = Played(played.mission, played.outcome, played.save, round=played.turn)
            if played is not None:
                state.played.append(played)
            state.progress = carried_of(state.header, entry.data)
            state.save = entry.save
        case Scored():
            state.scored, state.score = True, entry.score


def decode_old(data: bytes, noun: str) -> tuple[RecordState, int]:
    """An old record's file folded into the store's state, and the length of
    its whole frames; LogError on damage, as for the store's own files."""
    old = next((f for f in OLD_FORMATS if data.startswith(f.magic)), None)
    if old is None:
        raise log.LogError(f"not a Shamble {noun} (wrong magic bytes)")
    headers, entries = old.decoders()
    return fold_frames(data, len(old.magic), headers, entries, 1, old.to_header, _fold, noun)
