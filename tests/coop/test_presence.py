"""Who is at the table and since when (issue 31): each lobby says who is
here, away or watching, since when and when they last did anything, and a
screen reads "bob (idle 6 min)" or "bob (away 21:03)" from it."""

from __future__ import annotations

import time

import pytest

from engine import Game
from hosting import presence
from hosting import protocol as p
from tests.coop.conftest import HostBench
from tui.screens.coop_lobby import seat_lines


class Clock:
    def __init__(self) -> None:
        self.t = 1_800_000_000.0

    def __call__(self) -> float:
        return self.t


@pytest.fixture
def table():
    game = Game.new("station", mission="tutorial", seed=1, players="2")
    bench = HostBench(game)
    bench.clock = Clock()
    bench.host.presence = presence.Table(now=bench.clock)
    return bench


def of(conn, account):
    return next(x for x in conn.last(p.Lobby).presence if x.account == account)


def test_the_lobby_says_who_is_here_since_when_and_who_left_when(table):
    alice = table.join("alice")
    table.clock.t += 30
    bob = table.join("bob")
    assert of(alice, "bob") == presence.Presence("bob", True, table.clock.t, table.clock.t)
    assert of(alice, "alice").since == table.clock.t - 30
    table.clock.t += 90
    table.host.leave(bob)
    gone = of(alice, "bob")
    assert (gone.here, gone.since) == (False, table.clock.t)
    stamp = time.strftime("%H:%M", time.localtime(table.clock.t))
    assert presence.words(gone) == f" (away {stamp})"


def test_a_player_who_does_nothing_reads_as_idle_until_they_act(table):
    alice, bob = table.join("alice"), table.join("bob")
    table.clock.t += 6 * 60
    table.submit(alice, type="search", survivor="vega")  # alice acts: bob's quiet shows
    quiet = of(alice, "bob")
    assert presence.words(quiet, now=table.clock.t) == " (idle 6 min)"
    assert presence.words(of(alice, "alice"), now=table.clock.t) == ""
    table.submit(bob, type="end_turn", survivor="lin")
    assert presence.words(of(alice, "bob"), now=table.clock.t) == ""


def test_the_players_panel_shows_it(table):
    table.clock.t = time.time() - 7 * 60 - 5  # they came 7 minutes ago
    alice = table.join("alice")
    bob = table.join("bob")
    carol = table.join("carol")
    table.clock.t = time.time()  # alice acts now; bob and carol have done nothing since
    table.submit(alice, type="search", survivor="vega")

    class Screen:
        account = "alice"
        lobby = alice.last(p.Lobby)
        status = p.Status(index=1)

    text = "\n".join(line.plain for line in seat_lines(Screen, 60))
    assert "Player 2 bob (idle 7 min)" in text
    assert "watching: carol (idle 7 min)" in text
    del bob, carol


def test_a_watcher_takes_no_seat_is_told_as_the_spectator_and_may_only_talk(table):
    """Watching (Hello.watch): given a table with an open seat, a watcher
    still takes none; the lobby lists them as watching; a move, an undo or a
    claim from them is refused, while a line they say reaches the table."""
    alice = table.join("alice")
    carol = table.join("carol", watch=True)
    assert table.table.seats_of("carol") == []
    assert table.host.lobby().watchers == ["carol"]
    welcome = carol.last(p.Welcome)
    assert welcome.account == "carol"
    refused = table.submit(carol, type="end_turn", survivor="vega")
    assert not refused.ok and refused.code == "watching"
    claim = table.ask(carol, lambda ref: p.Claim(ref=ref, seat="2"))
    assert not claim.ok and claim.code == "watching"
    assert table.table.account_of("2") is None
    said = table.ask(carol, lambda ref: p.Say(ref=ref, text="nice"))
    assert said.ok
    line = alice.last(p.Said).line
    assert (line.account, line.seat, line.text) == ("carol", "", "nice")
    # a seated account watching from a second terminal watches under a name of its own
    again = table.join("alice", watch=True)
    assert again.last(p.Welcome).account == "alice#2"
    assert table.submit(again, type="end_turn", survivor="vega").code == "watching"


def test_a_player_of_a_game_between_opponents_may_not_watch_it_too():
    """K-7 with watchers: in Outbreak a watcher is told what the spectator is,
    which a seat may not know; so an account seated there cannot come to
    watch from another terminal (it would see past its own seat), while
    anyone else may."""
    game = Game.new("outbreak", seed=3, seats="human,human")
    bench = HostBench(game)
    bench.join("alice")
    again = bench.join("alice", watch=True)
    assert again.closed and "does not watch it too" in again.last(p.Closed).reason
    carol = bench.join("carol", watch=True)
    assert not carol.closed and carol.last(p.Welcome).account == "carol"
