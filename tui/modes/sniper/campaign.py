"""The sniper's campaign (house rule SN-C) from the title screen: the list of
campaigns (resume one or start one), the new-campaign dialog (who plays the
commander, ironman), and the campaign screen between missions: the three
maps with their outcomes, the ammo and kit he carries on, the next
briefing; play, resume, and a finished mission folded in on return.

The rules are engine.sniper.campaign's; the record is a saves.records one,
held open (and locked) while the campaign screen is up."""

from __future__ import annotations

import random
from typing import Any

from rich.text import Text
from textual.app import ComposeResult
from textual.screen import Screen
from textual.widgets import Label

from engine import Game, MissionError, RuleError, get_mode
from engine.sniper import campaign as rules
from saves import AutoSave, SaveError, records
from tui import persist
from tui.modes.sniper import words
from tui.screens.records import BACK, NewRecordDialog, RecordList, RecordScreen, missions_table
from tui.widgets.fields import choice_row
from tui.widgets.select import MenuSelect

STORE = records.store("sniper", "campaign")
COMMANDERS = [("played by the AI", "ai"), ("a person (hot-seat)", "human")]
IRONMAN = [("off: undo as you like", "off"), ("on: no undo", "on")]


def mission_infos() -> dict[str, dict]:
    return {m["id"]: m for m in get_mode("sniper").missions()}


def commander_of(options: dict[str, str]) -> str:
    """Who plays the commander in every mission of a campaign: ai | human."""
    return options.get("commander", "ai")


def describe(info: records.Listed) -> str:
    """One line about a record for a list."""
    if info.error:
        return f"{info.name}: cannot be read"
    p = info.progress
    if p is None:
        return f"{info.name}: empty"
    where = p.outcome or f"mission {p.index + 1} of {len(p.missions)}: {p.mission}"
    iron = ", ironman" if p.ironman else ""
    who = ", hot-seat" if commander_of(info.options) == "human" else ""
    return f"{info.name}: {where}{iron}{who}"


def fold_mission(record: records.Record, game: Game) -> rules.Progress:
    """Fold a finished mission into the campaign record and write it; the
    progress after it (RuleError or SaveError when it cannot be)."""
    summary = game.summary()  # the mission is over: its whole truth may be read
    progress = rules.finish_mission(record.progress, summary)
    played = records.Played(
        summary["mission"], summary["outcome"], record.state.save, summary["turn"]
    )
    record.save_progress(progress, played=played)
    return progress


class SniperRecordsDialog(RecordList):
    """The sniper campaigns there are, and a new one."""

    SCOPED_CSS = False
    DEFAULT_CSS = """
    .-ascii SniperRecordsDialog #records { border: ascii $primary; }
    SniperRecordsDialog { align: center middle; }
    SniperRecordsDialog #records { width: 72; height: auto; max-height: 12; }
    SniperRecordsDialog #records-note { width: 72; height: auto; }
    """
    question = "Sniper campaigns: village, rail yard, forest road"
    box_id = "record-list"
    new_label, what = "New campaign...", "campaigns"

    def list_records(self) -> list[Any]:
        return STORE.listing()

    def describe(self, info: Any) -> str:
        return describe(info)

    def going(self, info: Any) -> bool:
        return bool(info.progress and info.progress.outcome is None)

    def open_record(self, path: str) -> records.Record:
        return STORE.open(path)

    def new_screen(self) -> Screen:
        return NewSniperCampaignDialog()

    def record_screen(self, record: records.Record) -> Screen:
        return SniperCampaignScreen(record)


class NewSniperCampaignDialog(NewRecordDialog):
    """Who plays the commander in every mission, and ironman."""

    DEFAULT_CSS = """
    NewSniperCampaignDialog { align: center middle; }
    NewSniperCampaignDialog #campaign-about { width: 66; height: auto; margin-top: 1; }
    """
    question = "New sniper campaign"

    def fields(self) -> ComposeResult:
        yield choice_row("Commander", "campaign-commander", COMMANDERS, "ai")
        yield choice_row("Ironman", "campaign-ironman", IRONMAN, "off")
        yield Label(
            "The village, the rail yard, the forest road, in order. A won mission "
            "sends you on with the rounds and kit you have left; a lost one may be "
            "played again once.",
            id="campaign-about",
            classes="note",
        )

    def start(self) -> None:
        commander = str(self.query_one("#campaign-commander", MenuSelect).value)
        ironman = self.query_one("#campaign-ironman", MenuSelect).value == "on"
        try:
            record = STORE.start(
                STORE.free_name("sniper"), rules.start(ironman=ironman), {"commander": commander}
            )
        except (SaveError, OSError) as e:
            self.error(f"The campaign cannot be saved: {e}")
            return
        self.dismiss(None)
        self.app.push_screen(SniperCampaignScreen(record))


