"""Sniper on the shared game screen: the key table, the cursor, and who is
told what. What the sniper's keys do is keys.py (SniperKeys), the
commander's commander.py (CommanderKeys); what the screen says of the game
now (the status line, labels, look, the hints: exposure before a move, odds
before a shot) is status.py (SniperStatus); the board is scene.py.

The board, the panels and every hint are drawn from the view of the side at
the keyboard: the sniper's (always, against the AI commander) or, in a
hot-seat game, the commander's while he gives his orders. The log is told
per side too (narrate.py); in a hot-seat game each side reads its own log
(the game screen keeps one per secret seat), and the handover screen covers
the board between them."""

from __future__ import annotations

from typing import Any

import msgspec
from rich.table import Table

from tui.keys import Key
from tui.modes.base import MOVE_HINT, GameOver, Host, Play, Seat
from tui.modes.sniper import narrate, words
from tui.modes.sniper.commander import CommanderKeys
from tui.modes.sniper.glyphs import glyphs
from tui.modes.sniper.keys import SniperKeys
from tui.modes.sniper.panels import EnemyPanel, KitPanel, ObjectivesPanel, SniperPanel
from tui.modes.sniper.scene import commander_scene, sniper_scene
from tui.modes.sniper.sight import Cell, Sight, as_cell
from tui.modes.sniper.status import SniperStatus
from tui.modes.sniper.voice import WATCHER, YOU, Voice

KEYS: tuple[Key, ...] = (
    Key(
        "m",
        "move",
        "move (cells in reach highlighted; m again cycles)",
        "Actions",
        True,
        label="move",
        side="sniper",
    ),
    Key(
        "f",
        "fire",
        "fire at a unit you see (odds shown; f again cycles)",
        "Actions",
        True,
        label="fire",
        side="sniper",
    ),
    Key("i", "use", "use an item of your kit", "Actions", True, label="item", side="sniper"),
    Key(
        "c",
        "hide",
        "hide (in cover: you are no longer spotted)",
        "Actions",
        True,
        label="hide",
        side="sniper",
    ),
    Key("r", "ammo", "take ammo from a crate on or next to you", "Actions", side="sniper"),
    Key(
        "s",
        "sabotage",
        "sabotage the radio, fuel depot or telephone next to you",
        "Actions",
        side="sniper",
    ),
    Key(
        "m",
        "order",
        "commander: order the selected unit (its reach highlighted)",
        "Actions",
        True,
        label="order",
        side="commander",
    ),
    Key(
        "p",
        "event",
        "commander: play an event card",
        "Actions",
        True,
        label="event",
        side="commander",
    ),
    Key("e", "end_turn", "end your turn", "Turn", True, label="end"),
    Key("tab", "next", "commander: select the next unit to order", "Turn"),
    Key("x", "look", "look: describe the cell under the cursor", "Turn"),
    Key("full_stop", "home", "cursor back to you (the commander: to the selected unit)", "Cursor"),
)


