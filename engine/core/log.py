"""The game log as bytes: the save format's codec (pure: bytes in, bytes out).

A log is MAGIC, then the Header frame, then journal frames: an accepted
command with its events, an undo mark, a redo mark, in the order the player
did them, and now and then a Snapshot of the state (a cache: the events stay
the source of truth). The journal keeps undone branches too: nothing a
player did is lost.

Framing. The header frame always has the first format's prefix (4-byte
length, 4-byte CRC-32 of the payload) so any version can read the format
number. From format 2 on, journal frames carry a 3-byte length guarded by a
CRC-8 and then the CRC-32 of the payload: a damaged length is reported as
damage instead of being mistaken for a write cut off by a crash.

Payloads. Formats 1 and 2 wrote one journal item per frame as a tagged map
({"type": "entry", "command": {"type": "move", ...}, ...}). Format 3 writes
a frame as an array of items in the wire form of engine/core/wire.py:
integer tags from the mode's table and fields by position. An autosave
appends one item per frame; a save written whole packs many items into each
frame (fewer checksums and calls to read it back).

Damage. Only the end of a log may be incomplete (the write a kill or a crash
cut off): that frame is dropped with a warning. Anything else raises LogError
with the byte offset and the reason. Older formats are read through the
migration chain (MIGRATIONS), one step per version.
"""

from __future__ import annotations

import gc
import struct
import zlib
from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager
from functools import cache, lru_cache
from typing import Any

import msgspec

from engine.core import wire
from engine.core.mode import Setup, get_mode

MAGIC = b"SHAMBLE\x00"
FORMAT_VERSION = 3
FIRST_FORMAT = 1
MAX_FRAME = (1 << 24) - 1  # format 2 lengths are 3 bytes
PACK_ITEMS = 2048  # journal items in one frame of a save written whole

_HEADER_PREFIX = struct.Struct(">II")  # length, crc32: the header frame in every format
_PREFIX_V2 = struct.Struct(">3sBI")  # length, crc8(length), crc32(payload)


class LogError(ValueError):
    """The bytes are not a readable log; the message says why."""


class Origin(msgspec.Struct, frozen=True):
    """Where a forked game came from: a moment of another save.

    `undo` is the source's undo policy: a fork whose own policy (in its setup)
    is more lenient says so here, so an honest or ironman game never turns
    casual without the new save showing it."""

    source: str  # the source save's file name
    created: str  # the source header's time stamp (which game, of several with that name)
    moment: int  # journal frames of the source played before the fork
    commands: int  # commands on the source's timeline at that moment
    undo: str  # the source's undo policy (K-6)


class Header(msgspec.Struct, frozen=True, tag="header"):
    format: int
    app: str
    setup: Setup
    created: str = ""  # ISO time stamp, written by the caller (the engine has no clock)
    undo_count: int = 0  # undos made before the first journal frame (the marks count the rest)
    origin: Origin | None = None  # set on a fork; older saves and readers do without it


class UndoMark(msgspec.Struct, frozen=True, tag="undo"):
    pass


class RedoMark(msgspec.Struct, frozen=True, tag="redo"):
    pass


class Snapshot(msgspec.Struct, frozen=True, tag="snapshot"):
    """The state after `depth` entries of the timeline, as the app `app` encoded it.

    A cache for fast loading: a reader of another app version ignores it."""

    depth: int
    app: str
    state: bytes


_ENTRY_MODE: dict[type, str] = {}  # each mode's Entry class -> the mode's id


@cache
def entry_type(mode_id: str) -> Any:
    mode = get_mode(mode_id)
    cls = msgspec.defstruct(
        "Entry",
        [("command", mode.command_type), ("events", tuple[mode.event_type, ...])],
        tag="entry",
        frozen=True,
    )
    _ENTRY_MODE[cls] = mode_id
    return cls


@cache
def _frame_decoder(mode_id: str) -> msgspec.msgpack.Decoder:
    """One item per frame as a tagged map: formats 1 and 2."""
    return msgspec.msgpack.Decoder(entry_type(mode_id) | UndoMark | RedoMark | Snapshot)


# The kernel's items in the wire form; their tags are pinned like a mode's table.
_MARKS = {
    UndoMark: msgspec.defstruct("UndoMark", [], array_like=True, frozen=True, tag=2),
    RedoMark: msgspec.defstruct("RedoMark", [], array_like=True, frozen=True, tag=3),
    Snapshot: msgspec.defstruct(
        "Snapshot",
        [("depth", int), ("app", str), ("state", bytes)],
        array_like=True,
        frozen=True,
        tag=4,
    ),
}


