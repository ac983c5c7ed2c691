"""Outbreak on the shared game screen (RULES OB): the key table, the
cursor, hot-seat control and the narration of bots' turns. What each key
does is keys.py (OutbreakKeys), what the screen says of the game now (the
status line, labels, hints, look) is status.py (OutbreakStatus); the board
is scene.py, the panels panels.py, the log's sentences words.py.

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
log of their own (the game screen keeps one per person): the one at the
keyboard reads their own draws by name as they happen, the others read each
move, their own draws named and no one else's, when they next sit down."""

from __future__ import annotations

from collections import deque
from typing import Any

from rich.table import Table
from rich.text import Text

from engine.outbreak import content
from engine.outbreak.board import Placed, board_of
from tui.keys import Key
from tui.modes.base import GameOver, Host, Play, Seat, Step
from tui.modes.outbreak import speed
from tui.modes.outbreak.glyphs import glyphs
from tui.modes.outbreak.keys import OutbreakKeys
from tui.modes.outbreak.panels import HandPanel, SeatsPanel, TurnPanel
from tui.modes.outbreak.scene import Marks, Preview, Town, centre, pos_of, tile_box
from tui.modes.outbreak.status import OutbreakStatus
from tui.modes.outbreak.voice import Voice
from tui.modes.outbreak.words import (
    Narrator,
    Seats,
    as_dict,
    tile_name,
)

XY = tuple[int, int]

KEYS: tuple[Key, ...] = (
    Key(
        "enter",
        "confirm",
        "lay the tile / walk to the cursor / pick the zombie or target under it",
        "Cursor",
    ),
    Key("p", "play_card", "play an event card (before the tile; p again cycles tiles)", "Actions",
        True, label="card"),
    Key("t", "draw_tile", "draw the tile (after any card)", "Actions", True, label="tile"),
    Key("r", "rotate", "turn the drawn tile a quarter clockwise", "Actions", True, label="turn"),
    Key("m", "move", "step one cell (the steps highlighted; m again cycles)", "Actions", True,
        label="move"),
    Key("z", "zombie", "find a zombie that may move (z again: the next); Enter on it shows its "
        "ways: an arrow or z picks one, Enter moves it; laying a plain tile: mark the road cells "
        "for its zombies", "Actions", True, label="zombie"),
    Key("e,full_stop", "end", "end the movement, or end the turn (and discard)", "Turn", True,
        "e", label="end"),
    Key("c", "cards", "read your event cards in full", "Turn"),
    Key("tab", "next", "cursor back to your figure (or to the tile being laid)", "Turn"),
    Key("f", "figure", "cursor and view onto your own figure", "Cursor"),
    Key("g", "helipad", "cursor and view onto the Helipad, once it is laid", "Cursor"),
    Key("s", "speed", "bots' turns: a step at a time, or at once (the log tells every move)",
        "Game"),
)  # fmt: skip

NOTE = "{} is playing: any key shows the rest, s: bots at once"
# a bot's command whose events are all of these changes nothing on the board
# (a tile drawn is shown where it is laid, the next step): told with the next
QUIET = frozenset({"tile_drawn", "movement_ended", "zombie_die_rolled"})
ONLOOKER = "spectator"  # a viewer holding no seat: every hand hidden
KEPT_LINES = 500  # lines kept for a seat away from the keyboard (as many as a log keeps)


def to_act_of(before: Any) -> str | None:
    """Who was to act before a command: `before` is the game as the screen
    had it, a view (shared games) or the engine's state (local games)."""
    if isinstance(before, dict):
        return before.get("to_act")
    return getattr(before, "to_act", None)


def trail_of(events: list[Any]) -> set[XY]:
    """The cells a command changed that a player should notice: where a
    tile went (its centre), where zombies and figures went, new zombies."""
    out: set[XY] = set()
    for e in map(as_dict, events):
        if e["type"] == "tile_placed":
            out.add(centre((e["at"][0], e["at"][1])))
        elif e["type"] in ("zombie_moved", "figure_moved", "figure_pushed"):
            out.add((e["to"][0], e["to"][1]))
        elif e["type"] == "zombie_placed":
            out.add((e["cell"][0], e["cell"][1]))
    return out


def placed_of(view: dict) -> tuple[Placed, ...]:
    return tuple(Placed(t["tile"], (t["at"][0], t["at"][1]), t["rotation"]) for t in view["tiles"])


