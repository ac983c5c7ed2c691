"""The Shamble Textual app: screens, settings, signals and the save store.

The app holds only settings (ASCII only, mouse, playback) and the open
game's autosave session; screens render a game's view and turn keys into
commands, through the adapter of the game's mode (tui.modes)."""

from __future__ import annotations

import asyncio
import gc
import os
import signal
import threading
from collections.abc import Iterable
from typing import TYPE_CHECKING, Any

from textual import events
from textual.app import App, SystemCommand
from textual.await_complete import AwaitComplete
from textual.reactive import Reactive
from textual.screen import Screen

from tui.screens.dialogs import MIN_HEIGHT, MIN_WIDTH, DrawsUnderDialogs, SeeThrough

if TYPE_CHECKING:
    from engine import Game

HEAP_SETTLES_AFTER = 0.25  # seconds after start-up or opening a game


def _hang_up(signum: int, frame: object) -> None:
    os._exit(0)


def ascii_palette() -> type:
    """The command palette with nothing but ASCII in it (--ascii)."""
    from textual.command import CommandPalette, SearchIcon

    class AsciiPalette(CommandPalette):
        def on_mount(self) -> None:
            self.query_one(SearchIcon).icon = ">"

    return AsciiPalette


WATCHERS_EVERY_S = 5.0  # how often a published game looks for who watches it


def persist_watchers(publisher: Any) -> tuple[str, ...]:
    """Who watches the published game now (nobody, when that cannot be read)."""
    try:
        return publisher.watchers()
    except OSError:
        return ()


