"""Outbreak's town in words (tui/modes/spoken.py): the town is a dict of
cells ("x,y": road, wall, building...), not map rows, so what lies near is
read from it: the open cells round the figure (where it may walk), then the
zombies, tokens, rivals and the Helipad within a few cells."""

from __future__ import annotations

from typing import Any

from engine.outbreak import content
from tui.modes.base import Host
from tui.modes.outbreak.play import to_act_of
from tui.modes.outbreak.words import as_dict, card_name, plural, tile_name
from tui.modes.spoken import GridSpoken, direction, number

WALLS = frozenset({"wall"})


class Spoken(GridSpoken):
    radius = 3
    unsaid = GridSpoken.unsaid | {"tiles", "drawn_tile", "tile_pile", "tiles_out"}

    def cells(self, view: dict) -> dict[tuple[int, int], str]:
        out = {}
        for key, kind in (view.get("cells") or {}).items():
            x, _, y = str(key).partition(",")
            try:
                out[(int(x), int(y))] = str(kind)
            except ValueError:
                continue
        return out

    def figure_place(self, host: Host) -> Any:
        seat = host.view.get("viewer")
        mine = (host.view.get("seats") or {}).get(seat) or {}
        cell = mine.get("cell")
        if isinstance(cell, (list, tuple)) and len(cell) == 2:
            return (cell[0], cell[1])
        return super().figure_place(host)

    def notable(self, host: Host, here: tuple[int, int]) -> list[tuple[int, int]]:
        cells = self.cells(host.view)
        things = {c for c in self.things(host.view) if c in cells}

        def dist(c: tuple[int, int]) -> int:
            return max(abs(c[0] - here[0]), abs(c[1] - here[1]))

        steps = {
            (here[0] + dx, here[1] + dy)
            for dx, dy in ((0, -1), (1, 0), (0, 1), (-1, 0))
            if cells.get((here[0] + dx, here[1] + dy), "wall") not in WALLS
        }
        near = [c for c in things if c != here and dist(c) <= self.radius]
        first = sorted(near, key=lambda c: (dist(c), c))
        return first + sorted(steps - set(first), key=lambda c: (dist(c), c))

    def board(self, host: Host) -> list[str]:
        """The town round the figure, a character a cell (# wall, . open, @ the
        figure in focus, z zombie)."""
        here = self.figure_place(host)
        cells = self.cells(host.view)
        if not isinstance(here, tuple) or not cells:
            return self.where(host)
        zombies = {tuple(z) for z in host.view.get("zombies") or [] if len(z) == 2}
        x0, x1, y0, y1 = here[0] - 6, here[0] + 6, here[1] - 3, here[1] + 3
        y0s, y1s, x0s, x1s = (number(n) for n in (y0, y1, x0, x1))
        mark = self.play.board_mark(host)
        lines = [f"Rows {y0s} to {y1s}, columns {x0s} to {x1s}; {mark}; z a zombie, # a wall:"]
        for y in range(y0, y1 + 1):
            row = ""
            for x in range(x0, x1 + 1):
                kind = cells.get((x, y))
                if (x, y) == here:
                    row += "@"
                elif (x, y) in zombies:
                    row += "z"
                elif kind is None:
                    row += " "
                else:
                    row += "#" if kind in WALLS else "."
            lines.append(f"row {number(y)}: {row.rstrip() or '(nothing laid)'}")
        return lines

    # -- a turn told short ----------------------------------------------------------------
    def own_told(self, host: Host, before: Any, events: list[Any]) -> list[str] | None:
        """A person's own command said short (they know what they typed): a
        step is its direction and the moves left, a roll the moves it gives,
        the tile they lay its name; draws, fights, wounds and what came in
        as the narrator says them. The heading of a bot's turn is left to
        the bot's own line ("Bot 2's turn: ...")."""
        play = self.play
        sid = to_act_of(before)
        if sid is None or sid not in play.seats.humans:
            return None
        now = play.game.view(play.viewer())
        out: list[str] = []
        run: list[dict] = []
        dicts = [as_dict(e) for e in events]
        last_step = max((i for i, e in enumerate(dicts) if e["type"] == "figure_moved"), default=-1)
        last_zombie = max(
            (i for i, e in enumerate(dicts) if e["type"] == "zombie_moved" and e.get("by") == sid),
            default=-1,
        )
        for i, e in enumerate(dicts):
            line = self.short_line(sid, e, now, i == last_step, i == last_zombie)
            if line is None:
                run.append(e)
                continue
            out += play.narrator.lines(run)
            run = []
            if line:
                out.append(line)
        return out + play.narrator.lines(run)

    def short_line(self, sid: str, e: dict, now: dict, last: bool, last_zombie: bool) -> str | None:
        """The short words for one of the person's own events; "" to leave it
        unsaid; None: as the narrator says it."""
        kind, mine = e["type"], e.get("seat") == sid
        seats = self.play.seats
        if kind == "figure_moved" and mine:
            way = SIDE_WORD.get(step_of(e), "")
            if not way:
                return None
            left = now.get("moves_left", 0)
            return f"{way.capitalize()}, {left} left." if last else f"{way.capitalize()}."
        if kind == "zombie_moved" and e.get("by") == sid:
            way = SIDE_WORD.get(step_of(e), "")
            if not way:
                return None
            left = now.get("zombie_moves_left", 0)
            return f"Zombie {way}, {left} left." if last_zombie else f"Zombie {way}."
        if kind == "fight_rolled" and mine:
            bonus = e["total"] - e["die"]
            shown = f"{e['die']} +{bonus} = {e['total']}" if bonus else str(e["die"])
            wins = e["total"] >= content.WIN_ROLL
            return f"Fight: {shown}, {'the zombie dies' if wins else 'not enough'}."
        if kind == "decision_pending" and e["pending"]["seat"] == sid:
            short = content.WIN_ROLL - e["pending"]["total"]
            return f"{short} short: pay bullets or lose a life."
        if kind == "bullets_spent" and mine:
            return f"You spend {plural(e['amount'], 'bullet')}: the zombie dies."
        if kind == "life_lost" and mine:
            return "You lose a life."
        if kind == "event_played" and mine:
            return self.play.narrator.played(e).replace(f"{seats.name(sid)} plays", "You play", 1)
        if kind == "effect_ended" and (e.get("by") or e["seat"]) == sid == e["seat"]:
            return f"Your {card_name(e['effect'])} wears off."
        if kind == "no_tile_drawn" and e["reason"] == "map_closed":
            return "No tile: the town is closed."
        if kind == "tile_drawn" and mine and e["placer"] == sid:
            return f"You draw the {tile_name(e['tile'])}."
        if kind == "tile_placed" and mine:
            return "Laid."
        if kind == "movement_rolled" and mine:
            bonus = e["moves"] - e["die"]
            extra = f" (rolled {e['die']} +{bonus})" if bonus else ""
            return f"{plural(e['moves'], 'move')}{extra}."
        if kind == "zombie_die_rolled" and mine:
            return f"{plural(e['die'], 'zombie move')}."
        if kind == "turn_started" and seats.kinds.get(e["seat"]) == "bot":
            return ""  # the bot's own line says whose turn it is
        return None

    def bots_told(self, host: Host, steps: list[tuple[Any, list[Any]]]) -> list[str] | None:
        """Each bot's turn as one line of what came of it, most important
        first ("Bot 2's turn: loses a life, kills 2 zombies (7 of 25), lays
        the Skate Shop, plays Horde on the Diner, ends 3 cells east of
        you."), then the zombies that came in; a game won is said first of
        all; a person's turn that begins, as the narrator says it."""
        if not steps:
            return None
        play = self.play
        now = play.game.view(play.viewer())
        here = self.figure_place(host) if host.view else None
        turns: list[tuple[str | None, list[dict]]] = [(to_act_of(steps[0][0]), [])]
        for _, events in steps:
            for e in map(as_dict, events):
                if e["type"] == "turn_started":
                    turns.append((e["seat"], [e]))
                else:
                    turns[-1][1].append(e)
        out: list[str] = []
        for sid, events in turns:
            if sid is None or sid in play.seats.humans:  # a person's turn begins
                if sid in play.narrator.readers:  # the prompt says whose turn and round
                    events = [e for e in events if e["type"] != "turn_started"]
                out += play.narrator.lines(events)
            elif events or sid == turns[0][0]:
                out += self.turn_lines(sid, events, now, here)
        return out

    def turn_lines(self, sid: str, events: list[dict], now: dict, here: Any) -> list[str]:
        play = self.play
        lines = [play.narrator.line(e) for e in events if e["type"] in ("game_won", "game_lost")]

        def mine(kind: str) -> list[dict]:
            return [e for e in events if e["type"] == kind and e.get("seat") == sid]

        parts: list[str] = []
        died, lives = mine("figure_died"), len(mine("life_lost"))
        if died:
            lost = sum(e["kills_lost"] for e in died)
            parts.append(f"dies ({plural(lost, 'kill')} lost)")
        elif lives:
            parts.append("loses " + ("a life" if lives == 1 else f"{lives} lives"))
        kills = len(mine("zombie_killed"))
        if kills:
            total = (now.get("seats") or {}).get(sid, {}).get("kills")
            score = f" ({total} of {now.get('kills_to_win')})" if total is not None else ""
            parts.append(f"kills {plural(kills, 'zombie')}{score}")
        parts += [f"lays the {tile_name(e['tile'])}" for e in mine("tile_placed")]
        name = play.seats.name(sid)
        parts += [  # a card on someone or on a tile (one it plays on itself: in the log)
            play.narrator.played(e).rstrip(".").removeprefix(f"{name} ")
            for e in mine("event_played")
            if e.get("target") or e.get("tile")
        ]
        moved = mine("figure_moved") or mine("figure_pushed") or died
        cell = ((now.get("seats") or {}).get(sid) or {}).get("cell")
        if moved and isinstance(here, tuple) and isinstance(cell, list) and len(cell) == 2:
            dx, dy = cell[0] - here[0], cell[1] - here[1]
            apart = max(abs(dx), abs(dy))
            parts.append(
                f"is now {apart} cell{'s' * (apart > 1)} {direction(dx, dy)} of you"
                if apart
                else "is now on your cell"
            )
        taken = [e["kind"] for e in mine("token_taken")]
        if taken:
            found = [plural(taken.count(k), k) for k in ("bullet", "life") if k in taken]
            parts.append("picks up " + join(found))
        placed = len([e for e in events if e["type"] == "zombie_placed"])
        came = f"; {plural(placed, 'zombie')} shamble{'s' * (placed == 1)} in" if placed else ""
        did = ", ".join(parts) or "nothing new"
        lines.append(f"{play.seats.possessive(sid)} turn: {did}{came}.")
        others = [
            e for e in events if e["type"] in ("life_lost", "figure_died") and e["seat"] != sid
        ]
        return lines + [play.narrator.line(e) for e in others]  # a card of theirs hurt someone


SIDE_WORD = {(0, -1): "north", (1, 0): "east", (0, 1): "south", (-1, 0): "west"}


def step_of(e: dict) -> tuple[int, int]:
    a, b = e["from"], e["to"]
    return (b[0] - a[0], b[1] - a[1])


def join(parts: Any) -> str:
    parts = list(parts)
    return parts[0] if len(parts) == 1 else ", ".join(parts[:-1]) + " and " + parts[-1]
