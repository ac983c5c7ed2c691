"""Talk at the table (issue 31): lines said in a shared game reach everyone
in order with who said them, arrive as plain words, are kept beside the
save (never in its log), and are bounded by length, pace and the host."""

from __future__ import annotations

import contextlib
import os
import pwd
import shutil
import tempfile
from pathlib import Path

import msgspec
import pytest

from engine import Game
from hosting import protocol as p
from hosting.chat import (
    MAX_CHARS,
    RATE_LINES,
    ChatLine,
    Talk,
    chat_file,
    clean,
    read_record,
    settings_beside,
    spoken,
)
from saves.files import SaveError
from tests.coop.conftest import HostBench


@pytest.fixture
def table(tmp_path):
    game = Game.new("station", mission="tutorial", seed=1, players="2")
    bench = HostBench(game)
    bench.host.talk = Talk(chat_file(tmp_path, "bench"))
    bench.host.host_account = "alice"
    return bench


def said(conn):
    return [m.line for m in conn.of(p.Said) if m.line.kind == "say"]


def say(bench, conn, text):
    return bench.ask(conn, lambda ref: p.Say(ref=ref, text=text))


def test_a_line_reaches_everyone_in_order_with_its_speaker_and_seat(table):
    alice, bob, carol = table.join("alice"), table.join("bob"), table.join("carol")
    assert say(table, alice, "open the door?").ok
    assert say(table, bob, "yes, I cover you").ok
    assert say(table, carol, "go go go").ok
    for conn in (alice, bob, carol):
        lines = said(conn)
        assert [(x.account, x.text) for x in lines] == [
            ("alice", "open the door?"),
            ("bob", "yes, I cover you"),
            ("carol", "go go go"),
        ]
    assert [x.seat for x in said(carol)] == ["Player 1", "Player 2", ""]
    assert spoken(said(bob)[0]) == "alice (Player 1) says: open the door?"
    assert spoken(said(bob)[2]) == "carol (watching) says: go go go"


def test_escape_sequences_and_control_bytes_arrive_inert(table):
    alice, bob = table.join("alice"), table.join("bob")
    nasty = "hi\x1b[2J\x1b[31mred\x1b]0;owned\x07\x1bP+q\x1b\\\r\n\x08\x07\u202egnp.exe\x9b1m!"
    assert say(table, alice, nasty).ok
    (line,) = said(bob)
    assert line.text == "hired gnp.exe!"
    assert all(ch.isprintable() for ch in line.text)
    assert clean("\x1b[1;1H") == ""


def test_length_pace_and_the_hosts_mute(table):
    alice, bob = table.join("alice"), table.join("bob")
    too_long = say(table, bob, "x" * (MAX_CHARS + 1))
    assert not too_long.ok and f"at most {MAX_CHARS}" in too_long.message
    assert not say(table, bob, " \x1b[0m ").ok  # nothing left to say
    for n in range(RATE_LINES):
        assert say(table, bob, f"line {n}").ok
    slow = say(table, bob, "one more")
    assert not slow.ok and slow.message.startswith("slow down")
    refused = table.ask(bob, lambda ref: p.Mute(ref=ref, account="alice"))
    assert not refused.ok and refused.code == "not_host"
    assert table.ask(alice, lambda ref: p.Mute(ref=ref, account="bob")).ok
    table.host.talk._said.clear()  # past the pace limit: only the mute is left
    muted = say(table, bob, "can you hear me")
    assert not muted.ok and "muted" in muted.message
    assert "can you hear me" not in [x.text for x in said(alice)]
    assert table.ask(alice, lambda ref: p.Mute(ref=ref, account="bob", muted=False)).ok
    assert say(table, bob, "back").ok


def test_talk_is_kept_beside_the_save_not_in_its_log_and_survives_a_restart(table, tmp_path):
    alice = table.join("alice")
    journal = list(table.game.journal)
    say(table, alice, "we go left")
    assert table.game.journal == journal  # the game's log is the same with talk
    record = chat_file(tmp_path, "bench")
    assert oct(record.stat().st_mode & 0o777) == "0o600"
    again = Talk(record)  # a restarted host reads its talk back
    assert [x.text for x in again.recent() if x.kind == "say"] == ["we go left"]
    table.host.talk = again
    late = table.join("carol")
    welcome = late.last(p.Welcome)
    assert "we go left" in [x.text for x in welcome.chat]


