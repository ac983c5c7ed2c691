"""Outbreak on the shared game screen (RULES OB): the key table, what each
key does in each step of a turn, the status line, the cursor, hot-seat
control and the narration of bots' turns.

The cursor is a map cell (x, y). While the drawn tile is being laid (or a
card picks a tile) it moves a whole tile at a time and stands on a tile's
centre; the tile's preview is drawn there, turned as the player chose.
Every command sent comes from the game's legal list; a key pressed at the
wrong time says what to do instead and changes nothing.

It reads the game only through views (game.view), never its state or
summary, so the same adapter draws a shared game between opponents from
the one view a player's terminal holds (tui/screens/coop_view.py): there
the view is that player's whatever viewer is asked for, and the log speaks
to them about their own draws. Several people at one keyboard each read a
log of their own (`tells_each_seat`): the one at the keyboard reads their
own draws by name as they happen, the others read each move, their own
draws named and no one else's, when they next sit down."""

from __future__ import annotations

from collections import deque
from typing import Any

from rich.table import Table
from rich.text import Text

from engine.outbreak import content
from engine.outbreak.board import Placed, board_of, exit_cells, tile_cells
from tui.keys import Key
from tui.modes.base import GameOver, Host, Play, Seat, Step, Targeting
from tui.modes.outbreak.glyphs import glyphs
from tui.modes.outbreak.panels import HandPanel, SeatsPanel, TurnPanel
from tui.modes.outbreak.scene import Marks, Preview, Town, centre, pos_of, tile_box
from tui.modes.outbreak.words import (
    SIDE,
    Narrator,
    Seats,
    card_effect,
    card_name,
    direction,
    effect_note,
    plural,
    tile_name,
    turned,
)

XY = tuple[int, int]

KEYS: tuple[Key, ...] = (
    Key(
        "enter",
        "confirm",
        "lay the tile / walk to the cursor / pick the zombie or target under it",
        "Cursor",
        priority=True,
    ),
    Key("p", "play_card", "play an event card (before the tile; p again cycles tiles)", "Actions",
        True, label="card"),
    Key("t", "draw_tile", "draw the tile (after any card)", "Actions", True, label="tile"),
    Key("r", "rotate", "turn the drawn tile a quarter clockwise", "Actions", True, label="turn"),
    Key("m", "move", "step one cell (the steps highlighted; m again cycles)", "Actions", True,
        label="move"),
    Key("z", "zombie", "pick a zombie to move (z again cycles, Enter moves it); laying a plain "
        "tile: mark the road cells for its zombies", "Actions", True, label="zombie"),
    Key("e,full_stop", "end", "end the movement, or end the turn (and discard)", "Turn", True,
        "e", label="end"),
    Key("c", "cards", "read your event cards in full", "Turn"),
    Key("tab", "next", "cursor back to your figure (or to the tile being laid)", "Turn",
        priority=True),
)  # fmt: skip

NOTE = "{} is playing... (any key skips to the end)"
ONLOOKER = "spectator"  # a viewer holding no seat: every hand hidden
KEPT_LINES = 500  # lines kept for a seat away from the keyboard (as many as a log keeps)


def to_act_of(before: Any) -> str | None:
    """Who was to act before a command: `before` is the game as the screen
    had it, a view (shared games) or the engine's state (local games)."""
    if isinstance(before, dict):
        return before.get("to_act")
    return getattr(before, "to_act", None)


def placed_of(view: dict) -> tuple[Placed, ...]:
    return tuple(Placed(t["tile"], (t["at"][0], t["at"][1]), t["rotation"]) for t in view["tiles"])


