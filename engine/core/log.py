"""The game log as bytes: the save format's codec (pure: bytes in, bytes out).

A log is MAGIC, then frames. A frame is a 4-byte big-endian length, a 4-byte
CRC-32 of the payload, and a msgpack payload. The first frame is the Header;
the rest are journal frames: an accepted command with its events, an undo
mark, or a redo mark, in the order the player did them. The journal keeps
undone branches too: nothing a player did is lost.
"""

from __future__ import annotations

import struct
import zlib
from collections.abc import Iterator
from functools import cache
from typing import Any

import msgspec

from engine.core.mode import Setup, get_mode

MAGIC = b"SHAMBLE\x00"
FORMAT_VERSION = 1
_PREFIX = struct.Struct(">II")


class LogError(ValueError):
    """The bytes are not a readable log; the message says why."""


class Header(msgspec.Struct, frozen=True, tag="header"):
    format: int
    app: str
    setup: Setup
    created: str = ""  # ISO time stamp, written by the caller (the engine has no clock)
    undo_count: int = 0


class UndoMark(msgspec.Struct, frozen=True, tag="undo"):
    pass


class RedoMark(msgspec.Struct, frozen=True, tag="redo"):
    pass


@cache
def entry_type(mode_id: str) -> Any:
    mode = get_mode(mode_id)
    return msgspec.defstruct(
        "Entry",
        [("command", mode.command_type), ("events", tuple[mode.event_type, ...])],
        tag="entry",
        frozen=True,
    )


@cache
def _frame_decoder(mode_id: str) -> msgspec.msgpack.Decoder:
    return msgspec.msgpack.Decoder(entry_type(mode_id) | UndoMark | RedoMark)


_encoder = msgspec.msgpack.Encoder()
_header_decoder = msgspec.msgpack.Decoder(Header)


def frame(payload: bytes) -> bytes:
    return _PREFIX.pack(len(payload), zlib.crc32(payload)) + payload


def encode_header(header: Header) -> bytes:
    return MAGIC + frame(_encoder.encode(header))


def encode_frame(item: Any) -> bytes:
    return frame(_encoder.encode(item))


def iter_payloads(data: bytes, start: int) -> Iterator[tuple[int, bytes | None]]:
    """(offset, payload) per frame; payload None for a torn last frame."""
    pos = start
    n = len(data)
    while pos < n:
        if pos + _PREFIX.size > n:
            yield pos, None
            return
        length, crc = _PREFIX.unpack_from(data, pos)
        end = pos + _PREFIX.size + length
        if end > n:
            yield pos, None
            return
        payload = data[pos + _PREFIX.size : end]
        if zlib.crc32(payload) != crc:
            if end == n:
                yield pos, None  # the last write was cut off mid-payload
                return
            raise LogError(f"frame at byte {pos} is damaged (checksum mismatch)")
        yield pos, payload
        pos = end


def decode(data: bytes) -> tuple[Header, list[Any], list[str]]:
    """Header, journal frames and warnings; raises LogError on any damage
    other than a torn last frame, which is dropped with a warning."""
    if not data:
        raise LogError("the file is empty")
    if not data.startswith(MAGIC):
        raise LogError("not a Shamble save (wrong magic bytes)")
    warnings: list[str] = []
    payloads = iter_payloads(data, len(MAGIC))
    try:
        first = next(payloads, None)
        if first is None or first[1] is None:
            raise LogError("the save has no complete header")
        try:
            header = _header_decoder.decode(first[1])
        except msgspec.DecodeError as e:
            raise LogError(f"the header cannot be read: {e}") from None
        if header.format > FORMAT_VERSION:
            raise LogError(
                f"the save is format {header.format}, newer than this Shamble reads "
                f"({FORMAT_VERSION}): update Shamble"
            )
        try:
            decoder = _frame_decoder(header.setup.mode)
        except Exception as e:  # unknown mode: RuleError from the registry
            raise LogError(f"the save is for an unknown mode: {e}") from None
        frames = []
        for pos, payload in payloads:
            if payload is None:
                warnings.append(f"dropped an incomplete last frame at byte {pos}")
                break
            try:
                frames.append(decoder.decode(payload))
            except msgspec.DecodeError as e:
                raise LogError(f"frame at byte {pos} cannot be read: {e}") from None
    except LogError:
        raise
    return header, frames, warnings