class OutbreakPlay(OutbreakKeys, OutbreakStatus, Play):
    keys = KEYS
    handover_says_hello = True  # "Bob, you lay the Helipad." when Bob lays it in Ann's turn
    plays_from_view = True  # a shared game's one view is enough (coop_view.py)
    focus_words = "whose turn it is"  # "@ is Player 1, whose turn it is", to a watcher

    def __init__(self, game: Any, ascii_only: bool = False) -> None:
        super().__init__(game, ascii_only)
        self.seats = Seats.of(self.now())
        self.glyphs = glyphs(ascii_only)
        self.town = Town(self.glyphs, self.seats)
        here = getattr(game, "players_here", None)  # a shared game: this terminal's seats
        self.narrator = Narrator(self.seats, self.tile_at, here)
        self.voice = Voice(self.narrator, lambda: self.now()["tiles"])
        self.rotation = 0  # the turn given to the drawn tile's preview
        self.last_human = self.seats.humans[0] if self.seats.humans else "players"
        self.picked: list[XY] = []  # road cells marked for the new tile's zombies
        self._pick: tuple[tuple[int, int], int, int] | None = None  # (at, rotation, exits)
        self._back_to: XY | None = None  # where Esc puts the cursor after marking zombies
        self._moment: tuple | None = None  # the step of the turn the cursor was placed for
        self._focus: dict[int, tuple[int, int, int, int]] = {}  # playback view -> camera
        self.trail: set[XY] = set()  # cells bots changed since a person last acted

    @property
    def steps_bots(self) -> bool:
        """The bots' turns are told a step at a time (any key skips), unless
        the bot-speed setting is "fast": then the screen shows where they
        left the game at once, and the log tells every move they made."""
        return not speed.fast()

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

    def hello(self, seat: Seat, host: Host) -> str:
        """Whose turn it is (at a shared keyboard the screen has given the
        seat its own log back, its own draws named: OB-10)."""
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
        return self.town.scene(
            view,
            cursor=host.cursor,
            preview=preview,
            marks=marks,
            focus=focus,
            me=view.get("viewer"),
            trail=frozenset(self.trail) if not host.playing else frozenset(),
        )

    def focus_name(self, host: Host) -> str:
        view = host.view
        return self.seats.name(view.get("to_act") or view["current"])

    def home(self, host: Host) -> XY:
        view = host.view
        if self._back_to is not None and (self.placing(host) or view["phase"] == "zombies"):
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
        if t is not None and t.kind == "zombie_way" and self._back_to is not None:
            x, y = self._back_to[0] + dx, self._back_to[1] + dy  # an arrow: that way of it
            return (x, y) if (x, y) in t.options else None
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
            TurnPanel(self.seats),
            HandPanel(self.seats),
        ]

    def board_title(self) -> str:
        return "Outbreak"

    # -- words ---------------------------------------------------------------------------
    def intro(self) -> list[str]:
        now = self.now()
        wins = now["kills_to_win"]
        lines = [
            f"Outbreak: first onto the Helipad, or first to {wins} kills, wins.",
            "p card, t tile, r turn it, Enter lay/walk, z zombies, e end; ? help.",
        ]
        if now.get("dealer"):  # dealer=random (OB-1): who dealt, and who starts
            lines.append(self.narrator.line({"type": "dealer_chosen", "seat": now["dealer"]}))
        return lines

    def resumed(self, view: dict) -> str:
        return f"Resumed in round {view['round']}: {self.seats.possessive(view['current'])} turn."

    def narrate(self, events, reader: str | None = None) -> list[str]:
        """Events retold (a resumed game's story, a late comer's catch-up) as
        they were told live: each turn's events in its seat's voice, so a
        movement reads as the one line it grew into."""
        out: list[str] = []
        run: list[dict] = []
        for e in map(as_dict, events):
            if e["type"] == "turn_started" and run:
                out += self.told_run(run, reader, then_turn=True)
                run = []
            run.append(e)
        return out + (self.told_run(run, reader) if run else [])

    def told_run(self, events: list[dict], reader: str | None, then_turn: bool = False) -> list:
        """One turn's events (or the end of one), in the voice of its seat; a
        catch-up told a move at a time grows its lines as they grew live."""
        sid = next((e.get("seat") for e in events if e.get("seat")), None)
        if events[0]["type"] == "turn_started":
            sid = events[0]["seat"]
        if sid is None:
            return self.told(events, None, reader)
        return self.voice.lines(sid, events, reader, then_turn)

    def tell(self, before: Any, events: list[Any], reader: str | None = None) -> list[str]:
        """One command in words, a line for each thing it does (voice.py: a
        movement's line grows by each step). What bots changed on the board
        since a person last acted stays shaded (`trail`), so the next person
        sees it when bots play at once (or a key skipped their steps)."""
        sid = to_act_of(before)
        if sid in self.seats.humans:
            self.trail = set()
        elif sid is not None:
            self.trail |= trail_of(events)
        return self.told(list(events), sid, reader)

    def told(self, events: list[Any], ender: str | None, reader: str | None) -> list[str]:
        """The lines for one log: `reader`'s own at a shared keyboard (their
        draws named, no one else's: the screen passes the events as their
        seat is told them), else the narrator's readers'. A command (`ender`
        its seat) in the voice of voice.py; events retold, by the narrator."""
        if ender is not None:  # a command: a line for each thing it does, growing
            return self.voice.lines(ender, events, reader)
        self.voice.close(reader)  # a story retold: event by event
        return self.narrator.lines(events, {reader} if reader else None)

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
        quiet = all(as_dict(e)["type"] in QUIET for e in events)
        return [Step(view, self.tell(before, events), NOTE.format(self.seats.name(sid)), quiet)]

    def played_back(self) -> None:
        """The bots' turns were shown a step at a time to their end: what they
        changed was seen as it changed, so the board shades none of it (the
        shade is for bots' turns shown at once, or skipped through)."""
        self.trail = set()

    def focus_of(self, events: list[Any], view: dict, sid: str) -> tuple[int, int, int, int]:
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
