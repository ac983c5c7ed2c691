"""Outbreak in words: seat names and figure letters, what each event card
does in a few words (read from the card's fields, never its id), and the
log's narration of events.

A card someone draws is named only to the person who drew it (OB-10):
"You draw Shotgun." in their log, "Ann draws a card." in everyone else's.
In a game with one person and bots that person reads the one log; in a
shared game each person has a terminal of their own; at a shared keyboard
each seat reads a log of its own (the game screen keeps one per secret
seat), and a log read by all (a resumed game's story) names no draw."""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable
from typing import Any

import msgspec

from engine.outbreak import content

DIRECTION = {(0, -1): "north", (1, 0): "east", (0, 1): "south", (-1, 0): "west"}
SIDE = {"n": "north", "e": "east", "s": "south", "w": "west"}
RESERVED = set("ZH")  # glyph letters a figure may not take


# -- seats --------------------------------------------------------------------------------
DEFAULT_ID = re.compile(r"p([1-9])\Z")  # a seat left unnamed: p<its first place>


def seat_name(sid: str, kind: str) -> str:
    """How a seat reads: its own name, or "Player 2" / "Bot 2" for a seat
    left unnamed (its id keeps its first place, even when a match's later
    game seats it elsewhere)."""
    unnamed = DEFAULT_ID.match(sid)
    if unnamed:
        return f"{'Bot' if kind == 'bot' else 'Player'} {unnamed.group(1)}"
    return sid[:1].upper() + sid[1:]


class Seats:
    """Names and figure letters of a game's seats. A figure's letter does
    not depend on the turn order: an unnamed seat shows its number, a named
    one the first letter of its name no other seat takes (names in
    alphabetical order choose first), else a free digit."""

    def __init__(self, order: list[str], kinds: dict[str, str]) -> None:
        self.order = list(order)
        self.kinds = dict(kinds)
        self.names = {sid: seat_name(sid, kinds[sid]) for sid in order}
        self.glyph: dict[str, str] = {}
        for sid in order:
            unnamed = DEFAULT_ID.match(sid)
            if unnamed:
                self.glyph[sid] = unnamed.group(1)
        taken = set(self.glyph.values()) | RESERVED
        for sid in sorted(s for s in order if s not in self.glyph):
            letters = [ch.upper() for ch in sid if ch.isalpha()]
            letter = next((ch for ch in letters if ch not in taken), None)
            letter = letter or next(d for d in "123456789" if d not in taken)
            self.glyph[sid] = letter
            taken.add(letter)
        self.humans = [sid for sid in order if kinds[sid] == "human"]

    @classmethod
    def of(cls, view: dict) -> Seats:
        return cls(view["order"], {sid: s["kind"] for sid, s in view["seats"].items()})

    def name(self, sid: str | None) -> str:
        return self.names.get(sid or "", str(sid))

    def possessive(self, sid: str | None) -> str:
        name = self.name(sid)
        return name + ("'" if name.endswith("s") else "'s")


# -- cards --------------------------------------------------------------------------------
def card_name(card: str) -> str:
    try:
        return content.event(card).name
    except KeyError:
        return card.replace("_", " ")


def card_text(card: str) -> str:
    try:
        return content.event(card).text
    except KeyError:
        return ""


LASTS = {"turn": "this turn", "death": "till you die", "movement": "", "": ""}


def card_effect(card: str) -> str:
    """What a card does, in a few words, from its fields."""
    try:
        spec = content.event(card)
    except KeyError:
        return ""
    parts = []
    if spec.everyone:
        parts.append("everyone:")
    if spec.no_fights:
        parts.append("no fights " + LASTS.get(spec.lasts, ""))
    if spec.moves:
        parts.append(f"+{spec.moves} moves " + LASTS.get(spec.lasts, ""))
    if spec.fight_bonus:
        when = f"next {spec.rolls} rolls" if spec.lasts == "rolls" else LASTS.get(spec.lasts, "")
        parts.append(f"{spec.fight_bonus:+d} to fights {when}")
    if spec.bullets:
        parts.append(f"+{spec.bullets} bullets")
    if spec.life:
        parts.append(f"+{spec.life} life" + (f" (max {spec.life_max})" if spec.life_max else ""))
    if spec.draw:
        parts.append(f"draw {spec.draw} cards")
    if spec.no_move_die:
        parts.append("a rival's next move: no die")
    if spec.zombies:
        parts.append(f"{spec.zombies} zombies onto a tile")
    if spec.push:
        parts.append("push a rival 1 cell")
    if spec.stampede:
        parts.append("a tile's zombies rush at figures")
    return ", ".join(p.strip() for p in parts).replace("everyone:,", "everyone:")


