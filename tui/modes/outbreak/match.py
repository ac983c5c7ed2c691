"""Outbreak matches (house rules, docs/rules-outbreak.md "Matches"): the
title's Match entry lists the matches there are and starts new ones; the
match screen shows the running score table and plays the next game.

The rules are the engine's (engine.outbreak.match: start, next_game,
finish_game, table, leaders); the record is a saves.records one, held open (and
locked) while the match screen is up. A finished game is folded into the
table as soon as the match screen sees it."""

from __future__ import annotations

import random
from typing import Any

from rich.table import Table
from rich.text import Text
from textual.app import ComposeResult
from textual.containers import Horizontal, VerticalScroll
from textual.screen import Screen
from textual.widgets import Input, Label, Select

from engine import Game, MissionError, RuleError
from engine.outbreak import match as rules
from saves import AutoSave, SaveError, records
from tui.modes.outbreak.fields import OutbreakFields
from tui.modes.outbreak.words import Seats
from tui.persist import SaveProblem, read_only
from tui.screens.records import BACK, NewRecordDialog, RecordList, RecordScreen
from tui.widgets.fields import FieldProblem
from tui.widgets.select import MenuSelect
from tui.widgets.text_input import TextInput

UNDO = (
    ("casual: undo anything", "casual"),
    ("honest: not past dice or cards", "honest"),
    ("ironman: no undo", "ironman"),
)
GAMES = [(f"{n} game{'s' if n > 1 else ''}", n) for n in range(1, rules.MAX_GAMES + 1)]


STORE = records.store("outbreak", "match")


def seats_of(match: rules.Match) -> Seats:
    order = [sid for sid, _ in match.seats]
    return Seats(order, dict(match.seats))


def match_line(info: Any) -> str:
    """One line about a match record for a list."""
    if info.error:
        return f"{info.name}: cannot be read"
    m = info.progress
    if m is None:
        return f"{info.name}: empty"
    seats = seats_of(m)
    top = ", ".join(seats.name(s) for s in rules.leaders(m)) if m.results else ""
    if m.over:
        return f"{info.name}: over, won by {top}"
    where = f"game {m.played + 1} of {m.games}" + (" in play" if info.save else "")
    lead = f", {top} lead{'s' if len(rules.leaders(m)) == 1 else ''}" if top else ""
    return f"{info.name}: {where}{lead} ({', '.join(seats.name(s) for s in seats.order)})"


def score_table(match: rules.Match) -> Table:
    seats = seats_of(match)
    leaders = set(rules.leaders(match)) if match.results else set()
    table = Table(box=None, padding=(0, 1), show_header=True)
    table.add_column("seat")
    table.add_column("plays")
    table.add_column("points", justify="right")
    table.add_column("wins", justify="right")
    table.add_column("helipad", justify="right")
    table.add_column("by kills", justify="right")
    table.add_column("kills", justify="right")
    for row in rules.table(match):
        name = Text(seats.name(row["seat"]), "bold" if row["seat"] in leaders else "")
        table.add_row(
            name,
            row["kind"],
            str(row["points"]),
            str(row["wins"]),
            str(row["helipad_wins"]),
            str(row["kill_wins"]),
            str(row["kills"]),
        )
    return table


def games_text(match: rules.Match) -> Text:
    seats = seats_of(match)
    text = Text()
    for n, r in enumerate(match.results, 1):
        if n > 1:
            text.append("\n")
        if r.outcome == "won":
            how = "at the Helipad" if r.win_reason == "helipad" else "by kills"
            text.append(f"Game {n}: {seats.name(r.winner)} won {how} in round {r.rounds}")
        else:
            text.append(f"Game {n}: everybody lost (round {r.rounds})")
    return text


def fold_game(record: records.Record, game: Game) -> rules.Match:
    """Fold a finished game into the match record's table and write it; the
    match after it (RuleError, SaveError or OSError when it cannot be)."""
    folded = rules.finish_game(record.progress, game.summary())
    record.save_progress(folded)
    return folded


def champions(match: rules.Match) -> str:
    seats = seats_of(match)
    names = [seats.name(s) for s in rules.leaders(match)]
    if len(names) == 1:
        return f"{names[0]} takes the match!"
    return f"{' and '.join(names)} share the match!"


class MatchListDialog(RecordList):
    """The matches there are, and a new one."""

    SCOPED_CSS = False
    DEFAULT_CSS = """
    MatchListDialog { align: center middle; }
    MatchListDialog #matches { width: 72; height: auto; max-height: 12; }
    MatchListDialog #matches-note { width: 72; height: auto; }
    .-ascii MatchListDialog #matches { border: ascii $primary; }
    """
    question = "Outbreak matches"
    box_id, list_id, note_id = "match-list", "matches", "matches-note"
    new_label, what = "New match...", "matches"

    def list_records(self) -> list[Any]:
        return STORE.listing()

    def describe(self, info: Any) -> str:
        return match_line(info)

    def going(self, info: Any) -> bool:
        return bool(info.progress and not info.progress.over)

    def open_record(self, path: str) -> records.Record:
        return STORE.open(path)

    def new_screen(self) -> Screen:
        return NewMatchDialog()

    def record_screen(self, record: records.Record) -> Screen:
        return MatchScreen(record)


