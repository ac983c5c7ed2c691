"""Events as sentences for the message log: one place turns what happened
into words ("Okafor fires pistol at c: rolled 6 4 1 (5+): 1 kill, friendly
fire on Lin.").

Works on event dicts (msgspec.to_builtins of the engine's events), so the
log never depends on event classes; an unknown event still gets a line."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

import msgspec

from tui.modes.station.scene import KIND_ORDER
from tui.text import display_name

QUIET = {"activated", "action_spent", "ammo_spent", "xp_gained", "card_discarded", "deck_shuffled"}

SEARCH_FINDS = {
    "gear": "finds gear",
    "ammo": "finds ammo and reloads",
    "trap_ambush": "springs an ambush",
    "trap_alarm": "sets off an alarm",
    "trap_breach": "opens a hull breach",
    "nothing": "finds nothing",
}

WOUND_CAUSES = {
    "zombie": "A zombie wounds {who}",
    "friendly_fire": "Friendly fire wounds {who}",
    "trap": "{who} is hurt by a hull breach",
    "grenade": "The blast wounds {who}",
}


def plural(n: int, kind: str) -> str:
    if kind == "armored" or n == 1:
        return f"{n} {kind}"
    return f"{n} {kind}s"


def kinds_text(kinds: dict[str, int]) -> str:
    order = [k for k in KIND_ORDER if kinds.get(k)] + sorted(set(kinds) - set(KIND_ORDER))
    return ", ".join(plural(kinds[k], k) for k in order if kinds[k]) or "nothing"


def card_name(card: Any) -> str:
    if isinstance(card, list | tuple):  # a Card encoded as [id, ammo]
        card = card[0] if card else "?"
    if isinstance(card, dict):
        card = card.get("id", "?")
    return str(card).replace("_", " ")


def as_dicts(events: Iterable[Any]) -> list[dict]:
    return [e if isinstance(e, dict) else msgspec.to_builtins(e) for e in events]


def narrate(events: Iterable[Any]) -> list[str]:
    """The log lines for one command's events, in order."""
    evs = as_dicts(events)
    lines: list[str] = []
    i = 0
    while i < len(evs):
        e = evs[i]
        if e["type"] == "rolled":
            line, i = _attack(evs, i)
            lines.append(line)
            continue
        if (
            e["type"] == "equipment_drawn"
            and i + 1 < len(evs)
            and evs[i + 1]["type"] == "card_gained"
        ):
            i += 1  # the card_gained line names the card
            continue
        text = sentence(e)
        if text:
            lines.append(text)
        i += 1
    return lines


def _attack(evs: list[dict], i: int) -> tuple[str, int]:
    """A roll and what it caused: kills and friendly fire, in one line."""
    roll = evs[i]
    who = display_name(roll["survivor"])
    weapon = card_name(roll.get("weapon") or "bare hands")
    verb = f"fires {weapon} at {roll['zone']}" if roll.get("ranged") else f"attacks with {weapon}"
    if roll.get("reroll"):
        verb = "re-rolls"
    dice = " ".join(str(d) for d in roll["dice"])
    kills: dict[str, int] = {}
    hurt: list[str] = []
    i += 1
    while i < len(evs):
        e = evs[i]
        if e["type"] == "zombies_killed" and e["survivor"] == roll["survivor"]:
            for k, n in e["kinds"].items():
                kills[k] = kills.get(k, 0) + n
        elif e["type"] == "wounded" and e["cause"] == "friendly_fire":
            hurt.append(display_name(e["survivor"]))
        elif e["type"] == "wound_absorbed":
            hurt.append(f"{display_name(e['survivor'])} (absorbed by {e['source']})")
        elif e["type"] not in ("xp_gained", "ammo_spent", "action_spent", "noise_made"):
            break
        i += 1
    total = sum(kills.values())
    outcome = (
        "no kill" if not total else f"{total} kill{'s' if total > 1 else ''} ({kinds_text(kills)})"
    )
    if hurt:
        outcome += f", friendly fire on {', '.join(hurt)}"
    return f"{who} {verb}: rolled {dice} ({roll['hit']}+): {outcome}.", i


