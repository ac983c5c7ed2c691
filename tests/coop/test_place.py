"""Where a shared game's socket is looked for (docs/hosting.md, "Setting up
the machine"), and the protocol's framing."""

from __future__ import annotations

import asyncio
import os

import pytest

from hosting import place
from hosting import protocol as p
from saves.files import SaveError


@pytest.fixture
def env(monkeypatch, tmp_path):
    for name in ("SHAMBLE_COOP_DIR", "XDG_RUNTIME_DIR"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("SHAMBLE_HOME", str(tmp_path / "home"))
    monkeypatch.setattr(place, "SHARED_DIR", tmp_path / "run-shamble")
    return monkeypatch, tmp_path


def test_the_co_op_folder_is_the_first_that_applies(env):
    monkeypatch, tmp = env
    assert place.coop_dir() == tmp / "home" / "coop" / "run"
    monkeypatch.setenv("XDG_RUNTIME_DIR", str(tmp / "xdg"))
    assert place.coop_dir() == tmp / "xdg" / "shamble"
    (tmp / "run-shamble").mkdir()
    assert place.coop_dir() == tmp / "run-shamble"  # the machine's shared folder wins
    monkeypatch.setenv("SHAMBLE_COOP_DIR", str(tmp / "mine"))
    assert place.coop_dir() == tmp / "mine"


def test_a_private_co_op_folder_is_made_for_this_account_only(env):
    made = place.coop_dir(create=True)
    assert made.is_dir() and os.stat(made).st_mode & 0o777 == 0o700


def test_game_names_are_save_names_and_socket_paths_fit(env):
    monkeypatch, tmp = env
    with pytest.raises(SaveError, match="not a save name"):
        place.socket_path("../etc")
    monkeypatch.setenv("SHAMBLE_COOP_DIR", "/tmp/" + "x" * 120)
    with pytest.raises(SaveError, match="too long for a Unix socket"):
        place.socket_path("game")


def test_frames_carry_one_message_each_and_refuse_garbage():
    async def read(data: bytes) -> list:
        reader = asyncio.StreamReader()
        reader.feed_data(data)
        reader.feed_eof()
        out = []
        while (payload := await p.read_frame(reader)) is not None:
            out.append(p.decode_to_host(payload))
        return out

    hello = p.Hello(version=p.PROTOCOL, have=3, created="x")
    submit = p.Submit(ref=1, command={"type": "end_turn", "survivor": "vega"})
    assert asyncio.run(read(p.framed(hello) + p.framed(submit))) == [hello, submit]
    with pytest.raises(p.ProtocolError, match="inside a frame"):
        asyncio.run(read(p.framed(hello)[:-2]))
    with pytest.raises(p.ProtocolError, match="not a message to the host"):
        asyncio.run(read(p.framed(p.Closed(reason="a host's message"))))
