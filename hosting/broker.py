"""The co-op protocol over Redis Streams, for players on other machines.

The host stays the one process that checks commands and writes the save;
Redis only carries messages. Keys of game NAME (all under `shamble:NAME:`):

- `log`: the journal, one entry per frame, appended by the host with the
  explicit id `INDEX-0` (INDEX: the frame's place in the journal, from 1).
  Redis refuses an id at or below the stream's last, so a stale host (one
  that lost its lease, or runs an old copy of the save) cannot append: it
  stops. Players on one side (Station) read the log straight from here.
- `in:ACCOUNT`: what that account's clients say to the host (field `c`: the
  client's own id, `m`: the message). With Redis ACLs each account may append
  only to its own `in:` stream, which is how the host knows who speaks.
- `out:ACCOUNT`: what the host says to that account's clients (`c` names the
  client), including views: where players are opponents (Outbreak) they get
  views here and are not allowed to read `log`.
- `hello`: knocks: "ACCOUNT has said Hello in its `in:` stream at ID".
- `host`: the host's lease (pid@machine, expiring unless renewed), and `meta`:
  which game of that name it is (the save's time stamp).

An account is the ACL user of the client's URL (`redis://alice:pw@...`), or
the local login name when the URL has none (trusted: see docs/hosting.md)."""

from __future__ import annotations

import asyncio
import os
import secrets
import socket
import time
from typing import Any
from urllib.parse import unquote, urlsplit

from engine.core import log
from hosting import protocol as p
from hosting.host import Host
from hosting.place import this_account
from hosting.protocol import CoopError

LEASE = 6.0  # seconds a host's lease lasts unless renewed
RENEW = 2.0  # seconds between renewals, pings and presence checks
SILENT = 10.0  # seconds without a word after which a client has left
KEEP = 2000  # entries kept in in:, out: and hello streams (the log keeps all)
BLOCK_MS = 1000
RETRY_FIRST, RETRY_MOST = 0.5, 8.0  # seconds between tries to reach a lost broker, doubling
BACK = "shared across machines again"


class _Lost(Exception):
    """The broker could not be reached: the host plays on and tries again."""


def key(name: str, part: str) -> str:
    return f"shamble:{name}:{part}"


def account_of(url: str) -> str:
    user = urlsplit(url).username
    return unquote(user) if user and user != "default" else this_account()


def _connect(url: str) -> Any:
    try:
        import redis.asyncio as aioredis
    except ImportError:
        raise CoopError("the Redis broker needs the `redis` package (pip install redis)") from None
    return aioredis.from_url(url, socket_connect_timeout=5)


def _errors() -> tuple[type[Exception], ...]:
    import redis

    return (redis.RedisError, OSError)


def _before(stream_id: bytes | str) -> str:
    """The id just before `stream_id`, to read from it inclusively."""
    ms, _, seq = (stream_id.decode() if isinstance(stream_id, bytes) else stream_id).partition("-")
    if int(seq or 0) > 0:
        return f"{ms}-{int(seq) - 1}"
    return f"{int(ms) - 1}-18446744073709551615" if int(ms) > 0 else "0-0"


def _index(stream_id: bytes) -> int:
    return int(stream_id.decode().partition("-")[0])


async def _last_id(redis: Any, stream: str) -> str:
    last = await redis.xrevrange(stream, count=1)
    return last[0][0].decode() if last else "0-0"


async def broker_games(url: str) -> list[str]:
    """Names of the games whose host holds a lease on this broker."""
    redis = _connect(url)
    try:
        names = []
        async for k in redis.scan_iter(match="shamble:*:host"):
            names.append(k.decode().split(":")[1])
        return sorted(names)
    except _errors() as e:
        raise CoopError(f"cannot reach the broker: {e}") from None
    finally:
        await redis.aclose()


