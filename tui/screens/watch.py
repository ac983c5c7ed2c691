"""Watching a game another Shamble is playing, on the shared game screen.

`ReadOnlyGameScreen` is the game screen (tui/screens/game.py) with only the
keys that look: the cursor, look, the log, help and leaving, plus the keys
a subclass brings. Nothing on it submits, undoes or writes: it draws the
view a spectator may have (K-7, `saves.history.default_viewer`: the mode's
spectator viewer, else the players' side) through the mode's adapter, and
the log narrates through the adapter, which never names a secret. The
replay viewer (tui/screens/replay.py) is made of it too.

`WatchScreen` follows a save with `saves.follow.Follower`: woken by the
follower's inotify descriptor on the event loop (and a slower timer for
saves on disks that do not announce changes), it applies whole frames
only, tells each command, undo and redo in the log, and reads the save
again when it was rewritten or shrank. It never takes the save's lock and
never writes."""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from dataclasses import replace
from pathlib import Path
from typing import Any

from rich.table import Table
from rich.text import Text
from textual import events
from textual.binding import BindingsMap

from engine.core import log
from saves.files import SaveError
from saves.follow import POLL_INTERVAL, Follower
from saves.slots import printable
from tui import keys
from tui.keys import Key
from tui.modes import get_ui
from tui.modes.base import HelpSection, Play
from tui.screens.game import RESUME_EVENTS, RESUME_LINES, GameScreen
from tui.screens.help import HelpScreen
from tui.widgets.board import Board
from tui.widgets.panels import MessageLog

LOOKING = frozenset({"look", "history", "help"})  # shared rows a read-only screen keeps
NOTICED_EVERY = 1.0  # seconds between looks at a save whose folder announces changes

# keys named by the sign they bear, in help (tui.keys names the others)
SIGNS = {
    "comma": ",",
    "full_stop": ".",
    "left_square_bracket": "[",
    "right_square_bracket": "]",
    "less_than_sign": "<",
    "greater_than_sign": ">",
    "plus": "+",
    "equals_sign": "=",
    "minus": "-",
    "space": "Space",
}

UNDO_LINE = "Undo: the last command was taken back."
REDO_LINE = "Redo: the command taken back was played again."


def frame_lines(play: Play, frame: Any, told: Callable[[Any], list[Any]]) -> list[str]:
    """A journal frame as the log tells it: a command by its events as the
    watcher is told them (`told`), in the mode's words; an undo or a redo by
    a line of its own (never naming the command: in a hot-seat game it may be
    the other side's secret)."""
    if isinstance(frame, log.UndoMark):
        return [UNDO_LINE]
    if isinstance(frame, log.RedoMark):
        return [REDO_LINE]
    if isinstance(frame, log.Snapshot):
        return []
    return play.narrate(told(frame.events))


def when(view: dict) -> str:
    """ "round 3" or "turn 3", from a view that has either."""
    for word in ("round", "turn"):
        value = view.get(word)
        if isinstance(value, int):
            return f"{word} {value}"
    return ""


class ReadOnlyHelp(HelpScreen):
    """Help for a read-only screen: its own key rows as they are (the shared
    help adds every shared row, undo included), then the mode's legend."""

    def _keys_table(self, section: HelpSection, ascii_only: bool, name: str) -> Table:
        table = Table(title=f"Keys{name}", title_justify="left", box=None, padding=(0, 1))
        table.add_column("", style="bold")
        table.add_column("keys", style="bold cyan", no_wrap=True)
        table.add_column("what it does")
        last = None
        for k in section.keys:
            names = " ".join(
                SIGNS.get(n) or keys.key_label(n, ascii_only) for n in k.keys.split(",")
            )
            table.add_row(k.group if k.group != last else "", names, k.description)
            last = k.group
        table.add_row("", "Ctrl+P", "command palette: every action, by name")
        return table


