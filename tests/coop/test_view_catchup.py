"""A view replica that joins a game under way (or again) hears what happened:
the host's Welcome brings the last entries of the timeline as the joining
seat may know them, redacted as the live Updates were (K-7): never more than
a player present from the start was told, the seat's own draws named and
nobody else's. First the host's rules (no socket), then headless clients
against a real host."""

from __future__ import annotations

import asyncio
from typing import Any

import msgspec
import pytest

from engine import Game
from hosting import host as host_module
from hosting import protocol as p
from hosting.client import Change, Client
from tests.coop.conftest import FakeConn, HostBench
from tests.coop.test_sniper_shared import SNIPER_ONLY, pairs, replayed


def told(welcome: p.Welcome) -> list[tuple[str | None, list[Any]]]:
    return [(t.seat, t.events) for t in welcome.recent]


def heard(conn: FakeConn) -> list[tuple[str | None, list[Any]]]:
    """The timeline as a connection present all along was told it, Update by
    Update (an undo takes the last entry away, a redo brings it back)."""
    timeline: list[tuple[str | None, list[Any]]] = []
    undone: list[tuple[str | None, list[Any]]] = []
    for u in conn.of(p.Update):
        if u.kind == "entry":
            timeline.append((u.seat, u.events))
            undone.clear()
        elif u.kind == "undo":
            undone.append(timeline.pop())
        else:
            timeline.append(undone.pop())
            assert timeline[-1][1] == u.events
    return timeline


def hand_to_bots(bench: HostBench, *pairs_: tuple[FakeConn, str]) -> None:
    for conn, seat in pairs_:
        assert bench.ask(conn, lambda ref, s=seat: p.HandToBot(ref=ref, seat=s)).ok


def outbreak(moves: int, seed: int = 2) -> tuple[HostBench, FakeConn, FakeConn, FakeConn]:
    """ann (Player 1), bob (Player 2) and a watcher there from the start; the
    bots play both seats and Bot 3 for `moves` moves."""
    bench = HostBench(Game.new("outbreak", seed=seed, seats="human,human,bot"))
    ann, bob, eve = bench.join("ann"), bench.join("bob"), bench.join("eve")
    assert bench.table.seats_of("eve") == []
    hand_to_bots(bench, (ann, "p1"), (bob, "p2"))
    bench.run_bots(moves)
    return bench, ann, bob, eve


# -- the host's rules ------------------------------------------------------------------
def test_K_7_a_late_outbreak_seat_is_told_what_it_was_told_live_its_own_draws_named():
    bench, ann, bob, eve = outbreak(30)
    assert len(bench.game.journal) == 30
    for account, early in (("ann", ann), ("bob", bob), ("eve", eve)):
        late = bench.join(account)  # a second terminal of the same account: the same seat
        welcome = late.last(p.Welcome)
        assert welcome.replica == "view" and welcome.log == b""
        assert told(welcome) == heard(early)  # 30 entries: all of them, as told live
    bob_late = bench.join("bob").last(p.Welcome)
    draws = [e for _, es in told(bob_late) for e in es if e["type"] == "event_drawn"]
    assert {e["seat"] for e in draws} >= {"p1", "p2"}, "both seats drew in 30 moves"
    assert all((e["card"] is not None) == (e["seat"] == "p2") for e in draws)
    watched = [e for _, es in told(bench.join("eve").last(p.Welcome)) for e in es]
    assert all(e["card"] is None for e in watched if e["type"] == "event_drawn")
    shuffles = [e for _, es in told(bob_late) for e in es if e["type"] == "deck_shuffled"]
    assert all(e["order"] is None for e in shuffles)


