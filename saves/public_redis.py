"""The public list and scoreboard past one machine, through Redis (issue 32).

Each player's process, when a broker is set (`SHAMBLE_BROKER`, or the first
line of `$SHAMBLE_HOME/broker`; `--broker` on the command line), sends what
it publishes in the machine's public folder (saves/public.py) to Redis too:

    shamble:public:live:ACCOUNT:HOST:SLOT   a game being played now: the live
                                           record's JSON, expiring after TTL
                                           seconds unless renewed (every RENEW)
    shamble:public:scores:ACCOUNT          a sorted set: each finished game's
                                           score line (JSON), ranked by points

A reader names the player and the host from the key, never from what the
value says, and the broker's ACLs (docs/hosting.md) let each account write
only keys with its own name. Every call to Redis is made by one background
thread with short timeouts, so a broker that does not answer never holds up
a game: the thread tries again every RENEW seconds and, once Redis is back,
sends the live records again and every score of the player's own table
(ZADD of the same line changes nothing, so nothing is counted twice and
nothing missed while Redis was away is lost)."""

from __future__ import annotations

import os
import socket
import threading
import time
from typing import Any
from urllib.parse import unquote, urlsplit

import msgspec

from saves.scores import Score

ENV = "SHAMBLE_BROKER"
SETTING = "broker"  # $SHAMBLE_HOME/broker: the URL, one line
TTL = 30  # seconds a live record lasts on the broker unless renewed
RENEW = 10.0  # seconds between renewals (and tries while the broker is away)
TIMEOUT = 2.0  # seconds for any one call to Redis
GAP = 1.0  # seconds at least between two sends (moves come faster: the latest goes)
LIVE = "shamble:public:live:"
SCORES = "shamble:public:scores:"
KEEP_SCORES = 1000  # a player's best lines read from the broker at most

_score_decoder = msgspec.json.Decoder(Score)


class BrokerDown(Exception):
    """The broker could not be reached; the message says where and why."""


def configured() -> str | None:
    """The broker's URL this player set, or None."""
    url = os.environ.get(ENV, "").strip()
    if url:
        return url
    from saves.slots import home

    try:
        url = (home() / SETTING).read_text(encoding="utf-8").strip().splitlines()[0]
    except (OSError, IndexError):
        return None
    return url or None


def place(url: str) -> str:
    """host:port of a broker's URL (never its password)."""
    parts = urlsplit(url)
    return f"{parts.hostname}:{parts.port or 6379}"


def account_of(url: str, local: str) -> str:
    """Whom the broker knows this player as: the URL's ACL user, else their login."""
    user = urlsplit(url).username
    return unquote(user) if user and user != "default" else local


def this_host() -> str:
    return socket.gethostname().replace(":", "_")


def _connect(url: str) -> Any:
    try:
        import redis
    except ImportError:
        raise BrokerDown("the broker needs the `redis` package (pip install redis)") from None
    return redis.Redis.from_url(url, socket_connect_timeout=TIMEOUT, socket_timeout=TIMEOUT)


def _errors() -> tuple[type[Exception], ...]:
    import redis

    return (redis.RedisError, OSError)


def _why(url: str, e: Exception) -> BrokerDown:
    return BrokerDown(f"the broker at {place(url)} is unreachable ({e or type(e).__name__})")


# -- reading --------------------------------------------------------------------------------
def live_games(url: str, decoder: msgspec.json.Decoder) -> list[tuple[str, str, Any]]:
    """(account, host, record) of every live game on the broker; BrokerDown when
    it cannot be reached. The account and host are the key's."""
    redis = _connect(url)
    try:
        keys = sorted(redis.scan_iter(match=LIVE + "*", count=500))
        values = redis.mget(keys) if keys else []
    except _errors() as e:
        raise _why(url, e) from None
    finally:
        redis.close()
    out = []
    for k, value in zip(keys, values, strict=True):
        parts = k.decode(errors="replace")[len(LIVE) :].split(":", 2)
        if len(parts) != 3 or value is None:
            continue
        try:
            record = decoder.decode(value)
        except (msgspec.DecodeError, msgspec.ValidationError):
            continue
        if record.slot == parts[2]:
            out.append((parts[0], parts[1], record))
    return out


