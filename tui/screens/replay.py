"""The replay viewer: any saved game, moment by moment, on the shared game
screen (read-only, tui/screens/watch.py's ReadOnlyGameScreen).

A step is one journal frame as it was played: a command with its events,
an undo or a redo (saves.history.History's moments), so the replay shows
the player's undos where they made them. Keys step back and forward one
step or one round, go to the start, the end or a round by its number, and
play at a chosen speed; the board and panels draw the game at that moment
through the mode's adapter, from the players' side (K-7), and the log tells
the steps that led there. `f` forks a new game from the moment shown: a new
save with the same setup and so the same fate from there (K-2), whose
header records where it came from, including the source's undo policy when
the new one is more lenient."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Input, Label

from engine import RuleError
from engine.game import UNDO_POLICIES
from hosting.chat import spoken
from saves.files import SaveError
from saves.history import History, default_viewer, relaxed_undo
from saves.slots import printable, slot_path
from tui import persist
from tui.keys import Key
from tui.modes import get_ui
from tui.screens.dialogs import ConfirmDialog, SeeThrough
from tui.screens.watch import ReadOnlyGameScreen, frame_lines, save_name, when
from tui.widgets.text_input import TextInput

SPEEDS = (0.5, 1.0, 2.0, 4.0, 8.0, 16.0, 32.0)  # steps a second
FIRST_SPEED = 2  # index in SPEEDS
RETELL = 12  # steps the log tells after a jump

UNDO_WORDS = {
    "casual": "casual: undo anything",
    "honest": "honest: no undo past dice or cards drawn",
    "ironman": "ironman: no undo",
}


def steps_a_second(speed: float) -> str:
    shown = f"{speed:g}"
    return f"{shown} step a second" if speed == 1 else f"{shown} steps a second"


class AskDialog(SeeThrough, ModalScreen[str | None]):
    """One line of text: Enter answers it, Esc closes (None)."""

    DEFAULT_CSS = """
    AskDialog {
        align: center middle;
    }
    AskDialog Input {
        width: 44;
        margin-bottom: 1;
    }
    """
    BINDINGS = [Binding("escape", "cancel", "close", show=False)]

    def __init__(self, question: str, value: str = "", note: str = "") -> None:
        super().__init__()
        self.question = question
        self.value = value
        self.note = note

    def compose(self) -> ComposeResult:
        with Vertical(id="ask", classes="dialog"):
            yield Label(self.question, id="question")
            yield TextInput(self.value, compact=True, id="answer")
            yield Label(self.note or "Enter answers, Esc closes", classes="note")

    def on_mount(self) -> None:
        self.query_one(Input).focus()

    def on_input_submitted(self, event: Input.Submitted) -> None:
        event.stop()
        self.dismiss(event.value.strip())

    def action_cancel(self) -> None:
        self.dismiss(None)


class ReplayScreen(ReadOnlyGameScreen):
    """A saved game at any of its moments; nothing here changes the save."""

    kind = "Replay"
    leave_words = "leave the replay"
    escape_words = "pause (never discards anything)"
    own_keys = (
        Key("comma", "back", "back one step", "Replay", True, ",", label="back"),
        Key(
            "full_stop",
            "forward",
            "forward one step (a command, an undo or a redo)",
            "Replay",
            True,
            ".",
            label="fwd",
        ),
        Key(
            "left_square_bracket",
            "round_back",
            "back to where this round (or turn) began; again: the one before",
            "Replay",
        ),
        Key(
            "right_square_bracket", "round_forward", "forward to the next round (or turn)", "Replay"
        ),
        Key("g", "goto", "go to a round (or turn) by its number", "Replay", True, label="round"),
        Key("less_than_sign", "start", "go to the start of the game", "Replay"),
        Key("greater_than_sign", "end", "go to the end of the save", "Replay"),
        Key("space,p", "play", "play or pause", "Replay", True, "space", label="play"),
        Key("plus,equals_sign", "faster", "play faster", "Replay"),
        Key("minus", "slower", "play slower", "Replay"),
        Key(
            "f",
            "fork",
            "fork: a new game from this moment, same fate from here",
            "Replay",
            True,
            label="fork",
        ),
    )

    def __init__(self, history: History, play_of: Any, name: str, moment: int = 0) -> None:
        """play_of(game) makes the mode's Play for a game (ModeUI.play)."""
        game = history.game(moment)
        super().__init__(game, play_of(game), name, default_viewer(history.mode))
        self.history = history
        self.moment = moment
        self.speed = FIRST_SPEED
        self.talk = talk_of(history)  # a shared game's talk, shown when it was said
        self._timer: Any = None

    # -- the moment shown -----------------------------------------------------
    def opening(self) -> list[str]:
        lines = [
            f"Replaying {self.save_name}: {self.history.last} "
            f"{'step' if self.history.last == 1 else 'steps'}. , and . step, "
            "g goes to a round, space plays, f forks a new game from here, ? shows every key."
        ]
        lines += [printable(w) for w in self.history.warnings]
        return lines + self.story(self.moment)

    def stand(self, moment: int) -> None:
        """The screen's game (and the mode's Play) at that moment."""
        game = self.history.game(moment)
        self.game = game
        self.play.game = game

    def story(self, moment: int) -> list[str]:
        """The log's lines for the last steps up to moment, told by the Play
        standing at moment (a Game a step is one setup of the mission: too
        slow to make for each of them on a large map); it stands there after."""
        self.stand(moment)
        lines = [] if moment else ["The start of the game."]
        first = max(1, moment - RETELL + 1)
        lines += self.said_at(0) if first == 1 else []
        for k in range(first, moment + 1):
            lines += frame_lines(self.play, self.history.frame(k), self.as_told)
            lines += self.said_at(k)
        return lines

    def said_at(self, moment: int) -> list[str]:
        """What was said at the table after step `moment`, before the next."""
        return [spoken(x) for x in self.talk if x.at == moment]

    def go(self, moment: int, step: bool = False) -> None:
        """Show moment: one step forward adds its lines to the log; any other
        move tells the log again from a few steps before it."""
        self.moment = moment
        if step:
            self.stand(moment)
            self.add_log(frame_lines(self.play, self.history.frame(moment), self.as_told))
            self.add_log(self.said_at(moment))
        else:
            lines = self.story(moment)
            self.clear_log()
            self.add_log(lines)
        self.refresh_view()

    def where(self) -> str:
        at = when(self.view)
        text = f"Replay {self.save_name}: step {self.moment} of {self.history.last}"
        text += f", {at}" if at else ""
        if self.view.get("outcome"):
            text += f" (over: {self.view['outcome']})"
        if self._timer is not None:
            text += f". Playing, {steps_a_second(SPEEDS[self.speed])}"
        return text + "."

    @property
    def round_word(self) -> str:
        """What the game counts in: "turn" when its view has turns, not rounds."""
        return "turn" if when(self.view).startswith("turn") else "round"

    # -- stepping -----------------------------------------------------------------
    def say(self, line: str) -> None:
        self.add_log([line])

    def key_back(self) -> None:
        if self.moment == 0:
            self.say("This is the start of the game: there is nothing before it.")
            return
        self.go(self.moment - 1)

    def key_forward(self) -> None:
        if self.moment >= self.history.last:
            self.pause()
            self.say("This is the end of the save: there is nothing after it.")
            return
        self.go(self.moment + 1, step=True)

    def key_round_back(self) -> None:
        moment = self.history.previous_round(self.moment)
        if moment is None:
            self.say(f"This is the start of the game: there is no {self.round_word} before it.")
            return
        self.go(moment)

    def key_round_forward(self) -> None:
        moment = self.history.next_round(self.moment)
        if moment is None:
            word = self.round_word
            self.say(f"No later {word}: this is the last {word} in the save.")
            return
        self.go(moment)

    def key_start(self) -> None:
        self.go(0)

    def key_end(self) -> None:
        self.pause()
        self.go(self.history.last)

    def key_goto(self) -> None:
        self.pause()
        rounds = self.history.rounds()
        low, high = rounds[0], max(rounds)
        self.app.push_screen(
            AskDialog(
                f"Go to which {self.round_word}? ({low} to {high})", str(rounds[self.moment])
            ),
            self._go_to_round,
        )

    def _go_to_round(self, answer: str | None) -> None:
        if answer is None:
            return
        rounds = self.history.rounds()
        low, high = rounds[0], max(rounds)
        try:
            number = int(answer)
        except ValueError:
            self.say(f"{printable(answer)!r} is not a {self.round_word} number: nothing changed.")
            return
        moment = self.history.moment_of_round(number) if low <= number <= high else None
        if moment is None:
            word = self.round_word
            self.say(f"There is no {word} {number} in this save ({word}s {low} to {high}).")
            return
        self.go(moment)

    # -- playing ------------------------------------------------------------------
    def key_play(self) -> None:
        if self._timer is not None:
            self.pause()
            return
        if self.moment >= self.history.last:
            self.say("This is the end of the save: < goes to the start, , steps back.")
            return
        self._timer = self.set_interval(1 / SPEEDS[self.speed], self._tick)
        self.redraw()

    def _tick(self) -> None:
        if self.moment >= self.history.last:
            self.pause()
            self.say("The end of the save.")
            return
        self.go(self.moment + 1, step=True)

    def pause(self) -> None:
        if self._timer is not None:
            self._timer.stop()
            self._timer = None
            self.redraw()

    def action_cancel(self) -> None:
        self.pause()

    def key_faster(self) -> None:
        self.change_speed(+1)

    def key_slower(self) -> None:
        self.change_speed(-1)

    def change_speed(self, by: int) -> None:
        speed = min(max(self.speed + by, 0), len(SPEEDS) - 1)
        if speed == self.speed:
            end = "fastest" if by > 0 else "slowest"
            self.say(f"Already the {end}: {steps_a_second(SPEEDS[speed])}.")
            return
        self.speed = speed
        if self._timer is not None:
            self._timer.stop()
            self._timer = self.set_interval(1 / SPEEDS[speed], self._tick)
        else:
            self.say(f"Playing goes at {steps_a_second(SPEEDS[speed])}: space plays.")
        self.redraw()

    # -- forking --------------------------------------------------------------------
    def key_fork(self) -> None:
        self.pause()
        base = f"{self.save_name}-fork" if len(self.save_name) < 50 else "fork"
        name, n = base, 1
        while _taken(name):
            n += 1
            name = f"{base}-{n}"
        self.app.push_screen(
            AskDialog(
                f"Fork a new game from step {self.moment}: its save's name",
                name,
                "Same fate from here on. Enter forks, Esc closes.",
            ),
            self._fork_named,
        )

    def _fork_named(self, name: str | None) -> None:
        if name is None:
            return
        try:
            path = slot_path(name, create_dir=True)
        except SaveError as e:
            self.say(f"No fork made: {printable(str(e))}")
            return
        if path.exists():
            self.say(f"No fork made: a save called {printable(name)} exists; choose another name.")
            return
        source = self.history.setup.undo
        order = [source, *(p for p in UNDO_POLICIES if p != source)]
        options = []
        for policy in order:
            label = UNDO_WORDS.get(policy, policy)
            if policy == source:
                label += " - as in this game"
            elif _more_lenient(policy, source):
                label += f" - the new save says this game was {source}"
            options.append((policy, label))
        self.pick(
            "Undo in the new game",
            options,
            lambda policy: self._fork(path, policy) if policy else None,
        )

    def _fork(self, path: Path, policy: str) -> None:
        try:
            game = self.history.save_fork(self.moment, path, undo=policy)
        except (SaveError, RuleError) as e:
            self.say(f"No fork made: {printable(getattr(e, 'message', str(e)))}")
            return
        name = printable(path.stem)
        note = ""
        if relaxed_undo(game.header()):
            source = self.history.setup.undo
            article = "an" if source[:1] in "aeiouh" else "a"  # an honest, an ironman
            note = f" Its save records that it was forked from {article} {source} game."
        self.say(f"Forked step {self.moment} into {name} ({policy} undo).{note}")
        self.app.push_screen(
            ConfirmDialog(f"Play {name} now? It is saved as {path}.", yes="Play", no="Stay"),
            lambda yes: self._play_fork(path) if yes else self._saved_at(path),
        )

    def _saved_at(self, path: Path) -> None:
        self.say(f"{printable(path.stem)} is saved as {printable(str(path))}: Load opens it.")

    def _play_fork(self, path: Path) -> None:
        try:
            session = persist.resume(path)
        except persist.SaveProblem as e:
            self.say(f"Problem: {printable(str(e))}")
            self._saved_at(path)
            return
        app = self.app
        app.pop_screen()  # the replay gives way to the new game
        app.open_game(session.game, session)

    def stop(self) -> None:
        if self._timer is not None:
            self._timer.stop()
            self._timer = None