class ReadOnlyGameScreen(GameScreen):
    """The shared game screen, looking only. Subclasses set `own_keys` (their
    actions run `key_<action>` on the screen), `kind` (help's heading) and
    `leave_words`, and say where the game stands in `where()`."""

    own_keys: tuple[Key, ...] = ()
    kind = "Looking"
    leave_words = "leave"
    escape_words = "nothing to cancel here (never discards anything)"

    def __init__(self, game: Any, play: Play, name: str, viewer: str) -> None:
        super().__init__(game, play)
        self.save_name = name  # the save's name, as the status line says it
        self.viewer = viewer
        self.key_table = self.looking_keys(self.key_table)
        self._bindings = BindingsMap(keys.bindings(self.key_table))
        self._over_told = False

    def looking_keys(self, rows: tuple[Key, ...]) -> tuple[Key, ...]:
        """The cursor rows and the looking rows of the game's table (as the
        mode words them), Enter and Esc reworded, and the screen's own rows."""
        cursor = tuple(k for k in rows if k.action.startswith("cursor("))
        kept = {k.action: k for k in rows if k.action in LOOKING}
        look = keys.key_label(kept["look"].keys.split(",")[0])
        return (
            *cursor,
            Key("enter", "confirm", f"look, as {look} does", "Cursor"),
            Key("escape", "cancel", self.escape_words, "Cursor"),
            *self.own_keys,
            replace(kept["look"], group="Looking", footer=True, label="look"),
            replace(kept["history"], group="Looking", footer=True, label="log"),
            replace(kept["help"], group="Game"),
            Key("q", "quit", self.leave_words, "Game", True, label="leave"),
        )

    # -- the screen -----------------------------------------------------------
    def on_mount(self, event: events.Mount) -> None:
        """Instead of the game screen's mount (Textual runs a base class's
        handler too unless told not to): no intro of keys that are not bound
        here, no bots, no dialogs."""
        event.prevent_default()
        board = self.query_one(Board)
        board.border_title = self.play.board_title()
        self.query_one("#log").border_title = "Log"
        self.add_log(self.opening())
        board.focus()
        self.refresh_view()
        self.mounted()

    def mounted(self) -> None:
        """Once drawn: a subclass starts following or playing here."""

    def opening(self) -> list[str]:
        """The log's first lines."""
        return []

    def current_view(self) -> dict:
        return self.game.view(self.viewer)

    def as_told(self, events: Any) -> list[Any]:
        """Events as the spectator's viewer is told them (engine/core/table.py)."""
        return self.game.told(events, self.viewer)

    def refresh_view(self) -> None:
        """Draw the game as the spectator's viewer knows it; nobody acts here,
        so no legal commands (they could name what the view hides)."""
        self.view = self.current_view()
        self.legal = []
        before = self.selected
        selected = self.play.select(self, before)
        active = self.view.get("active")
        if selected is None and isinstance(active, str):
            selected = active
        self.selected = selected
        if self.cursor is None or (self.selected != before and self.selected):
            self.cursor = self.play.home(self)
        self.redraw()
        self.tell_outcome()

    def tell_outcome(self) -> None:
        """Once the game is over, the log says how, once."""
        if not self.view.get("outcome"):
            self._over_told = False
            return
        if self._over_told:
            return
        self._over_told = True
        over = self.play.game_over()
        headline = over.headline.capitalize().rstrip(".!")
        self.add_log(
            [f"The game is over: {headline}." + (f" {over.reason}" if over.reason else "")]
        )

    def where(self) -> str:
        """Where the game stands, for the status line."""
        return self.save_name

    def status_text(self) -> Text:
        return Text(self.where(), "bold")

    def clear_log(self) -> None:
        lines = self.query_one(MessageLog)
        lines.lines.clear()
        lines.refresh(layout=False)

    # -- nothing here plays -----------------------------------------------------
    def refuse(self) -> None:
        self.add_log([f"{self.kind}: nothing can be played from here."])

    def submit(self, command: dict) -> bool:
        self.refuse()
        return False

    def act(self, command: dict) -> None:
        self.refuse()

    def run_bots(self, steps=None) -> bool:
        return False

    def action_undo(self) -> None:
        self.refuse()

    def action_redo(self) -> None:
        self.refuse()

    def action_next(self) -> None:
        self.refuse()

    def action_confirm(self) -> None:
        self.action_look()

    def action_mode(self, action: str) -> None:
        """One of the screen's own keys (the mode's are not bound here)."""
        getattr(self, f"key_{action}")()

    def after_change(self) -> None:
        pass

    def show_game_over(self) -> None:
        self.tell_outcome()

    def action_help(self) -> None:
        ui = get_ui(self.game.setup.mode)
        ascii_only = getattr(self.app, "ascii_only", False)
        legend = ui.help(ascii_only).legend if ui else []
        title = f"{self.kind}: {ui.name}" if ui and ui.name else self.kind
        self.app.push_screen(ReadOnlyHelp([HelpSection(title, self.key_table, legend)]))

    def action_quit(self) -> None:
        """Leave at once: nothing here is lost by leaving."""
        self.app.pop_screen()

    def on_unmount(self) -> None:
        self.stop()

    def stop(self) -> None:
        """Let go of whatever the screen follows or plays."""


