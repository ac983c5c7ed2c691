"""What the Sniper screen says of the game now, to the side at the keyboard:
the status line and the note on the cell under the cursor, labels of
commands, what the cursor looks at, and the hints before acting (exposure
before a move, odds before a shot, what an item does)."""

from __future__ import annotations

from typing import Any

from rich.text import Text

from engine.core.geometry import chebyshev
from engine.sniper import content
from tui.modes.base import Host, Targeting
from tui.modes.sniper import words
from tui.modes.sniper.sight import Cell, as_cell, percent, shot_odds
from tui.modes.sniper.voice import WATCHER

# (command type, key, word) offered on the status line when legal
HINTS = (
    ("move", "m", "move"),
    ("shoot", "f", "fire"),
    ("use", "i", "item"),
    ("hide", "c", "hide"),
    ("end_turn", "e", "end"),
    ("take_ammo", "r", "ammo"),
    ("sabotage", "s", "sabotage"),
)


def of_type(legal: list[dict], ctype: str) -> list[dict]:
    return [c for c in legal if c["type"] == ctype]


TERRAIN_WORDS = {
    ".": "open ground",
    "-": "road (open)",
    "E": "escape (open)",
    '"': "trees (cover, blocks sight)",
    "%": "rubble (cover)",
    "=": "low wall (cover)",
    ":": "building (cover)",
    "a": "ammo crate (cover)",
    "S": "your start (cover)",
    "D": "documents (cover)",
    "#": "wall",
    " ": "nothing",
    "R": "radio",
    "F": "fuel depot",
    "T": "telephone",
}


def kind_armoured(kind: str) -> bool:
    return kind in content.content().units and content.unit(kind).armoured


