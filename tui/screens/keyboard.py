"""Who sits at one keyboard (hot-seat), read from the engine's table.

A person at the keyboard plays the game's person seats of one player
(engine/core/table.py `Seat.person`: Siege's humans are all the humans'
player's, Station's and Outbreak's seats each their own). A game of two
people or more is hot-seat; where its viewers are told different things
(`table.hidden`: hands, a hidden sniper) the keyboard is covered between two
of them and each reads their own log. Bots' and AI sides' seats are nobody's
at the keyboard. It names no mode."""

from __future__ import annotations

from typing import Any

from engine.core.table import PERSON
from tui.modes.base import Seat


class Keyboard:
    def __init__(self, game: Any) -> None:
        seats = game.seats() if callable(getattr(game, "seats", None)) else ()
        self.people: dict[str, list[Any]] = {}  # person -> the seats they play
        for s in seats:
            if s.kind == PERSON:
                self.people.setdefault(s.person, []).append(s)
        self.hot_seat = len(self.people) > 1
        self.secret = self.hot_seat and bool(game.table.hidden)
        self.watcher = getattr(game, "watcher", "players")

    def person(self, key: str) -> Seat:
        """A person at the keyboard, as the screen names them: their seat's
        label, or "Humans' player" for a player of several seats."""
        seats = self.people[key]
        name = seats[0].label if len(seats) == 1 else f"{key.capitalize()}' player"
        return Seat(key, name, viewer=seats[0].viewer, secret=self.secret)

    def acting(
        self, game: Any, selected: str | None = None, here: Seat | None = None
    ) -> Seat | None:
        """The person to act now in a hot-seat game: the one whose seat holds
        the selected figure (the keys may pick a figure of another person's
        that can act: acting with it ends the active one's turn, ST-2.1), else
        the one at the keyboard, else the first; None when no person acts (a
        bot's or the AI's turn, the end)."""
        if not self.hot_seat or game.outcome is not None:
            return None
        to_act = game.to_act()
        seats = [s for group in self.people.values() for s in group]
        acting = [s for s in seats if s.id in to_act]
        if not acting:
            return None
        chosen = next((s for s in seats if selected is not None and selected in s.figures), None)
        if chosen is None and here is not None:
            chosen = next((s for s in acting if s.person == here.id), None)
        return self.person((chosen or acting[0]).person)

    def home(self) -> str:
        """The viewer of the only person at the keyboard (a game of one person
        and bots), or the watcher's when no person plays."""
        if len(self.people) == 1:
            return next(iter(self.people.values()))[0].viewer
        return self.watcher
