"""The working copy a command's events are built on.

decide emits events one by one; each is folded into the working state at
once, so later rules see earlier effects. If a RuleError is raised midway,
the copy is dropped and the game's state is untouched (K-5)."""

from __future__ import annotations

from engine.core import rng
from engine.core.deck import top as deck_top
from engine.core.errors import RuleError
from engine.siege import events as ev
from engine.siege.content import name
from engine.siege.evolve import evolve
from engine.siege.rules import World
from engine.siege.state import Human, State, Zombie


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

    def roll(self, count: int = 1, skip: int = 0) -> tuple[int, ...]:
        """Faces of the next dice (after `skip` already taken by this action);
        the caller writes them into the event that uses them (K-1)."""
        return rng.dice(self.world.seed, self.state.dice_used + skip, count, self.world.dice)

    def draw(self) -> str | None:
        """The top search card, refilling the deck from its discards first (K-4)."""
        card, order = deck_top(
            self.state.search, self.state.discard, self.world.seed, self.state.shuffles
        )
        if order is not None:
            self.emit(ev.DeckShuffled(order=order))
        return card

    def human(self, hid: str) -> Human:
        h = self.state.human(hid)
        if h is None:
            known = ", ".join(name(x.id) for x in self.state.humans)
            raise RuleError("unknown_human", f"there is no human {hid!r} in this game ({known})")
        return h

    def zombie(self, zid: str) -> Zombie:
        z = self.state.zombie(zid)
        if z is None:
            raise RuleError("unknown_zombie", f"there is no zombie {zid!r} on the board")
        return z
