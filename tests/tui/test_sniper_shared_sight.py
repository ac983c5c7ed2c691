"""A shared Sniper game told to the sniper's terminal: after each of the
commander's orders the sniper reads what changed in his sight (rules 2:
sight is checked after every order), also when the order's events hold a
sighting of his own or a card the commander played. The sniper's screen is
driven from his side's view and the events he is told (Game.told), as a
client of a real host gets them."""

from __future__ import annotations

import re
from typing import Any

import msgspec
import pytest

from engine import Game
from tui.modes.sniper import narrate
from tui.modes.sniper.play import SniperPlay


class SniperSide:
    """What a shared game's client offers the adapter: one side's view."""

    players_here = frozenset({"sniper"})

    def __init__(self, game: Game) -> None:
        self.game = game

    def view(self, viewer: str | None = None) -> dict:
        return msgspec.to_builtins(self.game.view("sniper"))


def plain(data: Any) -> Any:
    return msgspec.to_builtins(data)


# seeds whose bot games hold an order after which a unit leaves his sight
# while the order's events tell something else (a card, a sighting)
@pytest.mark.parametrize("seed", [1, 11, 14])
def test_SN_2_every_order_tells_each_unit_that_entered_or_left_his_sight(seed):
    game = Game.new("sniper", seed=seed, commander="human")
    play = SniperPlay(SniperSide(game))
    orders = 0
    while game.outcome is None:
        seat = game.to_act()[0]
        before = plain(game.view("sniper"))
        events = game.submit(game.stand_in(seat))
        told = plain(game.told(events, "sniper"))
        if seat != "commander":
            continue
        orders += 1
        lines = play.tell_side(told, before)
        text = " ".join(lines).lower()
        for change in narrate.seen_changes(before, plain(game.view("sniper"))):
            unit = re.match(r"(\w+ \w+) (moves|comes|is)", change)
            if unit:
                assert unit.group(1).lower() in text, (change, lines, [e["type"] for e in told])
        assert len(lines) == len(set(lines)), lines
    assert orders > 10


def test_SN_9_a_commanders_turn_he_saw_nothing_of_says_so():
    """Against the AI: a commander's turn with nothing in his sight is told
    in one sentence, not as a heading with nothing under it."""
    before = {"units": {}, "last_seen": {}, "kills": {}, "sniper": {"health": 5}}
    events = [
        {"type": "commander_turn_began"},
        {"type": "unit_moved", "unit": "s1", "to": [3, 3]},
        {"type": "commander_turn_ended"},
        {"type": "turn_began", "turn": 2, "moves": 4},
    ]
    lines = narrate.for_sniper(events, before, before, before)
    assert lines[0] == "The commander's turn: you see and hear nothing of it."
    assert not any(line.endswith(":") for line in lines)
