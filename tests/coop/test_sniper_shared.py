"""Sniper as a shared game: the sniper's seat, and the commander's when a
person commands. The sides are opponents: each client gets its side's view
and the events that side may know, never the log (K-7); above all the
commander never hears where the sniper is while his units do not see him.
The host's rules first (no socket), then players in their own processes."""

from __future__ import annotations

import asyncio
import json
from typing import Any

import msgspec
import pytest

from engine import Game
from engine.sniper.events import SniperEvent
from hosting import client as coop_client
from hosting import protocol as p
from hosting.seats import redact, view_bot_move
from saves import load
from saves.verify import verify
from tests.coop.conftest import ALICE, HostBench, finish, needs_root

# events that would tell the commander where the sniper is or what he holds
SNIPER_ONLY = (
    "sniper_stepped",
    "unit_sighted",
    "sniper_bumped",
    "shot_fired",
    "shot_card_drawn",
    "card_used",
    "action_taken",
    "sniper_hid",
    "objective_completed",
)


def sniper(commander: str = "human", seed: int = 2) -> HostBench:
    return HostBench(Game.new("sniper", seed=seed, commander=commander))


def plain(data: Any) -> Any:
    return msgspec.json.decode(msgspec.json.encode(data))


def lines(out: str) -> list[dict]:
    return [json.loads(line) for line in out.splitlines() if line.startswith("{")]


def replayed(game: Game) -> list[Game]:
    """The game after each journal frame (index 0: as set up)."""
    fresh = Game(game.mode, game.setup)
    out = [_snapshot(fresh)]
    for item in game.journal:
        fresh.apply_frame(item)
        out.append(_snapshot(fresh))
    return out


def _snapshot(game: Game) -> dict:
    truth = game.summary()["sniper"]
    return {
        "at": truth["at"],
        "spotted": truth["spotted"],
        "commander": plain(game.view("commander")),
        "sniper": plain(game.view("sniper")),
    }


def pairs(data: Any) -> set[tuple[int, int]]:
    """Every [x, y] anywhere in a decoded message."""
    found: set[tuple[int, int]] = set()
    stack = [data]
    while stack:
        item = stack.pop()
        if isinstance(item, dict):
            stack.extend(item.values())
        elif isinstance(item, (list, tuple)):
            if len(item) == 2 and all(type(v) is int for v in item):
                found.add((item[0], item[1]))
            else:
                stack.extend(item)
    return found


def assert_commander_never_told_the_hidden_cell(frames: list[bytes], game: Game) -> int:
    """Each raw frame to the commander's client: no event of the sniper's own,
    every view exactly the engine's commander view at that point, and the
    sniper's cell, while no unit sees him, nowhere in it beyond what that
    view itself holds (a heard shot's noise, the last known position).
    Returns how many updates were checked."""
    after = replayed(game)
    checked = 0
    for raw in frames:
        for tag in SNIPER_ONLY:
            assert tag.encode() not in raw, tag
        assert b"objectives" not in raw and b'"hand"' not in raw
        message = msgspec.msgpack.decode(raw)
        if message["t"] not in ("update", "welcome"):
            continue
        index = message["status"]["index"]
        point = after[index]
        assert plain(message["view"]) == point["commander"]
        assert "sniper" not in message["view"]
        if not point["spotted"]:
            hidden = tuple(point["at"])
            assert point["commander"]["sniper_at"] is None
            leaked = pairs(message) - pairs(point["commander"])
            assert hidden not in leaked, (index, hidden, message.get("events"))
        checked += message["t"] == "update"
    return checked


# -- the host's rules --------------------------------------------------------------------
def test_seats_are_the_sniper_and_a_human_commander_else_the_sniper_alone():
    two = sniper("human")
    assert [(s.id, s.label) for s in two.table.specs.values()] == [
        ("sniper", "Sniper"),
        ("commander", "Commander"),
    ]
    one = sniper("ai")
    assert list(one.table.specs) == ["sniper"]
    alice, bob = one.join("alice"), one.join("bob")
    assert alice.last(p.Welcome).replica == "view"
    assert bob.last(p.Lobby).watchers == ["bob"]
    watched = bob.last(p.Welcome).view
    assert watched == plain(one.game.view("sniper"))  # watchers see what the sniper sees


