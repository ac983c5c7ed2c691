"""Sniper on the shared game screen: the key table, what each key does, the
hints (exposure before a move, odds before a shot), and who is told what.

The board, the panels and every hint are drawn from the view of the side at
the keyboard: the sniper's (always, against the AI commander) or, in a
hot-seat game, the commander's while he gives his orders. The log is told
per side too (narrate.py); in a hot-seat game each side reads its own log
(the game screen keeps one per secret seat), and the handover screen covers
the board between them."""

from __future__ import annotations

from typing import Any

from rich.table import Table
from rich.text import Text

from engine.core.geometry import chebyshev
from engine.sniper import content
from tui.keys import Key
from tui.modes.base import GameOver, Host, Play, Seat, Targeting
from tui.modes.sniper import narrate, words
from tui.modes.sniper.commander import CommanderKeys
from tui.modes.sniper.glyphs import glyphs
from tui.modes.sniper.panels import EnemyPanel, KitPanel, ObjectivesPanel, SniperPanel
from tui.modes.sniper.scene import commander_scene, sniper_scene
from tui.modes.sniper.sight import Cell, Sight, as_cell, percent, shot_odds

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
    Key("tab", "next", "commander: select the next unit to order", "Turn", priority=True),
    Key("x", "look", "look: describe the cell under the cursor", "Turn"),
    Key("full_stop", "home", "cursor back to you (the commander: to the selected unit)", "Cursor"),
)

# (command type, key, word) offered on the status line when legal
HINTS = (
    ("move", "m", "move"),
    ("shoot", "f", "fire"),
    ("use", "i", "item"),
    ("hide", "c", "hide"),
    ("end_turn", "e", "end"),
    ("take_ammo", "r", "ammo"),
    ("sabotage", "s", "sabotage"),
)


def of_type(legal: list[dict], ctype: str) -> list[dict]:
    return [c for c in legal if c["type"] == ctype]


