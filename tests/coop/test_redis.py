"""Shared games through Redis Streams, against a real redis-server on
127.0.0.1: players on "other machines" (no way to the host's socket) join
through the broker as its ACL users; the host stays the only writer."""

from __future__ import annotations

import json
import subprocess
import sys
import time

import pytest

from saves import load
from saves.verify import verify
from tests.coop.conftest import REPO, finish, needs_root
from tests.coop.redis_fixture import redis_server  # noqa: F401  (a fixture)
from tests.coop.test_play import lines, wait_for


@pytest.fixture(autouse=True)
def _root():
    needs_root()


def remote_join(place, url: str, name: str, *args: str) -> subprocess.Popen:
    """`shamble join NAME --broker URL` from another machine: its own home and
    co-op folder, where no socket of the host's can be found."""
    other = place.root / f"machine{len(place.procs)}"
    (other / "run").mkdir(parents=True)
    env = {**place.env, "SHAMBLE_HOME": str(other), "SHAMBLE_COOP_DIR": str(other / "run")}
    out, err = other / "out", other / "err"
    with open(out, "w") as stdout, open(err, "w") as stderr:
        proc = subprocess.Popen(
            [sys.executable, "-m", "tui.cli", "join", name, "--broker", url, *args],
            cwd=REPO,
            env=env,
            stdout=stdout,
            stderr=stderr,
        )
    proc.out_path, proc.err_path = out, err  # type: ignore[attr-defined]
    place.procs.append(proc)
    return proc


def test_players_on_two_machines_play_to_the_end_through_redis(place, redis_server):  # noqa: F811
    name = place.host(
        "--mission", "tutorial", "--players", "2", "--seed", "3", "--broker", redis_server.url()
    )
    procs = {
        user: remote_join(
            place, redis_server.url(user), name, "--bot", "--replica", str(place.out / user)
        )
        for user in ("alice", "bob")
    }
    saved = None
    for user, proc in procs.items():
        code, out, err = finish(proc)
        assert code == 0, err
        joined = lines(out)[0]
        assert joined["account"] == user and joined["replica"] == "log"
        seats = {d["seat"] for d in lines(out) if d.get("kind") == "entry"}
        assert seats == {"1", "2"}  # each saw the other's moves
        saved = saved or load(place.save(name))
        assert load(place.out / user).journal == saved.journal
    assert saved.outcome is not None
    assert verify(place.save(name)).ok
    frames = redis_server.cli("XLEN", f"shamble:{name}:log")
    assert int(frames) == len(saved.journal)  # one stream entry per journal frame
    last = redis_server.cli("XREVRANGE", f"shamble:{name}:log", "+", "-", "COUNT", "1")
    assert last.splitlines()[0] == f"{len(saved.journal)}-0"  # its id is its index


def test_a_player_may_write_only_their_own_stream(redis_server):  # noqa: F811
    mine = redis_server.cli("XADD", "shamble:g:in:alice", "*", "m", "x", user="alice")
    assert mine.endswith("-0") or "-" in mine
    theirs = redis_server.cli("XADD", "shamble:g:in:bob", "*", "m", "x", user="alice")
    assert theirs.startswith("NOPERM")
    peeking = redis_server.cli("XREAD", "STREAMS", "shamble:g:out:bob", "0", user="alice")
    assert peeking.startswith("NOPERM")


def test_a_stale_append_is_refused_and_that_host_stops(place, redis_server):  # noqa: F811
    name = place.host("--mission", "tutorial", "--players", "2", "--broker", redis_server.url())
    pid = place.host_pid(name)
    first = place.out / "first.jsonl"
    first.write_text(json.dumps({"type": "end_turn", "survivor": "vega"}) + "\n")
    alice = remote_join(place, redis_server.url("alice"), name, "--script", str(first))
    assert finish(alice)[0] == 0
    # another host (a stale copy of the save) appends frame 2 first
    redis_server.cli("XADD", f"shamble:{name}:log", "2-0", "m", "elsewhere")
    second = place.out / "second.jsonl"
    second.write_text(json.dumps({"type": "end_turn", "survivor": "lin"}) + "\n")
    bob = remote_join(place, redis_server.url("bob"), name, "--script", str(second), "--wait-over")
    code, out, err = finish(bob)
    assert code == 2 and "another host wrote to" in err
    wait_for(lambda: not (place.dir / f"{name}.pid").exists(), 10, "the host to stop")
    place.hosts.discard(pid)
    again = place.cli("host", "--resume", name, "--broker", redis_server.url())
    assert again.returncode == 2
    assert "differs from this save at frame 2" in again.stderr


