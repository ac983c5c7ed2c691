"""Shared games played by real processes: `shamble host` detached, players
joining with `shamble join` as accounts of their own, through the socket."""

from __future__ import annotations

import json
import os
import signal
import time

import pytest

from saves import load
from saves.verify import verify
from tests.coop.conftest import ALICE, BOB, CAROL, finish, needs_root


@pytest.fixture(autouse=True)
def _root():
    needs_root()


def lines(out: str) -> list[dict]:
    return [json.loads(line) for line in out.splitlines() if line.startswith("{")]


def seen_seats(out: str) -> set:
    return {d["seat"] for d in lines(out) if d.get("kind") == "entry"}


def wait_for(check, timeout: float, what: str):
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        answer = check()
        if answer:
            return answer
        time.sleep(0.02)
    raise AssertionError(f"timed out after {timeout} s waiting for {what}")


def saved_frames(place, name: str) -> int:
    try:
        return len(load(place.save(name)).journal)
    except Exception:
        return -1


@pytest.mark.parametrize(("players", "seed"), [(2, 3), (3, 1)])
def test_players_in_their_own_processes_play_a_station_mission_to_the_end(place, players, seed):
    name = place.host("--mission", "tutorial", "--players", str(players), "--seed", str(seed))
    uids = [ALICE, BOB, CAROL][:players]
    procs = {
        uid: place.join(uid, name, "--bot", "--replica", str(place.out / f"{uid}.shamble"))
        for uid in uids
    }
    results = {uid: finish(proc) for uid, proc in procs.items()}
    saved = load(place.save(name))
    assert saved.outcome in ("won", "lost")
    seats = set()
    for uid, (code, out, err) in results.items():
        assert code == 0, err
        joined = lines(out)[0]
        assert joined["account"] == f"uid{uid}" and len(joined["seats"]) == 1
        seats.add(joined["seats"][0])
        assert seen_seats(out) == {str(n) for n in range(1, players + 1)}  # everyone's moves
        replica = load(place.out / f"{uid}.shamble")
        assert replica.journal == saved.journal
        assert lines(out)[-1]["outcome"] == saved.outcome
    assert seats == {str(n) for n in range(1, players + 1)}
    assert verify(place.save(name)).ok


def test_a_command_for_another_players_survivor_is_refused_with_a_reason(place):
    name = place.host("--mission", "tutorial", "--players", "2", "--seed", "1")
    script = place.out / "mine.jsonl"
    script.write_text(json.dumps({"type": "end_turn", "survivor": "vega"}) + "\n")
    code, out, err = finish(place.join(ALICE, name, "--script", str(script)))
    assert code == 0, err
    theirs = place.out / "theirs.jsonl"
    theirs.write_text(json.dumps({"type": "end_turn", "survivor": "okafor"}) + "\n")
    code, out, err = finish(place.join(BOB, name, "--script", str(theirs)))
    assert code == 1
    assert "rejected: not_your_seat: that is Player 1 (uid60001)'s to play" in err
    assert len(load(place.save(name)).journal) == 1


def test_a_player_killed_with_sigkill_rejoins_and_the_game_goes_on(place):
    name = place.host("--mission", "tutorial", "--players", "2", "--seed", "2")
    script = place.out / "first.jsonl"
    script.write_text(json.dumps({"type": "end_turn", "survivor": "vega"}) + "\n")
    alice = place.join(ALICE, name, "--script", str(script), "--wait-over")
    wait_for(lambda: saved_frames(place, name) == 1, 20, "alice's first move")
    alice.send_signal(signal.SIGKILL)
    finish(alice)

    def away():
        done = place.cli("join")
        return "Player 1: uid60001 (away)" in done.stdout and done.stdout

    listing = wait_for(away, 10, "the lobby to show alice's seat")
    assert name in listing
    bob = place.join(BOB, name, "--bot", "--replica", str(place.out / "bob.shamble"))
    again = place.join(ALICE, name, "--bot", "--replica", str(place.out / "alice.shamble"))
    code, out, err = finish(again)
    assert code == 0, err
    joined = lines(out)[0]
    assert joined["seats"] == ["1"] and joined["index"] >= 1  # her seat, the whole log
    assert finish(bob)[0] == 0
    saved = load(place.save(name))
    assert saved.outcome is not None
    assert load(place.out / "alice.shamble").journal == saved.journal
    assert verify(place.save(name)).ok