def _more_lenient(policy: str, than: str) -> bool:
    order = {"ironman": 0, "honest": 1, "casual": 2}
    return order.get(policy, 2) > order.get(than, 2)


def _taken(name: str) -> bool:
    try:
        return slot_path(name).exists()
    except SaveError:
        return True


# -- opening ------------------------------------------------------------------------


def talk_of(history: History) -> list:
    """The lines said at the table of a shared game, read from beside its
    save (hosting/chat.py): never part of the log, so a replay of the same
    save without them is the same game."""
    if history.path is None:
        return []
    from hosting.chat import read_record, record_beside

    return read_record(record_beside(history.path))


def replay_screen(app: Any, history: History, moment: int = 0) -> ReplayScreen | None:
    """The replay viewer for a history, or None (and a notice) when this
    Shamble cannot show its game's mode."""
    mode = history.setup.mode
    ui = get_ui(mode)
    if ui is None:
        app.notify(f"This Shamble cannot show {mode} games yet.", severity="error", timeout=10)
        return None
    ascii_only = getattr(app, "ascii_only", False)
    name = save_name(history.path) if history.path else "game"
    return ReplayScreen(history, lambda game: ui.play(game, ascii_only), name, moment)


def replay_path(app: Any, path: str | Path, moment: int = 0) -> ReplayScreen | None:
    """The replay viewer for the save at path, at moment, or None (and a
    notice saying why) when it cannot be replayed."""
    try:
        history = History.open(path)
    except SaveError as e:
        app.notify(printable(str(e)), severity="error", timeout=10)
        return None
    return replay_screen(app, history, moment)
