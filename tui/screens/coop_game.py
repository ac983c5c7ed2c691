"""A shared game on the shared game screen: each player in their own terminal.

`SharedGameScreen` is the game screen (tui/screens/game.py) driven by a
`hosting.client.Client` instead of a local Game. The client keeps a
replica of the game's log (games where every player is on one side), or,
where players are opponents, only their own seat's view (`ViewGame`,
tui/screens/coop_view.py); the screen draws either through the mode's
adapter as it would a local game, but:

- it lists only the commands of the player's own seats that may act now,
  so Tab, the action keys, the palette and pending decisions offer only the
  player's own figures (`SharedGame.legal_commands`);
- a command goes to the host (`client.submit`); the host's answer comes back
  as a journal entry heard by a listener, which tells it in the log and
  redraws; a refusal is said in the log with the host's reason;
- other players' moves are told as they arrive, with who made them; undo and
  redo ask the host, which lets only the author of the last entry take it
  back, and the status line says who may undo and why not (`undo_note`);
- people coming and going, and the bot standing in for a seat, are told in
  the log; the table (L) shows who sits where and hands seats to the bot;
- joining a game under way (or again), the log retells the last moves
  before "Resumed ...": from the replica's log, or, for a view replica,
  from the entries the host's Welcome brings, as this player's seat knew
  them (`story`).

Bots are the host's business: nothing here plays for anyone."""

from __future__ import annotations

import asyncio
from dataclasses import replace
from typing import Any

import msgspec
from rich.text import Text
from textual import events
from textual.binding import BindingsMap
from textual.css.query import NoMatches

from hosting.chat import spoken
from tui import keys
from tui.keys import Key
from tui.modes.base import Seat, Step
from tui.screens.coop_lobby import (
    LobbyDialog,
    TablePanel,
    lobby_changes,
    sentence,
    short_undo_note,
)
from tui.screens.coop_view import SharedGame, ViewGame, names_seat, plays_from_view, who
from tui.screens.game import GameScreen
from tui.widgets.panels import MessageLog

LOBBY_KEY = Key(
    "L", "lobby", "the table: who sits where; seats to the bot and back", "Game", label="table"
)
SAY_KEY = Key("apostrophe", "say", "say a line to everyone at the table", "Game", label="say",
              display="'")  # fmt: skip
OWN_ACTIONS = frozenset({"lobby", "say"})


