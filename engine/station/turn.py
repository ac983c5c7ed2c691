"""Station's working copy a command's events are built on (the kernel's
WorkingTurn: engine/core/turn.py)."""

from __future__ import annotations

from engine.core import rng
from engine.core.errors import RuleError
from engine.core.turn import WorkingTurn
from engine.station import events as ev
from engine.station.evolve import evolve
from engine.station.rules import World
from engine.station.state import State, Survivor


class Turn(WorkingTurn):
    fold = staticmethod(evolve)
    decks = {
        "equipment": ("equipment", "equipment_discard"),
        "search": ("search", "search_discard"),
        "zombie": ("zombie_deck", "zombie_discard"),
    }
    world: World
    state: State
    events: list[ev.Event]

    def shuffled(self, deck: str, order: tuple[str, ...]) -> ev.Event:
        return ev.DeckShuffled(deck=deck, order=order)

    def roll(self, count: int) -> tuple[int, ...]:
        """Faces of the next dice; the caller writes them into a Rolled event."""
        return rng.dice(self.world.seed, self.state.dice_used, count, self.world.dice)

    def survivor(self, sid: str) -> Survivor:
        s = self.state.survivor(sid)
        if s is None:
            raise RuleError("unknown_survivor", f"there is no survivor {sid!r} in this game")
        return s