def test_joining_and_leaving_are_told_at_the_table(table):
    alice = table.join("alice")
    bob = table.join("bob")
    table.host.leave(bob)
    notes = [m.line.text for m in alice.of(p.Said) if m.line.kind == "presence"]
    assert notes == ["alice came to the table", "bob came to the table", "bob left the table"]


def test_a_line_is_stamped_where_in_the_game_it_was_said(table):
    alice = table.join("alice")
    table.ask(alice, lambda ref: p.Claim(ref=ref, seat="1"))
    say(table, alice, "before")
    table.submit(alice, type="search", survivor="vega")
    say(table, alice, "after")
    before, after = said(alice)
    assert after.at == before.at + 1 == len(table.game.journal)


def test_an_old_peer_without_talk_still_reads_the_welcome():
    welcome = p.Welcome(
        version=p.PROTOCOL, game="g", account="a", mode="station", mission="m",
        created="", replica="log", lobby=p.Lobby(), status=p.Status(index=0),
        chat=[ChatLine("a", "hello")],
    )  # fmt: skip
    old = msgspec.msgpack.decode(p.encode(welcome))
    assert old["chat"][0]["text"] == "hello"
    assert p.decode_to_client(p.encode(welcome)).chat[0].text == "hello"


def test_the_host_gives_the_watchers_a_channel_the_players_do_not_hear(table):
    """Issue 31 item 3: once the host's account sets the watchers apart, a
    watcher's line reaches the watchers only (marked so), a player's line
    still reaches everyone, and a player joining later reads none of the
    watchers' lines; set together again, a watcher's line reaches all."""
    alice, bob = table.join("alice"), table.join("bob")
    carol, dan = table.join("carol", watch=True), table.join("dan")  # dan: no seat left
    apart = lambda ref, on=True: p.WatchersApart(ref=ref, apart=on)  # noqa: E731
    refused = table.ask(bob, apart)
    assert not refused.ok and refused.code == "not_host"
    assert table.ask(alice, apart).ok
    assert "the players do not hear them" in alice.last(p.Said).line.text
    assert say(table, carol, "she will open the wrong door").ok
    assert [x.text for x in said(dan)] == ["she will open the wrong door"]
    assert said(dan)[0].channel == "watchers"
    assert (
        spoken(said(dan)[0])
        == "carol (watching) says to the watchers: she will open the wrong door"
    )
    assert said(alice) == [] and said(bob) == []
    assert say(table, bob, "I go left").ok
    assert [x.text for x in said(carol)] == ["she will open the wrong door", "I go left"]
    # joining later: a player reads the table's lines only, a watcher the watchers' too
    table.host.leave(bob)
    bob2 = table.join("bob")
    assert [x.text for x in bob2.last(p.Welcome).chat if x.kind == "say"] == ["I go left"]
    eve = table.join("eve", watch=True)
    assert [x.text for x in eve.last(p.Welcome).chat if x.kind == "say"] == [
        "she will open the wrong door",
        "I go left",
    ]
    assert table.ask(alice, lambda ref: apart(ref, False)).ok
    assert say(table, carol, "together again").ok
    assert said(alice)[-1].text == "together again" and said(alice)[-1].channel == ""


def test_a_restarted_host_keeps_the_watchers_apart_and_whom_it_muted(table, tmp_path):
    """Issue 31: the host's choices about the talk are kept beside its record
    (NAME.talk.json), so a host resumed after a crash reads them back: the
    watchers still talk apart, the muted account is still muted; set back,
    the next restart reads that too."""
    alice, bob = table.join("alice"), table.join("bob")
    assert table.ask(alice, lambda ref: p.WatchersApart(ref=ref, apart=True)).ok
    assert table.ask(alice, lambda ref: p.Mute(ref=ref, account="bob")).ok
    record = chat_file(tmp_path, "bench")
    assert oct(settings_beside(record).stat().st_mode & 0o777) == "0o600"
    again = Talk(record)  # what `shamble host --resume` builds (hosting/server.py)
    assert again.watchers_apart and again.muted == {"bob"}
    table.host.talk = again
    carol, dan = table.join("carol", watch=True), table.join("dan")
    assert say(table, carol, "still apart?").ok
    assert [x.text for x in said(dan)] == ["still apart?"] and said(alice) == []
    assert not say(table, bob, "and me?").ok  # still muted
    assert table.ask(alice, lambda ref: p.WatchersApart(ref=ref, apart=False)).ok
    assert table.ask(alice, lambda ref: p.Mute(ref=ref, account="bob", muted=False)).ok
    third = Talk(record)
    assert not third.watchers_apart and third.muted == set()


