"""Host and Join on the title screen: shared games, each player in their own
terminal (docs/hosting.md, "Shared games").

Host is the new-game dialog for the modes whose shared games this screen
can show; Start runs `shamble host` with the dialog's choices (a program
this Shamble starts: always itself, with fixed options and no shell, see
tests/ssh/test_ssh_confinement.py), reads the game's name from it and joins
the game. Join lists the games hosted on this machine, what each is and who
sits where, and joins the one chosen."""

from __future__ import annotations

import asyncio
import os
import site
import sys
import sysconfig
from pathlib import Path
from typing import Any

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Input, Label, OptionList, Select
from textual.widgets.option_list import Option

from engine import Game, MissionError, RuleError
from tui.screens.newgame import NewGameScreen
from tui.widgets.fields import FieldProblem

CODE_ROOT = Path(__file__).resolve().parents[2]  # the folder holding tui/, engine/, saves/
HOST_WITHIN = 40.0  # seconds `shamble host` may take to say the game's name
PEEK_WITHIN = 3.0  # seconds a hosted game may take to say what it is


def shareable_modes() -> list[str]:
    """Modes whose shared games this screen can show: every player holds the
    game's log (its viewers are told the same), or the mode's adapter draws a
    game from a seat's own view (opponents, coop_view.py)."""
    from hosting.seats import shares_log
    from tui.modes import ui_modes
    from tui.screens.coop_view import plays_from_view

    return [m for m in ui_modes() if shares_log(m) or plays_from_view(m)]


def host_argv(mode: str, mission: str, seed: int, undo: str, args: dict[str, Any]) -> list[str]:
    """`shamble host`'s options for a game the new-game rows describe."""
    from tui.options import MODE_OPTIONS

    argv = ["host", "--mode", mode, "--mission", mission, "--seed", str(seed), "--undo", undo]
    for name, value in args.items():
        if name not in ("survivors", "size", "difficulty", *MODE_OPTIONS):
            raise FieldProblem(f"A shared game cannot be hosted with {name} yet.")
        if isinstance(value, (list, tuple)):
            value = ",".join(str(v) for v in value)
        argv += [f"--{name}", str(value)]
    return argv


def _installed() -> bool:
    """Whether this Shamble lives in site-packages (its Python finds it anyway)."""
    paths = sysconfig.get_paths()
    sites = {paths["purelib"], paths["platlib"], *site.getsitepackages()}
    return CODE_ROOT in {Path(p).resolve() for p in sites}


async def run_host(argv: list[str]) -> str:
    """Start `shamble host ARGV` (it detaches and returns once players can
    join) and return the game's name; RuntimeError with its reason if not."""
    env = dict(os.environ)
    if not _installed():
        path = [str(CODE_ROOT), *filter(None, env.get("PYTHONPATH", "").split(os.pathsep))]
        env["PYTHONPATH"] = os.pathsep.join(dict.fromkeys(path))
    process = await asyncio.create_subprocess_exec(
        sys.executable,
        "-m",
        "tui.cli",
        *argv,
        stdin=asyncio.subprocess.DEVNULL,
        stdout=asyncio.subprocess.PIPE,
        stderr=asyncio.subprocess.PIPE,
        env=env,
    )
    try:
        out, err = await asyncio.wait_for(process.communicate(), HOST_WITHIN)
    except TimeoutError:
        process.kill()
        await process.wait()
        raise RuntimeError(f"the host did not start within {HOST_WITHIN:.0f} s") from None
    name = out.decode(errors="replace").strip().splitlines()
    if process.returncode != 0 or not name:
        lines = err.decode(errors="replace").strip().splitlines()
        reason = lines[-1] if lines else f"it stopped with status {process.returncode}"
        raise RuntimeError(reason.removeprefix("error: "))
    return name[0]


class HostGameScreen(NewGameScreen):
    """The new-game dialog, hosting: the game starts in the background and
    this player joins it; friends join it by its name."""

    start_word = "Host"

    def __init__(self) -> None:
        super().__init__()
        self.mode_ids = shareable_modes()
        self.mode = self.mode_ids[0]
        self.starting = False

    def on_mount(self) -> None:
        self.query_one("#question", Label).update("Host a shared game")

    def mission_changed(self, mission: str) -> None:
        """A mode's rows, once shown, take their defaults for a shared game
        (`shared_defaults()`, if they have it: two people, say)."""
        fields = self.fields
        if getattr(fields, "shared_defaults", None) and not getattr(fields, "_shared", False):
            fields._shared = True
            fields.shared_defaults()
        super().mission_changed(mission)

    def start(self, seed_text: str | None = None) -> None:
        """Host the game; `seed_text` as the seed was at Enter (the dialog's)."""
        if self.starting:
            return
        from hosting.seats import seat_specs

        error = self.query_one("#newgame-error", Label)
        if seed_text is None:
            seed_text = self.query_one("#seed", Input).value
        try:
            seed = int(seed_text.strip())
        except ValueError:
            error.update("The seed is a whole number.")
            return
        mission = self.mission
        undo = str(self.query_one("#undo", Select).value)
        try:
            args = self.fields.game_args(mission)
            game = Game.new(self.mode, mission=mission, seed=seed, undo=undo, **args)
            argv = host_argv(self.mode, mission, seed, undo, args)
        except (FieldProblem, MissionError, RuleError) as e:
            error.update(str(e))
            return
        seats = seat_specs(game)
        if sum(1 for s in seats if s.human) < 2:
            error.update(
                "This game has one seat: choose two players or more, so each friend "
                "gets a seat of their own."
            )
            return
        self.starting = True
        error.update("Starting the host...")
        self.run_worker(self._host(argv))

    async def _host(self, argv: list[str]) -> None:
        from tui.screens.coop_game import join_shared

        try:
            name = await run_host(argv)
        except (RuntimeError, OSError) as e:
            self.starting = False
            self.query_one("#newgame-error", Label).update(f"The host did not start: {e}")
            return
        app = self.app
        self.dismiss(None)
        app.notify(f"Hosting {name}: friends choose Join on the title screen.", timeout=10)
        app.run_worker(join_shared(app, name))

    def action_cancel(self) -> None:
        if self.starting:
            self.query_one("#newgame-error", Label).update("Wait: the host is starting.")
            return
        super().action_cancel()


