"""A sniper bot for AI-only games, the stand-in for an absent sniper in
shared games and `shamble join --bot`: `SniperBot().choose(view, legal)`.

It reads only the sniper's view (his fog of war and his memory) and the
legal commands, as a player would, and remembers what a player would
remember: where he was spotted. Each call makes one command: a step, an
action or the end of the turn. Same view and notes, same choice: no
randomness of its own.

The plan: go for the nearest objective not yet done, through cover when it
can, keeping out of the sight and the reach of the units it knows of (a
dog's nose too), and ending each turn in cover; shoot what an objective
needs (suppressed when it can, loud only with no one near enough to capture
him); stopped short with nothing to do, a quiet shot from cover at the
nearest unit in the way; wreck a loud feature (the fuel depot) only with no
soldier or officer close; hide after a loud shot and leave that cell next
turn; when every objective holds, reach an escape cell and stay there a
whole turn (SN-11).

Spotted within a soldier's or officer's reach, it gets out of it before
going on; with every objective done it picks an escape no capturer it knows
of stands near and lays smoke on it to wait there unseen. A cover cell a
soldier could reach next turn counts as a risk too: the commander searches.

Measured against the hunting AI commander (seeds 0-199 of each map,
`bench.sniper_figures.win_rate_figures(200)`): village 19%, border 33.5%,
forest road 23%, mill 33.5%, rail yard 18.5%."""

from __future__ import annotations

import heapq
from functools import lru_cache
from itertools import permutations

from engine.core.geometry import Grid, chebyshev
from engine.sniper import commands as cmd
from engine.sniper import content
from engine.sniper.board import COVER, ESCAPE, Board, neighbours

Cell = tuple[int, int]
OPEN = 3  # the price of an open cell: units he does not know of may see it
OPEN_BLIND = 6  # the same in rain, when he sees no further than they do
SEEN = 8  # the price of a cell a known unit could see him on
CLOSE = 20  # the price of a cell a unit could reach next to in one move
SEARCHED = 2  # quarters of CLOSE for a cover cell a unit could search next turn
HOT = 8  # the price of a cell near where he was last spotted
MEMORY = 3  # turns it trusts where it last saw a unit
CAUTION = 4  # how much more a safe cell weighs than a step of progress, unhurried
HURRY = 3  # turns left from which it hurries
LANE = 2  # the price of a cell on or next to the way a unit was seen walking


@lru_cache(maxsize=16)
def _board(rows: tuple[str, ...]) -> Board:
    return Board(Grid(rows))


def _cell(c) -> Cell:
    return (int(c[0]), int(c[1]))


