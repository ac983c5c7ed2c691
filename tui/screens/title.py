"""The title screen: New game, Continue, Load, the modes' own entries
(station: Campaign, Endless run), High scores, Help, Quit."""

from __future__ import annotations

import re

from textual.app import ComposeResult
from textual.binding import Binding, BindingsMap
from textual.containers import Center, Vertical
from textual.screen import Screen
from textual.widgets import Label, OptionList, Static
from textual.widgets.option_list import Option

from tui.modes.base import InPlay
from tui.screens.broker import read_broker
from tui.widgets.footer import KeyFooter

ART = r"""
 ___ _  _   _   __  __ ___ _    ___
/ __| || | /_\ |  \/  | _ ) |  | __|
\__ \ __ |/ _ \| |\/| | _ \ |__| _|
|___/_||_/_/ \_\_|  |_|___/____|___|
"""

HEAD = (("new", "New game", "n"), ("continue", "Continue", "c"), ("load", "Load", "l"))
SHARED = (
    ("host", "Host a shared game", "h"),
    ("join", "Join a shared game", "o"),
    ("watch", "Watch a game", "w"),
)
TAIL = (("scores", "High scores", "s"), ("help", "Help", "?"), ("quit", "Quit", "q"))
SHOWN = {"new", "continue", "load", "help", "quit"}  # in the footer


def playing_now(games: list, room: int = 76) -> str:
    """ "Playing now: alice (station), bob (siege) and 2 more. w watches.", in room."""
    for shown in range(min(3, len(games)), 0, -1):
        names = ", ".join(
            f"{g.player}{'@' + g.host if g.host else ''} ({g.mode})" for g in games[:shown]
        )
        more = f" and {len(games) - shown} more" if len(games) > shown else ""
        text = f"Playing now: {names}{more}. w watches."
        if len(text) <= room:
            return text
    n = len(games)
    return f"Playing now: {n} game{'s' if n != 1 else ''}. w watches."


COUNTED = re.compile(r"Playing now: \d+ games?\.")  # playing_now's line without names


def games_line(games: list, broker_down: str = "", room: int = 76) -> str:
    """The title's one line of the games played now; when the broker at
    `broker_down` (host:port) did not answer, that it did not and that the
    games listed are this machine's only."""
    if not broker_down:
        return playing_now(games, room) if games else ""
    if not games:
        return f"The broker at {broker_down} is not answering: only this machine's games."
    tails = (
        f" The broker at {broker_down} is not answering: only this machine's games.",
        f" The broker at {broker_down} is not answering.",
        f" Broker {broker_down}: no answer.",
    )
    lines = [playing_now(games, room - len(tail)) + tail for tail in tails]
    fits = [t for t in lines if len(t) <= room] or lines[-1:]
    named = [t for t in fits if not COUNTED.match(t)]  # names over a bare count
    return (named or fits)[0]


