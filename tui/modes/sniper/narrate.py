"""The log, told to one side only.

The engine's events hold the whole truth (the commander's card, a soldier
walking behind a wall). Nothing here tells a side more than its view holds:

- `for_sniper(events, ...)` tells his own commands (what he did, drew, saw,
  suffered), and of the commander's turn only what he could see or hear:
  cards the commander played (both views list them), being spotted, fire
  and wounds he took, and the difference between what he saw before the
  commander's turn and after it (`seen_changes`, made from two of his views).
  A unit is named only when one of his views shows it.
- `for_commander(events)` tells the commander (hot-seat) his own turn, his
  card, and of the sniper's turn what his units saw, heard or suffered:
  never a step, a card or a wound of the sniper's.

Events of the commander's turn run from `commander_turn_began` to the next
`turn_began`; everything else is the sniper's turn.

The sniper's story is told to him ("You move ...") or, of the same events,
to a watcher ("The sniper moves ..."): the `say` voice (voice.py)."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

import msgspec

from tui.modes.sniper import words
from tui.modes.sniper.voice import YOU, Voice
from tui.modes.sniper.words import cell

COMMANDER_STARTS = "commander_turn_began"
SNIPER_STARTS = "turn_began"


def as_dicts(events: Iterable[Any]) -> list[dict]:
    return [e if isinstance(e, dict) else msgspec.to_builtins(e) for e in events]


def split(events: list[dict], side: str = "sniper") -> list[tuple[str, list[dict]]]:
    """The events in runs of one side's turn: [(side, events)], in order."""
    runs: list[tuple[str, list[dict]]] = []
    for e in events:
        if e["type"] == COMMANDER_STARTS:
            side = "commander"
        elif e["type"] == SNIPER_STARTS:
            side = "sniper"
        if not runs or runs[-1][0] != side:
            runs.append((side, []))
        runs[-1][1].append(e)
    return runs


def ids_in(*views: dict | None) -> set[str]:
    """Units the sniper's views show: seen now or remembered."""
    out: set[str] = set()
    for v in views:
        if v:
            out |= set(v.get("units", {})) | set(v.get("last_seen", {}))
    return out


