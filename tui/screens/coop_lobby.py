"""The table of a shared game: who sits where, who is here, away or played
by the bot. On the game screen, the Players panel (TablePanel), the log's
names for a seat's player (`who`) and its lines on what changed at the
table (`lobby_changes`), and the short word on undo; behind L, the table
dialog and the keys that change it. Each change is a request to the host,
which may refuse it (the reason is shown here); the table redraws as the
host tells everyone what changed."""

from __future__ import annotations

from typing import Any

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Label, OptionList
from textual.widgets.option_list import Option

from hosting.presence import words
from tui.widgets.panels import Panel

HINT = "c claim  r release  b to the bot  t take back  Esc close"


def sentence(text: str) -> str:
    """ "nothing to undo yet" -> "Nothing to undo yet." """
    return f"{text[:1].upper()}{text[1:]}." if text else ""


def seat_rows(client: Any) -> list[Text]:
    """One line per seat, in columns: its label, who sits there and how,
    whom it plays; > marks the seats that may act now."""
    from tui.text import display_name

    cells = []
    for seat in client.lobby.seats:
        if seat.status == "bot":
            sitter = f"bot (for {seat.account})" if seat.account else "bot"
        elif seat.account:
            sitter = f"{seat.account} ({seat.status})"
        else:
            sitter = "open"
        if seat.account == client.account:
            sitter += ", you"
        figures = ", ".join(display_name(f) for f in seat.figures)
        cells.append((seat, sitter, figures))
    label_width = max((len(s.label) for s, _, _ in cells), default=0)
    sitter_width = max((len(sitter) for _, sitter, _ in cells), default=0)
    rows = []
    for seat, sitter, figures in cells:
        mark = ">" if seat.seat in client.status.turn else " "
        text = Text(f"{mark}{seat.label:<{label_width}}  ", "bold")
        text.append(f"{sitter:<{sitter_width}}  {figures}")
        rows.append(text)
    return rows


class LobbyDialog(ModalScreen[None]):
    """The table; `screen` is the shared game screen it was opened from."""

    DEFAULT_CSS = """
    LobbyDialog { align: center middle; }
    """

    BINDINGS = [
        Binding("escape,L,q", "close", "close", show=False),
        Binding("c", "seat('claim')", "claim", show=False),
        Binding("r", "seat('release')", "release", show=False),
        Binding("b", "seat('hand_to_bot')", "to the bot", show=False),
        Binding("t", "seat('take_back')", "take back", show=False),
        Binding("j", "cursor('down')", show=False),
        Binding("k", "cursor('up')", show=False),
    ]

    DONE = {
        "claim": "You sit at {}.",
        "release": "You stood up from {}: it is open.",
        "hand_to_bot": "The bot plays {} now.",
        "take_back": "You play {} again.",
    }

    def __init__(self, screen: Any) -> None:
        super().__init__()
        self.game_screen = screen

    @property
    def client(self) -> Any:
        return self.game_screen.client

    def compose(self) -> ComposeResult:
        with Vertical(id="dialog", classes="dialog choice lobby"):
            yield Label(f"The table of {self.client.name}", id="question")
            yield OptionList(id="seats")
            yield Label("", id="lobby-undo", classes="note")
            yield Label("", id="lobby-note", classes="note")
            yield Label(HINT, classes="note")

    def on_mount(self) -> None:
        self.show_table()
        self.query_one(OptionList).focus()

    def show_table(self) -> None:
        """Redraw from the client (the game screen calls it as the table changes)."""
        client = self.client
        seats = self.query_one("#seats", OptionList)
        keep = seats.highlighted
        seats.clear_options()
        rows = zip(client.lobby.seats, seat_rows(client), strict=True)
        seats.add_options([Option(row, id=s.seat) for s, row in rows])
        if client.lobby.watchers:
            seats.add_option(
                Option(Text(" watching: " + ", ".join(client.lobby.watchers)), disabled=True)
            )
        if client.lobby.seats:
            seats.highlighted = min(keep or 0, len(client.lobby.seats) - 1)
        if client.closed is not None:
            undo = f"Disconnected: {client.closed}."
        else:
            undo = sentence(client.undo_note())
        self.query_one("#lobby-undo", Label).update(undo)

    def say(self, text: str) -> None:
        self.query_one("#lobby-note", Label).update(text)

    def highlighted_seat(self) -> Any:
        seats = self.query_one("#seats", OptionList)
        option = seats.highlighted_option
        return self.client.seat_info(option.id) if option is not None else None

    def action_cursor(self, where: str) -> None:
        seats = self.query_one("#seats", OptionList)
        getattr(seats, f"action_cursor_{where}")()

    def action_seat(self, what: str) -> None:
        seat = self.highlighted_seat()
        if seat is None:
            self.say("Choose a seat first (arrows).")
            return
        if self.client.closed is not None:
            self.say("Not connected: Esc, then Enter on the game joins again.")
            return
        self.run_worker(self._ask(what, seat))

    async def _ask(self, what: str, seat: Any) -> None:
        result = await getattr(self.client, what)(seat.seat)
        if result.ok:
            self.say(self.DONE[what].format(seat.label))
        else:
            self.say(f"Refused: {result.message}.")
        if self.is_mounted:
            self.show_table()

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        """Enter: sit at an open seat, or play your own seat again."""
        event.stop()
        seat = self.client.seat_info(event.option_id)
        if seat is None:
            return
        if seat.status == "open":
            self.action_seat("claim")
        elif seat.account == self.client.account and seat.status == "bot":
            self.action_seat("take_back")
        else:
            self.say(f"{seat.label}: {HINT.replace('  Esc close', '')}.")

    def action_close(self) -> None:
        self.dismiss(None)


