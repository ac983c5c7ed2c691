"""The co-op wire protocol: what a host and its clients say to each other.

Every message is one msgspec Struct in a tagged union, encoded as msgpack.
On a Unix socket each message is a frame: a 4-byte big-endian length, then
the payload. Over Redis Streams each message is the `m` field of one stream
entry (hosting/broker.py). The first message a client sends is `Hello`
with the protocol version it speaks; a host that speaks another version
answers `Closed` saying which, and hangs up. A field added with a default
needs no new version: a peer that does not know it skips it (msgspec
ignores unknown fields), and one that knows it reads the default from an
older peer (a Welcome's `recent`).

Journal items (accepted commands with their events, undo and redo marks)
travel as save-format frames (engine/core/log.py), so a client's replica is
built by the same code that reads a save."""

from __future__ import annotations

import struct
from typing import Any

import msgspec

from hosting.chat import ChatLine
from hosting.presence import Presence


class CoopError(Exception):
    """A shared game that cannot be joined or played on; the message says why."""


PROTOCOL = 1  # bumped on any change an older peer cannot read
MAX_MESSAGE = 64 << 20  # a whole log in a Welcome fits well inside this

_LENGTH = struct.Struct(">I")


class Message(msgspec.Struct, frozen=True, tag_field="t", omit_defaults=True):
    pass


# -- client to host -------------------------------------------------------------
class Hello(Message, tag="hello"):
    """The first message. `have` journal frames of game `created` are already
    in the client's replica (a rejoin): the Welcome carries only the rest."""

    version: int
    have: int = 0
    created: str = ""
    peek: bool = False  # only ask what the game is (Info), then hang up
    conn: str = ""  # the client's own id for this session (Redis: replies are routed by it)
    # one of several players who share the host's own account (the browsers of a
    # `shamble serve --share-games`): the host names them apart by it, and only them
    player: str = ""
    watch: bool = False  # come to watch: no seat, and no request but talk (a watcher)


class Submit(Message, tag="submit"):
    ref: int
    command: Any  # a command as plain data ({"type": "move", ...})


class Undo(Message, tag="undo"):
    ref: int


class Redo(Message, tag="redo"):
    ref: int


class Claim(Message, tag="claim"):
    """Sit down at an open seat (the lobby)."""

    ref: int
    seat: str


class Release(Message, tag="release"):
    """Stand up from one of your seats: it is open to anyone again."""

    ref: int
    seat: str


class HandToBot(Message, tag="hand_to_bot"):
    """Let the bot play a seat: your own, or one whose player has left."""

    ref: int
    seat: str


class TakeBack(Message, tag="take_back"):
    """Play your own seat again instead of the bot."""

    ref: int
    seat: str


class Say(Message, tag="say"):
    """A line of talk for everyone at the table (hosting/chat.py)."""

    ref: int
    text: str


class Mute(Message, tag="mute"):
    """The host's account only: stop (or resume) passing on an account's lines."""

    ref: int
    account: str
    muted: bool = True


class WatchersApart(Message, tag="watchers_apart"):
    """The host's account only: watchers talk among themselves (or with the table again)."""

    ref: int
    apart: bool = True


class Ping(Message, tag="ping"):
    """I am still here (Redis clients: the host has no connection to watch)."""


class Bye(Message, tag="bye"):
    pass


ToHost = (
    Hello
    | Submit
    | Undo
    | Redo
    | Claim
    | Release
    | HandToBot
    | TakeBack
    | Say
    | Mute
    | WatchersApart
    | Ping
    | Bye
)


# -- host to client -------------------------------------------------------------
class SeatInfo(msgspec.Struct, frozen=True, omit_defaults=True):
    seat: str  # the seat id: a player number (station) or a seat id (outbreak)
    label: str  # how players read it: "Player 2", "ann"
    figures: list[str] = []  # whom the seat plays: survivors, or the seat's own figure
    human: bool = True  # False: a bot seat from the game's own setup
    account: str | None = None  # who sits there
    status: str = "open"  # open | here | away | bot


class Lobby(Message, tag="lobby"):
    seats: list[SeatInfo] = []
    watchers: list[str] = []  # accounts connected with no seat
    presence: list[Presence] = []  # who is here or away, since when, last doing (presence.py)


class Status(msgspec.Struct, frozen=True, omit_defaults=True):
    """What every client needs after each change, worked out by the host."""

    index: int  # journal frames so far
    turn: list[str] = []  # seats that may act now
    undo_seat: str | None = None  # the seat whose entry an undo would take back
    undo_refusal: str | None = None  # why the game's policy refuses that undo
    redo_seat: str | None = None  # the seat whose entry a redo would bring back
    outcome: str | None = None
    played: bool = False  # a person's seat has a move on the timeline (not only bots')