# -- the sniper ---------------------------------------------------------------------
class SniperTeller:
    """Tells one command's events to the sniper. `known(uid)`: a unit he may
    be told the name of; `before`: his view before the command, if known
    (to tell a new sighting from a unit he already saw); `voice`: to him
    (YOU) or to a watcher (WATCHER, voice.py), of the same events."""

    def __init__(
        self, known: Callable[[str], bool], before: dict | None = None, voice: Voice = YOU
    ) -> None:
        self.known = known
        self.before = before
        self.say = voice
        self.health = before["sniper"]["health"] if before else None
        self.fired: set[str] = set()  # units whose shot at him was told with its damage

    def name(self, uid: str, unknown: str = "someone") -> str:
        text = words.unit(uid) if uid and self.known(uid) else unknown
        return text[:1].upper() + text[1:]

    def own(self, events: list[dict], sightings: bool = True) -> list[str]:
        """His turn: what he did and what he saw happen."""
        lines: list[str] = []
        steps: list[list[int]] = []

        def flush() -> None:
            if steps:
                n = len(steps)
                steps_word = f"step{'s' if n > 1 else ''}"
                lines.append(self.say("move", n=n, steps=steps_word, at=cell(steps[-1])))
                steps.clear()

        for e in events:
            kind = e["type"]
            if kind == "sniper_stepped":
                steps.append(e["to"])
                continue
            flush()
            if kind == "unit_sighted" and not sightings:
                continue
            line = self.one(e)
            if line:
                lines.append(line)
        flush()
        return lines

    def one(self, e: dict) -> str | None:
        kind = e["type"]
        match kind:
            case "unit_sighted":
                seen = (self.before or {}).get("units", {}).get(e["unit"])
                if seen is not None and list(seen["at"]) == list(e["at"]):
                    return None
                was = "" if seen is None else " (it moved)"
                return self.say("see", unit=words.unit(e["unit"]), at=cell(e["at"]), was=was)
            case "sniper_bumped":
                return self.say("bump", unit=words.unit(e["unit"]), at=cell(e["at"]))
            case "sniper_spotted":
                return self.spotted(e)
            case "feature_taken":
                return self.say("take", feature=words.feature(e["feature"]))
            case "camouflage_worn":
                return self.say("camo_worn", at=cell(e["at"]))
            case "camouflage_dropped":
                return self.say("camo_dropped")
            case "shot_fired":
                how = " (suppressed)" if e.get("suppressed") else ""
                masked = " under the bombardment's noise" if e.get("masked") else ""
                return self.say("fire", unit=words.unit(e["target"]), how=how, masked=masked)
            case "shot_card_drawn":
                return f"Shot card: {words.card(e['card'])}."
            case "unit_hit":
                if not self.known(e["unit"]):
                    return self.say("blast_unseen")
                return f"{self.name(e['unit'])} takes {e['damage']} damage."
            case "unit_killed":
                if e.get("witnessed") or self.known(e["unit"]):
                    name = words.unit(e["unit"])
                    return f"{name[:1].upper()}{name[1:]} is down."
                return None
            case "event_played":
                where = f" at {cell(e['at'])}" if e.get("at") else ""
                what = words.event_card(e["card"])
                return f"The commander plays {words.card(e['card'])}{where}: {what}."
            case "noise_made":
                return noise_line(e, self.say)
            case "card_used":
                return self.say("use", card=words.card(e["card"]))
            case "far_sight_raised":
                return self.say("binoculars")
            case "feature_wrecked":
                return f"The {words.feature(e['feature'])} is destroyed."
            case "smoke_laid":
                return f"Smoke around {cell(e['at'])} until the end of turn {e['until']}."
            case "sniper_healed":
                self.health = None if self.health is None else self.health + e["amount"]
                return self.say("heal", n=e["amount"])
            case "ammo_refilled":
                where = " from the crate" if e.get("crate") else ""
                return self.say("reload", where=where, ammo=e["ammo"])
            case "camouflage_readied":
                return self.say("camo_ready")
            case "sniper_hid":
                return self.say("hide")
            case "unit_fired":
                return self.fire(e)
            case "sniper_wounded":
                return self.wounded(e)
            case "objective_completed":
                return f"Objective done: {words.objective(e['objective'])}."
            case "sniper_turn_ended":
                return self.say("end")
            case "turn_began":
                return f"Turn {e['turn']} begins: {e['moves']} moves."
            case "game_won":
                return self.say("won")
            case "game_lost":
                return f"Mission lost: {words.lost_reason(e['reason'], self.say.watcher)}."
            case "sniper_captured":
                return self.say("seized", who=self.name(e["by"]))
        return None

    def spotted(self, e: dict) -> str:
        by = e.get("by", "")
        match e.get("cause"):
            case "smell":
                return self.say("scent", who=self.name(by) if self.known(by) else "A dog")
            case "shot":
                return self.say("shot_gives")
            case "contact":
                return self.say("runs_into", who=self.name(by))
            case "searchlight":
                return self.say("searchlight")
        if self.known(by):
            return self.say("sees", who=self.name(by))
        return self.say("spotted")

    def fire(self, e: dict) -> str:
        who = self.name(e["unit"], "an unseen gun")
        damage = e["damage"]
        self.fired.add(e["unit"])
        if not damage:
            return self.say("fired_missed", who=who, die=e["die"])
        left = ""
        if self.health is not None:
            self.health -= damage
            left = f", {max(0, self.health)} health left"
        return self.say("fired_hit", who=who, die=e["die"], damage=damage, left=left)

    def wounded(self, e: dict) -> str | None:
        cause = e["cause"]
        if cause in self.fired:  # told with the shot
            self.fired.discard(cause)
            return None
        left = ""
        if self.health is not None:
            self.health -= e["damage"]
            left = f", {max(0, self.health)} health left"
        what = words.card(cause) if "_" in cause or not cause[1:].isdigit() else "fire"
        return self.say("hurt", what=what, damage=e["damage"], left=left)

    def heard(self, events: list[dict]) -> tuple[list[str], list[str]]:
        """The commander's turn as he lived it: cards played, spotted, shot
        at, wounded, captured, a fall he witnessed, the end of the game. Two
        lists: during the commander's moves, and at the end of his turn."""
        during: list[str] = []
        at_end: list[str] = []
        lines = during
        for e in events:
            if e["type"] == "commander_turn_ended":
                lines = at_end
            if e["type"] in (
                "event_played",
                "sniper_spotted",
                "unit_fired",
                "sniper_wounded",
                "sniper_captured",
                "game_lost",
                "game_won",
            ) or (e["type"] == "unit_killed" and e.get("witnessed")):
                line = self.one(e)
                if line:
                    lines.append(line)
        return during, at_end