class SniperPlay(CommanderKeys, Play):
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

    def key_side(self) -> str | None:
        """The commander's rows only where a person commands (hot-seat, or
        this terminal's side of a shared game); against the AI, the sniper's."""
        return self.side() if (self.hot_seat or self.shared) else "sniper"

    def seat(self, host: Host) -> Seat | None:
        if not self.hot_seat or host.view.get("outcome"):
            return None
        side = host.view["viewer"]
        return Seat(side, side.capitalize(), viewer=side, secret=True)

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
        return lines + [sniper.replace("Sniper: arrows", "Arrows")]

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
        lines = narrate.for_sniper(dicts, before, now)
        sides = {side for side, _ in narrate.split(dicts)}
        if before is not None and "sniper" not in sides:
            # one of the commander's orders: what changed in the sniper's sight
            lines += narrate.seen_changes(before, now)
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
        if not self.hot_seat:
            return narrate.for_sniper(dicts, before, now, turn_start)
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
                commander_lines += narrate.for_commander(
                    e for e in run if e["type"] in COMMANDER_HEARS
                )
            else:
                during, at_end = teller.heard(run)
                sniper_lines += during
                tail = at_end + tail
                commander_lines += narrate.for_commander(run)
        return sniper_lines, tail, commander_lines

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

    def label(self, command: dict, view: dict) -> str:
        match command["type"]:
            case "move":
                path = command["path"]
                n = len(path)
                return f"Move to {words.cell(path[-1])} ({n} step{'s' if n > 1 else ''})"
            case "shoot":
                who = words.unit(command["target"])
                if command.get("suppressed"):
                    noise = self.suppressor_noise(view)
                    return f"Fire at {who}, suppressed (heard within {noise})"
                loud = content.numbers().shot_noise
                return f"Fire at {who}, loud (heard within {loud}; you are spotted)"
            case "use":
                card = words.card(command["card"])
                if command.get("target"):
                    return f"Use the {card} on {words.unit(command['target'])}"
                if command.get("at"):
                    return f"Use the {card} at {words.cell(command['at'])}"
                return f"Use the {card}: {words.equipment(command['card'])}"
            case "take_ammo":
                return "Take ammo from the crate"
            case "sabotage":
                return f"Sabotage the {words.feature(command['feature'])}"
            case "hide":
                return "Hide"
            case "end_turn":
                return "End the turn"
        return self.commander_label(command)

    def suppressor_noise(self, view: dict) -> int:
        for card in view.get("sniper", {}).get("hand", []):
            spec = content.equipment(card)
            if spec.aim == "shot":
                return spec.noise
        return 1

    def status(self, host: Host) -> Text:
        view = host.view
        if view["viewer"] == "commander":
            return self.commander_status(host)
        me = view["sniper"]
        away = self.cursor_note(host)
        if away is not None:
            return away
        text = Text()
        if me["spotted"]:
            text.append("SPOTTED! ", "bold reverse")
        text.append(f"Turn {view['turn']}/{view['turns']}", "bold")
        acts, moves = me.get("actions_left", 0), me["moves_left"]
        text.append(
            f": {moves} move{'s' if moves != 1 else ''}, {acts} action{'s' if acts != 1 else ''}."
        )
        can = {c["type"] for c in host.legal}
        room = host.status_room()
        for ctype, key, word in HINTS:
            if ctype in can and text.cell_len + len(key) + len(word) + 2 <= room:
                text.append(f" {key}", "bold")
                text.append(f" {word}")
        return text

    def cursor_note(self, host: Host) -> Text | None:
        """With the cursor off him: what Enter (or f) would do there."""
        view, cursor = host.view, host.cursor
        if cursor is None or view.get("outcome") or list(cursor) == view["sniper"]["at"]:
            return None
        route = self.routes(host).get(cursor)
        if route is not None:
            hint = self.move_hint(host, [as_cell(c) for c in route["path"]], spare=14)
            text = Text("Enter moves: ", "bold")
            return text.append(hint + ". (. back to you)")
        for uid, u in view["units"].items():
            if as_cell(u["at"]) == cursor:
                if any(c.get("target") == uid for c in of_type(host.legal, "shoot")):
                    name = words.unit(uid)
                    text = Text(f"{name[:1].upper()}{name[1:]}: ", "bold")
                    return text.append(f"f fires ({self.odds_hint(host, uid, spare=10)})")
        return None

    def place(self, cursor: Any) -> str:
        return f"cell {words.cell(cursor)}" if cursor else "nowhere"

    def look(self, host: Host) -> str:
        view = host.view
        c = host.cursor
        sight = self.sight(view)
        if not sight.inside(c):
            return "Off the map."
        text = f"{words.cell(c)}: {TERRAIN_WORDS.get(sight.glyph(c), 'ground')}"
        if c in sight.smoke:
            text += ", in smoke"
        if view["viewer"] == "commander":
            return self.commander_look(host, c, text)
        me = as_cell(view["sniper"]["at"])
        if c == me:
            return text + ", you are here."
        d = chebyshev(me, c)
        text += f", {d} cell{'s' if d != 1 else ''} away, " + (
            "in your sight" if c in sight.in_sight() else "out of your sight"
        )
        for uid, u in view["units"].items():
            if as_cell(u["at"]) == c:
                text += f"; {words.unit(uid)} ({u['health']} health)"
        for uid, s in view.get("last_seen", {}).items():
            if uid not in view["units"] and as_cell(s["at"]) == c:
                ago = words.turns_ago(view["turn"] - s["turn"])
                text += f"; {words.unit(uid)} was here {ago}"
        return text + "."

    def target_hint(self, host: Host, t: Targeting, cursor: Any) -> str:
        view = host.view
        if view["viewer"] == "commander":
            return self.commander_hint(host, t, cursor)
        commands = t.options[cursor]
        first = commands[0]
        if t.kind == "move":
            return self.move_hint(host, [as_cell(c) for c in first["path"]])
        if t.kind == "fire":
            return self.odds_hint(host, first["target"])
        if t.kind == "use":
            return self.use_hint(host, first)
        return self.label(first, view)

    # -- exposure -------------------------------------------------------------------------
    def exposure(self, view: dict, path: list[Cell]) -> tuple[int, dict[str, tuple[int, bool]]]:
        """(open cells on the path he would stand exposed on, the units he sees
        now that would see (or smell) him on the way: id -> (distance, fires))."""
        sight = self.sight(view)
        me = view["sniper"]
        at = as_cell(me["at"])
        camo_ready = me.get("camouflage") and not (sight.is_open(at) and not me["exposed"])
        opens = 0
        seen_by: dict[str, tuple[int, bool]] = {}
        for c in path:
            exposed = sight.is_open(c)
            if exposed and camo_ready:
                exposed, camo_ready = False, False
            opens += exposed
            for uid, d, fires in sight.watchers(c, view["units"]):
                kind = view["units"][uid]["kind"]
                smells = content.unit(kind).smell >= d
                if exposed or smells:
                    old = seen_by.get(uid)
                    seen_by[uid] = (min(d, old[0]) if old else d, fires or bool(old and old[1]))
        return opens, seen_by

    def move_hint(self, host: Host, path: list[Cell], spare: int = 44) -> str:
        """Where, how far, cover or open, and who he sees would see him on the
        way: as much as the status line has room for."""
        opens, seen_by = self.exposure(host.view, path)
        n = len(path)
        sight = self.sight(host.view)
        end_open = sight.is_open(path[-1])
        text = f"{words.cell(path[-1])}, {n} step{'s' if n > 1 else ''}, "
        text += "open" if end_open else "cover"
        if seen_by:
            who = ", ".join(
                f"{uid}{' (fires)' if fires else ''}" for uid, (_, fires) in seen_by.items()
            )
            return text + f": seen by {who}"
        way = f" ({opens} open on the way)" if opens and not end_open else ""
        unseen = " (no one you see)" if opens else ""
        room = host.status_room() - spare  # "Move: " and ". Enter does it, m next, Esc cancels"
        fits = [t for t in (text + way + unseen, text + way) if len(t) <= room]
        return fits[0] if fits else text

    def odds_hint(self, host: Host, target: str, spare: int = 42) -> str:
        view = host.view
        u = view["units"].get(target)
        if u is None:
            return words.unit(target)
        kill, wound, miss, total = shot_odds(self.drawn_shots(), u["kind"], u["health"])
        d = chebyshev(as_cell(view["sniper"]["at"]), as_cell(u["at"]))
        text = f"{target} {d} away: kill {percent(kill, total)}"
        if wound:
            text += f", wound {percent(wound, total)}"
        text += f", miss {percent(miss, total)}"
        deck = f" ({total} cards)"
        return text + deck if len(text + deck) + spare <= host.status_room() else text

    def use_hint(self, host: Host, command: dict) -> str:
        card = command["card"]
        spec = content.equipment(card)
        view = host.view
        if command.get("target"):
            return f"{words.card(card)} on {words.unit(command['target'])}"
        at = as_cell(command["at"])
        text = f"{words.card(card)} at {words.cell(at)}"
        if spec.damage:
            hit = [
                uid
                for uid, u in view["units"].items()
                if chebyshev(as_cell(u["at"]), at) <= spec.radius
            ]
            if chebyshev(as_cell(view["sniper"]["at"]), at) <= spec.radius:
                hit.append("YOU")
            text += ": hits " + (", ".join(hit) if hit else "no one you see")
        elif spec.noise:
            text += f": heard within {spec.noise}"
        return text

    def drawn_shots(self) -> list[str]:
        """The shot cards he drew since the deck was last shuffled: his own draws."""
        if self.shared:
            return list(self.shots_seen)
        drawn: list[str] = []
        for e in self.game.events:
            name = type(e).__name__
            if name == "DeckShuffled" and e.deck == "shots":
                drawn = []
            elif name == "ShotCardDrawn":
                drawn.append(e.card)
        return drawn

    # -- acting --------------------------------------------------------------------------
    def question(self, host: Host, command: dict) -> str | None:
        view = host.view
        if view["viewer"] == "commander":
            return self.commander_question(host, command)
        if command["type"] == "move":
            _, seen_by = self.exposure(view, [as_cell(c) for c in command["path"]])
            if seen_by:
                who = ", ".join(words.unit(uid) for uid in seen_by)
                fires = any(f for _, f in seen_by.values())
                return f"In sight of {who}{' (it fires!)' if fires else ''}. Move there?"
        if command["type"] == "end_turn":
            me = view["sniper"]
            why = []
            if not me["acted"]:
                why.append("no action taken")
            if me["exposed"]:
                why.append("you stand on open ground")
            if why:
                return f"End turn {view['turn']} ({', '.join(why)})?"
        return None

    def enter(self, host: Host) -> None:
        if host.view["viewer"] == "commander":
            self.commander_enter(host)
            return
        move = self.route_to(host, host.cursor)
        if move is not None:
            host.act(move)
        else:
            host.add_log([self.look(host)])

    def route_to(self, host: Host, cell: Cell | None) -> dict | None:
        return self.routes(host).get(cell) if cell is not None else None

    def routes(self, host: Host) -> dict[Cell, dict]:
        """A move command for every cell he can reach this turn."""
        if not of_type(host.legal, "move"):
            return {}
        view = host.view
        sight = self.sight(view)
        me = view["sniper"]
        blocked = {as_cell(u["at"]) for u in view["units"].values()}
        routes = sight.routes(as_cell(me["at"]), me["moves_left"], blocked)
        return {c: {"type": "move", "path": [list(s) for s in p]} for c, p in routes.items()}

    def cannot(self, host: Host, what: str, why: str) -> None:
        host.add_log([f"You can't {what}: {why}."])

    def not_now(self, host: Host) -> bool:
        """True (and said) when the sniper cannot act now."""
        view = host.view
        if view.get("outcome"):
            host.add_log(["The game is over: press Enter for the summary."])
            return True
        if view["viewer"] != "sniper":
            host.add_log(["That is a sniper's key: the commander orders (m), plays (p), ends (e)."])
            return True
        return False

    def acted_reason(self, view: dict) -> str:
        me = view["sniper"]
        if me.get("actions_left", 0) == 0 and me["acted"]:
            return "you have taken your action this turn"
        return "not now"

    def key_home(self, host: Host) -> None:
        host.cursor = self.home(host)
        host.redraw()

    def key_move(self, host: Host) -> None:
        if host.view["viewer"] == "commander":
            self.key_order(host)
            return
        if self.not_now(host):
            return
        routes = self.routes(host)
        if not routes:
            me = host.view["sniper"]
            why = "you have acted, so no more moves" if me["acted"] else "no moves left"
            self.cannot(host, "move", why + " this turn")
            return
        options = {
            c: [cmd]
            for c, cmd in sorted(
                routes.items(), key=lambda kv: (len(kv[1]["path"]), kv[0][1], kv[0][0])
            )
        }
        host.start_targeting(Targeting("move", "Move", "m", options))

    def key_fire(self, host: Host) -> None:
        if self.not_now(host):
            return
        shots = of_type(host.legal, "shoot")
        view = host.view
        if not shots:
            me = view["sniper"]
            if not me.get("actions_left"):
                why = self.acted_reason(view)
            elif me["ammo"] <= 0:
                why = "you are out of ammo (a crate or an ammo pouch)"
            elif not view["units"]:
                why = "you see no one"
            else:
                why = f"no unit you see is within {content.numbers().rifle_range}"
            self.cannot(host, "fire", why)
            return
        options: dict[Cell, list[dict]] = {}
        for c in shots:
            options.setdefault(as_cell(view["units"][c["target"]]["at"]), []).append(c)
        host.start_targeting(Targeting("fire", "Fire", "f", options))

    def key_use(self, host: Host) -> None:
        if self.not_now(host):
            return
        uses = of_type(host.legal, "use")
        if not uses:
            why = (
                self.acted_reason(host.view)
                if host.view["sniper"]["acted"]
                else "none of your kit can be used here"
            )
            self.cannot(host, "use an item", why)
            return
        cards = list(dict.fromkeys(c["card"] for c in uses))
        options = [(card, f"{words.card(card)}: {words.equipment(card)}") for card in cards]

        def chosen(card: str | None) -> None:
            if card is not None:
                self.use_card(host, card, [c for c in uses if c["card"] == card])

        host.pick("Use an item", options, chosen)

    def use_card(self, host: Host, card: str, commands: list[dict]) -> None:
        spec = content.equipment(card)
        view = host.view
        if spec.aim == "target":
            options = {as_cell(view["units"][c["target"]]["at"]): [c] for c in commands}
        elif spec.aim == "at":
            me = as_cell(view["sniper"]["at"])
            ordered = sorted(
                commands, key=lambda c: (chebyshev(me, as_cell(c["at"])), c["at"][1], c["at"][0])
            )
            options = {as_cell(c["at"]): [c] for c in ordered}
        else:
            host.act(commands[0])
            return
        host.start_targeting(Targeting("use", f"Use the {words.card(card)}", "i", options))

    def key_hide(self, host: Host) -> None:
        if self.not_now(host):
            return
        found = of_type(host.legal, "hide")
        if found:
            host.act(found[0])
        elif host.view["sniper"]["exposed"]:
            self.cannot(host, "hide", "you are on open ground (hide in cover)")
        else:
            self.cannot(host, "hide", self.acted_reason(host.view))

    def key_ammo(self, host: Host) -> None:
        if self.not_now(host):
            return
        found = of_type(host.legal, "take_ammo")
        if found:
            host.act(found[0])
            return
        me = host.view["sniper"]
        if me["acted"] and not me.get("actions_left"):
            why = self.acted_reason(host.view)
        elif me["crates_used"] >= content.numbers().crates:
            why = f"you have taken from crates {content.numbers().crates} times already"
        else:
            why = "no ammo crate on or next to you"
        self.cannot(host, "take ammo", why)

    def key_sabotage(self, host: Host) -> None:
        if self.not_now(host):
            return
        found = of_type(host.legal, "sabotage")
        if found:
            host.choose_and_act("Sabotage", found)
        elif host.view["sniper"]["acted"] and not host.view["sniper"].get("actions_left"):
            self.cannot(host, "sabotage", self.acted_reason(host.view))
        else:
            self.cannot(host, "sabotage", "no intact radio, fuel depot or telephone next to you")

    def key_end_turn(self, host: Host) -> None:
        if host.view.get("outcome"):
            host.add_log(["The game is over: press Enter for the summary."])
            return
        found = of_type(host.legal, "end_turn")
        if found:
            host.act(found[0])
        elif host.view.get("active") != host.view.get("viewer"):
            side = "sniper's" if host.view.get("active") == "sniper" else "commander's"
            host.add_log([f"Wait: it is the {side} turn."])

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
        reason = "" if won else words.lost_reason(s["lost_reason"])
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
        reason = words.lost_reason(view["lost_reason"]) if won else "the sniper got away"
        title = "THE SNIPER IS FINISHED" if won else "THE SNIPER ESCAPED"
        return GameOver(title, won, table, reason)


COMMANDER_HEARS = frozenset(
    {
        "sniper_spotted",
        "sniper_tracked",
        "unit_fired",
        "unit_hit",
        "unit_killed",
        "noise_made",
        "feature_wrecked",
        "feature_taken",
        "smoke_laid",
        "sniper_captured",
        "turn_began",
        "game_won",
        "game_lost",
    }
)

TERRAIN_WORDS = {
    ".": "open ground",
    "-": "road (open)",
    "E": "escape (open)",
    '"': "trees (cover, blocks sight)",
    "%": "rubble (cover)",
    "=": "low wall (cover)",
    ":": "building (cover)",
    "a": "ammo crate (cover)",
    "S": "your start (cover)",
    "D": "documents (cover)",
    "#": "wall",
    " ": "nothing",
    "R": "radio",
    "F": "fuel depot",
    "T": "telephone",
}
