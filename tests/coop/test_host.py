"""The host's rules for a shared game, without a socket: seats, refusals,
who acts when (ST-2.1), undo by a move's author under the policy (K-6),
views that hide what a seat may not know (K-7), bots standing in."""

from __future__ import annotations

import msgspec
import pytest

from engine import Game
from engine.core import log
from engine.outbreak.bot import choose
from hosting import protocol as p
from hosting.seats import SeatTable, seat_specs
from saves import load
from saves.session import AutoSave
from tests.coop.conftest import FakeConn, HostBench


def test_accounts_are_seated_in_join_order_and_a_full_table_watches(station_bench):
    bench = station_bench(players="2")
    alice, bob, carol = bench.join("alice"), bench.join("bob"), bench.join("carol")
    lobby = carol.last(p.Lobby)
    assert [(s.seat, s.label, s.account, s.status) for s in lobby.seats] == [
        ("1", "Player 1", "alice", "here"),
        ("2", "Player 2", "bob", "here"),
    ]
    assert lobby.seats[0].figures == ["vega", "okafor"]
    assert lobby.watchers == ["carol"]
    assert alice.last(p.Welcome).replica == "log"
    refused = bench.submit(carol, type="search", survivor="vega")
    assert (refused.ok, refused.code) == (False, "not_seated")
    assert bob.closed is False


def test_a_command_for_another_players_survivor_is_refused(station_bench):
    bench = station_bench(players="2")
    alice, bob = bench.join("alice"), bench.join("bob")
    refused = bench.submit(bob, type="search", survivor="vega")
    assert (refused.ok, refused.code) == (False, "not_your_seat")
    assert "Player 1 (alice)" in refused.message and "Player 2" in refused.message
    assert bench.game.journal == []  # nothing changed, nobody was told anything
    assert not alice.of(p.Entry)
    assert bench.submit(bob, type="search", survivor="lin").ok


def test_a_trade_may_give_to_a_friends_survivor_but_not_take_from_them(station_bench):
    bench = station_bench(players="2")
    alice = bench.join("alice")
    bench.join("bob")
    took = bench.submit(
        alice,
        type="manage",
        survivor="vega",
        hand=["wrench", "medkit"],
        backpack=[],
        others={"lin": {"hand": [], "backpack": []}},
    )
    assert (took.ok, took.code) == (False, "not_your_seat")
    assert "Player 2 (bob)" in took.message
    gave = bench.submit(
        alice,
        type="manage",
        survivor="vega",
        hand=[],
        backpack=[],
        others={"lin": {"hand": ["medkit", "wrench"], "backpack": []}},
    )
    assert gave.ok, gave.message
    assert bench.game.summary()["survivors"]["lin"]["hand"] == ["medkit", "wrench"]


def test_ST_2_1_a_survivors_activation_holds_the_floor_until_its_player_ends_it(station_bench):
    """Acting with another survivor ends the active one's activation (ST-2.1):
    in a shared game only the active survivor's own player may do that."""
    bench = station_bench(players="2")
    alice, bob = bench.join("alice"), bench.join("bob")
    assert bench.host.status().turn == ["1", "2"]
    assert bench.submit(alice, type="search", survivor="vega").ok
    assert bench.host.status().turn == ["1"]
    held = bench.submit(bob, type="search", survivor="lin")
    assert (held.ok, held.code) == (False, "not_your_turn")
    assert "Player 1 (alice)" in held.message
    assert bench.submit(alice, type="end_turn", survivor="vega").ok
    assert bench.submit(bob, type="end_turn", survivor="lin").ok


def test_every_log_client_gets_each_entry_and_its_author(station_bench):
    bench = station_bench(players="2")
    alice, bob = bench.join("alice"), bench.join("bob")
    bench.submit(alice, type="search", survivor="vega")
    entry = bob.last(p.Entry)
    assert entry.seat == "1" and entry.status.index == 1
    (item,) = log.read_frames("station", entry.frame).items
    assert item == bench.game.journal[-1]
    assert alice.last(p.Entry) == entry