def noise_line(e: dict, say: Voice = YOU) -> str:
    radius = e.get("radius")
    reach = "the whole map hears it" if radius is None else f"heard within {radius}"
    match e["kind"]:
        case "shot":
            return f"The shot rings out: {reach}."
        case "blast":
            return f"The blast at {cell(e['at'])} is loud: {reach}."
        case "explosion":
            return f"An explosion at {cell(e['at'])}: {reach}."
        case "decoy":
            return say("decoy", at=cell(e["at"]), reach=reach)
    return f"A noise at {cell(e['at'])}: {reach}."


def seen_changes(
    before: dict,
    after: dict,
    told_dead: set[str] = frozenset(),
    sighted: set[str] = frozenset(),
    say: Voice = YOU,
) -> list[str]:
    """What he could tell had changed between two of his views: units that
    moved in his sight, came into it or left it, falls, rain, smoke,
    features, objectives. (The cards the commander played are told from
    their events, in order: both views list them.) `sighted`: units whose
    sighting was told already (where they are is not told again)."""
    from engine.sniper.mission import id_order

    lines: list[str] = []
    was, now = before.get("units", {}), after.get("units", {})
    remembered = after.get("last_seen", {})
    named_dead = set(told_dead)
    for uid in sorted(set(was) | set(now), key=id_order):
        name = words.unit(uid)
        name = name[:1].upper() + name[1:]
        if uid in was and uid in now:
            if list(was[uid]["at"]) != list(now[uid]["at"]) and uid not in sighted:
                lines.append(f"{name} moves to {cell(now[uid]['at'])}.")
            if now[uid]["health"] < was[uid]["health"]:
                lines.append(f"{name} is hurt: {now[uid]['health']} health left.")
        elif uid in now:
            if uid not in sighted:  # else "You see ..." said it
                lines.append(f"{name} comes into sight at {cell(now[uid]['at'])}.")
        elif uid in remembered:
            at = cell(remembered[uid]["at"])
            lines.append(say("out_of_sight", name=name, at=at))
        elif uid not in named_dead:  # gone from his memory: he saw it fall
            named_dead.add(uid)
            lines.append(f"{name} is down.")
    kills, kills_before = after.get("kills", {}), before.get("kills", {})
    fell = sum(kills.values()) - sum(kills_before.values())
    if fell > len(named_dead):
        lines.append(say("fell_unseen", n=fell - len(named_dead)))
    for feature, state in after.get("features", {}).items():
        if before.get("features", {}).get(feature) != state:
            lines.append(f"The {words.feature(feature)} is {state}.")
    done = set(after.get("sniper", {}).get("done", [])) - set(
        before.get("sniper", {}).get("done", [])
    )
    for objective in sorted(done):
        lines.append(f"Objective done: {words.objective(objective)}.")
    cleared = [s for s in before.get("smoke", []) if s not in after.get("smoke", [])]
    for s in cleared:
        lines.append(f"The smoke around {cell(s['at'])} clears.")
    if raining(after) and not raining(before):
        lines.append(f"It rains until the end of turn {after['rain_until']}.")
    elif raining(before) and not raining(after):
        lines.append("The rain stops.")
    if after.get("masked") and not before.get("masked"):
        lines.append(say("masked"))
    return lines


def raining(view: dict) -> bool:
    until = view.get("rain_until")
    return until is not None and view["turn"] <= until


