"""Seeded random playouts of Outbreak to the end (STYLE 10), undo and saves.

Seats are played by a mix of the bot and random legal commands, so games
end and still wander everywhere. At checked steps: every listed command is
accepted, replaying the events rebuilds the state, and save then load gives
the same game. At the end: undo back to the start, then redo to the end."""

from __future__ import annotations

import random

import pytest

from engine import Game, RuleError
from engine.outbreak.bot import choose

MAX_STEPS = 3000


def play(seed: int, seats: str, check_every: int, undo: str = "casual", **variants: str) -> Game:
    g = Game.new("outbreak", seed=seed, seats=seats, undo=undo, **variants)
    start = g.summary()
    pick = random.Random(seed)
    steps = 0
    while g.outcome is None and steps < MAX_STEPS:
        legal = g.legal_commands()
        assert legal, f"no legal command before the end (seed {seed}, step {steps})"
        check = steps % check_every == 0
        if check:
            assert [c for c in g.legal_commands() if g.refusal(c)] == []
        if pick.random() < 0.6:
            g.submit(choose(g.view(g.state.to_act)))
        else:
            g.submit(pick.choice(legal))
        steps += 1
        zombies = g.summary()["zombies"]
        assert len({tuple(z) for z in zombies}) == len(zombies), "two zombies in a cell"
        if check:
            assert g.replay_state() == g.state
            again = Game.from_bytes(g.to_bytes())
            assert again.state == g.state and again.summary() == g.summary()
    assert g.outcome is not None, f"seed {seed} did not end in {MAX_STEPS} commands"
    assert g.legal_commands() == [] and g.view(g.summary()["order"][0])["legal"] == []
    if undo == "casual":
        end = g.summary()
        n = len(g.commands)
        for _ in range(n):
            assert g.undo()
        assert g.summary() == start and g.undo() is False
        for _ in range(n):
            assert g.redo()
        assert g.summary() == end
    return g


@pytest.mark.parametrize(
    "seed, seats, every",
    [(1, "human,bot", 4), (2, "bot,bot,bot", 6), (3, "a:bot,b:human,c:bot,d:bot,e:bot,f:bot", 9)],
)
def test_random_playout_to_the_end(seed, seats, every):
    play(seed, seats, every)


VARIANTS = [
    {"discard": "mandatory"},
    {"dealer": "random"},
    {"tile_deck": "dead_ends"},
    {"event_deck": "table"},
    {"discard": "mandatory", "dealer": "random", "tile_deck": "dead_ends", "event_deck": "table"},
]


@pytest.mark.parametrize(
    "variants", VARIANTS, ids=lambda v: ",".join(f"{k}={x}" for k, x in v.items())
)
@pytest.mark.parametrize("seed, seats", [(11, "human,bot,bot"), (12, "bot,human")])
def test_random_playout_of_every_variant_to_the_end(seed, seats, variants):
    """Issue 27: each rule variant, alone and all at once: every listed
    command accepted, no two zombies in a cell, and the game ends."""
    play(seed, seats, 7, **variants)


def test_playouts_replay_equal_for_the_same_seed():
    a = play(4, "bot,bot", 50)
    b = play(4, "bot,bot", 50)
    assert a.events == b.events and a.summary() == b.summary()


def test_honest_undo_stops_at_every_drawn_tile_card_and_die():
    """K-6: an honest game undoes commands that showed nothing new, never one
    that drew a tile or card or rolled a die."""
    g = play(5, "bot,bot", 40, undo="honest")
    while g.can_undo():
        g.undo()
    assert g.commands, "the game never revealed anything?"
    last = g._entries[-1].events
    assert any(g.mode.reveals(e) for e in last)
    with pytest.raises(RuleError) as err:
        g.undo()
    assert err.value.code == "undo_refused"


def test_honest_undo_of_a_move_and_not_of_a_draw(scenario):
    g = scenario(undo="honest", zombies=[(2, 0)], event_pile=["shotgun"] * 6, dice=[3, 2])
    g.play("shotgun")
    assert g.undo() and g.summary()["event_played"] is False
    g.play("shotgun")
    g.draw()  # the movement die
    with pytest.raises(RuleError):
        g.undo()
    g.move((1, 0))
    assert g.undo() and g.seat("ann")["cell"] == [1, 1]
    g.move((1, 0))
    g.move((2, 0))  # a fight roll
    with pytest.raises(RuleError):
        g.undo()


def test_reveals_mark_the_hidden_and_the_random():
    mode = Game.new("outbreak", seed=1).mode
    revealing = {e.__name__ for e in mode.event_type.__args__ if e.reveals}
    assert revealing == {
        "DeckShuffled", "EventDrawn", "TileDrawn", "FightRolled", "MovementRolled",
        "ZombieDieRolled", "DealerChosen",
    }  # fmt: skip


def test_save_and_load_mid_fight(tmp_path, scenario):
    g = scenario(zombies=[(1, 0)], dice=[2, 1])
    g.draw()
    g.move((1, 0))
    assert g.summary()["pending"] is not None
    path = tmp_path / "fight.shamble"
    g.save(path)
    back = Game.load(path)
    assert back.summary() == g.summary() and back.state == g.state
    back.submit({"type": "choose", "option": "life"})
    assert back.summary()["seats"]["ann"]["life"] == 2
