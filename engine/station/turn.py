"""The working copy a command's events are built on.

decide emits events one by one; each is folded into the working state at
once, so later rules see earlier effects. If a RuleError is raised midway,
the copy is dropped and the game's state is untouched (K-5)."""

from __future__ import annotations

from engine.core import rng
from engine.core.deck import top as deck_top
from engine.core.errors import RuleError
from engine.station import events as ev
from engine.station.evolve import evolve
from engine.station.rules import World
from engine.station.state import State, Survivor

_DECKS = {
    "equipment": ("equipment", "equipment_discard"),
    "search": ("search", "search_discard"),
    "zombie": ("zombie_deck", "zombie_discard"),
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

    def roll(self, count: int) -> tuple[int, ...]:
        """Faces of the next dice; the caller writes them into a Rolled event."""
        return rng.dice(self.world.seed, self.state.dice_used, count, self.world.dice)

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

    def survivor(self, sid: str) -> Survivor:
        s = self.state.survivor(sid)
        if s is None:
            raise RuleError("unknown_survivor", f"there is no survivor {sid!r} in this game")
        return s
