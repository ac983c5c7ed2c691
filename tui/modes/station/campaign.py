"""Campaign screens (RULES ST-C): the title's Campaign entry (resume a
campaign or start one), the new-campaign dialog, and the campaign's own
progress screen between missions."""

from __future__ import annotations

import random
from typing import Any

from rich.console import Group
from rich.table import Table
from rich.text import Text
from textual.app import ComposeResult
from textual.containers import Horizontal
from textual.screen import Screen
from textual.widgets import Label, Select

from engine import Game, get_mode
from engine.station import campaign as rules
from tui import persist
from tui.modes.station.fields import RosterList, survivor_roster
from tui.modes.station.progress import NewRecordDialog, OverDialog, ProgressScreen, roster_table
from tui.screens.records import RecordList
from tui.widgets.select import MenuSelect

IRONMAN = (("off: undo as you like", False), ("on: no undo", True))


def mission_infos() -> dict[str, dict]:
    return {m["id"]: m for m in get_mode("station").missions()}


def campaign_line(info: Any) -> str:
    """One line about a campaign record for a list."""
    if info.error:
        return f"{info.name}: cannot be read"
    p = info.progress
    if p is None:
        return f"{info.name}: empty"
    spec = rules.campaigns().get(p.campaign)
    name = spec.name if spec else p.campaign
    iron = ", ironman" if p.ironman else ""
    who = ", ".join(m.id for m in p.members)
    return f"{info.name}: {name}, {campaign_state(info)}{iron} ({who})"


def campaign_state(info: Any) -> str:
    """Where a campaign stands: won, lost, in play, new or between missions."""
    p = info.progress
    of = f"mission {p.index + 1} of {len(p.missions)}"
    if p.outcome:
        where = p.outcome
    elif info.save:
        where = f"{of} in play"
    elif p.index == 0 and not p.history:
        where = f"new, {of} not started"
    else:
        where = f"{of} next"
    return where


class RecordListDialog(RecordList):
    """The campaigns (or endless runs) there are, and a new one."""

    SCOPED_CSS = False
    DEFAULT_CSS = """
    .-ascii RecordListDialog #records { border: ascii $primary; }
    RecordListDialog { align: center middle; }
    RecordListDialog #records { width: 72; height: auto; max-height: 12; }
    RecordListDialog #records-note { width: 72; height: auto; }
    """
    question = "Campaigns"
    box_id = "record-list"
    new_label, what = "New campaign...", "campaigns"
    kind = "campaign"  # the records listed: campaign | endless

    def list_records(self) -> list[Any]:
        return persist.records_list("station", self.kind)

    def describe(self, info: Any) -> str:
        return campaign_line(info)

    def going(self, info: Any) -> bool:
        return bool(info.progress and info.progress.outcome is None)

    def open_record(self, path: str) -> Any:
        return persist.open_record("station", self.kind, path)

    def new_screen(self) -> Screen:
        return NewCampaignDialog()

    def record_screen(self, record: Any) -> Screen:
        return CampaignScreen(record)


class NewCampaignDialog(NewRecordDialog):
    """Choose the campaign, the roster from the six survivors, and ironman."""

    DEFAULT_CSS = """
    NewCampaignDialog { align: center middle; }
    NewCampaignDialog #campaign-about { width: 66; height: auto; margin-top: 1; }
    """

    question = "New campaign"

    def fields(self) -> ComposeResult:
        specs = rules.campaigns()
        first = next(iter(specs.values()), None)
        chosen = set(first.survivors) if first else {"vega", "okafor"}
        with Horizontal(classes="row"):
            yield Label("Campaign", classes="field")
            yield MenuSelect(
                [(f"{s.name} ({len(s.missions)} missions)", s.id) for s in specs.values()],
                value=first.id if first else Select.BLANK,
                allow_blank=False,
                compact=True,
                id="campaign",
            )
        with Horizontal(classes="row tall"):
            yield Label("Survivors", classes="field")
            yield RosterList(survivor_roster(), chosen, id="survivors")
        with Horizontal(classes="row"):
            yield Label("Ironman", classes="field")
            yield MenuSelect(IRONMAN, value=False, allow_blank=False, compact=True, id="ironman")
        yield Label(first.description if first else "", id="campaign-about", classes="note")

    def on_select_changed(self, event: Select.Changed) -> None:
        spec = rules.campaigns().get(str(event.value)) if event.select.id == "campaign" else None
        if spec is not None:
            self.query_one("#survivors", RosterList).choose(set(spec.survivors))
            self.query_one("#campaign-about", Label).update(spec.description)

    def start(self) -> None:
        roster = self.roster()
        if roster is None:
            return
        campaign_id = str(self.query_one("#campaign", Select).value)
        ironman = bool(self.query_one("#ironman", Select).value)
        self.begin(lambda: rules.start(campaign_id, roster, ironman=ironman), CampaignScreen)


