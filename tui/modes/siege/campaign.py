"""Siege campaigns on screen (docs/rules-siege.md "Campaign"): the title's
"Siege campaign" entry (a list of campaigns, and a new one), and the
campaign's screen between missions: the missions played, the band with
the items it carries, what comes next; play, resume, and a finished
mission folded in as soon as the player comes back from it.

The rules are engine.siege.campaign's; the record is saves.siege_campaign,
held open (and locked) while the campaign's screen is up."""

from __future__ import annotations

import random
from typing import Any

from rich.console import Group
from rich.table import Table
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.screen import ModalScreen, Screen
from textual.widgets import Button, Label, OptionList, Select, Static
from textual.widgets.option_list import Option

from engine import Game, MissionError, RuleError, get_mode
from engine.siege import campaign as rules
from engine.siege import content
from saves import AutoSave, SaveError
from saves import siege_campaign as store
from tui import persist
from tui.screens.host import GameHost
from tui.widgets.footer import KeyFooter
from tui.widgets.select import MenuSelect

IRONMAN = (("off: undo as the game allows", False), ("on: no undo", True))


def mission_names() -> dict[str, dict]:
    return {m["id"]: m for m in get_mode("siege").missions()}


def campaign_name(campaign_id: str) -> str:
    spec = rules.campaigns().get(campaign_id)
    return spec.name if spec else campaign_id


def line(info: store.Listed) -> str:
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


# -- the list and the new-campaign dialog ------------------------------------------------


class SiegeCampaignList(ModalScreen[None]):
    """The siege campaigns there are, and a new one."""

    SCOPED_CSS = False
    DEFAULT_CSS = """
    SiegeCampaignList { align: center middle; }
    SiegeCampaignList #siege-records { width: 72; height: auto; max-height: 12; }
    SiegeCampaignList #siege-note { width: 72; height: auto; }
    .-ascii SiegeCampaignList #siege-records { border: ascii $primary; }
    """
    BINDINGS = [Binding("escape", "close", "close", show=False)]

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog"):
            yield Label("Siege campaigns: three missions in a row, one band", id="question")
            yield OptionList(id="siege-records")
            yield Label("", id="siege-note", classes="note")
            yield Label("Enter opens, Esc closes", classes="note")

    def on_mount(self) -> None:
        menu = self.query_one("#siege-records", OptionList)
        menu.add_option(Option(Text("New siege campaign...", "bold"), id="new"))
        try:
            self.infos = store.list_records()
        except (SaveError, OSError) as e:
            self.infos = []
            self.query_one("#siege-note", Label).update(Text(f"cannot list the campaigns: {e}"))
        for info in self.infos:
            menu.add_option(Option(Text(line(info)), id=info.path, disabled=bool(info.error)))
        going = [i for i in self.infos if i.progress and i.progress.outcome is None]
        menu.highlighted = menu.get_option_index(going[0].path) if going else 0
        menu.focus()

    def on_option_list_option_highlighted(self, event: OptionList.OptionHighlighted) -> None:
        info = next((i for i in self.infos if i.path == event.option_id), None)
        note = self.query_one("#siege-note", Label)
        note.update(Text(info.error.replace(info.path, info.name)) if info and info.error else "")

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        if event.option_id == "new":
            self.dismiss(None)
            self.app.push_screen(NewSiegeCampaign())
            return
        path = event.option_id or ""
        try:
            record = store.Record.open(path)
        except (SaveError, OSError) as e:
            name = path.rsplit("/", 1)[-1]
            self.query_one("#siege-note", Label).update(Text(str(e).replace(path, name)))
            return
        self.dismiss(None)
        self.app.push_screen(SiegeCampaignScreen(record))

    def action_close(self) -> None:
        self.dismiss(None)


class NewSiegeCampaign(ModalScreen[None]):
    """Choose the campaign and ironman; the band is the first mission's own."""

    SCOPED_CSS = False
    DEFAULT_CSS = """
    NewSiegeCampaign { align: center middle; }
    NewSiegeCampaign #siege-about { width: 66; height: auto; margin-top: 1; }
    """
    BINDINGS = [Binding("escape", "cancel", "cancel", show=False)]

    def compose(self) -> ComposeResult:
        specs = rules.campaigns()
        first = next(iter(specs.values()))
        with Vertical(id="newgame", classes="dialog"):
            yield Label("New siege campaign", id="question")
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
            yield Label("", id="newgame-error")
            with Horizontal(classes="buttons"):
                yield Button("Start (Enter)", id="start", variant="primary", compact=True)
                yield Button("Cancel (Esc)", id="cancel", compact=True)

    def about(self, campaign_id: str) -> str:
        spec = rules.campaigns()[campaign_id]
        names = mission_names()
        order = ", ".join(names.get(m, {}).get("name", m) for m in spec.missions)
        return f"{spec.description}\nMissions: {order}."

    def on_mount(self) -> None:
        self.query_one("#start", Button).focus()

    def on_select_changed(self, event: Select.Changed) -> None:
        if event.select.id == "siege-campaign" and isinstance(event.value, str):
            self.query_one("#siege-about", Label).update(self.about(event.value))

    def on_button_pressed(self, event: Button.Pressed) -> None:
        self.start() if event.button.id == "start" else self.dismiss(None)

    def action_cancel(self) -> None:
        self.dismiss(None)

    def start(self) -> None:
        campaign_id = str(self.query_one("#siege-campaign", Select).value)
        ironman = bool(self.query_one("#iron", Select).value)
        try:
            record = store.start(rules.start(campaign_id, ironman=ironman))
        except RuleError as e:
            self.query_one("#newgame-error", Label).update(e.message)
            return
        except (SaveError, OSError) as e:
            self.query_one("#newgame-error", Label).update(f"The campaign cannot be saved: {e}")
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


