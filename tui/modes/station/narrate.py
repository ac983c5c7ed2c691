"""Events as sentences for the message log: one place turns what happened
into words ("Okafor fires pistol at zone c: rolled 6 4 1 (5+): 1 kill,
friendly fire on Lin."). A zone is always said with the word zone ("zone 5",
"zones 3, 4"): a mission's zone ids may be digits, and bare they read as counts.

Works on event dicts (msgspec.to_builtins of the engine's events), so the
log never depends on event classes; an unknown event still gets a line.

A zombie phase is told in one summary line (who attacked where and whom they
wounded, how many moved, the spawns), so the player's own action stays in
the 4-line log at 80x24; the phase event by event follows as Detail lines,
which only the whole log (v) shows. With `before` (the players' view before
the command) moves name where they started, gear says what changed hands
and a reload says what it filled."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

import msgspec

from tui.modes.station.actions import zones_text
from tui.modes.station.scene import KIND_ORDER
from tui.text import display_name
from tui.widgets.panels import Detail

QUIET = {
    "activated",
    "action_spent",
    "ammo_spent",
    "xp_gained",
    "card_discarded",
    "deck_shuffled",
    "zombie_card_drawn",
    "runners_activated",  # the spawn line that set it off says so
}

SEARCH_FINDS = {
    "gear": "finds gear",
    "ammo": "finds ammo",
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


def narrate(
    events: Iterable[Any], before: dict | None = None, phases: bool = True, origins: bool = False
) -> list[str]:
    """The log lines for one command's events, in order. `before`: the
    players' view before them, when known. `phases`: a zombie phase as one
    summary line plus Detail lines (False: every step as a plain line, as
    the step-by-step playback shows it). `origins`: a survivor's move says
    where it started ("Vega moves from zone a to zone b", as undo tells it)."""
    evs = as_dicts(events)
    lines: list[str] = []
    i = 0
    while i < len(evs):
        e = evs[i]
        if e["type"] == "zombie_phase" and phases:
            end = next((j for j in range(i + 1, len(evs)) if evs[j]["type"] in PHASE_END), len(evs))
            lines.append(phase_summary(evs[i:end]))
            lines += [Detail("  " + x) for x in narrate(evs[i:end], before, False, origins)]
            i = end
            continue
        if e["type"] == "rolled":
            line, i = _attack(evs, i)
            lines.append(line)
            continue
        nxt = evs[i + 1]["type"] if i + 1 < len(evs) else ""
        if e["type"] == "door_opened" and nxt == "noise_made" and phases:
            lines += [sentence(e), Detail(sentence(evs[i + 1]))]  # the board shows the noise
            i += 2
            continue
        if e["type"] == "activation_ended" and nxt == "zombie_phase" and phases:
            lines.append(Detail(sentence(e)))  # the zombies' line says the round moves on
            i += 1
            continue
        if (
            e["type"] == "equipment_drawn"
            and i + 1 < len(evs)
            and evs[i + 1]["type"] == "card_gained"
        ):
            i += 1  # the card_gained line names the card
            continue
        text = (
            sentence(e, before if origins else None)
            if e["type"] == "moved"
            else sentence(e, before)
        )
        if text:
            lines.append(text)
        i += 1
    return lines


PHASE_END = ("round_ended", "game_won", "game_lost")
LOG_ROOM = 78  # one row of the message log at 80 columns (its mark takes one more)


def wounds_text(counts: dict[str, int]) -> str:
    """{"okafor": 2, "vega": 1} -> "2 wounds on Okafor, 1 on Vega"."""
    parts = []
    for n, (sid, k) in enumerate(counts.items()):
        what = f"{k} wound{'s' if k > 1 else ''} on" if n == 0 else f"{k} on"
        parts.append(f"{what} {display_name(sid)}")
    return ", ".join(parts)


def phase_summary(evs: list[dict]) -> str:
    """A zombie phase in one line: where zombies attacked and whom they
    wounded (absorbed wounds and eliminations too), how many moved, and
    what spawned where."""
    attacks: dict[str, dict[str, Any]] = {}  # zone -> wounds, absorbed, eliminated
    zone = ""
    moved = 0
    spawns: list[dict] = []
    for e in evs:
        t = e["type"]
        if t == "zombies_attacked":
            zone = e["zone"]
            attacks.setdefault(zone, {"wounds": {}, "absorbed": [], "dead": []})
        elif t == "wounded" and zone:
            wounds = attacks[zone]["wounds"]
            wounds[e["survivor"]] = wounds.get(e["survivor"], 0) + 1
        elif t == "wound_absorbed" and zone:
            attacks[zone]["absorbed"].append(f"{display_name(e['survivor'])}'s {e['source']}")
        elif t == "eliminated" and zone:
            attacks[zone]["dead"].append(display_name(e["survivor"]))
        elif t == "zombies_moved":
            moved += e["count"]
        elif t == "zombies_spawned":
            spawns.append(e)
    parts = []
    for where, a in attacks.items():
        hurt = [wounds_text(a["wounds"])] if a["wounds"] else []
        hurt += [f"{x} absorbs one" for x in a["absorbed"]]
        text = f"attack in {zones_text(where)}" + (": " + ", ".join(hurt) if hurt else "")
        if a["dead"]:
            text += f" ({' and '.join(a['dead'])} eliminated)"
        parts.append(text)
    if moved:
        parts.append(f"{moved} move")
    if not spawns:
        return "Zombies: " + ("; ".join(parts) if parts else "none move, none spawn") + "."
    line = "Zombies: " + "; ".join([*parts, "spawn " + ", ".join(map(spawn_text, spawns))]) + "."
    if len(line) <= LOG_ROOM or any(e.get("extra") for e in spawns):
        return line
    # too long for one row of the log: what spawned, summed, and the zones
    # (each zone's own spawn is in the Detail lines below)
    kinds: dict[str, int] = {}
    for e in spawns:
        for k, n in e["kinds"].items():
            kinds[k] = kinds.get(k, 0) + n
    summed = {"kinds": kinds, "zone": list(dict.fromkeys(e["zone"] for e in spawns))}
    return "Zombies: " + "; ".join([*parts, "spawn " + spawn_text(summed)]) + "."


def spawn_text(e: dict) -> str:
    """ "1 walker + 1 runner in zone e", or what an extra activation card
    did; e["zone"] may be a list of zones ("in zones f, 1")."""
    kinds = e["kinds"]
    order = [k for k in KIND_ORDER if kinds.get(k)] + sorted(set(kinds) - set(KIND_ORDER))
    what = " + ".join(plural(kinds[k], k) for k in order) or "no zombie"
    text = f"{what} in {zones_text(e['zone'])}"
    if e.get("extra") == "runners":
        text += " but every runner on the station acts again"
    elif e.get("extra"):
        text += f" and {e['extra'].replace('_', ' ')}"
    return text


def path_text(path: list[str], start: str | None = None) -> str:
    """Where a move went, each id said as a zone: "from zone 5 to zone 7 via
    zone 6" (via: the zones between, when there are any), "to zone 7"."""
    text = f"from {zones_text(start)} " if start else ""
    text += f"to {zones_text(path[-1])}"
    if len(path) > 1:
        text += f" via {zones_text(path[:-1])}"
    return text


