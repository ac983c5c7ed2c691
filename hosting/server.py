"""Running a host: the Unix socket its clients connect to, and the process.

The socket is made with mode 0660 in the co-op directory (hosting/place.py),
so the host's group may connect; each connection's account comes from the
kernel (SO_PEERCRED), never from what the client says. `run` serves until
the host is told to stop (SIGTERM, SIGINT), the game is over and everyone
has left, or nobody has been connected for `idle` seconds: the save keeps
the game, and `shamble host --resume NAME` carries on from it."""

from __future__ import annotations

import asyncio
import contextlib
import itertools
import os
import signal
import socket
import struct
from collections.abc import Callable
from pathlib import Path
from typing import Any

from engine import Game
from hosting import protocol as p
from hosting.chat import Talk, chat_file
from hosting.host import Host, HostStopped
from hosting.place import account_name, pid_path, secure_folder, socket_path
from hosting.seats import SeatTable, seat_file, seat_specs
from saves.files import SaveError, private_folder
from saves.session import AutoSave

HELLO_WITHIN = 10.0  # seconds a new connection has to say Hello
FRAME_WITHIN = 10.0  # seconds a frame, once begun, has to arrive whole (hello or not)
WRITE_BACKLOG = 32 << 20  # bytes queued for a client that does not read: it is dropped
OVER_LINGER = 30.0  # seconds a finished game stays up once its last player leaves

_ids = itertools.count(1)


def peer_account(sock: Any) -> tuple[int, str]:
    """(pid, account) of the process at the other end of a Unix socket."""
    creds = sock.getsockopt(socket.SOL_SOCKET, socket.SO_PEERCRED, struct.calcsize("3i"))
    pid, uid, _gid = struct.unpack("3i", creds)
    return pid, account_name(uid)


class SocketConn:
    shared_stream = False

    def __init__(self, writer: asyncio.StreamWriter, account: str, pid: int) -> None:
        self.id = f"s{next(_ids)}:{pid}"
        self.account = account
        self.replica = ""
        self.writer = writer

    def send(self, message: p.Message) -> None:
        if self.writer.is_closing():
            return
        if self.writer.transport.get_write_buffer_size() > WRITE_BACKLOG:
            self.writer.close()  # it stopped reading; it can rejoin and catch up
            return
        self.writer.write(p.framed(message))

    def close(self) -> None:
        if not self.writer.is_closing():
            self.writer.close()


def player_account(account: str, uid: int, hello: p.Hello) -> str:
    """Who a connection is: its account by the kernel's word, set apart by the
    Hello's `player` only for a peer of the host's own account (a browser of
    `shamble serve --share-games`: they all run as the server's account)."""
    player = "".join(c for c in hello.player if c.isalnum())[:12]
    return f"{account}.{player}" if player and uid == os.getuid() else account


async def _serve_one(
    host: Host,
    reader: asyncio.StreamReader,
    writer: asyncio.StreamWriter,
    frame_within: float = FRAME_WITHIN,
):
    try:
        sock = writer.get_extra_info("socket")
        pid, account = peer_account(sock)
        uid = struct.unpack("3i", sock.getsockopt(socket.SOL_SOCKET, socket.SO_PEERCRED, 12))[1]
    except OSError:
        writer.close()
        return
    conn = SocketConn(writer, account, pid)
    try:
        first = await asyncio.wait_for(p.read_frame(reader, frame_within), HELLO_WITHIN)
        if first is None:
            return
        hello = p.decode_to_host(first)
        if not isinstance(hello, p.Hello):
            conn.send(p.Closed(reason="say hello first"))
            return
        conn.account = player_account(account, uid, hello)
        host.hello(conn, hello)
        while conn.id in host.conns:
            payload = await p.read_frame(reader, frame_within)
            if payload is None:
                break
            host.handle(conn, p.decode_to_host(payload))
            await writer.drain()
    except p.ProtocolError as e:
        conn.send(p.Closed(reason=f"dropped: {e}"))  # a half-sent frame holds nothing open
    except (TimeoutError, ConnectionError, HostStopped):
        pass
    finally:
        host.leave(conn)
        conn.close()


def _bind(path: Path) -> socket.socket:
    """A listening socket at path, mode 0660; a socket left by a killed host
    is replaced, a live host's is refused."""
    secure_folder(path.parent)
    if path.exists() or path.is_symlink():
        probe = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        try:
            probe.connect(str(path))
        except (ConnectionRefusedError, FileNotFoundError):
            try:
                path.unlink(missing_ok=True)
            except PermissionError:
                owner = account_name(path.lstat().st_uid)
                raise SaveError(
                    f"{path}: a socket {owner}'s host left is in the way; {owner} removes it"
                ) from None
        except OSError as e:
            raise SaveError(f"{path}: cannot check the old socket: {e.strerror}") from None
        else:
            raise SaveError(f"{path}: another host is serving this game")
        finally:
            probe.close()
    sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    old = os.umask(0o117)  # never a moment with the socket open to others
    try:
        sock.bind(str(path))
    except OSError as e:
        sock.close()
        raise SaveError(f"{path}: cannot listen here: {e.strerror}") from None
    finally:
        os.umask(old)
    os.chmod(path, 0o660)
    sock.listen(64)
    return sock