def for_sniper(
    events: Iterable[Any],
    before: dict | None,
    after: dict,
    turn_start: dict | None = None,
    say: Voice = YOU,
) -> list[str]:
    """One command's events as the sniper may be told them (AI commander).
    `before`: his view before the command; `turn_start`: his view as the
    commander's turn began (None: no diff of the commander's turn is told,
    only what he suffered and what he sees now); `say`: told to him or to a
    watcher (voice.py)."""
    events = as_dicts(events)
    names = ids_in(before, after, turn_start)
    teller = SniperTeller(names.__contains__, before, say)
    lines: list[str] = []
    told_turn = False  # the commander's turn was told from his views
    for side, run in split(events):
        if side == "sniper":
            lines += teller.own(run, sightings=not told_turn)
            continue
        lines.append("The commander's turn:")
        during, at_end = teller.heard(run)
        lines += during
        told_dead = {e["unit"] for e in run if e["type"] == "unit_killed" and e.get("witnessed")}
        if turn_start is not None:
            lines += seen_changes(turn_start, after, told_dead, say=say)
            told_turn = True
            if lines[-1] == "The commander's turn:":  # the whole turn, and nothing he could tell
                lines[-1] = say("nothing")
        lines += at_end
    return lines


# -- the commander (hot-seat) ---------------------------------------------------------
def for_commander(events: Iterable[Any]) -> list[str]:
    """Events as the commander may be told them: his own turn, his card, and
    what his units saw, heard and suffered in the sniper's."""
    lines: list[str] = []
    for e in as_dicts(events):
        line = commander_line(e)
        if line:
            lines.append(line)
    return lines


def commander_line(e: dict) -> str | None:
    def name(uid: str) -> str:
        text = words.unit(uid)
        return text[:1].upper() + text[1:]

    match e["type"]:
        case "commander_turn_began":
            return "Your turn, commander."
        case "event_card_drawn":
            return f"You draw an event card: {words.card(e['card'])}."
        case "unit_moved":
            if not e["path"]:
                return None
            how = "" if e.get("ordered", True) else " (roadblock)"
            return f"{name(e['unit'])} moves to {cell(e['path'][-1])}{how}."
        case "event_played":
            where = f" at {cell(e['at'])}" if e.get("at") else ""
            return f"You play {words.card(e['card'])}{where}."
        case "unit_arrived":
            return f"{name(e['unit'])} arrives at {cell(e['at'])}."
        case "rain_began":
            return f"Rain until the end of turn {e['until']}."
        case "sniper_spotted":
            by = f" ({name(e['by'])})" if e.get("by") else ""
            return f"The sniper is spotted at {cell(e['at'])}{by}!"
        case "sniper_tracked":
            return f"The sniper is seen moving to {cell(e['at'])}."
        case "sniper_hid":
            return "You lose sight of the sniper."
        case "unit_fired":
            return f"{name(e['unit'])} fires at the sniper."
        case "unit_hit":
            return f"{name(e['unit'])} is hit: {e['damage']} damage."
        case "unit_killed":
            return f"{name(e['unit'])} is killed."
        case "noise_made" if e.get("heard"):
            return f"Your units hear a noise at {cell(e['at'])}."
        case "feature_wrecked":
            return f"The {words.feature(e['feature'])} is destroyed!"
        case "feature_taken":
            return f"The {words.feature(e['feature'])} are gone!"
        case "smoke_laid":
            return f"Smoke rises around {cell(e['at'])}."
        case "sniper_captured":
            return f"{name(e['by'])} captures the sniper!"
        case "commander_turn_ended":
            return "You end your turn, commander."
        case "turn_began":
            return f"Turn {e['turn']}: the sniper moves."
        case "game_won":
            return "The sniper got away. Mission lost for the commander."
        case "game_lost":
            return f"The sniper is finished ({e['reason']}). The commander wins."
    return None


def public(events: Iterable[Any]) -> list[str]:
    """What both sides may read (a resumed hot-seat game's log)."""
    lines = []
    for e in as_dicts(events):
        match e["type"]:
            case "turn_began":
                lines.append(f"Turn {e['turn']} begins.")
            case "event_played":
                where = f" at {cell(e['at'])}" if e.get("at") else ""
                lines.append(f"The commander played {words.card(e['card'])}{where}.")
            case "game_won":
                lines.append("The sniper got away. Mission won.")
            case "game_lost":
                lines.append(f"Mission lost: {words.lost_reason(e['reason'])}.")
    return lines
