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

Damage. Only the end of a log may be incomplete (the write a kill or a crash
cut off): that frame is dropped with a warning. Anything else raises LogError
with the byte offset and the reason. Older formats are read through the
migration chain (MIGRATIONS), one step per version.
"""

from __future__ import annotations

import struct
import zlib
from collections.abc import Callable, Iterator
from functools import cache, lru_cache
from typing import Any

import msgspec

from engine.core.mode import Setup, get_mode

MAGIC = b"SHAMBLE\x00"
FORMAT_VERSION = 2
FIRST_FORMAT = 1
MAX_FRAME = (1 << 24) - 1  # format 2 lengths are 3 bytes

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
    return msgspec.msgpack.Decoder(entry_type(mode_id) | UndoMark | RedoMark | Snapshot)


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
    return frame(_encoder.encode(item))


def encode_state(state: Any) -> bytes:
    return _encoder.encode(state)


def decode_state(state_type: Any, data: bytes) -> Any:
    return _state_decoder(state_type).decode(data)


def encode_snapshot(depth: int, state: Any, app: str) -> bytes | None:
    """A snapshot frame, or None when the state is too large for one frame."""
    payload = _encoder.encode(Snapshot(depth=depth, app=app, state=encode_state(state)))
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
    to offsets in its message (where `data` sits in the file)."""
    decoder = _frame_decoder(mode_id)
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
            items.append(decoder.decode(payload))
        except msgspec.DecodeError as e:
            raise LogError(f"frame at byte {base + pos} cannot be read: {e}") from None
        starts.append(pos)
        pos = end
    return FrameBatch(items=items, starts=starts, end=pos, pending=n - pos)


# -- migrations: raw (msgpack-decoded) header and frames, one version up --------
def _v1_to_v2(header: dict, frames: list[Any]) -> tuple[dict, list[Any]]:
    """v1 wrote the total undo count into the header when saving, though its
    journal holds every undo mark too; v2 counts the marks and keeps in the
    header only the undos that happened before the journal begins."""
    undos = sum(1 for f in frames if isinstance(f, dict) and f.get("type") == "undo")
    count = header.get("undo_count", 0)
    count = count if isinstance(count, int) else 0
    return {**header, "format": 2, "undo_count": max(0, count - undos)}, frames


MIGRATIONS: dict[int, Callable[[dict, list[Any]], tuple[dict, list[Any]]]] = {1: _v1_to_v2}


class Decoded(msgspec.Struct, frozen=True):
    header: Header
    frames: list[Any]
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


def decode_log(data: bytes) -> Decoded:
    """The whole log, migrated to the current format; raises LogError on any
    damage other than a torn last frame, which is dropped with a warning."""
    raw_header, start = _read_header(data)
    fmt = raw_header["format"]
    setup = raw_header.get("setup")
    mode_id = setup.get("mode") if isinstance(setup, dict) else None
    try:
        decoder = _frame_decoder(str(mode_id))
    except Exception as e:  # unknown mode: RuleError from the registry
        raise LogError(f"the save is for an unknown mode: {e}") from None
    warnings: list[str] = []
    frames: list[Any] = []
    end = len(data)
    raw_decode = msgspec.msgpack.decode if fmt < FORMAT_VERSION else decoder.decode
    for pos, payload in iter_payloads(data, start, fmt):
        if payload is None:
            warnings.append(f"dropped an incomplete last frame at byte {pos}")
            end = pos
            break
        try:
            frames.append(raw_decode(payload))
        except msgspec.DecodeError as e:
            raise LogError(f"frame at byte {pos} cannot be read: {e}") from None
    if fmt < FORMAT_VERSION:
        for version in range(fmt, FORMAT_VERSION):
            raw_header, frames = MIGRATIONS[version](raw_header, frames)
        try:
            frames = msgspec.convert(frames, list[entry_type(str(mode_id)) | UndoMark | RedoMark])
        except msgspec.ValidationError as e:
            raise LogError(f"a format {fmt} frame cannot be migrated: {e}") from None
    try:
        header = msgspec.convert(raw_header, Header)
    except msgspec.ValidationError as e:
        raise LogError(f"the header cannot be read: {e}") from None
    return Decoded(header=header, frames=frames, warnings=warnings, end=end, format=fmt)


def decode(data: bytes) -> tuple[Header, list[Any], list[str]]:
    """Header, journal frames (snapshots included) and warnings."""
    d = decode_log(data)
    return d.header, d.frames, d.warnings


