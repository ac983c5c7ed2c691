"""The game screen of every mode: board, the mode's panels, status line,
message log and footer.

Thin by design, and it names no mode: the mode's adapter (a tui.modes Play)
says what the board and panels show, what each of its keys does and how
events read; this screen draws g.view(viewer), picks commands from
g.legal_commands(), plays bot seats with g.bot_command(), hands over
between seats, and runs undo, saves and game over. Whatever the engine
refuses is shown in the log with the engine's own reason."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from typing import Any

import msgspec
from rich.text import Text
from textual.app import ComposeResult, SystemCommand
from textual.binding import BindingsMap
from textual.containers import Horizontal, Vertical
from textual.screen import Screen

from engine import RuleError
from tui import keys
from tui.modes.base import Play, Seat, Step, Targeting
from tui.screens.dialogs import (
    ChoiceDialog,
    DrawsUnderDialogs,
    HandoverScreen,
    reused,
)
from tui.screens.game_ask import Prompt, StatusQuestions, fit
from tui.screens.game_keys import KeyActions
from tui.screens.host import host_below
from tui.screens.keyboard import HotSeatLogs, Keyboard
from tui.widgets.board import Board
from tui.widgets.footer import KeyFooter
from tui.widgets.panels import MessageLog, StatusLine

RESUME_EVENTS = 300  # a resumed game retells its last events...
RESUME_LINES = 40  # ...as this many log lines at most
STEP_SECONDS = 0.35  # one playback step (--playback)
IDLE_SECONDS = 0.25  # the screen still this long: the mode's idle work, one piece a tick


class GameScreen(StatusQuestions, HotSeatLogs, KeyActions, DrawsUnderDialogs, Screen):
    at_one_keyboard = True  # people take turns here (a shared game: one terminal each)
    HORIZONTAL_BREAKPOINTS = [(0, "-narrow"), (110, "-wide")]
    VERTICAL_BREAKPOINTS = [(0, "-short"), (34, "-tall")]

    def __init__(self, game, play: Play) -> None:
        super().__init__()
        self.game = game
        self.play = play
        self.key_table = keys.table(play.keys)
        if game.setup.undo == "ironman":  # no undo in this game: the footer does not offer it
            self.key_table = tuple(
                replace(k, footer=False) if k.action in ("undo", "redo") else k
                for k in self.key_table
            )
        # the bindings come from the mode's key table, so they are the screen's own
        self._bindings = BindingsMap(keys.bindings(self.key_table))
        self._key_side: str | None = None  # the side whose key rows the footer shows
        self._giving_way: frozenset[str] = frozenset()  # mode actions bound to the other side
        self.cursor: Any = None
        self.selected: str | None = None
        self.targeting: Targeting | None = None
        self._intro_paged = False  # the opening lines stop at --more-- (hold_intro)
        # who sits at this keyboard, from the engine's table (keyboard.py)
        self.keyboard = Keyboard(game if self.at_one_keyboard else None)
        self.viewer = self.keyboard.home()
        self.view: dict = {}
        self.legal: list[dict] = []
        self.seat: Seat | None = None  # the person at the keyboard, last told it is their turn
        self.handover = False  # control has just passed to another seat
        self._asked_pending = False
        self._over_shown = False
        self._steps: list[Step] = []
        self._step_timer: Any = None
        self._note = ""  # what the status line says while a playback step shows
        self._handing_over = False  # the handover screen covers the board
        self.prompt: Prompt | None = None  # a question the status line asks
        # hot-seat with secrets: each person reads their own log (the one at the
        # keyboard is the MessageLog's), keyed by their viewer; `told` is what
        # every seat was told, the log of a person who has not sat down yet
        self.at_keys: str | None = None
        self.logs: dict[str, list[str]] = {}
        self._remembered: str | None = None  # the selection last written beside the save
        self.told: list[str] = []

    # -- layout -------------------------------------------------------------
    def compose(self) -> ComposeResult:
        with Horizontal(id="main"):
            yield Board(id="board")
            with Vertical(id="side"):
                yield from self.play.panels()
        yield StatusLine(id="status")
        yield MessageLog(id="log")
        yield KeyFooter(compact=True)

    def on_mount(self) -> None:
        board = self.query_one(Board)
        board.border_title = self.play.board_title()
        self.query_one("#log").border_title = "Log"
        log = self.query_one(MessageLog)
        log.begin()
        self.add_log(self.play.intro())
        if not self.game.commands:  # a new game's briefing is read from its start
            intro = log.lines[-1:]
            self.call_after_refresh(self.hold_intro, intro)
        if self.game.commands:  # a resumed game: what happened last, as it was told
            self.tell_all(self.story()[-RESUME_LINES:])
            if self.played_before():
                self.tell_all([self.play.resumed(self.game.view(self.viewer))])
        board.focus()
        self._remembered = self.selected = self.remembered_selected()
        if not self.run_bots():
            self.refresh_view()

    def remembered_selected(self) -> str | None:
        """The figure selected when this game's screen was last open (it is
        selected again while it may act), from beside the autosave."""
        session = getattr(self.app, "session", None)
        if session is None or not self.game.commands:
            return None
        from tui import persist

        return persist.remembered_selected(session)

    def remember_selected(self) -> None:
        session = getattr(self.app, "session", None)
        if session is not None and self.selected != self._remembered:
            from tui import persist

            self._remembered = self.selected
            persist.remember_selected(session, self.selected)

    def story(self) -> list[str]:
        """What happened last, as it was told: a resumed game's log retold
        (a shared game's view replica: the entries its host sent)."""
        return self.play.narrate(self.game.events[-RESUME_EVENTS:])

    def played_before(self) -> bool:
        """The game was played before this screen opened: it says "Resumed".
        (A shared game says it only once a person has moved, not after the
        bots' opening moves: tui/screens/coop_game.py.)"""
        return bool(self.game.commands)

    # -- reading the game ---------------------------------------------------
    def viewer_now(self) -> str:
        """What the screen asks g.view() for: the person at the keyboard's
        viewer (the only person's, in a game of one person and bots)."""
        if self.seat is not None:
            return self.seat.viewer
        if self.keyboard.hot_seat:
            person = self.keyboard.acting(self.game)
            if person is not None:
                return person.viewer
        return self.keyboard.home()

    def refresh_view(self) -> None:
        g = self.game
        self.viewer = self.viewer_now()
        self.view = g.view(self.viewer)
        self.legal = [msgspec.to_builtins(c) for c in g.legal_commands()]
        before = self.selected
        self.selected = self.play.select(self, before)
        if self.cursor is None or (self.selected != before and self.selected):
            self.cursor = self.play.home(self)
        self.note_control()
        side = self.play.key_side()
        if side != self._key_side:  # another side at the keys: its own footer
            self._key_side = side
            rows = (replace(k, footer=False) if self.off_side(k) else k for k in self.key_table)
            self._bindings = BindingsMap(keys.bindings(rows))
            self._giving_way = self.giving_way()
            self.refresh_bindings()
        self.redraw()
        self.after_change()
        self.idle_later()

    def idle_later(self) -> None:
        """The screen's warm-ups (KeyActions.warm_ups) and the mode's idle
        work (Play.idle_work) once the screen has been still for
        IDLE_SECONDS, a piece at a time; a change starts it again.
        The app's timer, not the screen's: one of the screen's firing under
        a dialog had the dialog draw the screen below it again."""
        timer = getattr(self, "_idle_timer", None)
        if timer is not None:
            timer.stop()
        self._idle_timer = None
        work = self.warm_ups() + self.play.idle_work()
        if work:
            self._idle_timer = self.app.set_timer(IDLE_SECONDS, lambda: self._idle(work))

    def _idle(self, work: list[Callable[[], object]]) -> None:
        self._idle_timer = None
        if not self.is_attached:  # the game was left
            return
        on_top = self.app.screen is self  # not under a dialog, which may be drawing
        if on_top:
            work.pop(0)()
        if work:
            wait = IDLE_SECONDS / 5 if on_top else IDLE_SECONDS
            self._idle_timer = self.app.set_timer(wait, lambda: self._idle(work))

    def note_control(self) -> None:
        """When the keyboard passes to another person (the engine's table says
        whose seats act), the log and the status line say whose turn it is;
        where the seats keep secrets, the handover screen covers everything
        first and the next person gets their own log."""
        seat = self.keyboard.acting(self.game, self.selected, self.seat)
        if seat is None or self.view.get("outcome") or seat.id == getattr(self.seat, "id", None):
            return
        self.seat = seat
        self.handover = True
        if seat.viewer != self.viewer:  # the board and panels are the next person's
            self.viewer = seat.viewer
            self.view = self.game.view(self.viewer)
        if seat.secret:
            self.sit_down(seat)
        hello = self.play.hello(seat, self)
        self.add_log([hello])
        if seat.secret:
            self._handing_over = True
            greeting = hello if self.play.handover_says_hello else ""
            self.app.push_screen(HandoverScreen(seat.name, greeting), self._handed_over)

    def _handed_over(self, _: object = None) -> None:
        self._handing_over = False
        self.after_change()

    def redraw(self) -> None:
        self.remember_selected()
        with self.app.batch_update():
            self.query_one(Board).show(self.play.scene(self))
            for panel in self.query_one("#side").children:
                panel.show(self)
            self.query_one(StatusLine).say(self.status_text())

    def status_room(self) -> int:
        """Cells the status line has for text (before the first layout: the terminal's)."""
        return self.query_one(StatusLine).room()

    def status_text(self) -> Text:
        room = self.status_room()
        if self.prompt is not None:
            return fit(self.prompt.question, self.prompt.tails, room)
        if self.playing:
            return Text(self._note, "bold")
        if self.view.get("outcome"):
            return Text(self.play.over_text(self.view), "bold")
        if self.view.get("pending") and self.play.pending_commands(self.legal):
            return Text("A decision is waiting: press Enter to choose.", "bold")
        t = self.targeting
        if t:
            text = Text(f"{t.verb}: ", "bold")
            if self.cursor in t.options:
                text.append(self.play.target_hint(self, t, self.cursor), "bold green")
                tails = [
                    f". Enter does it, {t.key} next, Esc cancels",
                    f". Enter, {t.key} next, Esc",
                ]
            else:
                text.append(self.play.not_a_target(self, t, self.cursor))
                tails = [f", {t.key} next, Esc cancels", f": {t.key} next, Esc"]
            return fit(text, tails, room)
        return self.play.status(self)

    def after_change(self) -> None:
        """Open the dialogs the new state asks for: a pending choice, game over."""
        if self._handing_over:  # they open once the next player has the keyboard
            return
        pending = self.view.get("pending") and self.play.pending_commands(self.legal)
        if self.game.outcome and not self._over_shown:
            self._over_shown = True
            self.show_game_over()
        elif pending and not self._asked_pending:
            self._asked_pending = True
            self.ask_pending()
        if not pending:
            self._asked_pending = False

    # -- doing --------------------------------------------------------------
    def add_log(self, lines: list[str]) -> None:
        """Lines for the log shown: in a hot-seat game with secret seats, for
        the seat at the keyboard only (a look, a refusal, the mode's notes)."""
        self.query_one(MessageLog).add(lines)

    def submit(self, command: dict) -> bool:
        """Submit now; then the bots to act after it act, and it all shows."""
        self.prompt = None  # a command from elsewhere (the palette) drops the question
        before = self.game.state
        try:
            events = self.game.submit(command)
        except RuleError as e:
            self.add_log([f"Can't: {e.message}"])
            return False
        except Exception as e:  # a save that cannot be written: say so, keep playing
            self.add_log([f"Problem: {e}"])
            self.refresh_view()
            return False
        self.targeting = None
        self.handover = False
        self.query_one(MessageLog).begin()
        steps = self.inner_steps(before, events)
        if not steps:
            view = self.game.view(self.viewer) if self.stepping else {}
            steps = [Step(view, self.tell_move(before, events))]
        self.run_bots(steps)
        return True

    def act(self, command: dict) -> None:
        """Submit, first asking the mode's question about it, if any."""
        question = self.play.question(self, command)
        if question:
            self.confirm(question, lambda: self.submit(command))
        else:
            self.submit(command)

    def pick(
        self, title: str, options: list[tuple[str, str]], then: Callable, highlight: int = 0
    ) -> None:
        """Choose one of (id, label), the cursor on options[highlight];
        then(id), or then(None) on Esc."""
        self.app.push_screen(
            reused(self.app, ChoiceDialog, title, options, highlight=highlight), then
        )

    def choose_and_act(self, title: str, commands: list[dict], best: int = 0) -> None:
        """One command at once; several in a list, the cursor on commands[best]."""
        if len(commands) == 1:
            self.act(commands[0])
            return
        options = [(str(i), self.play.label(c, self.view)) for i, c in enumerate(commands)]
        self.pick(
            title,
            options,
            lambda answer: answer is not None and self.act(commands[int(answer)]),
            highlight=best,
        )

    def start_targeting(self, targeting: Targeting) -> None:
        """Highlight targeting's options; the same kind again cycles them."""
        if self.targeting and self.targeting.kind == targeting.kind:
            order = self.targeting.order
            i = order.index(self.cursor) + 1 if self.cursor in order else 0
            self.cursor = order[i % len(order)]
        else:
            self.targeting = targeting
            if self.cursor not in targeting.options:
                self.cursor = next(iter(targeting.options))
        self.redraw()

    # -- bots and playback ----------------------------------------------------------
    @property
    def stepping(self) -> bool:
        return bool(getattr(self.app, "playback", False) or self.play.steps_bots)

    def run_bots(self, steps: list[Step] | None = None) -> bool:
        """Submit what each bot seat to act decides (g.bot_command()), one
        command a step, then show steps and them: a step at a time with
        --playback, else at once. False when there was nothing to show."""
        steps = list(steps or [])
        try:
            for command, before, events in self.game.play_bots():
                note = self.play.bot_note(msgspec.to_builtins(command), self.view)
                inner = self.inner_steps(before, events)
                steps += inner or [
                    Step(self.game.view(self.viewer), self.tell_move(before, events), note)
                ]
        except Exception as e:  # a bot the engine refuses, or a save that fails
            self.add_log([f"Problem: a bot's command failed: {e}"])
        if not steps:
            return False
        if self.stepping and any(s.note for s in steps) and not self.handing_over():
            self.play_back(steps)
        else:
            for s in steps:
                self.tell_step(s.lines)
            self.hold_log()
            self.refresh_view()
        return True

    def hold_log(self) -> None:
        """--more-- when the command's lines overflow the log (modes that ask for it)."""
        if self.play.more_prompt and self.query_one(MessageLog).hold():
            self.refresh_bindings()

    def hold_intro(self, intro: list[str]) -> None:
        """--more-- when a new game's opening lines (the briefing, the keys)
        overflow the log, in every mode: the log would show them from the
        middle of a sentence. Not once anything else has been said. The next
        key shows the rest and acts as ever (on_key): no key is lost."""
        log = self.query_one(MessageLog)
        if log.lines[-1:] == intro and not self.paging and log.hold():
            self._intro_paged = True

    @property
    def paging(self) -> bool:
        return self.query_one(MessageLog).paging

    def play_back(self, steps: list[Step]) -> None:
        """Show steps one at a time; any key skips to the end."""
        self._steps = list(steps)
        self._step_timer = self.set_interval(STEP_SECONDS, self._next_step)
        self.refresh_bindings()
        self._next_step()

    @property
    def playing(self) -> bool:
        return bool(self._steps)

    @property
    def holds_footer(self) -> bool:
        """While steps play the footer keeps the keys it showed (KeyFooter):
        any of them shows the rest at once (the status line says so), and
        they come back as they were for the next person's turn, so hiding
        them for the few seconds the steps take would send the footer twice
        for nothing."""
        return self.playing

    def _next_step(self) -> None:
        if not self._steps:
            self._stop_playback()
            return
        step = self._steps.pop(0)
        while step.joins and self._steps:  # nothing to see: its lines come with the next
            self.tell_step(step.lines)
            step = self._steps.pop(0)
        self._note = step.note or next((s.note for s in self._steps if s.note), "")
        self.tell_step(step.lines)
        if not self._steps:  # the last step is the game as it is now
            self._stop_playback()
            return
        self.view = step.view
        self.redraw()

    def _stop_playback(self) -> None:
        skipped = bool(self._steps)  # the rest comes at once: it may need paging
        if not skipped:
            self.play.played_back()
        for step in self._steps:
            self.tell_step(step.lines)
        self._steps = []
        if skipped:
            self.hold_log()
        if self._step_timer is not None:
            self._step_timer.stop()
            self._step_timer = None
        self.refresh_bindings()
        self.refresh_view()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if self.prompt is not None:  # only an answer: its keys (on_key), Enter, Esc, a click
            return action in ("confirm", "cancel", "answer_key")
        if self.paging:  # any key shows the next page (on_key)
            return False
        if action == "mode" and parameters and parameters[0] in self._giving_way:
            return False  # the other side's row of this key is the one bound now
        return not self.playing or action in ("help", "quit")

    def off_side(self, row: keys.Key) -> bool:
        """A row for a side other than the one at the keys (Key.side)."""
        side = self._key_side
        return bool(row.side) and side is not None and row.side != side

    def giving_way(self) -> frozenset[str]:
        """The mode actions whose rows are all another side's on a key that
        has a row for the side at the keys (a key meaning one thing to each
        side): worked out once per change of side, not at each binding check."""
        mine = {n for k in self.key_table if not self.off_side(k) for n in k.keys.split(",")}
        theirs = [k for k in self.key_table if self.off_side(k)]
        return frozenset(
            k.action
            for k in theirs
            if all(self.off_side(r) for r in self.key_table if r.action == k.action)
            and any(n in mine for n in k.keys.split(","))
        )

    def on_key(self, event) -> None:
        if self.paging and self._intro_paged:  # the rest of the opening lines, and on
            self._intro_paged = False
            self.query_one(MessageLog).show_last()
            self.refresh_bindings()  # the footer's keys, hidden while paging
        elif self.paging:
            event.stop()
            event.prevent_default()
            if not self.query_one(MessageLog).more():
                self.refresh_bindings()
        elif self.playing:
            event.stop()
            self._stop_playback()
        elif self.prompt is not None and event.key not in ("enter", "escape"):
            event.stop()
            event.prevent_default()
            self.answer_key(event.key)

    # -- dialogs ----------------------------------------------------------------
    def ask_pending(self) -> None:
        commands = self.play.pending_commands(self.legal)
        if not self.view.get("pending") or not commands:
            return
        options = [(str(i), self.play.label(c, self.view)) for i, c in enumerate(commands)]

        def chosen(answer: str | None) -> None:
            if answer is None:
                self.add_log(["A decision is waiting: press Enter to choose."])
            else:
                self.submit(commands[int(answer)])

        dialog = reused(
            self.app,
            ChoiceDialog,
            self.play.pending_title(self.view),
            options,
            "Enter chooses; Esc closes for now",
        )
        self.app.push_screen(dialog, chosen)

    def show_game_over(self) -> None:
        from tui.screens.gameover import GameOverScreen

        host = host_below(self.app, self)
        self.app.push_screen(GameOverScreen(self.game, self.play, host), self._after_game_over)

    def _after_game_over(self, choice: str | None) -> None:
        if choice == "undo":
            self.action_undo()
        elif choice == "title":
            self.app.close_session()
            self.app.pop_screen()

    # -- command palette --------------------------------------------------------
    def palette_commands(self):
        """Every action, and every legal command by name, for the palette."""
        for k in self.key_table:
            if k.action.startswith("cursor"):
                continue
            names = [
                keys.key_label(n, getattr(self.app, "ascii_only", False)) for n in k.keys.split(",")
            ]
            yield SystemCommand(
                k.description[:1].upper() + k.description[1:],
                f"key: {' or '.join(names)}",
                lambda k=k: self.run_key(k.action),
            )
        for c in self.legal:
            yield SystemCommand(
                self.play.label(c, self.view), "do it now", lambda c=c: self.act(c), discover=False
            )