class WatchScreen(ReadOnlyGameScreen):
    """A game another process plays, followed live from its save."""

    kind = "Watching"
    leave_words = "stop watching"
    watch_note: Any = None  # another player's game: our note that we watch it

    def __init__(self, follower: Follower, play: Play, name: str) -> None:
        play.watching = True  # the mode may tell its seats' story of them, not to them
        super().__init__(follower.game, play, name, follower.viewer)
        self.follower: Follower | None = follower
        self.problem = ""  # the save's trouble now, said once
        self._reader: int | None = None
        self._timer: Any = None

    def opening(self) -> list[str]:
        lines = [
            f"Watching {self.save_name} as it is played: the board and the log follow "
            "each move. You only look: q stops watching."
        ]
        if self.game.journal:
            lines += self.play.narrate(self.as_told(self.game.events[-RESUME_EVENTS:]))[
                -RESUME_LINES:
            ]
        return lines

    def mounted(self) -> None:
        follower = self.follower
        assert follower is not None
        fd = follower.fileno()
        if fd is not None:
            asyncio.get_running_loop().add_reader(fd, self.woken)
            self._reader = fd
        self._timer = self.set_interval(
            NOTICED_EVERY if fd is not None else POLL_INTERVAL, self.follow
        )
        self.follow()  # whatever was played since the follower opened the save

    def woken(self) -> None:
        """The save's folder changed (inotify): look at the save now."""
        if self.follower is not None:
            self.follower.drain()
            self.follow()

    def follow(self) -> None:
        """Apply what the save gained; tell it; read it again if it was replaced."""
        follower = self.follower
        if follower is None:
            return
        update = follower.poll()
        if update.error:
            if update.error != self.problem:
                self.problem = update.error
                self.add_log(
                    [f"Problem: {printable(update.error)} (showing the game as last read)"]
                )
                self.redraw()
            return
        if self.problem:
            self.problem = ""
            self.add_log(["The save reads again."])
            self.redraw()
        if update.reloaded:
            self.reload(update.reloaded)
        elif update.frames:
            self.add_log(self.told_lines(update.frames))
            self.refresh_view()

    def told_lines(self, frames: tuple[Any, ...]) -> list[str]:
        """The log's lines for the frames a poll applied."""
        lines = []
        for frame in frames[:-1]:
            lines += frame_lines(self.play, frame, self.as_told)
        return lines + (
            self.mark_line(frames[-1]) or frame_lines(self.play, frames[-1], self.as_told)
        )

    def mark_line(self, frame: Any) -> list[str]:
        """An undo or redo that is the last frame read, in the player's own words
        ("Undone: Vega moves a -> b."), from the command it took back or put
        back, told as the watcher may know it; none for anything else (the
        game is where that frame left it only when it is the last)."""
        if isinstance(frame, log.UndoMark):
            entry, redone = self.game.next_redo(), False
        elif isinstance(frame, log.RedoMark):
            entry, redone = self.game.last_entry(), True
        else:
            return []
        if entry is None:
            return []
        import msgspec

        command, events = entry
        return [
            self.play.undo_note(self, msgspec.to_builtins(command), self.as_told(events), redone)
        ]

    def reload(self, why: str) -> None:
        """The follower read the save again from the start: the same game goes
        on from where the save now stands; another game there gets a screen
        of its own."""
        follower = self.follower
        assert follower is not None
        game = follower.game
        self.add_log([f"The save was read again: {why}."])
        if game.setup != self.game.setup:
            ui = get_ui(game.setup.mode)
            if ui is None:
                self.problem = (
                    f"another game is in {self.save_name} now, of a kind this Shamble cannot show"
                )
                self.add_log([f"Problem: {self.problem}."])
                return
            self.follower = None  # the next screen follows it now
            play = ui.play(game, getattr(self.app, "ascii_only", False))
            self.app.switch_screen(WatchScreen(follower, play, self.save_name))
            return
        self.game = game
        self.play.game = game
        self.cursor = None
        self.add_log([self.play.resumed(game.view(self.viewer))])
        self.refresh_view()

    def where(self) -> str:
        at = when(self.view)
        if self.problem:
            shown = f" ({at} shown)" if at else ""
            return f"Watching {self.save_name}: the save cannot be read now{shown}."
        if self.view.get("outcome"):
            at = f", {at}" if at else ""
            return f"Watching {self.save_name}: the game is over ({self.view['outcome']}){at}."
        return f"Watching {self.save_name} live" + (f": {at}." if at else ".")

    def stop(self) -> None:
        if self._reader is not None:
            try:
                asyncio.get_running_loop().remove_reader(self._reader)
            except RuntimeError:  # the loop is gone already
                pass
            self._reader = None
        if self._timer is not None:
            self._timer.stop()
            self._timer = None
        if self.follower is not None:
            self.follower.close()
            self.follower = None
        note, self.watch_note = getattr(self, "watch_note", None), None
        if note is not None:  # another player's game: they no longer see us watching
            note.close()