class NewMatchDialog(NewRecordDialog):
    """The seats (people and bots, names), how many games, undo and seed."""

    SCOPED_CSS = False
    DEFAULT_CSS = """
    NewMatchDialog { align: center middle; }
    """
    question = "New Outbreak match"

    def fields(self) -> ComposeResult:
        with VerticalScroll(id="newgame-fields", can_focus=False):
            yield OutbreakFields(seats=3, variants=False, id="match-seats")
            with Horizontal(classes="row gap"):
                yield Label("Games", classes="field")
                yield MenuSelect(GAMES, value=3, allow_blank=False, compact=True, id="games")
            with Horizontal(classes="row"):
                yield Label("Undo", classes="field")
                yield MenuSelect(UNDO, value="casual", allow_blank=False, compact=True, id="undo")
            with Horizontal(classes="row"):
                yield Label("Seed", classes="field")
                yield TextInput(
                    str(random.randrange(1_000_000)), id="seed", compact=True, type="integer"
                )
        yield Label(
            "A win is 3 points, 10 kills 1; each game the next seat starts.",
            classes="note",
        )

    def on_input_submitted(self, event: Input.Submitted) -> None:
        # the seed as it was at Enter, not with keys typed behind it in one burst
        self.start(event.value if event.input.id == "seed" else None)

    def start(self, seed_text: str | None = None) -> None:
        try:
            seats = self.query_one("#match-seats", OutbreakFields).seats()
        except FieldProblem as e:
            self.error(str(e))
            return
        try:
            if seed_text is None:
                seed_text = self.query_one("#seed", Input).value
            seed = int(seed_text.strip())
        except ValueError:
            self.error("The seed is a whole number.")
            return
        games = self.query_one("#games", Select).value
        undo = str(self.query_one("#undo", Select).value)
        try:
            match = rules.start(seats, games=games, seed=seed, undo=undo)
            record = STORE.start(STORE.free_name("match"), match)
        except RuleError as e:
            self.error(e.message)
            return
        except (SaveError, OSError) as e:
            self.error(f"The match cannot be saved: {e}")
            return
        self.dismiss(None)
        self.app.push_screen(MatchScreen(record))


class MatchScreen(RecordScreen):
    """A match between games: the score table, the games played, the next
    game (or the one in play), and at the end who takes the match."""

    continue_label = "Back to the match"
    resumes_note = "the match screen resumes it"
    ids = "match"
    SCOPED_CSS = False
    DEFAULT_CSS = """
    .-ascii MatchScreen #match-actions { border: ascii $primary; }
    MatchScreen #match-head { text-style: bold; padding: 0 1; }
    MatchScreen #match-body { height: 1fr; padding: 0 1; }
    MatchScreen #match-actions { height: auto; max-height: 5; border: round $primary; }
    """

    def __init__(self, record: records.Record) -> None:
        super().__init__(record)
        self.phase = "ready"  # ready | in_play | broken | over
        self.champions_shown = False

    @property
    def match(self) -> rules.Match:
        return self.record.progress

    def refresh_state(self) -> None:
        """Where the match stands; a finished game in play is folded in now."""
        self.problem = ""
        save = self.record.state.save
        if save and not self.match.over:
            try:
                game = read_only(save)
            except SaveProblem as e:
                self.phase, self.problem = "broken", str(e)
                self.draw()
                return
            if game.outcome:
                self.fold(game)
            else:
                self.phase = "in_play"
                self.draw()
                return
        self.phase = "over" if self.match.over else "ready"
        self.draw()
        if self.match.over and not self.champions_shown:
            self.champions_shown = True
            self.notify(self.champions(), timeout=8)

    def fold(self, game: Game) -> None:
        try:
            fold_game(self.record, game)
        except RuleError as e:
            self.problem = e.message
        except (SaveError, OSError) as e:
            self.problem = f"The match cannot be saved: {e}"

    def champions(self) -> str:
        return champions(self.match)

    def next_text(self) -> Text:
        m = self.match
        if m.over:
            return Text(f"The match is over: {self.champions()}", "bold green")
        seats = seats_of(m)
        first = rules.order_of(m, m.played)[0][0]
        n = m.played + 1
        if self.phase == "in_play":
            return Text(
                f"Game {n} of {m.games} is in play ({seats.name(first)} went first).", "bold"
            )
        return Text(f"Next: game {n} of {m.games}; {seats.name(first)} goes first.", "bold")

    def draw(self) -> None:
        m = self.match
        seats = seats_of(m)
        who = ", ".join(seats.name(s) for s in seats.order)
        head = f"Outbreak match {self.record.state.header.name}: {m.games} games ({who})"
        points = (
            f"Points: {rules.WIN_POINTS} for a win, 1 for every {rules.KILLS_PER_POINT} kills "
            "held when a game ends."
        )
        parts: list[Any] = [score_table(m), Text(points, "dim"), Text("")]
        if m.results:
            parts += [games_text(m), Text("")]
        parts.append(self.next_text())
        self.show(head, parts, self.choices())

    def choices(self) -> list[tuple[str, str]]:
        n = self.match.played + 1
        match self.phase:
            case "ready":
                return [("play", f"Play game {n}"), BACK]
            case "in_play":
                return [("resume", f"Resume game {n}"), BACK]
            case "broken":
                return [("play", f"Start game {n} again (its save cannot be read)"), BACK]
        return [BACK]

    def play(self) -> None:
        try:
            game = Game.new(**rules.next_game(self.match))
        except (MissionError, RuleError) as e:
            self.notify(str(e), severity="error", timeout=8)
            return
        try:
            path = self.record.game_save_path(f"game-{self.match.played + 1}")
            session = AutoSave.create(path, game)
        except (SaveError, OSError) as e:
            self.notify(f"The game cannot be saved: {e}", severity="error", timeout=10)
            return
        try:
            self.record.save_progress(self.match, save=session.path)
        except (SaveError, OSError) as e:
            session.close()
            self.notify(str(e), severity="error", timeout=10)
            return
        self.app.open_game(game, session)
