"""The gear editor (ST-3.6): rearrange the survivor's hands and backpack,
the zone floor and the cards of survivors in the zone, as many moves as
wanted, then confirm once: one `manage` command, one action. Escape puts a
picked-up card back, and otherwise leaves without changing anything.

Nothing here knows a rule beyond the slot counts it shows: the arrangement
is checked by the engine before the dialog closes, and its refusal is shown
in the dialog."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Label, OptionList
from textual.widgets.option_list import Option

from tui.modes.station.actions import card_name
from tui.modes.station.panels import _card_stats
from tui.text import display_name

FLOOR = "floor"
CAPACITY = {"hand": 2, "backpack": 3}
DONE = "done"


@dataclass
class Place:
    key: str  # "floor" or "<survivor>:hand" / "<survivor>:backpack"
    label: str
    cards: list[str]
    capacity: int | None  # None: the floor holds anything


def places_of(view: dict, sid: str) -> list[Place]:
    """The survivor's hand and backpack, then the floor, then each other
    living survivor in the zone."""
    me = view["survivors"][sid]
    zone = me["zone"]
    out = [
        Place(f"{sid}:hand", f"{display_name(sid)}'s hand", list(me["hand"]), 2),
        Place(f"{sid}:backpack", f"{display_name(sid)}'s backpack", list(me["backpack"]), 3),
        Place(FLOOR, f"Floor of zone {zone}", list(view["floor"].get(zone, [])), None),
    ]
    for oid, o in view["survivors"].items():
        if oid != sid and o["alive"] and o["zone"] == zone:
            name = display_name(oid)
            out.append(Place(f"{oid}:hand", f"{name}'s hand", list(o["hand"]), 2))
            out.append(Place(f"{oid}:backpack", f"{name}'s backpack", list(o["backpack"]), 3))
    return out


def command_for(sid: str, start: list[Place], now: list[Place]) -> dict:
    """The manage command for the arrangement `now`: the survivor's cards,
    and those of every other survivor whose cards changed; the rest is floor."""
    before = {p.key: p.cards for p in start}
    after = {p.key: p.cards for p in now}
    command: dict = {
        "type": "manage",
        "survivor": sid,
        "hand": after[f"{sid}:hand"],
        "backpack": after[f"{sid}:backpack"],
    }
    others = {}
    for p in now:
        oid, _, slot = p.key.partition(":")
        if p.key == FLOOR or oid == sid or oid in others:
            continue
        hand, pack = f"{oid}:hand", f"{oid}:backpack"
        if (after[hand], after[pack]) != (before[hand], before[pack]):
            others[oid] = {"hand": after[hand], "backpack": after[pack]}
    if others:
        command["others"] = others
    return command


class GearEditor(ModalScreen[dict | None]):
    """Dismissed with the manage command to submit, or None (no change)."""

    SCOPED_CSS = False
    DEFAULT_CSS = """
    .-ascii GearEditor #gear-list { border: ascii $primary; }
    GearEditor { align: center middle; }
    GearEditor #gear-list { width: 60; height: auto; max-height: 14; }
    """
    BINDINGS = [
        Binding("escape", "back", "cancel", show=False),
        Binding("h", "send('hand')", "to hand", show=False),
        Binding("b", "send('backpack')", "to backpack", show=False),
        Binding("d", "send('floor')", "drop", show=False),
        Binding("r", "reset", "start again", show=False),
        Binding("c", "confirm", "confirm", show=False),
    ]

    def __init__(self, view: dict, sid: str, check: Callable[[dict], str | None]) -> None:
        super().__init__()
        self.sid = sid
        self.start = places_of(view, sid)
        self.places = [Place(p.key, p.label, list(p.cards), p.capacity) for p in self.start]
        self.check = check  # None when the engine accepts the command, else its reason
        self.carried: tuple[str, int] | None = None  # (place key, index) picked up

    def compose(self) -> ComposeResult:
        with Vertical(id="gear", classes="dialog"):
            yield Label(
                f"Gear: {display_name(self.sid)} (all moves cost one action)", id="question"
            )
            yield OptionList(id="gear-list")
            yield Label("", id="gear-note", classes="note")
            yield Label(
                "Enter picks a card up, puts it on a place or swaps it with a card\n"
                "h hand  b backpack  d drop  r start again  c confirm  Esc cancel",
                classes="note",
            )

    def on_mount(self) -> None:
        self.rebuild()
        self.query_one("#gear-list", OptionList).focus()

    # -- drawing ------------------------------------------------------------
    def place(self, key: str) -> Place:
        return next(p for p in self.places if p.key == key)

    def rebuild(self, highlight: str | None = None) -> None:
        menu = self.query_one("#gear-list", OptionList)
        keep = highlight or (menu.highlighted_option.id if menu.highlighted_option else None)
        options = []
        for p in self.places:
            room = f" ({len(p.cards)}/{p.capacity})" if p.capacity else ""
            options.append(Option(Text(p.label + room, "bold"), id=f"p|{p.key}"))
            for i, card in enumerate(p.cards):
                mark = "> " if self.carried == (p.key, i) else "  "
                line = Text(f"  {mark}{card_name(card)}")
                stats = _card_stats(card, {}, lambda _c, _r: None)
                if stats:
                    line.append(f"  {stats}", "dim")
                options.append(Option(line, id=f"c|{p.key}|{i}"))
        changed = self.command() != command_for(self.sid, self.start, self.start)
        done = (
            "Confirm: make these changes (one action)" if changed else "Confirm (nothing changed)"
        )
        options.append(Option(Text(done, "bold"), id=DONE))
        menu.clear_options()
        menu.add_options(options)
        ids = [o.id for o in options]
        menu.highlighted = ids.index(keep) if keep in ids else 0
        self.say_carrying()

    def say(self, text: str) -> None:
        self.query_one("#gear-note", Label).update(text)

    def say_carrying(self) -> None:
        if self.carried is not None:
            key, i = self.carried
            card = card_name(self.place(key).cards[i])
            self.say(f"Moving {card}: Enter on a place puts it there, on a card swaps them.")

    def command(self) -> dict:
        return command_for(self.sid, self.start, self.places)

    # -- moving cards ---------------------------------------------------------
    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        oid = event.option_id or ""
        if oid == DONE:
            self.action_confirm()
            return
        kind, key, *index = oid.split("|")
        if self.carried is None:
            if kind == "c":
                self.carried = (key, int(index[0]))
                self.rebuild()
            else:
                self.say("Pick a card first: Enter on a card picks it up.")
            return
        src, i = self.carried
        self.carried = None
        if kind == "c" and (key, int(index[0])) != (src, i):
            self.swap(src, i, key, int(index[0]))
        elif kind == "p":
            self.move(src, i, key)
        else:
            self.say("Put back.")
        self.rebuild()

    def move(self, src: str, i: int, dst: str) -> bool:
        target = self.place(dst)
        if src == dst:
            return True
        if target.capacity is not None and len(target.cards) >= target.capacity:
            self.say(f"{target.label} is full: put the card on one there to swap them.")
            return False
        target.cards.append(self.place(src).cards.pop(i))
        self.say("")
        return True

    def swap(self, src: str, i: int, dst: str, j: int) -> None:
        a, b = self.place(src).cards, self.place(dst).cards
        a[i], b[j] = b[j], a[i]
        self.say("")

    def action_send(self, where: str) -> None:
        """h, b, d: the highlighted (or picked-up) card to the survivor's
        hand, backpack or the floor."""
        menu = self.query_one("#gear-list", OptionList)
        if self.carried is not None:
            src, i = self.carried
        else:
            option = menu.highlighted_option
            parts = (option.id or "").split("|") if option else []
            if len(parts) != 3:
                self.say("Highlight a card first.")
                return
            src, i = parts[1], int(parts[2])
        dst = FLOOR if where == "floor" else f"{self.sid}:{where}"
        self.carried = None
        card = self.place(src).cards[i]
        if self.move(src, i, dst):
            moved = self.place(dst).cards
            self.rebuild(highlight=f"c|{dst}|{len(moved) - 1 if src != dst else i}")
            self.say(f"{card_name(card)} -> {self.place(dst).label}.")
        else:
            self.rebuild()

    def action_reset(self) -> None:
        self.places = [Place(p.key, p.label, list(p.cards), p.capacity) for p in self.start]
        self.carried = None
        self.rebuild()
        self.say("Back to the cards as they were.")

    def action_confirm(self) -> None:
        if self.carried is not None:
            self.say("Put the card you are moving down first (Enter on a place).")
            return
        command = self.command()
        problem = self.check(command)
        if problem:
            self.say(problem)
            return
        self.dismiss(command)

    def action_back(self) -> None:
        if self.carried is not None:
            self.carried = None
            self.rebuild()
            self.say("Put back.")
        else:
            self.dismiss(None)
