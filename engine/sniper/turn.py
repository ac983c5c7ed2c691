"""The Sniper's working copy a command's events are built on (the kernel's
WorkingTurn: engine/core/turn.py)."""

from __future__ import annotations

from engine.core import rng
from engine.core.turn import WorkingTurn
from engine.sniper import events as ev
from engine.sniper.evolve import evolve
from engine.sniper.rules import World
from engine.sniper.state import State


class Turn(WorkingTurn):
    fold = staticmethod(evolve)
    decks = {
        "shots": ("shots_deck", "shots_discard"),
        "events": ("events_deck", "events_discard"),
    }
    world: World
    state: State
    events: list[ev.Event]

    def shuffled(self, deck: str, order: tuple[str, ...]) -> ev.Event:
        return ev.DeckShuffled(deck=deck, order=order)

    def roll(self) -> int:
        """The next die's face; the caller writes it into its event (K-1)."""
        return rng.die(self.world.seed, self.state.dice_used, self.world.dice)

    def mark(self) -> tuple[State, int]:
        """A point to come back to when a command the AI seat makes is refused."""
        return self.state, len(self.events)

    def back_to(self, mark: tuple[State, int]) -> None:
        self.state, n = mark
        del self.events[n:]
