"""One game played by typed lines (`shamble --plain`): the plain counterpart
of the game screen, over the same adapter (tui.modes Play).

Each command's story is printed once, as the mode narrates it; bots act
between a person's commands as on the screen; a secret seat (another
person's hand, a human commander) is handed over with a line and Enter, and
each person reads what their own seat is told. It names no mode."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

import msgspec

from engine import RuleError
from engine.core.table import PERSON
from tui.modes.base import Play, Targeting
from tui.modes.spoken import spoken_for
from tui.plain import words
from tui.plain.io import Lines
from tui.plain.story import brief, without_keys
from tui.text import display_name
from tui.widgets.panels import Detail

KEEP = 500  # log lines kept for `log N`

HELP = [
    "Commands (type a word; a number picks from the last list):",
    "  what: the commands you can give now, numbered. A number does one.",
    "  Or type a command by name: move b, search, fire 12,4, open door a-b, end.",
    "  where: your place; near: what is around; board: a summary; look X: a place.",
    "  status: whose turn and what is left; who: the figures; next or select NAME.",
    "  again: the last story again; log, or log N: the last N lines of the story.",
    "  undo, redo, save, rules, help, quit (the game is saved as you play).",
]


@dataclass
class App:
    """What an adapter may ask of the app: no colour, no boxes, no mouse."""

    ascii_only: bool = True
    playback: bool = False
    prompts: str = "inline"
    autosave: bool = True


@dataclass
class PlainHost:
    """The game screen as an adapter sees it (tui.modes.base.Host), in lines."""

    table: PlainTable
    game: Any
    app: App = field(default_factory=App)
    view: dict = field(default_factory=dict)
    legal: list[dict] = field(default_factory=list)
    cursor: Any = None
    selected: str | None = None
    targeting: Targeting | None = None
    handover: bool = False
    playing: bool = False

    def act(self, command: dict) -> None:
        self.table.act(command)

    def submit(self, command: dict) -> bool:
        return self.table.submit(command)

    def choose_and_act(self, title: str, commands: list[dict], best: int = 0) -> None:
        # the list is numbered; no cursor to place on the best
        if len(commands) == 1:
            self.act(commands[0])
        else:
            self.table.offer(title, commands)

    def start_targeting(self, targeting: Targeting) -> None:
        commands = [c for cs in targeting.options.values() for c in cs]
        self.table.offer(targeting.verb, commands)

    def confirm(self, question: str, then) -> None:  # noqa: ANN001
        if self.table.yes(question):
            then()

    def ask(self, question: str, answers: list, keys: list, back: str) -> None:
        """A question the screen asks in its status line: here its answers'
        words in a numbered list (keys mean nothing at a plain prompt)."""
        chosen = self.table.choose(question, [a.label for a in answers], answers)
        if chosen is None:
            self.table.tell([back])
        else:
            chosen.then()

    def pick(self, title: str, options: list[tuple[str, str]], then, highlight: int = 0) -> None:  # noqa: ANN001
        then(self.table.choose(title, [label for _, label in options], [i for i, _ in options]))

    def add_log(self, lines: list[str]) -> None:
        self.table.tell(lines)

    def redraw(self) -> None:
        pass

    def status_room(self) -> int:
        return 100


class Brief(str):
    """A story line said short for the ear (a bot's turn as what came of it):
    told, and repeated by `again`, but the log keeps the mode's own lines."""


class PlainTable:
    """A game at the plain prompt until it ends or the player leaves."""

    def __init__(self, game: Any, play: Play, lines: Lines, session: Any = None) -> None:
        self.game = game
        self.play = play
        self.io = lines
        self.session = session
        self.host = PlainHost(self, game)
        self.last_story: list[str] = []
        self.story_log: list[str] = []
        self.last_list: list[dict] = []
        self.seat: Any = None  # the person's seat last told it is their turn
        self.spoken = None
        self.quit = False
        self.publisher: Any = None  # what the machine's other players see of it
        self.watchers: tuple[str, ...] = ()
        self.scored = bool(game.outcome)  # finished before it opened: scored then
        self.hint = True  # the next prompt says how to ask (what, help)
        self.head = ""  # who acts and the round, as the last prompt said them

    # -- reading -----------------------------------------------------------------
    def viewer(self) -> str:
        """What game.view() is asked for (a shared game: this player's seat)."""
        return self.play.viewer()

    def refresh(self) -> None:
        h = self.host
        h.view = self.game.view(self.viewer())
        h.legal = [msgspec.to_builtins(c) for c in self.game.legal_commands()]
        before = h.selected
        h.selected = self.play.select(h, before)
        if h.cursor is None or h.selected != before:
            h.cursor = self.play.home(h)
        if self.spoken is None:
            self.spoken = spoken_for(self.play, h)

    def tell(self, lines: list[str]) -> None:
        """Lines of the story (kept for `again` and `log`, but a Brief line:
        the log keeps the step-by-step lines it sums up)."""
        lines = [x for x in lines if str(x).strip()]
        if not lines:
            return
        self.io.say([str(x) for x in lines])
        self.story_log.extend(str(x) for x in lines if not isinstance(x, Brief))
        del self.story_log[: max(0, len(self.story_log) - KEEP)]

    def story(self, lines: list[str]) -> None:
        """One command's story: told now, and again on `again`. What the
        player did comes first, then what hurts (wounds, deaths, bites,
        spawns), then the rest; runs of lines alike but for one word are
        said once ("Bot 2 moves a zombie south, east and north."). The
        step-by-step lines a summary line already said (a Detail, such as
        each zombie's own step) are only kept for `log`."""
        said = brief([x for x in lines if str(x).strip() and not isinstance(x, Detail)])
        self.last_story = said
        self.tell(said)
        details = [str(x) for x in lines if isinstance(x, Detail) and str(x).strip()]
        self.story_log.extend(details)
        del self.story_log[: max(0, len(self.story_log) - KEEP)]

    def named(self, commands: list[dict]) -> list[words.Named]:
        view = self.host.view
        return [words.named(c, self.play.label(c, view), self.play.figure_fields) for c in commands]

    def mine(self) -> list[dict]:
        """The legal commands of the selected figure (all when none is)."""
        sel, fields = self.host.selected, self.play.figure_fields
        legal = self.host.legal
        if not sel or not fields:
            return legal
        own = [c for c in legal if any(c.get(f) == sel for f in fields)]
        free = [c for c in legal if not any(isinstance(c.get(f), str) for f in fields)]
        return own + free or legal

    # -- asking ------------------------------------------------------------------------
    def yes(self, question: str) -> bool:
        while True:
            answer = self.io.ask(f"{question} (yes or no)")
            if answer is None:
                self.quit = True
                return False
            if answer.lower() in ("y", "yes"):
                return True
            if answer.lower() in ("n", "no", ""):
                return False
            self.io.say("Please answer yes or no.")

    def choose(self, title: str, labels: list[str], values: list[Any] | None = None) -> Any:
        """One of labels by number (None on an empty answer)."""
        values = values if values is not None else list(range(len(labels)))
        self.io.say(f"{title}:", [f"{i}. {label}" for i, label in enumerate(labels, 1)])
        while True:
            answer = self.io.ask(f"Choose 1 to {len(labels)}, or press Enter for none:")
            if answer is None:
                self.quit = True
                return None
            if not answer:
                return None
            if answer.isdigit() and 1 <= int(answer) <= len(labels):
                return values[int(answer) - 1]
            self.io.say(f"Type a number from 1 to {len(labels)}.")

    def offer(self, title: str, commands: list[dict]) -> None:
        """A numbered list of commands to pick from with the next number.
        Commands that differ only in a cell (a move, a decoy thrown at any
        of 40 cells) are one line, said with the cells they may name."""
        groups = words.grouped(commands, words.GROUP_FROM)
        singles = [c for g in groups if len(g) < words.GROUP_FROM for c in g]
        self.last_list = singles
        labels = [self.play.label(c, self.host.view) for c in singles]
        lines = [f"{i}. {label}" for i, label in enumerate(labels, 1)]
        for group in groups:
            if len(group) >= words.GROUP_FROM:
                lines.append(words.group_line(group, self.play.label(group[0], self.host.view)))
        self.io.say(f"{title}:", lines)

    # -- doing --------------------------------------------------------------------------
    def act(self, command: dict) -> None:
        question = self.play.question(self.host, command)
        if question and not self.yes(question):
            self.io.say("Not done.")
            return
        self.submit(command)

    def submit(self, command: dict) -> bool:
        before = self.game.state
        try:
            events = self.game.submit(command)
        except RuleError as e:
            self.io.say(f"Can't: {e.message}")
            return False
        except Exception as e:  # a save that cannot be written: say so, keep playing
            self.io.say(f"Problem: {e}")
            return False
        lines = self.play.tell(before, events)
        if self.spoken is not None:
            short = self.spoken.own_told(self.host, before, events)
            if short is not None:
                lines = [*(Brief(x) for x in short), *(Detail(x) for x in lines)]
        lines += self.run_bots()
        self.story(lines)
        self.refresh()
        return True

    def run_bots(self) -> list[str]:
        """The bots' commands until a person decides, in words: told as
        what came of them when the mode can say it so (Spoken.bots_told),
        their step-by-step lines kept for `log` as Details."""
        lines: list[str] = []
        steps: list[tuple[Any, list[Any]]] = []
        problem: list[str] = []
        try:
            for _, before, events in self.game.play_bots():
                lines += self.play.tell(before, events)
                steps.append((before, events))
        except Exception as e:  # a bot the engine refuses, or a save that fails
            problem.append(f"Problem: a bot's command failed: {e}")
        if self.spoken is None:
            self.refresh()
        short = self.spoken.bots_told(self.host, steps) if steps else None
        if short is not None:
            lines = [*(Brief(x) for x in short), *(Detail(x) for x in lines)]
        return problem + lines

    def undo(self) -> None:
        game = self.game
        commands, events = game.commands, game.events
        try:
            undone = game.undo_to_person()
        except RuleError as e:  # refused part way: nothing changed
            self.io.say(f"No undo: {e.message}")
            return
        self.refresh()
        if not undone:
            self.io.say("Nothing to undo.")
            return
        kept = len(game.commands)
        took = msgspec.to_builtins(commands[kept]) if kept < len(commands) else None
        note = (
            self.play.undo_note(self.host, took, events[len(game.events) :], False)
            if took
            else "Undone."
        )
        self.story([note])

    def redo(self) -> None:
        if not self.game.redo_to_person():
            self.io.say("Nothing to redo.")
            return
        self.refresh()
        self.story(["Redone."])

    # -- the loop ---------------------------------------------------------------------
    def head_now(self) -> str:
        """Who acts and the round: "Vega, round 3"."""
        h = self.host
        who = display_name(h.selected) if h.selected else (self.seat.label if self.seat else "You")
        when = h.view.get("round", h.view.get("turn"))
        return f"{who}, {'round' if 'round' in h.view else 'turn'} {when}" if when else who

    def prompt(self) -> str:
        head = self.head_now()
        if self.hint:  # the first prompt, and after a word it did not know
            self.hint = False
            self.head = head
            return f"{head}. Command (what, help)?"
        if head == self.head:  # who acts and the round are said when they change
            return "Command?"
        self.head = head
        return f"{head}. Command?"

    def note_control(self) -> bool:
        """Say whose turn it is when it passes from one person's seat to
        another's (the engine's table says who sits and who acts); where the
        seats hold secrets the keyboard is handed over first. False when the
        player left instead."""
        game = self.game
        persons = [s for s in game.seats() if s.kind == PERSON]
        acting = [s for s in persons if s.id in game.to_act()]
        if len(persons) < 2 or not acting or game.outcome:
            return True
        seat = acting[0]
        if seat.id == getattr(self.seat, "id", None):
            return True
        first = self.seat is None
        self.seat = seat
        if game.table.hidden and not first:
            self.io.say(f"Pass the keyboard to {seat.label}.")
            if self.io.ask(f"{seat.label}, press Enter when you are ready.") is None:
                return False
        if not game.table.hidden and self.head_now().split(",")[0] == seat.label:
            self.head = ""  # the prompt names them now: "Drifter, round 2. Command?"
        else:
            self.io.say(f"{seat.label}, your turn.")
        return True

    def run(self) -> str:
        """Play until the game ends ("over") or the player leaves ("quit")."""
        self.refresh()
        lines = self.run_bots()
        if lines:
            self.story(lines)
            self.refresh()
        while not self.quit:
            if self.game.outcome:
                return "over"
            if not self.note_control():
                return "quit"
            pending = self.host.view.get("pending") and self.play.pending_commands(self.host.legal)
            if pending:
                self.io.say(self.play.pending_title(self.host.view) + ":")
                self.offer("Choose", pending)
            self.note_watchers()
            answer = self.io.ask(self.prompt())
            if answer is None:
                return "quit"
            if self.do(answer) == "quit":
                return "quit"
        return "quit"

    def do(self, text: str) -> str | None:
        h = self.host
        word, _, rest = text.strip().partition(" ")
        word = word.lower()
        if not word:
            return None
        if word.isdigit():
            n = int(word)
            if not self.last_list:
                self.io.say("No list to pick from: type what for the commands you can give.")
            elif 1 <= n <= len(self.last_list):
                self.act(self.last_list[n - 1])
            else:
                self.io.say(f"Pick a number from 1 to {len(self.last_list)}.")
            return None
        if word in ("q", "quit", "exit", "bye"):
            return "quit"
        simple = {
            "help": lambda: self.io.say(HELP),
            "?": lambda: self.io.say(HELP),
            "rules": self.rules,
            "what": lambda: self.offer("You can", self.mine()),
            "w": lambda: self.offer("You can", self.mine()),
            "all": lambda: self.offer("Every command open now", h.legal),
            "where": lambda: self.io.say(self.spoken.where(h)),
            "near": lambda: self.io.say(self.spoken.near(h)),
            "board": lambda: self.io.say(self.spoken.board(h)),
            "status": lambda: self.io.say([self.status(), self.whose()]),
            "again": lambda: self.io.say(self.last_story or ["Nothing has happened yet."]),
            "undo": self.undo,
            "redo": self.redo,
            "save": self.save,
            "who": self.who,
            "next": self.next_figure,
        }
        if word in simple and not rest:
            simple[word]()
            return None
        if word == "look":
            self.io.say(self.spoken.look(h, rest) if rest else self.spoken.where(h))
            return None
        if word == "log":
            n = int(rest) if rest.strip().isdigit() else 10
            self.io.say(self.story_log[-n:] or ["Nothing has happened yet."])
            return None
        if word == "select":
            self.select(rest)
            return None
        self.by_name(text)
        return None

    def by_name(self, text: str) -> None:
        options = self.named(self.host.legal)
        found = words.match(text, options, self.host.selected)
        if len(found) == 1:
            self.act(found[0].command)
        elif found:
            self.offer(f"{len(found)} commands fit; pick one by number", [o.command for o in found])
        else:
            near = words.nearest(text, self.named(self.mine()))
            hint = "; ".join(o.label for o in near)
            self.io.say(f"No command {text!r} now." + (f" Nearest: {hint}." if hint else ""))
            self.io.say("Type what for the list.")
            self.hint = True

    def note_watchers(self) -> None:
        """Say who came to watch (or left) since the last prompt, when the
        machine's other players can see this game (saves/public.py)."""
        publisher = self.publisher
        if publisher is None:
            return
        try:
            now = publisher.watchers()
        except OSError:
            return
        for name in sorted(set(now) - set(self.watchers)):
            self.io.say(f"{name} is watching your game.")
        for name in sorted(set(self.watchers) - set(now)):
            self.io.say(f"{name} stopped watching.")
        self.watchers = now

    # -- small commands ------------------------------------------------------------
    def whose(self) -> str:
        """Who acts and the round (the prompt says them only when they change)."""
        self.head = self.head_now()
        return f"{self.head}."

    def status(self) -> str:
        """The status line without the keys it offers, then what can be done."""
        text = without_keys(self.play.status(self.host).plain)
        kinds = dict.fromkeys(c["type"].replace("_", " ") for c in self.mine())
        return f"{text} You can: {', '.join(kinds)}." if kinds else text

    def who(self) -> None:
        actors = self.play.actors(self.host.legal)
        if not actors:
            self.io.say(self.play.status(self.host).plain)
            return
        names = ", ".join(display_name(a) for a in actors)
        self.io.say(f"Can act: {names}. Selected: {display_name(self.host.selected or '')}.")

    def next_figure(self) -> None:
        actors = self.play.actors(self.host.legal)
        if len(actors) < 2:
            self.io.say("No other figure can act now.")
            return
        i = actors.index(self.host.selected) + 1 if self.host.selected in actors else 0
        self.select(actors[i % len(actors)])

    def select(self, name: str) -> None:
        actors = self.play.actors(self.host.legal)
        want = name.strip().lower()
        hit = [a for a in actors if a.lower() == want or display_name(a).lower() == want]
        hit = hit or [a for a in actors if a.lower().startswith(want) and want]
        if not hit:
            names = ", ".join(display_name(a) for a in actors) or "nobody"
            self.io.say(f"No figure {name!r} can act now (can act: {names}).")
            return
        self.host.selected = hit[0]
        self.host.cursor = self.play.home(self.host)
        self.io.say(f"{display_name(hit[0])} selected.")

    def save(self) -> None:
        if self.session is None:
            self.io.say("This game is not being saved (no saves folder).")
        else:
            name = getattr(self.session, "path", None)
            where = f" in {name.stem}" if name is not None else ""
            self.io.say(f"Saved{where}: every command is saved as you make it.")

    def rules(self) -> None:
        from tui.modes import get_ui

        ui = get_ui(self.game.setup.mode)
        section = ui.help(True) if ui else None
        text = getattr(section, "rules", "") if section else ""
        self.io.say(text.splitlines() if text else ["The rules are in docs/rules.md."])