def test_K_7_each_side_gets_its_own_view_and_its_own_commands():
    bench = sniper("human")
    alice, bob = bench.join("alice"), bench.join("bob")
    mine, theirs = alice.last(p.Welcome), bob.last(p.Welcome)
    assert mine.view == plain(bench.game.view("sniper")) and mine.log == b""
    assert theirs.view == plain(bench.game.view("commander")) and theirs.log == b""
    assert "sniper" not in theirs.view and theirs.view["sniper_at"] is None
    assert mine.view["legal"] and theirs.view["legal"] == []  # the sniper acts first
    assert {c["type"] for c in mine.view["legal"]} <= {
        "move", "shoot", "use", "take_ammo", "sabotage", "hide", "end_turn",
    }  # fmt: skip


def test_a_command_for_the_other_side_is_refused():
    bench = sniper("human")
    alice, bob = bench.join("alice"), bench.join("bob")
    step = bench.game.view("sniper")["legal"][0]
    refused = bench.submit(bob, **step)
    assert (refused.ok, refused.code) == (False, "not_your_seat")
    assert "Sniper (alice)" in refused.message and "you play Commander" in refused.message
    early = bench.submit(bob, type="order", unit="s1", to=[0, 0])
    assert (early.ok, early.code) == (False, "not_your_turn")
    order = bench.submit(alice, type="order", unit="s1", to=[0, 0])
    assert (order.ok, order.code) == (False, "not_your_seat")
    assert bench.game.journal == [] and not bob.of(p.Update)
    assert bench.submit(alice, type="end_turn").ok
    assert bench.host.status().turn == ["commander"]
    assert bob.last(p.Update).view["legal"]  # now the commander's orders are his to give
    assert bench.submit(bob, type="end_turn").ok


@pytest.mark.parametrize("seed", [1, 2, 4])
def test_K_7_the_commander_never_hears_of_the_sniper_unseen(seed):
    """Both seats played by bots to the end; every message the commander's
    connection got is checked against the truth after each move."""
    bench = sniper("human", seed=seed)
    alice, bob = bench.join("alice"), bench.join("bob")
    for conn, seat in ((alice, "sniper"), (bob, "commander")):
        assert bench.ask(conn, lambda ref, s=seat: p.HandToBot(ref=ref, seat=s)).ok
    bench.run_bots(5000)
    game = bench.game
    assert game.outcome in ("won", "lost")
    frames = [p.encode(m) for m in bob.sent]
    assert assert_commander_never_told_the_hidden_cell(frames, game) == len(game.journal)
    told = [e for u in alice.of(p.Update) for e in u.events]
    assert not {"unit_moved", "unit_alerted", "waypoint_reached"} & {e["type"] for e in told}
    assert all(e["card"] is None for e in told if e["type"] == "event_card_drawn")
    after = replayed(game)
    for update in alice.of(p.Update):
        assert update.view == after[update.status.index]["sniper"]


def test_redact_hides_a_decoy_a_blast_on_him_a_knife_and_unseen_kills():
    game = Game.new("sniper", seed=3, commander="human")
    events = msgspec.convert(
        [
            {"type": "noise_made", "at": [3, 3], "kind": "decoy", "radius": 3, "heard": True},
            {"type": "noise_made", "at": [4, 4], "kind": "shot", "radius": 1, "heard": False},
            {"type": "sniper_wounded", "damage": 2, "cause": "grenade"},
            {"type": "sniper_wounded", "damage": 1, "cause": "s1"},
            {"type": "unit_hit", "unit": "s2", "damage": 1, "cause": "knife"},
            {"type": "unit_killed", "unit": "s2", "kind": "soldier", "witnessed": True},
            {"type": "unit_hit", "unit": "s3", "damage": 2, "cause": "bombardment"},
            {"type": "unit_killed", "unit": "s3", "kind": "soldier"},
            {"type": "event_card_drawn", "card": "alarm"},
            {"type": "deck_shuffled", "deck": "shots", "order": ["hit", "miss"]},
        ],
        list[SniperEvent],
    )
    assert plain(redact(game, events, "commander")) == [
        {"type": "noise_made", "at": [3, 3], "kind": None, "radius": None, "heard": True},
        {"type": "sniper_wounded", "damage": 1, "cause": "s1"},
        {"type": "unit_hit", "unit": "s2", "damage": 1, "cause": None},
        {"type": "unit_killed", "unit": "s2", "kind": "soldier", "witnessed": None},
        {"type": "unit_hit", "unit": "s3", "damage": 2, "cause": None},
        {"type": "unit_killed", "unit": "s3", "kind": "soldier", "witnessed": None},
        {"type": "event_card_drawn", "card": "alarm"},
        {"type": "deck_shuffled", "deck": "shots", "order": None},
    ]
    told = plain(redact(game, events, "sniper"))
    assert {"type": "unit_killed", "unit": "s3", "kind": "soldier"} not in told
    assert not any(e.get("cause") == "bombardment" for e in told)
    assert {"type": "event_card_drawn", "card": None} in told
    assert plain(redact(game, events, None)) == told  # a watcher knows what the sniper does


