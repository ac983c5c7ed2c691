"""A player's end of a shared game: the connection, the replica, the requests.

This is what a game screen uses (and `shamble join --script`, headless):

    client = await Client.connect("tutorial-3f2a")   # or broker="redis://..."
    client.listeners.append(on_change)               # called with each Change
    result = await client.submit({"type": "move", "survivor": "vega", "to": "b"})
    if not result.ok: show(result.message)           # e.g. "not_your_seat"
    client.view          # what this player may know, as the engine's view
    client.recent        # (view replicas) the moves before joining, as this seat knew them
    client.game          # the replica Game (station: the log is shared), or None
    client.my_seats, client.lobby, client.my_turn(), client.can_undo(), client.undo_note()
    await client.undo(); await client.claim("2"); await client.hand_to_bot("2")
    client = await client.rejoin()                   # after a "closed" Change
    await client.close()

Replicas. Where every player is on one side (Station) the client keeps a
replica of the whole log, built and grown by the save code (Game.from_bytes,
Game.apply_frame): it equals the host's save frame for frame. Where players
are opponents (Outbreak) a replica of the log would hold the other hands and
the piles' order, so the client keeps only its seat's view and the events
that seat may see, as the host sends them (K-7)."""

from __future__ import annotations

import asyncio
import itertools
import os
import socket
import struct
from collections.abc import Callable
from pathlib import Path
from typing import Any

import msgspec

from engine import Game, LogError
from engine.core import log
from hosting import protocol as p
from hosting.host import Authors
from hosting.place import account_name, coop_dir, folder_trouble, socket_owner, socket_path
from hosting.protocol import CoopError
from hosting.seats import bot_move, view_bot_move
from saves.files import SaveError

CONNECT_WITHIN = 10.0  # seconds for the host to welcome a client


class Change(msgspec.Struct, frozen=True):
    """One thing that changed, as a screen hears of it."""

    kind: str  # entry | undo | redo | lobby | chat | closed
    index: int = 0  # journal frames after it
    seat: str | None = None  # whose move it was (entry, undo, redo)
    events: list[Any] = []  # what happened, as plain data (entry, redo)
    reason: str = ""  # closed: why
    line: Any = None  # chat: the line said (hosting.chat.ChatLine)


class SocketTransport:
    def __init__(self, path: Path) -> None:
        self.path = path
        self.reader: asyncio.StreamReader | None = None
        self.writer: asyncio.StreamWriter | None = None

    async def open(self, name: str) -> None:
        owner = self._owner(name)
        try:
            self.reader, self.writer = await asyncio.open_unix_connection(
                str(self.path), limit=p.MAX_MESSAGE
            )
        except FileNotFoundError:
            raise CoopError(
                f"no shared game {name!r} here (looked in {self.path.parent})"
            ) from None
        except ConnectionRefusedError:
            raise CoopError(
                f"{name!r} has no host running: its host was stopped or killed; "
                f"the host account resumes it with `shamble host --resume {name}`"
            ) from None
        except PermissionError:
            raise CoopError(
                f"you may not join {name!r}: {self.path} is not open to your account "
                "(ask the host to add you to the players' group)"
            ) from None
        except OSError as e:
            raise CoopError(f"cannot reach {name!r} at {self.path}: {e.strerror}") from None
        sock = self.writer.get_extra_info("socket")
        creds = sock.getsockopt(socket.SOL_SOCKET, socket.SO_PEERCRED, struct.calcsize("3i"))
        _pid, uid, _gid = struct.unpack("3i", creds)
        if owner is not None and uid != owner:
            await self.close()
            raise CoopError(
                f"not joining {name!r}: the program answering at {self.path} runs as "
                f"{account_name(uid)}, not as {account_name(owner)}, whose host made the game"
            )

    def _owner(self, name: str) -> int | None:
        """The host account's uid, once the folder and the socket are found safe;
        None when there is no socket (connecting then says why)."""
        try:
            self.path.lstat()
            why = folder_trouble(self.path.parent)
            if why is not None:
                raise CoopError(f"not joining {name!r}: {why}")
            return socket_owner(name, self.path)
        except (FileNotFoundError, PermissionError):
            return None  # connecting says there is none, or that it is not open to this account
        except SaveError as e:
            raise CoopError(f"not joining {name!r}: {e}") from None
        except OSError as e:
            raise CoopError(f"cannot reach {name!r} at {self.path}: {e.strerror}") from None

    def send(self, message: p.Message) -> None:
        if self.writer is not None and not self.writer.is_closing():
            self.writer.write(p.framed(message))

    async def receive(self) -> Any | None:
        assert self.reader is not None
        try:
            payload = await p.read_frame(self.reader)
        except (ConnectionError, p.ProtocolError):
            return None
        return None if payload is None else p.decode_to_client(payload)

    async def close(self) -> None:
        if self.writer is not None and not self.writer.is_closing():
            self.writer.close()
            try:
                await self.writer.wait_closed()
            except (ConnectionError, OSError):
                pass


