"""Who sits at one keyboard (hot-seat), read from the engine's table.

A person at the keyboard plays the game's person seats of one player
(engine/core/table.py `Seat.person`: Siege's humans are all the humans'
player's, Station's and Outbreak's seats each their own). A game of two
people or more is hot-seat; where its viewers are told different things
(`table.hidden`: hands, a hidden sniper) the keyboard is covered between two
of them and each reads their own log. Bots' and AI sides' seats are nobody's
at the keyboard. It names no mode."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from engine.core.table import PERSON
from tui.modes.base import Seat, Step
from tui.widgets.panels import MessageLog, logged

LOG_KEEP = 500  # lines a person's log keeps (as the MessageLog does)


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


class HotSeatLogs:
    """Mixed into the game screen: a log for each person at one keyboard where
    seats keep secrets (the one at the keyboard is the MessageLog's), each
    move told to each person as their seat is told it. Needs the screen's
    game, play, keyboard, viewer, seat, stepping, at_keys, logs and told."""

    game: Any
    play: Any
    keyboard: Keyboard
    viewer: str
    seat: Seat | None
    stepping: bool
    at_keys: str | None
    logs: dict[str, list[str]]
    told: list[str]

    def sit_down(self, seat: Seat) -> None:
        """A secret seat takes the keyboard: the log shows what that seat was
        told, and the log of the seat leaving is kept for its next turn."""
        log = self.query_one(MessageLog)
        if self.at_keys == seat.id:
            return
        if self.at_keys is None:  # the first seat: what the log holds was told to all
            self.told = list(log.lines)
        else:
            self.logs[self.at_keys] = list(log.lines)
        log.lines[:] = self.logs.pop(seat.id, None) or list(self.told)
        log.begin()
        log.refresh(layout=False)
        self.at_keys = seat.id

    def tell_all(self, lines: list[str]) -> None:
        """What every person is told alike (an undo, a retold story): every
        person's log gets it (a mode whose Play `tells_each_seat` shares it
        out itself, at its hello)."""
        self.add_log(lines)
        if self.at_keys is None or not lines or self.play.tells_each_seat:
            return
        for kept in (*self.logs.values(), self.told):
            logged(kept, lines)
            del kept[: max(0, len(kept) - LOG_KEEP)]

    @property
    def per_person(self) -> bool:
        """Each person at this keyboard reads their own log of each move, told
        as their seat is told it (a mode whose Play `tells_each_seat` shares
        the moves out itself, at its hello)."""
        return self.keyboard.secret and not self.play.tells_each_seat

    def tell_move(self, before: Any, events: list[Any]) -> list[str]:
        """A command's lines for the log shown, from the events as the person
        at the keyboard is told them (engine/core/table.py). Where people at
        one keyboard keep secrets, each person away gets in their own log the
        events as their seat is told them, in their own words (`reader`)."""
        g, play = self.game, self.play
        if play.tells_each_seat:
            return play.tell(before, events)
        if not self.keyboard.hot_seat:
            return play.tell(before, g.told(events, self.viewer))
        if not self.per_person:
            return play.tell(before, events)  # people with no secrets read one log
        if self.at_keys is None:  # nobody has sat down yet: a log they all read
            return play.tell(before, g.told(events, self.keyboard.watcher), None)
        for key in self.keyboard.people:
            if key != self.at_keys:
                viewer = self.keyboard.person(key).viewer
                kept = self.logs.setdefault(key, list(self.told))
                logged(kept, play.tell(before, g.told(events, viewer), viewer))
                del kept[: max(0, len(kept) - LOG_KEEP)]
        here = self.keyboard.person(self.at_keys).viewer
        return play.tell(before, g.told(events, here), here)

    def inner_steps(self, before: Any, events: list[Any]) -> list[Step]:
        """The mode's steps inside one command, when played back. Where each
        person reads their own log, the command's lines are told with its
        last step, as the screen tells each person (tell_move)."""
        steps = self.play.playback(before, events, self.viewer) if self.stepping else []
        if steps and self.per_person:
            last = replace(steps[-1], lines=self.tell_move(before, events))
            steps = [replace(s, lines=[]) for s in steps[:-1]] + [last]
        return steps

    def tell_step(self, lines: list[str]) -> None:
        """A step's lines: the person's at the keyboard, when each reads their own."""
        (self.add_log if self.per_person else self.tell_all)(lines)

    def handing_over(self) -> bool:
        """The keyboard passes now to another person whose seats keep secrets:
        the screen is covered at once, before anything in between (a bot's
        turn, an AI phase) is drawn, so it is shown from nobody's hand; each
        person reads it in their own log."""
        if not self.keyboard.secret or self.seat is None:
            return False
        person = self.keyboard.acting(self.game, None, self.seat)
        return person is not None and person.id != self.seat.id
