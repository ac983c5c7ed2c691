"""Shared games in plain mode (`shamble --plain join NAME`, `host`, `watch`,
and Host, Join on the plain title menu: tui/plain/share_menu.py): a seat at
a table of players in their own terminals, full-screen or plain, in lines.

The game is the one the full-screen shared game reads (tui/screens/
coop_view.py): a replica of the log where every player is on one side, or
only this player's seat's view where they are opponents, so a plain
Outbreak or Sniper player hears only what their seat may know. Commands go
to the host (hosting/client.py); what the host did comes back and is told
as it arrives, another player's move with their seat and name in front.
When it becomes this player's turn they are told once ("Your turn,
Vega."), and when it passes to another, whom they wait for.

Talk: `say LINE` (or `'LINE`) says a line to the table; lines said are
printed as `ann (Player 1) says: ...`, after the host has cleaned them
(hosting/chat.py) and cleaned here again, all on one line; `who` reads the
table (seats, who is here, idle, away or watching, since when); comings
and goings are told in one line each; the host's account may `mute` a seat
or a name.

The prompt waits for a line in a thread while the client's loop runs, so
what others do arrives as it happens: it is printed on lines of its own
and the prompt is said again once things are quiet."""

from __future__ import annotations

import asyncio
import re
import threading
import time
from typing import Any

from hosting.chat import clean, spoken
from hosting.presence import IDLE_AFTER_S
from tui.plain.io import Lines
from tui.plain.story import brief
from tui.plain.table import PlainTable
from tui.screens.coop_view import SharedGame, ViewGame, names_seat, who
from tui.text import display_name

QUIET = 0.3  # seconds without news before the prompt is said again
SAY_WORDS = ("say", "'", '"')

SEAT_WORDS = {  # the table's seat changes: the client's request, what is said once done
    "sit": ("claim", "You sit at {}."),
    "stand": ("release", "You stood up from {}: it is open."),
    "bot": ("hand_to_bot", "The bot plays {} now."),
    "take": ("take_back", "You play {} again."),
}

HELP = [
    "At a shared table:",
    "  say LINE, or 'LINE: say a line to everyone at the table.",
    "  who: the table: who sits where, who is here, idle, away or watching.",
    "  mute NAME, unmute NAME: the host's account only (a seat or a player's name).",
    "  sit SEAT, stand SEAT: take an open seat, or stand up from yours (2, Player 2, lin).",
    "  bot SEAT: the bot plays it (yours, or an away player's); take SEAT: yours back.",
    "  watchers apart, watchers together: the host's account only: whether the",
    "    watchers' lines reach the players or only the other watchers.",
    "  quit: leave the table; your seats wait for you (join it again to come back).",
]


def _clock(t: float) -> str:
    return time.strftime("%H:%M", time.localtime(t)) if t else "?"


def presence_words(p: Any, now: float) -> str:
    """ "here since 21:03", "idle 6 min", "away since 21:40"."""
    if p is None:
        return "not here"
    if not p.here:
        return f"away since {_clock(p.since)}"
    idle = now - p.last if p.last else 0.0
    if idle >= IDLE_AFTER_S:
        return f"here since {_clock(p.since)}, idle {int(idle // 60)} min"
    return f"here since {_clock(p.since)}"


def table_lines(client: Any, now: float | None = None) -> list[str]:
    """The table in lines: each seat, who sits there and how; the watchers."""
    now = time.time() if now is None else now
    known = {x.account: x for x in client.lobby.presence}
    turn = set(client.status.turn)
    lines = [f"The table of {client.name}:"]
    for s in client.lobby.seats:
        figures = ", ".join(display_name(f) for f in s.figures if display_name(f) != s.label)
        head = f"{s.label}" + (f" ({figures})" if figures else "")
        if s.status == "bot":
            state = f"the bot, for {s.account}" if s.account else "a bot"
        elif s.account:
            state = f"{s.account}, {presence_words(known.get(s.account), now)}"
        else:
            state = "open"
        if s.account == client.account:
            state += ", you"
        lines.append(f"{head}: {state}" + ("; to act now." if s.seat in turn else "."))
    for name in client.lobby.watchers:
        you = ", you" if name == client.account else ""
        lines.append(f"Watching: {name}, {presence_words(known.get(name), now)}{you}.")
    return lines