def test_the_catch_up_is_the_last_entries_within_a_count_and_a_byte_budget(monkeypatch):
    bench, ann, bob, eve = outbreak(70)
    live = heard(bob)
    assert len(live) == 70
    recent = told(bench.join("bob").last(p.Welcome))
    assert len(recent) == host_module.RECENT_ENTRIES == 40
    assert recent == live[-40:]  # oldest first, the newest last
    budget = sum(len(p.encode_plain(p.Told(seat=s, events=e))) for s, e in live[-5:])
    monkeypatch.setattr(host_module, "RECENT_BYTES", budget)
    assert told(bench.join("bob").last(p.Welcome)) == live[-5:]
    monkeypatch.setattr(host_module, "RECENT_BYTES", 10)
    assert bench.join("bob").last(p.Welcome).recent == []  # not even one fits: none


def test_an_undone_move_is_not_retold_and_a_redone_one_is():
    """ann plays Player 2 herself after Bot 1's opening turn: a move she took
    back is not in what a late terminal hears; put back, it is (as the live
    stream told it)."""
    bench = HostBench(Game.new("outbreak", seed=3, seats="bot,human"))
    ann = bench.join("ann")
    bench.run_bots(50)
    assert bench.host.status().turn == ["p2"] and len(bench.game.journal) > 3
    legal = bench.game.view("p2")["legal"]
    move = next(c for c in legal if c["type"] == "play_event")
    assert bench.submit(ann, **move).ok
    kept = heard(ann)
    assert kept[-1][0] == "p2" and bench.host.status().undo_refusal is None
    assert bench.ask(ann, lambda ref: p.Undo(ref=ref)).ok
    assert told(bench.join("ann").last(p.Welcome)) == heard(ann) == kept[:-1]
    assert bench.ask(ann, lambda ref: p.Redo(ref=ref)).ok
    assert told(bench.join("ann").last(p.Welcome)) == heard(ann) == kept


def test_K_7_the_commanders_catch_up_never_holds_the_unseen_snipers_cell():
    """The raw Welcome bytes a late commander gets: none of the sniper's own
    events, and no entry holds the sniper's cell at that move while no unit
    saw him, beyond what the commander's view then held."""
    for seed in (1, 2, 4):
        bench = HostBench(Game.new("sniper", seed=seed, commander="human"))
        alice, bob = bench.join("alice"), bench.join("bob")
        hand_to_bots(bench, (alice, "sniper"), (bob, "commander"))
        bench.run_bots(60)
        game = bench.game
        late = bench.join("bob").last(p.Welcome)
        assert told(late) == heard(bob)[-len(late.recent) :] and late.recent
        raw = p.encode(late)
        for tag in SNIPER_ONLY:
            assert tag.encode() not in raw, tag
        assert b"objectives" not in raw and b'"hand"' not in raw
        message = msgspec.msgpack.decode(raw)
        assert message["t"] == "welcome" and len(message["recent"]) == len(late.recent)
        after = replayed(game)  # bots never undo: entry k is journal frame k
        first = len(game.journal) - len(message["recent"]) + 1
        for index, entry in enumerate(message["recent"], start=first):
            point = after[index]
            if not point["spotted"]:
                leaked = pairs(entry) - pairs(point["commander"])
                assert tuple(point["at"]) not in leaked, (seed, index, entry)
        sniper_late = bench.join("alice").last(p.Welcome)
        assert told(sniper_late) == heard(alice)[-len(sniper_late.recent) :]
        assert all(
            e["card"] is None for _, es in told(sniper_late) for e in es
            if e["type"] == "event_card_drawn"
        )  # fmt: skip


def test_log_replicas_get_no_catch_up_their_log_is_the_story(station_bench):
    bench = station_bench()
    ann = bench.join("ann")
    assert bench.submit(ann, type="end_turn", survivor="vega").ok
    raw = p.encode(bench.join("ann").last(p.Welcome))
    assert b"recent" not in raw