def _attack(evs: list[dict], i: int) -> tuple[str, int]:
    """A roll and what it caused: kills and friendly fire, in one line."""
    roll = evs[i]
    who = display_name(roll["survivor"])
    weapon = card_name(roll.get("weapon") or "bare hands")
    at = zones_text(roll["zone"]) if roll.get("ranged") else ""
    verb = f"fires {weapon} at {at}" if at else f"attacks with {weapon}"
    if roll.get("reroll"):
        verb = "re-rolls"
    dice = " ".join(str(d) for d in roll["dice"])
    kills: dict[str, int] = {}
    hurt: dict[str, int] = {}
    absorbed: list[str] = []
    i += 1
    while i < len(evs):
        e = evs[i]
        if e["type"] == "zombies_killed" and e["survivor"] == roll["survivor"]:
            for k, n in e["kinds"].items():
                kills[k] = kills.get(k, 0) + n
        elif e["type"] == "wounded" and e["cause"] == "friendly_fire":
            hurt[e["survivor"]] = hurt.get(e["survivor"], 0) + 1
        elif e["type"] == "wound_absorbed":
            absorbed.append(f"{display_name(e['survivor'])}'s {e['source']} absorbs one")
        elif e["type"] not in ("xp_gained", "ammo_spent", "action_spent", "noise_made"):
            break
        i += 1
    total = sum(kills.values())
    outcome = (
        "no kill" if not total else f"{total} kill{'s' if total > 1 else ''} ({kinds_text(kills)})"
    )
    if hurt or absorbed:
        outcome += ", friendly fire: " + ", ".join(([wounds_text(hurt)] if hurt else []) + absorbed)
    return f"{who} {verb}: rolled {dice} ({roll['hit']}+): {outcome}.", i