def test_a_host_killed_with_sigkill_resumes_on_the_broker_at_once(place, redis_server):  # noqa: F811
    url = redis_server.url()
    name = place.host("--mission", "tutorial", "--players", "2", "--broker", url)
    script = place.out / "one.jsonl"
    script.write_text(json.dumps({"type": "end_turn", "survivor": "vega"}) + "\n")
    assert (
        finish(remote_join(place, redis_server.url("alice"), name, "--script", str(script)))[0] == 0
    )
    place.kill_host(name)
    assert redis_server.cli("EXISTS", f"shamble:{name}:host") == "1"  # its lease outlives it
    started = time.monotonic()
    again = place.cli("host", "--resume", name, "--bot-pace", "0", "--broker", url)
    assert again.returncode == 0, again.stderr
    place.hosts.add(place.host_pid(name))
    assert time.monotonic() - started < 5  # a dead host's lease on this machine is taken over
    procs = [remote_join(place, redis_server.url(user), name, "--bot") for user in ("alice", "bob")]
    for proc in procs:
        code, out, err = finish(proc)
        assert code == 0, err
        assert lines(out)[0]["index"] >= 1
    assert load(place.save(name)).outcome is not None
    assert verify(place.save(name)).ok


def test_a_broker_log_an_older_shamble_wrote_is_written_anew_on_resume(place, redis_server):  # noqa: F811
    """A game hosted before save format 3 left format 2 frames on the broker
    (and no format in its meta): the resumed host reads them as format 2,
    finds them equal to its save, and writes the log again in today's format."""
    import msgspec
    import redis

    from engine.core import log
    from hosting import protocol as p

    url = redis_server.url()
    name = place.host("--mission", "tutorial", "--players", "2", "--broker", url)
    script = place.out / "one.jsonl"
    script.write_text(json.dumps({"type": "end_turn", "survivor": "vega"}) + "\n")
    assert (
        finish(remote_join(place, redis_server.url("alice"), name, "--script", str(script)))[0] == 0
    )
    place.kill_host(name)
    broker = redis.Redis(host="127.0.0.1", port=redis_server.port)
    stream, meta = f"shamble:{name}:log", f"shamble:{name}:meta"
    today = broker.xrange(stream)
    assert today and broker.hget(meta, "format") == str(log.FORMAT_VERSION).encode()
    broker.delete(stream)
    broker.hdel(meta, "format")
    for stream_id, fields in today:  # as format 2 wrote them: one tagged map a frame
        entry = p.decode_to_client(fields[b"m"])
        (item,) = log.read_frame("station", entry.frame)
        old = msgspec.structs.replace(entry, frame=log.frame(msgspec.msgpack.encode(item)))
        assert old.frame != entry.frame
        broker.xadd(stream, {"m": p.encode(old)}, id=stream_id)

    again = place.cli("host", "--resume", name, "--bot-pace", "0", "--broker", url)
    assert again.returncode == 0, again.stderr
    place.hosts.add(place.host_pid(name))

    def frames(entries):
        return [p.decode_to_client(f[b"m"]).frame for _, f in entries]

    assert frames(broker.xrange(stream))[: len(today)] == frames(today)  # format 3 again
    assert broker.hget(meta, "format") == str(log.FORMAT_VERSION).encode()
    procs = [remote_join(place, redis_server.url(user), name, "--bot") for user in ("alice", "bob")]
    for proc in procs:
        code, out, err = finish(proc)
        assert code == 0, err
    assert verify(place.save(name)).ok


async def _until(check, timeout: float, what: str) -> None:
    import asyncio

    end = time.monotonic() + timeout
    while not check():
        assert time.monotonic() < end, f"timed out after {timeout} s waiting for {what}"
        await asyncio.sleep(0.05)


async def test_a_broker_outage_costs_the_local_players_nothing(place, monkeypatch):
    """Redis killed mid-game: the host serves its local players from its own
    save, tells them so in one line, tries again with backoff, and once a
    new redis-server answers appends what it missed ("shared across
    machines again"): the broker's log and the save end the same."""
    import redis

    from engine.core import log
    from hosting import protocol as p
    from hosting.broker import BACK
    from hosting.client import Client
    from tests.coop.redis_fixture import RedisServer, ensure_redis

    binary = ensure_redis()
    if binary is None:
        pytest.skip("redis-server is not installed (apt-get install redis-server)")
    server = RedisServer(binary)
    try:
        monkeypatch.setenv("SHAMBLE_COOP_DIR", str(place.dir))
        name = place.host("--mission", "tutorial", "--players", "1", "--seed", "3",
                          "--broker", server.url())  # fmt: skip
        me = await Client.connect(name)
        assert (await me.submit({"type": "end_turn", "survivor": "vega"})).ok
        server.kill()
        await _until(lambda: any("unreachable" in c.text for c in me.chat), 60, "the outage note")
        assert (await me.submit({"type": "end_turn", "survivor": "okafor"})).ok  # played on
        assert me.closed is None
        server.restart(binary)
        await _until(lambda: any(c.text == BACK for c in me.chat), 60, "the broker's return")
        assert (await me.submit({"type": "end_turn", "survivor": "vega"})).ok
        notes = [c.text for c in me.chat if "unreachable" in c.text or c.text == BACK]
        assert len(notes) == 2  # one line each way
        saved = load(place.save(name))
        broker = redis.Redis(host="127.0.0.1", port=server.port)
        stream = f"shamble:{name}:log"

        def frames() -> list[bytes]:
            return [p.decode_to_client(f[b"m"]).frame for _, f in broker.xrange(stream)]

        await _until(lambda: len(frames()) == len(saved.journal), 60, "the broker to catch up")
        assert frames() == [log.encode_frame(item) for item in saved.journal]
        await me.close()
    finally:
        server.stop()
