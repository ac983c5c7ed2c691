"""Outbreak's table (engine/core/table.py): a seat a figure, each with its own
hand and turn, played against each other. Each seat is shown its own view
(its hand, none of the piles) and told its own draws (OB-10); nobody is told
a pile's order."""

from __future__ import annotations

import re
from typing import Any

from engine.core.table import BOT, PERSON, Seat, as_data, tag, without
from engine.outbreak.rules import World
from engine.outbreak.state import State

UNNAMED = re.compile(r"p([1-9])\Z")  # a seat left unnamed: p<its first place>


def label(sid: str, kind: str) -> str:
    """An unnamed seat by its place ("Player 2", "Bot 3"), a named one by its name."""
    unnamed = UNNAMED.match(sid)
    if unnamed:
        return f"{'Bot' if kind == 'bot' else 'Player'} {unnamed.group(1)}"
    return sid[:1].upper() + sid[1:]


class OutbreakTable:
    hidden = True
    watcher = "spectator"

    def seats(self, world: World, state: State) -> tuple[Seat, ...]:
        return tuple(
            Seat(s.id, label(s.id, s.kind), BOT if s.kind == "bot" else PERSON, (), s.id)
            for s in state.seats
        )

    def owner(self, world: World, state: State, command: Any) -> str | None:
        named = as_data(command).get("seat")
        return named if isinstance(named, str) else state.to_act

    def takes_from(self, world: World, state: State, command: Any) -> frozenset[str]:
        return frozenset()  # a seat's commands touch only its own hand

    def to_act(self, world: World, state: State) -> tuple[str, ...]:
        return (state.to_act,) if state.outcome is None and state.to_act else ()

    def told(self, world: World, event: Any, viewer: str) -> Any | None:
        kind = tag(event)
        if kind == "deck_shuffled":
            return without(event, "order")  # nobody may know a pile's order
        if kind in ("event_drawn", "event_returned") and event.seat != viewer:
            return without(event, "card")  # another seat's card: that it moved, not which
        return event

    def stand_in(self, world: World | None, view: dict, legal: list[Any]) -> Any | None:
        if not view.get("legal"):
            return None
        from engine.outbreak.bot import choose

        return choose(view)
