"""The Outbreak bot: it chooses from its view's legal commands, the same for
the same view, and plays whole games to a winner."""

from __future__ import annotations

import copy
import random

import pytest
from msgspec.structs import replace

from engine import Game
from engine.outbreak.board import board_of
from engine.outbreak.bot import choose, death_odds

HELIPAD = (("helipad", (0, -1), 180),)  # pad [1,-2], exit [1,-1] onto Town Square


def bot_game(seats: str, seed: int, max_commands: int = 3000) -> Game:
    g = Game.new("outbreak", seed=seed, seats=seats)
    for _ in range(max_commands):
        command = g.bot_command()
        if command is None:
            break
        g.submit(command)
    return g


@pytest.mark.parametrize("seed", [1, 2])
def test_two_bots_play_to_a_winner(seed):
    g = bot_game("bot,bot", seed)
    s = g.summary()
    assert s["outcome"] == "won" and s["winner"] in s["order"]
    assert s["win_reason"] in ("helipad", "kills")


@pytest.mark.parametrize("seed", [3, 4])
def test_six_bots_play_to_a_winner(seed):
    g = bot_game("bot,bot,bot,bot,bot,bot", seed)
    s = g.summary()
    assert s["outcome"] == "won" and s["winner"] in s["order"]


def test_the_bot_chooses_from_legal_the_same_for_the_same_view():
    g = Game.new("outbreak", seed=11, seats="bot,bot,bot")
    pick = random.Random(11)
    seen = 0
    while g.outcome is None and seen < 400:
        view = g.view(g.state.to_act)
        command = choose(copy.deepcopy(view))
        assert command in view["legal"]
        assert choose(view) == command
        assert g.view(g.state.to_act) == view, "choosing changed nothing"
        g.submit(command if pick.random() < 0.8 else pick.choice(view["legal"]))
        seen += 1


def test_no_bot_command_when_a_person_is_to_act():
    g = Game.new("outbreak", seed=1, seats="ann:human,bot")
    assert g.bot_command() is None
    g = Game.new("outbreak", seed=1, seats="bot,ann:human")
    assert g.bot_command() in g.view("p1")["legal"]


def test_the_bot_races_onto_the_pad(scenario):
    g = scenario(seats="ann:bot,bob:human", tiles=HELIPAD, zombies=[(0, 0)], dice=[4])
    while g.bot_command() is not None:
        g.submit(g.bot_command())
    s = g.summary()
    assert (s["winner"], s["win_reason"]) == ("ann", "helipad")


def test_the_bot_hunts_a_zombie_when_the_fight_pays(scenario):
    g = scenario(seats="ann:bot,bob:human", zombies=[(2, 2)], dice=[3])
    g.submit(g.bot_command())  # draw: nothing to lay
    assert g.summary()["phase"] == "move"
    assert g.bot_command()["type"] == "move"


def test_the_bot_walks_away_from_a_fight_that_does_not_pay(scenario):
    """With one life, no bullets and 12 kills to lose half of, a zombie is
    not worth the odds."""
    g = scenario(seats="ann:bot,bob:human", zombies=[(2, 1)], dice=[3])
    g.draw()
    ann = replace(g.state.seats[0], life=1, bullets=0, kills=12)
    state = replace(g.state, seats=(ann, g.state.seats[1]))
    view = g.mode.view(g.world, state, "ann")
    assert death_odds(1, 0, 0) == 0.5
    assert choose(view) == {"type": "end_move"}
    assert g.bot_command()["type"] == "move"  # the same cell, fit and fresh: it goes


def test_the_bot_moves_zombies_onto_the_path_of_the_one_nearest_the_pad(scenario):
    """Bob stands two steps from the pad; the bot (five away) puts the zombie
    beside him on his way, though it lies on its own way too."""
    g = scenario(seats="ann:bot,bob:human", tiles=HELIPAD, zombies=[(0, 0)], dice=[1, 1])
    g.draw()
    g.move((2, 1))
    g.end_move()
    bob = replace(g.state.seats[1], cell=(1, 0))
    ann = replace(g.state.seats[0], cell=(2, 2))
    state = replace(g.state, seats=(ann, bob))
    assert choose(g.mode.view(g.world, state, "ann")) == {
        "type": "move_zombie",
        "from": [0, 0],
        "to": [1, 0],
    }


def test_the_bot_lays_the_helipad_nearer_itself_than_anyone(scenario):
    """Ann (fewest kills) lays the Helipad on Bob's turn; Bob stands at the
    far end of a road south of Town Square."""
    g = scenario(seats="ann:bot,bob:human", tiles=[("straight", (0, 1), 0)])
    ann, bob = g.state.seats
    state = replace(
        g.state,
        seats=(ann, replace(bob, cell=(1, 5), kills=2)),
        turn=1,
        phase="tile",
        drawn_tile="helipad",
        placer="ann",
    )
    command = choose(g.mode.view(g.world, state, "ann"))
    _, after = g.mode.run(g.world, state, g.parse_command(command))
    dist = board_of(after.tiles).distances([after.helipad])
    assert dist[(1, 1)] == 3 and dist[(1, 5)] == 7


def test_the_bot_heals_when_low(scenario):
    g = scenario(
        seats="ann:bot,bob:human",
        event_pile=["first_aid", "lucky_find", "detour", "horde", "horde", "horde"],
    )
    ann = replace(g.state.seats[0], life=1)
    state = replace(g.state, seats=(ann, g.state.seats[1]))
    assert choose(g.mode.view(g.world, state, "ann")) == {
        "type": "play_event",
        "card": "first_aid",
    }
