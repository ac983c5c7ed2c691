"""What a mode's UI adapter gives the shared screens (tui/modes/README.md).

Two objects per mode: a `ModeUI`, registered once, that the title, new-game,
load and help screens ask about the mode; and a `Play`, made by the ModeUI
for each open game, that the game screen asks what to draw and what a key
does. Both are classes with working defaults: an adapter overrides what its
mode needs. Everything here is shared: it names no mode."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Protocol

from rich.text import Text

from tui.keys import Key
from tui.text import display_name

if TYPE_CHECKING:
    from textual.screen import Screen
    from textual.widget import Widget

    from engine import Game
    from tui.widgets.board import Scene
    from tui.widgets.panels import Panel


# The log's last line in a new game: what the footer and the status line do
# not say (they list the keys, and a copy of them here cost ~40 B a first frame).
MOVE_HINT = "Arrows move the cursor; ? help."


# -- plain data the screens pass around -------------------------------------------------


@dataclass(frozen=True)
class Seat:
    """The person at the keyboard, as the game screen works it out from the
    engine's table (tui/screens/keyboard.py): `id` and `viewer` are the
    viewer of their seats. `secret`: their view shows what another person at
    the keyboard must not see (a hand, a hidden sniper), so the screen covers
    the board before it shows it."""

    id: str
    name: str  # "Player 2", "Ann"
    viewer: str = "players"  # what g.view() is asked for while this seat decides
    secret: bool = False


@dataclass
class Targeting:
    """Choosing a target on the board: the targets are highlighted, the
    action key again cycles them, Enter confirms, Esc cancels."""

    kind: str  # the mode's name for it (the action that started it)
    verb: str  # "Move", "Fire": heads the status line and the choice dialog
    key: str  # the key that cycles the targets, as the status line shows it
    options: dict[Any, list[dict]]  # cursor position -> the commands aimed there
    marks: frozenset = frozenset()  # anything else the mode's scene highlights

    @property
    def order(self) -> list[Any]:
        return list(self.options)


@dataclass(frozen=True)
class Answer:
    """One answer to a question asked in the status line (Host.ask): the key
    that gives it, the answer in words (a list of answers says it so, as
    plain mode's does), and what it does."""

    key: str  # a key's name as Textual gives it: "enter", "1"
    label: str
    then: Callable[[], object]


def answer_click(key: str):
    """The style that makes text a click answering the status line's
    question (Host.ask) with `key`, as pressing it does."""
    from rich.style import Style

    return Style(meta={"@click": f"screen.answer_key({key!r})"})


@dataclass(frozen=True)
class Step:
    """One frame of a playback: the view to draw, the log lines it adds, and
    what the status line says meanwhile."""

    view: dict
    lines: list[str]
    note: str = ""
    joins: bool = False  # told with the step after it: it changes nothing on the board


@dataclass
class GameOver:
    """What the game-over screen shows."""

    headline: str  # "MISSION WON"
    won: bool
    table: Any = None  # a Rich renderable: who did what
    reason: str = ""


@dataclass
class HelpSection:
    """One mode's part of the help screen."""

    title: str
    keys: tuple[Key, ...] = ()
    legend: list[tuple[str, str]] = field(default_factory=list)  # (glyph, meaning)
    rules: str = ""


@dataclass(frozen=True)
class InPlay:
    """Something a title entry keeps that is still being played (a campaign
    with a mission going): Continue opens it when it was played last."""

    when: float  # when it was last played (a file's modification time)
    text: str  # the title's "Continue: ..." note
    open: Callable[[], Screen]  # the screen that takes the player back into it


@dataclass(frozen=True)
class TitleEntry:
    """An extra line on the title menu (a campaign, say), placed after Load."""

    id: str
    label: str
    key: str
    open: Callable[[], Screen]  # the screen it opens
    needs_saves: bool = False  # off when this Shamble plays without saving
    why_off: str = ""
    footer: bool = False  # its key shown in the title's footer
    in_play: Callable[[], InPlay | None] | None = None  # its latest game still going


class Host(Protocol):
    """The game screen as an adapter sees it (tui/screens/game.py)."""

    app: Any
    game: Game
    view: dict  # game.view(viewer) now
    legal: list[dict]  # the legal commands as dicts, for whoever decides now
    cursor: Any  # a position in the mode's own terms (a zone id, a cell)
    selected: str | None  # the figure the keys act for
    targeting: Targeting | None
    handover: bool  # control has just passed to another seat
    playing: bool  # a playback is showing

    def act(self, command: dict) -> None: ...
    def submit(self, command: dict) -> bool: ...
    def choose_and_act(self, title: str, commands: list[dict], best: int = 0) -> None: ...
    def start_targeting(self, targeting: Targeting) -> None: ...
    def confirm(self, question: str, then: Callable[[], object]) -> None: ...
    # a question in the status line, answered by a key: `keys` says them
    # after the question (longest first: the first that fits one row), an
    # answer's key runs its `then`, Esc says `back` in the log and changes
    # nothing, another key says which keys answer
    def ask(self, question: str, answers: list[Answer], keys: list[Text], back: str) -> None: ...
    def pick(
        self, title: str, options: list[tuple[str, str]], then: Callable, highlight: int = 0
    ) -> None: ...
    def add_log(self, lines: list[str]) -> None: ...
    def redraw(self) -> None: ...
    def status_room(self) -> int: ...


# -- the per-game adapter ----------------------------------------------------------------


class Play:
    """One open game as its mode draws and plays it. Subclasses must give
    `scene`, `home` and `step`; the rest has defaults that fit most modes."""

    keys: tuple[Key, ...] = ()  # the mode's key rows (tui.keys.table adds the shared ones)
    figure_fields: tuple[str, ...] = ()  # command fields naming the figure that acts
    handover_says_hello = False  # the handover screen heads with hello(), not "X, your turn."
    steps_bots = False  # play bots' commands back a step at a time even without --playback
    more_prompt = False  # a command's log lines that do not fit stop at --more-- (any key)
    # True: narrate() tells the person at the keyboard their own version and
    # the mode gives the others theirs at their hello; False (the default):
    # where people at one keyboard keep secrets the screen asks tell() for
    # each person's log, with the events as their seat is told them (reader)
    tells_each_seat = False
    # reads the game only through game.view(): a shared game between opponents,
    # where a terminal holds one seat's view alone, can be shown (coop_view.py)
    plays_from_view = False
    # True: the terminal only watches the game (a watch screen sets it), so a
    # mode that tells one seat's story as "You ..." may tell it of that seat
    watching = False

    def __init__(self, game: Game, ascii_only: bool = False) -> None:
        self.game = game
        self.ascii_only = ascii_only

    # -- who is looking, who acts ------------------------------------------------------

    # what the one the plain board marks @ is to a watcher, after its name
    focus_words = "the one in focus"

    def onlooker(self) -> bool:
        """True where this terminal holds no seat: a watch screen, or a
        shared game's terminal that came to watch."""
        here = getattr(self.game, "players_here", None)  # a shared game: this terminal's seats
        return self.watching or (here is not None and not here)

    def focus_name(self, host: Host) -> str:
        """The figure in focus (the plain board's @), as the mode names it."""
        return display_name(host.selected) if host.selected else ""

    def board_mark(self, host: Host) -> str:
        """Who the @ of the plain prompt's `board` is, in the words this
        terminal is told the game in: the player's own figure, or, to a
        watcher, the one in focus by name ("@ is Cop, the human in focus")."""
        if not self.onlooker():
            return "you are @"
        who = self.focus_name(host)
        return f"@ is {who}, {self.focus_words}" if who else "@ is the one in focus"

    def viewer(self) -> str:
        """What the screen asks game.view() for now."""
        return "players"

    def actors(self, legal: list[dict]) -> list[str]:
        """Figures that may act now, in order (Tab cycles them)."""
        found = (c.get(f) for c in legal for f in self.figure_fields)
        return list(dict.fromkeys(x for x in found if isinstance(x, str)))

    def select(self, host: Host, before: str | None) -> str | None:
        """The figure the keys act for after a change: the one before while
        it can still act, else the view's `active` one, else the first."""
        acting = self.actors(host.legal)
        if before in acting:
            return before
        active = host.view.get("active")
        if isinstance(active, str) and active in acting:
            return active
        return acting[0] if acting else before

    def hello(self, seat: Seat, host: Host) -> str:
        """The log line when control passes to seat."""
        return f"{seat.name}, your turn."

    # -- the board, the panels ------------------------------------------------------------
    def scene(self, host: Host) -> Scene:
        raise NotImplementedError

    def home(self, host: Host) -> Any:
        """Where the cursor goes for the selected figure (start, Esc)."""
        raise NotImplementedError

    def step(self, host: Host, cursor: Any, dx: int, dy: int) -> Any | None:
        """The cursor after a move key, None when it cannot go that way."""
        raise NotImplementedError

    def cursor_at(self, host: Host, x: int, y: int) -> Any | None:
        """The cursor position for a click on map cell (x, y)."""
        return None

    def panels(self) -> list[Panel]:
        return []

    def board_title(self) -> str:
        return self.game.setup.mission

    # -- words -----------------------------------------------------------------------------
    def intro(self) -> list[str]:
        """The log's first lines in a new or resumed game."""
        return []

    def resumed(self, view: dict) -> str:
        when = view.get("round", view.get("turn"))
        return f"Resumed in round {when}." if when is not None else "Resumed."

    def narrate(self, events: Iterable[Any], reader: str | None = None) -> list[str]:
        """The log lines for one command's events. `reader`: the viewer whose
        own log they go to, at a keyboard where each person reads their own
        (the events are as that viewer is told them); None: a log anyone reads."""
        lines = []
        for e in events:
            if isinstance(e, dict):
                tag = e.get("type", "?")
            else:
                import msgspec

                tag = msgspec.to_builtins(e)["type"]
            lines.append(str(tag).replace("_", " ").capitalize() + ".")
        return lines

    def tell(self, before: Any, events: list[Any], reader: str | None = None) -> list[str]:
        """The log lines for one command's events when the game screen also
        knows the state before it (replays and watching narrate without it)."""
        return self.narrate(events) if reader is None else self.narrate(events, reader)

    def undo_note(self, host: Host, command: dict, events: list[Any], redone: bool) -> str:
        """The log line after undo took back (or redo put back) command, a
        person's, with everything it set off (events)."""
        return "Redone." if redone else "Undone."

    def label(self, command: dict, view: dict) -> str:
        """One line saying what a command does (dialogs, the palette)."""
        rest = ", ".join(f"{k} {v}" for k, v in command.items() if k != "type")
        words = command["type"].replace("_", " ")
        return f"{words}: {rest}" if rest else words

    def status(self, host: Host) -> Text:
        """The status line between commands."""
        who = display_name(host.selected) if host.selected else "Your turn"
        return Text(f"{who}: choose an action (? for help).", "bold")

    def place(self, cursor: Any) -> str:
        """A cursor position in words: "zone c", "cell 3,4"."""
        if isinstance(cursor, tuple):
            return "cell " + ",".join(str(v) for v in cursor)
        return str(cursor)

    def not_a_target(self, host: Host, t: Targeting, cursor: Any) -> str:
        """The status line while aiming, the cursor on no target."""
        return f"{self.place(cursor)} is not a target"

    def target_hint(self, host: Host, targeting: Targeting, cursor: Any) -> str:
        return self.place(cursor)

    def look(self, host: Host) -> str:
        return f"{self.place(host.cursor).capitalize()}."

    def over_text(self, view: dict) -> str:
        return f"Mission {view.get('outcome')}. Press Enter for the score."

    def pending_title(self, view: dict) -> str:
        pending = view.get("pending") or {}
        return f"Choose ({str(pending.get('kind', 'a decision')).replace('_', ' ')})"

    def pending_commands(self, legal: list[dict]) -> list[dict]:
        return [c for c in legal if c["type"] == "choose"]

    # -- acting ----------------------------------------------------------------------------
    def key_side(self) -> str | None:
        """The side at the keys, for key rows marked with a side (Key.side);
        None: every row applies."""
        return None

    def act(self, host: Host, action: str) -> None:
        """A mode key was pressed: runs the method `key_<action>`."""
        getattr(self, f"key_{action}")(host)

    def enter(self, host: Host) -> None:
        """Enter with no targeting and no decision waiting."""
        host.add_log([self.look(host)])

    def question(self, host: Host, command: dict) -> str | None:
        """A yes/no question to ask before submitting command, or None."""
        return None

    def playback(self, before: Any, events: list[Any], viewer: str) -> list[Step]:
        """Steps to show inside one command (a phase the engine ran after it);
        [] to show the command at once."""
        return []

    def played_back(self) -> None:
        """A playback's steps were all shown, none skipped (a key shows the
        rest at once): what the mode keeps to sum up a turn shown at once
        may go. Nothing to forget by default."""

    def bot_note(self, command: dict, view: dict) -> str:
        return "A bot acts... (any key skips to the end)"

    def idle_work(self) -> list[Callable[[], object]]:
        """Work the next command will likely need, done while the player
        reads (GameScreen runs one a tick once the screen has been still for
        a moment): each a few ms, and nothing the game sees changes, only a
        cache of the engine's warmed. None by default."""
        return []

    # -- the end ---------------------------------------------------------------------------
    def game_over(self) -> GameOver:
        s = self.game.summary()
        won = s.get("outcome") == "won"
        return GameOver("MISSION WON" if won else "MISSION LOST", won)

    def score(self) -> Any | None:
        """The high-score entry (saves.scores.Score) of a finished game, or
        None when the mode keeps no table."""
        return None


# -- the mode's registration -----------------------------------------------------------


class ModeUI:
    """A mode's UI, registered in tui.modes. `play_type` makes a Play; a
    mode may name it by `play_path` ("package.module:Class") instead, so that
    registering the adapter (the title screen does) imports neither the
    Play nor the engine behind it until a game opens."""

    mode_id = ""
    name = ""
    tagline = ""  # the title's line under its art while this mode is in view
    order = 50  # place in mode lists (the new-game dialog opens on the lowest)
    play_path = ""

    @property
    def play_type(self) -> type[Play]:
        if not self.play_path:
            return Play
        import importlib

        module, _, name = self.play_path.partition(":")
        return getattr(importlib.import_module(module), name)

    def play(self, game: Game, ascii_only: bool = False) -> Play:
        return self.play_type(game, ascii_only)

    def missions(self) -> list[tuple[str, str]]:
        """(label, mission id) for the new-game dialog."""
        from engine import get_mode

        rows = get_mode(self.mode_id).missions()
        return [(f"{m['name']} ({m['id']}, difficulty {m['difficulty']})", m["id"]) for m in rows]

    def default_mission(self) -> str:
        """The mission the dialog starts on: the engine mode's own default."""
        from engine import get_mode

        return get_mode(self.mode_id).default_mission

    def fields(self) -> Widget | None:
        """The new-game dialog's rows for this mode's own options: a
        tui.widgets.fields.ModeFields, or None when it has none."""
        return None

    def save_line(self, summary: dict) -> str:
        """What the Load list and Continue say about a save of this mode."""
        when = summary.get("round", summary.get("turn"))
        state = summary.get("outcome") or (f"round {when}" if when is not None else "")
        return ", ".join(x for x in (summary.get("mission", ""), state) if x)

    def help(self, ascii_only: bool = False) -> HelpSection:
        return HelpSection(self.name or self.mode_id, self.play_type.keys)

    def title_entries(self) -> list[TitleEntry]:
        return []

    def plain_courses(self) -> list[Any]:
        """The records of several games this mode keeps (campaigns, runs,
        matches) as the plain prompt plays them: tui.plain.records.Course
        objects, one per title entry."""
        return []
