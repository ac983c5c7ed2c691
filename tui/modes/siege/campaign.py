"""Siege campaigns on screen (docs/rules-siege.md "Campaign"): the title's
"Siege campaign" entry (a list of campaigns, and a new one), and the
campaign's screen between missions: the missions played, the band with
the items it carries, what comes next; play, resume, and a finished
mission folded in as soon as the player comes back from it.

The rules are engine.siege.campaign's; the record is a saves.records one,
held open (and locked) while the campaign's screen is up."""

from __future__ import annotations

import random
from typing import Any

from rich.console import Group
from rich.table import Table
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.screen import ModalScreen, Screen
from textual.widgets import Label, Select, Static

from engine import Game, MissionError, RuleError, get_mode
from engine.siege import campaign as rules
from engine.siege import content
from saves import AutoSave, SaveError, records
from tui import persist
from tui.screens.records import BACK, NewRecordDialog, RecordList, RecordScreen, missions_table
from tui.widgets.select import MenuSelect

STORE = records.store("siege", "campaign")
IRONMAN = (("off: undo as the game allows", False), ("on: no undo", True))


def mission_names() -> dict[str, dict]:
    return {m["id"]: m for m in get_mode("siege").missions()}


def campaign_name(campaign_id: str) -> str:
    spec = rules.campaigns().get(campaign_id)
    return spec.name if spec else campaign_id


def line(info: records.Listed) -> str:
    """One line about a campaign record for the list."""
    if info.error:
        return f"{info.name}: cannot be read"
    p = info.progress
    if p is None:
        return f"{info.name}: empty"
    where = p.outcome or f"mission {p.index + 1} of {len(p.missions)}"
    iron = ", ironman" if p.ironman else ""
    who = ", ".join(content.name(m.id) for m in p.members)
    return f"{info.name}: {campaign_name(p.campaign)}, {where}{iron} ({who})"


def band_table(members) -> Table:
    """Each human going on, with the items they carry and the load."""
    table = Table(box=None, padding=(0, 1), show_header=True, expand=False)
    table.add_column("human")
    table.add_column("carries")
    table.add_column("load", justify="right")
    for m in members:
        units = sum(content.item(i).units for i in m.items)
        items = ", ".join(content.name(i) for i in m.items) or "-"
        table.add_row(content.name(m.id), items, f"{units}/{content.CARRY_UNITS}")
    return table


def fold_mission(record: records.Record, game: Game) -> rules.Progress:
    """Fold a finished mission into the campaign record and write it; the
    progress after it (RuleError, SaveError or OSError when it cannot be)."""
    summary = game.summary()
    progress = rules.finish_mission(record.progress, summary)
    played = records.Played(
        mission=summary["mission"],
        outcome=summary["outcome"],
        save=record.state.save,
        round=int(summary["round"]),
    )
    record.save_progress(progress, played=played)
    return progress


# -- the list and the new-campaign dialog ------------------------------------------------


class SiegeCampaignList(RecordList):
    """The siege campaigns there are, and a new one."""

    SCOPED_CSS = False
    DEFAULT_CSS = """
    SiegeCampaignList { align: center middle; }
    SiegeCampaignList #siege-records { width: 72; height: auto; max-height: 12; }
    SiegeCampaignList #siege-note { width: 72; height: auto; }
    .-ascii SiegeCampaignList #siege-records { border: ascii $primary; }
    """
    question = "Siege campaigns: three missions in a row, one band"
    list_id, note_id = "siege-records", "siege-note"
    new_label, what = "New siege campaign...", "campaigns"

    def list_records(self) -> list[records.Listed]:
        return STORE.listing()

    def describe(self, info: records.Listed) -> str:
        return line(info)

    def going(self, info: records.Listed) -> bool:
        return bool(info.progress and info.progress.outcome is None)

    def open_record(self, path: str) -> records.Record:
        return STORE.open(path)

    def new_screen(self) -> Screen:
        return NewSiegeCampaign()

    def record_screen(self, record: records.Record) -> Screen:
        return SiegeCampaignScreen(record)


