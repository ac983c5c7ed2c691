"""The game screen: board, panels, status line and message log.

Thin by design: it draws g.view("players") and turns keys into commands
picked from g.legal_commands(). Whatever the engine refuses is shown in the
log with the engine's own reason; nothing here knows a rule."""

from __future__ import annotations

import msgspec
from rich.text import Text
from textual.app import ComposeResult, SystemCommand
from textual.containers import Horizontal, Vertical
from textual.screen import Screen

from engine import RuleError
from tui import actions, keys
from tui.narrate import narrate
from tui.playback import STEP_SECONDS, frames
from tui.scene import build_scene, display_name
from tui.screens.dialogs import ChoiceDialog, ConfirmDialog
from tui.screens.game_keys import VERBS, KeyActions, Targeting, keys_for
from tui.widgets.board import Board
from tui.widgets.footer import KeyFooter
from tui.widgets.panels import (
    CardsPanel,
    DangerPanel,
    LegendPanel,
    MessageLog,
    StatusLine,
    SurvivorsPanel,
)

# Action keys the status line offers when the selected survivor can use them.
RESUME_EVENTS = 300  # a resumed game retells its last events...
RESUME_LINES = 40  # ...as this many log lines at most

HINTS = (
    ("move", "m", "move"),
    ("melee", "a", "melee"),
    ("ranged", "f", "fire"),
    ("search", "s", "search"),
    ("open_door", "o", "door"),
    ("take_objective", "g", "objective"),
    ("use", "p", "card"),
    ("skill", "z", "skill"),
    ("manage", "i", "gear"),
    ("end_turn", "e", "end"),
)