class HostProcess:
    """A host with its autosave, seat table and socket, on one asyncio loop."""

    def __init__(
        self,
        name: str,
        autosave: AutoSave,
        home: Path,
        *,
        directory: Path,
        allow: set[str] | None = None,
        bot_pace: float = 0.25,
        idle: float = 3600.0,
        broker: str | None = None,
        bot_after: float | None = None,
        frame_within: float = FRAME_WITHIN,
    ) -> None:
        self.name = name
        self.frame_within = frame_within
        self.bot_after = bot_after
        self.autosave = autosave
        self.home = home
        self.directory = directory
        self.allow = allow
        self.bot_pace = bot_pace
        self.idle = idle
        self.broker = broker
        self.done: asyncio.Future | None = None
        self._idle_timer: asyncio.TimerHandle | None = None

    def _schedule(self, delay: float, fn: Callable[[], None]) -> Any:
        loop = asyncio.get_running_loop()
        return loop.call_later(delay, fn) if delay > 0 else loop.call_soon(fn)

    def _finish(self, reason: str) -> None:
        if self.done is not None and not self.done.done():
            self.done.set_result(reason)

    def _on_idle(self) -> None:
        """Nobody is connected: stop after a while (sooner once the game is over)."""
        if self._idle_timer is not None:
            self._idle_timer.cancel()
        wait = OVER_LINGER if self.host.game.outcome is not None else self.idle
        loop = asyncio.get_running_loop()

        def check() -> None:
            if not self.host.conns:
                self._finish("nobody is playing")

        self._idle_timer = loop.call_later(wait, check)

    async def run(self, ready: Callable[[str], None] | None = None) -> str:
        """Serve until stopped; returns why it stopped."""
        loop = asyncio.get_running_loop()
        self.done = loop.create_future()
        game = self.autosave.game
        table = SeatTable(seat_specs(game), seat_file(self.home, self.name))
        table.save()
        self.host = Host(
            self.name,
            game,
            self.autosave._created,  # the save's own stamp: which game of this name
            table,
            schedule=self._schedule,
            allow=self.allow,
            bot_pace=self.bot_pace,
            on_idle=self._on_idle,
            on_stop=self._finish,
            pid=os.getpid(),
            bot_after=self.bot_after,
            talk=Talk(chat_file(self.home, self.name)),
            host_account=account_name(os.geteuid()),
        )
        path = socket_path(self.name, self.directory)
        sock = _bind(path)
        server = await asyncio.start_unix_server(
            lambda r, w: _serve_one(self.host, r, w, self.frame_within),
            sock=sock,
            limit=p.MAX_MESSAGE,
        )
        pidfile = pid_path(self.name, self.directory)
        try:
            pidfile.unlink(missing_ok=True)  # a killed host's: a new one, this account's
            fd = os.open(pidfile, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o640)
        except OSError as e:
            server.close()
            with contextlib.suppress(OSError):
                path.unlink()
            raise SaveError(f"{pidfile}: cannot write the host's pid: {e.strerror}") from None
        os.fchmod(fd, 0o640)
        with open(fd, "w") as f:
            f.write(f"{os.getpid()}\n")
        broker = None
        try:
            if self.broker:
                from hosting.broker import RedisHost

                broker = RedisHost(self.host, self.broker)
                await broker.start()
            for sig in (signal.SIGTERM, signal.SIGINT, signal.SIGHUP):
                loop.add_signal_handler(sig, self._finish, f"signal {sig.name}")
            self._on_idle()
            self.host._wake_bots()
            if ready is not None:
                ready(str(path))
            reason = await self.done
        finally:
            server.close()
            why = self.done.result() if self.done.done() else "an error"
            self.host.stop(f"the host stopped ({why}); it resumes from its save")
            if broker is not None:
                await broker.stop()
            with contextlib.suppress(OSError):
                path.unlink()
            with contextlib.suppress(OSError):
                pidfile.unlink()
            self.autosave.close()
        return reason


def new_game_save(name: str, game: Game, saves: Path, fsync: bool = True) -> AutoSave:
    private_folder(saves)
    return AutoSave.create(saves / f"{name}.shamble", game, fsync=fsync)


def resume_save(name: str, saves: Path, fsync: bool = True) -> AutoSave:
    path = saves / f"{name}.shamble"
    if not path.exists():
        raise SaveError(f"{path}: no such save to host")
    return AutoSave.resume(path, fsync=fsync)
