"""The working copy a command's events are built on.

decide emits events one by one; each is folded into the working state at
once, so later rules see earlier effects. If a RuleError is raised midway,
the copy is dropped and the game's state is untouched (K-5)."""

from __future__ import annotations

from engine.core import rng
from engine.core.deck import top as deck_top
from engine.sniper import events as ev
from engine.sniper.evolve import evolve
from engine.sniper.rules import World
from engine.sniper.state import State

_DECKS = {
    "shots": ("shots_deck", "shots_discard"),
    "events": ("events_deck", "events_discard"),
}


class Turn:
    def __init__(self, world: World, state: State) -> None:
        self.world = world
        self.state = state
        self.events: list[ev.Event] = []

    def emit(self, event: ev.Event) -> None:
        self.events.append(event)
        self.state = evolve(self.world, self.state, event)

    @property
    def over(self) -> bool:
        return self.state.phase == "over"

    def roll(self) -> int:
        """The next die's face; the caller writes it into its event (K-1)."""
        return rng.die(self.world.seed, self.state.dice_used, self.world.dice)

    def top(self, deck: str) -> str | None:
        """The top card of a deck, refilling it from its discards first (K-4)."""
        pile_field, discard_field = _DECKS[deck]
        card, order = deck_top(
            getattr(self.state, pile_field),
            getattr(self.state, discard_field),
            self.world.seed,
            self.state.shuffles,
        )
        if order is not None:
            self.emit(ev.DeckShuffled(deck=deck, order=order))
        return card

    def mark(self) -> tuple[State, int]:
        """A point to come back to when a command the AI seat makes is refused."""
        return self.state, len(self.events)

    def back_to(self, mark: tuple[State, int]) -> None:
        self.state, n = mark
        del self.events[n:]
