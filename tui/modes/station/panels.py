"""Station's side panels: survivors, the selected survivor's cards, noise and
danger, and the legend (tall terminals only). Each redraws from the game
screen (host.view, host.selected) with layout=False: their sizes are fixed
by the stylesheet, so an update never re-lays out the screen."""

from __future__ import annotations

from collections.abc import Callable

from rich.text import Text

from tui.modes.station.actions import zones_text
from tui.modes.station.glyphs import Glyphs, short_legend
from tui.text import display_name, initial
from tui.widgets.panels import Panel

LEVEL_STYLE = {
    "blue": "bold blue",
    "yellow": "bold yellow",
    "orange": "bold dark_orange",
    "red": "bold red",
}


def _card_stats(card_id: str, ammo: dict[str, int], dice: Callable[[str, bool], int | None]) -> str:
    """Dice (weapon power plus the survivor's skill, as the engine counts
    them), hit value, range and ammo of a card from the shipped card table."""
    from engine.station import content

    try:
        spec = content.card(card_id)
    except KeyError:
        return ""
    if spec.kind in ("melee", "ranged"):
        n = dice(card_id, spec.kind == "ranged")
        shown = f"{n}d" if n is not None else f"pow{spec.power}"
        if spec.kind == "melee":
            return f"{shown} {spec.hit}+"
        lo, hi = spec.range
        rounds = ammo.get(card_id, spec.ammo)
        return f"{shown} {spec.hit}+ r{lo}-{hi} {rounds}/{spec.ammo}"
    return spec.effect.replace("_", " ") if spec.effect else "item"


UNDO_TITLES = {
    "casual": "Survivors (undo: any)",
    "honest": "Survivors (undo: honest)",
    "ironman": "Survivors (ironman: no undo)",
}


class SurvivorsPanel(Panel):
    """One line per survivor: initial, name, wound pips, actions left, level,
    XP; in a hot-seat game the player who controls them ("P2") after the name."""

    title = "Survivors"

    def __init__(self, glyphs: Glyphs, undo: str = "") -> None:
        super().__init__(id="survivors")
        self.glyphs = glyphs
        if undo:  # the game's undo policy, in view all game long (K-6)
            self.border_title = UNDO_TITLES.get(undo, f"Survivors ({undo} undo)")

    def show(self, host) -> None:
        self.draw(host.view, host.selected, self.glyphs)

    def draw(self, view: dict, selected: str | None, g: Glyphs) -> None:
        text = Text(no_wrap=True, overflow="ellipsis")
        active = view.get("active")
        players = view.get("players") or {}
        seated = len(set(players.values())) > 1
        for n, (sid, s) in enumerate(view["survivors"].items()):
            if n:
                text.append("\n")
            if not s["alive"]:
                mark = "x"
            elif sid == selected:
                mark = ">"
            elif sid in view["done"]:
                mark = "-"
            else:
                mark = " "
            style = "reverse bold" if sid == selected else ("dim" if mark in "x-" else "")
            if seated:  # the name column gives up a space and the XP a digit for it
                text.append(f"{mark}{initial(sid)} {display_name(sid):<6}", style)
                text.append(f" P{players.get(sid, 1)}", "bold")
            else:
                text.append(f"{mark}{initial(sid)} {display_name(sid):<7}", style)
            health = max(0, s["max_wounds"] - s["wounds"])
            pips = g.pip_full * health + g.pip_empty * min(s["wounds"], s["max_wounds"])
            text.append(f" {pips:<3}", "bold red" if s["wounds"] else "green")
            if not s["alive"]:
                text.append(" dead")
                continue
            acts = "done" if sid in view["done"] else f"{s['actions_left']}act"
            text.append(f" {acts:<4}", "bold" if sid == active else "")
            text.append(f" {s['level']:<6}", LEVEL_STYLE.get(s["level"], ""))
            text.append(f"{s['xp']:>{2 if seated else 3}}xp")
        self.update(text, layout=False)


class CardsPanel(Panel):
    """The selected survivor's hand and backpack with weapon stats, and the
    floor of their zone. Every card is listed; when the side column is too
    short, the backpack and the floor go on shared lines, and what still
    does not fit is counted with where to see it (i: the gear editor). The
    panel grows and shrinks with its lines (a re-layout only then)."""

    def __init__(self, dice: Callable[[str, bool, str | None], int | None]) -> None:
        super().__init__(id="cards")
        self.dice = dice  # (weapon, ranged, survivor) -> dice rolled, as the engine counts
        self._lines = 0
        self._drawn: tuple | None = None  # what draw() last showed, to fit again on resize

    def show(self, host) -> None:
        sid = host.selected
        self.draw(host.view, sid, lambda weapon, ranged: self.dice(weapon, ranged, sid))

    def on_resize(self) -> None:
        """The column was laid out (or the terminal resized): fit the lines to it."""
        if self._drawn is not None:  # after this layout pass: a new one may be needed
            self.call_after_refresh(self.draw, *self._drawn)

    def room(self) -> int:
        """Lines this panel may use: the side column less the other panels."""
        side = self.parent
        if side is None or not side.content_region.height:
            return 99  # before the first layout: everything
        others = sum(c.outer_size.height for c in side.children if c is not self and c.display)
        return max(3, side.content_region.height - others - 1)

    def draw(self, view: dict, sid: str | None, dice: Callable[[str, bool], int | None]) -> None:
        self._drawn = (view, sid, dice)
        s = view["survivors"].get(sid or "")
        if s is None:
            self.put(Text())
            return
        self.border_title = f"{display_name(sid)}'s cards"
        width = self.content_region.width or 33
        lines = card_lines(s, view["floor"].get(s["zone"], []), dice, width, self.room())
        text = Text("\n", no_wrap=True, overflow="ellipsis").join(lines)
        if len(lines) != self._lines:  # the panel's height changes: lay the column out again
            self._lines = len(lines)
            self._shown = text
            self.update(text)
        else:
            self.put(text)


