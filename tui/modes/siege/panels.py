"""Siege's side panels: the humans (lives, actions left, load), the
selected human's items with their sizes and the load against 4 units, and
the round (zombies, spots, the last roll of the dice). Fixed in size by the
stylesheet: each redraw uses put(), which skips unchanged text."""

from __future__ import annotations

from rich.text import Text

from engine.siege import content
from engine.siege import events as ev
from tui.modes.siege.glyphs import Glyphs, short_legend
from tui.modes.siege.narrate import RESULTS, dice_text, name
from tui.modes.siege.scene import spots_done
from tui.widgets.panels import Panel

CARRY = content.CARRY_UNITS


class SizedPanel(Panel):
    """A panel whose number of lines changes (a human's items): the screen
    is laid out again only when it does."""

    def show_text(self, text: Text) -> None:
        lines = text.plain.count("\n") + 1
        if lines != getattr(self, "_lines", None):
            self._lines = lines
            self._shown = text
            self.update(text)  # with layout: the panel grows or shrinks
        else:
            self.put(text)


def pips(g: Glyphs, lives: int, most: int = 3) -> str:
    return g.pip_full * max(0, lives) + g.pip_empty * max(0, most - lives)


def item_stats(item_id: str, empty: bool) -> str:
    spec = content.item(item_id)
    if spec.kind == "firearm":
        return f"r{spec.range}" + (" x3" if spec.burst > 1 else "") + (" EMPTY" if empty else "")
    if spec.kind == "thrown":
        return f"throw r{spec.range}"
    if spec.kind == "melee":
        return "melee"
    return spec.effect.replace("_", " ") if spec.effect != "car_keys" else "cars"


class HumansPanel(Panel):
    """One line per human: seat number, name, lives, actions left or done,
    load; > marks the one the keys act for."""

    title = "Humans"

    def __init__(self, glyphs: Glyphs) -> None:
        super().__init__(id="humans")
        self.glyphs = glyphs

    def show(self, host) -> None:
        view, g = host.view, self.glyphs
        text = Text(no_wrap=True, overflow="ellipsis")
        for n, (hid, h) in enumerate(view["humans"].items()):
            if n:
                text.append("\n")
            chosen = hid == host.selected
            mark = ">" if chosen else " "
            text.append(f"{mark}{n + 1} {name(hid):<9}", "reverse bold" if chosen else "")
            if not h["alive"]:
                text.append(" dead", "dim")
                continue
            text.append(f" {pips(g, h['lives'])}", "bold red" if h["wounded"] else "green")
            if h["carried_by"]:
                state = "carried"
            elif h["done"]:
                state = "done"
            else:
                state = f"{h['actions_left']} act"
            text.append(f" {state:<7}", "bold" if hid == view.get("active") else "dim" * h["done"])
            over = h["load"] > CARRY
            text.append(f" {h['load']}/{CARRY}u", "bold red" if over else "")
        self.put(text)


class ItemsPanel(SizedPanel):
    """The selected human's items (size, range, empty), the load and the
    action it costs, and what lies on the floor of their cell."""

    title = "Items"

    def __init__(self) -> None:
        super().__init__(id="items")
        self.human: str | None = None

    def show(self, host) -> None:
        view = host.view
        if host.selected in view["humans"]:
            self.human = host.selected
        h = view["humans"].get(self.human or "")
        text = Text(no_wrap=True, overflow="ellipsis")
        if h is None:
            self.show_text(text)
            return
        over = max(0, h["load"] - CARRY)
        title = f"{name(self.human)}: load {h['load']}/{CARRY}"
        self.border_title = title + (f", -{over} act" if over else "")
        empty = list(h["empty"])
        for n, item in enumerate(h["items"]):
            if n:
                text.append("\n")
            spec = content.item(item)
            is_empty = item in empty
            if is_empty:
                empty.remove(item)
            text.append(f"{spec.name:<14}", "bold" if spec.weapon else "")
            text.append(f"{spec.size:<6}", "dim")
            text.append(item_stats(item, is_empty), "bold red" if is_empty else "cyan")
        if not h["items"]:
            text.append("nothing", "dim")
        if h["aimed"]:
            text.append("\naiming: +1 on the next shot", "bold")
        at = h["at"]
        pile = next((p for p in view["floor"] if at and p["at"] == at), None)
        if pile and pile["items"]:
            text.append("\nfloor: ", "dim")
            text.append(", ".join(name(i) for i in pile["items"]))
        self.show_text(text)


def last_rolled(events) -> ev.AttackRolled | ev.ItemUsed | None:
    """The last attack or item roll of a human."""
    for e in reversed(events):
        if isinstance(e, (ev.AttackRolled, ev.ItemUsed)):
            return e
    return None


def last_roll(events) -> tuple[str, str]:
    """Whose roll with what, and the dice with what they did."""
    e = last_rolled(events)
    if isinstance(e, ev.AttackRolled):
        weapon = "bare hands" if e.weapon == "hands" else f"{name(e.weapon)}"
        again = ", re-rolled" if e.reroll else ""
        result = RESULTS.get(e.result, e.result)
        return f"{name(e.human)}, {weapon}", f"{dice_text(e.dice, e.aim)}: {result}{again}"
    if isinstance(e, ev.ItemUsed):
        worked = "it works" if e.worked else "it fails"
        return f"{name(e.human)}, {name(e.item)}", f"{dice_text(e.dice)}: {worked}"
    return "", ""


class RoundPanel(Panel):
    """Round and limit, zombies and kills, spots left, the noise, and the
    dice of the last roll a human made."""

    title = "Round"

    def __init__(self) -> None:
        super().__init__(id="round")

    def show(self, host) -> None:
        view = host.view
        text = Text(no_wrap=True, overflow="ellipsis")
        limit = view["turn_limit"]
        text.append(f"Round {view['round']}" + (f"/{limit}" if limit else ""), "bold")
        phase = {"humans": "humans' phase", "zombies": "zombies' turn", "over": "over"}
        text.append(f", {phase[view['phase']]}")
        left = len(view["spots"]) - len(spots_done(view))
        text.append(f"\nZombies {len(view['zombies'])}  Kills {view['kills']}  Spots left {left}")
        noise = view["noise"]
        text.append(
            f"\nNoise at {noise[0]},{noise[1]}" if noise else "\nNo noise this round", "dim"
        )
        who, dice = last_roll(host.game.events)
        text.append("\nDice: ", "dim")
        text.append(who or "none yet")
        text.append(f"\n  {dice}", "bold")  # always five lines: the panel keeps its size
        self.put(text)


class LegendPanel(Panel):
    """The board's glyphs, two to a line (tall terminals only)."""

    title = "Legend (? for help)"
    tall_only = True

    def __init__(self, glyphs: Glyphs) -> None:
        super().__init__(id="legend")
        text = Text(no_wrap=True, overflow="ellipsis")
        for n, (glyph, meaning) in enumerate(short_legend(glyphs)):
            if n and n % 2 == 0:
                text.append("\n")
            text.append(f"{glyph:<3}", "bold")
            text.append(f"{meaning:<14}")
        self.update(text, layout=False)