def open_shared(app: Any, choice: str) -> None:
    """The title's Host ("host") or Join ("join")."""
    if choice == "join":
        app.push_screen(JoinScreen())
    elif shareable_modes():
        app.push_screen(HostGameScreen())
    else:
        app.notify("This Shamble can host no game on screen.", severity="warning")


def game_row(name: str, info: Any) -> Text:
    """A hosted game in two lines: what it is, then who sits where."""
    state = info.status.outcome or (f"{info.counts} {info.round}" if info.round is not None else "")
    text = Text(f"{name}", "bold")
    text.append(f"  {info.mode}, {info.mission}" + (f", {state}" if state else ""))
    seats = []
    for s in info.lobby.seats:
        if s.status == "bot":
            seats.append(f"{s.label}: bot")
        elif s.account:
            seats.append(f"{s.label}: {s.account}" + ("" if s.status == "here" else " (away)"))
        else:
            seats.append(f"{s.label}: open")
    text.append("\n  " + "; ".join(seats))
    return text


class JoinScreen(ModalScreen[None]):
    """The shared games hosted on this machine; Enter joins one."""

    DEFAULT_CSS = """
    JoinScreen { align: center middle; }
    JoinScreen OptionList { width: 72; height: auto; max-height: 14; }
    """

    BINDINGS = [
        Binding("escape,q", "close", "close", show=False),
        Binding("r", "refresh", "refresh", show=False),
        Binding("j", "cursor('down')", show=False),
        Binding("k", "cursor('up')", show=False),
    ]

    def __init__(self, directory: Path | None = None) -> None:
        super().__init__()
        self.directory = directory
        self.joinable: set[str] = set()
        self.joining = False

    def compose(self) -> ComposeResult:
        with Vertical(id="dialog", classes="dialog choice join"):
            yield Label("Join a shared game", id="question")
            yield OptionList(id="games")
            yield Label("", id="join-note", classes="note")
            yield Label("Enter joins  r looks again  Esc closes", classes="note")

    def on_mount(self) -> None:
        self.query_one(OptionList).focus()
        self.action_refresh()

    def say(self, text: str) -> None:
        self.query_one("#join-note", Label).update(text)

    def action_refresh(self) -> None:
        self.say("Looking for games...")
        self.run_worker(self._list(), exclusive=True, group="list")

    async def _list(self) -> None:
        from hosting.client import Client, CoopError
        from hosting.place import coop_dir, hosted_games
        from hosting.seats import shares_log
        from saves.files import SaveError
        from tui.screens.coop_game import cannot_show

        directory = self.directory or coop_dir()
        names = hosted_games(directory)

        async def peek(name: str) -> Any:
            try:
                return await asyncio.wait_for(Client.peek(name, directory=directory), PEEK_WITHIN)
            except TimeoutError:
                return f"{name} did not answer"
            except (CoopError, SaveError, OSError) as e:
                return str(e)

        infos = await asyncio.gather(*(peek(n) for n in names))
        games = self.query_one("#games", OptionList)
        games.clear_options()
        self.joinable = set()
        for name, info in zip(names, infos, strict=True):
            if isinstance(info, str):
                games.add_option(Option(Text(f"{name}: {info}"), id=name, disabled=True))
                continue
            why = cannot_show(info.mode, shares_log(info.mode), name)
            row = game_row(name, info)
            if why:
                row.append(f"\n  {why}", "italic")
            else:
                self.joinable.add(name)
            games.add_option(Option(row, id=name, disabled=bool(why)))
        if not names:
            self.say(f"No shared games are hosted here ({directory}): Host starts one.")
        elif not self.joinable:
            self.say("None of these can be joined from here now.")
        else:
            self.say(f"{len(self.joinable)} game{'s' if len(self.joinable) != 1 else ''} to join.")
            first = next(i for i, n in enumerate(names) if n in self.joinable)
            games.highlighted = first

    def action_cursor(self, where: str) -> None:
        getattr(self.query_one("#games", OptionList), f"action_cursor_{where}")()

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        name = event.option_id
        if name not in self.joinable or self.joining:
            return
        self.joining = True
        self.say(f"Joining {name}...")
        self.run_worker(self._join(name))

    async def _join(self, name: str) -> None:
        from tui.screens.coop_game import join_shared

        app = self.app
        self.dismiss(None)
        app.run_worker(join_shared(app, name, directory=self.directory))

    def action_close(self) -> None:
        self.dismiss(None)
