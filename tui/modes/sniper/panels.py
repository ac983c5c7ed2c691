"""Side panels. The sniper's: himself (turn n of 12, health, ammo, moves,
action, spotted or hidden, cover), his kit, his secret objectives and the
enemy as he knows it (seen now, or last seen n turns ago). The commander's
(hot-seat): his units, his event cards, and what he knows of the sniper.

Each panel reads host.view, the view the screen drew: when the commander
has the keyboard the sniper's panels say nothing, and the other way round."""

from __future__ import annotations

from rich.text import Text

from engine.core.geometry import chebyshev
from engine.sniper import content
from engine.sniper.mission import id_order
from tui.modes.sniper import words
from tui.modes.sniper.glyphs import Glyphs
from tui.modes.sniper.sight import as_cell
from tui.widgets.panels import Panel


def side(view: dict) -> str:
    return view.get("viewer", "sniper")


class FixedPanel(Panel):
    """A panel of a fixed number of lines (its border line included): the
    shared panels never re-lay out, so each takes its room once. `lines`
    0: whatever room the side column has left."""

    lines = 0

    def on_mount(self) -> None:
        self.styles.height = self.lines if self.lines else "1fr"


class SniperPanel(FixedPanel):
    """Turn, health, ammo, moves and action, spotted and cover."""

    title = "Sniper"
    lines = 5

    def __init__(self, glyphs: Glyphs) -> None:
        super().__init__(id="sniper-panel")
        self.glyphs = glyphs

    def show(self, host) -> None:
        view = host.view
        if side(view) != "sniper":
            self.put(commander_status(view))
            return
        self.put(sniper_status(view, self.glyphs))


def turn_text(view: dict) -> str:
    rain = (
        " rain" if view.get("rain_until") is not None and view["turn"] <= view["rain_until"] else ""
    )
    return f"Turn {view['turn']} of {view['turns']}{rain}"


def sniper_status(view: dict, g: Glyphs) -> Text:
    me = view["sniper"]
    text = Text(no_wrap=True, overflow="ellipsis")
    text.append(turn_text(view), "bold")
    text.append("\nHealth ")
    health, top = me["health"], me.get("max_health", me["health"])
    text.append(g.pip_full * health + g.pip_empty * max(0, top - health), "bold")
    text.append(f" {health}/{top}  Ammo ")
    text.append(str(me["ammo"]), "bold" if me["ammo"] else "bold reverse")
    moves = me["moves_left"]
    acts = me.get("actions_left", 0)
    text.append(f"\nMoves {moves}  Action{'s' if acts != 1 else ''} {acts}")
    if view.get("phase") == "over":
        text.append("  (over)")
    text.append("\n")
    if me["spotted"]:
        text.append("SPOTTED", "bold reverse")
    else:
        text.append("unseen")
    if me["exposed"]:
        text.append(" EXPOSED", "bold")
    else:
        text.append(" in cover")
    if me.get("camouflage"):
        text.append(" camo")
    if me.get("binoculars"):
        text.append(" binocs")
    if view.get("masked"):
        text.append(" masked")
    return text


def commander_status(view: dict) -> Text:
    text = Text(no_wrap=True, overflow="ellipsis")
    text.append(turn_text(view), "bold")
    if view.get("sniper_at"):
        text.append(f"\nSniper SEEN at {words.cell(view['sniper_at'])}", "bold")
    elif view.get("last_known"):
        known = view["last_known"]
        ago = words.turns_ago(view["turn"] - known["turn"])
        text.append(f"\nSniper last known {words.cell(known['at'])}, {ago}")
    else:
        text.append("\nSniper: no trace yet")
    heard = view.get("noises", [])
    if heard:
        text.append("\nHeard: " + " ".join(words.cell(n["at"]) for n in heard))
    return text


class KitPanel(FixedPanel):
    """His equipment (sniper), or the commander's event cards."""

    title = "Kit"
    lines = 3

    def __init__(self) -> None:
        super().__init__(id="kit-panel")

    def show(self, host) -> None:
        view = host.view
        if side(view) == "sniper":
            self.border_title = "Kit"
            width = self.content_region.width or 30
            self.put(Text(kit_text(view["sniper"]["hand"], width, self.lines - 1)))
        else:
            self.border_title = "Event cards"
            hand = view.get("commander_hand", [])
            note = " (played one)" if view.get("event_played") else ""
            self.put(Text((", ".join(words.card(c) for c in hand) or "none") + note))