def scores(url: str) -> list[tuple[str, Score]]:
    """(account, score) of every player's lines on the broker; BrokerDown when
    it cannot be reached. The account is the key's."""
    redis = _connect(url)
    out = []
    try:
        for k in sorted(redis.scan_iter(match=SCORES + "*", count=500)):
            account = k.decode(errors="replace")[len(SCORES) :]
            for line in redis.zrevrange(k, 0, KEEP_SCORES - 1):
                try:
                    out.append((account, _score_decoder.decode(line)))
                except (msgspec.DecodeError, msgspec.ValidationError):
                    continue
    except _errors() as e:
        raise _why(url, e) from None
    finally:
        redis.close()
    return out


# -- the player's sender --------------------------------------------------------------------
class Sender:
    """The one thread of a player's process that talks to the broker."""

    def __init__(self, url: str, account: str, table: Any) -> None:
        self.url = url
        self.account = account
        self.table = table  # () -> list[Score]: the player's own table, resent on return
        self.host = this_host()
        self.live: dict[str, bytes] = {}  # slot -> record JSON, the latest
        self.gone: set[str] = set()  # slots to delete
        self.scores: list[bytes] = []  # lines to add
        self.down: str = ""  # why the broker is away now ("" while it answers)
        self.resend = True  # the whole table goes (again) at the next send
        self.sent = 0  # bytes sent to Redis, values and keys (the cost in docs/hosting.md)
        self._lock = threading.Lock()
        self._wake = threading.Event()
        self._halt = threading.Event()  # set when the sender stops
        self._stop = False
        self._redis: Any = None
        self._thread = threading.Thread(target=self._run, name="shamble-broker", daemon=True)
        self._thread.start()

    def key(self, slot: str) -> str:
        return f"{LIVE}{self.account}:{self.host}:{slot}"

    def set_live(self, slot: str, record: bytes) -> None:
        with self._lock:
            self.live[slot] = record
            self.gone.discard(slot)
        self._wake.set()

    def drop_live(self, slot: str) -> None:
        with self._lock:
            self.live.pop(slot, None)
            self.gone.add(slot)
        self._wake.set()

    def add_score(self, line: bytes) -> None:
        with self._lock:
            self.scores.append(line)
        self._wake.set()

    def flush(self, within: float = 5.0) -> bool:
        """Wait until everything asked for so far is sent (or within seconds pass)."""
        with self._lock:
            wanted = self._asked = self._asked + 1
        self._wake.set()
        end = time.monotonic() + within
        while time.monotonic() < end:
            if self._done >= wanted:
                return True
            time.sleep(0.05)
        return False

    _asked = 0  # sends asked for (each flush asks one)
    _done = 0  # the last ask a send has covered

    def _run(self) -> None:
        while not self._stop:
            self._wake.wait(RENEW)  # woken by a change, else renewing
            self._wake.clear()
            if self._stop:
                return
            try:
                self._send()
            except BrokerDown as e:
                self.down = str(e)
                self.resend = True  # what it missed goes again once it is back
                self._close()
                self._halt.wait(RENEW)  # not before RENEW: it is away
                self._wake.set()  # then at once
                continue
            self.down = ""
            self._halt.wait(GAP)

    def _send(self) -> None:
        with self._lock:
            live, gone, lines = dict(self.live), set(self.gone), list(self.scores)
            resend, asked, pending = self.resend, self._asked, len(self.scores)
        try:
            if self._redis is None:
                self._redis = _connect(self.url)
            pipe = self._redis.pipeline(transaction=False)
            for slot, record in live.items():
                pipe.set(self.key(slot), record, ex=TTL)
                self.sent += len(record) + len(self.key(slot))
            for slot in gone:
                pipe.delete(self.key(slot))
            if resend:
                lines += [msgspec.json.encode(s) for s in self.table()]
            if lines:
                pipe.zadd(SCORES + self.account, {line: _points(line) for line in lines})
                self.sent += sum(len(x) for x in lines)
            pipe.execute()
        except _errors() as e:
            raise _why(self.url, e) from None
        with self._lock:
            self.gone -= gone
            del self.scores[:pending]
            if resend:
                self.resend = False
            self._done = asked

    def _close(self) -> None:
        if self._redis is not None:
            try:
                self._redis.close()
            except _errors():
                pass  # closing a connection that is already gone
            self._redis = None

    def stop(self) -> None:
        self.flush(2.0)
        self._stop = True
        self._halt.set()
        self._wake.set()
        self._thread.join(timeout=5)
        self._close()


def _points(line: bytes) -> float:
    try:
        return float(_score_decoder.decode(line).score)
    except (msgspec.DecodeError, msgspec.ValidationError):
        return 0.0
