"""A turn in Outbreak told in few lines (issue 29): a line for each thing
a seat does (the card it plays, the tile it draws and lays, its movement,
its zombies), and what comes of it in that line rather than in lines of
their own; a fight is "fights (3): 1 short" or "kills a zombie (5)", the
number in brackets the die (and bonus) rolled:

    Bot 2 plays Horde on the Town Square: 3 zombies.
    Bot 2 lays the Skate Shop west of the Town Square: 1 zombie, 1 bullet; draws a card.
    Bot 2 rolls 1 to move: north, fights (3): 1 short, pays 1 bullet.
    Bot 2 rolls 5 for the zombies: south, south, east.

A movement's line and the zombies' line grow by each step (a Grown line:
the log writes only the words added, where a new line would scroll the
log and write it all), a bot's told a step at a time as a person's is
walked; past a log row at 80 columns they go on in a new line ("Bot 2
moves on: ..."). Whatever is not the seat's own doing (a turn's heading,
a card that hurt someone else, a death, a shuffled pile) keeps the
narrator's line of its own, and the narrator (words.py) still tells a
story retold from its events."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from engine.outbreak import content
from tui.modes.outbreak.words import (
    Narrator,
    as_dict,
    card_name,
    direction,
    plural,
    tile_name,
    tokens_text,
)
from tui.widgets.panels import Grown

WIDTH = 76  # a growing line longer than a log row at 80 columns goes on in a new line
FIGHT = len(", fights (2): 2 short")  # room a step of the movement keeps for its fight
ON = {"move": "moves on", "zombies": "moves more zombies"}  # the lines that grow: the new head
BATCHED = ("zombie_placed", "token_placed", "event_drawn")  # the narrator's one line for a run
UNSAID = frozenset({"zombie_killed", "decision_made", "movement_ended", "figure_pushed"})


@dataclass
class Line:
    """A line under way: `head` its first words after the seat's name,
    `parts` what came of it, each with the separator before it."""

    sid: str
    kind: str  # card, tile (drawn), laid, move, zombies
    head: str
    parts: list[tuple[str, str]] = field(default_factory=list)
    tile: str = ""

    def text(self, name: str) -> str:
        out = f"{name} {self.head}"
        for i, (sep, part) in enumerate(self.parts):
            if i == 0:
                sep = "" if not self.head else ": " if sep == ", " else sep
            out += sep + part
        return out.replace("  ", " ") + "."


class Voice:
    """The lines of one command, for each log (`reader`): the line the seat's
    last command left open is grown by this one's first events."""

    def __init__(self, narrator: Narrator, tiles: Callable[[], list[dict]]) -> None:
        self.narrator = narrator
        self.tiles = tiles  # the tiles laid now, in the order they were laid
        self.open: dict[str | None, tuple[Line, str]] = {}  # reader -> the line, as told

    def close(self, reader: str | None) -> None:
        """Events retold: nothing they tell grows a command's line."""
        self.open.pop(reader, None)

    def lines(
        self, sid: str, events: list[Any], reader: str | None, then_turn: bool = False
    ) -> list[str]:
        """`then_turn`: the next turn's heading follows these events (told apart)."""
        readers = {reader} if reader else None
        name = self.narrator.seats.name(sid)
        out: list[str] = []
        kept = self.open.pop(reader, None)
        grown = kept if kept is not None and kept[0].sid == sid else None
        line: Line | None = grown[0] if grown else None
        alone: list[dict] = []  # the events said in the grown line (its words alone)

        def flush() -> None:
            nonlocal line, grown
            if line is not None and grown is not None and line is grown[0]:
                if alone:  # else nothing added: the log's line stands
                    words = self.narrator.lines(alone, readers)
                    if any(e["type"] == "turn_ended" for e in alone):
                        words.append(f"{name} ends the turn.")
                    out.append(Grown(" ".join(words), grown[1], line.text(name)))
                grown = None
            elif line is not None:
                out.append(line.text(name))
            line = None

        def begin(kind: str, head: str, tile: str = "") -> None:
            nonlocal line
            flush()
            line = Line(sid, kind, head, tile=tile)

        def add(part: str, sep: str, said: list[dict], step: bool = False) -> None:
            if line is None:  # nothing to grow: the narrator's line
                lines = self.narrator.lines(said, readers)
                ended = said[0]["type"] == "turn_ended"
                out.extend(lines or ([f"{name} {part}."] if ended else []))
                return
            room = WIDTH - (FIGHT if line.kind == "move" else 0)  # a step's fight on its row
            if step and line.parts and len(line.text(name)) + len(sep) + len(part) > room:
                begin(line.kind, ON[line.kind])  # a growing line goes on in a row of its own
            line.parts.append((sep, part))
            if grown is not None and line is grown[0]:
                alone.extend(said)

        dicts = [as_dict(e) for e in events]
        kinds = {e["type"] for e in dicts}
        i = 0
        while i < len(dicts):
            e = dicts[i]
            kind = e["type"]
            mine = e.get("seat") == sid
            if kind in BATCHED:
                run = [e]
                while (
                    i + 1 < len(dicts)
                    and dicts[i + 1]["type"] == kind
                    and dicts[i + 1].get("seat") == e.get("seat")
                ):
                    i += 1
                    run.append(dicts[i])
                said = self.batch(run, name, readers)
                if kind == "event_drawn" and not mine or said.startswith("You draw "):
                    flush()  # another's draw, or the reader's own cards named: a line of
                    out += self.narrator.lines(run, readers)  # its own, as ever (OB-10)
                else:
                    add(said, ", ", run)
            elif kind in UNSAID:
                pass
            elif kind == "event_played" and mine:
                begin("card", self.narrator.played(e).removeprefix(f"{name} ").rstrip("."))
            elif kind == "tile_drawn" and mine and e["placer"] == sid:
                begin("tile", f"draws the {tile_name(e['tile'])}", e["tile"])
            elif kind == "tile_placed" and mine:
                head = f"lays the {tile_name(e['tile'])}{self.beside(e['at'])}"
                if line is not None and line.kind == "tile" and line.tile == e["tile"]:
                    line.kind, line.head = "laid", head  # its own draw: said by the laying
                    if grown is not None and line is grown[0]:
                        alone.append(e)
                else:
                    begin("laid", head)
            elif kind == "movement_rolled" and mine:
                bonus = e["moves"] - e["die"]
                begin("move", f"rolls {e['die']}{f' +{bonus}' if bonus else ''} to move")
            elif kind == "movement_without_die" and mine:
                begin("move", f"moves without a die ({plural(e['moves'], 'move')})")
            elif kind == "zombie_die_rolled" and mine:
                begin("zombies", f"rolls {e['die']} for the zombies")
            elif (kind == "figure_moved" and mine) or (
                kind == "zombie_moved" and e.get("by") == sid
            ):
                add(direction(e["from"], e["to"]), ", ", [e], step=True)
            elif kind == "fight_rolled" and mine:
                bonus = e["total"] - e["die"]
                shown = f"{e['die']}+{bonus}" if bonus else str(e["die"])
                won = e["total"] >= content.WIN_ROLL
                add(f"kills a zombie ({shown})" if won else f"fights ({shown})", ", ", [e])
            elif kind == "decision_pending" and e["pending"]["seat"] == sid:
                add(f"{content.WIN_ROLL - e['pending']['total']} short", ": ", [e])
            elif kind == "turn_ended" and mine and (then_turn or "turn_started" in kinds):
                # the next turn's heading follows: the log's line stands as it is (a
                # line grown and scrolled at once is written again whole), the words
                # alone say who ended the turn
                if line is not None and grown is not None and line is grown[0] and not alone:
                    out.append(Grown(f"{name} ends the turn.", grown[1], grown[1]))
                    line = grown = None
                elif line is not None:
                    flush()
                else:
                    out.append(f"{name} ends the turn.")
            elif kind in PARTS and mine:
                add(
                    PARTS[kind](e), "; " if kind in ("turn_ended", "event_discarded") else ", ", [e]
                )
                if kind == "turn_ended":
                    flush()
            else:  # a line of its own: the turn's heading, a death, another's loss...
                said = self.narrator.lines([e], readers)
                if said:
                    flush()
                    out.extend(said)
            i += 1
        if line is not None:
            still = line
            flush()
            self.open[reader] = (still, still.text(name))
        return out

    def batch(self, run: list[dict], name: str, readers: set[str] | None) -> str:
        """Zombies or tokens come in, cards drawn: "3 zombies", "1 bullet", "draws a card"
        (the reader's own draw: the narrator's whole line, "You draw Shotgun.")."""
        kind, n = run[0]["type"], len(run)
        if kind == "zombie_placed":
            return plural(n, "zombie")
        if kind == "token_placed":
            return tokens_text(run)
        said = self.narrator.batch(run, readers or self.narrator.readers)[0]
        return said if said.startswith("You draw ") else said.removeprefix(f"{name} ").rstrip(".")

    def beside(self, at: Any) -> str:
        """ " west of the Town Square": where a tile went, by the first laid of
        the tiles it touches (one laid before it, told live or retold later)."""
        near = {(at[0] + dx, at[1] + dy): side for (dx, dy), side in NEIGHBOURS}
        for t in self.tiles():
            side = near.get((t["at"][0], t["at"][1]))
            if side:
                return f" {side} of the {tile_name(t['tile'])}"
        return ""


NEIGHBOURS = (((0, 1), "north"), ((-1, 0), "east"), ((0, -1), "south"), ((1, 0), "west"))
PARTS = {  # the seat's own doings that a line says after its head
    "bullets_spent": lambda e: f"pays {plural(e['amount'], 'bullet')}",
    "life_lost": lambda e: "loses a life",
    "token_taken": lambda e: f"picks up a {e['kind']}",
    "bullets_gained": lambda e: f"takes {plural(e['amount'], 'bullet')}",
    "life_gained": lambda e: f"heals {plural(e['amount'], 'life')}",
    "event_discarded": lambda e: f"discards {card_name(e['card'])}",
    "turn_ended": lambda e: "ends the turn",
}