class SniperPlay(SniperKeys, SniperStatus, CommanderKeys, Play):
    keys = KEYS
    figure_fields = ("unit",)  # the commander's orders name the unit
    tells_each_seat = True  # narrate() tells the side at the keyboard; the other hears at hello
    plays_from_view = True  # a shared game's one side's view is enough (coop_view.py)

    def __init__(self, game: Any, ascii_only: bool = False) -> None:
        super().__init__(game, ascii_only)
        self.g = glyphs(ascii_only)
        # a shared game: this terminal plays one side, from that side's view alone
        self.shared = getattr(game, "players_here", None) is not None
        self.hot_seat = not self.shared and game.view("sniper")["commander"] == "human"
        self.shots_seen: list[str] = []  # shared: the shot cards he drew, as he was told
        self.at_keys: str | None = None  # the side at the keyboard (hot-seat)
        self.pending: dict[str, list[str]] = {"sniper": [], "commander": []}
        self.tail: list[str] = []  # the end of the commander's turn and his next one's start
        self.baseline: dict[str, dict] = {}  # a side's view when it handed over
        if self.hot_seat:
            self.baseline["commander"] = game.view("commander")
        self.drawn: tuple[Any, dict] | None = None  # (state, sniper view) last drawn
        self.rings: list[tuple[Cell, int]] = []  # his noises this turn
        self.rings_turn = 0

    # -- who looks, who acts -------------------------------------------------------
    def side(self) -> str:
        """The side to act now; the sniper once the game is over. In a shared
        game, the side of this terminal (its view is the only one here)."""
        if self.shared:
            return self.game.view()["viewer"]
        active = self.game.view("sniper")["active"]
        return "commander" if self.hot_seat and active == "commander" else "sniper"

    def viewer(self) -> str:
        return self.side()

    def voice(self) -> Voice:
        """Whom the sniper's story is told to: his own seat ("You move ..."),
        or a watcher ("The sniper moves ..."): a watch screen, or a shared
        game's terminal with no seat of its own."""
        if self.watching or (self.shared and not self.game.players_here):
            return WATCHER
        return YOU

    def board_mark(self, host: Host) -> str:
        return self.voice()("board_mark")

    def key_side(self) -> str | None:
        """The commander's rows only where a person commands (hot-seat, or
        this terminal's side of a shared game); against the AI, the sniper's."""
        return self.side() if (self.hot_seat or self.shared) else "sniper"

    def hello(self, seat: Seat, host: Host) -> str:
        """Hot-seat: the side taking the keyboard has its own log back (the
        screen keeps one per secret seat) and is told what it saw or heard
        while the other side played."""
        leaving = self.at_keys
        if leaving is not None and leaving != seat.id:
            self.baseline[leaving] = self.game.view(leaving)
        self.at_keys = seat.id
        host.add_log(self.report(seat.id))
        return f"{seat.name}, your turn ({words.cell_turn(host.view)})."

    def report(self, side: str) -> list[str]:
        """What a side learns of the other's turn when it takes the keyboard."""
        lines = self.pending[side]
        self.pending[side] = []
        if side == "sniper" and "sniper" in self.baseline:
            tail, self.tail = self.tail, []
            before = self.baseline["sniper"]
            changes = narrate.seen_changes(before, self.game.view("sniper"))
            if changes or lines:
                lines = ["While the commander moved:", *lines, *changes]
            lines += tail
        return lines

    # -- the board -------------------------------------------------------------------
    def sight(self, view: dict) -> Sight:
        return Sight(view)

    def scene(self, host: Host):
        view = host.view
        sight = self.sight(view)
        t = host.targeting
        targets = frozenset(t.options) | t.marks if t else frozenset()
        if view["viewer"] == "commander":
            lines = self.order_lines(host, sight)
            return commander_scene(self.g, view, sight, host.cursor, host.selected, targets, lines)
        if not self.shared:
            self.drawn = (self.game.state, view)
        rings = self.rings if self.rings_turn == view["turn"] else []
        return sniper_scene(
            self.g, view, sight, host.cursor, targets, self.sight_lines(host, sight), rings
        )

    def sight_lines(self, host: Host, sight: Sight) -> frozenset[Cell]:
        """In italics: while moving, the lines of the units that would see him
        at the cursor; while aiming, his line to the target."""
        t, cursor = host.targeting, host.cursor
        if t is None or cursor not in t.options or sight.me is None:
            return frozenset()
        if t.kind == "move":
            if not sight.is_open(cursor):
                return frozenset()
            out: set[Cell] = {cursor}
            for uid, _, _ in sight.watchers(cursor, host.view["units"]):
                at = as_cell(host.view["units"][uid]["at"])
                out |= set(sight.line(at, cursor)) | {at}
            return frozenset(out)
        if t.kind in ("fire", "use"):
            return frozenset(sight.line(sight.me, cursor)) | {cursor}
        return frozenset()

    def home(self, host: Host) -> Cell:
        view = host.view
        if view["viewer"] == "commander":
            return self.commander_home(host)
        return as_cell(view["sniper"]["at"])

    def step(self, host: Host, cursor: Any, dx: int, dy: int) -> Cell | None:
        x, y = (cursor or self.home(host))[0] + dx, (cursor or self.home(host))[1] + dy
        rows = host.view["map"]
        return (x, y) if 0 <= y < len(rows) and 0 <= x < len(rows[y]) else None

    def cursor_at(self, host: Host, x: int, y: int) -> Cell | None:
        rows = host.view["map"]
        return (x, y) if 0 <= y < len(rows) and 0 <= x < len(rows[y]) else None

    def panels(self) -> list:
        return [SniperPanel(self.g), KitPanel(), ObjectivesPanel(), EnemyPanel()]

    def mission_info(self) -> tuple[str, str]:
        """The mission's name and briefing (a shared game's view names only
        its id: the shipped missions' list has the rest)."""
        world = getattr(self.game, "world", None)
        if world is not None:
            info = world.mission.info
            return info.name or info.id, info.briefing
        from engine import get_mode

        mid = self.game.view()["mission"]
        row = next((r for r in get_mode("sniper").missions() if r["id"] == mid), {})
        return row.get("name") or mid, row.get("briefing") or ""

    def board_title(self) -> str:
        return self.mission_info()[0]

    # -- words -------------------------------------------------------------------------
    def intro(self) -> list[str]:
        name, briefing = self.mission_info()
        lines = [f"{name}: {briefing}"] if briefing else []
        commands = "Commander: Tab picks a unit, m orders it, p plays an event, e ends; ? help."
        sniper = "Sniper: arrows move the cursor; m move, f fire, i item, c hide, e end, ? help."
        if self.hot_seat:  # both sides read it at one keyboard
            return lines + [
                "Hot-seat: the sniper and the commander take the keyboard in turn.",
                sniper,
                commands,
            ]
        if self.shared and self.side() == "commander":
            return lines + [commands.replace("Commander:", "You command:")]
        return lines + [MOVE_HINT]

    def resumed(self, view: dict) -> str:
        return f"Resumed on turn {view['turn']} of {view['turns']}."

    def over_text(self, view: dict) -> str:
        return f"Mission {view.get('outcome')}. Press Enter for the summary."

    def tell(self, before: Any, events: list[Any]) -> list[str]:
        """A shared game: `before` is this side's view before the move, and
        the events are those the host let this side know (K-7)."""
        if not self.shared:
            return self.narrate(events)
        return self.tell_side(events, before if isinstance(before, dict) else None)

    def tell_side(self, events: list[Any], before: dict | None) -> list[str]:
        """One move told to the one side this terminal plays (shared game)."""
        dicts = narrate.as_dicts(events)
        now = self.game.view()
        kinds = [e["type"] for e in dicts]
        if now.get("viewer") == "commander":
            ended = ["Sniper ends the turn."] if "sniper_turn_ended" in kinds else []
            return ended + narrate.for_commander(dicts)
        for e in dicts:
            if e["type"] == "deck_shuffled" and e.get("deck") == "shots":
                self.shots_seen = []
            elif e["type"] == "shot_card_drawn":
                self.shots_seen.append(e["card"])
        self.note_rings(dicts, now)
        if before is not None and before.get("viewer") != "sniper":
            before = None
        say = self.voice()
        # the computer commander's whole turn in this one move (his end of
        # turn): what changed in the sniper's sight over it is told from the
        # view before, as at one keyboard (units that moved or left his sight)
        whole_turn = {narrate.COMMANDER_STARTS, "commander_turn_ended"} <= set(kinds)
        turn_start = before if whole_turn and before and before.get("active") == "sniper" else None
        lines = narrate.for_sniper(dicts, before, now, turn_start, say=say)
        if before is not None and before.get("active") == "commander":
            # one of the commander's orders: what changed in the sniper's
            # sight (the units that came into it were told by their sightings)
            sighted = {e["unit"] for e in dicts if e["type"] == "unit_sighted"}
            lines += narrate.seen_changes(before, now, sighted=sighted, say=say)
        # the commander's orders come one at a time, after the heading's entry:
        # a heading with nothing under it yet is a sentence of its own
        if lines and lines[-1] == "The commander's turn:":
            lines[-1] = "The commander's turn."
        if kinds[:1] == ["commander_turn_ended"]:
            lines = ["Commander ends the turn.", *lines]
        return lines

    def narrate(self, events) -> list[str]:
        """One command's events, told to the side at the keyboard; in a
        hot-seat game the other side's share waits for its turn."""
        objs = list(events)
        if self.shared:
            return self.tell_side(objs, None)
        dicts = narrate.as_dicts(objs)
        before, turn_start = self.before(objs)
        now = self.game.view("sniper")
        self.note_rings(dicts, now)
        if not self.hot_seat or self.watching:  # a watcher is told the sniper's side
            return narrate.for_sniper(dicts, before, now, turn_start, say=self.voice())
        if before is None and self.at_keys is None:  # a resumed game's last events
            return narrate.public(dicts)
        here = self.at_keys or "sniper"
        sniper_lines, sniper_tail, commander_lines = self.split_for_sides(dicts, before, now, here)
        if here == "sniper":
            self.pending["commander"] += commander_lines
            return sniper_lines + sniper_tail
        self.pending["sniper"] += sniper_lines
        self.tail += sniper_tail
        return commander_lines

    def split_for_sides(
        self, events: list[dict], before: dict | None, now: dict, first: str
    ) -> tuple[list[str], list[str], list[str]]:
        """A hot-seat command told to each side: (the sniper's lines, the
        sniper's lines of a new turn beginning, the commander's lines)."""
        known = narrate.ids_in(before, now, self.baseline.get("sniper"))
        teller = narrate.SniperTeller(known.__contains__, before)
        sniper_lines: list[str] = []
        tail: list[str] = []
        commander_lines: list[str] = []
        for side, run in narrate.split(events, first):
            if side == "sniper":
                if run[0]["type"] == narrate.SNIPER_STARTS:  # his next turn: told after the rest
                    tail += teller.own(run, sightings=False)
                else:
                    sniper_lines += teller.own(run)
                commander_lines += narrate.for_commander(self.commander_hears(run))
            else:
                during, at_end = teller.heard(run)
                sniper_lines += during
                tail = at_end + tail
                # his turn's start is greeted once, by the hand-over (hello)
                commander_lines += narrate.for_commander(
                    e for e in run if e["type"] != "commander_turn_began"
                )
        return sniper_lines, tail, commander_lines

    def commander_hears(self, run: list[dict]) -> list[Any]:
        """What the commander is told of a run of the sniper's events: the
        engine's word (engine/sniper/table.py), as a shared game's host tells it."""
        g = self.game
        return g.told(msgspec.convert(run, list[g.mode.event_type]), "commander")

    def before(self, events: list[Any]) -> tuple[dict | None, dict | None]:
        """His view before this command, and as the commander's turn began
        in it, when the last board drawn is the state the command started
        from (folding its events gives the game's state now); else None."""
        if self.drawn is None or not events or isinstance(events[0], dict):
            return None, None
        state, view = self.drawn
        g = self.game
        turn_start = None
        for e in events:
            if type(e).__name__ == "CommanderTurnBegan":
                turn_start = g.mode.view(g.world, state, "sniper")
            state = g.mode.evolve(g.world, state, e)
        if state != g.state:
            return None, None
        return view, turn_start

    def note_rings(self, events: list[dict], now: dict) -> None:
        """His own noises of this turn, drawn as rings until it ends."""
        if self.rings_turn != now["turn"]:
            self.rings, self.rings_turn = [], now["turn"]
        for side, run in narrate.split(events):
            for e in run:
                if e["type"] == narrate.SNIPER_STARTS:  # a new turn: the old rings are gone
                    self.rings = []
                elif side == "sniper" and e["type"] == "noise_made" and e.get("radius"):
                    self.rings.append((as_cell(e["at"]), e["radius"]))

    # -- the end ---------------------------------------------------------------------------
    def game_over(self) -> GameOver:
        s = self.game.summary()  # the game is over: the whole truth may be shown
        if s.get("viewer") == "commander":  # a shared game's commander: his view
            return self.commander_over(s)
        won = s["outcome"] == "won"
        me = s["sniper"]
        table = Table(box=None, padding=(0, 2), show_header=False)
        table.add_column("what")
        table.add_column("", justify="right")
        table.add_row("turns", f"{s['turn']} of {s['turns']}")
        table.add_row("health", f"{me['health']}")
        table.add_row("ammo left", f"{me['ammo']}")
        kills = ", ".join(f"{n} {k}" for k, n in s["kills"].items() if n) or "none"
        table.add_row("enemy down", kills)
        for o in me["objectives"]:
            table.add_row(words.objective(o), "done" if o in me["done"] else "not done")
        if self.game.undo_count is not None:  # a shared game's view does not count them
            table.add_row("undos", str(self.game.undo_count))
        reason = "" if won else words.lost_reason(s["lost_reason"], self.voice().watcher)
        if self.hot_seat:  # both sides read this screen: each is told its own end
            standing = sum(1 for u in s["units"].values() if u["alive"])
            table.add_row("commander's units standing", f"{standing} of {len(s['units'])}")
            if won:
                return GameOver(
                    "SNIPER: ESCAPED, MISSION WON", True, table, "Commander: the sniper got away."
                )
            why = words.lost_reason(s["lost_reason"])
            return GameOver(
                "COMMANDER: THE SNIPER IS FINISHED", False, table, f"Sniper: mission lost, {why}."
            )
        return GameOver("ESCAPED: MISSION WON" if won else "MISSION LOST", won, table, reason)

    def commander_over(self, view: dict) -> GameOver:
        """The end as the commander sees it: he wins when the sniper does not."""
        won = view["outcome"] != "won"
        table = Table(box=None, padding=(0, 2), show_header=False)
        table.add_column("what")
        table.add_column("", justify="right")
        table.add_row("turns", f"{view['turn']} of {view['turns']}")
        standing = sum(1 for u in view["units"].values() if u["alive"])
        table.add_row("units standing", f"{standing} of {len(view['units'])}")
        kills = ", ".join(f"{n} {k}" for k, n in view["kills"].items() if n) or "none"
        table.add_row("units lost", kills)
        reason = (
            words.lost_reason(view["lost_reason"], of_him=True) if won else "the sniper got away"
        )
        title = "THE SNIPER IS FINISHED" if won else "THE SNIPER ESCAPED"
        return GameOver(title, won, table, reason)
