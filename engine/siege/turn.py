"""Siege's working copy a command's events are built on (the kernel's
WorkingTurn: engine/core/turn.py)."""

from __future__ import annotations

from engine.core import rng
from engine.core.errors import RuleError
from engine.core.turn import WorkingTurn
from engine.siege import events as ev
from engine.siege.content import name
from engine.siege.evolve import evolve
from engine.siege.rules import World
from engine.siege.state import Human, State, Zombie


class Turn(WorkingTurn):
    fold = staticmethod(evolve)
    decks = {"search": ("search", "discard")}
    world: World
    state: State
    events: list[ev.Event]

    def shuffled(self, deck: str, order: tuple[str, ...]) -> ev.Event:
        return ev.DeckShuffled(order=order)

    def roll(self, count: int = 1, skip: int = 0) -> tuple[int, ...]:
        """Faces of the next dice (after `skip` already taken by this action);
        the caller writes them into the event that uses them (K-1)."""
        return rng.dice(self.world.seed, self.state.dice_used + skip, count, self.world.dice)

    def draw(self) -> str | None:
        """The top search card, refilling the deck from its discards first (K-4)."""
        return self.top("search")

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
