"""A simple human-side Siege player, for tests and balance figures.

It decides from `view("humans")` and the list of legal commands only, and is
deterministic: the same inputs give the same command. For the human now to
act (the active one, else the first in seat order still to play), first
that applies: take the re-roll; fight a zombie next to it; shoot or throw at
zombies in reach; heal; reload; search a spot next to it; drop what
overloads it; walk (opening doors, taking barricades down) toward the
nearest spot still to search that no one nearer is heading for; else end
its turn."""

from __future__ import annotations

import heapq
from typing import Any

import msgspec

from engine.siege import board as b
from engine.siege import content
from engine.siege.ai import zombie_command
from engine.siege.board import Cell, neighbours

DOOR_COST = 2  # open, then step in
ZOMBIE_COST = 6  # a zombie in the way: fight it, then step in
THREAT = 3  # zombies this close are shot before walking on
BARRICADE_COST = 3  # take down, then step in
_PATHS: dict[tuple, tuple[dict, dict]] = {}
KEEP_LAST = ("planks", "car_keys", "ammo_box", "kitchen_knife")  # dropped first


def _as_dict(command: Any) -> dict:
    """A command as JSON carries it (cells as lists)."""
    if isinstance(command, msgspec.Struct):
        return msgspec.json.decode(msgspec.json.encode(command))
    return command


def _kind(weapon: str) -> str:
    return "hands" if weapon == "hands" else content.item(weapon).kind


def _cell(c) -> Cell:
    return (c[0], c[1])


def choose(view: dict, legal: list) -> Any:
    """The bot's command: one of `legal`."""
    if not legal:
        raise ValueError("the bot needs at least one legal command")
    by_type: dict[str, list] = {}
    for c in legal:
        by_type.setdefault(_as_dict(c)["type"], []).append(c)
    if "choose" in by_type:
        for c in by_type["choose"]:
            if _as_dict(c)["option"] == "reroll":
                return c
        return by_type["choose"][0]
    if view["phase"] == "zombies":
        wanted = zombie_command(view)
        return next((c for c in legal if _as_dict(c) == wanted), by_type["end_zombie_turn"][0])
    hid = _who(view, legal)
    mine = [c for c in legal if _as_dict(c).get("human") == hid]
    return _Turn(view, hid, mine).pick()


def _who(view: dict, legal: list) -> str:
    if view["active"] is not None:
        return view["active"]
    ready = {_as_dict(c).get("human") for c in legal}
    return next(h for h in view["humans"] if h in ready)