@cache
def codec(mode_id: str) -> wire.Codec:
    """Format 3 payloads of a mode's journal (raises wire.WireError when the
    mode's wire table and its classes disagree)."""
    mode = get_mode(mode_id)
    table = wire.load_table(mode_id)
    where = f"engine/content/{mode_id}/wire.toml" if table else f"mode {mode_id}"
    return wire.Codec(where, table, mode.command_type, mode.event_type, entry_type(mode_id), _MARKS)


@cache
def _state_decoder(state_type: Any) -> msgspec.msgpack.Decoder:
    return msgspec.msgpack.Decoder(state_type)


_encoder = msgspec.msgpack.Encoder()
_header_decoder = msgspec.msgpack.Decoder(Header)


def _crc8_table() -> tuple[int, ...]:
    table = []
    for byte in range(256):
        crc = byte
        for _ in range(8):
            crc = ((crc << 1) ^ 0x07) & 0xFF if crc & 0x80 else (crc << 1) & 0xFF
        table.append(crc)
    return tuple(table)


_CRC8 = _crc8_table()


@lru_cache(maxsize=4096)  # called with a frame's 3 length bytes: few distinct values
def crc8(data: bytes) -> int:
    """CRC-8 (polynomial 0x07, initial 0xFF): catches any one damaged byte."""
    crc = 0xFF
    for b in data:
        crc = _CRC8[crc ^ b]
    return crc


# -- encoding -----------------------------------------------------------------
def _frame_v1(payload: bytes) -> bytes:
    return _HEADER_PREFIX.pack(len(payload), zlib.crc32(payload)) + payload


def frame(payload: bytes) -> bytes:
    """One journal frame of the current format around a msgpack payload."""
    if len(payload) > MAX_FRAME:
        raise LogError(f"a frame of {len(payload)} bytes is larger than the format allows")
    size = len(payload).to_bytes(3, "big")
    return _PREFIX_V2.pack(size, crc8(size), zlib.crc32(payload)) + payload


def encode_header(header: Header) -> bytes:
    return MAGIC + _frame_v1(_encoder.encode(header))


def header_frame(payload: bytes) -> bytes:
    """A header frame (the first format's prefix), for other logs built on this framing."""
    return _frame_v1(payload)


def read_header_frame(data: bytes, start: int) -> tuple[bytes, int] | None:
    """(payload, end) of the header frame at start, or None when it is not whole."""
    first = next(_iter_v1(data, start), None)
    if first is None or first[1] is None:
        return None
    return first[1], start + _HEADER_PREFIX.size + len(first[1])


def encode_frame(item: Any) -> bytes:
    """One frame around one item. A journal item (an entry, an undo or redo
    mark, a snapshot) is written in the current format's wire form; any other
    Struct (the records of other logs built on this framing) as msgpack."""
    mode_id = _ENTRY_MODE.get(type(item))
    if mode_id is not None:
        return frame(codec(mode_id).encode([item]))
    mirror = _MARKS.get(type(item))
    if mirror is not None:
        return frame(_encoder.encode([mirror(*msgspec.structs.astuple(item))]))
    return frame(_encoder.encode(item))


def encode_journal(mode_id: str, items: list[Any]) -> bytes:
    """Journal items packed PACK_ITEMS to a frame (a save written whole)."""
    c = codec(mode_id)
    parts = []
    for n in range(0, len(items), PACK_ITEMS):
        parts.extend(_packed_frames(c, items[n : n + PACK_ITEMS]))
    return b"".join(parts)


def _packed_frames(c: wire.Codec, items: list[Any]) -> list[bytes]:
    payload = c.encode(items)
    if len(payload) <= MAX_FRAME or len(items) == 1:
        return [frame(payload)]
    half = len(items) // 2
    return _packed_frames(c, items[:half]) + _packed_frames(c, items[half:])


def encode_state(state: Any) -> bytes:
    return _encoder.encode(state)


def decode_state(state_type: Any, data: bytes) -> Any:
    return _state_decoder(state_type).decode(data)


def encode_snapshot(depth: int, state: Any, app: str) -> bytes | None:
    """A snapshot frame, or None when the state is too large for one frame."""
    item = _MARKS[Snapshot](depth, app, encode_state(state))
    payload = _encoder.encode([item])
    return frame(payload) if len(payload) <= MAX_FRAME else None


# -- reading frames -------------------------------------------------------------
def _iter_v1(data: bytes, start: int) -> Iterator[tuple[int, bytes | None]]:
    pos, n = start, len(data)
    while pos < n:
        if pos + _HEADER_PREFIX.size > n:
            yield pos, None
            return
        length, crc = _HEADER_PREFIX.unpack_from(data, pos)
        end = pos + _HEADER_PREFIX.size + length
        if end > n:
            yield pos, None
            return
        payload = data[pos + _HEADER_PREFIX.size : end]
        if zlib.crc32(payload) != crc:
            if end == n:
                yield pos, None  # the last write was cut off mid-payload
                return
            raise LogError(f"frame at byte {pos} is damaged (checksum mismatch)")
        yield pos, payload
        pos = end