class SiegeCampaignScreen(GameHost, Screen):
    """A campaign between missions: what was played, the band and its items,
    the next mission; play it (or retry it), resume the one in play. A
    mission that ended is folded in when the player comes back here."""

    continue_label = "Back to the campaign"
    resumes_note = "the campaign screen resumes it"
    BINDINGS = [Binding("escape,q", "leave", "title")]
    SCOPED_CSS = False
    DEFAULT_CSS = """
    SiegeCampaignScreen #siege-head { text-style: bold; padding: 0 1; }
    SiegeCampaignScreen #siege-body { height: 1fr; padding: 0 1; }
    SiegeCampaignScreen #siege-actions { height: auto; max-height: 5; border: round $primary; }
    .-ascii SiegeCampaignScreen #siege-actions { border: ascii $primary; }
    """

    def __init__(self, record: store.Record) -> None:
        super().__init__()
        self.record = record
        self.phase = "ready"  # ready | in_play | finished | broken | over
        self.game: Game | None = None  # the mission in play, read from its save
        self.problem = ""

    @property
    def progress(self) -> rules.Progress:
        return self.record.progress

    # -- layout -------------------------------------------------------------------
    def compose(self) -> ComposeResult:
        yield Label("", id="siege-head")
        with VerticalScroll(id="siege-body"):
            yield Static("", id="siege-text")
        yield OptionList(id="siege-actions")
        yield KeyFooter(compact=True)

    def on_mount(self) -> None:
        self.refresh_state()

    def on_screen_resume(self) -> None:
        self.refresh_state()
        if self.phase == "finished":  # back from a mission that ended
            self.finish()

    def on_unmount(self) -> None:
        self.record.close()

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
        self.query_one("#siege-head", Label).update(head)
        parts: list[Any] = [self.missions_table(), Text("")]
        parts += [Text("The band", "bold"), band_table(p.members)]
        if p.fallen:
            fallen = ", ".join(content.name(h) for h in p.fallen)
            parts.append(Text(f"Fallen: {fallen}", "dim"))
        parts += [Text(""), self.next_text()]
        if self.problem:
            parts += [Text(""), Text(self.problem, "bold red")]
        self.query_one("#siege-text", Static).update(Group(*parts))
        menu = self.query_one("#siege-actions", OptionList)
        menu.clear_options()
        for oid, label in self.choices():
            menu.add_option(Option(Text(label), id=oid))
        menu.highlighted = 0
        menu.focus()

    def missions_table(self) -> Table:
        p = self.progress
        names = mission_names()
        table = Table(box=None, padding=(0, 1), show_header=True)
        table.add_column("#", justify="right")
        table.add_column("mission")
        table.add_column("outcome")
        played: dict[str, list[str]] = {}
        for mission, outcome in p.history:
            played.setdefault(mission, []).append(outcome)
        for i, mid in enumerate(p.missions):
            state = ", ".join(played.get(mid, []))
            now = p.outcome is None and i == p.index
            if now:
                doing = "in play" if self.phase in ("in_play", "finished") else "next"
                state = (state + ", " if state else "") + doing
            name = names.get(mid, {}).get("name", mid)
            table.add_row(str(i + 1), Text(name, "bold" if now else ""), state)
        return table

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
        back = ("leave", "Back to the title screen  (Esc)")
        if self.phase == "ready":
            info = mission_names().get(self.progress.mission or "", {})
            verb = "Retry" if self.progress.losses else "Play"
            name = info.get("name", self.progress.mission)
            return [("play", f"{verb} mission {self.progress.index + 1}: {name}"), back]
        if self.phase == "in_play":
            return [("resume", "Resume the mission in play"), back]
        if self.phase == "broken":
            return [("play", "Start the mission again (its save cannot be read)"), back]
        return [back]

    # -- doing ------------------------------------------------------------------------
    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        choice = event.option_id or ""
        if choice == "play":
            self.play()
        elif choice == "resume":
            self.resume()
        elif choice == "leave":
            self.action_leave()

    def action_leave(self) -> None:
        self.app.pop_screen()

    def play(self) -> None:
        try:
            game = Game.new(**rules.next_game(self.progress), seed=random.randrange(1_000_000))
        except (MissionError, RuleError) as e:
            self.notify(str(e), severity="error", timeout=8)
            return
        try:
            session = AutoSave.create(
                store.mission_save_path(self.record, game.setup.mission), game
            )
            self.record.save_progress(self.progress, save=session.path)
        except (SaveError, OSError) as e:
            self.notify(f"The mission cannot be saved: {e}", severity="error", timeout=10)
            return
        self.app.open_game(game, session)

    def resume(self) -> None:
        try:
            session = persist.resume(self.record.state.save)
        except persist.SaveProblem as e:
            self.notify(str(e), severity="error", timeout=10)
            self.refresh_state()
            return
        self.app.open_game(session.game, session)

    def finish(self) -> None:
        """Fold the mission that ended into the campaign and record it."""
        game = self.game
        if game is None or not game.outcome:
            return
        summary = game.summary()
        try:
            progress = rules.finish_mission(self.progress, summary)
        except RuleError as e:
            self.notify(e.message, severity="error", timeout=10)
            return
        played = store.Played(
            mission=summary["mission"],
            outcome=summary["outcome"],
            save=self.record.state.save,
            round=int(summary["round"]),
        )
        try:
            self.record.save_progress(progress, played=played)
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