def table_changes(client: Any, old: Any, new: Any) -> list[str]:
    """Who came, left, sat down, stood up or handed a seat to the bot: one
    line each, this player's own comings not told to them."""
    lines = []
    before = {s.seat: s for s in old.seats}
    for s in new.seats:
        was = before.get(s.seat)
        if was is None or was == s:
            continue
        if was.account != s.account:
            if s.account is None:
                lines.append(f"{was.account} stood up: {s.label} is open.")
            elif s.account in old.watchers or s.account in {x.account for x in old.seats}:
                if s.account != client.account:  # here already: only sitting down is news
                    lines.append(f"{s.account} sat down at {s.label}.")
            elif s.account != client.account:
                lines.append(f"{s.account} came to the table and sits at {s.label}.")
        elif s.status == "bot" and was.status != "bot":
            lines.append(f"The bot plays {s.label}" + (f" for {s.account}." if s.account else "."))
        elif was.status == "bot" and s.status != "bot":
            lines.append(f"{s.account or 'Nobody'} plays {s.label} again.")
        elif s.status == "away" and s.account != client.account:
            lines.append(f"{s.account} left the table: {s.label} waits for them.")
        elif s.status == "here" and was.status == "away" and s.account != client.account:
            lines.append(f"{s.account} came back to {s.label}.")
    seated = {s.account for s in new.seats}
    for name in sorted(set(new.watchers) - set(old.watchers)):
        if name != client.account:
            lines.append(f"{name} came to watch.")
    for name in sorted(set(old.watchers) - set(new.watchers)):
        if name not in seated:
            lines.append(f"{name} stopped watching.")
    return lines


def said_line(line: Any) -> str:
    """A line said at the table, as this terminal prints it: cleaned again
    (whatever a host sent), on one line, marked apart from the story."""
    text = clean(str(line.text))
    if line.kind == "presence":
        return f"* {text}"
    safe = type(line)(
        account=clean(str(line.account)),
        text=text,
        seat=clean(str(line.seat or "")),
        channel="watchers" if line.channel == "watchers" else "",
    )
    return spoken(safe)


