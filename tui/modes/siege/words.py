"""Siege commands and cells in words: the labels of dialogs and the
palette, what a weapon does on which faces, and what the cursor is on."""

from __future__ import annotations

from itertools import product
from types import SimpleNamespace

from engine.siege import attack, content
from tui.modes.siege.narrate import name, where
from tui.modes.siege.reach import Cell, human_cost, terrain
from tui.modes.siege.scene import figure_at

TERRAIN = {
    ".": "floor",
    "S": "a spawn cell",
    "%": "rubble",
    "'": "an open door",
    "+": "a closed door",
    "=": "a window",
    "&": "furniture",
    '"': "bushes",
    "#": "a wall",
    " ": "off the board",
    "C": "a car",
    "c": "a car's bonnet",
    "X": "a search spot",
    "B": "a barricade",
}


def count(n: int, word: str) -> str:
    """1 cell, 2 cells; 1 action, 3 actions."""
    return f"{n} {word}{'s' * (n != 1)}"


def faces(values) -> str:
    """[5, 6] -> "5-6", [6] -> "6", [] -> "-"."""
    v = sorted(values)
    if not v:
        return "-"
    if v == list(range(v[0], v[-1] + 1)) and len(v) > 1:
        return f"{v[0]}-{v[-1]}"
    return ",".join(map(str, v))


def chances(weapon: str, use: str, aim: int = 0) -> dict[str, float]:
    """The chance of each result of one attack ("head", "body", "oops",
    "kill", "worked"...), read by the engine's own rule over every roll."""
    spec = None if weapon == "hands" else content.item(weapon)
    shot = SimpleNamespace(spec=spec, use=use)
    if use == "hands":  # a 6 rolls again: 6-6 kills
        return {"kill": 1 / 36, "miss": 35 / 36}
    dice = spec.burst if use == "fire" else 1
    out: dict[str, float] = {}
    for roll in product(range(1, 7), repeat=dice):
        got = attack.read(shot, roll, aim)
        out[got] = out.get(got, 0.0) + 6.0**-dice
    return out


def percent(p: float) -> str:
    return f"{round(p * 100)}%"


def weapon_words(weapon: str, empty: bool = False, aim: int = 0) -> str:
    """What the die does with a weapon, with the chances of one attack:
    "kills 5-6 (33%), pushes 3-4 (33%), oops 1, range 5"; a burst's chance
    is of its best die ("kills 5-6 (70%, 3 dice)")."""
    if weapon == "hands":
        return f"a 6 rolls again, 6-6 kills ({percent(1 / 36)})"
    spec = content.item(weapon)
    if spec.kind == "thrown":
        p = percent(len(spec.success) / 6)
        return f"bursts on {faces(spec.success)} ({p}), blast {spec.blast}, range {spec.range}"
    use = (
        "club"
        if spec.kind == "firearm" and empty
        else "fire"
        if spec.kind == "firearm"
        else "melee"
    )
    odds = chances(weapon, use, aim if use == "fire" else 0)
    shot = SimpleNamespace(spec=spec, use=use)
    lift = aim if use == "fire" else 0
    head = [d for d in range(1, 7) if attack.read(shot, (d,), lift) == "head"]
    body = [d for d in range(1, 7) if attack.read(shot, (d,), lift) == "body"]
    many = f", {spec.burst} dice" if use == "fire" and spec.burst > 1 else ""
    kills = f"kills {faces(head)} ({percent(odds.get('head', 0))}{many})"
    pushes = f"pushes {faces(body)} ({percent(odds.get('body', 0))})"
    if use == "club":
        return f"empty, a club: {kills}, {pushes}"
    text = f"{kills}, {pushes}, oops {faces(spec.oops)}"
    if use == "fire":
        text += f", range {spec.range}"
    return text


def loaded(view: dict, hid: str, weapon: str) -> bool:
    """The human carries a copy of weapon that is not out of ammo."""
    h = view["humans"][hid]
    return h["items"].count(weapon) > h["empty"].count(weapon)


def path_cost(view: dict, path) -> int:
    return sum(human_cost(view, (c[0], c[1])) or 0 for c in path)


