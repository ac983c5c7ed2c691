"""Siege's events as the log tells them, in the game's words.

One line per thing a player notices: a human's steps in one move are one
line, a search and what it found are one line, the spawn rolls of a round
are one line. A whole zombie turn is told in one line per kind of thing
(how many moved, which doors gave way, the misses), then a line for each
bite or death with the lives left, so a bite stays on screen; each zombie's
own action goes to the whole log (`v`) only, as a Detail line. Every seat
reads the log: nothing here is hidden in siege (the search deck's order
never shows, and no event names it)."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

import msgspec

from engine.siege import content
from tui.widgets.panels import Detail

RESULTS = {
    "head": "a head hit",
    "body": "a body hit",
    "miss": "a miss",
    "oops": "oops",
    "kill": "a kill",
    "worked": "it bursts",
    "failed": "a dud",
}


def name(any_id: str) -> str:
    """Cop, Nail board; zombies keep their ids (z3)."""
    return content.name(any_id)


def where(cell) -> str:
    return f"{cell[0]},{cell[1]}"


def dice_text(dice, aim: int = 0) -> str:
    text = " ".join(str(d) for d in dice)
    return text + (f" +{aim} aim" if aim else "")


def attack_line(e: dict) -> str:
    who, weapon, at = name(e["human"]), e["weapon"], where(e["at"])
    if weapon == "hands":
        verb = f"{who} swings bare-handed at {at}"
    else:
        kind = content.item(weapon).kind
        if e.get("club"):
            verb = f"{who} clubs at {at} with the empty {name(weapon)}"
        elif kind == "firearm":
            verb = f"{who} fires the {name(weapon)} at {at}"
        elif kind == "thrown":
            verb = f"{who} throws the {name(weapon)} at {at}"
        else:
            verb = f"{who} swings the {name(weapon)} at {at}"
    again = " (re-roll)" if e.get("reroll") else ""
    return f"{verb}{again}: {dice_text(e['dice'], e.get('aim', 0))}, {RESULTS[e['result']]}."


def lives_before(before: Any) -> dict[str, int]:
    """Each human's lives from the state (or a seat's view) before a command."""
    if isinstance(before, dict):
        return {hid: h["lives"] for hid, h in before.get("humans", {}).items()}
    humans = getattr(before, "humans", ())
    return {h.id: h.lives for h in humans}


def plural(n: int, word: str, many: str | None = None) -> str:
    """1 cell, 2 cells; 1 zombie, 3 zombies."""
    return f"{n} {word if n == 1 else (many or word + 's')}"


class Horde:
    """What the dead did in one zombie turn, for its summary lines."""

    def __init__(self) -> None:
        self.moved = 0
        self.batters: list[int] = []  # the break rolls that failed
        self.broken: list[str] = []  # "the door at 9,3"
        self.misses: list[int] = []
        self.bites: list[str] = []  # one line each: the bite, the lives left, a death

    def lines(self) -> list[str]:
        parts = []
        if self.moved:
            s = "s" if self.moved == 1 else ""
            parts.append(f"{plural(self.moved, 'zombie')} shamble{s} closer")
        if self.broken:
            verb = "gives" if len(self.broken) == 1 else "give"
            parts.append(f"{' and '.join(self.broken)} {verb} way")
        if self.batters:
            n = len(self.batters)
            parts.append(f"{n} batter{'s' * (n == 1)} in vain (rolled {dice_text(self.batters)})")
        if self.misses:
            n = len(self.misses)
            parts.append(
                f"{n} snap{'s' * (n == 1)} and miss{'es' * (n == 1)} (rolled {dice_text(self.misses)})"
            )
        if not parts:
            parts.append("no zombie stirs")
        head = "The zombies' turn: " + ", ".join(parts) + "."
        return [head, *self.bites]


def narrate(events: Iterable[Any], lives: dict[str, int] | None = None) -> list[str]:
    """The log lines of events; `lives` (each human's lives before them, when
    known) lets a bite say how many are left."""
    lives = dict(lives or {})
    lines: list[str] = []
    horde: Horde | None = None  # a zombie turn being told, from its start
    moving: list = []  # [human, to, cost] of a move being told
    searching: str | None = None  # the line of a search waiting for what it found
    spawns: list[int] = []
    spawned: list[str] = []

    def flush_move() -> None:
        if moving:
            who, to, cost = moving
            lines.append(f"{name(who)} moves to {where(to)} ({cost} action{'s' * (cost != 1)}).")
            moving.clear()

    turn_at = 0

    def told(line: str) -> None:
        """A zombie's own action: on screen outside a whole turn's telling."""
        lines.append(Detail(line) if horde is not None else line)

    tag = ""
    for raw in events:
        e = raw if isinstance(raw, dict) else msgspec.to_builtins(raw)
        before, tag = tag, e["type"]
        if tag not in ("human_moved", "human_passed", "pass_rolled"):
            flush_move()
        if tag not in ("spawn_rolled", "zombie_spawned") and (spawns or spawned):
            lines.extend(spawn_lines(spawns, spawned))
            spawns, spawned = [], []
        if searching is not None and tag not in ("item_found", "nothing_found"):
            lines.append(searching + ".")
            searching = None
        match tag:
            case "human_moved" | "human_passed":
                if moving and moving[0] == e["human"]:
                    moving[1] = e["to"]
                    moving[2] += e["cost"]
                else:
                    flush_move()
                    moving[:] = [e["human"], e["to"], e["cost"]]
            case "pass_rolled":
                if e["die"] == 6:
                    flush_move()
                    lines.append(
                        f"{name(e['human'])} tries to slip past {e['zombie']}: rolled 6, bitten!"
                    )
                else:
                    lines.append(
                        f"{name(e['human'])} slips past {e['zombie']} (rolled {e['die']})."
                    )
            case "turn_ended":
                lines.append(f"{name(e['human'])} ends the turn.")
            case "action_lost":
                lines.append(f"{name(e['human'])} loses one more action to the oops.")
            case "decision_pending":
                p = e["pending"]
                lines.append(
                    f"{name(p['human'])} may roll again ({dice_text(p['dice'])}) with their own item."
                )
            case "reroll_kept":
                lines.append(f"{name(e['human'])} keeps the roll.")
            case "round_started":
                if before in ("spawn_rolled", "zombie_spawned", "noise_cleared") and lines:
                    lines[-1] += f" Round {e['round']} begins."  # the round's end, one line
                else:
                    lines.append(f"Round {e['round']} begins.")
            case "game_won":
                lines.append("The search is done and the humans hold out: mission won!")
            case "game_lost":
                why = {
                    "all_dead": "every human is dead",
                    "turn_limit": "the last round ended before the search was done",
                }.get(e["reason"], e["reason"].replace("_", " "))
                lines.append(f"Mission lost: {why}.")
            case "human_lifted":
                lines.append(f"{name(e['human'])} lifts the wounded {name(e['target'])}.")
            case "human_set_down":
                lines.append(
                    f"{name(e['human'])} sets {name(e['target'])} down at {where(e['at'])}."
                )
            case "life_lost":
                hid = e["human"]
                if hid in lives:
                    lives[hid] -= 1
                left = lives.get(hid)
                tail = (
                    "" if left is None or left <= 0 else f": {plural(left, 'life', 'lives')} left"
                )
                bite = f"{e['cause']} bites {name(hid)} "
                if before == "zombie_attacked" and lines and lines[-1].startswith(bite):
                    line = lines[-1][:-1] + (tail or ": a life lost") + "."  # one line for the bite
                    if horde is not None:
                        lines[-1] = Detail(line)
                        horde.bites.append(line)
                    else:
                        lines[-1] = line
                else:
                    cause = "the blast" if e["cause"] == "blast" else e["cause"]
                    lines.append(f"{name(hid)} loses a life to {cause}{tail}.")
            case "life_gained":
                if e["human"] in lives:
                    lives[e["human"]] += 1
                lines.append(f"{name(e['human'])} gains a life.")
            case "human_died":
                line = (
                    f"{name(e['human'])} dies at {where(e['at'])}; what they carried falls there."
                )
                bitten = horde.bites[-1] if horde is not None and horde.bites else ""
                if bitten.endswith(": a life lost."):  # one line for the bite that killed
                    horde.bites[-1] = (
                        f"{bitten[: -len(': a life lost.')]}: {name(e['human'])} dies at "
                        f"{where(e['at'])}, dropping what they carried."
                    )
                elif horde is not None:
                    horde.bites.append(line)
                else:
                    lines.append(line)
            case "items_given":
                lines.append(f"{name(e['human'])} gives {things(e['items'])} to {name(e['to'])}.")
            case "items_dropped":
                lines.append(f"{name(e['human'])} drops {things(e['items'])}.")
            case "items_picked_up":
                lines.append(f"{name(e['human'])} picks up {things(e['items'])}.")
            case "item_used":
                outcome = "it works" if e["worked"] else "it fails"
                again = " again" if e.get("reroll") else ""
                lines.append(
                    f"{name(e['human'])} uses the {name(e['item'])}{again}: "
                    f"{dice_text(e['dice'])}, {outcome}."
                )
            case "item_broke":
                lines.append(f"{name(e['human'])}'s {name(e['item'])} breaks.")
            case "firearm_emptied":
                lines.append(f"{name(e['human'])}'s {name(e['item'])} is out of ammo.")
            case "firearm_reloaded":
                lines.append(f"{name(e['human'])} reloads the {name(e['item'])}.")
            case "aimed":
                lines.append(f"{name(e['human'])} takes aim: +1 on the next shot.")
            case "aim_lost":
                lines.append(f"{name(e['human'])}'s aim is lost.")
            case "attack_rolled":
                lines.append(attack_line(e))
            case "zombie_killed":
                lines.append(f"{e['zombie']} is destroyed at {where(e['at'])}.")
            case "zombie_pushed":
                lines.append(f"{e['zombie']} is pushed back to {where(e['to'])}.")
            case "noise_made":
                lines.append(f"The noise carries from {where(e['at'])}.")
            case "blasted":
                lines.append(f"A blast at {where(e['at'])}!")
            case "terrain_destroyed":
                lines.append(f"{where(e['at'])} is blown to rubble.")
            case "barricade_destroyed":
                lines.append(f"The barricade at {where(e['at'])} is blown away.")
            case "spot_searched":
                searching = f"{name(e['human'])} searches {where(e['at'])}"
            case "item_found":
                lead = searching or f"{name(e['human'])} searches"
                lines.append(f"{lead} and finds {a(e['item'])}.")
                searching = None
            case "nothing_found":
                lead = searching or f"{name(e['human'])} searches"
                lines.append(f"{lead}: nothing left to find.")
                searching = None
            case "door_opened":
                lines.append(f"{name(e['human'])} opens the door at {where(e['at'])}.")
            case "door_closed":
                lines.append(f"{name(e['human'])} closes the door at {where(e['at'])}.")
            case "barricade_built":
                lines.append(f"{name(e['human'])} barricades {where(e['at'])}.")
            case "barricade_removed":
                lines.append(f"{name(e['human'])} takes down the barricade at {where(e['at'])}.")
            case "zombie_turn_started":
                horde = Horde()
                turn_at = len(lines)
            case "zombie_turn_ended":
                if horde is not None:
                    lines[turn_at:turn_at] = horde.lines()
                    horde = None
            case "zombie_moved":
                told(f"{e['zombie']} shambles to {where(e['to'])}.")
                if horde is not None:
                    horde.moved += 1
            case "zombie_attacked":
                if e["die"] >= 5:
                    told(f"{e['zombie']} bites {name(e['human'])} (rolled {e['die']}).")
                else:
                    told(
                        f"{e['zombie']} snaps at {name(e['human'])} and misses (rolled {e['die']})."
                    )
                    if horde is not None:
                        horde.misses.append(e["die"])
            case "break_rolled":
                told(f"{e['zombie']} batters {where(e['at'])} (rolled {e['die']}).")
                if horde is not None:
                    horde.batters.append(e["die"])
            case "door_broken" | "barricade_broken":
                what = "door" if tag == "door_broken" else "barricade"
                told(f"The {what} at {where(e['at'])} gives way.")
                if horde is not None:
                    horde.batters.pop()
                    horde.broken.append(f"the {what} at {where(e['at'])}")
            case "spawn_rolled":
                spawns.append(e["die"])
            case "zombie_spawned":
                spawned.append(f"{e['zombie']} comes in at {where(e['at'])}")
            case "deck_shuffled":
                lines.append("The search deck is shuffled.")
    flush_move()
    if searching is not None:
        lines.append(searching + ".")
    if horde is not None and (
        horde.moved or horde.batters or horde.broken or horde.misses or horde.bites
    ):
        lines[turn_at:turn_at] = horde.lines()  # a turn told in parts (playback)
    elif horde is not None:
        lines.insert(turn_at, "The zombies' turn.")
    lines.extend(spawn_lines(spawns, spawned))
    return lines


def spawn_lines(rolls: list[int], spawned: list[str]) -> list[str]:
    if not rolls and not spawned:
        return []
    dice = f" (spawn rolls {dice_text(rolls)})" if rolls else ""
    if not spawned:
        return [f"No zombie comes in{dice}."]
    return [f"{'; '.join(spawned)}{dice}."]


def a(item_id: str) -> str:
    """An item with its article: an Axe, a Pistol, Planks, Car keys."""
    word = name(item_id)
    if word.endswith("s"):
        return word
    return ("an " if word[:1].lower() in "aeiou" else "a ") + word


def things(items) -> str:
    return ", ".join(name(i) for i in items)