class SniperStatus:
    """Mixed into SniperPlay: needs its side, sight, glyphs, voice and the
    commander's hints."""

    def label(self, command: dict, view: dict) -> str:
        match command["type"]:
            case "move":
                path = command["path"]
                n = len(path)
                return f"Move to {words.cell(path[-1])} ({n} step{'s' if n > 1 else ''})"
            case "shoot":
                who = words.unit(command["target"])
                if view.get("masked"):  # the bombardment covers every shot this turn
                    how = "suppressed" if command.get("suppressed") else "loud"
                    return f"Fire at {who}, {how}: masked (no one hears it; you stay unseen)"
                if command.get("suppressed"):
                    noise = self.suppressor_noise(view)
                    return f"Fire at {who}, suppressed (heard within {noise})"
                loud = content.numbers().shot_noise
                return f"Fire at {who}, loud (heard within {loud}; you are spotted)"
            case "use":
                card = words.card(command["card"])
                if command.get("target"):
                    return f"Use the {card} on {words.unit(command['target'])}"
                if command.get("at"):
                    return f"Use the {card} at {words.cell(command['at'])}"
                return f"Use the {card}: {words.equipment(command['card'])}"
            case "take_ammo":
                return "Take ammo from the crate"
            case "sabotage":
                return f"Sabotage the {words.feature(command['feature'])}"
            case "hide":
                return "Hide"
            case "end_turn":
                return "End the turn"
        return self.commander_label(command)

    def suppressor_noise(self, view: dict) -> int:
        for card in view.get("sniper", {}).get("hand", []):
            spec = content.equipment(card)
            if spec.aim == "shot":
                return spec.noise
        return 1

    def status(self, host: Host) -> Text:
        view = host.view
        if view["viewer"] == "commander":
            return self.commander_status(host)
        me = view["sniper"]
        away = self.cursor_note(host)
        if away is not None:
            return away
        text = Text()
        if me["spotted"]:
            text.append("SPOTTED! ", "bold reverse")
        text.append(f"Turn {view['turn']}/{view['turns']}", "bold")
        acts, moves = me.get("actions_left", 0), me["moves_left"]
        text.append(
            f": {moves} move{'s' if moves != 1 else ''}, {acts} action{'s' if acts != 1 else ''}."
        )
        can = {c["type"] for c in host.legal}
        room = host.status_room()
        for ctype, key, word in HINTS:
            if ctype in can and text.cell_len + len(key) + len(word) + 2 <= room:
                text.append(f" {key}", "bold")
                text.append(f" {word}")
        return text

    def cursor_note(self, host: Host) -> Text | None:
        """With the cursor off him: what Enter (or f) would do there."""
        view, cursor = host.view, host.cursor
        if cursor is None or view.get("outcome") or list(cursor) == view["sniper"]["at"]:
            return None
        route = self.routes(host).get(cursor)
        if route is not None:
            hint = self.move_hint(host, [as_cell(c) for c in route["path"]], spare=14)
            text = Text("Enter moves: ", "bold")
            return text.append(hint + ". (. back to you)")
        for uid, u in view["units"].items():
            if as_cell(u["at"]) == cursor:
                if any(c.get("target") == uid for c in of_type(host.legal, "shoot")):
                    name = words.unit(uid)
                    text = Text(f"{name[:1].upper()}{name[1:]}: ", "bold")
                    odds = self.odds_hint(host, uid, spare=len(name) + 13)
                    return text.append(f"f fires ({odds})")
        return None

    def place(self, cursor: Any) -> str:
        return f"cell {words.cell(cursor)}" if cursor else "nowhere"

    def look(self, host: Host) -> str:
        view = host.view
        c = host.cursor
        sight = self.sight(view)
        if not sight.inside(c):
            return "Off the map."
        # his story's words: to him, or of him (a watcher; the commander)
        say = WATCHER if view["viewer"] == "commander" else self.voice()
        glyph = sight.glyph(c)
        ground = say("start") if glyph == "S" else TERRAIN_WORDS.get(glyph, "ground")
        text = f"{words.cell(c)}: {ground}"
        if c in sight.smoke:
            text += ", in smoke"
        if view["viewer"] == "commander":
            return self.commander_look(host, c, text)
        me = as_cell(view["sniper"]["at"])
        if c == me:
            return say("here", cell=text)
        d = chebyshev(me, c)
        text += f", {d} cell{'s' if d != 1 else ''} away, " + (
            say("in_sight") if c in sight.in_sight() else say("not_in_sight")
        )
        for uid, u in view["units"].items():
            if as_cell(u["at"]) == c:
                text += f"; {words.unit(uid)} ({u['health']} health)"
        for uid, s in view.get("last_seen", {}).items():
            if uid not in view["units"] and as_cell(s["at"]) == c:
                ago = words.turns_ago(view["turn"] - s["turn"])
                text += f"; {words.unit(uid)} was here {ago}"
        return text + "."

    def target_hint(self, host: Host, t: Targeting, cursor: Any) -> str:
        view = host.view
        if view["viewer"] == "commander":
            return self.commander_hint(host, t, cursor)
        commands = t.options[cursor]
        first = commands[0]
        if t.kind == "move":
            return self.move_hint(host, [as_cell(c) for c in first["path"]])
        if t.kind == "fire":
            return self.odds_hint(host, first["target"])
        if t.kind == "use":
            return self.use_hint(host, first)
        return self.label(first, view)

    def exposure(self, view: dict, path: list[Cell]) -> tuple[int, dict[str, tuple[int, bool]]]:
        """(open cells on the path he would stand exposed on, the units he sees
        now that would see (or smell) him on the way: id -> (distance, fires))."""
        sight = self.sight(view)
        me = view["sniper"]
        at = as_cell(me["at"])
        camo_ready = me.get("camouflage") and not (sight.is_open(at) and not me["exposed"])
        opens = 0
        seen_by: dict[str, tuple[int, bool]] = {}
        for c in path:
            exposed = sight.is_open(c)
            if exposed and camo_ready:
                exposed, camo_ready = False, False
            opens += exposed
            for uid, d, fires in sight.watchers(c, view["units"]):
                kind = view["units"][uid]["kind"]
                smells = content.unit(kind).smell >= d
                if exposed or smells:
                    old = seen_by.get(uid)
                    seen_by[uid] = (min(d, old[0]) if old else d, fires or bool(old and old[1]))
        return opens, seen_by

    def move_hint(self, host: Host, path: list[Cell], spare: int = 44) -> str:
        """Where, how far, cover or open, and who he sees would see him on the
        way: as much as the status line has room for."""
        opens, seen_by = self.exposure(host.view, path)
        n = len(path)
        sight = self.sight(host.view)
        end_open = sight.is_open(path[-1])
        text = f"{words.cell(path[-1])}, {n} step{'s' if n > 1 else ''}, "
        text += "open" if end_open else "cover"
        if seen_by:
            who = ", ".join(
                f"{uid}{' (fires)' if fires else ''}" for uid, (_, fires) in seen_by.items()
            )
            return text + f": seen by {who}"
        way = f" ({opens} open on the way)" if opens and not end_open else ""
        unseen = " (no one you see)" if opens else ""
        room = host.status_room() - spare  # "Move: " and ". Enter does it, m next, Esc cancels"
        fits = [t for t in (text + way + unseen, text + way) if len(t) <= room]
        return fits[0] if fits else text

    def odds_hint(self, host: Host, target: str, spare: int = 26) -> str:
        """The odds of a shot at `target` from the shot cards left in the deck
        as he can count them, always with that count ("(19 cards left)"), so
        the hint before a shot and the note on the unit say the same thing
        and say why it changes after a draw. `spare`: the cells of the line
        around it; what fits: the distance, then why an armoured car is hard
        to hurt, then that the shot is masked go first."""
        view = host.view
        u = view["units"].get(target)
        if u is None:
            return words.unit(target)
        kill, wound, miss, total = shot_odds(self.drawn_shots(), u["kind"], u["health"])
        d = chebyshev(as_cell(view["sniper"]["at"]), as_cell(u["at"]))
        odds = f"kill {percent(kill, total)}"
        if wound:
            odds += f", wound {percent(wound, total)}"
        odds += f", miss {percent(miss, total)} ({total} card{'s' if total != 1 else ''} left)"
        armour = ""
        if kind_armoured(u["kind"]):
            armour = (
                ": only a weak point hurts it" if kill + wound else ": no shot left can hurt it"
            )
        masked = "; masked" if view.get("masked") else ""
        room = host.status_room() - spare
        fits = (
            f"{target} {d} away: {odds}{armour}{masked}",
            f"{target}: {odds}{armour}{masked}",
            f"{target}: {odds}{armour}",
        )
        return next((t for t in fits if len(t) <= room), f"{target}: {odds}")

    def use_hint(self, host: Host, command: dict) -> str:
        card = command["card"]
        spec = content.equipment(card)
        view = host.view
        if command.get("target"):
            return f"{words.card(card)} on {words.unit(command['target'])}"
        at = as_cell(command["at"])
        text = f"{words.card(card)} at {words.cell(at)}"
        if spec.damage:
            hit = [
                uid
                for uid, u in view["units"].items()
                if chebyshev(as_cell(u["at"]), at) <= spec.radius
            ]
            if chebyshev(as_cell(view["sniper"]["at"]), at) <= spec.radius:
                hit.append("YOU")
            text += ": hits " + (", ".join(hit) if hit else "no one you see")
        elif spec.noise:
            text += f": heard within {spec.noise}"
        return text

    def drawn_shots(self) -> list[str]:
        """The shot cards he drew since the deck was last shuffled: his own draws."""
        if self.shared:
            return list(self.shots_seen)
        drawn: list[str] = []
        for e in self.game.events:
            name = type(e).__name__
            if name == "DeckShuffled" and e.deck == "shots":
                drawn = []
            elif name == "ShotCardDrawn":
                drawn.append(e.card)
        return drawn
