"""The sniper's campaign (house rule SN-C) from the title screen: the list of
campaigns (resume one or start one), the new-campaign dialog (who plays the
commander, ironman), and the campaign screen between missions: the three
maps with their outcomes, the ammo and kit he carries on, the next
briefing; play, resume, and a finished mission folded in on return.

The rules are engine.sniper.campaign's; the record is saves.sniper_campaign,
held open (and locked) while the campaign screen is up."""

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
from textual.widgets import Button, Label, OptionList, Static
from textual.widgets.option_list import Option

from engine import Game, MissionError, RuleError, get_mode
from engine.sniper import campaign as rules
from saves import AutoSave, SaveError
from saves import sniper_campaign as store
from tui import persist
from tui.modes.sniper import words
from tui.screens.host import GameHost
from tui.widgets.fields import choice_row
from tui.widgets.footer import KeyFooter
from tui.widgets.select import MenuSelect

COMMANDERS = [("played by the AI", "ai"), ("a person (hot-seat)", "human")]
IRONMAN = [("off: undo as you like", "off"), ("on: no undo", "on")]


def mission_infos() -> dict[str, dict]:
    return {m["id"]: m for m in get_mode("sniper").missions()}


class SniperRecordsDialog(ModalScreen[None]):
    """The sniper campaigns there are, and a new one."""

    SCOPED_CSS = False
    DEFAULT_CSS = """
    .-ascii SniperRecordsDialog #records { border: ascii $primary; }
    SniperRecordsDialog { align: center middle; }
    SniperRecordsDialog #records { width: 72; height: auto; max-height: 12; }
    SniperRecordsDialog #records-note { width: 72; height: auto; }
    """
    BINDINGS = [Binding("escape", "close", "close", show=False)]

    def compose(self) -> ComposeResult:
        with Vertical(id="record-list", classes="dialog"):
            yield Label("Sniper campaigns: village, rail yard, forest road", id="question")
            yield OptionList(id="records")
            yield Label("", id="records-note", classes="note")
            yield Label("Enter opens, Esc closes", classes="note")

    def on_mount(self) -> None:
        menu = self.query_one("#records", OptionList)
        menu.add_option(Option(Text("New campaign...", "bold"), id="new"))
        try:
            self.infos = store.list_records()
        except (SaveError, OSError) as e:
            self.infos = []
            self.query_one("#records-note", Label).update(Text(f"cannot list the campaigns: {e}"))
        for info in self.infos:
            menu.add_option(
                Option(Text(store.describe(info)), id=info.path, disabled=bool(info.error))
            )
        going = [i for i in self.infos if i.progress and i.progress.outcome is None]
        menu.highlighted = menu.get_option_index(going[0].path) if going else 0
        menu.focus()

    def on_option_list_option_highlighted(self, event: OptionList.OptionHighlighted) -> None:
        info = next((i for i in self.infos if i.path == event.option_id), None)
        note = self.query_one("#records-note", Label)
        note.update(Text(info.error.replace(info.path, info.name)) if info and info.error else "")

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        if event.option_id == "new":
            self.dismiss(None)
            self.app.push_screen(NewSniperCampaignDialog())
            return
        path = event.option_id or ""
        try:
            record = store.Record.open(path)
        except (SaveError, OSError) as e:
            name = path.rsplit("/", 1)[-1]
            self.query_one("#records-note", Label).update(Text(str(e).replace(path, name)))
            return
        self.dismiss(None)
        self.app.push_screen(SniperCampaignScreen(record))

    def action_close(self) -> None:
        self.dismiss(None)


class NewSniperCampaignDialog(ModalScreen[None]):
    """Who plays the commander in every mission, and ironman."""

    DEFAULT_CSS = """
    NewSniperCampaignDialog { align: center middle; }
    NewSniperCampaignDialog #campaign-about { width: 66; height: auto; margin-top: 1; }
    """
    BINDINGS = [Binding("escape", "cancel", "cancel", show=False)]

    def compose(self) -> ComposeResult:
        with Vertical(id="newgame", classes="dialog"):
            yield Label("New sniper campaign", id="question")
            yield choice_row("Commander", "campaign-commander", COMMANDERS, "ai")
            yield choice_row("Ironman", "campaign-ironman", IRONMAN, "off")
            yield Label(
                "The village, the rail yard, the forest road, in order. A won mission "
                "sends you on with the rounds and kit you have left; a lost one may be "
                "played again once.",
                id="campaign-about",
                classes="note",
            )
            yield Label("", id="newgame-error")
            with Horizontal(classes="buttons"):
                yield Button("Start (Enter)", id="start", variant="primary", compact=True)
                yield Button("Cancel (Esc)", id="cancel", compact=True)

    def on_mount(self) -> None:
        self.query_one("#start", Button).focus()

    def on_button_pressed(self, event: Button.Pressed) -> None:
        self.start() if event.button.id == "start" else self.dismiss(None)

    def action_cancel(self) -> None:
        self.dismiss(None)

    def start(self) -> None:
        commander = str(self.query_one("#campaign-commander", MenuSelect).value)
        ironman = self.query_one("#campaign-ironman", MenuSelect).value == "on"
        try:
            record = store.start(store.free_name(), rules.start(ironman=ironman), commander)
        except (SaveError, OSError) as e:
            self.query_one("#newgame-error", Label).update(f"The campaign cannot be saved: {e}")
            return
        self.dismiss(None)
        self.app.push_screen(SniperCampaignScreen(record))