# -- from frames to a timeline (what Game.from_log builds on) -------------------
class Timeline(msgspec.Struct):
    """The journal walked without replaying a single event."""

    entries: list[Any]  # the current timeline
    redo: list[Any]  # undone entries, last undone last
    journal: list[Any]  # every entry, undo and redo frame (snapshots left out)
    undos: int  # undo marks in the journal
    snapshots: dict[int, bytes]  # depth -> encoded state, still true on this timeline


def undo_refusal(policy: str, events: Any, reveals: Callable[[Any], bool]) -> str | None:
    """Why the undo policy (K-6) refuses to undo an entry with these events,
    or None: one rule for a live game and for a journal read back."""
    if policy == "ironman":
        return "this is an ironman game: undo is off"
    if policy == "honest" and any(reveals(ev) for ev in events):
        return "honest undo stops where hidden information was revealed (dice, cards, spawns)"
    return None


def walk(frames: list[Any], app: str, policy: str, reveals: Callable[[Any], bool]) -> Timeline:
    """Entries, redo stack and trustworthy snapshots from journal frames.

    An undo the game's policy forbids, an undo or redo with nothing to act on,
    or a snapshot at the wrong place raise LogError: the game never made them."""
    entries: list[Any] = []
    redo: list[Any] = []
    journal: list[Any] = []
    snapshots: dict[int, bytes] = {}
    deepest = -1  # deepest snapshot depth kept
    undos = 0
    for n, item in enumerate(frames):
        if isinstance(item, Snapshot):
            if item.depth != len(entries):
                raise LogError(f"journal frame {n} is a snapshot out of place")
            if item.app == app:
                snapshots[item.depth] = item.state
                deepest = max(deepest, item.depth)
            continue
        if isinstance(item, UndoMark):
            if not entries:
                raise LogError(f"journal frame {n} undoes past the start of the game")
            why = undo_refusal(policy, entries[-1].events, reveals)
            if why:
                raise LogError(f"journal frame {n} undoes what the game refuses: {why}")
            redo.append(entries.pop())
            undos += 1
        elif isinstance(item, RedoMark):
            if not redo:
                raise LogError(f"journal frame {n} redoes with nothing to redo")
            entries.append(redo.pop())
        else:
            redo.clear()
            entries.append(item)
            if deepest >= len(entries):  # a new branch: states past here changed
                for depth in [d for d in snapshots if d >= len(entries)]:
                    del snapshots[depth]
                deepest = max(snapshots, default=-1)
        journal.append(item)
    return Timeline(entries=entries, redo=redo, journal=journal, undos=undos, snapshots=snapshots)


_MISSING: Any = object()


class LazyStates(list):
    """The state after each entry of a timeline, filled in when first read:
    from the nearest earlier known state (the start or a snapshot) by folding
    the entries in between. Game keeps its timeline states in a list indexed
    by depth; a loaded game gets this list instead, so loading and the first
    undos cost only the events since the nearest snapshot."""

    def __init__(
        self,
        first: Any,
        entries: list[Any],
        fold: Callable[[Any, Any], Any],
        packed: dict[int, bytes],
        unpack: Callable[[bytes], Any],
        known: dict[int, Any] | None = None,
    ) -> None:
        super().__init__([first])
        self.extend([_MISSING] * len(entries))
        for depth, state in (known or {}).items():  # states already at hand, by depth
            list.__setitem__(self, depth, state)
        self._entries = entries
        self._fold = fold
        self._packed = dict(packed)
        self._unpack = unpack

    def __getitem__(self, index: Any) -> Any:
        item = list.__getitem__(self, index)
        if item is _MISSING:
            item = self._resolve(index if index >= 0 else len(self) + index)
        return item

    def _resolve(self, depth: int) -> Any:
        known = depth
        while (state := list.__getitem__(self, known)) is _MISSING:
            packed = self._packed.pop(known, None)
            if packed is not None:
                try:
                    state = self._unpack(packed)
                except (msgspec.DecodeError, msgspec.ValidationError):
                    state = _MISSING  # a cache that no longer fits: replay instead
                if state is not _MISSING:
                    list.__setitem__(self, known, state)
                    break
            known -= 1
        for d in range(known + 1, depth + 1):
            state = self._fold(state, self._entries[d - 1])
            list.__setitem__(self, d, state)
        return state