class SharedTable(PlainTable):
    """One player's seat (or a watcher's chair) at a shared game, in lines."""

    def __init__(self, client: Any, io: Lines) -> None:
        from tui.modes import get_ui

        game: Any = SharedGame(client) if client.game is not None else ViewGame(client)
        super().__init__(game, get_ui(client.mode).play(game, True), io, None)
        self.client = client
        # (request, refusal word[, what to say when done]) to send
        self.requests: list[tuple[Any, ...]] = []
        self.asking: str | None = None  # the prompt waiting for a line now
        self.broken = False  # news was printed under the open prompt
        self.was_mine: bool | None = None
        self.was_round: Any = None
        self.over_told = bool(client.status.outcome)
        self.lobby = client.lobby
        self.before = self._now()
        self.loop: asyncio.AbstractEventLoop | None = None
        self._quiet: asyncio.TimerHandle | None = None
        client.listeners.append(self.heard)

    # -- the game as this seat sees it -------------------------------------------------
    def viewer(self) -> str:
        client = self.client
        return client.game.viewer_of(client.view_seat) if client.game is not None else ""

    def _now(self) -> Any:
        game = self.client.game
        return self.client.view if game is None else game.state

    def run_bots(self) -> list[str]:
        return []  # the host plays the bots

    def mine(self) -> list[dict]:
        return super().mine() if self.host.legal else []

    # -- printing what arrives ---------------------------------------------------------
    def arrive(self, lines: list[str]) -> None:
        """News printed on lines of its own, under the prompt if one is open;
        the prompt is said again once nothing more arrives for a moment."""
        lines = [x for x in lines if x]
        if not lines:
            return
        if self.asking is not None and not self.broken:
            self.io.out.write("\n")
            self.broken = True
        self.io.say(lines)
        if self.asking is not None and self.loop is not None:
            if self._quiet is not None:
                self._quiet.cancel()
            self._quiet = self.loop.call_later(QUIET, self._prompt_again)

    def _prompt_again(self) -> None:
        """The prompt once news is over: what it waits for now; while this
        player waits, only when that changed (each step of another's turn
        would say the same wait again)."""
        self._quiet = None
        if self.asking is None or not self.broken:
            return
        now = self.prompt()
        if now == self.asking and not self.client.my_turn():
            return
        self.broken = False
        self.asking = now
        self.io.prompt(now)

    def heard(self, change: Any) -> None:
        try:
            self._heard(change)
        except Exception as e:  # never let a telling problem stop the client's reader
            self.arrive([f"Problem: {type(e).__name__}: {e}"])

    def _heard(self, change: Any) -> None:
        client = self.client
        if change.kind in ("entry", "undo", "redo"):
            before, self.before = self.before, self._now()
            self.refresh()
            self._tell_move(change, before)
            self.news(self.last_story)
        elif change.kind == "chat":
            line = change.line
            if line.kind == "presence" and line.text in (
                f"{line.account} came to the table",
                f"{line.account} left the table",
            ):
                return  # the table's change says it, with the seat
            self.arrive([said_line(line)])
        elif change.kind == "lobby":
            old, self.lobby = self.lobby, client.lobby
            self.refresh()
            self.arrive(table_changes(client, old, client.lobby))
            self.news()
        elif change.kind == "closed" and change.reason != "you left":
            self.arrive(
                [
                    f"The connection to {client.name} closed: {change.reason}.",
                    "Press Enter to join it again, or type quit to leave.",
                ]
            )

    def _mine(self, seat: str | None) -> bool:
        info = self.client.seat_info(seat)
        return info is not None and info.account == self.client.account and info.status != "bot"

    def _tell_move(self, change: Any, before: Any) -> None:
        name = who(self.client, change.seat)
        mine = self._mine(change.seat)
        if change.kind == "undo":
            lines = ["Undone."] if mine else [f"{name} took back their move."]
        elif change.kind == "redo" and not mine:
            lines = [f"{name} made their move again."]
        else:
            if self.client.game is not None:
                item = self.client.game.journal[-1]
                events = list(getattr(item, "events", ()) or change.events)
            else:
                events = list(change.events)
            lines = [str(x) for x in self.play.tell(before, events)]
            info = self.client.seat_info(change.seat)
            named = bool(info and lines and names_seat(lines[0], info.label))
            if not lines:
                lines = ["Your move is made."] if mine else [f"{name} made a move."]
            elif not mine and not named:
                lines = [f"{name}: {lines[0]}", *lines[1:]]
        said = brief(lines)
        self.last_story = said
        self.arrive(said)
        self.story_log.extend(said)

    def news(self, told: list[str] | None = None) -> None:
        """Whose turn it is, said once when it changes (not when the move's
        story `told` has just said "Your turn"); the end, said once."""
        client, view = self.client, self.host.view
        outcome = client.status.outcome or view.get("outcome")
        if outcome:
            if not self.over_told:
                self.over_told = True
                self.arrive(self.over_lines())
            return
        if client.closed is not None or client.watching:
            return
        mine = client.my_turn()
        when = view.get("round", view.get("turn"))
        new_round = mine and self.was_round is not None and when != self.was_round
        self.was_round = when
        if mine == self.was_mine and not new_round:
            return
        self.was_mine = mine
        if mine:
            self.seat = client.seat_info(client.view_seat)  # the prompt's name for it
            said = any(re.search(r"\byour turn\b", x, re.I) for x in told or [])
            lines = [] if said else [f"Your turn, {self.turn_name()}."]
            pending = view.get("pending") and self.play.pending_commands(self.host.legal)
            if pending:
                lines.append(self.play.pending_title(view) + ": type what for the choices.")
            self.arrive(lines)
        elif client.status.turn:
            self.arrive([f"Waiting for {self.waiting()}."])

    def turn_name(self) -> str:
        client = self.client
        info = client.seat_info(client.view_seat)
        selected = self.host.selected
        if info is not None and selected in info.figures:
            return display_name(selected)
        return info.label if info is not None else client.account

    def waiting(self) -> str:
        return ", ".join(who(self.client, s) for s in self.client.status.turn) or "nobody"

    def over_lines(self) -> list[str]:
        from tui.plain.records import table_lines as rows

        over = self.play.game_over()
        return [
            over.headline + (f": {over.reason}" if over.reason else "."),
            *rows(over.table),
            "The game is over: say goodbye, or type quit to leave the table.",
        ]

    # -- what this player does ------------------------------------------------------------
    def submit(self, command: dict) -> bool:
        """Sent to the host; what it did comes back as an entry."""
        if self.client.closed is not None:
            self.io.say(f"Can't: not connected ({self.client.closed}).")
            return False
        self.requests.append((lambda: self.client.submit(command), "Can't"))
        return True

    def undo(self) -> None:
        client = self.client
        if not client.can_undo():
            self.io.say(f"No undo: {client.undo_note()}.")
            return
        self.requests.append((client.undo, "No undo"))

    def redo(self) -> None:
        client = self.client
        seat = client.status.redo_seat
        if seat is None:
            self.io.say("Nothing to redo.")
        elif seat not in client.my_seats:
            self.io.say(f"No redo: only {who(client, seat)} may redo that move: it was theirs.")
        else:
            self.requests.append((client.redo, "No redo"))

    def save(self) -> None:
        self.io.say(f"The host saves {self.client.name} as it is played.")

    def who(self) -> None:
        self.io.say(table_lines(self.client))
        if self.host.legal:
            super().who()

    def prompt(self) -> str:
        client = self.client
        if client.closed is not None:
            return "Enter joins again; quit leaves:"
        if client.status.outcome:
            return "Game over. Say, who or quit?"
        when = self.host.view.get("round", self.host.view.get("turn"))
        count = "round" if "round" in self.host.view else "turn"
        at = f", {count} {when}" if when is not None else ""
        if client.watching or not client.my_seats:
            return f"Watching{at}. Say, who, board or help?"
        if not client.my_turn():
            return f"Waiting for {self.waiting()}{at}. Say, who, board or help?"
        return super().prompt()

    def do(self, text: str) -> str | None:
        stripped = text.strip()
        word, _, rest = stripped.partition(" ")
        low = word.lower()
        if stripped[:1] in ("'", '"'):
            return self.say(stripped[1:])
        if low == "say":
            return self.say(rest)
        if low in ("mute", "unmute"):
            self.mute(rest, low == "mute")
            return None
        if low in SEAT_WORDS and rest.strip():
            self.seat_change(low, rest)
            return None
        if low == "watchers" and rest.strip().lower() in ("apart", "together"):
            apart = rest.strip().lower() == "apart"
            self.requests.append((lambda: self.client.watchers_apart(apart), "Not done"))
            return None
        if low in ("who", "table") and not rest:
            self.who()
            return None
        if low in ("help", "?") and not rest:
            self.io.say(HELP)
            super().do(text)
            return None
        if low in ("leave",):
            return "quit"
        if low in ("what", "w", "status") and not rest and not self.host.legal:
            self.io.say(self.idle_words())
            return None
        return super().do(text)

    def idle_words(self) -> str:
        client = self.client
        if client.status.outcome:
            return "The game is over."
        if client.watching or not client.my_seats:
            return "You are watching: nothing to do but look and talk."
        return f"Nothing to do now: waiting for {self.waiting()}."

    def say(self, text: str) -> None:
        text = text.strip()
        if not text:
            self.io.say("Say what? Type say and the line, like: say I take the door.")
            return None
        self.requests.append((lambda: self.client.say(text), "Not said"))
        return None

    def mute(self, name: str, muted: bool) -> None:
        """A seat ("2", "Player 2", "Vega") or a name, to the account sitting there."""
        want = name.strip().lower()
        if not want:
            self.io.say("Mute whom? Type mute and a seat or a name.")
            return
        seat = self.seat_named(want)
        account = seat.account if seat is not None else None
        known = {s.account for s in self.client.lobby.seats if s.account}
        known |= set(self.client.lobby.watchers)
        # "bob" finds "root.bob" (a player sharing the host's account) and "bob#2"
        short = {a: a.lower().rsplit(".", 1)[-1].split("#")[0] for a in known}
        account = account or next((a for a in known if a.lower() == want), None)
        account = account or next((a for a in sorted(known) if short[a] == want), None)
        if account is None:
            self.io.say(f"Nobody {name.strip()!r} is at the table: who lists it.")
            return
        self.requests.append((lambda: self.client.mute(account, muted), "Not done"))

    def seat_named(self, name: str) -> Any:
        """The seat a player names: its id ("2"), label ("Player 2") or figure ("lin")."""
        want = name.strip().lower()
        for s in self.client.lobby.seats:
            names = {s.seat.lower(), s.label.lower(), *(display_name(f).lower() for f in s.figures)}
            if want in names:
                return s
        return None

    def seat_change(self, word: str, name: str) -> None:
        """sit, stand, bot or take a seat, as the full screen's table (L) does."""
        what, done = SEAT_WORDS[word]
        seat = self.seat_named(name)
        if seat is None:
            seats = ", ".join(s.label for s in self.client.lobby.seats)
            self.io.say(f"{word.capitalize()} where? Name a seat: {seats}.")
            return
        ask = getattr(self.client, what)
        self.requests.append((lambda: ask(seat.seat), "Refused", done.format(seat.label)))

    async def send(self) -> None:
        """The requests the last line made, in order; a refusal is said."""
        requests, self.requests = self.requests, []
        for make, refused, *done in requests:
            try:
                result = await make()
            except Exception as e:  # the connection broke while asking
                self.io.say(f"Problem: {e}")
                continue
            if not result.ok:
                self.io.say(f"{refused}: {result.message}")
            elif done:
                self.io.say(done[0])
                self.refresh()
                self.was_mine = None  # whose turn it is, said again for the new seats
                self.news()

    # -- the loop --------------------------------------------------------------------------
    async def read(self, prompt: str) -> str | None:
        """A line typed at prompt, read in a thread so news can arrive meanwhile."""
        loop = asyncio.get_running_loop()
        got: asyncio.Future = loop.create_future()

        def reading() -> None:
            line = self.io.read()
            try:
                loop.call_soon_threadsafe(lambda: got.done() or got.set_result(line))
            except RuntimeError:
                pass  # the loop has ended: nobody waits for this line any more

        self.asking, self.broken = prompt, False
        self.io.prompt(prompt)
        threading.Thread(target=reading, daemon=True).start()
        try:
            return await got
        finally:
            self.asking = None

    def greet(self) -> None:
        client = self.client
        mine = [s for s in client.lobby.seats if s.account == client.account]
        if client.watching or not mine:
            head = f"You are watching {client.name} as {client.account}"
            self.io.say(f"{head}: you may look and talk, not play.")
        else:
            seats = "; ".join(
                s.label + (f" ({', '.join(display_name(f) for f in s.figures)})"
                           if s.figures and [display_name(f) for f in s.figures] != [s.label]
                           else "")
                for s in mine
            )  # fmt: skip
            self.io.say(f"You joined {client.name} as {client.account}: {seats}.")
        if client.game is not None:
            told = self.play.narrate(client.game.events[-40:]) if client.status.played else []
        else:
            told = [str(x) for t in client.recent for x in self.play.narrate(list(t.events))]
        if told:
            self.io.say("Before you came:", brief([str(x) for x in told])[-8:])
        said = [said_line(x) for x in client.chat if x.kind == "say"][-5:]
        if said:
            self.io.say("Said at the table before you came:", said)
        self.io.say(
            f"{client.mode.capitalize()}, {client.mission}. Say LINE talks; who: the table."
        )

    async def run_shared(self) -> str:
        """Until the player leaves: "left", "rejoin" (after Enter on a closed
        connection) or "ended" (the input ended)."""
        self.loop = asyncio.get_running_loop()
        self.refresh()
        self.greet()
        self.news()
        if self.over_told and self.client.status.outcome:
            self.io.say(self.over_lines())
        while True:
            line = await self.read(self.prompt())
            if line is None:
                return "ended"
            if self.client.closed is not None:
                if line.lower() in ("q", "quit", "leave", "exit", "bye"):
                    return "left"
                if not line:
                    return "rejoin"
            if self.do(line) == "quit":
                return "left"
            await self.send()
            self.refresh()