class SniperCampaignScreen(RecordScreen):
    """A sniper campaign between missions (see the module docstring)."""

    continue_label = "Continue the campaign"
    SCOPED_CSS = False
    DEFAULT_CSS = """
    .-ascii SniperCampaignScreen #progress-actions { border: ascii $primary; }
    SniperCampaignScreen #progress-head { text-style: bold; padding: 0 1; }
    SniperCampaignScreen #progress-body { height: 1fr; padding: 0 1; }
    SniperCampaignScreen #progress-actions { height: auto; max-height: 5; border: round $primary; }
    """

    def __init__(self, record: records.Record) -> None:
        super().__init__(record)
        self.phase = "ready"  # ready | in_play | broken | over

    @property
    def progress(self) -> rules.Progress:
        return self.record.progress

    @property
    def commander(self) -> str:
        return commander_of(self.record.state.header.options)

    # -- where the campaign stands -------------------------------------------------------
    def refresh_state(self) -> None:
        """Fold a finished mission in, then say what comes next."""
        self.problem = ""
        save = self.record.state.save
        if self.progress.outcome is not None:
            self.phase = "over"
        elif not save:
            self.phase = "ready"
        else:
            try:
                game = persist.read_only(save)
            except persist.SaveProblem as e:
                self.phase, self.problem = "broken", str(e)
            else:
                self.phase = "in_play"
                if game.outcome:
                    self.fold(game)
        self.draw()

    def fold(self, game: Game) -> None:
        try:
            progress = fold_mission(self.record, game)
        except RuleError as e:
            self.problem = e.message
            return
        except SaveError as e:
            self.problem = str(e)
            return
        self.phase = "over" if progress.outcome else "ready"

    def draw(self) -> None:
        p = self.progress
        iron = ", ironman" if p.ironman else ""
        who = ", hot-seat commander" if self.commander == "human" else ""
        head = f"Sniper campaign {self.record.state.header.name}{iron}{who}"
        parts: list[Any] = [
            missions_table(p, mission_infos(), self.phase == "in_play"),
            Text(""),
            self.carried(),
            Text(""),
            self.next_text(),
        ]
        self.show(head, parts, self.choices())

    def carried(self) -> Text:
        """What he carries into the next mission (SN-C.2)."""
        p = self.progress
        if p.hand is None and p.ammo is None:
            return Text("You go in with the mission's own ammo and kit.")
        text = Text("You carry in: ", "bold")
        kit = ", ".join(words.card(c) for c in p.hand or ()) or "no kit"
        text.append(f"{p.ammo} rounds; {kit}.")
        text.append(" The mission adds any of its own kit you lack; health is whole again.")
        return text

    def next_text(self) -> Text:
        p = self.progress
        if p.outcome == "won":
            return Text("The campaign is won: all three missions done.", "bold green")
        if p.outcome == "lost":
            return Text("The campaign is lost: a mission lost twice in a row.", "bold red")
        info = mission_infos().get(p.mission or "", {})
        text = Text(f"Next: {info.get('name', p.mission)}", "bold")
        if p.losses:
            text.append(" (a retry: lose it again and the campaign is lost)")
        text.append(f"\n{info.get('briefing', '')}")
        return text

    def choices(self) -> list[tuple[str, str]]:
        p = self.progress
        match self.phase:
            case "ready":
                verb = "Retry" if p.losses else "Play"
                name = mission_infos().get(p.mission or "", {}).get("name", p.mission)
                return [("play", f"{verb} mission {p.index + 1}: {name}"), BACK]
            case "in_play":
                return [("resume", "Resume the mission in play"), BACK]
            case "broken":
                return [("play", "Start the mission again (its save cannot be read)"), BACK]
        return [BACK]

    # -- doing ----------------------------------------------------------------------------
    def play(self) -> None:
        commander = self.commander
        try:
            kwargs = rules.next_game(self.progress, commander)
            game = Game.new(**kwargs, seed=random.randrange(1_000_000))
        except (MissionError, RuleError) as e:
            self.notify(str(e), severity="error", timeout=8)
            return
        try:
            path = self.record.game_save_path(game.setup.mission or "mission")
            session = AutoSave.create(path, game)
            self.record.save_progress(self.progress, save=str(session.path))
        except (SaveError, OSError) as e:
            self.notify(f"The mission cannot be saved: {e}", severity="error", timeout=10)
            return
        self.app.open_game(game, session)
