"""Station's table (engine/core/table.py): a seat per player of the
`players` option (ST-1.3: the survivors dealt to that number), all of one
side, so nothing is hidden between them: each is shown the players' view
and told every event; at one keyboard each player is a person of their own."""

from __future__ import annotations

from collections import Counter
from typing import Any

from engine.core.table import PERSON, Seat, as_data
from engine.station.rules import World, actions_left
from engine.station.state import State


def _seat_of(world: World, survivor: Any) -> str | None:
    number = world.players.get(survivor) if isinstance(survivor, str) else None
    return None if number is None else str(number)


class StationTable:
    hidden = False
    watcher = "players"

    def seats(self, world: World, state: State) -> tuple[Seat, ...]:
        players = world.players
        return tuple(
            Seat(str(n), f"Player {n}", PERSON, tuple(s for s, p in players.items() if p == n))
            for n in sorted(set(players.values()))
        )

    def owner(self, world: World, state: State, command: Any) -> str | None:
        data = as_data(command)
        if data.get("type") == "choose":
            pending = state.pending
            return _seat_of(world, pending.survivor) if pending is not None else None
        return _seat_of(world, data.get("survivor"))

    def takes_from(self, world: World, state: State, command: Any) -> frozenset[str]:
        """The seats whose survivors a trade (`manage` with `others`) leaves
        without a card they had: a player may give cards to a friend's
        survivor, but only that survivor's player may give theirs away."""
        data = as_data(command)
        others = data.get("others") if data.get("type") == "manage" else None
        if not others:
            return frozenset()
        held = {s.id: s for s in state.survivors}
        losing = set()
        for sid, wanted in others.items():
            had = held.get(sid)
            if had is None:
                continue
            kept = Counter(wanted.get("hand", []) + wanted.get("backpack", []))
            if Counter(c.id for c in had.hand + had.backpack) - kept:
                losing.add(_seat_of(world, sid))
        return frozenset(s for s in losing if s is not None)

    def to_act(self, world: World, state: State) -> tuple[str, ...]:
        """A pending decision's player; else the active survivor's while it has
        actions left (ST-2.1: one survivor acts at a time; acting with another
        ends its activation, which only its own player may choose); else every
        player with a survivor still to act this round."""
        if state.outcome is not None:
            return ()
        if state.pending is not None:
            seat = _seat_of(world, state.pending.survivor)
            return (seat,) if seat else ()
        ready = [
            s for s in state.survivors if s.alive and s.id not in state.done and actions_left(s) > 0
        ]
        active = next((s for s in ready if s.id == state.active), None)
        if active is not None:
            seat = _seat_of(world, active.id)
            return (seat,) if seat else ()
        return tuple(sorted({s for s in (_seat_of(world, r.id) for r in ready) if s is not None}))

    def told(self, world: World, event: Any, viewer: str) -> Any | None:
        return event  # one side: every player is told everything

    def stand_in(self, world: World | None, view: dict, legal: list[Any]) -> Any | None:
        if world is None or not legal:
            return None
        from engine.station.bot import StationBot

        return StationBot(world.board, world.exits).choose(view, legal)