# -- the host's side ----------------------------------------------------------------------
class RedisConn:
    def __init__(self, broker: RedisHost, account: str, cid: str) -> None:
        self.id = f"r:{account}:{cid}"
        self.account = account
        self.cid = cid
        self.replica = ""
        self.broker = broker
        self.seen = time.monotonic()

    @property
    def shared_stream(self) -> bool:
        return self.replica == "log"

    def send(self, message: p.Message) -> None:
        self.broker.outbox.put_nowait(("out", self.account, self.cid, p.encode(message)))

    def close(self) -> None:
        self.broker.conns.pop((self.account, self.cid), None)


class RedisHost:
    """Serves a Host over Redis Streams, beside its Unix socket."""

    def __init__(self, host: Host, url: str) -> None:
        self.host = host
        self.url = url
        self.name = host.name
        self.redis: Any = None
        self.outbox: asyncio.Queue = asyncio.Queue()
        self.conns: dict[tuple[str, str], RedisConn] = {}
        self.lease = f"{os.getpid()}@{socket.gethostname()}"
        self.tasks: list[asyncio.Task] = []
        self.fenced = False
        self.down = False  # the broker is unreachable: the save alone holds the game

    async def start(self) -> None:
        self.redis = _connect(self.url)
        try:
            await self._claim()
            await self._fence()
            hello = await _last_id(self.redis, key(self.name, "hello"))
        except _errors() as e:
            raise CoopError(f"the broker at {self.url}: {e}") from None
        self.host.publishers.append(self._publish)
        self.tasks = [asyncio.create_task(self._serve(hello))]

    async def _serve(self, hello: str) -> None:
        """Carry the game over the broker; when the broker goes, play on here
        and try again, with backoff, until it is back (or the host stops)."""
        while True:
            why = await self._connected(hello)
            if why is None:
                return
            self._lost(why)
            again = await self._reconnect()
            if again is None:
                return
            hello = again
            self.host.announce(BACK)

    async def _connected(self, hello: str) -> str | None:
        """Read, write and keep the lease until the broker fails (why) or the
        host stops (None)."""
        tasks = [
            asyncio.create_task(self._read(hello)),
            asyncio.create_task(self._write()),
            asyncio.create_task(self._keep()),
        ]
        try:
            done, _ = await asyncio.wait(tasks, return_when=asyncio.FIRST_EXCEPTION)
            for task in done:
                if isinstance(task.exception(), _Lost):
                    return str(task.exception())
            await asyncio.gather(*tasks)
            return None
        finally:
            await _cancel(tasks)

    def _lost(self, why: str) -> None:
        self.down = True
        while not self.outbox.empty():  # the broker's log is caught up from the save later
            self.outbox.get_nowait()
            self.outbox.task_done()
        for conn in list(self.conns.values()):
            self.host.leave(conn)
        self.conns.clear()
        old, self.redis = self.redis, None
        if old is not None:
            asyncio.get_running_loop().create_task(_close_quietly(old))
        self.host.announce(
            f"the broker at {_place(self.url)} is unreachable ({why}): playing on here, "
            "and sharing again once it is back"
        )

    async def _reconnect(self) -> str | None:
        """Reach the broker again and append what it missed; its hello cursor,
        or None when the host must stop (another host played on meanwhile)."""
        wait = RETRY_FIRST
        while self.host.stopped is None:
            await asyncio.sleep(wait)
            wait = min(wait * 2, RETRY_MOST)
            self.redis = _connect(self.url)
            try:
                await self._claim()
                await self._fence()  # appends every frame saved since, to the last
                self.down = False  # no await since the last frame: none is missed
                return await _last_id(self.redis, key(self.name, "hello"))
            except CoopError as e:
                self.host.stop(f"the broker is back, but {e}")
                return None
            except _errors():
                self.down = True
                await _close_quietly(self.redis)
                self.redis = None
        return None

    async def _claim(self) -> None:
        """Take the game's lease, or refuse while another live host holds it."""
        lease = key(self.name, "host")
        if await self.redis.set(lease, self.lease, nx=True, ex=int(LEASE)):
            return
        holder = (await self.redis.get(lease) or b"").decode()
        if holder == self.lease:  # still ours: the broker was away for less than a lease
            await self.redis.expire(lease, int(LEASE))
            return
        pid, _, machine = holder.partition("@")
        if machine == socket.gethostname() and pid.isdigit() and not _alive(int(pid)):
            await self.redis.set(lease, self.lease, ex=int(LEASE))  # its host was killed
            return
        raise CoopError(f"another host ({holder}) is serving {self.name} on this broker")

    async def _fence(self) -> None:
        """The broker's log must be this save's: catch it up, never overtake it."""
        journal = self.host.game.journal
        meta = key(self.name, "meta")
        created = await self.redis.hget(meta, "created")
        top = await self.redis.xrevrange(key(self.name, "log"), count=1)
        last = _index(top[0][0]) if top else 0
        if created is not None and created.decode() != self.host.created:
            raise CoopError(f"the broker holds another game named {self.name}: choose another name")
        if last > len(journal):
            raise CoopError(
                f"the broker's log of {self.name} has {last} frames, this save {len(journal)}: "
                "another host has played on"
            )
        written = await self.redis.hget(meta, "format")
        # a log from before the format was kept in meta holds format 2 frames
        fmt = int(written) if written is not None and written.isdigit() else 2
        if last and not self._same(_frame_of(top[0][1]), journal[last - 1], fmt):
            raise CoopError(
                f"the broker's log of {self.name} differs from this save at frame {last}: "
                "another host has played on"
            )
        if last and fmt != log.FORMAT_VERSION:  # written by an older Shamble: write it anew
            await self.redis.delete(key(self.name, "log"))
            last = 0
        await self.redis.hset(
            meta,
            mapping={
                "created": self.host.created,
                "mode": self.host.game.setup.mode,
                "format": log.FORMAT_VERSION,
            },
        )
        index = last + 1
        while index <= len(journal):  # saved, not yet on the broker (more may come meanwhile)
            entry = p.Entry(
                frame=log.encode_frame(journal[index - 1]), seat=None, status=p.Status(index=index)
            )
            await self.redis.xadd(key(self.name, "log"), {"m": p.encode(entry)}, id=f"{index}-0")
            index += 1

    def _same(self, frame: bytes | None, item: Any, fmt: int) -> bool:
        """Whether a frame on the broker holds the save's journal item: byte for
        byte in today's format, item for item in an older one."""
        if frame is None:
            return False
        if fmt == log.FORMAT_VERSION:
            return frame == log.encode_frame(item)
        try:
            return log.read_frame(self.host.game.setup.mode, frame, fmt) == [item]
        except log.LogError:
            return False

    def _publish(self, index: int, entry: p.Entry) -> None:
        if not self.down:  # else the save holds it, and the broker gets it on its return
            self.outbox.put_nowait(("log", index, "", p.encode(entry)))

    async def _write(self) -> None:
        """Append to Redis in the order the host spoke."""
        import redis

        while True:
            kind, target, cid, payload = await self.outbox.get()
            try:
                if kind == "log" and self.fenced:
                    continue  # this host has stopped: its goodbyes still go out
                if kind == "log":
                    await self.redis.xadd(key(self.name, "log"), {"m": payload}, id=f"{target}-0")
                else:
                    stream = key(self.name, f"out:{target}")
                    await self.redis.xadd(stream, {"c": cid, "m": payload}, maxlen=KEEP)
            except redis.ResponseError as e:  # the id was refused: another host appended
                self.fenced = True
                self.host.stop(f"another host wrote to {self.name}'s log on the broker ({e})")
            except _errors() as e:
                raise _Lost(str(e) or type(e).__name__) from None
            finally:
                self.outbox.task_done()

    async def _read(self, hello_cursor: str) -> None:
        streams: dict[str, str] = {key(self.name, "hello"): hello_cursor}
        prefix = key(self.name, "in:")
        while True:
            try:
                answer = await self.redis.xread(streams, block=BLOCK_MS, count=200)
            except _errors() as e:
                raise _Lost(str(e) or type(e).__name__) from None
            for stream, entries in answer or []:
                stream = stream.decode()
                for entry_id, fields in entries:
                    streams[stream] = entry_id.decode()
                    if stream.startswith(prefix):
                        self._heard(stream[len(prefix) :], fields)
                    else:
                        account = fields.get(b"a", b"").decode()
                        said = fields.get(b"id", b"0-0")
                        if account and prefix + account not in streams:
                            streams[prefix + account] = _before(said)

    def _heard(self, account: str, fields: dict) -> None:
        cid = fields.get(b"c", b"").decode()
        try:
            message = p.decode_to_host(fields.get(b"m", b""))
        except p.ProtocolError:
            return
        conn = self.conns.get((account, cid))
        if isinstance(message, p.Hello):
            if conn is None:
                conn = self.conns[(account, cid)] = RedisConn(self, account, cid)
            self.host.hello(conn, message)
            if message.peek:
                self.conns.pop((account, cid), None)
            return
        if conn is None:
            return  # a client the host does not know (from before a restart)
        conn.seen = time.monotonic()
        self.host.handle(conn, message)
        if isinstance(message, p.Bye):
            self.conns.pop((account, cid), None)

    async def _keep(self) -> None:
        """Renew the lease; a client silent for too long has left."""
        lease = key(self.name, "host")
        while True:
            await asyncio.sleep(RENEW)
            try:
                if (await self.redis.get(lease) or b"").decode() != self.lease:
                    self.host.stop(f"another host took {self.name}'s lease on the broker")
                    return
                await self.redis.expire(lease, int(LEASE))
            except _errors() as e:
                raise _Lost(str(e) or type(e).__name__) from None
            now = time.monotonic()
            for conn in list(self.conns.values()):
                if now - conn.seen > SILENT:
                    self.conns.pop((conn.account, conn.cid), None)
                    self.host.leave(conn)

    async def stop(self) -> None:
        if not self.down:
            await _drain(self.outbox)  # the goodbyes go out first
        await _cancel(self.tasks)
        if self.redis is None:
            return
        try:
            lease = key(self.name, "host")
            if (await self.redis.get(lease) or b"").decode() == self.lease:
                await self.redis.delete(lease)
            await asyncio.wait_for(self.redis.aclose(), 2)
        except (*_errors(), TimeoutError):
            pass


