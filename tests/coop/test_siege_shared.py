"""Siege as a shared game: a seat per human, one for the dead when a person
plays them (zombies=human). Nothing on a siege board is hidden from either
side, so every player holds the log. The host's rules first (no socket),
then players in their own processes through `shamble host` / `join`."""

from __future__ import annotations

import json

import pytest

from engine import Game
from hosting import protocol as p
from hosting.seats import shares_log
from saves import load
from saves.verify import verify
from tests.coop.conftest import ALICE, BOB, CAROL, HostBench, finish, needs_root


def siege(zombies: str = "ai", seed: int = 2, **kw) -> HostBench:
    game = Game.new(
        "siege", mission="house", seed=seed, survivors=["drifter", "cop"], zombies=zombies, **kw
    )
    return HostBench(game)


def lines(out: str) -> list[dict]:
    return [json.loads(line) for line in out.splitlines() if line.startswith("{")]


# -- the host's rules --------------------------------------------------------------------
def test_a_seat_per_human_and_one_for_the_dead_when_a_person_plays_them():
    ai = siege("ai")
    assert [(s.id, s.label, s.figures) for s in ai.table.specs.values()] == [
        ("drifter", "Drifter", ("drifter",)),
        ("cop", "Cop", ("cop",)),
    ]
    human = siege("human")
    assert list(human.table.specs) == ["drifter", "cop", "zombies"]
    assert human.table.specs["zombies"].label == "Zombies"


def test_K_7_both_sides_views_are_the_summary_so_every_player_holds_the_log():
    """Siege hides nothing between the sides: the humans' and the zombies'
    views are the summary plus who looks, so clients keep a log replica."""
    bench = siege("human")
    game = bench.game
    views = {v: game.view(v) for v in ("humans", "zombies")}
    assert {k: v for k, v in views["humans"].items() if k != "viewer"} == {
        k: v for k, v in views["zombies"].items() if k != "viewer"
    }
    assert set(game.summary()) <= set(views["humans"])
    assert shares_log("siege")
    alice = bench.join("alice")
    welcome = alice.last(p.Welcome)
    assert welcome.replica == "log" and welcome.view is None


def test_a_command_for_another_players_human_or_the_dead_is_refused():
    bench = siege("human")
    alice, bob, carol = bench.join("alice"), bench.join("bob"), bench.join("carol")
    refused = bench.submit(bob, type="end_turn", human="drifter")
    assert (refused.ok, refused.code) == (False, "not_your_seat")
    assert "Drifter (alice)" in refused.message and "you play Cop" in refused.message
    early = bench.submit(carol, type="end_zombie_turn")
    assert (early.ok, early.code) == (False, "not_your_turn")
    assert "wait for your turn" in early.message
    theirs = bench.submit(alice, type="end_zombie_turn")
    assert (theirs.ok, theirs.code) == (False, "not_your_seat")
    assert bench.game.journal == []


def test_a_human_whose_turn_began_holds_the_floor_until_it_ends():
    """SI-2 turns across terminals (house rule, docs/rules-notes.md): at one
    keyboard acting with another human ends the active one's turn; among
    players only the active human's player may end it, so while it has
    actions left the floor is theirs."""
    bench = siege("ai")
    alice, bob = bench.join("alice"), bench.join("bob")
    assert bench.host.status().turn == ["drifter", "cop"]
    door = next(
        c
        for c in bench.game.legal_commands()
        if c.human == "drifter" and type(c).__name__ in ("Move", "OpenDoor")
    )
    assert bench.ask(alice, lambda ref: p.Submit(ref=ref, command=_plain(door))).ok
    assert bench.host.status().turn == ["drifter"]
    cop = next(c for c in bench.game.legal_commands() if c.human == "cop")
    held = bench.ask(bob, lambda ref: p.Submit(ref=ref, command=_plain(cop)))
    assert (held.ok, held.code) == (False, "not_your_turn")
    assert "Drifter (alice) to act now" in held.message
    assert bench.submit(alice, type="end_turn", human="drifter").ok
    assert bench.host.status().turn == ["cop"]


def _plain(command) -> dict:
    import msgspec

    return msgspec.json.decode(msgspec.json.encode(command))


def test_a_pending_reroll_goes_to_its_humans_player():
    from engine.siege.bot import choose

    game = None
    for seed in range(1, 40):
        trial = Game.new("siege", mission="house", seed=seed, survivors=["drifter", "cop"])
        for _ in range(200):
            if trial.outcome is not None or trial.state.pending is not None:
                break
            trial.submit(choose(trial.view("humans"), trial.legal_commands()))
        if trial.state.pending is not None:
            game = trial
            break
    assert game is not None, "no seed of 1-39 led to a re-roll decision"
    human = game.state.pending.human
    assert list(game.to_act()) == [human]
    assert game.owner({"type": "choose", "option": "keep"}) == human