class NewSiegeCampaign(NewRecordDialog):
    """Choose the campaign and ironman; the band is the first mission's own."""

    SCOPED_CSS = False
    DEFAULT_CSS = """
    NewSiegeCampaign { align: center middle; }
    NewSiegeCampaign #siege-about { width: 66; height: auto; margin-top: 1; }
    """
    question = "New siege campaign"

    def fields(self) -> ComposeResult:
        specs = rules.campaigns()
        first = next(iter(specs.values()))
        with Horizontal(classes="row"):
            yield Label("Campaign", classes="field")
            yield MenuSelect(
                [(f"{s.name} ({len(s.missions)} missions)", s.id) for s in specs.values()],
                value=first.id,
                allow_blank=False,
                compact=True,
                id="siege-campaign",
            )
        with Horizontal(classes="row"):
            yield Label("Ironman", classes="field")
            yield MenuSelect(IRONMAN, value=False, allow_blank=False, compact=True, id="iron")
        yield Label(self.about(first.id), id="siege-about", classes="note")

    def about(self, campaign_id: str) -> str:
        spec = rules.campaigns()[campaign_id]
        names = mission_names()
        order = ", ".join(names.get(m, {}).get("name", m) for m in spec.missions)
        return f"{spec.description}\nMissions: {order}."

    def on_select_changed(self, event: Select.Changed) -> None:
        if event.select.id == "siege-campaign" and isinstance(event.value, str):
            self.query_one("#siege-about", Label).update(self.about(event.value))

    def start(self) -> None:
        campaign_id = str(self.query_one("#siege-campaign", Select).value)
        ironman = bool(self.query_one("#iron", Select).value)
        try:
            progress = rules.start(campaign_id, ironman=ironman)
            record = STORE.start(STORE.free_name(progress.campaign), progress)
        except RuleError as e:
            self.error(e.message)
            return
        except (SaveError, OSError) as e:
            self.error(f"The campaign cannot be saved: {e}")
            return
        self.dismiss(None)
        self.app.push_screen(SiegeCampaignScreen(record))


class CampaignOver(ModalScreen[None]):
    """Campaign won or lost: the headline and what it came to."""

    SCOPED_CSS = False
    DEFAULT_CSS = """
    CampaignOver { align: center middle; }
    CampaignOver #siege-over {
        width: 72; height: auto; max-height: 22;
        border: round $primary; background: $surface; padding: 0 1;
    }
    CampaignOver #outcome { margin-bottom: 1; }
    .-ascii CampaignOver #siege-over { border: ascii $primary; }
    """
    BINDINGS = [Binding("escape,enter,space", "close", "close", show=False)]

    def __init__(self, headline: str, won: bool, body: Any) -> None:
        super().__init__()
        self.headline, self.won, self.body = headline, won, body

    def compose(self) -> ComposeResult:
        with Vertical(id="siege-over"):
            yield Label(self.headline, id="outcome", classes="won" if self.won else "lost")
            yield Static(self.body)
            yield Label("Enter closes", classes="note")

    def action_close(self) -> None:
        self.dismiss(None)


# -- between missions ----------------------------------------------------------------


