"""The working copy a command's events are built on.

Each emitted event is folded in at once, so later steps see earlier effects,
and the win is checked after every event, in this one place (STYLE 8): a
win emits GameWon and stops the command there (Over). A RuleError midway
drops the copy; the game's state is untouched (K-5)."""

from __future__ import annotations

from engine.core import rng
from engine.core.turn import WorkingTurn
from engine.outbreak import events as ev
from engine.outbreak.board import Board
from engine.outbreak.evolve import evolve
from engine.outbreak.rules import World, board, winner
from engine.outbreak.state import Seat, State


class Over(Exception):
    """The game ended inside a command: nothing more happens in it."""


class Turn(WorkingTurn):
    fold = staticmethod(evolve)
    decks = {"events": ("event_pile", "event_discard")}
    world: World
    state: State
    events: list[ev.Event]

    def shuffled(self, deck: str, order: tuple[str, ...]) -> ev.Event:
        return ev.DeckShuffled(deck=deck, order=order)

    def emit(self, event: ev.Event) -> None:
        super().emit(event)
        if self.state.outcome is None:
            won = winner(self.world, self.state)
            if won is not None:
                self.emit(ev.GameWon(seat=won[0], reason=won[1]))
        if self.state.outcome is not None:
            raise Over

    def roll(self) -> int:
        """The next die face; the caller writes it into an event."""
        return rng.die(self.world.seed, self.state.dice_used, self.world.dice)

    @property
    def board(self) -> Board:
        return board(self.state)

    @property
    def current(self) -> Seat:
        return self.state.current

    def seat(self, sid: str) -> Seat:
        s = self.state.seat(sid)
        assert s is not None
        return s

    def draw_events(self, sid: str, count: int) -> None:
        """Draw event cards, refilling the pile from the discards (K-4); an
        empty deck with no discards gives nothing."""
        for _ in range(count):
            card = self.top("events")
            if card is None:
                return
            self.emit(ev.EventDrawn(seat=sid, card=card))