def test_the_bot_stands_in_for_absent_humans_and_plays_the_dead_when_handed_them():
    bench = siege("human", seed=3)
    alice, bob, carol = bench.join("alice"), bench.join("bob"), bench.join("carol")
    assert bench.run_bots() >= 0 and bench.game.journal == []  # people first
    for conn, seat in ((alice, "drifter"), (bob, "cop"), (carol, "zombies")):
        assert bench.ask(conn, lambda ref, s=seat: p.HandToBot(ref=ref, seat=s)).ok
    bench.run_bots(5000)
    game = bench.game
    assert game.outcome in ("won", "lost")
    commands = [i.command for i in game.journal if hasattr(i, "command")]
    kinds = {type(c).__name__ for c in commands}
    assert {"ZombieMove", "EndZombieTurn"} <= kinds  # the dead were played by the seat's bot
    for conn in (alice, bob, carol):
        assert len(conn.of(p.Entry)) == len(game.journal)  # each heard every move


def test_with_ai_zombies_only_the_humans_are_seats_and_their_bot_plays_on():
    bench = siege("ai", seed=4)
    alice, bob = bench.join("alice"), bench.join("bob")
    bench.ask(bob, lambda ref: p.HandToBot(ref=ref, seat="cop"))
    bench.run_bots()
    assert bench.game.journal == []  # the drifter's player goes first
    assert bench.submit(alice, type="end_turn", human="drifter").ok
    bench.run_bots()
    assert bench.game.state.round == 2  # the bot ended the cop's turn, the AI played the dead
    assert bench.host.status().turn == ["drifter", "cop"]


def test_who_may_hold_the_log_is_the_engines_word():
    """K-7: a mode whose viewers are all told the same shares its log; one
    whose viewers are told different things (engine/<mode>/table.py) does not;
    a mode this Shamble does not have shares nothing."""
    assert shares_log("station") and shares_log("siege")
    assert not shares_log("outbreak") and not shares_log("sniper")
    assert not shares_log("toy")


# -- players in their own processes --------------------------------------------------------
@pytest.mark.parametrize(
    ("zombies", "uids"), [("ai", (ALICE, BOB)), ("human", (ALICE, BOB, CAROL))]
)
def test_siege_players_in_their_own_processes_play_to_the_end(place, zombies, uids):
    needs_root()
    name = place.host(
        "--mode", "siege", "--mission", "house", "--survivors", "drifter,cop",
        "--zombies", zombies, "--seed", "5",
    )  # fmt: skip
    procs = {}
    for uid in uids:  # joined one by one: seats go in join order
        procs[uid] = place.join_seated(
            uid, name, "--bot", "--quiet", "--replica", str(place.out / f"{uid}.shamble")
        )
    saved = None
    seats = []
    for uid, proc in procs.items():
        code, out, err = finish(proc, timeout=120)
        assert code == 0, err
        joined = lines(out)[0]
        assert joined["replica"] == "log" and joined["account"] == f"uid{uid}"
        seats += joined["seats"]
        saved = saved or load(place.save(name))
        assert load(place.out / f"{uid}.shamble").journal == saved.journal
    assert seats == ["drifter", "cop", "zombies"][: len(uids)]
    assert saved.outcome in ("won", "lost")
    if zombies == "human":  # the zombie player's own commands are in the log
        kinds = {type(getattr(i, "command", None)).__name__ for i in saved.journal}
        assert "ZombieMove" in kinds or "ZombieAttack" in kinds
    assert verify(place.save(name)).ok
    replay = place.cli("replay", str(place.save(name)), "--verify")
    assert replay.returncode == 0, replay.stderr


def test_siege_a_command_for_another_players_human_is_refused_in_their_process(place):
    needs_root()
    name = place.host("--mode", "siege", "--mission", "house", "--seed", "1")
    mine = place.out / "mine.jsonl"
    mine.write_text(json.dumps({"type": "end_turn", "human": "drifter"}) + "\n")
    code, out, err = finish(place.join(ALICE, name, "--script", str(mine)))
    assert code == 0, err
    theirs = place.out / "theirs.jsonl"
    theirs.write_text(json.dumps({"type": "end_turn", "human": "drifter"}) + "\n")
    code, out, err = finish(place.join(BOB, name, "--script", str(theirs)))
    assert code == 1
    assert "rejected: not_your_seat: that is Drifter (uid60001)'s to play; you play Cop" in err
    assert len(load(place.save(name)).journal) == 1