class SharedGameScreen(GameScreen):
    """The game screen of one player of a shared game (module docstring)."""

    at_one_keyboard = False  # each player has a terminal of their own

    def __init__(self, client: Any, ascii_only: bool = False) -> None:
        from tui.modes import get_ui

        game: Any = SharedGame(client) if client.game is not None else ViewGame(client)
        super().__init__(game, get_ui(client.mode).play(game, ascii_only))
        self.client = client
        self.key_table = (*self.key_table, LOBBY_KEY, SAY_KEY)
        self._bindings = BindingsMap(keys.bindings(self.key_table))
        self._sending = asyncio.Lock()
        self._in_flight = 0  # commands sent or waiting to be sent to the host
        self._was_mine: bool | None = None
        self._was_round: Any = None  # the round (or turn) of the last greeting check
        self._state, self._commands = self._now()
        self._lobby = client.lobby
        self._left = False
        self._pending_dialog: Any = None  # the open dialog of a pending decision
        pick = self.play.select
        self.play.select = lambda host, before: self._select_own(pick(host, before), before)
        client.listeners.append(self._heard)

    # -- the screen -----------------------------------------------------------------
    async def on_mount(self, event: events.Mount) -> None:
        """Before the game screen's own mount: the table panel on top."""
        await self.query_one("#side").mount(TablePanel(id="table"), before=0)

    def story(self) -> list[str]:
        """What happened before this player joined, as it was told. A view
        replica holds no log: the host's Welcome brings the last moves as this
        player's seat may know them (`client.recent`), each told as it was
        when it came (another's draw has no name here)."""
        if self.client.game is not None:
            return super().story()
        lines: list[str] = []
        for told in self.client.recent:
            lines += self.play.narrate(list(told.events))
        return lines

    def played_before(self) -> bool:
        """A person has moved before this player joined (the host says so):
        a fresh game whose bots made the opening moves is greeted, not resumed."""
        return self.client.status.played

    def viewer_now(self) -> str:
        """The viewer of this player's seat (the one to act, else their first);
        a view replica's view is its seat's whatever is asked for."""
        client = self.client
        return client.game.viewer_of(client.view_seat) if client.game is not None else ""

    def joined_lines(self) -> list[str]:
        client = self.client
        mine = [s for s in client.lobby.seats if s.account == client.account]
        if mine:
            seats = "; ".join(self.seat_words(s.label, self.play_names(s.figures)) for s in mine)
            line = f"You joined {client.name} as {client.account}: {seats}."
        else:
            line = f"You joined {client.name} as {client.account}: every seat is taken, you watch."
        said = [spoken(x) for x in client.chat if x.kind == "say"][-5:]
        heard = ["Said at the table before you came:", *said] if said else []
        return [
            line,
            *heard,
            "L shows the table: who sits where, seats to the bot and back. ' says a line.",
        ]

    @staticmethod
    def seat_words(label: str, names: list[str]) -> str:
        """ "Player 1 (Vega, Okafor)"; a seat named after its one figure: "Cop"."""
        return label if names in ([], [label]) else f"{label} ({', '.join(names)})"

    def play_names(self, figures: list[str]) -> list[str]:
        from tui.text import display_name

        return [display_name(f) for f in figures]

    def _select_own(self, chosen: str | None, before: str | None) -> str | None:
        """The keys act for one of this player's own figures while none may act."""
        own = [f for s in self.client.lobby.seats if s.account == self.client.account
               for f in s.figures]  # fmt: skip
        if chosen in own or not own:
            return chosen
        return before if before in own else own[0]

    def note_control(self) -> None:
        """Each player has a terminal of their own: no handover, only a line
        when it becomes this player's turn, or someone else's."""
        client = self.client
        first = self._was_mine is None
        if first:
            self.add_log(self.joined_lines())
            self._was_mine = False
        if self.view.get("outcome") or client.closed is not None:
            return
        mine = client.my_turn()
        when = self.view.get("round", self.view.get("turn"))
        # a new round is a new turn even when the play came straight back
        # (Siege's AI dead move inside the last human's end of turn)
        new_round = mine and self._was_round is not None and when != self._was_round
        self._was_round = when
        if mine == self._was_mine and not (first and mine) and not new_round:
            return
        self._was_mine = mine
        if mine:
            seat = client.view_seat
            info = client.seat_info(seat)
            name = f"{info.label} ({client.account})" if info else client.account
            self.add_log([self.play.hello(Seat(str(seat), name), self)])
        elif client.status.turn:
            waiting = ", ".join(who(client, s) for s in client.status.turn)
            self.add_log([f"Waiting for {waiting}."])

    def status_text(self) -> Text:
        client = self.client
        if self.prompt is not None or self.playing or self.view.get("outcome"):
            return super().status_text()
        if client.closed is not None:
            return Text(f"Disconnected: {client.closed}. Enter rejoins; q leaves.", "bold")
        if client.my_turn():
            return super().status_text()
        own = [s for s in client.lobby.seats if s.account == client.account]
        if not own:
            return Text("You are watching: L shows the table, where a free seat can be taken.")
        if all(s.status == "bot" for s in own):
            return Text("The bot plays your seats: L, then t on a seat, to play it again.")
        acting = ", ".join(who(client, s) for s in client.status.turn) or "nobody"
        pending = self.view.get("pending")
        text = Text(f"Waiting for {acting}", "bold")
        if pending:
            text.append(f": {self.play.pending_title(self.view)}")
        text.append(".")
        undo = sentence(client.undo_note())
        if text.cell_len + 1 + len(undo) > self.status_room():
            undo = short_undo_note(client)
        text.append(f" {undo}")
        return text

    # -- hearing the host --------------------------------------------------------------
    def _heard(self, change: Any) -> None:
        """A listener of the client, on the app's own event loop."""
        try:
            self._on_change(change)
        except NoMatches:
            # mounted, but its widgets are not composed yet or already gone (the
            # app closing): nothing to draw on; the screen draws the state when shown
            return
        except Exception as e:  # never let a drawing problem stop the client's reader
            if self.is_mounted and self.query(MessageLog):
                self.add_log([f"Problem: {type(e).__name__}: {e}"])

    def _now(self) -> tuple[Any, Any]:
        """The game as a move's narration takes it for "before": the replica's
        state and commands, or (a view replica) the player's view."""
        game = self.client.game
        if game is None:
            return self.client.view, None
        return game.state, game.commands

    def _on_change(self, change: Any) -> None:
        client = self.client
        if change.kind in ("entry", "undo", "redo"):
            before, done = self._state, self._commands
            self._state, self._commands = self._now()
            if not self.is_mounted:
                return
            if client.game is None:
                getattr(self, f"_view_{change.kind}")(change, before)
            else:
                getattr(self, f"_told_{change.kind}")(change, before, done)
        elif change.kind == "chat" and self.is_mounted:
            self.tell_all([spoken(change.line)])  # marked apart: "bob (Player 2) says: ..."
        elif change.kind == "lobby":
            old, self._lobby = self._lobby, client.lobby
            if self.is_mounted:
                self.add_log(lobby_changes(client, old, client.lobby))
                self._table_changed()
        elif change.kind == "closed" and self.is_mounted:
            if change.reason != "you left":
                self.add_log([f"The connection to {client.name} closed: {change.reason}."])
                self.add_log(["Enter tries to join it again; q leaves."])
            self.targeting = None
            self.prompt = None
            self._table_changed()

    def _table_changed(self) -> None:
        if isinstance(self.app.screen, LobbyDialog):
            self.app.screen.show_table()
        if not self.playing:
            self.refresh_view()

    def mine(self, seat: str | None) -> bool:
        """A move this player made (not the bot playing their seat)."""
        info = self.client.seat_info(seat)
        return info is not None and info.account == self.client.account and info.status != "bot"

    def _told_entry(self, change: Any, before: Any, done: list) -> None:
        item = self.client.game.journal[-1]
        self._tell_entry(change, before, list(getattr(item, "events", ())))

    def _view_entry(self, change: Any, before: Any) -> None:
        """A move in a game between opponents: its events as this seat may
        know them (a card another seat drew has no name here)."""
        self._tell_entry(change, before, list(change.events))

    def _view_undo(self, change: Any, before: Any) -> None:
        name = who(self.client, change.seat)
        self.add_log(["Undone." if self.mine(change.seat) else f"{name} took back their move."])
        self.after_undo_redo()

    def _view_redo(self, change: Any, before: Any) -> None:
        lines = self.play.tell(before, list(change.events))
        if self.mine(change.seat):
            self.add_log(["Redone.", *lines])
        else:
            self.add_log([f"{who(self.client, change.seat)} made their move again.", *lines])
        self.after_undo_redo()

    def _tell_entry(self, change: Any, before: Any, events_: list[Any]) -> None:
        """A move in the log: played back when the mode shows it a step at a
        time (its steps carry its lines), else told. Each move is told once:
        a mode's telling may keep what it told (Outbreak's growing lines)."""
        name = who(self.client, change.seat)
        mine = self.mine(change.seat)
        if mine:
            self.targeting = None
            self._log_begin()
        elif self.targeting is not None:
            self._keep_targets()
        steps = self.play.playback(before, events_, self.viewer) if self.stepping else []
        if steps:
            if not mine and not self._names_seat(change.seat, steps[0].lines):
                steps = [Step(steps[0].view, [f"{name} acts."], steps[0].note), *steps]
            self._show(steps, hold=mine)
            return
        tell = getattr(self.play, "tell", None)
        lines = tell(before, events_) if tell else self.play.narrate(events_)
        if not mine and lines and not self._names_seat(change.seat, lines):
            lines = [f"{name}: {lines[0]}", *lines[1:]]
        elif not mine and not lines:
            lines = [f"{name} made a move."]
        self._show([Step({}, lines)], hold=mine)

    def _names_seat(self, seat: str | None, lines: list[str]) -> bool:
        """The move's first line already says whose it was ("Player 2 lays
        ..."): the log needs no "Player 2 (bob):" before it."""
        info = self.client.seat_info(seat)
        return bool(info and lines and names_seat(lines[0], info.label))

    def _show(self, steps: list[Step], hold: bool) -> None:
        """The log lines (or a playback) of one entry, then the game as it is.
        Only the player's own move may stop at --more--: another's must not
        take the key this player presses next."""
        if self.playing:  # a playback is on: these come after it
            self._steps += steps
            return
        if self.stepping and any(s.note for s in steps):
            self.play_back(steps)
            return
        for s in steps:
            self.add_log(s.lines)
        hold_log = getattr(self, "hold_log", None)
        if hold and hold_log is not None:
            hold_log()
        self.refresh_view()

    def _log_begin(self) -> None:
        log = self.query_one(MessageLog)
        if hasattr(log, "begin"):
            log.begin()

    def _legal_now(self) -> list[dict]:
        return [msgspec.to_builtins(c) for c in self.game.legal_commands()]

    def _keep_targets(self) -> None:
        """Another player's move may leave the target being chosen out of reach."""
        legal = self._legal_now()
        t = self.targeting
        if t is not None and any(c not in legal for cs in t.options.values() for c in cs):
            self.targeting = None
            self.add_log(["The targets changed: press the action key again."])

    def _undo_line(self, change: Any, command: Any, events_: Any, redone: bool) -> str:
        take = msgspec.to_builtins(command)
        note_of = getattr(self.play, "undo_note", None)
        note = note_of(self, take, list(events_), redone) if note_of else None
        note = note or ("Redone." if redone else "Undone.")
        return note if self.mine(change.seat) else f"{who(self.client, change.seat)}: {note}"

    def _told_undo(self, change: Any, before: Any, done: list) -> None:
        kept = len(self.client.game.commands)
        branch = self.client.authors.redo_branch
        if kept < len(done) and branch:
            line = self._undo_line(change, done[kept], branch[-1][1], False)
        else:
            line = "Undone."
        self.add_log([line])
        self.after_undo_redo()

    def _told_redo(self, change: Any, before: Any, done: list) -> None:
        commands = self.client.game.commands
        timeline = self.client.authors.timeline
        if len(commands) > len(done) and timeline:
            line = self._undo_line(change, commands[len(done)], timeline[-1][1], True)
        else:
            line = "Redone."
        self.add_log([line])
        self.after_undo_redo()

    def ask_pending(self) -> None:
        super().ask_pending()
        self._pending_dialog = self.app.screen if self.app.screen is not self else None

    def after_change(self) -> None:
        """A decision whose dialog is open may be made elsewhere (the player's
        other terminal, the bot): its dialog goes with it."""
        self._drop_pending_dialog()
        super().after_change()

    def _drop_pending_dialog(self) -> None:
        dialog = self._pending_dialog
        if dialog is None or self.play.pending_commands(self.legal):
            return
        if not dialog.is_mounted and dialog in self.app.screen_stack:
            self.call_after_refresh(self._drop_pending_dialog)  # once it is drawn
            return
        self._pending_dialog = None
        if self.app.screen is dialog:
            self.app.pop_screen()

    # -- asking the host -------------------------------------------------------------------
    def submit(self, command: dict) -> bool:
        """Send the command to the host; what it did comes back as an entry."""
        self.prompt = None
        if self.client.closed is not None:
            self.add_log([f"Can't: not connected ({self.client.closed})."])
            return False
        self.handover = False
        queued = command if self._in_flight else None
        self._in_flight += 1
        self.run_worker(self._send(command, queued))
        return True

    async def _send(self, command: dict, queued: dict | None) -> None:
        try:
            await self._ask(lambda: self.client.submit(command), "Can't", queued)
        finally:
            self._in_flight -= 1

    async def _ask(self, request: Any, refused: str, queued: dict | None = None) -> Any:
        """One request at a time, in order; a refusal is said in the log.
        `queued`: a command sent while another was on its way (a walk of
        several steps): once the moves before it leave nothing of its kind
        to do (a fight stops the walk), it is dropped without a word."""
        async with self._sending:
            try:
                kinds = {c.get("type") for c in self._legal_now()} if queued else set()
                if queued is not None and queued.get("type") not in kinds:
                    return None
                result = await request()
            except Exception as e:  # the connection broke while asking
                self.add_log([f"Problem: {e}"])
                return None
        if not result.ok:
            self.add_log([f"{refused}: {result.message}"])
            self.redraw()
        return result

    def action_undo(self) -> None:
        """Only the author of the last entry may undo it, as the game's policy allows."""
        client = self.client
        if not client.can_undo():
            self.add_log([f"No undo: {client.undo_note()}."])
            return
        self.run_worker(self._ask(client.undo, "No undo"))

    def action_redo(self) -> None:
        client = self.client
        seat = client.status.redo_seat
        if seat is None:
            self.add_log(["Nothing to redo."])
            return
        if seat not in client.my_seats:
            self.add_log([f"No redo: only {who(client, seat)} may redo that move: it was theirs."])
            return
        self.run_worker(self._ask(client.redo, "No redo"))

    # -- keys ---------------------------------------------------------------------------------
    def action_mode(self, action: str) -> None:
        if action in OWN_ACTIONS:
            getattr(self, f"key_{action}")()
        else:
            super().action_mode(action)

    def run_key(self, action: str) -> None:
        if action in OWN_ACTIONS:
            self.action_mode(action)
        else:
            super().run_key(action)

    def key_lobby(self) -> None:
        self.app.push_screen(LobbyDialog(self))

    def key_say(self) -> None:
        """A line to everyone at the table (tui/screens/coop_say.py)."""
        from tui.screens.coop_say import say_at

        say_at(self)

    def action_confirm(self) -> None:
        if self.client.closed is not None and not self._left and self.prompt is None:
            self.run_worker(self.rejoin())
            return
        super().action_confirm()

    async def rejoin(self) -> None:
        from hosting.client import CoopError
        from saves.files import SaveError

        self.add_log([f"Joining {self.client.name} again..."])
        try:
            client = await self.client.rejoin()
        except (CoopError, SaveError) as e:
            self.add_log([f"Can't join again: {e}"])
            return
        self.client.listeners.clear()
        self.app.switch_screen(SharedGameScreen(client, self.play.ascii_only))

    def action_help(self) -> None:
        from tui.modes import get_ui
        from tui.screens.help import HelpScreen

        ui = get_ui(self.client.mode)
        ascii_only = getattr(self.app, "ascii_only", False)
        section = ui.help(ascii_only)
        rules = (
            "Shared game: you play only your own seats; the others' moves are told "
            "in the log with who made them. Only the player whose move was last may "
            "undo it, as the game's undo policy allows. L shows the table."
        )
        section = replace(
            section,
            keys=(*section.keys, LOBBY_KEY),
            rules=f"{section.rules}\n\n{rules}" if section.rules else rules,
        )
        self.app.push_screen(HelpScreen([section]))

    # -- leaving ----------------------------------------------------------------------------------
    def action_quit(self) -> None:
        from tui.screens.dialogs import ConfirmDialog

        if self.client.closed is not None:
            self._leave(True)
            return
        question = (
            f"Leave {self.client.name}? It goes on without you; your seats wait "
            "for you (join it again from the title's Join)."
        )
        self.app.push_screen(ConfirmDialog(question, yes="Leave", no="Stay"), self._leave)

    def _leave(self, yes: bool | None) -> None:
        if yes:
            self._left = True
            self.client.listeners.clear()
            self.app.run_worker(self.client.close())
            stack = self.app.screen_stack
            if self in stack:
                for _ in range(len(stack) - stack.index(self)):
                    self.app.pop_screen()

    def _after_game_over(self, choice: str | None) -> None:
        if choice == "undo":
            self.action_undo()
        elif choice == "title":
            self._leave(True)

    def on_unmount(self) -> None:
        self.client.listeners.clear()


