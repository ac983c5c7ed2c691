"""Outbreak's side panels: every seat's life, bullets, kills and hand size;
the round, the tile pile and what the turn is doing; and the hand of the
person looking (never anyone else's: the view holds no other hand)."""

from __future__ import annotations

from rich.text import Text

from tui.modes.outbreak.words import (
    Seats,
    card_effect,
    card_name,
    effect_note,
    tile_name,
)
from tui.widgets.panels import Panel, wrapped


class OneLinePanel(Panel):
    """A panel whose lines are cut (with an ellipsis), never wrapped."""

    SCOPED_CSS = False  # the -ascii rule reads the app's class
    DEFAULT_CSS = """
    OneLinePanel { text-wrap: nowrap; text-overflow: ellipsis; }
    .-ascii OneLinePanel { text-overflow: clip; }
    """


class Growing:
    """A panel whose height follows its text: the screen is laid out again
    only when the number of rows it needs changes (a card's effect comes or
    goes), never for a change of a number in it."""

    _rows = -1

    def put(self, text: Text) -> None:
        room = self.content_region.width or 32
        rows = sum(len(wrapped(line, room)) if self.wraps else 1 for line in text.split("\n"))
        grown, self._rows = rows != self._rows, rows
        self._shown = text
        self.update(text, layout=grown)

    wraps = False


class SeatsPanel(Growing, OneLinePanel):
    """One line a seat, in turn order; ">" marks whose turn it is ("!" who
    acts in it, when another seat does), in reverse; under a
    seat that a card acts on, a line names the effects and whose cards."""

    def __init__(self, seats: Seats) -> None:
        super().__init__(id="seats")
        self.seats = seats

    def show(self, host) -> None:
        view = host.view
        self.border_title = f"Seats ({view['kills_to_win']} kills win)"
        text = Text(no_wrap=True, overflow="ellipsis")
        text.append(f"{'':3}{'seat':<9}{'life':>4}{'ammo':>5}{'kills':>6}{'hand':>5}", "dim")
        for sid in view["order"]:
            s = view["seats"][sid]
            mark = ">" if sid == view["current"] else ("!" if sid == view["to_act"] else " ")
            name = self.seats.name(sid)
            if s["kind"] == "bot" and not name.startswith("Bot"):
                name += " bot"
            text.append("\n")  # the mark alone shows whose turn: a row drawn bold and
            text.append(mark, "bold reverse" if mark != " " else "")  # reverse was sent
            text.append(f"{self.seats.glyph[sid]} {name:<9.9}")  # twice a turn, for nothing
            text.append(f"{s['life']:>4}", "bold red" if s["life"] <= 1 else "")
            text.append(f"{s['bullets']:>5}{s['kills']:>6}{s['hand_size']:>5}")
            if s["effects"]:
                text.append("\n")
                text.append(f"   {self.effects(sid, s)}", "cyan")
        self.put(text)

    def effects(self, sid: str, seat: dict) -> str:
        """ "Brain Cramp (Ann's), Shotgun": each effect, and whose card it is
        when another seat played it."""
        froms = seat.get("effects_from") or {}
        out = []
        for card, count in seat["effects"].items():
            note = effect_note(card, count)
            by = froms.get(card)
            if by and by != sid:
                note += f" ({self.seats.possessive(by)})"
            out.append(note)
        return ", ".join(out)


class TurnPanel(OneLinePanel):
    """The round, the piles, and whose turn it is."""

    title = "Turn"

    def __init__(self, seats: Seats) -> None:
        super().__init__(id="turn")
        self.seats = seats

    def show(self, host) -> None:
        view = host.view
        text = Text(no_wrap=True, overflow="ellipsis")
        text.append(f"Round {view['round']}", "bold")
        pile = "closed" if view["map_closed"] else f"{view['tiles_left']} left"
        text.append(f"  tiles {pile}  events {view['events_left']}")
        text.append("\n")
        text.append(self.doing(view))
        self.put(text)

    def doing(self, view: dict) -> str:
        """Whose turn it is, or who lays its tile when another seat does (the
        fewest kills variant). The step of the turn, its moves left and a
        fight waiting are the status line's (and a bot's steps the log's):
        said here too, each change would be sent twice."""
        if view["outcome"] == "won":
            return f"{self.seats.name(view['winner'])} has won."
        if view["outcome"]:
            return "Everybody has lost."
        if view["phase"] == "tile" and view["to_act"] != view["current"]:
            tile = tile_name(view["drawn_tile"] or "")
            return f"{self.seats.name(view['to_act'])} lays the {tile}"
        return f"{self.seats.possessive(view['current'])} turn"


class HandPanel(Growing, Panel):
    """The viewer's event cards with what each does, and the effects on
    them: lines wrap (never cut mid-sentence) and the panel grows to hold
    them, so an effect shows the moment it lands, however full the hand."""

    wraps = True

    def __init__(self, seats: Seats) -> None:
        super().__init__(id="hand")
        self.seats = seats

    def show(self, host) -> None:
        view = host.view
        viewer = view.get("viewer")
        me = view["seats"].get(viewer or "")
        text = Text()
        if me is None or me["hand"] is None:
            self.border_title = "Cards"
            text.append("Hands are secret: none is shown here.", "dim")
            self.put(text)
            return
        self.border_title = f"{self.seats.possessive(viewer)} cards (c reads them)"
        for i, card in enumerate(me["hand"]):  # numbered: the end of the turn asks by number
            if i:
                text.append("\n")
            text.append(f"{i + 1} {card_name(card)}", "bold")
            text.append(f" {card_effect(card)}", "cyan")
        if not me["hand"]:
            text.append("no cards", "dim")
        froms = me.get("effects_from") or {}
        effects = [
            effect_note(c, n)
            + (f" ({self.seats.possessive(froms[c])})" if froms.get(c, viewer) != viewer else "")
            for c, n in me["effects"].items()
        ]
        if effects:
            text.append("\non you: ", "dim")
            text.append(", ".join(effects), "bold")
        self.put(text)
