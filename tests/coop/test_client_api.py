"""The client API a game screen uses, in this process against a real host:
changes heard, requests answered, undo offered only to a move's author, a
dropped connection rejoined with the replica kept."""

from __future__ import annotations

import os

import pytest

from hosting.client import Client, CoopError
from saves import load


@pytest.fixture
def hosted(place, monkeypatch):
    monkeypatch.setenv("SHAMBLE_COOP_DIR", str(place.dir))
    return place


async def test_a_screen_hears_every_change_and_is_told_what_undo_may_do(hosted):
    name = hosted.host("--mission", "tutorial", "--players", "2", "--seed", "1")
    me = await Client.connect(name)
    heard = []
    me.listeners.append(heard.append)
    assert me.my_seats == ["1"] and me.replica == "log" and me.game is not None
    assert me.my_turn() and not me.can_undo()
    assert me.undo_note() == "nothing to undo yet"

    refused = await me.submit({"type": "end_turn", "survivor": "lin"})
    assert (refused.ok, refused.code) == (False, "not_your_seat")
    accepted = await me.submit({"type": "end_turn", "survivor": "vega"})
    assert accepted.ok and accepted.index == 1
    moves = [c for c in heard if c.kind not in ("lobby", "chat")]
    assert [c.kind for c in moves] == ["entry"] and moves[0].seat == "1"
    assert moves[0].events[0]["type"] == "activation_ended"
    assert me.can_undo() and me.undo_note() == "undo takes back your last move"
    assert me.view["survivors"]["vega"]["actions_left"] == 0 or "vega" in me.view["done"]

    assert (await me.claim("2")).ok
    assert me.my_seats == ["1", "2"] and heard[-1].kind == "lobby"
    assert (await me.undo()).ok
    assert heard[-1].kind == "undo" and me.game.commands == []
    assert (await me.redo()).ok and heard[-1].kind == "redo"
    assert heard[-1].events == moves[0].events  # a redo brings back the same events
    await me.close()
    assert me.closed == "you left"


async def test_a_dropped_client_rejoins_with_its_replica(hosted):
    name = hosted.host("--mission", "tutorial", "--players", "1", "--seed", "1")
    me = await Client.connect(name)
    for sid in ("vega", "okafor"):
        assert (await me.submit({"type": "end_turn", "survivor": sid})).ok
    replica = me.game
    hosted.kill_host(name)
    assert await me.changed(5) and me.closed == "the host went away"
    with pytest.raises(CoopError, match=f"shamble host --resume {name}"):
        await me.rejoin()
    assert hosted.cli("host", "--resume", name, "--bot-pace", "0").returncode == 0
    hosted.hosts.add(hosted.host_pid(name))
    again = await me.rejoin()
    assert again.game is replica  # the same replica, grown by what it lacked
    assert again.game.journal == load(hosted.save(name)).journal
    assert (await again.submit({"type": "end_turn", "survivor": "vega"})).ok
    await again.close()
    assert os.path.exists(hosted.save(name))


async def test_a_resumed_host_keeps_the_watchers_apart(hosted, monkeypatch):
    """Issue 31: the host's account sets the watchers apart, the host is
    killed and resumed (`shamble host --resume`): a watcher's line still
    reaches the watchers only, never the players."""
    name = hosted.host("--mission", "tutorial", "--players", "2", "--seed", "1")
    me = await Client.connect(name)  # the host's own account: it may set them apart
    assert (await me.watchers_apart(True)).ok
    hosted.kill_host(name)
    assert await me.changed(5) and me.closed == "the host went away"
    assert hosted.cli("host", "--resume", name, "--bot-pace", "0").returncode == 0
    hosted.hosts.add(hosted.host_pid(name))
    again = await me.rejoin()
    monkeypatch.setenv("SHAMBLE_PLAYER", "watcherW1")
    watcher = await Client.connect(name, watch=True)
    assert (await watcher.say("they will never find the key")).ok
    assert (await again.say("we go left")).ok  # her own line comes after any before it
    heard = [x.text for x in again.chat if x.kind == "say"]
    assert "we go left" in heard and "they will never find the key" not in heard
    mine = [x for x in watcher.chat if x.text == "they will never find the key"]
    assert [x.channel for x in mine] == ["watchers"]
    await watcher.close()
    await again.close()


async def test_players_of_the_hosts_own_account_are_told_apart_by_name(hosted, monkeypatch):
    """The browsers of `shamble serve --share-games` all run as the server's
    account: each names itself (SHAMBLE_PLAYER), so one never sits in
    another's seat; a player of any other account is known by its account
    alone, whatever it says."""
    from tests.coop.conftest import ALICE, finish
    from tests.coop.test_play import lines

    name = hosted.host("--mission", "tutorial", "--players", "2", "--seed", "1")
    monkeypatch.setenv("SHAMBLE_PLAYER", "browserA1")
    a = await Client.connect(name)
    monkeypatch.setenv("SHAMBLE_PLAYER", "browserB2")
    b = await Client.connect(name)
    assert a.account.endswith(".browserA1") and b.account.endswith(".browserB2")
    assert (a.my_seats, b.my_seats) == (["1"], ["2"])
    refused = await b.submit({"type": "end_turn", "survivor": "vega"})
    assert (refused.ok, refused.code) == (False, "not_your_seat")
    await a.close()
    await b.close()

    hosted.env["SHAMBLE_PLAYER"] = "browserA1"  # another account cannot pass for a's browser
    nothing = hosted.out / "nothing.jsonl"
    nothing.write_text("")
    code, out, err = finish(hosted.join(ALICE, name, "--script", str(nothing)))
    assert code == 0 and lines(out)[0]["account"] == f"uid{ALICE}", err


def test_a_game_hosted_from_a_browser_tab_ends_saved_once_nobody_is_there(hosted):
    """`shamble serve` gives its tabs SHAMBLE_HOST_IDLE (--host-idle): a game one
    hosts stops that long after its last player left, everything saved."""
    from tests.coop.conftest import wait_gone

    hosted.env["SHAMBLE_HOST_IDLE"] = "1"
    name = hosted.host("--mission", "tutorial", "--players", "2", "--seed", "1")
    wait_gone(hosted.host_pid(name), timeout=60)
    hosted.hosts.clear()
    assert load(hosted.save(name)).journal == []
    assert not (hosted.dir / f"{name}.sock").exists()