class TitleScreen(Screen):
    remote: list = []  # the other machines' games, as the broker last told them
    broker_down = ""  # the broker's host:port when it did not answer

    def __init__(self) -> None:
        super().__init__()
        from tui.modes import get_ui, ui_modes

        self.uis = {m: get_ui(m) for m in ui_modes(engine=False)}
        self.entry_mode = {e.id: m for m, ui in self.uis.items() for e in ui.title_entries()}
        self.entries = {e.id: e for ui in self.uis.values() for e in ui.title_entries()}
        extra = tuple((e.id, e.label, e.key) for e in self.entries.values())
        self.menu = (*HEAD, *extra, *SHARED, *TAIL)
        # the modes' entries have keys of their own, so the bindings are this screen's
        self._bindings = BindingsMap(
            [
                *(
                    Binding(
                        "question_mark" if key == "?" else key,
                        f"pick('{oid}')",
                        label.lower(),
                        show=oid in SHOWN or getattr(self.entries.get(oid), "footer", False),
                        key_display="?" if key == "?" else None,
                    )
                    for oid, label, key in self.menu
                ),
                Binding("j", "cursor_down", show=False),
                Binding("k", "cursor_up", show=False),
            ]
        )

    def compose(self) -> ComposeResult:
        width = max(12, *(len(label) + 1 for _, label, _ in self.menu))  # keys in one column
        # the art, tagline and menu are one block centred on its own, and the
        # note is centred under it on a row of its own, two lines high: a
        # longer or second line of the note (the broker's, read later) moves
        # nothing above it
        with Vertical(id="title-box"):
            with Center(id="title-row"):
                with Vertical(id="title-block"):
                    yield Static(ART.strip("\n"), id="title-art")
                    tagline = Label(self.tagline(None), id="tagline")
                    # as wide as the widest, so the menu does not move when it changes
                    tagline.styles.width = max(len(self.tagline(m)) for m in (None, *self.uis))
                    yield tagline
                    yield OptionList(
                        *[
                            Option(f"{label:<{width}}{key:>3}", id=oid)
                            for oid, label, key in self.menu
                        ],
                        id="title-menu",
                    )
            yield Label("", id="title-note")
        yield KeyFooter()

    def tagline(self, mode: str | None) -> str:
        """The line under the art: the mode in view's own (that of the
        highlighted entry, or of the game Continue opens), else one for all."""
        ui = self.uis.get(mode or "")
        if ui is not None and ui.tagline:
            return ui.tagline
        names = [ui.name or m for m, ui in self.uis.items()]
        if len(names) == 1:
            return "a zombie-survival board game in your terminal"
        return f"zombie-survival board games: {', '.join(names[:-1])} and {names[-1]}"

    def mode_in_view(self, option_id: str | None) -> str | None:
        """A mode's entry highlighted: its mode; Continue: the mode of the
        game it opens; anything else: none (the line for all modes)."""
        if option_id == "continue":
            return getattr(self, "_latest_mode", None)
        return self.entry_mode.get(option_id or "")

    def on_option_list_option_highlighted(self, event: OptionList.OptionHighlighted) -> None:
        self.query_one("#tagline", Label).update(self.tagline(self.mode_in_view(event.option_id)))

    def on_screen_resume(self) -> None:
        # after the frame is painted: reading every save for Continue takes a
        # few ms each, and the title should appear at once
        self.call_after_refresh(self.refresh_menu)

    def latest(self) -> tuple[str, object] | None:
        """What Continue opens: the game played last, a plain save or one a
        title entry keeps (a campaign's mission), with the note about it."""
        self._latest_mode: str | None = None
        if not self.app.autosave:
            return None
        from tui import persist

        found: list[tuple[float, str, object, str]] = []
        save = persist.latest_unfinished()
        if save is not None:
            found.append((persist.last_played(save), persist.describe(save), save, save.mode))
        for entry in self.entries.values():
            try:
                going = entry.in_play() if entry.in_play else None
            except Exception:  # a damaged record must not keep the title away
                going = None
            if going is not None:
                found.append((going.when, going.text, going, self.entry_mode[entry.id]))
        if not found:
            return None
        _, text, what, self._latest_mode = max(found, key=lambda f: f[0])
        return text, what

    def refresh_menu(self) -> None:
        menu = self.query_one("#title-menu", OptionList)
        self._latest = latest = self.latest()
        if latest is None:
            menu.disable_option("continue")
            start = "new"
        else:
            menu.enable_option("continue")
            start = "continue"
        for entry in self.entries.values():  # e.g. campaigns live in files: no saving, none
            if self.app.autosave or not entry.needs_saves:
                menu.enable_option(entry.id)
            else:
                menu.disable_option(entry.id)
        menu.highlighted = menu.get_option_index(start)
        self.query_one("#tagline", Label).update(self.tagline(self.mode_in_view(start)))
        menu.focus()
        self._continue_note = f"Continue: {latest[0]}" if latest is not None else ""
        self.live = self.live_games()  # this machine's, drawn at once
        self.show_live()
        self.ask_broker()

    def show_live(self) -> None:
        """The note under the menu: what Continue opens, then one line of the
        games played now (and, when the broker does not answer, that it does
        not and only this machine's are listed)."""
        line = games_line(self.live, self.broker_down)
        note = self._continue_note
        self.query_one("#title-note", Label).update(
            f"{note}\n{line}" if note and line else note or line
        )

    def ask_broker(self) -> None:
        """The other machines' games, read through the broker (when one is set)
        on a thread of its own: a broker that does not answer never holds up
        the title, whose list of this machine's games is drawn already."""
        from saves import public

        if not read_broker(self, public.others_live, self._broker_read):
            self.remote = []

    def _broker_read(self, remote: list, down: str) -> None:
        if not self.is_attached:
            return
        self.remote, self.broker_down = remote, down
        self.live = self.live_games()
        self.show_live()

    def live_games(self) -> list:
        """The games other players are playing now: of this machine, read now,
        and of the others as the broker last told them (saves/public.py)."""
        from saves import public

        try:
            mine = public.me()
            here = [g for g in public.live_games() if g.player != mine]
        except OSError:
            here = []
        return sorted([*here, *self.remote], key=lambda g: -g.updated)

    def watch(self) -> None:
        """Pick a game being played on this machine and follow it live."""
        from saves import public
        from tui.screens.dialogs import ChoiceDialog

        if public.root() is None:
            self.notify(
                "This machine lists nobody's games (it has no public folder: docs/hosting.md). "
                "shamble watch NAME follows one of your own saves.",
                timeout=8,
            )
            return
        games = self.live_games()
        if not games:
            self.notify("Nobody else is playing right now.", timeout=6)
            return
        from saves.public_cli import line

        options = [(str(i), line(g)) for i, g in enumerate(games)]

        def chosen(answer: str | None) -> None:
            if answer is not None:
                self.open_watch(games[int(answer)])

        self.app.push_screen(ChoiceDialog("Watch a game", options), chosen)

    def open_watch(self, game) -> None:  # noqa: ANN001
        from saves import SaveError, public
        from tui.screens.watch import watch_screen

        try:
            follower = public.follower_of(game)
        except SaveError as e:
            self.notify(str(e), severity="error", timeout=8)
            return
        note = public.WatchNote(game)  # the player sees who is watching
        screen = watch_screen(self.app, follower)
        if screen is None:
            note.close()
            return
        screen.watch_note = note
        self.app.push_screen(screen)

    def action_cursor_down(self) -> None:
        self.query_one("#title-menu", OptionList).action_cursor_down()

    def action_cursor_up(self) -> None:
        self.query_one("#title-menu", OptionList).action_cursor_up()

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        self.action_pick(event.option_id or "")

    def action_pick(self, choice: str) -> None:
        menu = self.query_one("#title-menu", OptionList)
        if choice in {o[0] for o in self.menu} and menu.get_option(choice).disabled:
            self.notify(self._why_disabled(choice), severity="warning")
            return
        if choice == "new":
            from tui.screens.newgame import NewGameScreen

            self.app.push_screen(NewGameScreen())
        elif choice == "continue":
            self._continue()
        elif choice == "load":
            from tui.screens.load import LoadScreen

            self.app.push_screen(LoadScreen())
        elif choice in self.entries:
            self.app.push_screen(self.entries[choice].open())
        elif choice == "watch":
            self.watch()
        elif choice in ("host", "join"):
            from tui.screens.coop_menu import open_shared

            open_shared(self.app, choice)
        elif choice == "scores":
            from tui.screens.scores import ScoresScreen

            self.app.push_screen(ScoresScreen())
        elif choice == "help":
            from tui.screens.help import HelpScreen

            HelpScreen.show(self.app, "every mode")
        elif choice == "quit":
            from tui.screens.dialogs import ConfirmDialog

            self.app.push_screen(ConfirmDialog("Quit Shamble?"), self._quit_answer)

    def _why_disabled(self, choice: str) -> str:
        if choice in self.entries:
            return self.entries[choice].why_off
        return "There is no game to continue: start a new game."

    def _quit_answer(self, yes: bool | None) -> None:
        if yes:
            self.app.exit()

    def _continue(self) -> None:
        from tui import persist

        going = getattr(self, "_latest", None)
        if going is not None and isinstance(going[1], InPlay):
            try:
                screen = going[1].open()
            except persist.SaveProblem as e:  # open in another Shamble, say
                self.notify(str(e), severity="error", timeout=8)
                self.refresh_menu()
                return
            self.app.push_screen(screen)
            return
        latest = persist.latest_unfinished()
        try:
            if latest is None:
                raise persist.SaveProblem("There is no game to continue.")
            session = persist.resume(latest.path)
        except persist.SaveProblem as e:
            self.notify(str(e), severity="error", timeout=8)
            self.refresh_menu()
            return
        self.app.open_game(session.game, session)