class OutbreakPlay(Play):
    keys = KEYS
    steps_bots = True  # the bots' turns are told a step at a time (any key skips)
    plays_from_view = True  # a shared game's one view is enough (coop_view.py)

    def __init__(self, game: Any, ascii_only: bool = False) -> None:
        super().__init__(game, ascii_only)
        self.seats = Seats.of(self.now())
        self.glyphs = glyphs(ascii_only)
        self.town = Town(self.glyphs, self.seats)
        here = getattr(game, "players_here", None)  # a shared game: this terminal's seats
        self.narrator = Narrator(self.seats, self.tile_at, here)
        # several people at one keyboard: each seat reads its own log (the
        # screen keeps one per secret seat); what the seats away from the
        # keyboard are told waits here for their next turn at it
        self.hot_seat = here is None and len(self.seats.humans) > 1
        self.tells_each_seat = self.hot_seat
        self.at_keys: str | None = None  # the seat at the keyboard (hot-seat)
        self.pending: dict[str, list[str]] = {sid: [] for sid in self.seats.humans}
        self.rotation = 0  # the turn given to the drawn tile's preview
        self.last_human = self.seats.humans[0] if self.seats.humans else "players"
        self.picked: list[XY] = []  # road cells marked for the new tile's zombies
        self._pick: tuple[tuple[int, int], int, int] | None = None  # (at, rotation, exits)
        self._back_to: XY | None = None  # where Esc puts the cursor after marking zombies
        self._moment: tuple | None = None  # the step of the turn the cursor was placed for
        self._focus: dict[int, tuple[int, int, int, int]] = {}  # playback view -> camera

    # -- reading the view -----------------------------------------------------------------
    def board(self, view: dict):
        return board_of(placed_of(view))

    def now(self) -> dict:
        """The game now, as an onlooker sees it (no hand): who acts, the town."""
        return self.game.view(ONLOOKER)

    def tile_at(self, pos: tuple[int, int]) -> str | None:
        for t in self.now()["tiles"]:
            if (t["at"][0], t["at"][1]) == tuple(pos):
                return t["tile"]
        return None

    def mine(self, host: Host, ctype: str | None = None) -> list[dict]:
        """The commands the person looking may send now (none while a bot acts)."""
        view = host.view
        if not view or view.get("viewer") != view.get("to_act"):
            return []
        return [c for c in host.legal if ctype is None or c["type"] == ctype]

    def figure(self, view: dict, sid: str | None = None) -> XY:
        cell = view["seats"][sid or view["current"]]["cell"]
        return cell[0], cell[1]

    def placements(self, host: Host) -> dict[tuple[int, int], list[int]]:
        """Where the drawn tile may go, and turned how, for the person laying it."""
        out: dict[tuple[int, int], list[int]] = {}
        for c in self.mine(host, "place_tile"):
            out.setdefault((c["at"][0], c["at"][1]), []).append(c["rotation"])
        return out

    def placing(self, host: Host) -> bool:
        return host.view.get("phase") == "tile" and bool(self.mine(host, "place_tile"))

    def tile_mode(self, host: Host) -> bool:
        """The cursor moves a tile at a time: laying a tile, or a card picking one."""
        t = host.targeting
        return (t is not None and t.kind == "card_tile") or (t is None and self.placing(host))

    def reachable(self, host: Host) -> dict[XY, XY | None]:
        """Cells the mover can walk to this turn, each with the cell before it
        on a shortest way. The way never passes a zombie (a fight stops the
        walk), unless zombies do not fight the mover this turn."""
        view = host.view
        if view["phase"] != "move" or not self.mine(host, "move"):
            return {}
        me = view["seats"][view["current"]]
        start = self.figure(view)
        zombies = {(z[0], z[1]) for z in view["zombies"]}
        past = any(content.event(e).no_fights for e in me["effects"] if e in content.events())
        links = self.board(view).links
        came: dict[XY, XY | None] = {start: None}
        depth = {start: 0}
        queue = deque([start])
        while queue:
            cell = queue.popleft()
            if depth[cell] >= view["moves_left"] or (
                cell in zombies and cell != start and not past
            ):
                continue
            for nxt in links.get(cell, ()):
                if nxt not in came:
                    came[nxt] = cell
                    depth[nxt] = depth[cell] + 1
                    queue.append(nxt)
        del came[start]
        return came

    def movable_zombies(self, host: Host) -> dict[XY, list[dict]]:
        out: dict[XY, list[dict]] = {}
        for c in self.mine(host, "move_zombie"):
            out.setdefault((c["from"][0], c["from"][1]), []).append(c)
        return out

    # -- who is looking, who acts ------------------------------------------------------------
    def viewer(self) -> str:
        """The person deciding now; while a bot acts, the last person who did."""
        to_act = self.now()["to_act"]
        if to_act in self.seats.humans:
            self.last_human = to_act
        return self.last_human

    def actors(self, legal: list[dict]) -> list[str]:
        """The one figure a person moves: Tab puts the cursor back on it."""
        to_act = self.now()["to_act"] if legal else None
        return [to_act] if to_act in self.seats.humans else []

    def seat(self, host: Host) -> Seat | None:
        """Several people at one keyboard: each seat's hand is secret (OB-10)."""
        to_act = host.view.get("to_act")
        if len(self.seats.humans) < 2 or to_act not in self.seats.humans:
            return None
        return Seat(to_act, self.seats.name(to_act), viewer=to_act, secret=True)

    def hello(self, seat: Seat, host: Host) -> str:
        """Whose turn it is; at a shared keyboard the seat first reads what
        happened since it last sat there, its own draws named (OB-10)."""
        if self.hot_seat:
            self.at_keys = seat.id
            host.add_log(self.pending.get(seat.id, []))
            self.pending[seat.id] = []
        if host.view.get("phase") == "tile" and host.view["current"] != seat.id:
            return f"{seat.name}, you lay the {tile_name(host.view['drawn_tile'] or '')}."
        return f"{seat.name}, your turn."

    def select(self, host: Host, before: str | None) -> str | None:
        """No figure to pick; but a new step of the turn puts the cursor back
        where that step acts (the tile's best place, the mover's figure)."""
        view = host.view
        moment = (
            view["current"],
            view["to_act"],
            view["phase"],
            view["round"],
            bool(view["pending"]),
            view["drawn_tile"],
        )
        if moment != self._moment:
            self._moment = moment
            self._back_to = None
            host.cursor = None
        return None

    # -- the board and panels ---------------------------------------------------------------
    def scene(self, host: Host):
        view = host.view
        preview = None
        marks = Marks()
        t = host.targeting
        if host.playing:
            pass
        elif t is not None and t.kind == "tile_zombies" and self._pick:
            at, rotation, _ = self._pick
            preview = Preview(
                view["drawn_tile"], at, rotation, True, picking=True, zombies=frozenset(self.picked)
            )
            marks = Marks(targets=frozenset(t.options))
        elif t is not None:
            if t.kind == "card_tile":
                marks = Marks(tiles=frozenset(pos_of(c) for c in t.options))
            else:
                marks = Marks(targets=frozenset(t.options) | t.marks)
        elif self.placing(host) and host.cursor is not None:
            places = self.placements(host)
            at = pos_of(host.cursor)
            fits = self.rotation in places.get(at, ())
            preview = Preview(view["drawn_tile"], at, self.rotation, fits)
            marks = Marks(spots=frozenset(places))
        elif view["phase"] == "move":
            marks = Marks(targets=frozenset(self.reachable(host)))
        elif view["phase"] == "zombies":
            marks = Marks(targets=frozenset(self.movable_zombies(host)))
        focus = self._focus.get(id(view)) if host.playing else None
        return self.town.scene(view, cursor=host.cursor, preview=preview, marks=marks, focus=focus)

    def home(self, host: Host) -> XY:
        view = host.view
        if self._back_to is not None and self.placing(host):
            back, self._back_to = self._back_to, None
            return back
        if self.placing(host):
            return centre(self.best_place(host))
        return self.figure(view, view.get("to_act") or view["current"])

    def best_place(self, host: Host) -> tuple[int, int]:
        """The legal place nearest the figure of whoever lays the tile; the
        preview keeps its turn there when it fits, else takes the first that does."""
        places = self.placements(host)
        fx, fy = self.figure(host.view, host.view["to_act"])

        def distance(pos: tuple[int, int]) -> tuple[int, int, int]:
            cx, cy = centre(pos)
            return abs(cx - fx) + abs(cy - fy), pos[1], pos[0]

        best = min(places, key=distance)
        if self.rotation not in places[best]:
            self.rotation = places[best][0]
        return best

    def step(self, host: Host, cursor: Any, dx: int, dy: int) -> XY | None:
        if cursor is None:
            return None
        t = host.targeting
        if t is not None and t.kind == "tile_zombies" and self._pick:
            x, y = cursor[0] + dx, cursor[1] + dy
            return (x, y) if pos_of((x, y)) == self._pick[0] else None
        if self.tile_mode(host):
            cx, cy = centre(pos_of(cursor))
            x, y = cx + 3 * dx, cy + 3 * dy
        else:
            x, y = cursor[0] + dx, cursor[1] + dy
        (ox, oy), (w, h) = self.town.origin, self.town.size
        return (x, y) if ox <= x < ox + w and oy <= y < oy + h else None

    def cursor_at(self, host: Host, x: int, y: int) -> XY:
        cell = self.town.cell_at(x, y)
        return centre(pos_of(cell)) if self.tile_mode(host) else cell

    def panels(self) -> list:
        return [
            SeatsPanel(self.seats),
            TurnPanel(self.seats, lambda: self.rotation),
            HandPanel(self.seats),
        ]

    def board_title(self) -> str:
        return "Outbreak"

    # -- words ---------------------------------------------------------------------------
    def intro(self) -> list[str]:
        wins = self.now()["kills_to_win"]
        return [
            f"Outbreak: first onto the Helipad, or first to {wins} kills, wins.",
            "p card, t tile, r turn it, Enter lay/walk, z zombies, e end; ? help.",
        ]

    def resumed(self, view: dict) -> str:
        return f"Resumed in round {view['round']}: {self.seats.possessive(view['current'])} turn."

    def narrate(self, events) -> list[str]:
        return self.share(list(events), None)

    def tell(self, before: Any, events: list[Any]) -> list[str]:
        """narrate, and who ended the turn when that is all a command says
        (the log then reads on from "-- Bot 3's turn --")."""
        return self.share(list(events), to_act_of(before))

    def share(self, events: list[Any], ender: str | None) -> list[str]:
        """The lines for the log shown. At a shared keyboard, once a seat
        sits there, each other person's version (their own draws named)
        waits in `pending` for their hello; before anyone sits (a resumed
        game's story, read by all) no draw is named."""
        if not self.hot_seat or self.at_keys is None:
            return self.told(events, ender, None)
        for sid, kept in self.pending.items():
            if sid != self.at_keys:
                kept += self.told(events, ender, {sid})
                del kept[: max(0, len(kept) - KEPT_LINES)]
        return self.told(events, ender, {self.at_keys})

    def told(self, events: list[Any], ender: str | None, readers: set[str] | None) -> list[str]:
        lines = self.narrator.lines(events, readers)
        if lines and lines[0].startswith("-- ") and ender is not None:
            lines.insert(0, f"{self.seats.name(ender)} ends the turn.")
        return lines

    def undo_note(self, host: Host, command: dict, events: list[Any], redone: bool) -> str:
        """Undo and redo are told to every seat: at a shared keyboard the
        others read it after the move it took back (or put back)."""
        note = super().undo_note(host, command, events, redone)
        if self.hot_seat and self.at_keys is not None:
            for sid, kept in self.pending.items():
                if sid != self.at_keys:
                    kept.append(note)
        return note

    def over_text(self, view: dict) -> str:
        if view.get("outcome") == "won":
            return f"{self.seats.name(view['winner'])} has won. Press Enter for the table."
        return "Everybody has lost. Press Enter for the table."

    def place(self, cursor: Any) -> str:
        return f"cell {cursor[0]},{cursor[1]}" if cursor else "nowhere"

    def label(self, command: dict, view: dict) -> str:
        name = self.seats.name
        match command["type"]:
            case "play_event":
                text = card_name(command["card"])
                if command.get("direction"):
                    return (
                        f"{text}: {name(command['target'])} stumbles {SIDE[command['direction']]}"
                    )
                if command.get("target"):
                    return f"{text} on {name(command['target'])}"
                if command.get("tile"):
                    tile = self.tile_at(tuple(command["tile"]))
                    return f"{text} on the {tile_name(tile or '')} at {command['tile'][0]},{command['tile'][1]}"
                return f"{text}: {card_effect(command['card'])}"
            case "draw_tile":
                return "Draw the tile"
            case "place_tile":
                tile = tile_name(view.get("drawn_tile") or "")
                at = command["at"]
                return f"Lay the {tile} at {at[0]},{at[1]}, {turned(command['rotation'])}"
            case "choose":
                return self.choice_label(command["option"], view)
            case "move":
                return f"Step {direction(self.figure(view), command['to'])}"
            case "end_move":
                return "End the movement"
            case "move_zombie":
                a = command["from"]
                return f"Move the zombie at {a[0]},{a[1]} {direction(a, command['to'])}"
            case "end_turn":
                if command.get("discard"):
                    return f"End the turn, discarding {card_name(command['discard'])}"
                return "End the turn, keeping every card"
        return super().label(command, view)

    def choice_label(self, option: str, view: dict) -> str:
        pending = view.get("pending") or {}
        me = view["seats"].get(pending.get("seat", ""), {})
        if option == "bullets":
            need = content.WIN_ROLL - pending.get("total", 0)
            held = me.get("bullets", 0)
            return f"Pay {plural(need, 'bullet')} (of {held}): the zombie dies"
        life = me.get("life", 0)
        if life <= 1:
            return "Lose your last life: you die, back to Town Square"
        return f"Lose a life ({life - 1} left) and roll again"

    def pending_title(self, view: dict) -> str:
        p = view["pending"]
        bonus = p["total"] - p["roll"]
        rolled = f"{p['roll']} +{bonus} = {p['total']}" if bonus else str(p["roll"])
        who = self.seats.name(p["seat"])
        return f"{who} fights a zombie: rolled {rolled}, needs {content.WIN_ROLL}"

    def status(self, host: Host) -> Text:
        view = host.view
        who = self.seats.name(view["to_act"])
        if not self.mine(host):
            return Text(f"{who} is playing." if view.get("to_act") else "", "bold")
        text = Text(f"{who}: ", "bold")
        match view["phase"]:
            case "event":
                if self.mine(host, "play_event"):
                    text.append("p", "bold")
                    text.append(" plays a card, ")
                text.append("t", "bold")
                text.append(" draws the tile")
            case "tile":
                tile = tile_name(view["drawn_tile"] or "")
                places = self.placements(host)
                at = pos_of(host.cursor) if host.cursor else None
                if self.rotation in places.get(at, ()):
                    text.append(f"lay the {tile} ({turned(self.rotation)}): Enter lays it, ")
                else:
                    text.append(f"the {tile} does not fit here {turned(self.rotation)}; ")
                text.append("r", "bold")
                text.append(" turns, arrows move")
            case "move":
                left = view["moves_left"]
                if left:
                    text.append(f"{plural(left, 'move')} left: cursor + Enter walks, ")
                else:
                    text.append("no moves left: ")
                text.append("e", "bold")
                text.append(" ends the movement")
            case "zombies":
                left = view["zombie_moves_left"]
                if self.movable_zombies(host):
                    text.append(f"{plural(left, 'zombie move')}: ")
                    text.append("z", "bold")
                    text.append(" picks a zombie, ")
                elif left:
                    text.append(f"{plural(left, 'zombie move')}, but no zombie can move: ")
                text.append("e", "bold")
                text.append(" ends the turn")
        return text

    def target_hint(self, host: Host, t: Targeting, cursor: Any) -> str:
        cmds = t.options[cursor]
        if t.kind == "tile_zombies":
            exits = self._pick[2] if self._pick else 0
            marked = f"{len(self.picked)} of {exits} marked"
            return marked + (": Enter lays it" if len(self.picked) == exits else ", z marks")
        if t.kind == "card_tile":
            pos = tuple(cmds[0]["tile"])
            n = sum(1 for z in host.view["zombies"] if pos_of((z[0], z[1])) == pos)
            return f"the {tile_name(self.tile_at(pos) or '')} ({plural(n, 'zombie')})"
        if t.kind == "zombie":
            ways = ", ".join(direction(cursor, c["to"]) for c in cmds)
            return f"the zombie at {cursor[0]},{cursor[1]} (can go {ways})"
        return self.label(cmds[0], host.view)

    def look(self, host: Host) -> str:
        return self.describe(host.view, host.cursor, host)

    def describe(self, view: dict, cell: Any, host: Host) -> str:
        if cell is None:
            return "Nothing to look at."
        key = f"{cell[0]},{cell[1]}"
        kind = view["cells"].get(key)
        where = f"Cell {key}"
        if kind is None:
            at = pos_of(cell)
            places = self.placements(host)
            if at in places:
                turns = ", ".join(str(r) for r in places[at])
                return f"{where}: an empty place where the tile fits (turned {turns})."
            return f"{where}: outside the town."
        tile = self.tile_at(pos_of(cell))
        parts = [f"{where}, {kind.replace('building', 'a room')} of the {tile_name(tile or '')}"]
        if [cell[0], cell[1]] in view["zombies"]:
            parts.append("a zombie")
        for t in view["tokens"]:
            if (t[0], t[1]) == tuple(cell):
                parts.append(f"a {t[2]} token")
        for sid in view["order"]:
            s = view["seats"][sid]
            if tuple(s["cell"]) == tuple(cell):
                fx = [effect_note(c, n) for c, n in s["effects"].items()]
                parts.append(self.seats.name(sid) + (f" ({', '.join(fx)})" if fx else ""))
        return ": ".join([parts[0], ", ".join(parts[1:])]) + "." if parts[1:] else parts[0] + "."

    # -- acting --------------------------------------------------------------------------
    def explain(self, host: Host, what: str) -> None:
        """Why a key does nothing now, and what does."""
        view = host.view
        if view.get("outcome"):
            host.add_log(["The game is over."])
            return
        if not self.mine(host):
            host.add_log([f"Wait: {self.seats.name(view.get('to_act'))} is playing."])
            return
        if view.get("pending"):
            host.add_log(["A fight is waiting: Enter chooses bullets or a life."])
            return
        now = {
            "event": "now: p plays a card, t draws the tile.",
            "tile": "now: lay the tile (arrows move it, r turns it, Enter lays it).",
            "move": "now: move (cursor + Enter, or m), e ends the movement.",
            "zombies": "now: move zombies (z), e ends the turn.",
        }.get(view["phase"], "")
        host.add_log([f"{what} {now}".strip()])

    def enter(self, host: Host) -> None:
        view = host.view
        if not self.mine(host):
            host.add_log([self.look(host)])
            return
        match view["phase"]:
            case "tile":
                self.lay(host)
            case "move":
                self.walk(host)
            case "zombies":
                zombie = self.movable_zombies(host).get(host.cursor)
                if zombie:
                    host.choose_and_act("Move the zombie", zombie)
                else:
                    host.add_log(
                        [self.look(host), "Enter on a highlighted zombie moves it; z finds one."]
                    )
            case _:
                host.add_log([self.look(host), "t draws the tile (p plays a card first)."])

    def lay(self, host: Host) -> None:
        places = self.placements(host)
        at = pos_of(host.cursor)
        tile = host.view["drawn_tile"] or ""
        if self.rotation in places.get(at, ()):
            host.act({"type": "place_tile", "at": list(at), "rotation": self.rotation})
            return
        if at in places:
            fits = ", ".join(turned(r) for r in places[at])
            host.add_log(
                [
                    f"The {tile_name(tile)} does not fit here {turned(self.rotation)}: r turns it ({fits} fits)."
                ]
            )
            return
        why = self.board(host.view).placement_error(tile, at, self.rotation)
        reason = why[1] if why else "it cannot go there"
        host.add_log([f"Not here: {reason}. The marked places take it."])

    def question(self, host: Host, command: dict) -> str | None:
        """Laying a tile that closes the town ends the turn (OB-3): ask first."""
        view = host.view
        if command["type"] != "place_tile" or not view["tiles_left"]:
            return None
        at = (command["at"][0], command["at"][1])
        after = self.board(view).with_tile(Placed(view["drawn_tile"], at, command["rotation"]))
        if not after.closed():
            return None
        return (
            "Laid here, the tile closes the town: no road leads anywhere new, so your turn "
            "ends now and only kills can win from here. Lay it here?"
        )

    def walk(self, host: Host) -> None:
        """Enter in the movement: step by step to the cursor along a shortest
        way; the walk stops at a fight, a pick-up of the last move, or the end."""
        target = host.cursor
        view = host.view
        here = self.figure(view)
        if target == here:
            host.add_log(
                ["Move the cursor to a highlighted cell and press Enter; e ends the movement."]
            )
            return
        came = self.reachable(host)
        if target not in came:
            host.add_log(
                [
                    f"{self.place(target).capitalize()} is out of reach: the highlighted cells are not."
                ]
            )
            return
        path = [target]
        while came[path[-1]] != here:
            path.append(came[path[-1]])
        for cell in reversed(path):
            before = self.now()
            if not host.submit({"type": "move", "to": list(cell)}):
                return
            after = self.now()
            if after == before:
                continue  # a shared game: the host plays the steps in turn, stopping as here
            if (
                after["pending"]
                or after["phase"] != "move"
                or after["outcome"]
                or self.figure(after) != cell
            ):
                return

    def key_play_card(self, host: Host) -> None:
        t = host.targeting
        if t is not None and t.kind == "card_tile":
            host.start_targeting(t)
            return
        plays = self.mine(host, "play_event")
        if not plays:
            view = host.view
            me = view["seats"].get(view.get("viewer") or "", {})
            if self.mine(host) and view["phase"] == "event" and not view["event_played"]:
                held = (
                    "You hold no cards"
                    if not me.get("hand")
                    else "None of your cards can be played now"
                )
                host.add_log([f"{held}: t draws the tile."])
            elif self.mine(host) and view["event_played"] and view["phase"] == "event":
                host.add_log(["One card a turn: t draws the tile."])
            else:
                self.explain(host, "Cards are played at the start of a turn, before the tile;")
            return
        by_card: dict[str, list[dict]] = {}
        for c in plays:
            by_card.setdefault(c["card"], []).append(c)
        options = [(card, f"{card_name(card)}: {card_effect(card)}") for card in by_card]
        hand = host.view["seats"][host.view["viewer"]]["hand"] or []
        idle = [card_name(c) for c in dict.fromkeys(hand) if c not in by_card]
        title = "Play a card" + (f" (not now: {', '.join(idle)})" if idle else "")
        host.pick(title, options, lambda card: card and self.aim(host, card, by_card[card]))

    def aim(self, host: Host, card: str, plays: list[dict]) -> None:
        """A chosen card's target: none, a tile on the board, a rival (and a way)."""
        spec = content.event(card)
        name = card_name(card)
        if spec.target == "tile":
            options = {centre((c["tile"][0], c["tile"][1])): [c] for c in plays}
            host.start_targeting(Targeting("card_tile", f"{name} on", "p", options))
            return
        if spec.target != "opponent":
            host.act(plays[0])
            return
        rivals: dict[str, list[dict]] = {}
        for c in plays:
            rivals.setdefault(c["target"], []).append(c)
        seats = host.view["seats"]
        options = [
            (sid, f"{self.seats.name(sid)}: {seats[sid]['kills']} kills, life {seats[sid]['life']}")
            for sid in rivals
        ]

        def rival(sid: str | None) -> None:
            if sid is None:
                return
            ways = rivals[sid]
            if not spec.push:
                host.act(ways[0])
                return
            host.pick(
                f"{name}: which way does {self.seats.name(sid)} stumble?",
                [(c["direction"], SIDE[c["direction"]]) for c in ways],
                lambda d: d and host.act(next(c for c in ways if c["direction"] == d)),
            )

        host.pick(f"{name}: on whom?", options, rival)

    def key_draw_tile(self, host: Host) -> None:
        draw = self.mine(host, "draw_tile")
        if draw:
            host.act(draw[0])
        elif host.view.get("phase") == "tile" and self.mine(host):
            host.add_log(["The tile is drawn: lay it (arrows move it, r turns it, Enter lays it)."])
        else:
            self.explain(host, "One tile a turn, drawn after the card;")

    def key_rotate(self, host: Host) -> None:
        if not self.placing(host):
            self.explain(host, "There is no tile to turn;")
            return
        self.rotation = (self.rotation + 90) % 360
        host.redraw()

    def key_move(self, host: Host) -> None:
        steps = self.mine(host, "move")
        if not steps:
            if self.mine(host) and host.view["phase"] == "move":
                host.add_log(["No moves left: e ends the movement."])
            else:
                self.explain(host, "You move after the tile is laid;")
            return
        options = {(c["to"][0], c["to"][1]): [c] for c in steps}
        host.start_targeting(Targeting("move", "Step", "m", options))

    def key_zombie(self, host: Host) -> None:
        t = host.targeting
        if t is not None and t.kind == "tile_zombies":
            self.mark_zombie(host)
            return
        if t is None and self.placing(host):
            self.pick_zombies(host)
            return
        zombies = self.movable_zombies(host)
        if not zombies:
            view = host.view
            if self.mine(host) and view["phase"] == "zombies":
                if view["zombie_moves_left"]:
                    host.add_log(
                        [
                            "No zombie can move: each moves once, never onto another. e ends the turn."
                        ]
                    )
                else:
                    host.add_log(["No zombie moves are left: e ends the turn."])
            else:
                self.explain(host, "Zombies are moved after your movement;")
            return
        host.start_targeting(Targeting("zombie", "Move the zombie", "z", zombies))

    def pick_zombies(self, host: Host) -> None:
        """OB-3: whoever lays a plain tile may put its zombies (one per road
        exit) on other road cells of it: z marks them, Enter lays the tile."""
        view = host.view
        tile = view["drawn_tile"] or ""
        name = tile_name(tile)
        if content.tile(tile).building:
            host.add_log([f"The {name}'s zombies fill its rooms from the door: nothing to choose."])
            return
        at = pos_of(host.cursor)
        if self.rotation not in self.placements(host).get(at, ()):
            host.add_log([f"The {name} does not fit here: move it or turn it (r) first."])
            return
        exits = len(exit_cells(tile, at, self.rotation))
        roads = [c for c, k in tile_cells(tile, at, self.rotation).items() if k in ("road", "pad")]
        self.picked = []
        self._pick = (at, self.rotation, exits)
        self._back_to = centre(at)
        options = {c: [self.zombie_place(host)] for c in sorted(roads, key=lambda c: (c[1], c[0]))}
        host.start_targeting(Targeting("tile_zombies", f"{name}'s zombies", "arrows", options))
        host.add_log(
            [
                f"Mark {plural(exits, 'road cell')} for its zombies: z marks or unmarks, Enter lays it."
            ]
        )

    def zombie_place(self, host: Host) -> dict:
        at, rotation, _ = self._pick
        zombies = [list(c) for c in self.picked]
        return {"type": "place_tile", "at": list(at), "rotation": rotation, "zombies": zombies}

    def mark_zombie(self, host: Host) -> None:
        t = host.targeting
        cell = host.cursor
        if cell not in t.options:
            host.add_log(["Zombies go on the tile's road cells (highlighted)."])
            return
        exits = self._pick[2]
        if cell in self.picked:
            self.picked.remove(cell)
        elif len(self.picked) < exits:
            self.picked.append(cell)
        else:
            host.add_log([f"{plural(exits, 'zombie')} only: z on a marked cell unmarks it."])
            return
        command = self.zombie_place(host)
        t.options = {c: [command] for c in t.options}
        host.redraw()

    def key_end(self, host: Host) -> None:
        view = host.view
        end_move = self.mine(host, "end_move")
        if end_move:
            left = view["moves_left"]
            if left and self.mine(host, "move"):
                host.confirm(
                    f"End the movement with {plural(left, 'move')} left?",
                    lambda: host.submit(end_move[0]),
                )
            else:
                host.act(end_move[0])
            return
        ends = self.mine(host, "end_turn")
        if not ends:
            self.explain(host, "The turn ends after the zombie step;")
            return
        left = view["zombie_moves_left"]
        unused = (
            f" ({plural(left, 'zombie move')} unused)"
            if left and self.movable_zombies(host)
            else ""
        )
        if len(ends) == 1:
            if unused:
                host.confirm(f"End the turn{unused}?", lambda: host.submit(ends[0]))
            else:
                host.act(ends[0])
            return
        host.choose_and_act(f"End the turn{unused}: discard a card?", ends)

    def key_cards(self, host: Host) -> None:
        from tui.modes.outbreak.cards import CardsScreen

        view = host.view
        me = view["seats"].get(view.get("viewer") or "")
        if me is None or me["hand"] is None:
            host.add_log(["Hands are secret: there is no hand of yours to read here."])
            return
        host.app.push_screen(CardsScreen(self.seats.possessive(view["viewer"]), me["hand"]))

    # -- bots ------------------------------------------------------------------------------
    def playback(self, before: Any, events: list[Any], viewer: str) -> list[Step]:
        """A bot's command shows as a step of its own, the camera on what it did."""
        sid = to_act_of(before)
        if sid is None or sid in self.seats.humans:
            return []
        view = self.game.view(viewer)
        self._focus[id(view)] = self.focus_of(events, view, sid)
        if len(self._focus) > 400:
            for key in list(self._focus)[:200]:
                del self._focus[key]
        return [Step(view, self.tell(before, events), NOTE.format(self.seats.name(sid)))]

    def focus_of(self, events: list[Any], view: dict, sid: str) -> tuple[int, int, int, int]:
        from tui.modes.outbreak.words import as_dict

        for e in map(as_dict, reversed(events)):
            if e["type"] == "tile_placed":
                return tile_box((e["at"][0], e["at"][1]))
            if e["type"] in ("figure_moved", "zombie_moved", "figure_pushed"):
                return e["to"][0], e["to"][1], e["to"][0], e["to"][1]
        x, y = self.figure(view, sid)
        return x, y, x, y

    def bot_note(self, command: dict, view: dict) -> str:
        return NOTE.format(self.seats.name(self.now()["to_act"] or view.get("to_act")))

    # -- the end -----------------------------------------------------------------------------
    def game_over(self) -> GameOver:
        s = self.now()
        table = Table(box=None, padding=(0, 2), show_header=True)
        table.add_column("seat")
        table.add_column("plays")
        table.add_column("kills", justify="right")
        table.add_column("life", justify="right")
        table.add_column("ammo", justify="right")
        for sid in s["order"]:
            v = s["seats"][sid]
            name = Text(self.seats.name(sid), "bold" if sid == s["winner"] else "")
            if sid == s["winner"]:
                name.append(" (wins)")
            table.add_row(name, v["kind"], str(v["kills"]), str(v["life"]), str(v["bullets"]))
        table.add_section()
        table.add_row("rounds", str(s["round"]), "", "", "")
        undos = getattr(self.game, "undo_count", None)  # a shared game's view does not hold it
        if undos is not None:
            table.add_row("undos", str(undos), "", "", "")
        if s["outcome"] == "won":
            winner = s["winner"]
            how = (
                "reached the Helipad"
                if s["win_reason"] == "helipad"
                else f"put down {s['kills_to_win']} zombies"
            )
            human = s["seats"][winner]["kind"] == "human"
            return GameOver(
                f"{self.seats.name(winner).upper()} WINS",
                human,
                table,
                f"{self.seats.name(winner)} {how}.",
            )
        return GameOver("EVERYBODY LOST", False, table, "The round limit came and nobody got out.")