def effect_note(card: str, count: int) -> str:
    """An effect on a figure: "Chainsaw (2 rolls)", "Shotgun"."""
    try:
        spec = content.event(card)
    except KeyError:
        return card
    if spec.lasts == "rolls":
        return f"{spec.name} ({count} roll{'s' if count != 1 else ''})"
    return spec.name


# -- tiles --------------------------------------------------------------------------------
def tile_name(tile: str) -> str:
    try:
        return content.tile(tile).name or tile.replace("_", " ")
    except KeyError:
        return tile.replace("_", " ")


def turned(rotation: int) -> str:
    return f"turned {rotation}"


def direction(a: Any, b: Any) -> str:
    return DIRECTION.get((b[0] - a[0], b[1] - a[1]), f"to {b[0]},{b[1]}")


MANY = {"life": "lives"}  # the plurals not made with an s


def plural(n: int, word: str) -> str:
    return f"{n} {word if n == 1 else MANY.get(word, word + 's')}"


def tokens_text(placed: list[dict]) -> str:
    """Tokens laid on a tile: "2 bullets and 1 life"."""
    bullets = sum(e["kind"] == "bullet" for e in placed)
    found = [plural(k, w) for k, w in ((bullets, "bullet"), (len(placed) - bullets, "life")) if k]
    return " and ".join(found)


# -- narration ----------------------------------------------------------------------------
def as_dict(event: Any) -> dict:
    return event if isinstance(event, dict) else msgspec.to_builtins(event)


