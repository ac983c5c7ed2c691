"""Sniper words: units, cards, objectives and cells as a player reads them.

Card descriptions are made from the cards' fields (engine content), so a
changed card reads right without touching this file."""

from __future__ import annotations

from engine.sniper import content

FEATURE_NAMES = {"fuel_depot": "fuel depot"}


def cell(at) -> str:
    """[x, y] as "x,y"."""
    return f"{at[0]},{at[1]}"


def unit(uid: str) -> str:
    """ "officer A", "soldier 3": the rules' own names for units."""
    return content.unit_name(uid)


def unit_short(uid: str, kind: str = "") -> str:
    """ "s3 soldier": the id a player sees on the panel, then its kind."""
    return f"{uid} {kind or unit(uid).split()[0]}"


def card(card_id: str) -> str:
    return card_id.replace("_", " ")


def feature(name: str) -> str:
    return FEATURE_NAMES.get(name, name.replace("_", " "))


def objective(objective_id: str) -> str:
    """A secret objective in words: "kill officer A", "steal documents"."""
    try:
        spec = content.objective(objective_id)
    except KeyError:
        return objective_id.replace("_", " ")
    if spec.kind == "kill":
        kind = unit(spec.unit).split()[0]
        armoured = kind in content.content().units and content.unit(kind).armoured
        return f"destroy the {kind}" if armoured else f"kill {unit(spec.unit)}"
    if spec.kind == "kills":
        return f"kill {spec.number} {spec.unit_kind}s"
    verb = objective_id.split("_", 1)[0]
    return f"{verb} the {feature(spec.feature)}"


def equipment(card_id: str) -> str:
    """What an equipment card does, from its fields, in a few words."""
    try:
        spec = content.equipment(card_id)
    except KeyError:
        return ""
    n = content.numbers()
    kept = ", kept" if spec.kept else ""
    match spec.effect:
        case "far_sight":
            text = "see any distance this turn"
        case "silent_kill":
            text = "silent kill next to you"
        case "blast":
            text = f"{spec.damage} damage around a cell in sight, range {spec.range}, loud"
        case "suppressor":
            text = f"quiet shots (heard within {spec.noise}), range {spec.range}"
        case "smoke":
            size = 2 * spec.radius + 1
            text = f"{size}x{size} smoke: cover, blocks sight; range {spec.range}"
        case "heal":
            text = f"+{spec.amount} health"
        case "camouflage":
            text = "the next open cell you enter is cover"
        case "decoy":
            text = f"a noise at a cell within {spec.range}"
        case "refill":
            text = f"ammo back to {min(spec.amount, n.max_ammo)}"
        case _:
            text = spec.effect.replace("_", " ")
    return text + kept


def event_card(card_id: str) -> str:
    """What a commander's event card does, from its fields."""
    try:
        spec = content.event(card_id)
    except KeyError:
        return ""
    match spec.effect:
        case "bombard":
            return f"{spec.damage} damage around the last known position"
        case "alarm":
            return "every unit alerted to the last known position"
        case "rain":
            n = content.numbers()
            return f"sight {n.rain_sight}, {n.rain_slow} move less, to the end of the next turn"
        case "arrive":
            return f"{spec.number} {spec.unit}{'s' if spec.number > 1 else ''} at an entry road"
        case "search":
            return f"spots the sniper within {spec.radius} of a cell"
        case "roadblock":
            return f"the {spec.unit} moves up to {spec.steps}"
    return spec.effect.replace("_", " ")


def turns_ago(n: int) -> str:
    if n <= 0:
        return "this turn"
    return "1 turn ago" if n == 1 else f"{n} turns ago"


REASONS = {
    "killed": "you were killed",
    "captured": "you were captured",
    "time": "time ran out: the turns are over",
}


REASONS_OF_HIM = {  # the same, told of the sniper (a watcher, the commander)
    "killed": "the sniper was killed",
    "captured": "the sniper was captured",
}


def lost_reason(reason: str, of_him: bool = False) -> str:
    if of_him and reason in REASONS_OF_HIM:
        return REASONS_OF_HIM[reason]
    return REASONS.get(reason, reason.replace("_", " "))


def cell_turn(view: dict) -> str:
    return f"turn {view['turn']} of {view['turns']}"