def seat_lines(client: Any, width: int) -> list[Text]:
    """One line per seat: who sits there, here or away, the bot; > marks
    the seats that may act now."""
    turn = set(client.status.turn)
    lines = []
    known = {x.account: x for x in client.lobby.presence}
    for s in client.lobby.seats:
        if s.account == client.account:
            state = f"{s.account} (you{', the bot plays' if s.status == 'bot' else ''})"
        elif s.status == "bot":
            state = "bot" if not s.account else f"bot for {s.account}"
        elif s.account:
            how = words(known.get(s.account)) or ("" if s.status == "here" else " (away)")
            state = f"{s.account}{how}"
        else:
            state = "open"
        text = Text(">" if s.seat in turn else " ", "bold")
        text.append(f"{s.label} ", "bold" if s.account == client.account else "")
        text.append(state)
        text.truncate(width, overflow="ellipsis")
        lines.append(text)
    if client.lobby.watchers:
        names = [f"{a}{words(known.get(a))}" for a in client.lobby.watchers]
        text = Text(" watching: " + ", ".join(names))
        text.truncate(width, overflow="ellipsis")
        lines.append(text)
    return lines


def undo_word(client: Any) -> str:
    """The table panel's short word on undo."""
    status = client.status
    if not status.index or (status.undo_seat is None and status.undo_refusal is None):
        return "none yet"
    if status.undo_seat not in client.my_seats:
        info = client.seat_info(status.undo_seat)
        return f"{info.account or info.label}'s" if info else "not yours"
    return "no" if status.undo_refusal else "yours"


def short_undo_note(client: Any) -> str:
    """undo_note() for a status line too narrow for it (^z tells it whole)."""
    word = undo_word(client)
    if word == "none yet":
        return "Nothing to undo yet."
    if word == "yours":
        return "Undo takes back your move."
    if word == "no":
        return "No undo now (^z says why)."
    return f"Undo: {word} to take back."


class TablePanel(Panel):
    """The seats of a shared game at the top of the side panels."""

    title = "Players"

    def show(self, host: Any) -> None:
        client = host.client
        width = max(10, (self.content_region.width or 32))
        self.border_title = f"Players  undo: {undo_word(client)}"
        self.put(Text("\n").join(seat_lines(client, width)))


def lobby_changes(client: Any, old: Any, new: Any) -> list[str]:
    """What changed at the table, in the log's words."""
    lines = []
    before = {s.seat: s for s in old.seats}
    for s in new.seats:
        was = before.get(s.seat)
        if was is None or was == s:
            continue
        you = s.account == client.account
        name = "You" if you else s.account
        if was.account != s.account:
            if s.account is None:
                lines.append(f"{was.account} stood up: {s.label} is open.")
            else:
                lines.append(f"{name} sat down at {s.label}.")
            continue
        if s.status == "bot" and was.status != "bot":
            owner = f" for {s.account}" if s.account else ""
            lines.append(f"The bot plays {s.label}{owner} now.")
        elif was.status == "bot" and s.status != "bot":
            lines.append(f"{name or 'Nobody'} play{'' if you else 's'} {s.label} again.")
        elif s.status == "away":
            lines.append(f"{s.account} left: {s.label} is away (L: hand it to the bot).")
        elif s.status == "here" and was.status == "away":
            lines.append(f"{s.account} is back at {s.label}.")
    came = sorted(set(new.watchers) - set(old.watchers))
    went = sorted(set(old.watchers) - set(new.watchers))
    seated = {s.account for s in new.seats}
    lines += [f"{a} is watching." for a in came if a != client.account]
    lines += [f"{a} stopped watching." for a in went if a not in seated]
    return lines