def label(command: dict, view: dict) -> str:
    """One line per command, as the choice dialogs and the palette show it."""
    t = command["type"]
    who = name(command["human"]) if "human" in command and t != "zombie_attack" else ""
    match t:
        case "move":
            cost = path_cost(view, command["path"])
            end = command["path"][-1]
            return f"{who}: move to {where(end)} ({cost} action{'s' * (cost != 1)})"
        case "attack":
            weapon = command["weapon"]
            target = figure_at(view, (command["at"][0], command["at"][1]))
            zid = target[1] if target else "a cell"
            if weapon == "hands":
                return f"{who}: hit {zid} bare-handed ({weapon_words(weapon)})"
            empty = not loaded(view, command["human"], weapon)
            return f"{who}: {name(weapon)} at {zid} ({weapon_words(weapon, empty)})"
        case "aim":
            return f"{who}: aim (+1 on the next shot, 1 action)"
        case "search":
            return f"{who}: search {where(command['at'])} (3 actions)"
        case "carry":
            return f"{who}: lift the wounded {name(command['target'])} (1 action)"
        case "trade":
            items = ", ".join(name(i) for i in command["items"])
            return f"{who}: give {items} to {name(command['to'])} (1 action)"
        case "drop":
            return f"{who}: drop {', '.join(name(i) for i in command['items'])} (free)"
        case "pick_up":
            return f"{who}: pick up {', '.join(name(i) for i in command['items'])} (1 action)"
        case "use":
            item, target = command["item"], command.get("target")
            effect = content.item(item).effect
            if effect == "reload":
                gun = f" into the {name(target)}" if target else ""
                return f"{who}: load the {name(item)}{gun} (1 action)"
            on = f" on {name(target)}" if target else ""
            return f"{who}: use the {name(item)}{on} (1 action)"
        case "barricade":
            cost = content.humans()[command["human"]].barricade_cost
            return f"{who}: barricade {where(command['at'])} ({cost} action{'s' * (cost != 1)})"
        case "unbarricade":
            return f"{who}: take down the barricade at {where(command['at'])} (2 actions)"
        case "open_door":
            return f"{who}: open the door at {where(command['at'])} (1 action)"
        case "close_door":
            return f"{who}: close the door at {where(command['at'])} (1 action)"
        case "end_turn":
            return f"{who}: end the turn"
        case "choose":
            pending = view.get("pending") or {}
            if command["option"] == "reroll":
                return "Re-roll: all the dice again (once a turn)"
            return f"Keep the {' '.join(map(str, pending.get('dice', [])))}"
        case "zombie_move":
            return f"{command['zombie']}: step to {where(command['to'])}"
        case "zombie_attack":
            return f"{command['zombie']}: bite {name(command['human'])} (5-6 takes a life)"
        case "zombie_break":
            what = "barricade" if terrain(view, tuple(command["at"])) == "B" else "door"
            return (
                f"{command['zombie']}: batter the {what} at {where(command['at'])} (a 6 breaks it)"
            )
        case "end_zombie_turn":
            return "End the zombies' turn"
    rest = ", ".join(f"{k} {v}" for k, v in command.items() if k != "type")
    return f"{t.replace('_', ' ')}: {rest}"


def describe(view: dict, cell: Cell) -> str:
    """What a cell is and holds, for look (x)."""
    ch = terrain(view, cell)
    text = f"{where(cell)}: {TERRAIN.get(ch, ch)}"
    cost = human_cost(view, cell)
    if cost and cost > 1:
        text += f" ({cost} actions to enter)"
    for s in view["spots"]:
        if tuple(s["at"]) == cell:
            by = ", ".join(name(h) for h in s["searched_by"])
            text += f", searched by {by}" if by else ", not searched yet"
    figure = figure_at(view, cell)
    if figure and figure[0] == "human":
        hid = figure[1]
        h = view["humans"][hid]
        items = ", ".join(name(i) for i in h["items"]) or "nothing"
        lives = "wounded, 1 life" if h["wounded"] else f"{h['lives']} lives"
        text += f"; {name(hid)} ({lives}) carries {items}"
    elif figure:
        text += f"; zombie {figure[1]}"
    for pile in view["floor"]:
        if tuple(pile["at"]) == cell and pile["items"]:
            text += "; on the floor: " + ", ".join(name(i) for i in pile["items"])
    return text + "."
