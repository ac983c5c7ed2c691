"""The Outbreak bot: `choose(view)` picks one command from the view's `legal`.

It sees only its own view (K-7, OB-10) and is deterministic: the same view
gives the same command (ties go to the first listed). Its plan, per step:
- race for the Helipad once it lies on the map, round zombies it would
  rather not fight; before that, kill zombies when the fight pays (the odds
  of dying, counted with its bullets, life and bonuses, against half its
  kills) and pick up tokens;
- lay tiles near itself, keeping roads open; the
  Helipad (when it places it) where it is nearer to itself than to anyone;
- move zombies onto the shortest paths of whoever is nearest the Helipad,
  or, before it lies, toward itself and onto a kills leader who could die;
- play the event card that helps most now, and discard a weak card."""

from __future__ import annotations

import heapq
from functools import lru_cache

from engine.core.geometry import manhattan
from engine.outbreak import content
from engine.outbreak.board import Board, Cell, Placed, board_of, pos_of

FIGHT_PENALTY = 2.0  # extra cost of a step into a zombie when racing


def keep_value(card: str) -> float:
    """How much a card is worth keeping in hand, read from its fields."""
    spec = content.event(card)
    if spec.moves:
        return 5
    if spec.no_fights or spec.no_move_die:
        return 4
    if spec.fight_bonus < 0:
        return 0.5
    if spec.zombies or (spec.fight_bonus and spec.lasts != "turn"):
        return 3
    if spec.bullets or spec.life:
        return 2.5
    if spec.draw:
        return 2
    return 1


@lru_cache(maxsize=4096)
def death_odds(life: int, bullets: int, bonus: int) -> float:
    """Chance a fight kills the figure, paying bullets whenever they cover the roll."""
    if life <= 0:
        return 1.0
    odds = 0.0
    for die in range(1, 7):
        total = die + bonus
        if total >= content.WIN_ROLL or bullets >= content.WIN_ROLL - total:
            continue
        odds += (1.0 if life == 1 else death_odds(life - 1, bullets, bonus)) / 6
    return odds


def _cell(value) -> Cell:
    return (value[0], value[1])


class Sight:
    """What the bot reads off its view, computed once per decision."""

    def __init__(self, view: dict) -> None:
        self.view = view
        self.me_id: str = view["viewer"]
        self.seats: dict = view["seats"]
        self.me: dict = self.seats[self.me_id]
        self.cell: Cell = _cell(self.me["cell"])
        self.board: Board = board_of(
            tuple(Placed(t["tile"], _cell(t["at"]), t["rotation"]) for t in view["tiles"])
        )
        self.zombies: set[Cell] = {_cell(z) for z in view["zombies"]}
        self.tokens: dict[Cell, str] = {(t[0], t[1]): t[2] for t in view["tokens"]}
        self.pad: Cell | None = _cell(view["helipad"]) if view["helipad"] else None
        self.opponents = [s for s in view["order"] if s != self.me_id]
        self._pad_dist: dict[Cell, int] | None = None
        self._dists: dict[Cell, dict[Cell, int]] = {}

    # -- reading -------------------------------------------------------------------
    def bonus(self) -> int:
        return sum(content.event(e).fight_bonus for e in self.me["effects"])

    def passes_zombies(self) -> bool:
        return any(content.event(e).no_fights for e in self.me["effects"])

    def risk(self) -> float:
        """The odds that the next fight kills this figure."""
        return death_odds(self.me["life"], self.me["bullets"], self.bonus())

    def fight_pays(self) -> bool:
        """A kill (1) is worth more than what dying costs, at these odds."""
        kills = self.me["kills"]
        if kills + 1 >= self.view["kills_to_win"]:
            return self.risk() < 0.5
        return self.risk() * (kills / 2 + 3) < 1

    def dist_from(self, cell: Cell) -> dict[Cell, int]:
        """Steps along connections from a cell (computed once per decision)."""
        if cell not in self._dists:
            self._dists[cell] = self.board.distances([cell])
        return self._dists[cell]

    def seat_cell(self, sid: str) -> Cell:
        return _cell(self.seats[sid]["cell"])

    @property
    def pad_dist(self) -> dict[Cell, int]:
        if self._pad_dist is None:
            self._pad_dist = self.board.distances([self.pad]) if self.pad else {}
        return self._pad_dist

    def racing(self) -> bool:
        return self.pad is not None and self.cell in self.pad_dist

    def race_cost(self) -> dict[Cell, float]:
        """Cost to the pad from every cell; a step into a zombie costs more."""
        penalty = 0.0 if self.passes_zombies() else FIGHT_PENALTY * (1 + 4 * self.risk())
        cost = {self.pad: 0.0}
        heap = [(0.0, self.pad)]
        links = self.board.links
        while heap:
            c, cell = heapq.heappop(heap)
            if c > cost.get(cell, 1e9):
                continue
            step = 1 + (penalty if cell in self.zombies else 0.0)
            for n in links.get(cell, ()):
                nc = c + step
                if nc < cost.get(n, 1e9):
                    cost[n] = nc
                    heapq.heappush(heap, (nc, n))
        return cost

    def seat_dist(self, sid: str) -> int:
        """Steps from a seat's figure to the pad (large when it cannot get there)."""
        return self.pad_dist.get(self.seat_cell(sid), 999)

    def threat(self) -> str | None:
        """The opponent nearest the pad, or before it the one with most kills."""
        if not self.opponents:
            return None
        if self.pad is not None:
            return min(self.opponents, key=self.seat_dist)
        return max(self.opponents, key=lambda s: self.seats[s]["kills"])