def test_the_view_bots_play_each_side_from_its_view_alone():
    game = Game.new("sniper", seed=3, commander="human")
    for _ in range(400):
        if game.outcome is not None:
            break
        side = game.to_act()[0]
        view = plain(game.view(side))
        command = view_bot_move("sniper", view)
        assert command in view["legal"]
        game.submit(command)
    assert game.outcome in ("won", "lost")
    assert view_bot_move("sniper", plain(game.view("sniper"))) is None  # over: nothing to do


# -- players in their own processes --------------------------------------------------------
class RecordingTransport(coop_client.SocketTransport):
    """The socket as a client reads it, keeping every raw frame."""

    frames: list[bytes] = []

    async def receive(self) -> Any:
        assert self.reader is not None
        try:
            payload = await p.read_frame(self.reader)
        except (ConnectionError, p.ProtocolError):
            return None
        if payload is None:
            return None
        RecordingTransport.frames.append(payload)
        return p.decode_to_client(payload)


async def _command(name: str, directory: Any) -> tuple[list[str], Any]:
    from hosting.cli import _play_bot

    client = await coop_client.Client.connect(name, directory=directory)
    seats = client.my_seats
    await _play_bot(client, 60)
    outcome = client.status.outcome
    await client.close()
    return seats, outcome


def test_sniper_and_commander_in_their_own_processes_play_to_the_end(place, monkeypatch):
    needs_root()
    name = place.host("--mode", "sniper", "--commander", "human", "--seed", "4")
    alice = place.join_seated(ALICE, name, "--bot")
    RecordingTransport.frames = []
    monkeypatch.setattr(coop_client, "SocketTransport", RecordingTransport)
    seats, outcome = asyncio.run(_command(name, place.dir))  # this process: the commander
    code, out, err = finish(alice, timeout=60)
    assert code == 0, err
    said = lines(out)
    assert said[0]["seats"] == ["sniper"] and said[0]["replica"] == "view"
    assert seats == ["commander"]
    saved = load(place.save(name))
    assert saved.outcome in ("won", "lost") and outcome == saved.outcome
    assert said[-1]["outcome"] == saved.outcome
    assert {d["seat"] for d in said if d.get("kind") == "entry"} == {"sniper", "commander"}
    frames = RecordingTransport.frames
    checked = assert_commander_never_told_the_hidden_cell(frames, saved)
    welcome = msgspec.msgpack.decode(frames[0])
    assert welcome["t"] == "welcome"  # then every move after it, each checked
    assert checked == len(saved.journal) - welcome["status"].get("index", 0) > 10
    assert verify(place.save(name)).ok
    replay = place.cli("replay", str(place.save(name)), "--verify")
    assert replay.returncode == 0, replay.stderr


def test_against_the_ai_commander_the_sniper_plays_alone_and_others_watch(place):
    needs_root()
    name = place.host("--mode", "sniper", "--seed", "2")
    alice = place.join_seated(ALICE, name, "--bot")
    code, out, err = finish(alice, timeout=60)
    assert code == 0, err
    assert lines(out)[0]["seats"] == ["sniper"]
    assert load(place.save(name)).outcome in ("won", "lost")
    assert verify(place.save(name)).ok


def test_the_games_list_counts_sniper_turns_and_siege_rounds():
    """`shamble join` and the Join list say "turn 1" of a sniper game (its
    own word) and "round 1" of the others, never "round None"."""
    from tests.coop.test_siege_shared import siege

    info = sniper("human").host.info()
    assert (info.counts, info.round) == ("turn", 1)
    info = siege().host.info()
    assert (info.counts, info.round) == ("round", 1)
