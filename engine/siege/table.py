"""Siege's table (engine/core/table.py): a seat per human of the roster, in
seat order, and the zombies' seat: a person's with zombies="human", else the
AI side that plays inside the command ending the humans' phase. The board
hides nothing from either side (the views differ only in whose keys they
are), so every player may know every event."""

from __future__ import annotations

from typing import Any

from engine.core.table import AI, PERSON, Seat, as_data
from engine.siege.content import name
from engine.siege.rules import World, actions_left
from engine.siege.state import State

ZOMBIES = "zombies"
ZOMBIE_COMMANDS = frozenset({"zombie_move", "zombie_attack", "zombie_break", "end_zombie_turn"})


class SiegeTable:
    hidden = False
    watcher = "humans"

    def seats(self, world: World, state: State) -> tuple[Seat, ...]:
        # at one keyboard the humans are one person's: the humans' player
        humans = tuple(
            Seat(hid, name(hid), PERSON, (hid,), "humans", "humans") for hid in world.seats
        )
        kind = PERSON if world.zombie_seat == "human" else AI
        return (*humans, Seat(ZOMBIES, "Zombies", kind, (), "zombies"))

    def owner(self, world: World, state: State, command: Any) -> str | None:
        data = as_data(command)
        kind = data.get("type")
        if kind == "choose":
            return state.pending.human if state.pending is not None else None
        if kind in ZOMBIE_COMMANDS:
            return ZOMBIES if world.zombie_seat == "human" else None
        human = data.get("human")
        return human if isinstance(human, str) and human in world.seats else None

    def takes_from(self, world: World, state: State, command: Any) -> frozenset[str]:
        return frozenset()  # a human gives only what it carries; nobody takes

    def to_act(self, world: World, state: State) -> tuple[str, ...]:
        """A pending re-roll's human; the zombies' seat in their turn (nobody's
        when the AI plays them); the human whose turn has begun while it has
        actions left (acting with another would end that turn, DESIGN-siege
        "Turns", which only its own player may choose); else every living
        human still to play this round."""
        if state.outcome is not None:
            return ()
        if state.pending is not None:
            return (state.pending.human,)
        if state.phase == "zombies":
            return (ZOMBIES,) if world.zombie_seat == "human" else ()
        active = state.human(state.active) if state.active else None
        if active is not None and active.id not in state.done and actions_left(active) > 0:
            return (active.id,)
        return tuple(
            h.id
            for h in state.humans
            if h.alive and h.carried_by is None and h.id not in state.done
        )

    def told(self, world: World, event: Any, viewer: str) -> Any | None:
        return event

    def stand_in(self, world: World | None, view: dict, legal: list[Any]) -> Any | None:
        if not legal:
            return None
        from engine.siege.bot import choose

        return choose(view, legal)
