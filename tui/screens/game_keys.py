"""The game screen's shared key actions: the cursor, Enter and Esc, the next
figure, look, history, undo and redo, help and quit. A mode's own keys run
through `action_mode`, which hands them to the mode's Play."""

from __future__ import annotations

import msgspec

from engine import RuleError
from tui import keys
from tui.screens.dialogs import ConfirmDialog, lay_out, prepare, reused
from tui.screens.host import host_below
from tui.widgets.board import Board


class KeyActions:
    """Mixed into GameScreen: needs its game, play, view, legal, cursor,
    selected, targeting, and its act/submit/redraw/add_log methods."""

    _warmed = False  # help and the leave dialog are built (warm_ups)

    def run_key(self, action: str) -> None:
        """Run a key table row's action by name (the palette does)."""
        if action in keys.SHARED_ACTIONS:
            getattr(self, f"action_{action}")()
        else:
            self.action_mode(action)

    def action_mode(self, action: str) -> None:
        """One of the mode's own keys."""
        self.play.act(self, action)

    # -- the cursor -----------------------------------------------------------
    def action_cursor(self, direction: str) -> None:
        dx, dy = keys.DIRECTIONS[direction]
        nxt = self.play.step(self, self.cursor, dx, dy)
        if nxt is not None:
            self.cursor = nxt
            self.redraw()

    def on_board_cell_clicked(self, message: Board.CellClicked) -> None:
        place = self.play.cursor_at(self, message.x, message.y)
        if place is None or self.prompt is not None or self.playing or self.paging:
            return
        again = place == self.cursor
        self.cursor = place
        if again and self.targeting and place in self.targeting.options:
            self.action_confirm()
            return
        self.redraw()

    def action_confirm(self) -> None:
        if self.prompt is not None:
            self.answer(True)
            return
        if self.game.outcome:
            self.show_game_over()
            return
        if self.view.get("pending") and self.play.pending_commands(self.legal):
            self.ask_pending()
            return
        t = self.targeting
        if t is None:
            self.play.enter(self)
        elif self.cursor in t.options:
            self.choose_and_act(t.verb, t.options[self.cursor])
        else:
            where = self.play.place(self.cursor)
            self.add_log(
                [f"{where[:1].upper()}{where[1:]} is not a target: the targets are highlighted."]
            )

    def action_cancel(self) -> None:
        if self.prompt is not None:
            self.answer(False)
            return
        if self.targeting:
            self.targeting = None
            self.cursor = self.play.home(self)
            self.redraw()

    # -- turn -------------------------------------------------------------------
    def action_next(self) -> None:
        acting = self.play.actors(self.legal)
        if not acting:
            return
        i = acting.index(self.selected) + 1 if self.selected in acting else 0
        self.selected = acting[i % len(acting)]
        self.targeting = None
        self.cursor = self.play.home(self)
        self.note_control()
        self.redraw()

    def action_look(self) -> None:
        if self.cursor is not None:
            self.add_log([self.play.look(self)])

    def action_history(self) -> None:
        from tui.screens.dialogs import HistoryScreen
        from tui.widgets.panels import MessageLog

        self.app.push_screen(HistoryScreen(list(self.query_one(MessageLog).lines)))

    def action_undo(self) -> None:
        """Undo to the last decision a person made: the commands bots made
        after it go too. If honest undo stops it part way, nothing changes."""
        game = self.game
        undone = 0
        commands, events = game.commands, game.events
        why = self.handover_stop()
        if why:
            self.add_log([f"No undo: {why}"])
            return
        try:
            undone = game.undo_to_person()
        except RuleError as e:  # refused part way: back where the player was
            self.add_log([f"No undo: {e.message}"])
            return
        except Exception as e:  # the autosave could not write the undo mark
            self.add_log([f"Problem: {e}"])
            undone = undone or 1
        kept = len(game.commands)
        if undone and kept < len(commands):
            took = msgspec.to_builtins(commands[kept])
            note = self.play.undo_note(self, took, events[len(game.events) :], False)
        else:
            note = "Undone." if undone else "Nothing to undo."
        (self.tell_all if undone else self.add_log)([note])  # every seat hears of an undo
        self.after_undo_redo()
        if undone:
            self.run_bots()  # undone to the start of a game a bot opens: it acts again

    def handover_stop(self) -> str | None:
        """Why undo must stop here in a hot-seat game of secret seats (K-6):
        the person's command it would take back (with the bots' after it)
        was made by another seat, before the one at the keyboard sat down.
        Read from the states along the timeline: nothing is undone to ask."""
        game, seat = self.game, self.seat
        back = getattr(game, "moment_back", None)
        if seat is None or not seat.secret or back is None or not game.can_undo():
            return None  # no undo here, or the policy's own refusal says why
        for n in range(1, len(game.commands) + 1):
            moment = back(n)
            if moment.bot_command() is not None:
                continue  # a bot's command: undo takes it with the person's before it
            author = self.keyboard.acting(moment, None, seat)
            if author is None or author.id == seat.id:
                return None
            return (
                f"that move was {author.name}'s, made before you took the keyboard: "
                "in a hot-seat game undo takes back only your own moves."
            )
        return None

    def action_redo(self) -> None:
        """Redo a person's command and the bots' commands after it."""
        game = self.game
        kept, seen = len(game.commands), len(game.events)
        try:
            done = game.redo_to_person() > 0
        except Exception as e:  # the autosave could not write the redo mark
            self.add_log([f"Problem: {e}"])
            done = True
        if done and len(game.commands) > kept:
            put = msgspec.to_builtins(game.commands[kept])
            self.tell_all([self.play.undo_note(self, put, game.events[seen:], True)])
        else:
            (self.tell_all if done else self.add_log)(["Redone." if done else "Nothing to redo."])
        self.after_undo_redo()
        if done:
            self.run_bots()

    def after_undo_redo(self) -> None:
        self.targeting = None
        self._over_shown = bool(self.game.outcome)
        self.refresh_view()

    # -- the game ---------------------------------------------------------------
    def action_help(self) -> None:
        self.app.push_screen(self.help_screen())

    def help_screen(self) -> str:
        """This game's help (installed, by name)."""
        from tui.modes import get_ui
        from tui.screens.help import HelpScreen

        ui = get_ui(self.game.setup.mode)
        sections = [ui.help(getattr(self.app, "ascii_only", False))] if ui else []
        return HelpScreen.kept(self.app, self.game.setup.mode, sections)

    def action_quit(self) -> None:
        self.app.push_screen(self.leave_dialog(), self._leave)

    def leave_dialog(self) -> ConfirmDialog:
        """Leave this game? (a kept dialog, asked afresh)"""
        host = host_below(self.app, self)
        resumes = host.resumes_note if host is not None else "Continue resumes it"
        saved = f"It is saved: {resumes}." if self.app.session else "It is not saved."
        question = f"Leave this game? {saved}"
        return reused(self.app, ConfirmDialog, question, "Leave", "Stay", quit_too=host is None)

    def warm_ups(self) -> list:
        """What the first help and the first leave dialog cost most (their
        widgets composed, styled and laid out: 20-80 ms), done while the
        player reads (GameScreen.idle_later), one piece at a time: the keys
        then open them as they open a second time. Not on screens whose help
        or quit keys open something else."""
        if self._warmed or type(self).action_help is not KeyActions.action_help:
            return []
        if type(self).action_quit is not KeyActions.action_quit:
            return []
        app = self.app

        def leave() -> None:
            prepare(app, self.leave_dialog())

        def help_screen() -> None:
            prepare(app, app.get_screen(self.help_screen()))

        def done() -> None:
            self._warmed = True

        def lay_out_help() -> None:
            lay_out(app, app.get_screen(self.help_screen()))

        def lay_out_leave() -> None:
            lay_out(app, self.leave_dialog())

        # each laid out twice: the second time for what the first asked again
        return [leave, lay_out_leave, help_screen, lay_out_help, lay_out_leave, lay_out_help, done]

    def _leave(self, yes: bool | None) -> None:
        if yes:
            self.app.close_session()
            self.app.pop_screen()