class Client:
    """One connection to a shared game. Make it with `await Client.connect(...)`."""

    def __init__(self, name: str, transport: Any) -> None:
        self.name = name
        self.transport = transport
        self.listeners: list[Callable[[Change], None]] = []
        self.account = ""
        self.mode = ""
        self.mission = ""
        self.created = ""
        self.replica = ""
        self.game: Game | None = None
        self.lobby = p.Lobby()
        self.status = p.Status(index=0)
        self.closed: str | None = None
        self.broker: str | None = None
        self.directory: Path | None = None
        self.watching = False  # came to watch (Hello.watch): no seat, talk only
        self._view: Any = None
        # view replicas: the last entries before joining, as this seat may know
        # them (the host's Welcome; empty from a host that sends none)
        self.recent: list[p.Told] = []
        self.chat: list[Any] = []  # the lines said at the table (hosting/chat.py), oldest first
        self.authors = Authors()
        self._refs = itertools.count(1)
        self._waiting: dict[int, asyncio.Future] = {}
        self._changed = asyncio.Event()
        self._reader: asyncio.Task | None = None

    # -- connecting -----------------------------------------------------------------
    @classmethod
    async def connect(
        cls,
        name: str,
        *,
        broker: str | None = None,
        directory: Path | None = None,
        previous: Client | None = None,
        timeout: float = CONNECT_WITHIN,
        watch: bool = False,
    ) -> Client:
        """Join the shared game `name`: on this machine's socket, or through the
        Redis broker at `broker`. `previous`: the client of a dropped connection,
        whose replica is kept (the host sends only what it lacks). `watch`:
        come to watch, with no seat (the host refuses any request but talk)."""
        if broker:
            from hosting.broker import RedisClientTransport

            transport: Any = RedisClientTransport(broker, name)
        else:
            transport = SocketTransport(socket_path(name, directory or coop_dir()))
        client = cls(name, transport)
        client.broker, client.directory, client.watching = broker, directory, watch
        await client._start(previous, timeout)
        return client

    async def rejoin(self, timeout: float = CONNECT_WITHIN) -> Client:
        """A new connection to the same game after this one closed (the host
        restarted, the network dropped): the replica is kept and the host sends
        only the frames it lacks. Raises CoopError while the game is down."""
        return await Client.connect(
            self.name,
            broker=self.broker,
            directory=self.directory,
            previous=self,
            timeout=timeout,
            watch=self.watching,
        )

    @classmethod
    async def peek(
        cls, name: str, *, broker: str | None = None, directory: Path | None = None
    ) -> p.Info:
        """What a shared game is (mode, mission, who sits where), without joining."""
        client = cls(name, None)
        if broker:
            from hosting.broker import RedisClientTransport

            client.transport = RedisClientTransport(broker, name)
        else:
            client.transport = SocketTransport(socket_path(name, directory or coop_dir()))
        await client.transport.open(name)
        try:
            client.transport.send(p.Hello(version=p.PROTOCOL, peek=True))
            answer = await asyncio.wait_for(client.transport.receive(), CONNECT_WITHIN)
        except TimeoutError:
            raise CoopError(f"{name!r} did not answer") from None
        finally:
            await client.transport.close()
        if isinstance(answer, p.Closed):
            raise CoopError(answer.reason)
        if not isinstance(answer, p.Info):
            raise CoopError(f"{name!r} answered something else than what the game is")
        return answer

    async def _start(self, previous: Client | None, timeout: float) -> None:
        await self.transport.open(self.name)
        have = 0
        created = ""
        if previous is not None and previous.game is not None:
            have, created = len(previous.game.journal), previous.created
        player = os.environ.get("SHAMBLE_PLAYER", "")[:32]
        hello = p.Hello(
            version=p.PROTOCOL, have=have, created=created, player=player, watch=self.watching
        )
        self.transport.send(hello)
        try:
            welcome = await asyncio.wait_for(self.transport.receive(), timeout)
        except TimeoutError:
            await self.transport.close()
            raise CoopError(f"{self.name!r} did not answer within {timeout:.0f} s") from None
        if isinstance(welcome, p.Closed):
            await self.transport.close()
            raise CoopError(welcome.reason)
        if not isinstance(welcome, p.Welcome):
            await self.transport.close()
            raise CoopError(f"{self.name!r} did not welcome us")
        self._welcome(welcome, previous)
        self._reader = asyncio.create_task(self._read_loop())

    def _welcome(self, w: p.Welcome, previous: Client | None) -> None:
        self.account, self.mode, self.mission = w.account, w.mode, w.mission
        self.created, self.replica = w.created, w.replica
        self.lobby, self.status = w.lobby, w.status
        self.chat = list(w.chat)
        if w.replica == "log":
            if w.start and previous is not None and previous.game is not None:
                self.game = previous.game
                for item in log.read_frames(w.mode, w.log).items:
                    self.game.apply_frame(item)
            else:
                try:
                    self.game = Game.from_bytes(w.log)
                except LogError as e:
                    raise CoopError(f"the host's log cannot be read here: {e}") from None
            self.authors = Authors.of(self.game)
            if len(self.game.journal) != w.status.index:
                raise CoopError("the replica does not match the host's log")
        else:
            self._view = w.view
            self.recent = list(w.recent)

    # -- hearing from the host --------------------------------------------------------
    async def _read_loop(self) -> None:
        reason = "the host went away"
        try:
            while True:
                message = await self.transport.receive()
                if message is None:
                    break
                if isinstance(message, p.Closed):
                    reason = message.reason
                    break
                self._on(message)
        except (CoopError, LogError, p.ProtocolError) as e:
            reason = str(e)
        finally:
            self._close_down(reason)

    def _close_down(self, reason: str) -> None:
        if self.closed is not None:
            return
        self.closed = reason
        for future in self._waiting.values():
            if not future.done():
                future.set_result(p.Result(ref=0, ok=False, code="closed", message=reason))
        self._waiting.clear()
        self._emit(Change(kind="closed", index=self.status.index, reason=reason))

    def _on(self, message: Any) -> None:
        match message:
            case p.Entry():
                self._on_entry(message)
            case p.Update():
                self._view, self.status = message.view, message.status
                self._emit(
                    Change(
                        kind=message.kind,
                        index=message.status.index,
                        seat=message.seat,
                        events=message.events,
                    )
                )
            case p.Lobby():
                self.lobby = message
                self._emit(Change(kind="lobby", index=self.status.index))
            case p.Said(line=line):
                self.chat.append(line)
                del self.chat[:-200]
                self._emit(Change(kind="chat", index=self.status.index, line=line))
            case p.Result():
                future = self._waiting.pop(message.ref, None)
                if future is not None and not future.done():
                    future.set_result(message)

    def _on_entry(self, entry: p.Entry) -> None:
        game = self.game
        if game is None:
            raise CoopError("the host sent a log entry to a view replica")
        if entry.status.index <= len(game.journal):
            return  # already applied (a shared stream read again after a rejoin)
        if entry.status.index != len(game.journal) + 1:
            raise CoopError(
                f"missed journal frames {len(game.journal) + 1}..{entry.status.index - 1}: rejoin"
            )
        items = log.read_frames(self.mode, entry.frame).items
        if len(items) != 1:
            raise CoopError("a log entry from the host is not one journal frame")
        item = items[0]
        game.apply_frame(item)
        self.status = entry.status
        events: Any = ()
        if isinstance(item, log.UndoMark):
            kind = "undo"
            self.authors.undo()
        elif isinstance(item, log.RedoMark):
            kind = "redo"
            self.authors.redo()
            events = self.authors.timeline[-1][1]
        else:
            kind, events = "entry", item.events
            self.authors.entry(entry.seat, events)
        events = msgspec.to_builtins(list(events))
        self._emit(Change(kind=kind, index=entry.status.index, seat=entry.seat, events=events))

    def _emit(self, change: Change) -> None:
        self._changed.set()
        self._changed = asyncio.Event()
        for listener in list(self.listeners):
            listener(change)

    async def changed(self, timeout: float | None = None) -> bool:
        """Wait for the next change; False when the timeout passed first."""
        event = self._changed
        try:
            await asyncio.wait_for(event.wait(), timeout)
        except TimeoutError:
            return False
        return True

    # -- asking the host ----------------------------------------------------------------
    async def _request(self, make: Callable[[int], p.Message]) -> p.Result:
        if self.closed is not None:
            return p.Result(ref=0, ok=False, code="closed", message=self.closed)
        ref = next(self._refs)
        future = asyncio.get_running_loop().create_future()
        self._waiting[ref] = future
        self.transport.send(make(ref))
        return await future

    async def submit(self, command: Any) -> p.Result:
        """Ask the host to play a command (a dict or a Struct); the Result says
        whether it was accepted (`code`, `message` when not)."""
        data = command if isinstance(command, dict) else msgspec.to_builtins(command)
        return await self._request(lambda ref: p.Submit(ref=ref, command=data))

    async def undo(self) -> p.Result:
        return await self._request(lambda ref: p.Undo(ref=ref))

    async def redo(self) -> p.Result:
        return await self._request(lambda ref: p.Redo(ref=ref))

    async def claim(self, seat: str) -> p.Result:
        return await self._request(lambda ref: p.Claim(ref=ref, seat=seat))

    async def release(self, seat: str) -> p.Result:
        return await self._request(lambda ref: p.Release(ref=ref, seat=seat))

    async def hand_to_bot(self, seat: str) -> p.Result:
        return await self._request(lambda ref: p.HandToBot(ref=ref, seat=seat))

    async def take_back(self, seat: str) -> p.Result:
        return await self._request(lambda ref: p.TakeBack(ref=ref, seat=seat))

    async def say(self, text: str) -> p.Result:
        """Say a line to everyone at the table; refused when it is empty, too
        long, too soon after the last few, or the host has muted you."""
        return await self._request(lambda ref: p.Say(ref=ref, text=text))

    async def mute(self, account: str, muted: bool = True) -> p.Result:
        """The host's account only: stop passing on (or pass on again) an account's lines."""
        return await self._request(lambda ref: p.Mute(ref=ref, account=account, muted=muted))

    async def watchers_apart(self, apart: bool = True) -> p.Result:
        """The host's account only: watchers talk among themselves, unheard by
        the players (or, apart=False, with the whole table again)."""
        return await self._request(lambda ref: p.WatchersApart(ref=ref, apart=apart))

    async def close(self) -> None:
        """Leave the game (the seats stay yours: joining again takes them back)."""
        if self.closed is None:
            self.transport.send(p.Bye())
            self._close_down("you left")
        await self.transport.close()
        if self._reader is not None:
            try:
                await asyncio.wait_for(self._reader, 2)
            except (TimeoutError, asyncio.CancelledError):
                self._reader.cancel()

    # -- what the screen shows ------------------------------------------------------------
    @property
    def view(self) -> Any:
        """This player's view of the game (the engine's view for their seat)."""
        if self.game is not None:
            return self.game.view(self.game.viewer_of(self.view_seat))
        return self._view

    @property
    def my_seats(self) -> list[str]:
        return [s.seat for s in self.lobby.seats if s.account == self.account]

    @property
    def view_seat(self) -> str | None:
        mine = self.my_seats
        return next((s for s in self.status.turn if s in mine), mine[0] if mine else None)

    def seat_info(self, seat: str | None) -> p.SeatInfo | None:
        return next((s for s in self.lobby.seats if s.seat == seat), None)

    def who(self, seat: str | None) -> str:
        """A seat as players read it: "Player 2 (bob)"."""
        info = self.seat_info(seat)
        if info is None:
            return str(seat)
        return f"{info.label} ({info.account})" if info.account else info.label

    def my_turn(self) -> bool:
        """One of this player's own seats (not handed to the bot) may act now."""
        mine = {s.seat for s in self.lobby.seats if s.account == self.account and s.status != "bot"}
        return bool(mine & set(self.status.turn))

    def can_undo(self) -> bool:
        return (
            self.status.undo_seat in self.my_seats
            and self.status.undo_refusal is None
            and self.closed is None
        )

    def undo_note(self) -> str:
        """Why undo is (not) offered, in a player's words, for the screen."""
        seat, status = self.status.undo_seat, self.status
        if not status.index or (seat is None and status.undo_refusal is None):
            return "nothing to undo yet"
        if seat not in self.my_seats:
            return f"only {self.who(seat)} may undo the last move: it was theirs"
        if status.undo_refusal:
            return status.undo_refusal
        return "undo takes back your last move"

    def bot_command(self) -> Any | None:
        """What the bot would play for this player's own seats now, else None
        (`join --bot`, and a screen's "let the bot play my turn")."""
        if not self.my_turn() or self.status.outcome is not None:
            return None
        if self.game is not None:
            return bot_move(self.game, set(self.my_seats), eager=True)
        return view_bot_move(self.mode, self._view)