class GameScreen(KeyActions, Screen):
    BINDINGS = keys.bindings()
    HORIZONTAL_BREAKPOINTS = [(0, "-narrow"), (110, "-wide")]
    VERTICAL_BREAKPOINTS = [(0, "-short"), (34, "-tall")]

    def __init__(self, game) -> None:
        super().__init__()
        self.game = game
        self.world = game.world
        self.centres = actions.zone_centres(self.world.board)
        self.cursor: str | None = None
        self.selected: str | None = None
        self.targeting: Targeting | None = None
        self.view: dict = {}
        self.legal: list[dict] = []
        self._asked_pending = False
        self._over_shown = False
        self.controller: int | None = None  # hot-seat: the player last told it is their turn
        self.handover = False  # control has just passed to another player
        self._round: int | None = None

    # -- layout -------------------------------------------------------------
    def compose(self) -> ComposeResult:
        with Horizontal(id="main"):
            yield Board(self.world.board, self.app.glyphs, id="board")
            with Vertical(id="side"):
                yield SurvivorsPanel(id="survivors")
                yield CardsPanel(id="cards")
                yield DangerPanel(id="danger")
                yield LegendPanel(id="legend")
        yield StatusLine(id="status")
        yield MessageLog(id="log")
        yield KeyFooter(compact=True)

    def on_mount(self) -> None:
        info = self.world.mission.info
        board = self.query_one(Board)
        board.border_title = info.name or info.id
        self.query_one("#survivors").border_title = "Survivors"
        self.query_one("#danger").border_title = "Danger"
        self.query_one("#legend").border_title = "Legend (? for help)"
        self.query_one(LegendPanel).show(self.app.glyphs)
        self.query_one("#log").border_title = "Log"
        intro = [f"{info.name or info.id}: {info.briefing}"] if info.briefing else []
        self.add_log(intro + ["Arrows move the cursor; m move, a melee, f fire, s search, o door."])
        if self.game.commands:  # a resumed game: what happened last, as it was told
            self.add_log(narrate(self.game.events[-RESUME_EVENTS:])[-RESUME_LINES:])
            self.add_log([f"Resumed in round {self.game.summary()['round']}."])
        self.refresh_view()
        board.focus()

    # -- reading the game ---------------------------------------------------
    def refresh_view(self) -> None:
        g = self.game
        self.view = g.view("players")
        self.legal = [msgspec.to_builtins(c) for c in g.legal_commands()]
        acting = actions.actors(self.legal)
        before = self.selected
        players = self.view.get("players") or {}
        new_round = self.view.get("round") != self._round
        self._round = self.view.get("round")
        # hot-seat: a new round hands control back in seat order (ST-1.3)
        if self.selected not in acting or (new_round and len(set(players.values())) > 1):
            active = self.view.get("active")
            self.selected = active if active in acting else (acting[0] if acting else None)
        if self.selected is None:
            alive = [s for s, v in self.view["survivors"].items() if v["alive"]]
            self.selected = alive[0] if alive else None
        if self.cursor is None or (self.selected != before and self.selected):
            self.cursor = self.survivor_zone(self.selected) or self.world.board.zones[0]
        self.note_control()
        self.redraw()
        self.after_change()

    def note_control(self) -> None:
        """Hot-seat (ST-1.3): when control passes to a survivor of another
        player, the log and the status line say whose turn it is."""
        players = self.view.get("players") or {}
        sid = self.selected
        if len(set(players.values())) < 2 or sid not in players or self.view.get("outcome"):
            return
        if players[sid] != self.controller:
            self.controller = players[sid]
            self.handover = True
            self.add_log([f"Player {players[sid]}, your turn: {display_name(sid)}"])

    def survivor_zone(self, sid: str | None) -> str | None:
        s = self.view.get("survivors", {}).get(sid or "")
        return s["zone"] if s else None

    def redraw(self) -> None:
        g = self.app.glyphs
        targets: frozenset[str] = frozenset()
        if self.targeting:
            targets = frozenset(self.targeting.options) | self.targeting.doors
        with self.app.batch_update():
            self.query_one(Board).show(
                build_scene(
                    self.view,
                    self.world,
                    g,
                    cursor=self.cursor,
                    selected=self.selected,
                    targets=targets,
                )
            )
            self.query_one(SurvivorsPanel).show(self.view, self.selected, g)
            self.query_one(CardsPanel).show(self.view, self.selected, self.weapon_dice)
            self.query_one(DangerPanel).show(self.view, g)
            self.query_one(StatusLine).say(self.status_text())

    def status_text(self) -> Text:
        if self.playing:
            return Text("The zombies act... (any key skips to the end)", "bold")
        if self.view.get("outcome"):
            return Text(f"Mission {self.view['outcome']}. Press Enter for the score.", "bold")
        if self.view.get("pending"):
            return Text("A decision is waiting: press Enter to choose.", "bold")
        if self.targeting:
            t = self.targeting
            here = self.cursor in t.options
            text = Text(f"{VERBS[t.kind]}: ", "bold")
            if here:
                text.append(self.target_hint(t, self.cursor or ""), "bold green")
                text.append(". Enter does it,")
            else:
                text.append(f"zone {self.cursor} is not a target,")
            text.append(f" {keys_for(t.kind)} next, Esc cancels")
            return text
        sid = self.selected
        if sid is None:
            return Text("Nobody can act.")
        s = self.view["survivors"][sid]
        left = s["actions_left"]
        players = self.view.get("players") or {}
        whose = ""
        if len(set(players.values())) > 1 and sid in players:
            p = players[sid]
            whose = f"Player {p}, your turn: " if self.handover else f"P{p} "
        text = Text(whose + display_name(sid), "bold")
        text.append(
            f" in {actions.zone_label(self.world, s['zone'])}, {left} action{'s' if left != 1 else ''}:"
        )
        can = {c["type"] for c in self.legal if c.get("survivor") == sid}
        room = self.query_one(StatusLine).content_region.width or self.app.size.width - 2
        for ctype, key, word in HINTS:
            if ctype in can and text.cell_len + len(key) + len(word) + 2 <= room:
                text.append(f" {key}", "bold")
                text.append(f" {word}")
        return text

    def target_hint(self, t: Targeting, zone: str) -> str:
        cmds = t.options[zone]
        if t.kind == "ranged":
            dice = self.dice_for(cmds[0])
            kinds = self.view["zombies"].get(zone, {})
            n = sum(kinds.values())
            hint = f"{cmds[0].get('weapon', '')} at {zone}, {dice} dice vs {n} zombie{'s' if n != 1 else ''}"
            friends = [
                display_name(sid)
                for sid, v in self.view["survivors"].items()
                if v["alive"] and v["zone"] == zone and sid != cmds[0]["survivor"]
            ]
            return hint + (f" ({', '.join(friends)} there!)" if friends else "")
        if t.kind == "open_door":
            return f"door {cmds[0]['door']} into zone {zone}"
        return f"zone {zone}"

    def dice_for(self, command: dict) -> int | str:
        weapon = command.get("weapon") or ""
        n = self.weapon_dice(weapon, command["type"] == "ranged", command["survivor"])
        return "?" if n is None else n

    def weapon_dice(self, weapon: str, ranged: bool, sid: str | None = None) -> int | None:
        """Dice an attack with weapon rolls, from the engine's own counting."""
        try:
            from engine.station.attack import dice_count

            s = self.game.state.survivor(sid or self.selected)
            return dice_count(s, weapon, ranged) if s is not None else None
        except (ImportError, AttributeError, KeyError, TypeError):
            return None

    def after_change(self) -> None:
        """Open the dialogs the new state asks for: a pending choice, game over."""
        if self.game.outcome and not self._over_shown:
            self._over_shown = True
            self.show_game_over()
        elif self.view.get("pending") and not self._asked_pending:
            self._asked_pending = True
            self.ask_pending()
        if not self.view.get("pending"):
            self._asked_pending = False

    # -- doing --------------------------------------------------------------
    def add_log(self, lines: list[str]) -> None:
        self.query_one(MessageLog).add(lines)

    def submit(self, command: dict) -> bool:
        before = self.game.state
        try:
            events = self.game.submit(command)
        except RuleError as e:
            self.add_log([f"Can't: {e.message}"])
            return False
        except Exception as e:  # a save that cannot be written: say so, keep playing
            self.add_log([f"Problem: {e}"])
            self.refresh_view()
            return False
        self.targeting = None
        self.handover = False
        steps = frames(self.game, before, events) if getattr(self.app, "playback", False) else []
        if steps:
            self.play_back(steps)
        else:
            self.add_log(narrate(events))
            self.refresh_view()
        return True

    # -- zombie phase playback -------------------------------------------------
    def play_back(self, steps: list[tuple[dict, list[str]]]) -> None:
        """Show the zombie phase a step at a time; any key skips to the end."""
        self._steps = list(steps)
        self._step_timer = self.set_interval(STEP_SECONDS, self._next_step)
        self.refresh_bindings()
        self._next_step()

    @property
    def playing(self) -> bool:
        return bool(getattr(self, "_steps", None))

    def _next_step(self) -> None:
        if not self._steps:
            self._stop_playback()
            return
        view, lines = self._steps.pop(0)
        self.add_log(lines)
        self.view = view
        self.redraw()

    def _stop_playback(self) -> None:
        for _, lines in self._steps:
            self.add_log(lines)
        self._steps = []
        timer = getattr(self, "_step_timer", None)
        if timer is not None:
            timer.stop()
            self._step_timer = None
        self.refresh_bindings()
        self.refresh_view()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        return not self.playing or action in ("help", "quit")

    def on_key(self, event) -> None:
        if self.playing:
            event.stop()
            self._stop_playback()

    def act(self, command: dict) -> None:
        """Submit, first asking when it ends another survivor's activation."""
        active = self.view.get("active")
        who = command.get("survivor")
        if active and who and who != active and command["type"] != "end_turn":
            left = self.view["survivors"][active]["actions_left"]
            if left:
                question = (
                    f"{display_name(active)} still has {left} action{'s' if left > 1 else ''}. "
                    f"End {display_name(active)}'s turn and act with {display_name(who)}?"
                )
                self.app.push_screen(
                    ConfirmDialog(question), lambda yes: yes and self.submit(command)
                )
                return
        self.submit(command)

    def choose_and_act(self, title: str, commands: list[dict]) -> None:
        if len(commands) == 1:
            self.act(commands[0])
            return
        options = [(str(i), actions.label(c, self.view)) for i, c in enumerate(commands)]

        def chosen(answer: str | None) -> None:
            if answer is not None:
                self.act(commands[int(answer)])

        self.app.push_screen(ChoiceDialog(title, options), chosen)

    # -- dialogs ----------------------------------------------------------------
    def ask_pending(self) -> None:
        pending = self.view.get("pending")
        if not pending:
            return
        commands = [c for c in self.legal if c["type"] == "choose"]
        dice = pending.get("dice")
        title = f"{display_name(pending['survivor'])}: choose ({pending['kind'].replace('_', ' ')})"
        if dice:
            title += f"; dice {' '.join(map(str, dice))}"
        options = [(str(i), actions.label(c, self.view)) for i, c in enumerate(commands)]

        def chosen(answer: str | None) -> None:
            if answer is None:
                self.add_log(["A decision is waiting: press Enter to choose."])
            else:
                self.submit(commands[int(answer)])

        self.app.push_screen(
            ChoiceDialog(title, options, "Enter chooses; Esc closes for now"), chosen
        )

    def show_game_over(self) -> None:
        from tui.screens.gameover import GameOverScreen

        self.app.push_screen(GameOverScreen(self.game), self._after_game_over)

    def _after_game_over(self, choice: str | None) -> None:
        if choice == "undo":
            self.action_undo()
        elif choice == "title":
            self.app.close_session()
            self.app.pop_screen()

    # -- command palette --------------------------------------------------------
    def palette_commands(self):
        """Every action, and every legal command by name, for the palette."""
        for k in keys.KEYMAP:
            if k.action.startswith("cursor"):
                continue
            yield SystemCommand(
                k.description.capitalize(), f"key: {k.keys}", getattr(self, f"action_{k.action}")
            )
        for c in self.legal:
            yield SystemCommand(
                actions.label(c, self.view), "do it now", lambda c=c: self.act(c), discover=False
            )