def test_a_damaged_record_of_the_hosts_choices_is_refused_by_name(tmp_path):
    record = chat_file(tmp_path, "bench")
    record.parent.mkdir(parents=True)
    settings_beside(record).write_text("{not json")
    with pytest.raises(SaveError, match="bench.talk.json"):
        Talk(record)


async def test_a_script_sets_the_watchers_apart_and_together():
    """`shamble join NAME --script`: {"coop": "watchers_apart"} and
    {"coop": "watchers_together"} ask the host as the say line's /watchers does."""
    from hosting.cli import _script_step

    asked = []

    class Client:
        async def watchers_apart(self, apart=True):
            asked.append(apart)
            return p.Result(ref=1, ok=True)

    assert (await _script_step(Client(), {"coop": "watchers_apart"}, 1)).ok
    assert (await _script_step(Client(), {"coop": "watchers_together"}, 1)).ok
    assert asked == [True, False]


@contextlib.contextmanager
def unprivileged():
    """Run as an account the file modes hold back (root's writes ignore them)."""
    if os.geteuid() != 0:
        yield
        return
    os.seteuid(pwd.getpwnam("nobody").pw_uid)
    try:
        yield
    finally:
        os.seteuid(0)


def test_an_unwritable_record_is_told_to_the_host_once_and_the_game_goes_on(capsys):
    """The table's talk cannot be written (a folder the host may not write,
    as a full disk would refuse it too): the host's log says so in one line,
    not at every line said; the lines still reach the table, moves still
    play, and once the folder can be written again the log says that once."""
    folder = Path(tempfile.mkdtemp(prefix="shamble-talk-"))
    try:
        os.chmod(folder, 0o755)
        (folder / "coop").mkdir(mode=0o555)
        record = chat_file(folder, "bench")
        bench = HostBench(Game.new("station", mission="tutorial", seed=1, players="2"))
        bench.host.talk = Talk(record)
        bench.host.host_account = "alice"
        alice, bob = bench.join("alice"), bench.join("bob")
        capsys.readouterr()
        with unprivileged():
            for text in ("one", "two", "three"):
                assert say(bench, alice, text).ok
            assert bench.ask(alice, lambda ref: p.Mute(ref=ref, account="bob")).ok
            assert bench.ask(alice, lambda ref: p.Mute(ref=ref, account="bob", muted=False)).ok
        assert [x.text for x in said(bob)] == ["one", "two", "three"]
        assert [x for x in read_record(record) if x.kind == "say"] == []
        told = capsys.readouterr().err.splitlines()
        assert [x for x in told if "game goes on" in x] == [
            f"{record}: Permission denied: the table's talk is no longer recorded;"
            " the game goes on",
            f"{record.with_name('bench.talk.json')}: cannot write: Permission denied: the host's"
            " choices about the talk (whom it muted, the watchers apart) are not kept for a"
            " restart; the game goes on",
        ]
        assert bench.submit(alice, type="search", survivor="vega").ok  # the game goes on
        os.chmod(folder / "coop", 0o755)  # room again, as the host's own account
        assert say(bench, alice, "four").ok
        assert say(bench, alice, "five").ok
        again = [x for x in capsys.readouterr().err.splitlines() if "again" in x]
        assert again == [
            f"{record}: the table's talk is recorded again (the lines said meanwhile are not in it)"
        ]
        assert [x.text for x in read_record(record) if x.kind == "say"] == ["four", "five"]
    finally:
        os.chmod(folder / "coop", 0o755)
        shutil.rmtree(folder)