class ShambleApp(App):
    TITLE = "Shamble"
    # The terminal's own colours: text and backgrounds in its default colours
    # (a light terminal keeps its light background), the rest from its palette
    # of 16. Plain text then needs no colour code and a blank no erase in a
    # colour of ours: a first frame costs what it shows, as DCSS's does.
    theme: Reactive[str] = Reactive("ansi-dark")
    CSS_PATH = ["styles/app.tcss", "styles/game.tcss", "styles/dialogs.tcss"]

    def __init__(
        self,
        *,
        ascii_only: bool = False,
        mouse: bool = True,
        game: Game | None = None,
        session: Any = None,
        autosave: bool = True,
        playback: bool = False,
        to_shell: bool = False,
    ) -> None:
        super().__init__()
        self.ascii_only = ascii_only
        self.mouse = mouse
        self.autosave = autosave  # off: games are played without a save file
        self.playback = playback  # show phases and bot turns a step at a time
        # opened on a game or viewer by a command (`shamble new`, `watch`...):
        # leaving it ends the program, as a command does, not on the title
        self.to_shell = to_shell
        self._first_game = game
        self._first_session = session
        self.session: Any = None  # the autosave session of the open game
        self.publisher: Any = None  # what other players of this machine see of it
        self._watch_timer: Any = None
        self.scored_games: set[int] = set()  # games whose score is in the table (or was over)
        self._heap_settling = False
        if ascii_only:
            self.add_class("-ascii")

    # -- start-up -----------------------------------------------------------
    def get_driver_class(self):
        from tui.output import driver_class  # only the changed cells (SHAMBLE_DIFF_OUTPUT=0: all)

        return driver_class(super().get_driver_class())

    def get_default_screen(self) -> Screen:
        from tui.screens.title import TitleScreen

        return TitleScreen()

    def on_mount(self) -> None:
        if not self.is_headless:
            self.install_signal_handlers()
        if self._first_game is not None:
            game, self._first_game = self._first_game, None
            self.open_game(game, self._first_session)
        self.check_size()
        self.settle_heap()

    def install_signal_handlers(self) -> None:
        """Textual does not handle SIGHUP: a dropped SSH connection would kill
        the process mid-frame, or leave it writing to a dead terminal.

        SIGHUP (the terminal is gone): leave at once with os._exit. Every
        completed command is already flushed and fsynced, the OS drops the
        save's flock with the process, and there is no terminal to restore.
        Doing it in a plain signal handler, not on the event loop, means it
        also runs when the loop is stuck writing to the dead terminal (after a
        hangup the kernel sends SIGCONT too, on which Textual restarts output).
        SIGTERM (someone asked us to stop, the terminal may be fine): exit
        through Textual so the terminal is restored, with a deadline."""
        try:
            signal.signal(signal.SIGHUP, _hang_up)
        except (ValueError, OSError):
            pass  # not the main thread: nothing to install
        try:
            asyncio.get_running_loop().add_signal_handler(signal.SIGTERM, self.exit_on_signal)
        except (NotImplementedError, RuntimeError, ValueError):
            pass  # no signal support on this platform or thread

    def exit_on_signal(self) -> None:
        deadline = threading.Timer(3.0, os._exit, args=(0,))
        deadline.daemon = True
        deadline.start()
        self.close_session()
        self.exit(return_code=0)

    def push_screen(self, screen: Any, *args: Any, **kwargs: Any) -> Any:
        """Textual's push, but none once the app is leaving: keys typed on after
        the last answer (the next shell command, say) come in the same read,
        and a screen mounted on an app on its way out fails with a traceback."""
        if self._exit and not kwargs.get("wait_for_dismiss"):
            return AwaitComplete()
        dialog = self.get_screen(screen) if isinstance(screen, str) else screen
        if not isinstance(dialog, SeeThrough) or not self._screen_stack:
            return super().push_screen(screen, *args, **kwargs)
        below = self.screen  # a see-through dialog over it: it holds still (DrawsUnderDialogs)
        dialog.opened()
        below._holding_still = True
        try:
            return super().push_screen(screen, *args, **kwargs)
        finally:
            below._holding_still = False

    def pop_screen(self) -> Any:
        """Textual's pop; when the title comes back to the top of an app a
        command opened on a game (to_shell), the program ends instead. A
        see-through dialog's screen below draws again only what it covered."""
        stack = self.screen_stack
        if len(stack) > 1 and isinstance(stack[-1], SeeThrough) and stack[-1]._box_only:
            below = stack[-2]
            if isinstance(below, DrawsUnderDialogs):
                below._redraw_only = (self.size, stack[-1]._painted)
        done = super().pop_screen()
        if self.to_shell and len(self.screen_stack) == 1:
            from tui.screens.title import TitleScreen

            if isinstance(self.screen, TitleScreen):
                self.exit()
        return done

    # -- games and saves ------------------------------------------------------
    def open_game(self, game: Game, session: Any = None) -> bool:
        """Show the game screen; a new game gets an autosave slot of its own.
        False (and a notice) when the UI cannot show the game's mode."""
        from tui import persist
        from tui.modes import get_ui
        from tui.screens.game import GameScreen

        ui = get_ui(game.setup.mode)
        if ui is None:
            if session is not None:
                session.close()
            self.notify(
                f"This Shamble cannot show {game.setup.mode} games yet.",
                severity="error",
                timeout=10,
            )
            return False
        self.close_session()
        if game.outcome:  # finished before it was opened: its score was recorded then
            self.scored_games.add(id(game))
        if session is None and self.autosave:
            try:
                session = persist.start_session(game)
            except persist.SaveProblem as e:
                self.notify(f"{e} Playing without saving.", severity="error", timeout=10)
        self.session = session
        self.show_game_to_others(game)
        self.push_screen(GameScreen(game, ui.play(game, self.ascii_only)))
        self.settle_heap()
        return True

    def settle_heap(self) -> None:
        """A moment after the screen is drawn, collect garbage and freeze what
        is left.

        A full collection (20-40 ms) walks every object Python holds, and would
        land inside a key press now and then; objects alive after start-up or
        after a game is opened are moved out of its way (SHAMBLE_GC_FREEZE=0: not).
        The collection holds the interpreter lock throughout, so it waits
        until the frame has gone out to the terminal (the writer thread needs
        the lock to send it)."""
        if self.is_headless or os.environ.get("SHAMBLE_GC_FREEZE", "1") == "0":
            return
        if not self._heap_settling:
            self._heap_settling = True
            self.set_timer(HEAP_SETTLES_AFTER, self._freeze_heap)

    def _freeze_heap(self) -> None:
        self._heap_settling = False
        gc.unfreeze()  # what was frozen before and is garbage now can go
        gc.collect()
        gc.freeze()

    def close_session(self) -> None:
        if self.publisher is not None:
            publisher, self.publisher = self.publisher, None
            publisher.close()
            if self._watch_timer is not None:
                self._watch_timer.stop()
                self._watch_timer = None
        if self.session is not None:
            session, self.session = self.session, None
            session.close()

    def show_game_to_others(self, game: Game) -> None:
        """List the game for the other players of this machine (and let them
        watch it) when this player publishes (saves/public.py); the player
        hears who comes to watch."""
        from tui import persist

        self.publisher = persist.publish(game, self.session)
        self.watchers: tuple[str, ...] = ()
        if self.publisher is not None and not self.is_headless:
            self._watch_timer = self.set_interval(WATCHERS_EVERY_S, self.note_watchers)

    def note_watchers(self) -> None:
        publisher = self.publisher
        if publisher is None:
            return
        now = persist_watchers(publisher)
        for name in sorted(set(now) - set(self.watchers)):
            self.notify(f"{name} is watching your game.", timeout=6)
        for name in sorted(set(self.watchers) - set(now)):
            self.notify(f"{name} stopped watching.", timeout=6)
        self.watchers = now

    def on_unmount(self) -> None:
        self.close_session()

    # -- terminal size --------------------------------------------------------
    def on_resize(self, event: events.Resize) -> None:
        self.check_size(event.size.width, event.size.height)

    def check_size(self, width: int | None = None, height: int | None = None) -> None:
        from tui.screens.dialogs import TooSmallScreen

        width = self.size.width if width is None else width
        height = self.size.height if height is None else height
        small = width < MIN_WIDTH or height < MIN_HEIGHT
        showing = isinstance(self.screen, TooSmallScreen)
        if small and not showing:
            self.push_screen(TooSmallScreen(width, height))
        elif small:
            self.screen.update_size(width, height)
        elif showing:
            self.pop_screen()

    # -- command palette --------------------------------------------------------
    def action_command_palette(self) -> None:
        """Textual's palette; under --ascii with an ASCII search sign and
        placeholder (its borders: app.tcss)."""
        if not self.ascii_only:
            super().action_command_palette()
            return
        from textual.command import CommandPalette

        if self.use_command_palette and not CommandPalette.is_open(self):
            self.push_screen(
                ascii_palette()(id="--command-palette", placeholder="Search for commands...")
            )

    def get_system_commands(self, screen: Screen) -> Iterable[SystemCommand]:
        palette = getattr(screen, "palette_commands", None)
        if palette is not None:  # a game: its own actions only, not Textual's theme or keys
            yield from palette()
            return
        for command in super().get_system_commands(screen):
            # a hosted player stays inside their save folder: Textual's screenshot
            # command writes into ~/Downloads (docs/hosting.md)
            if command.title != "Screenshot":
                yield command


class ViewerApp(ShambleApp):
    """The app opening on one screen over the title (`shamble watch`,
    `shamble replay --view`); the cli opens it with to_shell, so leaving
    that screen ends the program."""

    def __init__(self, first: Any, **settings: Any) -> None:
        super().__init__(**settings)
        self._first_screen = first  # app -> a screen (or None when it said why not)

    def on_mount(self) -> None:  # ShambleApp.on_mount runs after this one
        screen = self._first_screen(self)
        if screen is not None:
            self.push_screen(screen)