class _Mind:
    """What the bot makes of its view and its notes."""

    def __init__(
        self, view: dict, spotted_at: dict[Cell, int], lanes: set[Cell], looked: set[Cell]
    ) -> None:
        self.view = view
        self.board = _board(tuple(view["map"]))
        self.me = view["sniper"]
        self.at = _cell(self.me["at"])
        self.turn = int(view["turn"])
        self.turns_left = int(view["turns"]) - self.turn
        self.seen = {uid: (u["kind"], _cell(u["at"])) for uid, u in view["units"].items()}
        # units it saw lately and does not see now: probably still near there
        self.remembered = {
            uid: (s["kind"], _cell(s["at"]))
            for uid, s in view.get("last_seen", {}).items()
            if uid not in self.seen and s["turn"] >= self.turn - MEMORY
        }
        self.known = {**self.remembered, **self.seen}
        # where he was spotted on the last turns: searchlights and alarms aim there
        self.hot = [c for c, turn in spotted_at.items() if self.turn - 2 <= turn < self.turn]
        self.lanes = lanes
        self.patient = True  # it may stay put this turn to let danger pass
        self.target: str | None = None  # the objective it is after
        self.smoke = frozenset(
            (m["at"][0] + dx, m["at"][1] + dy)
            for m in view.get("smoke", [])
            for r in [int(m.get("radius", 1))]
            for dx in range(-r, r + 1)
            for dy in range(-r, r + 1)
        )
        self.todo = [o for o in self.me["objectives"] if o not in self.me["done"]]
        blasts = [
            content.equipment(c).range
            for c in self.me["hand"]
            if content.equipment(c).effect == "blast"
        ]
        self.grenade_range = max(blasts, default=0)
        inside = self.board.cells_of(":")
        looked.update(
            c
            for c in inside
            if chebyshev(c, self.at) <= 6 and self.board.clear(self.at, c, self.smoke)
        )
        self.looked = looked
        self.features = {
            name: c
            for name, spec in content.content().features.items()
            for c in self.board.cells_of(spec.glyph)
        }
        rain = view.get("rain_until")
        self.rain = rain is not None and self.turn <= int(rain)
        self._danger: dict[Cell, int] = {}
        self._walks: dict[tuple[Cell, Cell], int] = {}
        self._threat: dict[Cell, int] = {}
        self._seen: dict[Cell, int] = {}

    # -- what it wants -------------------------------------------------------------
    def wanted_units(self) -> set[str]:
        """Units whose death an objective still needs."""
        out = set()
        for o in self.todo:
            spec = content.objective(o)
            if spec.kind == "kill":
                out.add(spec.unit)
            elif spec.kind == "kills":
                out |= {uid for uid, (kind, _) in self.known.items() if kind == spec.unit_kind}
        return out

    def goal_cells(self, stale: bool = False) -> list[Cell]:
        """Where to go next: toward the first objective of the shortest round
        (its places: next to a feature to wreck, onto the documents, within
        reach of a unit to kill); with every objective done, an escape.
        `stale`: it stood at those places this turn for nothing, so the places
        of units it only remembers are dropped."""
        if not self.todo:
            return self.safe_escapes()
        places = {o: self._places(o, stale) for o in self.todo}
        placed = [o for o in self.todo if places[o]]
        if not placed:
            return self._search_cells()
        if self.target not in placed:  # it keeps to its choice while it can
            self.target = self._first_of_round(placed, places)
        return places[self.target]

    def safe_escapes(self) -> list[Cell]:
        """The escape cells with no soldier or officer it knows of close by
        (the commander posts guards there); all of them when every one has."""
        escapes = list(self.board.cells_of(ESCAPE))
        clear = [
            e
            for e in escapes
            if not any(
                content.unit(kind).captures and chebyshev(at, e) <= content.unit(kind).speed + 2
                for kind, at in self.known.values()
            )
        ]
        return clear or escapes

    def _places(self, objective: str, stale: bool) -> list[Cell]:
        spec = content.objective(objective)
        if spec.kind == "feature" and spec.feature in self.features:
            cell = self.features[spec.feature]
            if content.content().features[spec.feature].on_entry:
                return [cell]
            return [c for c in neighbours(cell) if self.board.enterable(c)]
        targets = [spec.unit] if spec.kind == "kill" else self.wanted_units()
        out: list[Cell] = []
        for uid in targets:
            if uid in self.seen:
                kind, at = self.seen[uid]
                out.extend(self._firing_spots(at, content.unit(kind).armoured))
            elif uid in self.known and not stale:
                out.extend(self._firing_spots(self.known[uid][1], False, reach=3))
        return out

    def _first_of_round(self, todo: list[str], places: dict[str, list[Cell]]) -> str:
        """The objective to do first: the one that starts the shortest walk
        through every placed objective and on to an escape."""
        ok = self.board.enterable
        nearest = {o: min(places[o], key=lambda c: chebyshev(c, self.at)) for o in todo}
        escapes = list(self.board.cells_of(ESCAPE))
        best, first = None, todo[0]
        for order in permutations(todo):
            here, length = self.at, 0
            for o in order:
                length += self._steps(here, nearest[o], ok)
                here = nearest[o]
            length += min((chebyshev(here, e) for e in escapes), default=0)
            if best is None or length < best:
                best, first = length, order[0]
        return first

    def _steps(self, a: Cell, b: Cell, ok) -> int:
        key = (a, b)
        got = self._walks.get(key)
        if got is None:
            path = self.board.path(a, [b], ok)
            got = len(path) if path is not None else 10 * chebyshev(a, b)
            self._walks[key] = got
        return got

    def _firing_spots(self, target: Cell, armoured: bool, reach: int = 10) -> list[Cell]:
        """Cover cells with a clear line to the target: for armour, within a
        grenade's throw; else beyond the units' own range (6) where there are
        any, else nearer."""
        if armoured and self.grenade_range:
            reach = self.grenade_range
        far, near = [], []
        reach = min(reach, 4) if self.rain else reach
        for dy in range(-reach, reach + 1):
            for dx in range(-reach, reach + 1):
                c = (target[0] + dx, target[1] + dy)
                if (
                    chebyshev(c, target) > 1
                    and self.board.enterable(c)
                    and self.board.glyph(c) in COVER
                    and self.board.clear(c, target, self.smoke)
                ):
                    (far if chebyshev(c, target) > 6 else near).append(c)
        return far or near or [target]

    def _search_cells(self) -> list[Cell]:
        """A wanted unit it has not seen lately: look inside the buildings it
        has not looked into yet, the nearest first."""
        unseen = [c for c in self.board.cells_of(":") if c not in self.looked]
        return unseen or list(self.board.cells_of(ESCAPE))

    # -- danger --------------------------------------------------------------------
    def cover(self, cell: Cell) -> bool:
        return not self.board.is_open(cell) or cell in self.smoke

    def threat(self, cell: Cell) -> int:
        """What ending his turn on a cell risks, from the units he knows of:
        their eyes on open ground, their reach if they find him, dogs' noses,
        and searchlights where he was spotted lately."""
        got = self._threat.get(cell)
        if got is not None:
            return got
        d = self.seen_risk(cell)
        exposed = not self.cover(cell)
        for kind, at in self.known.values():
            spec = content.unit(kind)
            dist = chebyshev(cell, at)
            if spec.captures and dist <= spec.speed + 1:
                # in the open they see him; in cover they may still walk into him searching
                d += CLOSE if exposed or cell in self.lanes else CLOSE * SEARCHED // 4
            if spec.smell and dist <= spec.smell + spec.speed:
                d += CLOSE // 2
        if any(chebyshev(cell, h) <= 2 for h in self.hot):
            d += HOT
        self._threat[cell] = d
        return d

    def seen_risk(self, cell: Cell) -> int:
        """What stepping on a cell risks at once: the eyes of the units he
        knows of on open ground (they spot him and fire), dogs' noses."""
        got = self._seen.get(cell)
        if got is not None:
            return got
        sight = 4 if self.rain else 8
        exposed = not self.cover(cell)
        d = 0
        for uid, (kind, at) in self.known.items():
            spec = content.unit(kind)
            dist = chebyshev(cell, at)
            weight = 1 if uid in self.seen else 2
            if exposed and dist <= sight and self.board.clear(at, cell, self.smoke):
                d += SEEN // weight
            if spec.smell and dist <= spec.smell:
                d += SEEN // weight
        self._seen[cell] = d
        return d

    def danger(self, cell: Cell) -> int:
        """The price of passing a cell: its threat, open ground, patrol lanes."""
        got = self._danger.get(cell)
        if got is None:
            blind = OPEN_BLIND if self.rain else OPEN  # in rain a unit is seen as late as it sees
            got = self.threat(cell) + (0 if self.cover(cell) else blind)
            got += LANE if cell in self.lanes else 0
            self._danger[cell] = got
        return got

    def path_to(self, goals: list[Cell]) -> list[Cell] | None:
        """The cheapest way to a goal: each step costs 1 plus its danger."""
        goals_set = set(goals)
        if not goals_set:
            return None
        blocked = {at for _, at in self.seen.values()}
        best = {self.at: 0}
        came: dict[Cell, Cell] = {}
        heap = [(0, self.at[1], self.at[0])]
        while heap:
            cost, y, x = heapq.heappop(heap)
            cell = (x, y)
            if cell in goals_set:
                out = [cell]
                while out[-1] in came:
                    out.append(came[out[-1]])
                return out[::-1][1:]
            if cost > best.get(cell, 1 << 30):
                continue
            for n in neighbours(cell):
                if not self.board.enterable(n) or n in blocked:
                    continue
                nc = cost + 1 + self.danger(n)
                if nc < best.get(n, 1 << 30):
                    best[n] = nc
                    came[n] = cell
                    heapq.heappush(heap, (nc, n[1], n[0]))
        return None

    def capturers_near(self, reach_extra: int = 1) -> bool:
        """A known soldier or officer could come next to him in one move."""
        return any(
            content.unit(kind).captures
            and chebyshev(at, self.at) <= content.unit(kind).speed + reach_extra
            for kind, at in self.known.values()
        )