def gear_text(e: dict, before: dict | None) -> str:
    """What a gear arrangement changed, in the players' words: "Gear: Vega
    takes baton (hand); Okafor gets pistol from Vega"."""
    if before is None:
        held = []
        for sid, cards in e["hands"].items():
            pack = e["backpacks"].get(sid, [])
            held.append(
                f"{display_name(sid)} holds {', '.join(map(card_name, cards)) or 'nothing'}"
                + (f" (pack: {', '.join(map(card_name, pack))})" if pack else "")
            )
        return "Gear: " + "; ".join(held) + "."
    places_before: list[tuple[str, str, str]] = []  # (card, owner, place)
    places_after: list[tuple[str, str, str]] = []
    for sid in e["hands"]:
        s = before["survivors"].get(sid, {})
        places_before += [(c, sid, "hand") for c in s.get("hand", [])]
        places_before += [(c, sid, "backpack") for c in s.get("backpack", [])]
        places_after += [(card_id(c), sid, "hand") for c in e["hands"][sid]]
        places_after += [(card_id(c), sid, "backpack") for c in e["backpacks"].get(sid, [])]
    places_before += [(c, "", "floor") for c in before["floor"].get(e["zone"], [])]
    places_after += [(card_id(c), "", "floor") for c in e["floor"]]
    gone = list(places_before)
    came = list(places_after)
    for p in places_before:  # what stayed where it was
        if p in came:
            came.remove(p)
            gone.remove(p)
    changes = []
    for card, owner, place in gone:
        match = next((c for c in came if c[0] == card), None)
        if match is None:
            continue
        came.remove(match)
        if (owner, place) != match[1:]:
            changes.append(_gear_move(card_name(card), owner, match[1], match[2]))
    return "Gear: " + ("; ".join(changes) if changes else "nothing changes") + "."


def _gear_move(card: str, owner: str, to: str, to_place: str) -> str:
    if not owner:
        return f"{display_name(to)} takes {card} ({'in hand' if to_place == 'hand' else 'in the backpack'})"
    if not to:
        return f"{display_name(owner)} drops {card}"
    if owner != to:
        return f"{display_name(to)} gets {card} from {display_name(owner)}"
    if to_place == "hand":
        return f"{display_name(owner)} takes {card} in hand"
    return f"{display_name(owner)} packs {card}"


def card_id(card: Any) -> str:
    if isinstance(card, list | tuple):
        return str(card[0]) if card else "?"
    if isinstance(card, dict):
        return str(card.get("id", "?"))
    return str(card)


