"""Who sits at one keyboard, from the engine's table (tui/screens/keyboard.py):
a person per player of Station's `players`, per Outbreak seat a person plays,
the humans' player and the zombies' in Siege, the sniper and the commander;
no hot-seat with one person; the cover only where the seats keep secrets."""

from __future__ import annotations

from engine import Game
from tui.screens.keyboard import Keyboard


def test_station_players_are_people_with_nothing_hidden():
    g = Game.new("station", "tutorial", survivors=["vega", "okafor"], players="2")
    k = Keyboard(g)
    assert list(k.people) == ["1", "2"] and k.hot_seat and not k.secret
    assert k.acting(g).name == "Player 1"
    assert k.acting(g, selected="okafor").name == "Player 2"  # the keys picked her survivor
    assert k.home() == "players"
    solo = Keyboard(Game.new("station", "tutorial", survivors=["vega", "okafor"]))
    assert not solo.hot_seat and solo.acting(g) is None


def test_siege_humans_are_one_person_and_the_dead_another():
    g = Game.new("siege", "house", survivors=["drifter", "cop"], zombies="human")
    k = Keyboard(g)
    assert list(k.people) == ["humans", "zombies"] and not k.secret
    assert k.acting(g).name == "Humans' player" and k.acting(g).viewer == "humans"
    g.submit({"type": "end_turn", "human": "drifter"})
    g.submit({"type": "end_turn", "human": "cop"})
    assert k.acting(g).name == "Zombies" and k.acting(g).viewer == "zombies"
    alone = Keyboard(Game.new("siege", "house", survivors=["drifter", "cop"]))
    assert not alone.hot_seat and alone.home() == "humans"


def test_outbreak_people_keep_secrets_and_bots_are_nobody():
    g = Game.new("outbreak", seed=2, seats="ann:human,bot,bob:human")
    k = Keyboard(g)
    assert list(k.people) == ["ann", "bob"] and k.secret
    ann = k.acting(g)
    assert (ann.id, ann.name, ann.viewer, ann.secret) == ("ann", "Ann", "ann", True)
    one = Keyboard(Game.new("outbreak", seed=2, seats="ann:human,bot"))
    assert not one.hot_seat and one.home() == "ann"
    bots = Keyboard(Game.new("outbreak", seed=2, seats="bot,bot"))
    assert bots.home() == "spectator"  # nobody plays: drawn as a watcher sees it


def test_sniper_against_a_commander_who_is_a_person():
    g = Game.new("sniper", seed=3, commander="human")
    k = Keyboard(g)
    assert list(k.people) == ["sniper", "commander"] and k.secret
    assert k.acting(g).name == "Sniper"
    g.submit({"type": "end_turn"})
    assert k.acting(g).name == "Commander"
    assert not Keyboard(Game.new("sniper", seed=3)).hot_seat  # the AI commands