async def join_shared(
    app: Any, name: str, broker: str | None = None, directory: Any = None
) -> bool:
    """Join the shared game `name` and open its screen; False (and a notice
    saying why) when it cannot be joined or shown here."""
    from hosting.client import Client, CoopError
    from saves.files import SaveError
    from tui.modes import get_ui

    try:
        client = await Client.connect(name, broker=broker, directory=directory)
    except (CoopError, SaveError, OSError) as e:
        app.notify(f"Cannot join {name}: {e}", severity="error", timeout=10)
        return False
    problem = cannot_show(client.mode, client.game is not None, name)
    if problem is None and get_ui(client.mode) is None:
        problem = f"This Shamble cannot show {client.mode} games."
    if problem:
        await client.close()
        app.notify(problem, severity="error", timeout=12)
        return False
    app.push_screen(SharedGameScreen(client, getattr(app, "ascii_only", False)))
    return True


def cannot_show(mode: str, has_log: bool, name: str) -> str | None:
    """Why the screen cannot show a shared game (None: it can). It draws a
    replica of the game's log, or, in games whose players are opponents,
    the player's own view when the mode's adapter can draw from a view alone."""
    if has_log or plays_from_view(mode):
        return None
    return (
        f"{name} is a game between opponents, which this version plays only headless: "
        f"shamble join {name} --bot (or --script FILE)."
    )
