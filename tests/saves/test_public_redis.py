"""The public list and scoreboard past one machine (issue 32): each player's
process sends its live games and finished scores to the Redis the shared
games use (saves/public_redis.py), with a real redis-server and the ACL
rules of docs/hosting.md. Two machines are played by one process: alice's
sender names itself "box-a", the reader is "box-b"."""

from __future__ import annotations

import argparse
import re
import time

import msgspec
import pytest

from engine import Game
from saves import AutoSave, public, public_redis, public_scores, scores
from saves.public_cli import cmd_who, print_server_scores
from tests.coop.redis_fixture import GUIDE, RedisServer, ensure_redis, redis_server  # noqa: F401
from tests.public_folder import public_folder

DEADLINE = 60.0


def public_acl(account: str) -> list[str]:
    """The guide's public-list ACL rules (written for alice) for an account."""
    text = GUIDE.read_text(encoding="utf-8")
    found = re.search(r"<!-- public-redis-acl -->\n```\n(.*?)```\n", text, re.S)
    assert found, "docs/hosting.md has no <!-- public-redis-acl --> block"
    words = found.group(1).split()
    assert words[:3] == ["ACL", "SETUSER", "alice"]
    return [w.replace("alice", account) for w in words[2:]]


def allow_public(server) -> None:
    for account in ("alice", "bob"):
        assert server.cli("ACL", "SETUSER", *public_acl(account)) == "OK"


def until(check, what):
    end = time.monotonic() + DEADLINE
    while time.monotonic() < end:
        found = check()
        if found:
            return found
        time.sleep(0.05)
    raise AssertionError(f"timed out waiting for {what}")


@pytest.fixture
def box_a(tmp_path, monkeypatch):
    """alice's machine: a public folder, her broker URL, a fast sender."""
    public_folder(tmp_path, monkeypatch)
    monkeypatch.setattr(public_redis, "RENEW", 0.2)
    monkeypatch.setattr(public_redis, "GAP", 0.0)
    monkeypatch.setattr(public_redis, "this_host", lambda: "box-a")
    monkeypatch.setattr(public, "_sender", None)
    yield tmp_path
    if public._sender is not None:
        public._sender.stop()


def on_box_b(monkeypatch, tmp_path):
    """From now on this process reads as the other machine, with no local games."""
    monkeypatch.setattr(public_redis, "this_host", lambda: "box-b")
    empty = tmp_path / "public-b"
    empty.mkdir(exist_ok=True)
    monkeypatch.setenv(public.ENV, str(empty))


def play(tmp_path):
    game = Game.new("station", seed=7)
    save = tmp_path / "tutorial-1.shamble"
    session = AutoSave.create(save, game, fsync=False)
    return game, session, public.publish(game, save)


def test_another_machine_sees_alices_game_and_runs_and_bob_cannot_write_in_her_name(
    redis_server,  # noqa: F811
    box_a,
    monkeypatch,
    capsys,  # noqa: F811
):
    allow_public(redis_server)
    monkeypatch.setenv(public_redis.ENV, redis_server.url("alice"))
    game, session, publisher = play(box_a)
    run = scores.Score("tutorial", 42, ("vega",), 6, 0, "won", date="2026-12-02")
    public_scores.publish_score(run)
    assert public.sender().flush()
    # on box-b, through bob's own user: alice's game is listed as hers, on box-a
    on_box_b(monkeypatch, box_a)
    bob = redis_server.url("bob")
    games, problem = public.live_everywhere(bob)
    assert problem == ""
    (listed,) = games
    assert (listed.player, listed.host, listed.mode, listed.round) == (
        "alice",
        "box-a",
        "station",
        1,
    )
    assert not listed.watchable and "played on box-a" in listed.why_not
    cmd_who(argparse.Namespace(json=False, broker=bob))
    assert "alice@box-a  station  Docking Ring (tutorial)  round 1" in capsys.readouterr().out
    rows, problem = public_scores.scores_everywhere(bob)
    assert (rows, problem) == ([("alice", run)], "")
    print_server_scores(None, False, bob)
    assert "42  alice" in capsys.readouterr().out
    # a move renews the record: the round the other machine reads follows the game
    game.submit({"type": "end_turn", "survivor": "vega"})
    game.submit({"type": "end_turn", "survivor": "okafor"})
    until(lambda: public.live_everywhere(bob)[0][0].round == 2, "round 2 on box-b")
    # bob's user writes no key of alice's, and his own lines stay his
    forged = msgspec.json.encode(scores.Score("tutorial", 9999, ("vega",), 1, 0, "won")).decode()
    for command in (
        ("ZADD", "shamble:public:scores:alice", "9999", forged),
        ("SET", "shamble:public:live:alice:box-b:x", "{}"),
        ("DEL", "shamble:public:live:alice:box-a:tutorial-1"),
    ):
        assert "NOPERM" in redis_server.cli(*command, user="bob")
    assert redis_server.cli("ZADD", "shamble:public:scores:bob", "9999", forged, user="bob") == "1"
    rows, _ = public_scores.scores_everywhere(bob)
    assert sorted((p, s.score) for p, s in rows) == [("alice", 42), ("bob", 9999)]
    # alice leaves: her game leaves the other machine's list at once
    publisher.close()
    session.close()
    until(lambda: public.live_everywhere(bob)[0] == [], "alice's game off box-b's list")


def test_a_broker_outage_loses_nothing_and_the_local_list_plays_on(box_a, monkeypatch, capsys):
    binary = ensure_redis()
    if binary is None:
        pytest.skip("redis-server is not installed (apt-get install redis-server)")
    server = RedisServer(binary)
    try:
        allow_public(server)
        monkeypatch.setenv(public_redis.ENV, server.url("alice"))
        game, session, publisher = play(box_a)
        assert public.sender().flush()
        server.kill()
        # the game goes on, and this machine's own list still has it
        game.submit({"type": "end_turn", "survivor": "vega"})
        (here,) = public.live_games()
        assert here.round == 1 and here.player == public.me()
        # a run finished while Redis is away is kept in the player's own table
        run = scores.Score("tutorial", 77, ("lin",), 5, 0, "won", date="2026-12-02")
        scores.record(run)
        public_scores.publish_score(run)
        until(lambda: public.sender().down, "the sender to notice")
        assert f"127.0.0.1:{server.port} is unreachable" in public.sender().down
        # readers say so in one line and show this machine's own
        games, problem = public.live_everywhere()
        assert [g.slot for g in games] == ["tutorial-1"]
        assert f"the broker at 127.0.0.1:{server.port} is unreachable" in problem
        cmd_who(argparse.Namespace(json=False, broker=None))
        said = capsys.readouterr()
        assert "showing this machine's games only" in said.err and "tutorial-1" not in said.err
        assert f"{public.me()}  station" in said.out
        # Redis comes back empty: the sender sends the game and the whole table again
        server.restart(binary)
        allow_public(server)
        on_box_b(monkeypatch, box_a)
        until(
            lambda: public.live_everywhere(server.url("bob"))[0], "alice's game on the broker again"
        )
        rows = until(
            lambda: public_scores.scores_everywhere(server.url("bob"))[0], "her scores again"
        )
        assert rows == [("alice", scores.read()[0])] and rows[0][1].score == 77
        assert public.sender().down == ""
        publisher.close()
        session.close()
    finally:
        server.stop()