def test_only_the_author_of_the_last_move_may_undo_it(station_bench):
    bench = station_bench(players="2")
    alice, bob = bench.join("alice"), bench.join("bob")
    bench.submit(alice, type="search", survivor="vega")
    assert bob.last(p.Entry).status.undo_seat == "1"
    refused = bench.ask(bob, p.Undo)
    assert (refused.ok, refused.code) == (False, "not_your_undo")
    assert refused.message == "only Player 1 (alice) may undo that move: it was theirs"
    assert bench.ask(alice, p.Undo).ok
    mark = bob.last(p.Entry)
    assert log.read_frames("station", mark.frame).items == [log.UndoMark()]
    assert mark.status.redo_seat == "1" and mark.status.undo_seat is None
    assert bench.ask(bob, p.Redo).code == "not_your_redo"
    assert bench.ask(alice, p.Redo).ok
    assert len(bench.game.commands) == 1


def test_K_6_undo_among_players_still_follows_the_games_policy(station_bench):
    bench = station_bench(players="2", undo="honest")
    alice = bench.join("alice")
    bench.join("bob")
    bench.submit(alice, type="search", survivor="vega")  # a card is drawn: revealed
    assert "honest undo" in alice.last(p.Entry).status.undo_refusal
    refused = bench.ask(alice, p.Undo)
    assert (refused.ok, refused.code) == (False, "undo_refused")
    ironman = station_bench(players="2", undo="ironman")
    alice = ironman.join("alice")
    ironman.submit(alice, type="end_turn", survivor="vega")
    assert ironman.ask(alice, p.Undo).message == "this is an ironman game: undo is off"


def test_the_host_tells_clients_only_after_the_autosave_wrote_the_frame(tmp_path):
    game = Game.new("station", mission="tutorial", seed=1, players="2")
    save = tmp_path / "shared.shamble"
    autosave = AutoSave.create(save, game, fsync=False)
    bench = HostBench(game)
    alice = bench.join("alice")
    seen_on_disk = []

    class Watching(type(alice)):
        def send(self, message):
            if isinstance(message, p.Entry):
                autosave.close()  # release the lock to read it back
                seen_on_disk.append(len(load(save).journal))
            super().send(message)

    bob = Watching("bob")
    bench.host.hello(bob, p.Hello(version=p.PROTOCOL))
    bench.submit(alice, type="search", survivor="vega")
    assert seen_on_disk == [1]


def test_a_rejoin_gets_only_the_frames_it_lacks_and_a_stranger_the_whole_log(station_bench):
    bench = station_bench(players="2")
    alice = bench.join("alice")
    bench.join("bob")
    bench.submit(alice, type="search", survivor="vega")
    bench.submit(alice, type="end_turn", survivor="vega")
    again = bench.join("alice", have=1, created=bench.host.created)
    welcome = again.last(p.Welcome)
    assert welcome.start == 1
    assert log.read_frames("station", welcome.log).items == bench.game.journal[1:]
    other_game = bench.join("alice", have=1, created="another game's stamp")
    whole = other_game.last(p.Welcome)
    assert whole.start == 0
    assert Game.from_bytes(whole.log).journal == bench.game.journal


def test_hello_in_another_protocol_version_is_answered_with_the_reason(station_bench):
    bench = station_bench()
    conn = FakeConn("alice")
    bench.host.hello(conn, p.Hello(version=p.PROTOCOL + 1))
    assert conn.closed
    assert f"protocol {p.PROTOCOL}" in conn.last(p.Closed).reason
    assert "alice" not in {c.account for c in bench.host.conns.values()}


def test_an_invitation_list_keeps_others_out(station_bench):
    bench = station_bench()
    bench.host.allow = {"alice"}
    mallory = FakeConn("mallory")
    bench.host.hello(mallory, p.Hello(version=p.PROTOCOL))
    assert mallory.closed and "not invited" in mallory.last(p.Closed).reason


