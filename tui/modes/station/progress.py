"""Between missions: the screen a campaign or an endless run comes back to.

It shows where the campaign stands (missions with outcomes, each survivor's
XP, level, skills, kept card, who sits out, what comes next) and offers the
next step: play (or retry) the next mission, resume the one in play, or
fold a finished one in after the keep-a-card choice. The rules are the
engine's (engine.station.campaign, .endless); the record is a saves.records one,
held open (and locked) while this screen is up.

It is the shared record screen of tui/screens/records.py (the one the other
modes' campaigns and matches use) with a station's phases and card keeping;
subclasses say what the record is about: CampaignScreen, RunScreen."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import msgspec
from rich.table import Table
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen, Screen
from textual.widgets import Label, OptionList, Static
from textual.widgets.option_list import Option

from engine import Game, MissionError, RuleError
from engine.station import campaign as rules
from engine.station import content
from engine.station.endless import Run
from tui import persist
from tui.modes.station.actions import card_name
from tui.modes.station.panels import _card_stats
from tui.screens import records
from tui.text import display_name


def skill_name(skill: str) -> str:
    return skill.replace("plus_1_", "+1 ").replace("_", " ")


def roster_table(members: tuple[rules.Member, ...]) -> Table:
    """Survivor, level and XP, skills, kept card, and who sits out."""
    table = Table(box=None, padding=(0, 1), show_header=True, expand=False)
    table.add_column("survivor")
    table.add_column("level")
    table.add_column("xp", justify="right")
    table.add_column("skills")
    table.add_column("keeps")
    for m in members:
        spec = content.survivors()[m.id]
        level = content.LEVELS[content.level_of(m.xp) - 1]
        skills = ", ".join(skill_name(s) for s in (spec.skill, *m.skills))
        name = Text(display_name(m.id))
        if m.sits_out:
            name.append(" (sits out)", "dim")
        kept = ", ".join(card_name(c) for c in m.kept) or "-"
        table.add_row(name, level, str(m.xp), skills, kept)
    return table


class KeepCardsDialog(ModalScreen[dict | None]):
    """ST-C.2: each living survivor keeps one card they hold for the next
    mission. Enter (or right/left) changes the highlighted survivor's card;
    Enter on Done or `c` confirms; Esc leaves the choice for later."""

    SCOPED_CSS = False  # the -ascii rule reads the app's class
    DEFAULT_CSS = """
    KeepCardsDialog { align: center middle; }
    KeepCardsDialog #keep-list { width: 60; height: auto; max-height: 12; }
    .-ascii KeepCardsDialog #keep-list { border: ascii $primary; }
    """
    BINDINGS = [
        Binding("escape", "cancel", "later", show=False),
        Binding("right,l,space", "cycle(1)", "next card", show=False),
        Binding("left,h", "cycle(-1)", "previous card", show=False),
        Binding("c", "done", "confirm", show=False),
    ]

    def __init__(
        self,
        options: dict[str, list[str]],
        dice: Callable[[str, str, bool], int | None] | None = None,
    ) -> None:
        super().__init__()
        self.options = {sid: [*cards, None] for sid, cards in options.items()}
        self.dice = dice or (lambda _sid, _card, _ranged: None)  # as the cards panel counts
        self.starts = {sid: content.survivors()[sid].starts_with for sid in options}
        self.kept = {sid: keep_first(sid, cards) for sid, cards in options.items()}

    def compose(self) -> ComposeResult:
        with Vertical(id="keep", classes="dialog"):
            yield Label("Keep one card each for the next mission", id="question")
            yield OptionList(id="keep-list")
            yield Label(self.back_anyway(), id="keep-back")
            yield Label(
                "Enter or arrows change the card; c or Done confirms; Esc later", classes="note"
            )

    def back_anyway(self) -> str:
        """ST-C.2: the starting cards come back whatever is kept."""
        cards = [
            f"{display_name(sid)}'s {card_name(card)}" for sid, card in self.starts.items() if card
        ]
        return f"Back anyway, as at the start: {', '.join(cards)}." if cards else ""

    def on_mount(self) -> None:
        self.rebuild()
        self.query_one("#keep-list", OptionList).focus()

    def rebuild(self) -> None:
        menu = self.query_one("#keep-list", OptionList)
        at = menu.highlighted or 0
        menu.clear_options()
        for sid, card in self.kept.items():
            line = Text(f"{display_name(sid):<8} keeps  < {card_name_or_none(card)} >")
            dice = lambda c, ranged, sid=sid: self.dice(sid, c, ranged)  # noqa: E731
            stats = _card_stats(card, {}, dice) if card else ""
            if stats:
                line.append(f"  {stats}", "dim")
            if card is not None and card == self.starts.get(sid):
                line.append("  (back anyway)", "dim")
            menu.add_option(Option(line, id=sid))
        menu.add_option(Option(Text("Done: carry on", "bold"), id="done"))
        menu.highlighted = min(at, menu.option_count - 1)

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        if event.option_id == "done":
            self.action_done()
        else:
            self.action_cycle(1)

    def action_cycle(self, step: int) -> None:
        option = self.query_one("#keep-list", OptionList).highlighted_option
        if option is None or option.id not in self.options:
            return
        cards = self.options[option.id]
        i = cards.index(self.kept[option.id])
        self.kept[option.id] = cards[(i + step) % len(cards)]
        self.rebuild()

    def action_done(self) -> None:
        self.dismiss(dict(self.kept))

    def action_cancel(self) -> None:
        self.dismiss(None)


def card_name_or_none(card: str | None) -> str:
    return card_name(card) if card else "nothing"


class OverDialog(ModalScreen[None]):
    """Campaign won, campaign lost, run fallen: a headline and what it came to."""

    SCOPED_CSS = False
    DEFAULT_CSS = """
    OverDialog { align: center middle; }
    OverDialog #over {
        width: 72; height: auto; max-height: 22;
        border: round $primary; background: $surface; padding: 0 1;
    }
    OverDialog #outcome { margin-bottom: 1; }
    .-ascii OverDialog #over { border: ascii $primary; }
    """
    BINDINGS = [Binding("escape,enter,space", "close", "close", show=False)]

    def __init__(self, headline: str, won: bool, body: Any) -> None:
        super().__init__()
        self.headline, self.won, self.body = headline, won, body

    def compose(self) -> ComposeResult:
        with Vertical(id="over"):
            yield Label(self.headline, id="outcome", classes="won" if self.won else "lost")
            yield Static(self.body, id="over-body")
            yield Label("Enter closes", classes="note")

    def action_close(self) -> None:
        self.dismiss(None)


class NewRecordDialog(records.NewRecordDialog):
    """What the new-campaign and new-run dialogs share besides the shared
    dialog's Start and Cancel: the roster ticked, and starting the record
    (refusals shown in the dialog, never raised). Each dialog's `start`
    reads its own fields, then calls `begin`."""

    def roster(self) -> list[str] | None:
        """The ticked survivors, or None after saying that one is needed."""
        from tui.modes.station.fields import RosterList

        roster = self.query_one("#survivors", RosterList).selected
        if not roster:
            self.error("Tick at least one survivor (Enter or space on a name).")
            return None
        return roster

    def begin(self, make: Callable[[], Any], screen: Callable[[Any], Screen]) -> None:
        """Make the engine's progress, store it as a new record, open its screen."""
        try:
            progress = make()
            prefix = "run" if isinstance(progress, Run) else progress.campaign
            record = persist.start_record(progress, prefix)
        except RuleError as e:
            self.error(e.message)
            return
        except persist.SaveProblem as e:
            self.error(str(e))
            return
        self.dismiss(None)
        self.app.push_screen(screen(record))


