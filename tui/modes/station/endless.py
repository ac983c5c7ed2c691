"""Endless runs (issue 5): generated stations of rising size and difficulty
with one roster until it falls; the run's score goes to the endless
high-score table. The title's Endless run entry, the new-run dialog and the
run's screen between stations."""

from __future__ import annotations

import random
from typing import Any

from rich.table import Table
from rich.text import Text
from textual.app import ComposeResult
from textual.containers import Horizontal
from textual.screen import Screen
from textual.widgets import Input, Label, Select

from engine import Game
from engine.station import endless
from saves import SaveError, scores
from saves.records import Scored
from tui import persist
from tui.modes.station.campaign import RecordListDialog
from tui.modes.station.fields import RosterList, survivor_roster
from tui.modes.station.progress import NewRecordDialog, OverDialog, ProgressScreen, roster_table
from tui.widgets.select import MenuSelect
from tui.widgets.text_input import TextInput

IRONMAN = (("on: no undo", True), ("off: undo as you like", False))


def run_line(info: Any) -> str:
    if info.error:
        return f"{info.name}: cannot be read"
    run = info.progress
    who = ", ".join(m.id for m in run.members)
    return f"{info.name}: {run_state(info)}, score {run.score}, seed {run.seed} ({who})"


def run_state(info: Any) -> str:
    """Where a run stands: fallen, in play, new or between stations."""
    run = info.progress
    if run.outcome:
        state = "fallen"
    elif info.save:
        state = f"station {run.stage + 1} in play"
    elif run.stage == 0:
        state = "new, station 1 not started"
    else:
        state = f"station {run.stage + 1} next"
    return state


class RunListDialog(RecordListDialog):
    kind = "endless"
    question = "Endless runs"
    new_label, what = "New endless run...", "endless runs"

    def describe(self, info: Any) -> str:
        return run_line(info)

    def new_screen(self) -> Screen:
        return NewRunDialog()

    def record_screen(self, record: Any) -> Screen:
        return RunScreen(record)


class NewRunDialog(NewRecordDialog):
    """Roster, seed and ironman (on by default, as roguelikes are)."""

    DEFAULT_CSS = "NewRunDialog { align: center middle; }"

    question = "New endless run"

    def fields(self) -> ComposeResult:
        with Horizontal(classes="row tall"):
            yield Label("Survivors", classes="field")
            yield RosterList(survivor_roster(), {"vega", "okafor", "hale"}, id="survivors")
        with Horizontal(classes="row"):
            yield Label("Seed", classes="field")
            yield TextInput(
                str(random.randrange(1_000_000)), id="seed", compact=True, type="integer"
            )
        with Horizontal(classes="row"):
            yield Label("Ironman", classes="field")
            yield MenuSelect(IRONMAN, value=True, allow_blank=False, compact=True, id="ironman")
        yield Label("Stations grow and harden until the run falls.", classes="note")

    def on_input_submitted(self, event: Input.Submitted) -> None:
        self.start(event.value)  # as it was at Enter, not with keys typed behind it

    def start(self, seed_text: str | None = None) -> None:
        if seed_text is None:
            seed_text = self.query_one("#seed", Input).value
        try:
            seed = int(seed_text.strip())
        except ValueError:
            self.error("The seed is a whole number.")
            return
        roster = self.roster()
        if roster is None:
            return
        ironman = bool(self.query_one("#ironman", Select).value)
        self.begin(lambda: endless.start(roster, seed, ironman=ironman), RunScreen)


class RunScreen(ProgressScreen):
    continue_label = "Continue the run"

    def heading(self) -> str:
        run = self.progress
        iron = ", ironman" if run.ironman else ""
        name = self.record.state.header.name
        return f"Endless run {name}: seed {run.seed}{iron}, score {run.score}"

    def done_table(self) -> Table:
        run = self.progress
        table = Table(box=None, padding=(0, 1), show_header=True)
        table.add_column("station", justify="right")
        table.add_column("size")
        table.add_column("difficulty", justify="right")
        table.add_column("outcome")
        table.add_column("score", justify="right")
        for i, score in enumerate(run.scores):
            size, difficulty = endless.stage_settings(i)
            outcome = "lost" if run.outcome and i == len(run.scores) - 1 else "cleared"
            table.add_row(str(i + 1), size, str(difficulty), outcome, str(score))
        if run.outcome is None:
            size, difficulty = endless.stage_settings(run.stage)
            state = "in play" if self.phase in ("in_play", "finished") else "next"
            table.add_row(Text(str(run.stage + 1), "bold"), size, str(difficulty), state, "")
        return table

    def next_text(self) -> Text:
        run = self.progress
        if run.outcome:
            return Text(
                f"The run has fallen after {run.stage} station"
                f"{'s' if run.stage != 1 else ''}: score {run.score}.",
                "bold red",
            )
        size, difficulty = endless.stage_settings(run.stage)
        return Text(
            f"Next: station {run.stage + 1}, {size}, difficulty {difficulty}. "
            "Clear it to go on; lose it and the run is over."
        )

    def play_label(self) -> str:
        return f"Board station {self.progress.stage + 1}"

    def new_game(self) -> Game:
        return Game.new(**endless.next_game(self.progress))

    def fold(self, summary: dict, kept: dict) -> Any:
        return endless.finish_stage(self.progress, summary, kept)

    def opened(self) -> None:
        super().opened()
        self.record_score()  # a run that fell before its score was written

    def after_fold(self, progress: Any) -> None:
        if progress.outcome is None:
            return
        note = self.record_score()
        table = roster_table(progress.members)
        table.caption = note
        self.app.push_screen(OverDialog("THE RUN HAS FALLEN", False, table))

    def record_score(self) -> str:
        """Put a fallen run's score in the endless table, once."""
        try:
            return record_run_score(self.record)
        except persist.SaveProblem as e:
            self.notify(str(e), severity="error", timeout=10)
            return "The score could not be recorded."


def undos_of(record: Any) -> int:
    """How often the run's player undid, over all its stations; -1 when a
    station was played before its undos were recorded."""
    counts = [m.undos for m in record.state.played]
    if any(not isinstance(n, int) or n < 0 for n in counts):
        return -1
    return sum(counts)


def record_run_score(record: Any) -> str:
    """Put a fallen run's score in the endless table, once; what to say of
    it ("" when the run goes on or was scored). persist.SaveProblem when the
    score cannot be written."""
    run = record.progress
    if run.outcome is None or record.state.scored:
        return ""
    entry = scores.Score(
        table=scores.ENDLESS,
        score=run.score,
        survivors=tuple(m.id for m in run.members),
        rounds=run.rounds,
        seed=run.seed,
        outcome="lost",
        stations=run.stage,
        undo="ironman" if run.ironman else "casual",
        undos=undos_of(record),
    )
    try:
        entry = persist.record_score(entry)
        record.add(Scored(run.score))
    except (SaveError, OSError) as e:
        raise persist.SaveProblem(str(e)) from None
    place = persist.rank(entry)
    where = f", place {place} in the endless table" if place else ""
    return f"{run.stage} stations cleared, score {run.score}{where}."