def choose(view: dict) -> dict:
    """The bot's command for this view: one of view["legal"]."""
    legal = view["legal"]
    if not legal:
        raise ValueError("the bot has nothing to do in this view")
    kind = legal[0]["type"]
    sight = Sight(view)
    if kind == "choose":
        return _choose_option(sight, legal)
    if kind in ("play_event", "draw_tile"):
        return _event_or_draw(sight, legal)
    if kind == "place_tile":
        return _place(sight, legal)
    if kind in ("move", "end_move"):
        return _step(sight, legal)
    return _zombies(sight, legal)


def _best(legal: list[dict], score) -> tuple[dict, float]:
    best, best_score = legal[0], float("-inf")
    for c in legal:
        s = score(c)
        if s > best_score:
            best, best_score = c, s
    return best, best_score


# -- fights --------------------------------------------------------------------------
def _choose_option(sight: Sight, legal: list[dict]) -> dict:
    options = {c["option"]: c for c in legal}
    return options.get("bullets") or options["life"]


# -- step 1: the event card -------------------------------------------------------------
def _event_or_draw(sight: Sight, legal: list[dict]) -> dict:
    draw = next(c for c in legal if c["type"] == "draw_tile")
    plays = [c for c in legal if c["type"] == "play_event"]
    if not plays:
        return draw
    best, score = _best(plays, lambda c: _card_value(sight, c))
    return best if score > 0.1 else draw


def _card_value(sight: Sight, c: dict) -> float:
    spec = content.event(c["card"])
    me = sight.me
    racing = sight.racing()
    value = 0.0
    if spec.lasts and c["card"] in me["effects"] and spec.target != "opponent":
        return -1.0  # an effect does not stack with itself
    if spec.fight_bonus:
        near = any(manhattan(z, sight.cell) <= 4 for z in sight.zombies)
        if spec.everyone and spec.fight_bonus < 0:  # a curse on all: worth it far from zombies
            return -0.5 if near else 0.3
        value += spec.fight_bonus * (0.35 if near else 0.1) * (2 if spec.lasts != "turn" else 1)
    if spec.no_fights:
        value += _blockers_on_my_way(sight) * 0.6 if racing else 0.0
    if spec.moves:
        if racing:
            value += 1.5 if sight.pad_dist[sight.cell] > 1 else 0.0
        else:
            value += 0.15
    if spec.bullets:
        value += 0.8 if me["bullets"] <= 1 else 0.5 if me["bullets"] <= 3 else 0.2
    if spec.life:
        room = max(0, min(spec.life, (spec.life_max or 99) - me["life"]))
        value += room * (0.5 if me["life"] <= 1 else 0.3 if me["life"] <= 2 else 0.1)
    if spec.no_move_die:
        value += _cramp_value(sight, c["target"])
    if spec.zombies:
        value += _horde_value(sight, _cell(c["tile"]), spec.zombies)
    if spec.push:
        value += _push_value(sight, c)
    if spec.stampede:
        value += _stampede_value(sight, _cell(c["tile"]))
    if spec.draw:
        value += 0.3
    if spec.everyone:  # the rivals gain as much
        value *= 0.5
    return value


def _blockers_on_my_way(sight: Sight) -> int:
    """Zombies on a shortest way from the bot to the pad."""
    mine = sight.dist_from(sight.cell)
    total = sight.pad_dist.get(sight.cell)
    if total is None:
        return 0
    return sum(1 for z in sight.zombies if mine.get(z, 999) + sight.pad_dist.get(z, 999) == total)