def _place(url: str) -> str:
    """host:port of a broker's URL (never its password)."""
    parts = urlsplit(url)
    return f"{parts.hostname}:{parts.port or 6379}"


async def _close_quietly(redis: Any) -> None:
    try:
        await asyncio.wait_for(redis.aclose(), 2)
    except (*_errors(), TimeoutError):
        pass


def _frame_of(fields: dict) -> bytes | None:
    """The journal frame a log entry on the broker carries (None: not one)."""
    try:
        message = p.decode_to_client(fields.get(b"m", b""))
    except p.ProtocolError:
        return None
    return message.frame if isinstance(message, p.Entry) else None


async def _cancel(tasks: list[asyncio.Task]) -> None:
    """Cancel tasks and wait a moment for them: a read blocked in Redis may not
    notice at once, and closing the connection ends it anyway."""
    for task in tasks:
        task.cancel()
    if tasks:
        await asyncio.wait(tasks, timeout=1.0)


async def _drain(queue: asyncio.Queue, within: float = 1.0) -> None:
    try:
        await asyncio.wait_for(queue.join(), within)
    except TimeoutError:
        pass


def _alive(pid: int) -> bool:
    """Whether a process of this machine still runs (a zombie has ended)."""
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    try:
        with open(f"/proc/{pid}/status") as status:
            return not any(line.startswith("State:\tZ") for line in status)
    except OSError:
        return True