def test_a_bot_stands_in_for_a_player_who_left_and_hands_the_seat_back(station_bench):
    bench = station_bench(players="2")
    alice, bob = bench.join("alice"), bench.join("bob")
    refused = bench.ask(alice, p.HandToBot, "2")
    assert refused.code == "seat_refused" and "who is here" in refused.message
    bench.host.leave(bob)
    assert alice.last(p.Lobby).seats[1].status == "away"
    assert bench.ask(alice, p.HandToBot, "2").ok
    assert alice.last(p.Lobby).seats[1].status == "bot"
    assert bench.run_bots() <= 1  # people first: alice's survivors have not acted
    assert bench.game.commands == []
    for sid in ("vega", "okafor"):
        assert bench.submit(alice, type="end_turn", survivor=sid).ok
    bench.run_bots()
    summary = bench.game.summary()
    assert summary["round"] == 2  # the bot played lin and ruiz, the zombies moved
    bot_moves = [e.seat for e in alice.of(p.Entry)][2:]
    assert bot_moves and set(bot_moves) == {"2"}
    bob = bench.join("bob")
    assert bob.last(p.Welcome).lobby.seats[1].status == "here"
    assert bench.table.bot_seats() == set()


def test_with_bot_after_the_bot_stands_in_for_whoever_stays_away(station_bench):
    bench = station_bench(players="2")
    bench.host.bot_after = 60.0
    alice, bob = bench.join("alice"), bench.join("bob")
    bench.host.leave(bob)
    bob = bench.join("bob")  # back before the delay: nothing happens
    bench.run_bots()
    assert bench.table.bot_seats() == set()
    bench.host.leave(bob)
    bench.run_bots()
    assert bench.table.bot_seats() == {"2"}
    assert alice.last(p.Lobby).seats[1].status == "bot"
    assert bench.table.seats_of("bob") == ["2"]  # still theirs, handed back on return


def test_a_seat_can_be_claimed_released_and_taken_by_someone_else(station_bench):
    bench = station_bench(players="3")
    alice, bob = bench.join("alice"), bench.join("bob")
    assert bench.ask(alice, p.Claim, "2").code == "seat_refused"
    assert bench.ask(alice, p.Claim, "3").ok
    assert bench.table.seats_of("alice") == ["1", "3"]
    assert bench.ask(alice, p.Release, "3").ok
    assert bench.ask(bob, p.Claim, "3").ok
    assert bench.table.seats_of("bob") == ["2", "3"]
    assert bench.ask(bob, p.Claim, "9").message.startswith("there is no seat '9'")


def test_the_asker_hears_the_new_lobby_before_the_answer_as_with_a_move(station_bench):
    """A screen acts on the answer to its request: by then it must already hold
    what changed (the lobby after a seat change, the entry after a move)."""
    bench = station_bench(players="2")
    alice = bench.join("alice")
    alice.sent.clear()
    assert bench.ask(alice, p.Claim, "2").ok
    assert [type(m) for m in alice.sent] == [p.Lobby, p.Result]
    assert [s.seat for s in alice.sent[0].seats if s.account == "alice"] == ["1", "2"]
    alice.sent.clear()
    assert bench.submit(alice, type="end_turn", survivor="vega").ok
    assert [type(m) for m in alice.sent] == [p.Entry, p.Result]


def test_the_seat_table_is_kept_beside_the_game(tmp_path):
    game = Game.new("station", mission="tutorial", seed=1, players="2")
    path = tmp_path / "coop" / "g.seats.json"
    bench = HostBench(game, path)
    bench.join("alice")
    bench.join("bob")
    again = SeatTable(seat_specs(game), path)
    assert again.seats_of("alice") == ["1"] and again.seats_of("bob") == ["2"]
    path.write_text("{not json")
    with pytest.raises(Exception, match="seat table cannot be read"):
        SeatTable(seat_specs(game), path)


def test_authors_are_learnt_again_from_a_loaded_log(station_bench):
    bench = station_bench(players="2")
    alice, bob = bench.join("alice"), bench.join("bob")
    bench.submit(alice, type="end_turn", survivor="vega")
    bench.submit(bob, type="search", survivor="lin")
    bench.ask(bob, p.Undo)
    loaded = Game.from_bytes(bench.game.to_bytes())
    again = HostBench(loaded)
    assert again.host.authors.timeline == bench.host.authors.timeline
    assert again.host.status() == bench.host.status()