def sentence(e: dict) -> str:
    """One event as a sentence; "" for events the log keeps quiet about."""
    t = e["type"]
    if t in QUIET:
        return ""
    who = display_name(e.get("survivor", ""))
    match t:
        case "activation_ended":
            return f"{who} is done for this round."
        case "moved":
            path = e["path"]
            via = f" via {', '.join(path[:-1])}" if len(path) > 1 else ""
            return f"{who} moves to {path[-1]}{via}."
        case "zombies_killed":
            return f"{who} kills {kinds_text(e['kinds'])} in {e['zone']}."
        case "wounded":
            return WOUND_CAUSES.get(e["cause"], "{who} is wounded").format(who=who) + "."
        case "wound_absorbed":
            return f"{who} shrugs off a wound ({e['source']})."
        case "eliminated":
            return f"{who} is eliminated in {e['zone']}!"
        case "noise_made":
            return f"Noise in {e['zone']} (+{e.get('amount', 1)})."
        case "marker_moved":
            return f"The noise marker moves to {e['zone']}."
        case "door_opened":
            return f"{who} opens door {e['door']}."
        case "doors_unlocked":
            return f"Unlocked: {', '.join(e['doors'])}."
        case "zones_revealed":
            return f"Lights on in {', '.join(e['zones'])}."
        case "zombies_spawned":
            extra = " Every runner acts at once!" if e.get("extra") else ""
            if not e["kinds"]:
                return f"Spawn in {e['zone']}: none.{extra}"
            return f"Spawn in {e['zone']}: {kinds_text(e['kinds'])}.{extra}"
        case "zombies_moved":
            path = e["path"]
            verb = "moves" if e["count"] == 1 else "move"
            return f"{plural(e['count'], e['kind'])} {verb} {path[0]} -> {path[-1]}."
        case "zombies_attacked":
            return f"{plural(e['count'], e['kind'])} attack{'s' if e['count'] == 1 else ''} in {e['zone']}."
        case "searched":
            return f"{who} searches: {SEARCH_FINDS.get(e['card'], e['card'])}."
        case "equipment_drawn":
            return f"Drawn: {card_name(e['card'])}."
        case "zombie_card_drawn":
            return ""
        case "card_gained":
            place = {"hand": "in hand", "backpack": "in the backpack"}.get(
                e["place"], "on the floor"
            )
            return f"{who} gets {card_name(e['card'])} ({place})."
        case "reloaded":
            return f"{who} reloads."
        case "card_used":
            return f"{who} uses {card_name(e['card'])}."
        case "healed":
            by = display_name(e["by"])
            return f"{by} heals {who}." if by != who else f"{who} heals a wound."
        case "stim_taken":
            return f"{who} takes a stim: +1 action."
        case "skill_used":
            return f"{who} uses {e['skill'].replace('_', ' ')}."
        case "gear_arranged":
            return "Gear rearranged."
        case "objective_taken":
            return f"{who} takes the objective in {e['zone']} (+5 XP)."
        case "skill_gained":
            return f"{who} learns {e['skill'].replace('_', ' ')}."
        case "decision_pending":
            p = e["pending"]
            return f"{display_name(p['survivor'])} must choose: {', '.join(p['options'])}."
        case "decision_made":
            return f"Chosen: {e['option'].replace('_', ' ')}."
        case "zombie_phase":
            return "-- Zombie phase --"
        case "runners_activated":
            return f"Runners in {e['zone']} act again!"
        case "round_ended":
            return f"-- Round {e['round'] + 1} --"
        case "game_won":
            return f"Mission won! Score {e['score']}."
        case "game_lost":
            return f"Mission lost: {e['reason']}."
    return t.replace("_", " ").capitalize() + "."
