"""Sniper's table (engine/core/table.py): the sniper's seat, and the
commander's: a person's with commander="human", else the AI side that plays
inside the sniper's end_turn. The sniper's whereabouts are hidden from the
commander, the commander's hand and unseen units from the sniper (K-7), so
each side is told only what it may know; a watcher is told what the sniper is."""

from __future__ import annotations

from typing import Any

import msgspec

from engine.core.table import AI, PERSON, Seat, as_data, tag, without
from engine.sniper import content
from engine.sniper.rules import World
from engine.sniper.state import State

SNIPER, COMMANDER = "sniper", "commander"
COMMANDER_COMMANDS = frozenset({"order", "event"})
# what the commander never hears of: the sniper's steps, sightings, actions and
# cards, which would tell where he is or what he holds
NOT_FOR_COMMANDER = frozenset(
    {
        "unit_sighted",
        "sniper_bumped",  # the contact spots him: sniper_spotted says where
        "sniper_stepped",
        "camouflage_worn",
        "camouflage_dropped",
        "camouflage_readied",
        "action_taken",
        "shot_fired",
        "shot_card_drawn",
        "card_used",
        "far_sight_raised",
        "sniper_healed",
        "ammo_refilled",
        "sniper_hid",
        "objective_completed",
    }
)
# the commander's own business the sniper does not see: his units' walks,
# alerts and arrivals (the sniper hears of the units he sees by sightings)
NOT_FOR_SNIPER = frozenset(
    {"unit_moved", "waypoint_reached", "alert_cleared", "unit_alerted", "unit_arrived"}
)


def _card(cause: Any) -> bool:
    cards = content.content()
    return cause in cards.equipment or cause in cards.events or cause in cards.shots


def _for_commander(event: Any, kind: str) -> Any | None:
    if kind in NOT_FOR_COMMANDER:
        return None
    if kind == "noise_made":
        # no unit heard it: nothing; else where, not what (a decoy sounds like a shot)
        return without(event, "kind", "radius") if event.heard else None
    if kind == "sniper_wounded" and _card(event.cause):
        return None  # a blast that hurt him says where he was
    if kind == "unit_hit":
        return without(event, "cause")  # a knife says he was next to it
    if kind == "unit_killed":
        return without(event, "witnessed")
    if kind in ("objectives_dealt", "equipment_drawn"):
        return without(event, "cards")
    return event


def _for_sniper(event: Any, kind: str) -> Any | None:
    if kind in NOT_FOR_SNIPER:
        return None
    if kind == "event_card_drawn":
        return without(event, "card")
    if kind == "unit_killed" and not event.witnessed:
        return None
    if kind == "unit_hit" and event.cause in content.content().events:
        return None  # a bombardment's hits he may not see
    return event


class SniperTable:
    hidden = True
    watcher = SNIPER

    def seats(self, world: World, state: State) -> tuple[Seat, ...]:
        commander = PERSON if world.commander == "human" else AI
        return (
            Seat(SNIPER, "Sniper", PERSON, (SNIPER,), SNIPER),
            Seat(COMMANDER, "Commander", commander, (), COMMANDER),
        )

    def owner(self, world: World, state: State, command: Any) -> str | None:
        kind = as_data(command).get("type")
        if kind == "end_turn":
            return state.active  # either side ends its own turn
        if kind in COMMANDER_COMMANDS:
            return COMMANDER if world.commander == "human" else None
        return SNIPER

    def takes_from(self, world: World, state: State, command: Any) -> frozenset[str]:
        return frozenset()

    def to_act(self, world: World, state: State) -> tuple[str, ...]:
        active = state.active if state.outcome is None else None
        if active == COMMANDER and world.commander != "human":
            return ()  # the AI commander plays inside the sniper's end_turn
        return (active,) if active else ()

    def told(self, world: World, event: Any, viewer: str) -> Any | None:
        kind = tag(event)
        if kind == "deck_shuffled":
            event = without(event, "order")  # nobody may know a pile's order
        if viewer == COMMANDER:
            return _for_commander(event, kind)
        return _for_sniper(event, kind)

    def stand_in(self, world: World | None, view: dict, legal: list[Any]) -> Any | None:
        """The sniper bot (a fresh one: it keeps no notes between commands), or
        the commander AI's next command that the rules list now."""
        offered = msgspec.json.decode(msgspec.json.encode(legal))  # as a view lists them
        if not offered:
            return None
        if view.get("viewer") == COMMANDER:
            from engine.sniper.ai import commander_commands

            plan = msgspec.json.decode(msgspec.json.encode(commander_commands(view)))
            return next((c for c in plan if c in offered), {"type": "end_turn"})
        from engine.sniper.bot import SniperBot
        from engine.sniper.commands import SniperCommand

        commands = [msgspec.convert(c, SniperCommand) for c in offered]
        choice = SniperBot().choose(view, commands)
        return msgspec.json.decode(msgspec.json.encode(choice))