# -- outbreak: players are opponents ------------------------------------------------------
def outbreak_bench(seats: str = "ann:human,bob:human") -> HostBench:
    return HostBench(Game.new("outbreak", seed=3, seats=seats))


def test_K_7_outbreak_clients_get_their_own_view_never_the_log():
    bench = outbreak_bench()
    ann, bob = bench.join("alice"), bench.join("bobby")
    welcome = ann.last(p.Welcome)
    assert welcome.replica == "view" and welcome.log == b""
    assert welcome.view["viewer"] == "ann"
    assert welcome.view["seats"]["ann"]["hand"] is not None
    assert welcome.view["seats"]["bob"]["hand"] is None
    assert welcome.view["event_pile"] is None and welcome.view["tile_pile"] is None
    conns = {"ann": ann, "bob": bob}
    for _ in range(120):  # a few turns each, played by the bot through the host
        seat = bench.game.summary()["to_act"]
        assert bench.submit(conns[seat], **choose(bench.game.view(seat))).ok
    drawn = []
    for me, conn in conns.items():
        for update in conn.of(p.Update):
            other = "bob" if me == "ann" else "ann"
            assert update.view["seats"][other]["hand"] is None
            assert update.view["seats"][me]["hand"] is not None
            for event in update.events:
                if event["type"] == "event_drawn":
                    drawn.append(event)
                    assert (event["card"] is None) == (event["seat"] != me)
    assert not any(isinstance(m, p.Entry) for m in ann.sent + bob.sent)
    assert {e["seat"] for e in drawn} == {"ann", "bob"}


def test_outbreak_a_seat_plays_only_on_its_turn_and_bot_seats_move_themselves():
    bench = outbreak_bench("ann:human,bot")
    ann = bench.join("alice")
    assert [s.status for s in ann.last(p.Lobby).seats] == ["here", "bot"]
    refused = bench.submit(ann, type="draw_tile", seat="p2")
    assert refused.code == "not_your_seat"
    while bench.game.summary()["to_act"] == "ann":
        bench.submit(ann, **msgspec.to_builtins(bench.game.legal_commands()[-1]))
    bench.run_bots()
    assert bench.game.summary()["to_act"] == "ann" or bench.game.outcome is not None
    bot_updates = [u for u in ann.of(p.Update) if u.seat == "p2"]
    assert bot_updates
    assert ann.last(p.Update).status.undo_seat == "p2"
    refused = bench.ask(ann, p.Undo)
    assert refused.code == "not_your_undo" and "(a bot)" in refused.message


def test_a_second_terminal_of_the_same_account_takes_the_open_seat(station_bench):
    """Issue 28: two terminals of one account (a hot-seat between windows):
    the second sits as "alice#2" in the open seat, each plays only its own
    survivors; back again, each terminal gets its own seat back."""
    bench = station_bench(players="2")
    first, second = bench.join("alice"), bench.join("alice")
    lobby = second.last(p.Lobby)
    assert [(s.seat, s.account, s.status) for s in lobby.seats] == [
        ("1", "alice", "here"),
        ("2", "alice#2", "here"),
    ]
    assert second.last(p.Welcome).account == "alice#2"
    refused = bench.submit(second, type="search", survivor="vega")
    assert (refused.ok, refused.code) == (False, "not_your_seat")
    assert bench.submit(first, type="search", survivor="vega").ok
    bench.host.leave(second)
    again = bench.join("alice")  # the first terminal is still here
    assert again.last(p.Welcome).account == "alice#2"
    bench.host.leave(first)
    bench.host.leave(again)
    alone = bench.join("alice")  # nobody else of the account here: its own first seat
    assert alone.last(p.Welcome).account == "alice"
    third = bench.join("alice")
    assert third.last(p.Welcome).account == "alice#2"
    full = bench.join("alice")  # no seat open: it shares the first terminal's seats
    assert full.last(p.Welcome).account == "alice"