class SniperBot:
    def __init__(self) -> None:
        self.spotted_at: dict[Cell, int] = {}  # where he was spotted, and when
        self.trail: dict[str, Cell] = {}  # where he saw each unit before
        self.lanes: set[Cell] = set()  # cells on or next to where units walked
        self.waited: int = 0  # the last turn it stayed put to let danger pass
        self.looked: set[Cell] = set()  # building cells it has seen inside
        self.target: str | None = None  # the objective it is after

    def choose(self, view: dict, legal: list[cmd.Command]) -> cmd.Command:
        """The bot's next command: one of `legal`."""
        me = view["sniper"]
        if me["spotted"]:
            self.spotted_at[_cell(me["at"])] = int(view["turn"])
        self._note_walks(view)
        m = _Mind(view, self.spotted_at, self.lanes, self.looked)
        m.patient = self.waited < m.turn - 1
        m.target = self.target
        choice = self._choose(m, view, legal)
        self.target = m.target
        return choice

    def _choose(self, m: _Mind, view: dict, legal: list[cmd.Command]) -> cmd.Command:
        me = view["sniper"]
        by_type: dict[type, list[cmd.Command]] = {}
        for c in legal:
            by_type.setdefault(type(c), []).append(c)
        end = cmd.EndTurn()
        if view.get("active") != "sniper":
            return end
        if me["acted"]:
            return _second_action(m, by_type) or end
        if not m.todo and m.at in m.board.cells_of(ESCAPE):
            return _smoke_here(m, by_type) or end  # stay a whole turn (SN-11)
        leaving = m.at in m.hot and me["moves_left"] > 0 and not me["moved"]
        if not leaving:
            act = _action(m, by_type)
            if act is not None:
                return act
        step = _step(m, by_type.get(cmd.Move, []))
        if step is not None:
            return step
        if not me["moved"]:
            self.waited = m.turn
        return _action(m, by_type) or _clear_way(m, by_type) or _last_action(m, by_type) or end

    def _note_walks(self, view: dict) -> None:
        """A unit seen at two places walks between them: keep off that lane."""
        board = _board(tuple(view["map"]))
        for uid, seen in view.get("last_seen", {}).items():
            at = _cell(seen["at"])
            before = self.trail.get(uid)
            if before is not None and before != at:
                for c in (before, *board.between(before, at), at):
                    self.lanes.update([c, *neighbours(c)])
            self.trail[uid] = at