class Told(msgspec.Struct, frozen=True, omit_defaults=True):
    """One entry of the timeline as a seat may know it: whose move it was
    and its events less what that seat may not know (as an Update says it)."""

    seat: str | None
    events: list[Any] = []


class Welcome(Message, tag="welcome"):
    version: int
    game: str  # the shared game's name
    account: str  # who the host knows you as
    mode: str
    mission: str
    created: str  # which game of that name (the save header's time stamp)
    replica: str  # "log": `log` holds save frames; "view": `view` is all you get
    lobby: Lobby
    status: Status
    log: bytes = b""  # a whole log (start 0) or the journal frames after `start`
    start: int = 0
    view: Any = None  # view replicas: the seat's view of the game now
    # view replicas: the last entries of the timeline as that seat may know
    # them, oldest first (a screen joining mid-game retells them); a few only
    recent: list[Told] = []
    chat: list[ChatLine] = []  # the last lines said at the table, oldest first


class Said(Message, tag="said"):
    """A line said at the table (or a note of who came and went)."""

    line: ChatLine


class Entry(Message, tag="entry"):
    """A journal item the host has saved (log replicas): a save-format frame."""

    frame: bytes
    seat: str | None  # whose command it was (None: undo/redo marks carry it too)
    status: Status


class Update(Message, tag="update"):
    """A journal item as one seat may know it (view replicas)."""

    kind: str  # entry | undo | redo
    seat: str | None
    events: list[Any]  # the events that seat may see, as plain data
    view: Any
    status: Status


class Result(Message, tag="result"):
    """The answer to one request (by its ref)."""

    ref: int
    ok: bool
    code: str = ""
    message: str = ""
    index: int = 0  # journal frames once it was applied


class Info(Message, tag="info"):
    """The answer to a peek: the game, without joining it."""

    game: str
    mode: str
    mission: str
    lobby: Lobby
    status: Status
    pid: int = 0
    round: int | None = None  # the mode's round, or turn (`counts` says which)
    counts: str = "round"


class Closed(Message, tag="closed"):
    reason: str


ToClient = Lobby | Welcome | Entry | Update | Result | Info | Said | Closed

_encoder = msgspec.msgpack.Encoder()
_to_host = msgspec.msgpack.Decoder(ToHost)
_to_client = msgspec.msgpack.Decoder(ToClient)


class ProtocolError(ValueError):
    """Bytes that are not a message of this protocol."""


def encode(message: Message) -> bytes:
    return _encoder.encode(message)


def decode_to_host(payload: bytes) -> Any:
    try:
        return _to_host.decode(payload)
    except (msgspec.DecodeError, msgspec.ValidationError) as e:
        raise ProtocolError(f"not a message to the host: {e}") from None


def decode_to_client(payload: bytes) -> Any:
    try:
        return _to_client.decode(payload)
    except (msgspec.DecodeError, msgspec.ValidationError) as e:
        raise ProtocolError(f"not a message from the host: {e}") from None


def encode_plain(data: Any) -> bytes:
    """Any plain data or Struct as msgpack (to measure a part of a message)."""
    return _encoder.encode(data)


def framed(message: Message) -> bytes:
    """One socket frame: length, then payload."""
    payload = encode(message)
    return _LENGTH.pack(len(payload)) + payload


async def read_frame(reader: Any, within: float | None = None) -> bytes | None:
    """The next frame's payload from an asyncio StreamReader; None at a clean end.
    With `within`, a frame once begun must be whole that many seconds later
    (waiting for its first byte has no limit: a player may think)."""
    import asyncio

    try:
        first = await reader.readexactly(1)
    except asyncio.IncompleteReadError:
        return None

    async def rest() -> bytes:
        try:
            head = first + await reader.readexactly(_LENGTH.size - 1)
            (length,) = _LENGTH.unpack(head)
            if length > MAX_MESSAGE:
                raise ProtocolError(f"a frame of {length} bytes is larger than {MAX_MESSAGE}")
            return await reader.readexactly(length)
        except asyncio.IncompleteReadError:
            raise ProtocolError("the connection ended inside a frame") from None

    if within is None:
        return await rest()
    try:
        return await asyncio.wait_for(rest(), within)
    except TimeoutError:
        raise ProtocolError(f"a frame was not whole within {within:g} s") from None