class ViewWatchScreen(WatchScreen):
    """A game whose players hold secrets, followed from its watcher's stream
    (saves/view_stream.py): the screen holds only the watcher's view, read
    as a shared game's spectator reads it (`ViewGame`, coop_view.py), and
    tells each move from the events the watcher was told."""

    def opening(self) -> list[str]:
        follower = self.follower
        assert follower is not None
        lines = [
            f"Watching {self.save_name} as it is played, as a watcher may see it: the board "
            "and the log follow each move. You only look: q stops watching."
        ]
        told = [self.play.narrate(list(t.events)) for t in follower.start_recent]
        told += [self.update_lines(before, u) for before, u in follower.recent]
        return lines + [x for t in told for x in t][-RESUME_LINES:]

    def update_lines(self, before: dict, update: Any) -> list[str]:
        """One move, undo or redo as the watcher was told it, in the mode's words."""
        if update.kind == "undo":
            return [UNDO_LINE]
        tell = getattr(self.play, "tell", None)
        lines = tell(before, list(update.events)) if tell else self.play.narrate(update.events)
        return [REDO_LINE, *lines] if update.kind == "redo" else lines

    def told_lines(self, frames: tuple[Any, ...]) -> list[str]:
        follower = self.follower
        assert follower is not None
        lines: list[str] = []
        for update in frames:  # each applied in turn: a mode tells it from the view after
            lines += self.update_lines(follower.apply(update), update)
        return lines

    def reload(self, why: str) -> None:
        follower = self.follower
        assert follower is not None
        self.add_log([f"The game was read again: {why}."])
        self.cursor = None
        self.add_log([self.play.resumed(follower.view)])
        self.refresh_view()


def view_watch_screen(app: Any, follower: Any, name: str) -> ViewWatchScreen | None:
    """The watch screen for a watcher's stream (saves/view_stream.py), or None
    (and a notice, the follower closed) when this Shamble cannot draw its mode
    from a view alone."""
    from tui.screens.coop_view import ViewGame, plays_from_view

    if not plays_from_view(follower.mode):
        follower.close()
        app.notify(
            f"This Shamble cannot show {follower.mode} games yet.", severity="error", timeout=10
        )
        return None
    follower.game = ViewGame(follower)
    play = get_ui(follower.mode).play(follower.game, getattr(app, "ascii_only", False))
    return ViewWatchScreen(follower, play, name)


# -- opening ------------------------------------------------------------------------


def save_name(path: Path) -> str:
    return printable(path.stem if path.suffix in (".shamble", ".view") else path.name)


def watch_screen(app: Any, follower: Any) -> WatchScreen | None:
    """The watch screen for a follower (of a save, or of a watcher's stream),
    or None (and a notice, the follower closed) when this Shamble cannot show
    its game's mode."""
    from saves.view_stream import ViewFollower

    if isinstance(follower, ViewFollower):
        return view_watch_screen(app, follower, save_name(follower.path))
    mode = follower.game.setup.mode
    ui = get_ui(mode)
    if ui is None:
        follower.close()
        app.notify(f"This Shamble cannot show {mode} games yet.", severity="error", timeout=10)
        return None
    play = ui.play(follower.game, getattr(app, "ascii_only", False))
    return WatchScreen(follower, play, save_name(follower.path))


def watch_path(app: Any, path: str | Path) -> WatchScreen | None:
    """The watch screen for the save at path, or None (and a notice saying
    why) when it cannot be watched."""
    try:
        follower = Follower(path)
    except SaveError as e:
        app.notify(printable(str(e)), severity="error", timeout=10)
        return None
    return watch_screen(app, follower)