def _iter_v2(data: bytes, start: int) -> Iterator[tuple[int, bytes | None]]:
    pos, n = start, len(data)
    size = _PREFIX_V2.size
    zeros_from = len(data.rstrip(b"\x00"))  # once: a per-frame scan would be quadratic
    while pos < n:
        if pos + size > n or pos >= zeros_from:
            yield pos, None
            return
        length_bytes, check, crc = _PREFIX_V2.unpack_from(data, pos)
        if crc8(length_bytes) != check:
            raise LogError(f"frame at byte {pos} is damaged (its length fails its check)")
        end = pos + size + int.from_bytes(length_bytes, "big")
        if end > n:
            yield pos, None
            return
        payload = data[pos + size : end]
        if zlib.crc32(payload) != crc:
            if end == n and payload.endswith(b"\x00\x00\x00\x00"):
                yield pos, None  # a crash wrote the size but not all the data
                return
            raise LogError(f"frame at byte {pos} is damaged (checksum mismatch)")
        yield pos, payload
        pos = end


def iter_payloads(data: bytes, start: int, fmt: int = FORMAT_VERSION):
    """(offset, payload) per journal frame; payload None for a torn last frame."""
    return _iter_v1(data, start) if fmt == 1 else _iter_v2(data, start)


class FrameBatch(msgspec.Struct, frozen=True):
    """The whole journal frames found in a run of bytes (read_frames)."""

    items: list[Any]  # decoded frames in order: entries, undo and redo marks, snapshots
    starts: list[int]  # where each item's frame begins (offsets as read_frames was given)
    end: int  # where the next read starts: just past the last whole frame
    pending: int  # bytes from `end` on that are not (yet) a whole frame


def read_frames(mode_id: str, data: bytes, start: int = 0, *, base: int = 0) -> FrameBatch:
    """Decode the whole current-format journal frames in data from `start`.

    For a reader that follows a log another process is still appending to:
    a frame that runs to the end of `data` but is not whole (short, or its
    checksum fails because its bytes are still arriving) is left for the
    next read, which starts again at `end` with fresh bytes; nothing partial
    is kept. Damage followed by more data raises LogError; `base` is added
    to offsets in its message (where `data` sits in the file). The items of
    one frame (a save written whole packs many) share its start."""
    decode = codec(mode_id).decode
    items: list[Any] = []
    starts: list[int] = []
    pos, n = start, len(data)
    size = _PREFIX_V2.size
    zeros_from = len(data.rstrip(b"\x00"))  # zeros a crash or a write still landing left
    while pos + size <= n and pos < zeros_from:
        length_bytes, check, crc = _PREFIX_V2.unpack_from(data, pos)
        if crc8(length_bytes) != check:
            raise LogError(f"frame at byte {base + pos} is damaged (its length fails its check)")
        end = pos + size + int.from_bytes(length_bytes, "big")
        if end > n:
            break
        payload = data[pos + size : end]
        if zlib.crc32(payload) != crc:
            if end == n:
                break  # its last bytes may still be on their way
            raise LogError(f"frame at byte {base + pos} is damaged (checksum mismatch)")
        try:
            got = decode(payload)
        except (msgspec.DecodeError, msgspec.ValidationError) as e:
            raise LogError(f"frame at byte {base + pos} cannot be read: {e}") from None
        items.extend(got)
        starts.extend([pos] * len(got))
        pos = end
    return FrameBatch(items=items, starts=starts, end=pos, pending=n - pos)


@contextmanager
def gc_paused() -> Iterator[None]:
    """Garbage collection off while a log is read or folded: both build many
    objects that all stay alive, so collections in between free nothing and
    cost more the longer the game (a third of a long load)."""
    was = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if was:
            gc.enable()


def fold(mode: Any, world: Any, state: Any, events: Iterable[Any]) -> Any:
    """The state after `events`: the mode's evolve, one event after another."""
    evolve = mode.evolve
    for ev in events:
        state = evolve(world, state, ev)
    return state


def fold_entries(mode: Any, world: Any, state: Any, entries: Iterable[Any]) -> list[Any]:
    """The state after each of `entries` (a batch fold of their events), with
    garbage collection paused; equal to evolving one event at a time."""
    evolve = mode.evolve
    out = []
    with gc_paused():
        for entry in entries:
            for ev in entry.events:
                state = evolve(world, state, ev)
            out.append(state)
    return out


# -- migrations: the header (a dict) and the decoded items, one version up -------
def _v1_to_v2(header: dict, frames: list[Any]) -> tuple[dict, list[Any]]:
    """v1 wrote the total undo count into the header when saving, though its
    journal holds every undo mark too; v2 counts the marks and keeps in the
    header only the undos that happened before the journal begins."""
    undos = sum(1 for f in frames if isinstance(f, UndoMark))
    count = header.get("undo_count", 0)
    count = count if isinstance(count, int) else 0
    return {**header, "format": 2, "undo_count": max(0, count - undos)}, frames