def test_the_host_killed_with_sigkill_resumes_from_its_save_with_nothing_lost(place):
    name = place.host("--mission", "tutorial", "--players", "2", "--seed", "3")
    scripts = {
        ALICE: [{"type": "search", "survivor": "vega"}, {"type": "end_turn", "survivor": "vega"}],
        BOB: [{"type": "end_turn", "survivor": "lin"}],
    }
    procs = {}
    for uid, commands in scripts.items():
        path = place.out / f"{uid}.jsonl"
        path.write_text("".join(json.dumps(c) + "\n" for c in commands))
        procs[uid] = place.join_seated(
            uid,
            name,
            "--script",
            str(path),
            "--wait-over",
            "--replica",
            str(place.out / f"{uid}.r"),
        )
    wait_for(lambda: saved_frames(place, name) == 3, 20, "three moves saved")
    time.sleep(0.2)  # the frames reach the players
    place.kill_host(name)
    for proc in procs.values():
        code, out, err = finish(proc)
        assert code == 2 and "the host went away" in err
    saved = load(place.save(name))
    for uid in scripts:
        seen = load(place.out / f"{uid}.r").journal
        assert seen == saved.journal[: len(seen)] and len(seen) == 3  # nothing a player saw is lost
    down = place.cli("join", name, "--bot")
    assert down.returncode == 2 and f"shamble host --resume {name}" in down.stderr

    resumed = place.cli("host", "--resume", name, "--bot-pace", "0")
    assert resumed.returncode == 0, resumed.stderr
    assert resumed.stdout.strip() == name
    place.hosts.add(place.host_pid(name))
    procs = {
        uid: place.join(uid, name, "--bot", "--replica", str(place.out / f"{uid}.end"))
        for uid in scripts
    }  # in either order: the seat table kept their seats
    for uid, proc in procs.items():
        code, out, err = finish(proc)
        assert code == 0, err
        assert lines(out)[0]["seats"] == (["1"] if uid == ALICE else ["2"])  # same seats
    final = load(place.save(name))
    assert final.outcome is not None
    assert final.journal[:3] == saved.journal
    assert verify(place.save(name)).ok


def test_outbreak_opponents_see_their_own_hands_only(place):
    name = place.host("--mode", "outbreak", "--seats", "ann:human,bob:human", "--seed", "4")
    procs = {uid: place.join(uid, name, "--bot", "--timeout", "10") for uid in (ALICE, BOB)}
    outputs = {}
    for uid, proc in procs.items():
        code, out, err = finish(proc, timeout=90)
        assert code == 0, err + out[-3000:]
        outputs[uid] = lines(out)
    assert load(place.save(name)).outcome is not None
    for out in outputs.values():
        me = out[0]["seats"][0]
        assert out[0]["replica"] == "view"
        drawn = [
            e
            for d in out
            if d.get("kind") == "entry"
            for e in d["events"]
            if e["type"] == "event_drawn"
        ]
        assert {e["seat"] for e in drawn} == {"ann", "bob"}
        for event in drawn:
            assert (event["card"] is None) == (event["seat"] != me)


def test_host_refuses_a_name_in_use_and_a_save_another_host_serves(place):
    name = place.host("--mission", "tutorial", "--name", "ours")
    assert name == "ours"
    again = place.cli("host", "--mission", "tutorial", "--name", "ours")
    assert again.returncode == 2 and "--resume ours" in again.stderr
    busy = place.cli("host", "--resume", "ours")
    assert busy.returncode == 2 and "another" in busy.stderr
    assert os.stat(place.dir / "ours.sock").st_mode & 0o777 == 0o660