def _cramp_value(sight: Sight, target: str) -> float:
    if sight.pad is not None:
        d = sight.seat_dist(target)
        mine = sight.pad_dist.get(sight.cell, 999)
        if target == sight.threat() and d <= mine + 2:
            return 1.4 if d <= 8 else 0.6
        return 0.05
    return 0.2 if target == sight.threat() else 0.05


def _horde_value(sight: Sight, pos: tuple[int, int], count: int) -> float:
    free = [c for c in sight.board.road_cells(pos) if c not in sight.zombies][:count]
    if not free:
        return -1.0
    if sight.pad is not None:
        threat = sight.threat()
        if threat is None:
            return 0.0
        their = sight.dist_from(sight.seat_cell(threat))
        total = sight.seat_dist(threat)
        mine = sight.dist_from(sight.cell)
        my_total = sight.pad_dist.get(sight.cell, 999)
        value = 0.0
        for c in free:
            if their.get(c, 999) + sight.pad_dist.get(c, 999) == total:
                value += 0.5
            if mine.get(c, 999) + sight.pad_dist.get(c, 999) == my_total:
                value -= 0.6
        return value
    if not sight.fight_pays():
        return -0.5
    mine = sight.dist_from(sight.cell)
    return sum(0.3 for c in free if mine.get(c, 999) <= 4)


def _push_value(sight: Sight, c: dict) -> float:
    if sight.pad is None or c["target"] != sight.threat():
        return 0.0
    here = sight.seat_cell(c["target"])
    dx, dy = content.STEP[c["direction"]]
    to = (here[0] + dx, here[1] + dy)
    if to == sight.pad:
        return -100.0  # never push someone onto the Helipad
    gain = sight.pad_dist.get(to, 999) - sight.pad_dist.get(here, 999)
    return 0.4 * gain if sight.seat_dist(c["target"]) <= 8 else 0.0


def _stampede_value(sight: Sight, pos: tuple[int, int]) -> float:
    dists = {sid: sight.dist_from(sight.seat_cell(sid)) for sid in sight.view["order"]}
    value = 0.0
    threat = sight.threat()
    for z in sight.zombies:
        if pos_of(z) != pos:
            continue
        nearest = min(dists, key=lambda sid: dists[sid].get(z, 999))
        if nearest == sight.me_id:
            value += 0.2 if sight.fight_pays() and sight.pad is None else -0.2
        elif nearest == threat:
            value += 0.3
    return value


# -- step 2: the tile -----------------------------------------------------------------------
def _place(sight: Sight, legal: list[dict]) -> dict:
    tid = sight.view["drawn_tile"]
    if content.tile(tid).last:
        return _best(legal, lambda c: _helipad_score(sight, c))[0]
    return _best(legal, lambda c: _tile_score(sight, tid, c))[0]


def _tile_score(sight: Sight, tid: str, c: dict) -> float:
    """Keep the map open (the Helipad needs a road to lie at) and lay tiles
    near the bot: their zombies are its kills, their tokens its supplies."""
    board = sight.board.with_tile(Placed(tid, _cell(c["at"]), c["rotation"]))
    open_edges = len(board.open_edges())
    centre = (c["at"][0] * 3 + 1, c["at"][1] * 3 + 1)
    near = manhattan(centre, sight.cell)
    spec = content.tile(tid)
    loot = spec.bullets + spec.lives if spec.building else 0
    fodder = 0.3 if sight.fight_pays() else -0.3
    return min(open_edges, 6) * 0.4 - near * 0.15 * (1 + loot * 0.2 + fodder)


def _helipad_score(sight: Sight, c: dict) -> float:
    board = sight.board.with_tile(Placed(sight.view["drawn_tile"], _cell(c["at"]), c["rotation"]))
    pad = next(
        cell for cell, k in board.kinds.items() if k == "pad" and pos_of(cell) == tuple(c["at"])
    )
    dist = board.distances([pad])
    mine = dist.get(sight.cell, 999)
    theirs = min((dist.get(sight.seat_cell(o), 999) for o in sight.opponents), default=999)
    moving_first = 0 if sight.view["current"] == sight.me_id else 2
    return theirs - mine - moving_first


