"""Station's side panels: survivors, the selected survivor's cards, noise and
danger, and the legend (tall terminals only). Each redraws from the game
screen (host.view, host.selected) with layout=False: their sizes are fixed
by the stylesheet, so an update never re-lays out the screen."""

from __future__ import annotations

from collections.abc import Callable

from rich.text import Text

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


class SurvivorsPanel(Panel):
    """One line per survivor: initial, name, wound pips, actions left, level,
    XP; in a hot-seat game the player who controls them ("P2") after the name."""

    title = "Survivors"

    def __init__(self, glyphs: Glyphs) -> None:
        super().__init__(id="survivors")
        self.glyphs = glyphs

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
    """The selected survivor's hand and backpack with weapon stats, and the floor."""

    def __init__(self, dice: Callable[[str, bool, str | None], int | None]) -> None:
        super().__init__(id="cards")
        self.dice = dice  # (weapon, ranged, survivor) -> dice rolled, as the engine counts

    def show(self, host) -> None:
        sid = host.selected
        self.draw(host.view, sid, lambda weapon, ranged: self.dice(weapon, ranged, sid))

    def draw(self, view: dict, sid: str | None, dice: Callable[[str, bool], int | None]) -> None:
        text = Text(no_wrap=True, overflow="ellipsis")
        s = view["survivors"].get(sid or "")
        if s is None:
            self.update(text, layout=False)
            return
        self.border_title = f"{display_name(sid)}'s cards"
        ammo = {}
        for card_id, rounds in s["ammo"]:
            ammo.setdefault(card_id, rounds)
        rows = [("hand", c) for c in s["hand"]] or [("hand", None)]
        rows += [("pack", c) for c in s["backpack"]] or [("pack", None)]
        for n, (place, card) in enumerate(rows):
            if n:
                text.append("\n")
            text.append(f"{place:<5}", "dim")
            if card is None:
                text.append("-", "dim")
                continue
            text.append(f"{card.replace('_', ' '):<13}", "bold" if place == "hand" else "")
            text.append(_card_stats(card, ammo, dice), "cyan")
        floor = view["floor"].get(s["zone"], [])
        if floor:
            text.append("\nfloor ", "dim")
            text.append(", ".join(c.replace("_", " ") for c in floor))
        self.update(text, layout=False)


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
        noise = " ".join(f"{z}{n}" for z, n in view["noise"].items()) or "-"
        marker = view.get("marker") or "-"
        text.append(f"\nNoise {noise}  {g.marker} {marker}")
        left = view["objectives_left"]
        text.append(f"\nObjectives left {len(left)}" + (f" ({', '.join(left)})" if left else ""))
        self.update(text, layout=False)


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