class _Turn:
    def __init__(self, view: dict, hid: str, legal: list) -> None:
        self.view = view
        self.hid = hid
        self.me = view["humans"][hid]
        self.at = _cell(self.me["at"])
        self.legal = legal
        self.rows = tuple(view["map"])
        self.zombies = {_cell(c): z for z, c in view["zombies"].items()}
        self.others = {
            _cell(h["at"]): k
            for k, h in view["humans"].items()
            if k != hid and h["alive"] and h["at"] is not None
        }

    def of(self, kind: str, **match) -> list:
        out = []
        for c in self.legal:
            d = _as_dict(c)
            if d["type"] == kind and all(d.get(k) == v for k, v in match.items()):
                out.append(c)
        return out

    def pick(self) -> Any:
        for step in (
            self._search,
            self._fight,
            self._heal,
            self._reload,
            self._unload,
            self._threat,
            self._walk,
            self._shoot,
        ):
            got = step()
            if got is not None:
                return got
        return self.of("end_turn")[0]

    # -- fighting -------------------------------------------------------------------
    def _odds(self, command) -> float:
        d = _as_dict(command)
        weapon = d["weapon"]
        if weapon == "hands":
            return 1 / 36
        spec = content.item(weapon)
        if spec.kind == "thrown":
            return 0.0
        empty = weapon in self.me["empty"] and b.manhattan(self.at, _cell(d["at"])) == 1
        head = spec.club_head if (spec.kind == "firearm" and empty) else spec.head
        best = len(head) / 6
        if spec.kind == "firearm" and not empty:
            best = 1 - (1 - best) ** spec.burst
        return best

    def _fight(self):
        near = [c for c in self.of("attack") if b.manhattan(self.at, _cell(_as_dict(c)["at"])) == 1]
        near = [c for c in near if _kind(_as_dict(c)["weapon"]) != "thrown"]
        if not near:
            return None
        return max(near, key=self._odds)

    def _shoot(self):
        throws = []
        shots = []
        for c in self.of("attack"):
            kind = _kind(_as_dict(c)["weapon"])
            if kind == "thrown":
                throws.append(c)
            elif kind == "firearm":
                shots.append(c)
        for c in throws:
            target = _cell(_as_dict(c)["at"])
            hit = [z for z in self.zombies if b.manhattan(z, target) <= 1]
            friends = [h for h in (self.at, *self.others) if b.manhattan(h, target) <= 1]
            if len(hit) >= 2 and not friends:
                return c
        if shots:
            return min(shots, key=lambda c: b.manhattan(self.at, _cell(_as_dict(c)["at"])))
        return None

    def _threat(self):
        """Shoot or throw at zombies close enough to bite next turn."""
        got = self._shoot()
        if got is not None and b.manhattan(self.at, _cell(_as_dict(got)["at"])) <= THREAT:
            return got
        return None

    # -- items ------------------------------------------------------------------------
    def _heal(self):
        for c in self.of("use"):
            d = _as_dict(c)
            if content.item(d["item"]).effect != "heal":
                continue
            if self.view["humans"][d["target"]]["lives"] <= 2:
                return c
        return None

    def _reload(self):
        for c in self.of("use"):
            if content.item(_as_dict(c)["item"]).effect == "reload":
                return c
        return None

    def _unload(self):
        """Drop what costs actions, the least useful first."""
        if self.me["load"] <= content.CARRY_UNITS:
            return None
        drops = self.of("drop")
        order = {k: i for i, k in enumerate(KEEP_LAST)}
        drops.sort(key=lambda c: order.get(_as_dict(c)["items"][0], len(order)))
        return drops[0] if drops else None

    # -- searching and walking ---------------------------------------------------------
    def _todo(self) -> list[Cell]:
        by_all = self.view["win"] == "spots_by_all"
        return [
            _cell(s["at"])
            for s in self.view["spots"]
            if (self.hid not in s["searched_by"] if by_all else not s["searched_by"])
        ]

    def _search(self):
        todo = set(self._todo())
        for c in self.of("search"):
            if _cell(_as_dict(c)["at"]) in todo:
                return c
        return None

    def _cost(self, cell: Cell) -> int | None:
        if cell in self.others:
            return None  # a step ends on a cell: the bot walks round the others
        if cell in self.zombies:
            return ZOMBIE_COST if b.at(self.rows, cell) in b.HUMAN_COST else None
        glyph = b.at(self.rows, cell)
        if glyph == b.CLOSED_DOOR:
            return DOOR_COST
        if glyph == b.BARRICADE:
            can = any(content.item(i).unbarricade for i in self.me["items"])
            return BARRICADE_COST if can else None
        return b.HUMAN_COST.get(glyph)

    def _distances(self, start: Cell) -> tuple[dict[Cell, int], dict[Cell, Cell]]:
        """Cheapest action costs from start (Dijkstra), cached per board and start."""
        tools = any(content.item(i).unbarricade for i in self.me["items"])
        key = (self.rows, frozenset(self.zombies), frozenset(self.others), tools, start)
        got = _PATHS.get(key)
        if got is None:
            got = self._dijkstra(start)
            if len(_PATHS) > 64:
                _PATHS.clear()
            _PATHS[key] = got
        return got

    def _dijkstra(self, start: Cell) -> tuple[dict[Cell, int], dict[Cell, Cell]]:
        best = {start: 0}
        came: dict[Cell, Cell] = {}
        heap = [(0, start[1], start[0])]
        while heap:
            d, y, x = heapq.heappop(heap)
            cell = (x, y)
            if d > best[cell]:
                continue
            for n in neighbours(cell):
                c = self._cost(n)
                if c is None:
                    continue
                if d + c < best.get(n, 1 << 30):
                    best[n] = d + c
                    came[n] = cell
                    heapq.heappush(heap, (d + c, n[1], n[0]))
        return best, came

    def _goal(self, dist: dict[Cell, int]) -> Cell | None:
        """The free cell next to the nearest spot still to search that no
        other human is nearer to (any spot when all are claimed)."""
        todo = self._todo()
        if not todo:
            return None
        claims = {}
        for cell in self.others:
            other, _ = self._distances(cell)
            for spot in todo:
                near = [other[n] for n in neighbours(spot) if n in other]
                if near:
                    claims[spot] = min(claims.get(spot, 1 << 30), min(near))
        options = []
        for spot in todo:
            for n in neighbours(spot):
                if n in dist and (n not in self.others):
                    mine = dist[n]
                    taken = claims.get(spot, 1 << 30) < mine
                    options.append((taken, mine, n[1], n[0]))
        if not options:
            return None
        _, _, y, x = min(options)
        return (x, y)

    def _walk(self):
        dist, came = self._distances(self.at)
        goal = self._goal(dist)
        if goal is None or goal == self.at:
            return None
        step = goal
        while came.get(step) != self.at:
            step = came[step]
        glyph = b.at(self.rows, step)
        if step in self.zombies:
            fights = [
                c
                for c in self.of("attack", at=list(step))
                if _kind(_as_dict(c)["weapon"]) != "thrown"
            ]
            return max(fights, key=self._odds) if fights else None
        if glyph == b.CLOSED_DOOR:
            got = self.of("open_door", at=list(step))
        elif glyph == b.BARRICADE:
            got = self.of("unbarricade", at=list(step))
        else:
            got = self.of("move", path=[list(step)])
        return got[0] if got else None


