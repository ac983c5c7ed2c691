"""The game screen's key actions: the cursor, targeting, and one method per
key of tui.keys.KEYMAP. Every command comes from the screen's legal list."""

from __future__ import annotations

from dataclasses import dataclass, field

from engine import RuleError
from tui import actions, keys
from tui.scene import display_name
from tui.screens.dialogs import ConfirmDialog
from tui.widgets.board import Board

# Probes: when no legal command of a kind exists, submitting this shape lets
# the engine say why ("no zombies here", "no loaded ranged weapon in hand").
PROBES = {
    "melee": lambda s, z: {"type": "melee", "survivor": s},
    "ranged": lambda s, z: {"type": "ranged", "survivor": s, "zone": z},
    "search": lambda s, z: {"type": "search", "survivor": s},
    "take_objective": lambda s, z: {"type": "take_objective", "survivor": s},
    "move": lambda s, z: {"type": "move", "survivor": s, "to": z},
}


@dataclass
class Targeting:
    """Choosing a zone for a move, a shot or a door: targets are highlighted,
    the action key again cycles them, Enter confirms, Esc cancels."""

    kind: str  # move | ranged | open_door
    options: dict[str, list[dict]]  # zone -> the commands that target it
    doors: frozenset[str] = field(default_factory=frozenset)  # door cells to highlight

    @property
    def order(self) -> list[str]:
        return list(self.options)


VERBS = {"move": "Move", "ranged": "Fire", "open_door": "Open a door"}