class Narrator:
    """Log lines for events. `readers`: the seats of whoever reads this log
    alone, whose own draws are named: the only person at the keyboard (a
    game of one person and bots), or in a shared game the seats of the
    person at this terminal (`here`); nobody when several people share the
    keyboard (a log all of them read): the hot-seat screen asks `lines` for
    each seat's own log instead."""

    def __init__(
        self,
        seats: Seats,
        tile_at: Callable[[tuple[int, int]], str | None],
        here: list[str] | None = None,
    ) -> None:
        self.seats = seats
        self.tile_at = tile_at  # the tile lying at a position now
        if here is not None:
            self.readers = set(here)
        else:
            self.readers = {seats.humans[0]} if len(seats.humans) == 1 else set()

    def lines(self, events: Iterable[Any], readers: set[str] | None = None) -> list[str]:
        """The events in words, for a log read by `readers` (default: the
        narrator's own): their draws are named, nobody else's."""
        readers = self.readers if readers is None else readers
        out: list[str] = []
        batch: list[dict] = []  # zombie_placed / token_placed / event_drawn in a row
        for event in map(as_dict, events):
            if batch and event["type"] != batch[0]["type"]:
                out += self.batch(batch, readers)
                batch = []
            if event["type"] in ("zombie_placed", "token_placed", "event_drawn"):
                if batch and event.get("seat") != batch[0].get("seat"):
                    out += self.batch(batch, readers)
                    batch = []
                batch.append(event)
                continue
            line = self.line(event, readers)
            if line:
                out.append(line)
        if batch:
            out += self.batch(batch, readers)
        return out

    def batch(self, events: list[dict], readers: set[str]) -> list[str]:
        kind = events[0]["type"]
        n = len(events)
        if kind == "zombie_placed":
            return [f"{plural(n, 'zombie').capitalize()} shamble{'s' if n == 1 else ''} in."]
        if kind == "token_placed":
            return [f"{tokens_text(events).capitalize()} lie{'s' if n == 1 else ''} inside."]
        sid = events[0]["seat"]
        cards = [e.get("card") for e in events]
        if sid in readers and all(cards):  # a card another seat drew has no name here
            return [f"You draw {', '.join(card_name(c) for c in cards)}."]
        return [f"{self.seats.name(sid)} draws {'a card' if n == 1 else f'{n} cards'}."]

    def line(self, e: dict, readers: set[str] | None = None) -> str:
        name = self.seats.name
        who = name(e.get("seat"))
        match e["type"]:
            case "deck_shuffled":
                if e["deck"] == "events":
                    return "The event cards are shuffled into a new pile."
                return "The tiles are shuffled, the Helipad at the bottom."
            case "turn_started":
                return f"-- {who}'s turn (round {e['round']}) --"
            case "figure_revived":
                return f"{who} is back on their feet: 3 lives, 3 bullets."
            case "event_played":
                return self.played(e)
            case "effect_ended":
                return self.wears_off(e)
            case "bullets_gained":
                return f"{who} takes {plural(e['amount'], 'bullet')}."
            case "life_gained":
                return f"{who} heals {plural(e['amount'], 'life')}."
            case "zombie_moved":
                way = direction(e["from"], e["to"])
                if e.get("by"):
                    return f"{name(e['by'])} moves a zombie {way}."
                return f"A zombie stampedes {way}."
            case "event_discarded":
                return f"{who} discards {card_name(e['card'])}."
            case "event_returned":
                if e.get("card") and e["seat"] in (self.readers if readers is None else readers):
                    return f"You put {card_name(e['card'])} back under the event pile."
                return f"{who} puts a card back under the event pile."
            case "dealer_chosen":
                order = self.seats.order
                first = order[(order.index(e["seat"]) + 1) % len(order)]
                return f"{who} deals; {name(first)}, at the dealer's left, starts."
            case "tile_drawn":
                text = f"{who} draws a tile: the {tile_name(e['tile'])}."
                if e["placer"] != e["seat"]:
                    text += f" {name(e['placer'])} (fewest kills) places it."
                return text
            case "no_tile_drawn":
                if e["reason"] == "pile_empty":
                    return "No tiles are left to draw."
                return "The town is closed: no tile comes, but the dead keep coming."
            case "tile_lost":
                return f"The {tile_name(e['tile'])} fits nowhere: it is set aside."
            case "tile_placed":
                return f"{who} lays the {tile_name(e['tile'])} ({turned(e['rotation'])})."
            case "map_closed":
                if e["tiles_left"]:
                    return "The town is closed: no road leads anywhere new. Only kills win now."
                return "The town is closed: no road leads anywhere new."
            case "turn_lost":
                return f"{who} closed the town and loses the rest of the turn."
            case "fight_rolled":
                bonus = e["total"] - e["die"]
                shown = f"{e['die']} +{bonus} = {e['total']}" if bonus else str(e["die"])
                verdict = "the zombie dies" if e["total"] >= content.WIN_ROLL else "not enough"
                return f"{who} fights a zombie: rolls {shown}, {verdict}."
            case "token_taken":
                return f"{who} picks up a {e['kind']}."
            case "decision_pending":
                p = e["pending"]
                short = content.WIN_ROLL - p["total"]
                return f"{name(p['seat'])} is {short} short: pay bullets or lose a life."
            case "bullets_spent":
                return f"{who} spends {plural(e['amount'], 'bullet')} to win the fight."
            case "life_lost":
                return f"{who} loses a life."
            case "figure_died":
                lost = plural(e["kills_lost"], "kill")
                return f"{who} dies! Back to Town Square, {lost} lost."
            case "movement_rolled":
                bonus = e["moves"] - e["die"]
                extra = f" +{bonus}" if bonus else ""
                return f"{who} rolls {e['die']}{extra} to move: {plural(e['moves'], 'move')}."
            case "movement_without_die":
                return f"{who} moves without a die: {plural(e['moves'], 'move')}."
            case "figure_moved":
                return f"{who} steps {direction(e['from'], e['to'])}."
            case "zombie_die_rolled":
                return f"{who} rolls {e['die']} for the zombies: {plural(e['die'], 'zombie move')}."
            case "game_won":
                if e["reason"] == "helipad":
                    return f"{who} reaches the Helipad and flies out! {who} wins."
                return f"{who} has put down enough zombies! {who} wins."
            case "game_lost":
                return "The last round is over and nobody got out: everybody loses."
        return ""

    def wears_off(self, e: dict) -> str:
        """ "Ann's Brain Cramp wears off Bob.": whose card it was, and on whom
        when that is someone else (an older save names no player: the
        figure's then)."""
        card = card_name(e["effect"])
        by = e.get("by") or e["seat"]
        text = f"{self.seats.possessive(by)} {card} wears off"
        if by != e["seat"]:
            text += f" {self.seats.name(e['seat'])}"
        return text + "."

    def played(self, e: dict) -> str:
        text = f"{self.seats.name(e['seat'])} plays {card_name(e['card'])}"
        if e.get("target") and e.get("direction"):
            text += f": {self.seats.name(e['target'])} stumbles {SIDE[e['direction']]}"
        elif e.get("target"):
            text += f" on {self.seats.name(e['target'])}"
        elif e.get("tile"):
            tile = self.tile_at((e["tile"][0], e["tile"][1]))
            text += f" on the {tile_name(tile)}" if tile else " on a tile"
        return text + "."