# -- the client's side ----------------------------------------------------------------------
class RedisClientTransport:
    """A client's connection through the broker, behind the same four calls
    as the socket's (open, send, receive, close)."""

    def __init__(self, url: str, name: str) -> None:
        self.url = url
        self.name = name
        self.account = account_of(url)
        self.cid = secrets.token_hex(6)
        self.redis: Any = None
        self.queue: asyncio.Queue = asyncio.Queue()
        self.outbox: asyncio.Queue = asyncio.Queue()
        self.tasks: list[asyncio.Task] = []
        self.log_from: int | None = None  # once welcomed to a log replica: read the log

    async def open(self, name: str) -> None:
        self.redis = _connect(self.url)
        try:
            if not await self.redis.exists(key(name, "host")):
                raise CoopError(f"no host is serving {name!r} on the broker at {self.url}")
            out = await _last_id(self.redis, key(name, f"out:{self.account}"))
        except _errors() as e:
            await self.redis.aclose()
            raise CoopError(f"cannot reach the broker at {self.url}: {e}") from None
        self.tasks = [
            asyncio.create_task(self._read(out)),
            asyncio.create_task(self._write()),
            asyncio.create_task(self._keep()),
        ]

    def send(self, message: p.Message) -> None:
        self.outbox.put_nowait(message)

    async def _write(self) -> None:
        mine = key(self.name, f"in:{self.account}")
        while True:
            message = await self.outbox.get()
            try:
                said = await self.redis.xadd(
                    mine, {"c": self.cid, "m": p.encode(message)}, maxlen=KEEP
                )
                if isinstance(message, p.Hello):
                    await self.redis.xadd(
                        key(self.name, "hello"), {"a": self.account, "id": said}, maxlen=KEEP
                    )
            except _errors() as e:
                await self.queue.put(p.Closed(reason=f"the broker refused a message: {e}"))
                return
            finally:
                self.outbox.task_done()

    async def _read(self, out_cursor: str) -> None:
        out = key(self.name, f"out:{self.account}")
        log_key = key(self.name, "log")
        cursors = {out: out_cursor}
        while True:
            if self.log_from is not None and log_key not in cursors:
                cursors[log_key] = f"{self.log_from}-0"
            # the log first: an entry is appended before the answer to its command
            streams = {k: cursors[k] for k in (log_key, out) if k in cursors}
            try:
                answer = await self.redis.xread(streams, block=BLOCK_MS, count=500)
            except _errors() as e:
                await self.queue.put(p.Closed(reason=f"the broker failed: {e}"))
                return
            for stream, entries in answer or []:
                stream = stream.decode()
                for entry_id, fields in entries:
                    cursors[stream] = entry_id.decode()
                    if stream == out and fields.get(b"c", b"").decode() != self.cid:
                        continue
                    try:
                        message = p.decode_to_client(fields.get(b"m", b""))
                    except p.ProtocolError:
                        continue
                    if isinstance(message, p.Welcome) and message.replica == "log":
                        self.log_from = message.status.index
                    await self.queue.put(message)

    async def _keep(self) -> None:
        """Tell the host we are here; notice when its lease has lapsed."""
        while True:
            await asyncio.sleep(RENEW)
            self.send(p.Ping())
            try:
                alive = await self.redis.exists(key(self.name, "host"))
            except _errors():
                alive = False
            if not alive:
                await self.queue.put(p.Closed(reason="the host went away"))
                return

    async def receive(self) -> Any | None:
        return await self.queue.get()

    async def close(self) -> None:
        await _drain(self.outbox)  # a Bye still queued goes out first
        await _cancel(self.tasks)
        if self.redis is not None:
            try:
                await asyncio.wait_for(self.redis.aclose(), 2)
            except (*_errors(), TimeoutError):
                pass