def reload_text(who: str, before: dict | None) -> str:
    """What a reload filled, from the guns the survivor carried before it."""
    if before is None:
        return f"{display_name(who)} reloads."
    from engine.station import content

    s = before["survivors"].get(who, {})
    filled = []
    for gun, rounds in s.get("ammo", []):
        full = content.card(gun).ammo
        if rounds < full:
            filled.append(f"{card_name(gun)} {rounds}/{full} -> {full}/{full}")
    if not filled:
        return f"{display_name(who)} has nothing to reload."
    return f"{display_name(who)} reloads {', '.join(filled)}."


def sentence(e: dict, before: dict | None = None) -> str:
    """One event as a sentence; "" for events the log keeps quiet about.
    before: the players' view before the command, when known."""
    t = e["type"]
    if t in QUIET:
        return ""
    who = display_name(e.get("survivor", ""))
    match t:
        case "activation_ended":
            return f"{who} is done for this round."
        case "moved":
            path = e["path"]
            start = (before or {}).get("survivors", {}).get(e["survivor"], {}).get("zone")
            return f"{who} moves {path_text(path, start)}."
        case "zombies_killed":
            return f"{who} kills {kinds_text(e['kinds'])} in {zones_text(e['zone'])}."
        case "wounded":
            return WOUND_CAUSES.get(e["cause"], "{who} is wounded").format(who=who) + "."
        case "wound_absorbed":
            return f"{who} shrugs off a wound ({e['source']})."
        case "eliminated":
            return f"{who} is eliminated in {zones_text(e['zone'])}!"
        case "noise_made":
            return f"Noise in {zones_text(e['zone'])} (+{e.get('amount', 1)})."
        case "marker_moved":
            return f"The noise marker moves to {zones_text(e['zone'])}."
        case "door_opened":
            return f"{who} opens door {e['door']}."
        case "doors_unlocked":
            doors = e["doors"]
            return f"Unlocked: door{'s' if len(doors) > 1 else ''} {', '.join(doors)}."
        case "zones_revealed":
            return f"Lights on in {zones_text(e['zones'])}."
        case "zombies_spawned":
            if e["card"].startswith("trap"):
                return f"An ambush: {kinds_text(e['kinds'])} in {zones_text(e['zone'])}!"
            return f"Spawn: {spawn_text(e)}."
        case "zombies_moved":
            path = e["path"]
            verb = "moves" if e["count"] == 1 else "move"
            return f"{plural(e['count'], e['kind'])} {verb} {path_text([path[-1]], path[0])}."
        case "zombies_attacked":
            return f"{plural(e['count'], e['kind'])} attack{'s' if e['count'] == 1 else ''} in {zones_text(e['zone'])}."
        case "searched":
            return f"{who} searches: {SEARCH_FINDS.get(e['card'], e['card'])}."
        case "equipment_drawn":
            return f"Drawn: {card_name(e['card'])}."
        case "card_gained":
            place = {"hand": "in hand", "backpack": "in the backpack"}.get(
                e["place"], "on the floor"
            )
            return f"{who} gets {card_name(e['card'])} ({place})."
        case "reloaded":
            return reload_text(e["survivor"], before)
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
            return gear_text(e, before)
        case "objective_taken":
            return f"{who} takes the objective in {zones_text(e['zone'])} (+5 XP)."
        case "skill_gained":
            return f"{who} learns {e['skill'].replace('_', ' ')}."
        case "decision_pending":
            p = e["pending"]
            return f"{display_name(p['survivor'])} must choose: {', '.join(p['options'])}."
        case "decision_made":
            return f"Chosen: {e['option'].replace('_', ' ')}."
        case "zombie_phase":
            return "-- Zombie phase --"
        case "round_ended":
            return f"-- Round {e['round'] + 1} --"
        case "game_won":
            return f"Mission won! Score {e['score']}."
        case "game_lost":
            return f"Mission lost: {e['reason']}."
    return t.replace("_", " ").capitalize() + "."