def kit_text(hand: list[str], width: int, rows: int) -> str:
    """His cards by their full names, a card held twice once with its count
    ("grenade x2"), packed into `rows` lines of `width` without cutting a name;
    what does not fit is counted at the end ("+2")."""
    counts: dict[str, int] = {}
    for card in hand:
        counts[card] = counts.get(card, 0) + 1
    names = [words.card(c) + (f" x{n}" if n > 1 else "") for c, n in counts.items()]
    if not names:
        return "nothing left"
    lines: list[str] = [""]
    for i, name in enumerate(names):
        left = len(names) - i - 1
        piece = name + ("," if left else "")
        line = lines[-1]
        if not line or len(line) + 1 + len(piece) <= width:
            lines[-1] = f"{line} {piece}".strip()
        elif len(lines) < rows:
            lines.append(piece)
        else:
            more = f" +{left + 1}"
            lines[-1] = line if len(line) + len(more) <= width else line[: width - len(more)]
            lines[-1] = lines[-1].rstrip(",") + more
            break
    return "\n".join(lines)


class ObjectivesPanel(FixedPanel):
    """His secret objectives, done or not (the sniper only)."""

    title = "Objectives"
    lines = 4

    def __init__(self) -> None:
        super().__init__(id="objectives-panel")

    def show(self, host) -> None:
        view = host.view
        if side(view) != "sniper":
            self.border_title = "Objectives"
            self.put(Text("secret: the sniper's own", "dim"))
            return
        me = view["sniper"]
        text = Text(no_wrap=True, overflow="ellipsis")
        for n, o in enumerate(me["objectives"]):
            done = o in me["done"]
            if n:
                text.append("\n")
            text.append("[x] " if done else "[ ] ")
            text.append(words.objective(o), "dim" if done else "")
            need = content.objective(o)
            if need.kind == "kills" and not done:
                have = view.get("kills", {}).get(need.unit_kind, 0)
                text.append(f" ({min(have, need.number)}/{need.number})")
        if not me["objectives"]:
            text.append("none: get out")
        self.put(text)


class EnemyPanel(FixedPanel):
    """Units he sees now, then units he saw before, with when (sniper); every
    unit with its orders (commander)."""

    title = "Enemy"

    def __init__(self) -> None:
        super().__init__(id="enemy-panel")

    def show(self, host) -> None:
        view = host.view
        room = max(2, self.content_region.height or 5)
        if side(view) == "sniper":
            self.border_title = "Enemy"
            self.put(enemy_lines(view, room))
        else:
            self.border_title = "Your units"
            self.put(unit_lines(view, host.selected, room))


def enemy_lines(view: dict, room: int) -> Text:
    me = as_cell(view["sniper"]["at"])
    rows: list[tuple[str, str]] = []
    for uid, u in sorted(view["units"].items(), key=lambda kv: id_order(kv[0])):
        d = chebyshev(me, as_cell(u["at"]))
        rows.append((f"{uid:<3} {u['kind']:<8}{words.cell(u['at']):>6} {d:>2}c", "bold"))
    for uid, s in view.get("last_seen", {}).items():
        if uid in view["units"]:
            continue
        when = words.turns_ago(view["turn"] - s["turn"])
        rows.append((f"{uid:<3} {s['kind']:<8}{words.cell(s['at']):>6} {when}", "dim"))
    text = Text(no_wrap=True, overflow="ellipsis")
    if not rows:
        text.append("none in sight", "dim")
        return text
    shown = rows if len(rows) <= room else rows[: room - 1]
    for n, (line, style) in enumerate(shown):
        text.append(("\n" if n else "") + line, style)
    if len(shown) < len(rows):
        text.append(f"\n+{len(rows) - len(shown)} more (x on a cell looks)", "dim")
    return text


def unit_lines(view: dict, selected: str | None, room: int) -> Text:
    text = Text(no_wrap=True, overflow="ellipsis")
    living = [(uid, u) for uid, u in view["units"].items() if u.get("alive", True)]
    living.sort(key=lambda kv: id_order(kv[0]))
    if selected in dict(living):  # the selected unit stays in view
        i = [uid for uid, _ in living].index(selected)
        start = max(0, min(i - room // 2, len(living) - room))
    else:
        start = 0
    for n, (uid, u) in enumerate(living[start : start + room]):
        mark = ">" if uid == selected else " "
        state = "done" if u.get("moved") else ("alert" if u.get("alert") else "")
        line = f"{mark}{uid:<3} {u['kind']:<8}{words.cell(u['at']):>6} h{u['health']} {state}"
        text.append(("\n" if n else "") + line, "reverse bold" if uid == selected else "")
    return text