def play(game: Any, limit: int = 5000) -> str | None:
    """Play a game to its end: the bot for the humans (and the zombie AI for
    a zombie player's seat). Returns the outcome."""
    for _ in range(limit):
        if game.outcome is not None:
            break
        game.submit(choose(game.view("humans"), game.legal_commands()))
    return game.outcome


class Turtle:
    """A scripted human side for balance figures (issue 25): it closes every
    door of the room its humans start in, never leaves it, and only attacks
    a zombie that comes next to one of them; otherwise it ends its turns.
    Deterministic, like the bot; one per game (it remembers its room)."""

    def __init__(self) -> None:
        self.room: frozenset[Cell] | None = None
        self.doors: frozenset[Cell] = frozenset()

    def _learn(self, view: dict) -> None:
        rows = tuple(view["map"])
        inside = set(b.HUMAN_COST) - {b.OPEN_DOOR, b.WINDOW}
        todo = [_cell(h["at"]) for h in view["humans"].values() if h["at"] is not None]
        room = set(todo)
        while todo:
            for n in neighbours(todo.pop()):
                if n not in room and b.at(rows, n) in inside:
                    room.add(n)
                    todo.append(n)
        self.room = frozenset(room)
        self.doors = frozenset(
            n for c in room for n in neighbours(c) if b.at(rows, n) in (b.OPEN_DOOR, b.CLOSED_DOOR)
        )

    def choose(self, view: dict, legal: list) -> Any:
        if view["phase"] == "zombies" or any(_as_dict(c)["type"] == "choose" for c in legal):
            return choose(view, legal)
        if self.room is None:
            self._learn(view)
        hid = _who(view, legal)
        mine = [c for c in legal if _as_dict(c).get("human") == hid]
        turn = _Turn(view, hid, mine)
        got = turn._fight()
        if got is not None:
            return got
        for c in turn.of("close_door"):
            if _cell(_as_dict(c)["at"]) in self.doors:
                return c
        step = self._toward_open_door(view, turn)
        if step is not None:
            return step
        return turn.of("end_turn")[0]

    def _toward_open_door(self, view: dict, turn: _Turn):
        rows = tuple(view["map"])
        open_doors = [
            d for d in self.doors if b.at(rows, d) == b.OPEN_DOOR and d not in turn.zombies
        ]
        goals = {
            n
            for d in open_doors
            for n in neighbours(d)
            if n in self.room and n not in turn.others and n not in turn.zombies
        }
        if not goals or turn.at in goals:
            return None
        came = {turn.at: turn.at}
        todo = [turn.at]
        while todo:
            nxt = []
            for cell in todo:
                for n in neighbours(cell):
                    if n in self.room and n not in came and n not in turn.zombies:
                        came[n] = cell
                        nxt.append(n)
            todo = nxt
            reached = sorted((c for c in todo if c in goals), key=b.reading)
            if reached:
                step = reached[0]
                while came[step] != turn.at:
                    step = came[step]
                got = turn.of("move", path=[list(step)])
                return got[0] if got else None
        return None


def first_bite(game: Any, limit: int = 5000) -> int | None:
    """Play a game with the Turtle until a zombie first takes a human's life:
    the round it happens in, or None when the game ends first."""
    turtle = Turtle()
    seen = len(game.events)
    for _ in range(limit):
        if game.outcome is not None:
            return None
        round_now = game.summary()["round"]
        game.submit(turtle.choose(game.view("humans"), game.legal_commands()))
        for e in game.events[seen:]:
            if type(e).__name__ == "RoundStarted":
                round_now = e.round
            if type(e).__name__ == "LifeLost" and e.cause.startswith("z"):
                return round_now
        seen = len(game.events)
    return None
