"""A connection that begins a frame and never ends it is dropped (issue 26):
before its Hello or after, it holds nothing open past `--frame-within`, and
the host goes on serving everyone else."""

from __future__ import annotations

import socket
import time

import pytest

from hosting import protocol as p
from hosting.client import Client

DEADLINE = 60  # seconds to wait for the host to hang up: generous, the limit is 1 s


def hung_up(sock: socket.socket) -> bytes:
    """Everything the host sent until it closed the connection."""
    sock.settimeout(DEADLINE)
    got = b""
    end = time.monotonic() + DEADLINE
    while time.monotonic() < end:
        data = sock.recv(1 << 16)
        if not data:
            return got
        got += data
    raise AssertionError("the host kept a half-sent frame open")


@pytest.fixture
def hosted(place, monkeypatch):
    monkeypatch.setenv("SHAMBLE_COOP_DIR", str(place.dir))
    name = place.host("--mission", "tutorial", "--players", "2", "--seed", "1",
                      "--frame-within", "1")  # fmt: skip
    return place, name


def connect(place, name) -> socket.socket:
    sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    sock.connect(str(place.dir / f"{name}.sock"))
    return sock


@pytest.mark.parametrize("hello", [False, True], ids=["before hello", "after hello"])
async def test_a_half_sent_frame_is_dropped_and_others_play_on(hosted, hello):
    place, name = hosted
    sock = connect(place, name)
    if hello:
        sock.sendall(p.framed(p.Hello(version=p.PROTOCOL)))
    frame = p.framed(p.Hello(version=p.PROTOCOL))
    sock.sendall(frame[:3])  # a length cut short, then nothing more
    sent = hung_up(sock)
    sock.close()
    assert b"not whole within 1 s" in sent
    me = await Client.connect(name)  # the host is none the worse
    assert (await me.submit({"type": "end_turn", "survivor": "vega"})).ok
    await me.close()


async def test_a_quiet_player_is_not_dropped(hosted):
    """Only a frame begun counts: a player who sends nothing while thinking stays."""
    place, name = hosted
    me = await Client.connect(name)
    time.sleep(2.5)  # longer than --frame-within, with no frame begun
    assert (await me.submit({"type": "end_turn", "survivor": "vega"})).ok
    await me.close()