class CampaignScreen(ProgressScreen):
    """A campaign between missions: missions with outcomes, the roster, the
    next briefing; play, resume, keep cards, retry; won or lost at the end."""

    continue_label = "Continue the campaign"

    @property
    def spec(self) -> rules.CampaignSpec | None:
        return rules.campaigns().get(self.progress.campaign)

    def heading(self) -> str:
        p = self.progress
        name = self.spec.name if self.spec else p.campaign
        iron = ", ironman" if p.ironman else ""
        return f"{name}: campaign {self.record.state.header.name}{iron}"

    def done_table(self) -> Table:
        p = self.progress
        infos = mission_infos()
        table = Table(box=None, padding=(0, 1), show_header=True)
        table.add_column("#", justify="right")
        table.add_column("mission")
        table.add_column("outcome")
        played: dict[str, list[str]] = {}
        for mission, outcome in p.history:
            played.setdefault(mission, []).append(outcome)
        for i, mid in enumerate(p.missions):
            outcomes = played.get(mid, [])
            state = ", ".join(outcomes)
            if p.outcome is None and i == p.index:
                playing = self.phase in ("in_play", "finished")
                state = (state + ", " if state else "") + ("in play" if playing else "next")
            style = "bold" if p.outcome is None and i == p.index else ""
            table.add_row(str(i + 1), Text(infos.get(mid, {}).get("name", mid), style), state)
        return table

    def next_text(self) -> Text:
        p = self.progress
        if p.outcome == "won":
            return Text("The campaign is won.", "bold green")
        if p.outcome == "lost":
            return Text("The campaign is lost: a mission lost twice in a row.", "bold red")
        info = mission_infos().get(p.mission or "", {})
        text = Text(f"Next: {info.get('name', p.mission)}", "bold")
        text.append(f" (difficulty {info.get('difficulty', '?')})")
        if p.losses:
            left = p.retries - p.losses + 1
            text.append(
                f" - a retry; lose it {'again ' if left == 1 else ''}and the campaign is lost"
            )
        text.append(f"\n{info.get('briefing', '')}")
        return text

    def play_label(self) -> str:
        info = mission_infos().get(self.progress.mission or "", {})
        verb = "Retry" if self.progress.losses else "Play"
        return (
            f"{verb} mission {self.progress.index + 1}: {info.get('name', self.progress.mission)}"
        )

    def new_game(self) -> Game:
        return Game.new(**rules.next_game(self.progress), seed=random.randrange(1_000_000))

    def fold(self, summary: dict, kept: dict) -> Any:
        return rules.finish_mission(self.progress, summary, kept)

    def after_fold(self, progress: Any) -> None:
        if progress.outcome is None:
            return
        won = progress.outcome == "won"
        self.app.push_screen(
            OverDialog("CAMPAIGN WON" if won else "CAMPAIGN LOST", won, self.summary_table())
        )

    def summary_table(self) -> Group:
        p = self.progress
        infos = mission_infos()
        won = sum(o == "won" for _, o in p.history)
        lines = Text(f"{won} of {len(p.missions)} missions won in {len(p.history)} played:\n")
        lines.append(", ".join(f"{infos.get(m, {}).get('name', m)} {o}" for m, o in p.history))
        return Group(lines, Text(""), roster_table(p.members))