class SniperCampaignScreen(GameHost, Screen):
    """A sniper campaign between missions (see the module docstring)."""

    continue_label = "Continue the campaign"
    resumes_note = "the campaign screen resumes it"
    BINDINGS = [Binding("escape,q", "leave", "title")]
    SCOPED_CSS = False
    DEFAULT_CSS = """
    .-ascii SniperCampaignScreen #progress-actions { border: ascii $primary; }
    SniperCampaignScreen #progress-head { text-style: bold; padding: 0 1; }
    SniperCampaignScreen #progress-body { height: 1fr; padding: 0 1; }
    SniperCampaignScreen #progress-actions { height: auto; max-height: 5; border: round $primary; }
    """

    def __init__(self, record: store.Record) -> None:
        super().__init__()
        self.record = record
        self.phase = "ready"  # ready | in_play | broken | over
        self.problem = ""

    @property
    def progress(self) -> rules.Progress:
        return self.record.progress

    def compose(self) -> ComposeResult:
        yield Label("", id="progress-head")
        with VerticalScroll(id="progress-body"):
            yield Static("", id="progress-text")
        yield OptionList(id="progress-actions")
        yield KeyFooter(compact=True)

    def on_mount(self) -> None:
        self.refresh_state()

    def on_screen_resume(self) -> None:
        self.refresh_state()

    def on_unmount(self) -> None:
        self.record.close()

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
        summary = game.summary()  # the mission is over: its whole truth may be read
        try:
            progress = rules.finish_mission(self.progress, summary)
            played = store.MissionPlayed(
                summary["mission"], summary["outcome"], self.record.state.save, summary["turn"]
            )
            self.record.save_progress(progress, played=played)
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
        who = ", hot-seat commander" if self.record.state.header.commander == "human" else ""
        head = f"Sniper campaign {self.record.state.header.name}{iron}{who}"
        self.query_one("#progress-head", Label).update(head)
        parts: list[Any] = [
            self.missions_table(),
            Text(""),
            self.carried(),
            Text(""),
            self.next_text(),
        ]
        if self.problem:
            parts += [Text(""), Text(self.problem, "bold red")]
        self.query_one("#progress-text", Static).update(Group(*parts))
        menu = self.query_one("#progress-actions", OptionList)
        menu.clear_options()
        for oid, label in self.choices():
            menu.add_option(Option(Text(label), id=oid))
        menu.highlighted = 0
        menu.focus()

    def missions_table(self) -> Table:
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
            state = ", ".join(played.get(mid, []))
            now = p.outcome is None and i == p.index
            if now:
                state = (state + ", " if state else "") + (
                    "in play" if self.phase == "in_play" else "next"
                )
            name = infos.get(mid, {}).get("name", mid)
            table.add_row(str(i + 1), Text(name, "bold" if now else ""), state)
        return table

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
        back = ("leave", "Back to the title screen  (Esc)")
        p = self.progress
        match self.phase:
            case "ready":
                verb = "Retry" if p.losses else "Play"
                name = mission_infos().get(p.mission or "", {}).get("name", p.mission)
                return [("play", f"{verb} mission {p.index + 1}: {name}"), back]
            case "in_play":
                return [("resume", "Resume the mission in play"), back]
            case "broken":
                return [("play", "Start the mission again (its save cannot be read)"), back]
        return [back]

    # -- doing ----------------------------------------------------------------------------
    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        match event.option_id:
            case "play":
                self.play()
            case "resume":
                self.resume()
            case "leave":
                self.action_leave()

    def action_leave(self) -> None:
        self.app.pop_screen()

    def play(self) -> None:
        commander = self.record.state.header.commander
        try:
            kwargs = rules.next_game(self.progress, commander)
            game = Game.new(**kwargs, seed=random.randrange(1_000_000))
        except (MissionError, RuleError) as e:
            self.notify(str(e), severity="error", timeout=8)
            return
        try:
            path = store.mission_save_path(self.record.state.header.name, game.setup.mission)
            session = AutoSave.create(path, game)
            self.record.save_progress(self.progress, save=str(session.path))
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