def _action(m: _Mind, by_type) -> cmd.Command | None:
    """What an objective wants done from here."""
    wanted = m.wanted_units()
    knives = [
        c
        for c in by_type.get(cmd.Use, [])
        if c.target is not None and content.equipment(c.card).effect == "silent_kill"
    ]
    for c in knives:  # a silent kill: first what an objective wants, then who could take him
        if c.target in wanted:
            return c
    for c in knives:
        if content.unit(m.seen[c.target][0]).captures:
            return c
    for c in by_type.get(cmd.Sabotage, []):
        loud = content.content().features[c.feature].noise != 0
        if loud and m.capturers_near(2) and m.turns_left > 2:
            continue  # the blast is heard: a searchlight there would find him
        if any(content.objective(o).feature == c.feature for o in m.todo):
            return c
    blast = _grenade(m, by_type, wanted)
    if blast is not None:
        return blast
    shots = [
        c
        for c in by_type.get(cmd.Shoot, [])
        if c.target in wanted
        and not (m.grenade_range and content.unit(m.seen[c.target][0]).armoured)
    ]
    quiet = [c for c in shots if c.suppressed]
    if quiet:
        return quiet[0]
    if shots and m.cover(m.at) and (not m.capturers_near(2) or m.turns_left <= 2):
        return shots[0]
    return None


def _clear_way(m: _Mind, by_type) -> cmd.Command | None:
    """Stopped short: a quiet shot from cover at the nearest unit that could
    see, smell or take him, while no unit stands close enough to hear it."""
    if not m.cover(m.at) or m.me["spotted"] or m.me["ammo"] <= 1:
        return None
    if any(chebyshev(at, m.at) <= 1 for _, at in m.known.values()):
        return None
    shots = [
        c
        for c in by_type.get(cmd.Shoot, [])
        if c.suppressed and not content.unit(m.seen[c.target][0]).armoured
    ]
    if not shots:
        return None
    return min(shots, key=lambda c: (chebyshev(m.seen[c.target][1], m.at), c.target))


def _smoke_here(m: _Mind, by_type) -> cmd.Command | None:
    """On the escape: a smoke cloud on his own cell makes it cover, so the
    units watching it do not see him while he waits there."""
    if m.at in m.smoke:
        return None
    for c in by_type.get(cmd.Use, []):
        if content.equipment(c.card).effect == "smoke" and c.at is not None and _cell(c.at) == m.at:
            return c
    return None