def _v2_to_v3(header: dict, frames: list[Any]) -> tuple[dict, list[Any]]:
    """v3 changed how items are written (wire arrays, many to a frame), not what
    they are: the items read from a v2 log are the same."""
    return {**header, "format": 3}, frames


MIGRATIONS: dict[int, Callable[[dict, list[Any]], tuple[dict, list[Any]]]] = {
    1: _v1_to_v2,
    2: _v2_to_v3,
}


class Decoded(msgspec.Struct, frozen=True):
    header: Header
    frames: list[Any]  # journal items (snapshots included), in order
    warnings: list[str]
    end: int  # bytes of the log that are whole: where the next frame goes
    format: int  # the format the bytes were written in (before migration)


def _read_header(data: bytes) -> tuple[dict, int]:
    if not data:
        raise LogError("the file is empty")
    if not data.startswith(MAGIC):
        if MAGIC.startswith(data):
            raise LogError("the save has no complete header")
        raise LogError("not a Shamble save (wrong magic bytes)")
    first = next(_iter_v1(data, len(MAGIC)), None)
    if first is None or first[1] is None:
        raise LogError("the save has no complete header")
    try:
        raw = msgspec.msgpack.decode(first[1])
    except msgspec.DecodeError as e:
        raise LogError(f"the header cannot be read: {e}") from None
    if not isinstance(raw, dict) or raw.get("type") != "header":
        raise LogError("the first frame is not a save header")
    fmt = raw.get("format")
    if not isinstance(fmt, int) or isinstance(fmt, bool) or fmt < FIRST_FORMAT:
        raise LogError(f"the header names no known format ({fmt!r})")
    if fmt > FORMAT_VERSION:
        raise LogError(
            f"the save is format {fmt}, newer than this Shamble reads ({FORMAT_VERSION}): "
            "update Shamble"
        )
    return raw, len(MAGIC) + _HEADER_PREFIX.size + len(first[1])


def _payload_reader(mode_id: str, fmt: int) -> Callable[[bytes], list[Any]]:
    """Payload -> its journal items, for a log of format fmt."""
    if fmt >= 3:
        return codec(mode_id).decode
    decode = _frame_decoder(mode_id).decode
    return lambda payload: [decode(payload)]


def read_frame(mode_id: str, data: bytes, fmt: int = FORMAT_VERSION) -> list[Any]:
    """The journal items in whole frames written in format fmt (a frame kept
    outside a save file, e.g. on a shared game's broker)."""
    read = _payload_reader(mode_id, fmt)
    items: list[Any] = []
    try:
        for pos, payload in iter_payloads(data, 0, fmt):
            if payload is None:
                raise LogError(f"the frame at byte {pos} is cut off")
            items.extend(read(payload))
    except (msgspec.DecodeError, msgspec.ValidationError) as e:
        raise LogError(f"a frame that format {fmt} cannot read: {e}") from None
    return items


def decode_log(data: bytes) -> Decoded:
    """The whole log, migrated to the current format; raises LogError on any
    damage other than a torn last frame, which is dropped with a warning."""
    from engine.core.errors import RuleError

    raw_header, start = _read_header(data)
    fmt = raw_header["format"]
    setup = raw_header.get("setup")
    mode_id = setup.get("mode") if isinstance(setup, dict) else None
    try:
        read = _payload_reader(str(mode_id), fmt)
    except RuleError as e:  # not a mode this Shamble has
        raise LogError(f"the save is for an unknown mode: {e}") from None
    warnings: list[str] = []
    frames: list[Any] = []
    end = len(data)
    with gc_paused():
        for pos, payload in iter_payloads(data, start, fmt):
            if payload is None:
                warnings.append(f"dropped an incomplete last frame at byte {pos}")
                end = pos
                break
            try:
                frames.extend(read(payload))
            except (msgspec.DecodeError, msgspec.ValidationError) as e:
                raise LogError(f"frame at byte {pos} cannot be read: {e}") from None
    for version in range(fmt, FORMAT_VERSION):
        raw_header, frames = MIGRATIONS[version](raw_header, frames)
    try:
        header = msgspec.convert(raw_header, Header)
    except msgspec.ValidationError as e:
        raise LogError(f"the header cannot be read: {e}") from None
    return Decoded(header=header, frames=frames, warnings=warnings, end=end, format=fmt)


def decode(data: bytes) -> tuple[Header, list[Any], list[str]]:
    """Header, journal frames (snapshots included) and warnings."""
    d = decode_log(data)
    return d.header, d.frames, d.warnings