class SiegeCampaignScreen(RecordScreen):
    """A campaign between missions: what was played, the band and its items,
    the next mission; play it (or retry it), resume the one in play. A
    mission that ended is folded in when the player comes back here."""

    continue_label = "Back to the campaign"
    ids = "siege"
    SCOPED_CSS = False
    DEFAULT_CSS = """
    SiegeCampaignScreen #siege-head { text-style: bold; padding: 0 1; }
    SiegeCampaignScreen #siege-body { height: 1fr; padding: 0 1; }
    SiegeCampaignScreen #siege-actions { height: auto; max-height: 5; border: round $primary; }
    .-ascii SiegeCampaignScreen #siege-actions { border: ascii $primary; }
    """

    def __init__(self, record: records.Record) -> None:
        super().__init__(record)
        self.phase = "ready"  # ready | in_play | finished | broken | over
        self.game: Game | None = None  # the mission in play, read from its save

    @property
    def progress(self) -> rules.Progress:
        return self.record.progress

    def opened(self) -> None:
        self.resumed()  # a mission that ended while the campaign was closed

    def resumed(self) -> None:
        if self.phase == "finished":  # back from a mission that ended
            self.finish()

    def refresh_state(self) -> None:
        self.game, self.problem = None, ""
        save = self.record.state.save
        if self.progress.outcome is not None:
            self.phase = "over"
        elif not save:
            self.phase = "ready"
        else:
            try:
                self.game = persist.read_only(save)
                self.phase = "finished" if self.game.outcome else "in_play"
            except persist.SaveProblem as e:
                self.phase, self.problem = "broken", str(e)
        self.draw()

    def draw(self) -> None:
        p = self.progress
        iron = ", ironman" if p.ironman else ""
        head = f"{campaign_name(p.campaign)}: campaign {self.record.state.header.name}{iron}"
        parts: list[Any] = [self.missions_table(), Text("")]
        parts += [Text("The band", "bold"), band_table(p.members)]
        if p.fallen:
            fallen = ", ".join(content.name(h) for h in p.fallen)
            parts.append(Text(f"Fallen: {fallen}", "dim"))
        parts += [Text(""), self.next_text()]
        self.show(head, parts, self.choices())

    def missions_table(self) -> Table:
        return missions_table(self.progress, mission_names(), self.phase in ("in_play", "finished"))

    def next_text(self) -> Text:
        p = self.progress
        if p.outcome == "won":
            return Text("The campaign is won: the band made it through the night.", "bold")
        if p.outcome == "lost":
            return Text("The campaign is lost: a mission lost twice in a row.", "bold")
        info = mission_names().get(p.mission or "", {})
        text = Text(f"Next: {info.get('name', p.mission)}", "bold")
        text.append(f" ({info.get('size', '')}, {info.get('turn_limit', '?')} rounds)")
        if p.losses:
            text.append(" - a retry: lose it again and the campaign is lost", "bold")
        text.append(f"\n{info.get('briefing', '')}")
        return text

    def choices(self) -> list[tuple[str, str]]:
        if self.phase == "ready":
            info = mission_names().get(self.progress.mission or "", {})
            verb = "Retry" if self.progress.losses else "Play"
            name = info.get("name", self.progress.mission)
            return [("play", f"{verb} mission {self.progress.index + 1}: {name}"), BACK]
        if self.phase == "in_play":
            return [("resume", "Resume the mission in play"), BACK]
        if self.phase == "broken":
            return [("play", "Start the mission again (its save cannot be read)"), BACK]
        return [BACK]

    # -- doing ------------------------------------------------------------------------
    def play(self) -> None:
        try:
            game = Game.new(**rules.next_game(self.progress), seed=random.randrange(1_000_000))
        except (MissionError, RuleError) as e:
            self.notify(str(e), severity="error", timeout=8)
            return
        try:
            session = AutoSave.create(self.record.game_save_path(game.setup.mission), game)
            self.record.save_progress(self.progress, save=session.path)
        except (SaveError, OSError) as e:
            self.notify(f"The mission cannot be saved: {e}", severity="error", timeout=10)
            return
        self.app.open_game(game, session)

    def finish(self) -> None:
        """Fold the mission that ended into the campaign and record it."""
        game = self.game
        if game is None or not game.outcome:
            return
        try:
            progress = fold_mission(self.record, game)
        except RuleError as e:
            self.notify(e.message, severity="error", timeout=10)
            return
        except (SaveError, OSError) as e:
            self.notify(str(e), severity="error", timeout=10)
            return
        self.refresh_state()
        if progress.outcome is not None:
            won = progress.outcome == "won"
            body = Group(self.missions_table(), Text(""), band_table(progress.members))
            self.app.push_screen(
                CampaignOver("CAMPAIGN WON" if won else "CAMPAIGN LOST", won, body)
            )