def _evade(m: _Mind) -> list[Cell]:
    """Spotted: the cells within his moves where no soldier or officer he knows
    of could step into his cell next turn, out of every known unit's sight
    line, cover first; the farther from them the better."""
    reach = m.board.reach(m.at, m.me["moves_left"], m.board.enterable)
    blocked = {at for _, at in m.seen.values()}
    best: list[tuple[int, Cell]] = []
    for c in reach:
        if c in blocked:
            continue
        score = 0
        for kind, at in m.known.values():
            spec = content.unit(kind)
            d = chebyshev(c, at)
            if spec.captures and d <= spec.speed + 1:
                score += 20
            if spec.smell and d <= spec.smell + spec.speed:
                score += 6
            if d <= (4 if m.rain else 8) and m.board.clear(at, c, m.smoke):
                score += 4 if m.cover(c) else 8
        score += 0 if m.cover(c) else 3
        best.append((score, c))
    if not best:
        return []
    low = min(score for score, _ in best)
    return [c for score, c in best if score == low]


def _second_action(m: _Mind, by_type) -> cmd.Command | None:
    """After a shot: out of sight again, or finish what the shot began."""
    if m.me["spotted"]:
        for c in by_type.get(cmd.Hide, []):
            return c
    wanted = m.wanted_units()
    quiet = [c for c in by_type.get(cmd.Shoot, []) if c.target in wanted and c.suppressed]
    return quiet[0] if quiet else None


def _grenade(m: _Mind, by_type, wanted: set[str]) -> cmd.Command | None:
    """Grenades are kept for armour: only they and weak points hurt it."""
    uses = [c for c in by_type.get(cmd.Use, []) if content.equipment(c.card).effect == "blast"]
    targets = [m.seen[u][1] for u in wanted if u in m.seen and content.unit(m.seen[u][0]).armoured]
    for c in uses:
        if c.at is not None and _cell(c.at) in targets and chebyshev(_cell(c.at), m.at) > 2:
            return c
    return None


def _step(m: _Mind, moves: list[cmd.Command]) -> cmd.Command | None:
    """One step of this turn's way, or None to stop here. It stops where the
    rest of the way this turn would leave him worse placed than now."""
    if not moves:
        return None
    goals = m.goal_cells()
    if m.at in goals and m.me["moved"]:
        return None  # it came here this turn: act from here
    if m.at in goals:  # it stood here a whole turn for nothing
        goals = [c for c in m.goal_cells(stale=True) if c != m.at]
    path = m.path_to(goals) if goals else []
    if m.me["spotted"] and m.capturers_near(1):  # seen, and they could take him
        safe = _evade(m)
        if m.at in safe:
            return None
        if goals:  # of the safe cells, those on his way
            nearest = min(min(chebyshev(c, g) for g in goals) for c in safe)
            safe = [c for c in safe if min(chebyshev(c, g) for g in goals) == nearest]
        path = m.path_to(safe) or path
        for c in moves:
            if path and _cell(c.path[0]) == path[0]:
                return c
        return None
    if m.at in m.hot:  # spotted here: away from here first
        path = path or m.path_to(_away(m)) or []
    if not path:
        return None
    reach = path[: m.me["moves_left"]]
    hurry = not m.todo or m.turns_left <= HURRY or not m.patient
    weight = 1 if hurry else CAUTION
    scores = [(m.threat(m.at) * weight, 0)]
    for i, cell in enumerate(reach, 1):
        scores.append((m.threat(cell) * weight - 3 * i, i))
    best = min(scores)[1]
    if best == 0:
        return None
    for c in moves:
        if _cell(c.path[0]) == path[0]:
            return c
    return None


def _away(m: _Mind) -> list[Cell]:
    return [
        c
        for c, _ in m.board.grid.cells()
        if m.board.enterable(c) and m.cover(c) and all(chebyshev(c, h) > 3 for h in m.hot)
    ]


def _last_action(m: _Mind, by_type) -> cmd.Command | None:
    """Nothing to shoot and no farther to go this turn: tidy up."""
    me = m.me
    if me["spotted"]:
        for c in by_type.get(cmd.Hide, []):
            return c
    for c in by_type.get(cmd.TakeAmmo, []):
        if me["ammo"] <= 3:
            return c
    for c in by_type.get(cmd.Use, []):
        effect = content.equipment(c.card).effect
        if effect == "heal" and me["health"] <= me["max_health"] - 2:
            return c
        if effect == "refill" and me["ammo"] <= 2:
            return c
    return None


def play(game, max_commands: int = 2000) -> str | None:
    """Play the sniper's seat with a fresh bot until the game ends or the
    commander (a person) is to act; the outcome."""
    bot = SniperBot()
    for _ in range(max_commands):
        if game.outcome is not None or game.view("sniper")["active"] != "sniper":
            break
        game.submit(bot.choose(game.view("sniper"), game.legal_commands()))
    return game.outcome