def test_an_older_peer_reads_the_welcome_and_a_newer_client_an_older_hosts():
    """The catch-up is a field with a default (no new protocol version): a
    client that does not know it skips it, and a Welcome without it reads as
    no catch-up."""

    class OldWelcome(p.Message, tag="welcome"):
        version: int
        game: str
        account: str
        mode: str
        mission: str
        created: str
        replica: str
        lobby: p.Lobby
        status: p.Status
        log: bytes = b""
        start: int = 0
        view: Any = None

    bench, ann, bob, eve = outbreak(6)
    new = bench.join("bob").last(p.Welcome)
    assert new.recent
    old = msgspec.msgpack.decode(p.encode(new), type=OldWelcome)
    assert old.view == new.view and old.status == new.status
    from_old_host = p.decode_to_client(msgspec.msgpack.encode(old))
    assert isinstance(from_old_host, p.Welcome) and from_old_host.recent == []


# -- headless clients against a real host ---------------------------------------------
@pytest.fixture
def hosted(place, monkeypatch):
    monkeypatch.setenv("SHAMBLE_COOP_DIR", str(place.dir))
    return place


def timeline_at(changes: list[Change], index: int) -> list[tuple[str | None, list[Any]]]:
    """The timeline a client there all along had heard once `index` frames were saved."""
    timeline: list[tuple[str | None, list[Any]]] = []
    undone: list[tuple[str | None, list[Any]]] = []
    for c in changes:
        if c.index > index:
            break
        if c.kind == "entry":
            timeline.append((c.seat, c.events))
            undone.clear()
        elif c.kind == "undo":
            undone.append(timeline.pop())
        elif c.kind == "redo":
            timeline.append(undone.pop())
    return timeline


async def late_join_matches_early(
    name: str, seat: str, at_least: int
) -> tuple[Client, list[Change]]:
    """A client there from the start hands its seat to the bot; once the game
    has `at_least` frames a second terminal of the same account joins; what
    its Welcome retells equals what the first had heard by then."""
    early = await Client.connect(name)
    changes: list[Change] = []
    early.listeners.append(changes.append)
    assert early.my_seats == [seat] and early.replica == "view"
    assert (await early.hand_to_bot(seat)).ok
    for _ in range(400):
        if early.status.index >= at_least or early.status.outcome:
            break
        await early.changed(5)
    late = await Client.connect(name)  # the same account: the same seat, back from the bot
    late_changes: list[Change] = []
    late.listeners.append(late_changes.append)  # before the loop runs: nothing missed
    index = late.status.index
    for _ in range(100):
        if early.status.index >= index:
            break
        await early.changed(5)
    live = timeline_at(changes, index)
    assert index >= at_least and len(live) >= at_least
    recent = [(t.seat, t.events) for t in late.recent]
    assert recent == live[-len(recent) :] and len(recent) == min(len(live), 40)
    await early.close()
    return late, late_changes


async def test_a_late_outbreak_client_hears_what_one_there_all_along_heard(hosted):
    name = hosted.host("--mode", "outbreak", "--seats", "human,bot,bot", "--seed", "2")
    late, changes = await late_join_matches_early(name, "p1", 25)
    draws = [e for t in late.recent for e in t.events if e["type"] == "event_drawn"]
    assert draws and all((e["card"] is not None) == (e["seat"] == "p1") for e in draws)
    # back after q (or a dropped connection), once the game waits for Player
    # 1 (back from the bot since the late join): the story as it was heard
    for _ in range(100):
        if late.status.turn == ["p1"]:
            break
        await late.changed(5)
    heard_all = [(t.seat, t.events) for t in late.recent] + timeline_at(changes, late.status.index)
    await late.close()
    again = await late.rejoin()
    assert again.status.index == late.status.index
    assert [(t.seat, t.events) for t in again.recent] == heard_all[-40:]
    await again.close()


async def test_a_late_sniper_client_hears_what_one_there_all_along_heard(hosted):
    name = hosted.host("--mode", "sniper", "--commander", "ai", "--seed", "2")
    late, _ = await late_join_matches_early(name, "sniper", 20)
    kinds = {e["type"] for t in late.recent for e in t.events}
    assert "sniper_stepped" in kinds and not kinds & {"unit_moved", "unit_alerted"}
    await asyncio.wait_for(late.close(), 5)