# -- step 5: movement -------------------------------------------------------------------------
def _step(sight: Sight, legal: list[dict]) -> dict:
    end = next(c for c in legal if c["type"] == "end_move")
    moves = [c for c in legal if c["type"] == "move"]
    if not moves:
        return end
    if sight.racing():
        cost = sight.race_cost()
        here = cost.get(sight.cell, 1e9)
        penalty = 0.0 if sight.passes_zombies() else FIGHT_PENALTY * (1 + 4 * sight.risk())

        def via(c: dict) -> float:
            to = _cell(c["to"])
            return cost.get(to, 1e9) + 1 + (penalty if to in sight.zombies else 0.0)

        best, score = _best(moves, lambda c: -via(c))
        return best if -score <= here + 1e-9 else end
    target = _hunt_target(sight)
    if target is None:
        return end
    dist = _walk_dist(sight, target)
    best, score = _best(moves, lambda c: -dist.get(_cell(c["to"]), 1e9))
    return best if -score < dist.get(sight.cell, 1e9) else end


def _walk_dist(sight: Sight, target: Cell) -> dict[Cell, int]:
    """Steps to target, not through zombies the bot does not mean to fight."""
    dist = {target: 0}
    frontier = [target]
    fights = sight.fight_pays() or sight.passes_zombies()
    links = sight.board.links
    while frontier:
        nxt = []
        for cell in frontier:
            if cell != target and cell in sight.zombies and not fights:
                continue
            for n in links.get(cell, ()):
                if n not in dist:
                    dist[n] = dist[cell] + 1
                    nxt.append(n)
        frontier = nxt
    return dist


def _hunt_target(sight: Sight) -> Cell | None:
    """The most worthwhile zombie or token to walk to, or None."""
    mine = sight.dist_from(sight.cell)
    fights = sight.fight_pays() and not sight.passes_zombies()
    best, best_value = None, 0.0
    for cell, d in mine.items():
        value = 0.0
        if cell in sight.zombies:
            value = 1.0 if fights else 0.0
        elif cell in sight.tokens:
            kind = sight.tokens[cell]
            value = 0.8 if kind == "life" and sight.me["life"] <= 2 else 0.5
        if value <= 0 or d == 0:
            continue
        score = value - 0.08 * d
        if score > best_value:
            best, best_value = cell, score
    return best


# -- step 6 and 7: zombies, discard -----------------------------------------------------------
def _zombies(sight: Sight, legal: list[dict]) -> dict:
    ends = [c for c in legal if c["type"] == "end_turn"]
    moves = [c for c in legal if c["type"] == "move_zombie"]
    if moves:
        judge = _ZombieJudge(sight)
        best, score = _best(moves, judge.score)
        if score > 0.05:
            return best
    return _discard(sight, ends)


def _discard(sight: Sight, ends: list[dict]) -> dict:
    keep = [c for c in ends if "discard" not in c]
    discards = [c for c in ends if "discard" in c]
    if not discards:
        return keep[0]
    worst = min(discards, key=lambda c: keep_value(c["discard"]))
    if not keep:  # a discard is due (discard=mandatory): the weakest card goes
        return worst
    hand = sight.me["hand"] or []
    if len(hand) < content.HAND:
        return keep[0]
    return worst if keep_value(worst["discard"]) < 2.5 else keep[0]


class _ZombieJudge:
    """Scores one zombie step by whom it hinders and whom it helps."""

    def __init__(self, sight: Sight) -> None:
        self.sight = sight
        self.paths: list[tuple[float, dict[Cell, int], int]] = []
        s = sight
        if s.pad is not None:
            for sid in s.view["order"]:
                total = s.seat_dist(sid)
                if total >= 999:
                    continue
                mine = sid == s.me_id
                urgency = 1.0 / (1 + max(0, total - 3))  # who reaches the pad soon
                weight = -1.2 * urgency if mine else urgency
                dist = s.dist_from(s.seat_cell(sid))
                self.paths.append((weight, dist, total))
        self.my_dist = s.dist_from(s.cell)
        self.fights = s.fight_pays()

    def on_path(self, cell: Cell, dist: dict[Cell, int], total: int) -> bool:
        return dist.get(cell, 999) + self.sight.pad_dist.get(cell, 999) == total

    def score(self, c: dict) -> float:
        a, b = _cell(c["from"]), _cell(c["to"])
        s = self.sight
        if s.pad is not None:
            value = 0.0
            for weight, dist, total in self.paths:
                value += weight * (self.on_path(b, dist, total) - self.on_path(a, dist, total))
            return value
        value = 0.0
        if self.fights:  # bring zombies to the bot to kill next turn
            da, db = self.my_dist.get(a, 99), self.my_dist.get(b, 99)
            if db < da and db <= 6:
                value += 0.15 * (da - db)
        for o in s.opponents:
            seat = s.seats[o]
            if _cell(seat["cell"]) == b and seat["life"] > 0:
                odds = death_odds(seat["life"], seat["bullets"], 0)
                value += odds * seat["kills"] / 2 - (1 - odds) * 1.0
        return value