class ProgressScreen(records.RecordScreen):
    """A campaign or run record between missions (see the module docstring)."""

    continue_label = "Continue"  # what the game-over screen offers instead of the title
    SCOPED_CSS = False
    DEFAULT_CSS = """
    .-ascii ProgressScreen #progress-actions { border: ascii $primary; }
    ProgressScreen #progress-head { text-style: bold; padding: 0 1; }
    ProgressScreen #progress-body { height: 1fr; padding: 0 1; }
    ProgressScreen #progress-actions { height: auto; max-height: 5; border: round $primary; }
    """

    def __init__(self, record: Any, resume: bool = False) -> None:
        super().__init__(record)
        self._resume = resume  # Continue from the title: straight back into the mission
        self.phase = "ready"  # ready | in_play | finished | broken | over
        self.game: Game | None = None  # the mission in play, read from its save
        self._playing = False  # a mission was opened from here

    # -- what a subclass says ------------------------------------------------------
    def heading(self) -> str:
        raise NotImplementedError

    def done_table(self) -> Any:
        raise NotImplementedError

    def next_text(self) -> Text:
        raise NotImplementedError

    def new_game(self) -> Game:
        raise NotImplementedError

    def fold(self, summary: dict, kept: dict) -> Any:
        raise NotImplementedError

    def after_fold(self, progress: Any) -> None:
        raise NotImplementedError

    # -- coming and going ---------------------------------------------------------
    def opened(self) -> None:
        if self._resume and self.phase == "in_play":
            self._resume = False
            self.resume()

    def resumed(self) -> None:
        back_from_game, self._playing = self._playing, False
        if back_from_game and self.phase == "finished":
            self.ask_keep()

    @property
    def progress(self) -> Any:
        return self.record.progress

    def refresh_state(self) -> None:
        self.game, self.problem = None, ""
        current = self.record.state.save
        if self.progress.outcome is not None:
            self.phase = "over"
        elif not current:
            self.phase = "ready"
        else:
            try:
                self.game = persist.read_only(current)
                self.phase = "finished" if self.game.outcome else "in_play"
            except persist.SaveProblem as e:
                self.phase, self.problem = "broken", str(e)
        self.draw()

    def draw(self) -> None:
        parts: list[Any] = [self.done_table(), Text(""), roster_table(self.progress.members)]
        self.show(self.heading(), [*parts, Text(""), self.next_text()], self.choices())

    def choices(self) -> list[tuple[str, str]]:
        back = records.BACK
        match self.phase:
            case "ready":
                return [("play", self.play_label()), back]
            case "in_play":
                return [("resume", "Resume the mission in play"), back]
            case "finished":
                return [("keep", f"{self.continue_label}: keep a card each"), back]
            case "broken":
                return [("play", "Start the mission again (its save cannot be read)"), back]
        return [back]

    def play_label(self) -> str:
        return "Play the next mission"

    # -- doing ----------------------------------------------------------------------
    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        """Keep a card each; the shared screen's handler does play, resume, leave."""
        if event.option_id == "keep":
            event.stop()
            event.prevent_default()
            self.ask_keep()

    def play(self) -> None:
        try:
            game = self.new_game()
        except (MissionError, RuleError) as e:
            self.notify(str(e), severity="error", timeout=8)
            return
        try:
            session = persist.start_game_session(self.record, game)
            persist.record_progress(self.record, self.progress, save=session.path)
        except persist.SaveProblem as e:
            self.notify(str(e), severity="error", timeout=10)
            return
        self._playing = True
        self.app.open_game(game, session)

    def resume(self) -> None:
        """The mission in play, from its save (the record's `save`)."""
        try:
            session = persist.resume(self.record.state.save)
        except persist.SaveProblem as e:
            self.notify(str(e), severity="error", timeout=10)
            self.refresh_state()
            return
        self._playing = True
        self.app.open_game(session.game, session)

    def ask_keep(self) -> None:
        if self.game is None or not self.game.outcome:
            return
        summary = self.game.summary()
        options = keep_choices(self.game)
        if not options:
            self.finish(summary, {})
            return
        game = self.game

        def dice(sid: str, card: str, ranged: bool) -> int | None:
            from engine.station.attack import dice_count

            survivor = game.state.survivor(sid)
            return dice_count(survivor, card, ranged) if survivor is not None else None

        self.app.push_screen(
            KeepCardsDialog(options, dice),
            lambda kept: kept is not None and self.finish(summary, kept),
        )

    def finish(self, summary: dict, kept: dict) -> None:
        try:
            progress = fold_finished(self.record, self.fold(summary, kept), summary, self.game)
        except RuleError as e:
            self.notify(e.message, severity="error", timeout=10)
            return
        except persist.SaveProblem as e:
            self.notify(str(e), severity="error", timeout=10)
            return
        self.refresh_state()
        self.after_fold(progress)


def keep_choices(game: Game) -> dict[str, list[str]]:
    """ST-C.2: the cards each living survivor of a finished mission may keep
    (survivors with none to choose from left out)."""
    summary = game.summary()
    options = {sid: rules.keep_options(summary, sid) for sid in summary["survivors"]}
    return {sid: cards for sid, cards in options.items() if cards}


def keep_first(sid: str, cards: list[str]) -> str | None:
    """The card a survivor keeps unless told otherwise: the first that is
    not the card they start every mission with (that one comes back anyway)."""
    start = content.survivors()[sid].starts_with
    better = [c for c in cards if c != start]
    return (better or cards or [None])[0]


def fold_finished(record: Any, progress: Any, summary: dict, game: Game | None) -> Any:
    """Write a finished mission's fold into the record: the progress after
    it (the rules' finish_mission or finish_stage) with what was played (its
    round, score and undos); the progress. persist.SaveProblem when it
    cannot be written."""
    from saves.records import Played

    played = Played(
        mission=summary["mission"],
        outcome=summary["outcome"],
        save=record.state.save,
        round=int(summary["round"]),
        score=int(summary["score"]),
        undos=game.undo_count if game is not None else msgspec.UNSET,
    )
    persist.record_progress(record, progress, played=played)
    return progress