def card_lines(
    s: dict, floor: list[str], dice: Callable[[str, bool], int | None], width: int, room: int
) -> list[Text]:
    """The cards panel's lines for survivor s: one line per carried card with
    its stats while they fit, else the backpack and the floor as wrapped
    lists of names; a last line counts what is left out and where to see it."""
    ammo: dict[str, int] = {}
    for card_id, rounds in s["ammo"]:
        ammo.setdefault(card_id, rounds)

    def card_line(place: str, card: str | None) -> tuple[Text, int]:
        line = Text(f"{place:<5}", "dim")
        if card is None:
            line.append("-", "dim")
            return line, 0
        line.append(f"{card.replace('_', ' '):<13}", "bold" if place == "hand" else "")
        line.append(_card_stats(card, ammo, dice), "cyan")
        return line, 1

    def listed(place: str, cards: list[str]) -> list[tuple[Text, int]]:
        """Names after a place word, wrapped at width under one another."""
        out: list[tuple[Text, int]] = []
        indent = max(5, len(place) + 1)
        line, count = Text(f"{place:<{indent}}", "dim"), 0
        for n, card in enumerate(cards):
            name = card.replace("_", " ") + ("," if n < len(cards) - 1 else "")
            if count and line.cell_len + 1 + len(name) > width:
                out.append((line, count))
                line, count = Text(" " * indent), 0
            line.append((" " if count else "") + name)
            count += 1
        out.append((line, count))
        return out

    hand = [card_line("hand", c) for c in s["hand"]] or [card_line("hand", None)]
    pack_full = [card_line("pack", c) for c in s["backpack"]] or [card_line("pack", None)]
    pack_short = listed("pack", s["backpack"]) if s["backpack"] else pack_full
    floor_lines = listed("floor", floor) if floor else []
    for pack in (pack_full, pack_short):
        lines = hand + pack + floor_lines
        if len(lines) <= room:
            return [t for t, _ in lines]
    # still too long: keep what fits, then say how many cards are left out
    kept = lines[: max(room - 1, len(hand))]
    shown = sum(n for _, n in kept)
    carried = len(s["hand"]) + len(s["backpack"])
    missing = carried + len(floor) - shown
    where = "on the floor: x looks" if shown >= carried else "c: the sheet lists all"
    more = Text(f"+{missing} more {where}", "bold")
    return [*(t for t, _ in kept), more]


class DangerPanel(Panel):
    """Round, danger level, zombies on board vs the limit, noise and marker."""

    title = "Danger"

    def __init__(self, glyphs: Glyphs) -> None:
        super().__init__(id="danger")
        self.glyphs = glyphs

    def show(self, host) -> None:
        self.draw(host.view, self.glyphs)

    def draw(self, view: dict, g: Glyphs) -> None:
        text = Text(no_wrap=True, overflow="ellipsis")
        danger = view["danger"]
        text.append(f"Round {view['round']}  Danger ")
        text.append(danger.upper(), LEVEL_STYLE.get(danger, "bold"))
        count, limit = view.get("zombie_count", 0), view.get("max_zombies", 0)
        text.append(f"\nZombies {count}/{limit}  Kills {view['kills']}")
        noise = ", ".join(f"{z} ({n})" for z, n in view["noise"].items()) or "-"
        marker = view.get("marker") or "-"
        text.append(f"\nNoise {noise}  {g.marker} {marker}")
        text.append(
            "\n" + objectives_line(view["objectives_left"], self.content_region.width or 33)
        )
        self.update(text, layout=False)


def objectives_line(left: list[str], room: int) -> str:
    """The objectives not taken yet, by zone, in room: "Objectives left:
    zones 5, u, F" (the word zones, so a zone named 5 is not read as a
    count), else "Objectives left: 6 zones"."""
    if not left:
        return "Objectives left: none"
    listed = f"Objectives left: {zones_text(left)}"
    return listed if len(listed) <= room else f"Objectives left: {len(left)} zones"


class LegendPanel(Panel):
    """The board glyphs, two to a line (shown when the terminal is tall)."""

    title = "Legend (? for help)"
    tall_only = True

    def __init__(self, glyphs: Glyphs) -> None:
        super().__init__(id="legend")
        self.draw(glyphs)

    def draw(self, g: Glyphs) -> None:
        text = Text(no_wrap=True, overflow="ellipsis")
        for n, (glyph, meaning) in enumerate(short_legend(g)):
            if n and n % 2 == 0:
                text.append("\n")
            text.append(f"{glyph:<3}", "bold")
            text.append(f"{meaning:<14}")
        self.update(text, layout=False)