class KeyActions:
    """Mixed into GameScreen: needs its game, view, legal, cursor, selected,
    targeting, and its act/submit/redraw/add_log methods."""

    def mine(self, ctype: str) -> list[dict]:
        return actions.of_type(self.legal, ctype, self.selected)

    def explain(self, ctype: str, what: str) -> None:
        """No legal command of this kind: let the engine say why, else say so."""
        sid = self.selected
        if sid is None or self.view.get("outcome"):
            self.add_log(["The game is over." if self.view.get("outcome") else "Nobody can act."])
            return
        probe = PROBES.get(ctype)
        if probe is not None:
            try:
                command = self.game.parse_command(probe(sid, self.probe_zone(sid)))
                self.game.mode.run(self.world, self.game.state, command)
            except RuleError as e:
                self.add_log([f"{display_name(sid)} can't {what}: {e.message}"])
                return
        self.add_log([f"{display_name(sid)} can't {what} now."])

    def probe_zone(self, sid: str) -> str | None:
        """The cursor zone, or when it is the survivor's own zone, the first
        zone next to it (through any door), to ask the engine about."""
        here = self.survivor_zone(sid)
        if self.cursor != here or here is None:
            return self.cursor
        board = self.world.board
        every_door = frozenset(d.id for d in board.doors)
        nearby = board.links(every_door).get(here, ())
        return nearby[0] if nearby else here

    # -- targeting ------------------------------------------------------------
    def start_targeting(self, kind: str, commands: list[dict], key_of) -> None:
        options: dict[str, list[dict]] = {}
        for c in commands:
            options.setdefault(key_of(c), []).append(c)
        doors = frozenset(c["door"] for c in commands if "door" in c)
        if self.targeting and self.targeting.kind == kind:
            order = self.targeting.order
            i = order.index(self.cursor) + 1 if self.cursor in order else 0
            self.cursor = order[i % len(order)]
        else:
            self.targeting = Targeting(kind, options, doors)
            if self.cursor not in options:
                self.cursor = next(iter(options))
        self.redraw()

    def other_side(self, door_id: str) -> str:
        door = self.world.board.door(door_id)
        here = self.survivor_zone(self.selected)
        return door.b if door.a == here else door.a

    # -- key actions ----------------------------------------------------------
    def action_cursor(self, direction: str) -> None:
        dx, dy = keys.DIRECTIONS[direction]
        nxt = actions.neighbour(self.centres, self.cursor or "", dx, dy)
        if nxt is not None:
            self.cursor = nxt
            self.redraw()

    def on_board_zone_clicked(self, message: Board.ZoneClicked) -> None:
        again = message.zone == self.cursor
        self.cursor = message.zone
        if again and self.targeting and message.zone in self.targeting.options:
            self.action_confirm()
            return
        self.redraw()

    def action_confirm(self) -> None:
        if self.game.outcome:
            self.show_game_over()
            return
        if self.view.get("pending"):
            self.ask_pending()
            return
        t = self.targeting
        if t is not None:
            if self.cursor in t.options:
                self.choose_and_act(VERBS[t.kind], t.options[self.cursor])
            else:
                self.add_log([f"Zone {self.cursor} is not a target: the targets are highlighted."])
            return
        moves = [c for c in self.mine("move") if c["to"] == self.cursor]
        if moves:
            self.act(moves[0])
        else:
            self.action_look()

    def action_cancel(self) -> None:
        if self.targeting:
            self.targeting = None
            self.cursor = self.survivor_zone(self.selected) or self.cursor
            self.redraw()

    def action_move(self) -> None:
        moves = self.mine("move")
        if not moves:
            self.explain("move", "move")
            return
        self.start_targeting("move", moves, lambda c: c["to"])

    def action_fire(self) -> None:
        shots = self.mine("ranged")
        if not shots:
            self.explain("ranged", "fire")
            return
        self.start_targeting("ranged", shots, lambda c: c["zone"])

    def action_open_door(self) -> None:
        doors = self.mine("open_door")
        if not doors:
            self.explain("open_door", "open a door")
        elif len(doors) == 1:
            self.act(doors[0])
        else:
            self.start_targeting("open_door", doors, lambda c: self.other_side(c["door"]))

    def action_melee(self) -> None:
        hits = self.mine("melee")
        if not hits:
            self.explain("melee", "attack in melee")
        else:
            self.choose_and_act("Melee", hits)

    def action_search(self) -> None:
        found = self.mine("search")
        self.act(found[0]) if found else self.explain("search", "search")

    def action_objective(self) -> None:
        found = self.mine("take_objective")
        self.act(found[0]) if found else self.explain("take_objective", "take an objective")

    def action_play(self) -> None:
        uses = self.mine("use")
        self.choose_and_act("Play a card", uses) if uses else self.explain("use", "play a card")

    def action_skill(self) -> None:
        found = self.mine("skill")
        self.choose_and_act("Use a skill", found) if found else self.explain("skill", "use a skill")

    def action_gear(self) -> None:
        """The gear editor (several moves, one action) first, then every
        single change as a quick pick."""
        changes = self.mine("manage")
        if not changes:
            self.explain("manage", "manage gear")
            return
        from tui.screens.dialogs import ChoiceDialog

        options = [("editor", "Open the gear editor: several moves, one action")]
        options += [(str(i), actions.label(c, self.view)) for i, c in enumerate(changes)]

        def chosen(answer: str | None) -> None:
            if answer == "editor":
                self.open_gear_editor()
            elif answer is not None:
                self.act(changes[int(answer)])

        self.app.push_screen(ChoiceDialog("Gear: one change costs one action", options), chosen)

    def open_gear_editor(self) -> None:
        from tui.screens.gear import GearEditor

        sid = self.selected
        if sid is None:
            return

        def check(command: dict) -> str | None:
            """The engine's reason to refuse the arrangement, without doing it."""
            try:
                self.game.mode.run(self.world, self.game.state, self.game.parse_command(command))
            except RuleError as e:
                return e.message
            return None

        def chosen(command: dict | None) -> None:
            if command is not None:
                self.act(command)

        self.app.push_screen(GearEditor(self.view, sid, check), chosen)

    def action_end_turn(self) -> None:
        ends = self.mine("end_turn")
        if not ends:
            self.explain("end_turn", "end a turn")
            return
        sid = self.selected or ""
        left = self.view["survivors"][sid]["actions_left"]
        if left:
            question = (
                f"End {display_name(sid)}'s turn with {left} action{'s' if left > 1 else ''} left?"
            )
            self.app.push_screen(ConfirmDialog(question), lambda yes: yes and self.submit(ends[0]))
        else:
            self.submit(ends[0])

    def action_next_survivor(self) -> None:
        acting = actions.actors(self.legal)
        if not acting:
            return
        i = acting.index(self.selected) + 1 if self.selected in acting else 0
        self.selected = acting[i % len(acting)]
        self.targeting = None
        self.cursor = self.survivor_zone(self.selected) or self.cursor
        self.note_control()
        self.redraw()

    def action_look(self) -> None:
        if self.cursor:
            self.add_log([actions.describe_zone(self.view, self.world, self.cursor)])

    def action_history(self) -> None:
        from tui.screens.dialogs import HistoryScreen
        from tui.widgets.panels import MessageLog

        self.app.push_screen(HistoryScreen(list(self.query_one(MessageLog).lines)))

    def action_undo(self) -> None:
        try:
            done = self.game.undo()
        except RuleError as e:
            self.add_log([f"No undo: {e.message}"])
            return
        except Exception as e:  # the autosave could not write the undo mark
            self.add_log([f"Problem: {e}"])
            done = True
        self.add_log(["Undone." if done else "Nothing to undo."])
        self.after_undo_redo()

    def action_redo(self) -> None:
        try:
            done = self.game.redo()
        except Exception as e:  # the autosave could not write the redo mark
            self.add_log([f"Problem: {e}"])
            done = True
        self.add_log(["Redone." if done else "Nothing to redo."])
        self.after_undo_redo()

    def after_undo_redo(self) -> None:
        self.targeting = None
        self._over_shown = bool(self.game.outcome)
        self.refresh_view()

    def action_help(self) -> None:
        from tui.screens.help import HelpScreen

        self.app.push_screen(HelpScreen())

    def action_quit(self) -> None:
        from tui.screens.progress import ProgressScreen

        stack = self.app.screen_stack
        from_record = len(stack) > 1 and isinstance(stack[-2], ProgressScreen)
        resumes = "the campaign screen resumes it" if from_record else "Continue resumes it"
        saved = f"It is saved: {resumes}." if self.app.session else "It is not saved."
        self.app.push_screen(
            ConfirmDialog(f"Leave this game? {saved}", yes="Leave", no="Stay"), self._leave
        )

    def _leave(self, yes: bool | None) -> None:
        if yes:
            self.app.close_session()
            self.app.pop_screen()


def keys_for(kind: str) -> str:
    return {"move": "m", "ranged": "f", "open_door": "o"}[kind]
