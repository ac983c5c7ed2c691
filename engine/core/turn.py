"""The working copy a command's events are built on, as every mode keeps it.

decide emits events one by one; each is folded into the working state at
once, so later rules see earlier effects. If a RuleError is raised midway,
the copy is dropped and the game's state is untouched (K-5). A mode's Turn
names its evolve, its decks (each a pile and its discards in the state) and
the event that writes a shuffle down (K-4)."""

from __future__ import annotations

from typing import Any, ClassVar

from engine.core.deck import top as deck_top


class WorkingTurn:
    # the mode's pure evolve(world, state, event) (a staticmethod)
    fold: ClassVar[Any]
    # deck name -> (the state's pile field, its discard field)
    decks: ClassVar[dict[str, tuple[str, str]]] = {}

    def __init__(self, world: Any, state: Any) -> None:
        self.world = world
        self.state = state
        self.events: list[Any] = []

    def emit(self, event: Any) -> None:
        self.events.append(event)
        self.state = self.fold(self.world, self.state, event)

    @property
    def over(self) -> bool:
        return self.state.phase == "over"

    def shuffled(self, deck: str, order: tuple[str, ...]) -> Any:
        """The mode's event saying `deck` was refilled from its discards in `order`."""
        raise NotImplementedError(f"{type(self).__name__} keeps no decks")

    def top(self, deck: str) -> str | None:
        """The top card of a deck, refilling it from its discards first (K-4)."""
        pile_field, discard_field = self.decks[deck]
        card, order = deck_top(
            getattr(self.state, pile_field),
            getattr(self.state, discard_field),
            self.world.seed,
            self.state.shuffles,
        )
        if order is not None:
            self.emit(self.shuffled(deck, order))
        return card
