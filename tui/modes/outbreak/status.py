"""What Outbreak's screen says about the game now: the status line, the
labels of commands in a choice, the hint under the cursor while targeting,
what the cursor looks at, and the end-of-game line."""

from __future__ import annotations

from typing import Any

from rich.text import Text

from engine.outbreak import content
from tui.modes.base import Host, Targeting
from tui.modes.outbreak.scene import pos_of
from tui.modes.outbreak.words import (
    SIDE,
    card_effect,
    card_name,
    direction,
    effect_note,
    plural,
    tile_name,
    turned,
)


class OutbreakStatus:
    """Mixed into OutbreakPlay: needs its seats, rotation, picked, mine,
    placements, movable_zombies, tile_at and figure."""

    def over_text(self, view: dict) -> str:
        if view.get("outcome") == "won":
            return f"{self.seats.name(view['winner'])} has won. Press Enter for the table."
        return "Everybody has lost. Press Enter for the table."

    def place(self, cursor: Any) -> str:
        return f"cell {cursor[0]},{cursor[1]}" if cursor else "nowhere"

    def label(self, command: dict, view: dict) -> str:
        name = self.seats.name
        match command["type"]:
            case "play_event":
                text = card_name(command["card"])
                if command.get("direction"):
                    return (
                        f"{text}: {name(command['target'])} stumbles {SIDE[command['direction']]}"
                    )
                if command.get("target"):
                    return f"{text} on {name(command['target'])}"
                if command.get("tile"):
                    tile = self.tile_at(tuple(command["tile"]))
                    return f"{text} on the {tile_name(tile or '')} at {command['tile'][0]},{command['tile'][1]}"
                return f"{text}: {card_effect(command['card'])}"
            case "draw_tile":
                return "Draw the tile"
            case "place_tile":
                tile = tile_name(view.get("drawn_tile") or "")
                at = command["at"]
                return f"Lay the {tile} at {at[0]},{at[1]}, {turned(command['rotation'])}"
            case "choose":
                return self.choice_label(command["option"], view)
            case "move":
                return f"Step {direction(self.figure(view), command['to'])}"
            case "end_move":
                return "End the movement"
            case "move_zombie":
                a = command["from"]
                return f"Move the zombie at {a[0]},{a[1]} {direction(a, command['to'])}"
            case "end_turn":
                if command.get("discard") and view.get("options", {}).get("discard") == "mandatory":
                    return f"End the turn, putting {card_name(command['discard'])} back"
                if command.get("discard"):
                    return f"End the turn, discarding {card_name(command['discard'])}"
                return "End the turn, keeping every card"
        return super().label(command, view)

    def choice_label(self, option: str, view: dict) -> str:
        pending = view.get("pending") or {}
        me = view["seats"].get(pending.get("seat", ""), {})
        if option == "bullets":
            need = content.WIN_ROLL - pending.get("total", 0)
            held = me.get("bullets", 0)
            return f"Pay {plural(need, 'bullet')} (of {held}): the zombie dies"
        life = me.get("life", 0)
        if life <= 1:
            return "Lose your last life: you die, back to Town Square"
        return f"Lose a life ({life - 1} left) and roll again"

    def pending_title(self, view: dict) -> str:
        p = view["pending"]
        bonus = p["total"] - p["roll"]
        rolled = f"{p['roll']} +{bonus} = {p['total']}" if bonus else str(p["roll"])
        who = self.seats.name(p["seat"])
        return f"{who} fights a zombie: rolled {rolled}, needs {content.WIN_ROLL}"

    def status(self, host: Host) -> Text:
        view = host.view
        who = self.seats.name(view["to_act"])
        if not self.mine(host):
            return Text(f"{who} is playing." if view.get("to_act") else "", "bold")
        text = Text(f"{who}: ", "bold")
        match view["phase"]:
            case "event":
                if self.mine(host, "play_event"):
                    text.append("p", "bold")
                    text.append(" plays a card, ")
                text.append("t", "bold")
                if view["map_closed"]:  # house: a closed town's tile step brings zombies
                    text.append(" goes on (the town is closed: zombies come instead)")
                else:
                    text.append(" draws the tile")
            case "tile":
                tile = tile_name(view["drawn_tile"] or "")
                places = self.placements(host)
                at = pos_of(host.cursor) if host.cursor else None
                keys = Text.assemble(("r", "bold"), " turns, arrows move")
                if self.rotation in places.get(at, ()):
                    said = [
                        f"lay the {tile} ({turned(self.rotation)}): Enter lays it, ",
                        f"lay the {tile}: Enter lays it, ",  # its turn shows on the board
                        f"lay the {tile}: Enter, ",
                    ]
                else:
                    said = [f"the {tile} does not fit here {turned(self.rotation)}; "]
                room = host.status_room() - len(text) - len(keys)
                text.append(next((w for w in said if len(w) <= room), said[-1]))
                text.append(keys)
            case "move":
                left = view["moves_left"]
                if left:
                    text.append(f"{plural(left, 'move')} left: cursor + Enter walks, ")
                else:
                    text.append("no moves left: ")
                text.append("e", "bold")
                text.append(" ends the movement")
            case "zombies":
                left = view["zombie_moves_left"]
                if self.movable_zombies(host):
                    text.append(f"{plural(left, 'zombie move')}: ")
                    text.append("z", "bold")
                    text.append(" finds one, Enter picks its way, ")
                elif left:
                    text.append(f"{plural(left, 'zombie move')}, but no zombie can move: ")
                text.append("e", "bold")
                text.append(" ends the turn")
        return text

    def target_hint(self, host: Host, t: Targeting, cursor: Any) -> str:
        cmds = t.options[cursor]
        if t.kind == "tile_zombies":
            exits = self._pick[2] if self._pick else 0
            marked = f"{len(self.picked)} of {exits} marked"
            return marked + (": Enter lays it" if len(self.picked) == exits else ", z marks")
        if t.kind == "card_tile":
            pos = tuple(cmds[0]["tile"])
            n = sum(1 for z in host.view["zombies"] if pos_of((z[0], z[1])) == pos)
            return f"the {tile_name(self.tile_at(pos) or '')} ({plural(n, 'zombie')})"
        if t.kind == "zombie_way":
            a = cmds[0]["from"]
            ways = ", ".join(direction(a, to) for to in t.options)
            return f"{direction(a, cursor)} (arrows: {ways})"  # the line fits one row
        return self.label(cmds[0], host.view)

    def look(self, host: Host) -> str:
        return self.describe(host.view, host.cursor, host)

    def describe(self, view: dict, cell: Any, host: Host) -> str:
        if cell is None:
            return "Nothing to look at."
        key = f"{cell[0]},{cell[1]}"
        kind = view["cells"].get(key)
        where = f"Cell {key}"
        if kind is None:
            at = pos_of(cell)
            places = self.placements(host)
            if at in places:
                turns = ", ".join(str(r) for r in places[at])
                return f"{where}: an empty place where the tile fits (turned {turns})."
            return f"{where}: outside the town."
        tile = self.tile_at(pos_of(cell))
        parts = [f"{where}, {kind.replace('building', 'a room')} of the {tile_name(tile or '')}"]
        if [cell[0], cell[1]] in view["zombies"]:
            parts.append("a zombie")
        for t in view["tokens"]:
            if (t[0], t[1]) == tuple(cell):
                parts.append(f"a {t[2]} token")
        for sid in view["order"]:
            s = view["seats"][sid]
            if tuple(s["cell"]) == tuple(cell):
                fx = [effect_note(c, n) for c, n in s["effects"].items()]
                parts.append(self.seats.name(sid) + (f" ({', '.join(fx)})" if fx else ""))
        return ": ".join([parts[0], ", ".join(parts[1:])]) + "." if parts[1:] else parts[0] + "."
