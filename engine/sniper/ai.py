"""The commander AI (SN-9, SN-12): `commander_commands(view) -> list`.

Pure and deterministic, and it reads nothing but its argument: a commander
view (DESIGN-sniper "Views"), as a dict or after a JSON round trip. It never
learns the sniper's true cell, objectives or hand; it acts on what its units
saw (the sniper's cell while he is spotted, the last known position), heard
(noises, alerts) and what the map shows everyone (his start, the escapes).

It hunts. Its lead is the freshest thing it knows: his cell while spotted;
a last known position from this very turn (he cannot have moved since he was
seen: spotted, every step he takes is tracked, and hiding or shooting ends
his moves); a noise this turn (he made it within 6 of where he stands); an
older last known position (he walks 4 a turn); at worst his start. Then:

- an exact lead: the units that can reach it go for his cell (a unit that
  steps into it stops before and finds him, and a soldier or officer next to
  a spotted sniper takes him at the end of the turn); the rest close in;
- a lead that is not exact: units *search* the cells he could be on (those
  no unit sees or smells now, near the lead, cover first), each a different
  cell, spread out, and walk through them;
- a few keep watch where he must come: next to the escape cells once he has
  done something there or half the game is gone, changing post each turn;
- patrols keep to their routes unless the lead is fresh and near;
- an alert is followed only while the unit can get next to it; one it cannot
  reach (a road vehicle, an alert off the road) is dropped for the lead;
- no unit stands still while it has somewhere to look, except one already
  next to the spotted sniper.

One event a turn, chosen by what it does (its effect), never by its name:
bombardment on a sniper it knows the cell of (before its units close in),
a searchlight where the most of his possible cells lie, reinforcements and
dogs at the entry nearest the lead, the roadblock to bring the vehicle up."""

from __future__ import annotations

from functools import lru_cache

from engine.core.geometry import Grid, chebyshev
from engine.sniper import commands as cmd
from engine.sniper import content
from engine.sniper.board import COVER, Board, neighbours

Cell = tuple[int, int]
SNIPER_MOVES = 4  # how far he walks in a turn: an old lead spreads this much a turn
NOISE_REACH = 6  # a noise he made is within this of him (a decoy's throw)
SPREAD = 2  # two searchers' cells this close share a look: one is enough
NEAR_PATROL = 2  # a patrol leaves its route for a fresh lead this many moves away


@lru_cache(maxsize=16)
def _board(rows: tuple[str, ...]) -> Board:
    return Board(Grid(rows))


@lru_cache(maxsize=1024)
def _steps(rows: tuple[str, ...], road: bool, at: Cell) -> dict:
    """Steps from `at` to every cell reachable on foot (or by road)."""
    b = _board(rows)
    return b.distances([at], b.is_road if road else b.enterable)


@lru_cache(maxsize=64)
def _ground(rows: tuple[str, ...], road: bool) -> tuple[Cell, ...]:
    b = _board(rows)
    ok = b.is_road if road else b.enterable
    return tuple(c for c, _ in b.grid.cells() if ok(c))


def _cell(c) -> Cell | None:
    return None if c is None else (int(c[0]), int(c[1]))


class _Lead:
    """Where it thinks he is: a cell, how many turns old, and whether he is
    surely on it (exact) or somewhere within `radius` of it."""

    def __init__(self, at: Cell, age: int, exact: bool, radius: int) -> None:
        self.at, self.age, self.exact, self.radius = at, age, exact, radius


class _Picture:
    """The commander's picture of the board, read from his view."""

    def __init__(self, view: dict) -> None:
        self.rows = tuple(view["map"])
        self.board = _board(self.rows)
        self.turn = int(view["turn"])
        self.turns = int(view.get("turns", 12))
        rain = view.get("rain_until")
        self.raining = rain is not None and self.turn <= int(rain)
        n = content.numbers()
        self.sight = n.rain_sight if self.raining else n.unit_sight
        self.slow = n.rain_slow if self.raining else 0
        self.smoke = frozenset(
            (m["at"][0] + dx, m["at"][1] + dy)
            for m in view.get("smoke", [])
            for r in [int(m.get("radius", 1))]
            for dx in range(-r, r + 1)
            for dy in range(-r, r + 1)
        )
        self.units = [
            (uid, u) for uid, u in view["units"].items() if u.get("alive", True)
        ]  # the view lists them in id order
        self.occupied = {_cell(u["at"]) for _, u in self.units}
        self.sniper_at = _cell(view.get("sniper_at"))
        lk = view.get("last_known")
        self.last_known = None if lk is None else (_cell(lk["at"]), int(lk["turn"]))
        self.noises = [_cell(n["at"]) for n in view.get("noises", [])]
        self.hand = list(view.get("commander_hand", []))
        self.entries = [_cell(c) for c in view.get("entries", [])]
        self.event_played = bool(view.get("event_played", False))
        self.features = dict(view.get("features", {}))
        self.kills = dict(view.get("kills", {}))
        self.escapes = self.board.cells_of("E")
        starts = self.board.cells_of("S")
        self.start = starts[0] if starts else None
        self.possible: dict[tuple[Cell, int], dict[Cell, int]] = {}  # by lead
        self.lead = self._lead()

    def passable(self, kind: str):
        if content.unit(kind).ground == "road":
            return self.board.is_road
        return self.board.enterable

    def speed(self, kind: str) -> int:
        return max(0, content.unit(kind).speed - self.slow)

    def steps_from(self, kind: str, at: Cell) -> dict:
        """Steps from `at` to every cell a unit of this kind can reach."""
        return _steps(self.rows, content.unit(kind).ground == "road", at)

    def _lead(self) -> _Lead | None:
        lk = self.last_known
        if self.sniper_at is not None:
            return _Lead(self.sniper_at, 0, True, 0)
        if lk is not None and lk[1] >= self.turn:
            return _Lead(lk[0], 0, True, 0)  # seen this turn: he has not moved since
        if self.noises:
            return _Lead(self.noises[-1], 0, False, NOISE_REACH)
        if lk is not None:
            age = self.turn - lk[1]
            return _Lead(lk[0], age, False, SNIPER_MOVES * age)
        if self.start is not None:  # he has walked from it every turn so far
            return _Lead(self.start, self.turn, False, SNIPER_MOVES * self.turn)
        return None

    def progress(self) -> bool:
        """He has done something the commander can see: a feature gone, an
        officer or the vehicle dead, soldiers falling."""
        if any(v in ("destroyed", "taken") for v in self.features.values()):
            return True
        return any(self.kills.get(k, 0) for k in ("officer", "vehicle")) or (
            self.kills.get("soldier", 0) >= 2
        )


def commander_commands(view: dict) -> list[cmd.Command]:
    """The commander's whole turn: at most one event, the orders, end_turn last."""
    p = _Picture(view)
    out: list[cmd.Command] = []
    moved_by_event: set[str] = set()
    if not p.event_played:
        event = _choose_event(p)
        if event is not None:
            out.append(event)
            spec = content.event(event.card)
            if spec.effect == "roadblock":
                moved_by_event |= {uid for uid, u in p.units if u["kind"] == spec.unit}
                vehicle = next(u for _, u in p.units if u["kind"] == spec.unit)
                p.occupied.discard(_cell(vehicle["at"]))
                p.occupied.add(_cell(event.at))
    targets = _plan(p, moved_by_event)
    for uid, u in p.units:
        if uid not in targets:
            continue
        at = _cell(u["at"])
        to = _advance(p, u["kind"], at, targets[uid], p.speed(u["kind"]))
        if to is not None and to != at:
            out.append(cmd.Order(unit=uid, to=to))
            p.occupied.discard(at)
            p.occupied.add(to)
    out.append(cmd.EndTurn())
    return out


# -- who goes where ------------------------------------------------------------------
def _plan(p: _Picture, skip: set[str]) -> dict[str, list[Cell]]:
    """Each unit to move: the cells it heads for (the nearest is its goal)."""
    lead = p.lead
    free = [(uid, u) for uid, u in p.units if not u.get("moved") and uid not in skip]
    out: dict[str, list[Cell]] = {}
    taken: list[Cell] = []  # cells already given to a unit: spread out
    rest = []
    pounce = []
    for uid, u in free:
        at = _cell(u["at"])
        kind = u["kind"]
        if lead is not None and lead.exact:
            if _next_to_seen(p, at):
                continue  # next to him in plain view: it holds
            reach = _reach_of(p, kind, p.steps_from(kind, at), lead.at)
            if reach <= 3 * p.speed(kind):
                # the soldiers and officers who get there soonest go first
                turns = (reach + p.speed(kind) - 1) // max(1, p.speed(kind))
                pounce.append((turns, not content.unit(kind).captures, reach, uid, kind))
                continue
        rest.append((uid, u))
    for _, _, _, uid, kind in sorted(pounce):
        out[uid] = _pounce(p, kind, lead.at, taken)
        taken.extend(out[uid][:1])
    guards = _guards(p, rest)
    for uid, u in rest:
        at = _cell(u["at"])
        kind = u["kind"]
        if uid in guards:
            out[uid] = [guards[uid]]
            continue
        alert = _cell(u.get("alert"))
        patrol = u.get("patrol") or []
        own = _own_lead(p, kind, at, alert, lead)
        if patrol and not _lead_near(p, kind, at, own):
            goal = _cell(patrol[int(u.get("waypoint", 0)) % len(patrol)])
            if goal != at:
                out[uid] = [goal] if p.passable(kind)(goal) else _nearest_ground(p, kind, goal)
                continue
        if own is None:
            continue  # nothing known at all: it holds
        goal = _search_cell(p, kind, at, own, taken)
        if goal is not None:
            out[uid] = [goal]
            taken.append(goal)
    return out


def _next_to_seen(p: _Picture, at: Cell) -> bool:
    s = p.sniper_at
    return s is not None and chebyshev(at, s) <= 1


def _reach_of(p: _Picture, kind: str, steps: dict, cell: Cell) -> int:
    """Steps to stand on or next to `cell` (a large number when it cannot)."""
    best = steps.get(cell)
    for n in neighbours(cell):
        d = steps.get(n)
        if d is not None and (best is None or d < best):
            best = d
    return 1 << 20 if best is None else best


def _pounce(p: _Picture, kind: str, at: Cell, taken: list[Cell]) -> list[Cell]:
    """Goals for a unit closing on his known cell: the cell itself (it stops
    before it and finds him) for the first, free cells around it for the next."""
    ok = p.passable(kind)
    if ok(at) and at not in taken:
        return [at]
    around = [c for c in neighbours(at) if ok(c) and c not in taken and c not in p.occupied]
    return around or _nearest_ground(p, kind, at)


def _own_lead(p: _Picture, kind: str, at: Cell, alert: Cell | None, lead: _Lead | None):
    """A unit's lead: its alert while it is fresher than the commander's lead
    and the unit can get next to it; else the commander's lead."""
    if alert is None:
        return lead
    if _reach_of(p, kind, p.steps_from(kind, at), alert) >= 1 << 20:
        return lead  # it cannot get there: dropped
    fresh = alert in p.noises or (p.last_known is not None and alert == p.last_known[0])
    if lead is None or (fresh and not lead.exact and lead.age > 0):
        return _Lead(alert, 0, False, NOISE_REACH)
    return lead


def _lead_near(p: _Picture, kind: str, at: Cell, lead: _Lead | None) -> bool:
    if lead is None or lead.age > 1:
        return False
    steps = p.steps_from(kind, at).get(lead.at)
    return steps is not None and steps <= NEAR_PATROL * p.speed(kind) + lead.radius


def _possible(p: _Picture, lead: _Lead) -> dict[Cell, int]:
    """The cells he could be on, with how unlikely each is (lower: likelier):
    near the lead, not seen by a unit now, not within a dog's nose, no unit on it."""
    key = (lead.at, lead.radius)
    got = p.possible.get(key)
    if got is not None:
        return got
    b = p.board
    out: dict[Cell, int] = {}
    p.possible[key] = out
    r = max(1, min(lead.radius, max(b.width, b.height)))
    eyes = [_cell(u["at"]) for _, u in p.units]
    noses = [
        (_cell(u["at"]), content.unit(u["kind"]).smell)
        for _, u in p.units
        if content.unit(u["kind"]).smell
    ]
    x0, y0 = lead.at
    for y in range(max(0, y0 - r), min(b.height, y0 + r + 1)):
        for x in range(max(0, x0 - r), min(b.width, x0 + r + 1)):
            c = (x, y)
            if not b.enterable(c) or c in p.occupied:
                continue
            if any(chebyshev(c, at) <= nose for at, nose in noses):
                continue
            cover = b.glyph(c) in COVER or c in p.smoke
            if not cover and any(
                chebyshev(c, e) <= p.sight and b.clear(e, c, p.smoke) for e in eyes
            ):
                continue  # in the open in plain view: he would be spotted
            out[c] = chebyshev(c, lead.at) + (0 if cover else 2)
    return out


def _search_cell(p: _Picture, kind: str, at: Cell, lead: _Lead, taken: list[Cell]) -> Cell | None:
    """The cell this unit searches: a likely one it can reach soon, away from
    the cells the others search. Never its own cell: it keeps looking."""
    steps = p.steps_from(kind, at)
    cells = _possible(p, lead)
    nose = content.unit(kind).smell
    spread = SPREAD + nose
    best, best_cost = None, None
    speed = max(1, p.speed(kind))
    for c, unlikely in cells.items():
        d = steps.get(c)
        if d is None or c == at:
            continue
        cost = 3 * unlikely + (d + speed - 1) // speed * 2
        if any(chebyshev(c, t) <= spread for t in taken):
            cost += 12
        if best_cost is None or cost < best_cost:
            best, best_cost = c, cost
    if best is not None:
        return best
    # nothing left to search there: toward the lead itself, else anywhere but here
    if steps.get(lead.at) is not None and lead.at != at and lead.at not in p.occupied:
        return lead.at
    ground = [c for c in _nearest_ground(p, kind, lead.at) if c != at and c in steps]
    if ground:
        return ground[0]
    around = [c for c in neighbours(at) if c in steps and c not in p.occupied]
    return around[0] if around else None


def _guards(p: _Picture, units: list) -> dict[str, Cell]:
    """Units that keep watch next to the escapes: one soldier or officer for
    each group of escape cells, once he has done something the commander can
    see or half the game is gone. Two posts each, taken in turn."""
    if not p.escapes or not (p.progress() or 2 * p.turn > p.turns):
        return {}
    groups: list[list[Cell]] = []
    for e in p.escapes:
        for g in groups:
            if any(chebyshev(e, f) <= 2 for f in g):
                g.append(e)
                break
        else:
            groups.append([e])
    spare = [(uid, u) for uid, u in units if content.unit(u["kind"]).captures]
    if len(spare) < 2:
        return {}
    out: dict[str, Cell] = {}
    for g in groups[: len(spare) // 2]:
        best = None
        for uid, u in spare:
            if uid in out:
                continue
            steps = p.steps_from(u["kind"], _cell(u["at"]))
            d = min((steps.get(e, 1 << 20) for e in g), default=1 << 20)
            if d < 1 << 20 and (best is None or d < best[0]):
                best = (d, uid, u)
        if best is None:
            continue
        _, uid, u = best
        posts = _posts(p, u["kind"], g, _cell(u["at"]))
        if posts:
            out[uid] = posts[p.turn % len(posts)]
    return out


def _posts(p: _Picture, kind: str, group: list[Cell], at: Cell) -> list[Cell]:
    """Two cells next to a group of escape cells (never on one), nearest first."""
    ok = p.passable(kind)
    cells = {
        n
        for e in group
        for n in neighbours(e)
        if ok(n) and n not in group and (n not in p.occupied or n == at)
    }
    order = sorted(cells, key=lambda c: (min(chebyshev(c, e) for e in group), c[1], c[0]))
    return order[:2]


def _nearest_ground(p: _Picture, kind: str, target: Cell) -> list[Cell]:
    cells = _ground(p.rows, content.unit(kind).ground == "road")
    if not cells:
        return []
    best = min(chebyshev(c, target) for c in cells)
    return [c for c in cells if chebyshev(c, target) == best]


def _advance(p: _Picture, kind: str, at: Cell, goals: list[Cell], steps: int) -> Cell | None:
    """As far as `steps` allow along a shortest path to the nearest goal,
    stopping short of cells other units hold."""
    passable = p.passable(kind)
    if len(goals) == 1:
        dist = p.steps_from(kind, goals[0])
    else:
        dist = p.board.distances(goals, passable, until=at)
    if at not in dist:
        return None
    path = [at]
    here = at
    while dist[here] > 0 and len(path) - 1 < steps:
        for n in neighbours(here):
            if dist.get(n) == dist[here] - 1 and passable(n):
                here = n
                break
        else:
            break
        path.append(here)
    while len(path) > 1 and path[-1] in p.occupied:
        path.pop()
    return path[-1]


# -- the event of the turn ---------------------------------------------------------------
def _choose_event(p: _Picture) -> cmd.PlayEvent | None:
    """The first useful card in this order of effects, from what he knows."""
    held = {content.event(c).effect: c for c in reversed(p.hand)}
    lead = p.lead
    lk = p.last_known
    if lead is not None and lead.exact:
        if not _capture_sure(p, lead.at):
            if "bombard" in held and lk is not None and p.sniper_at is not None:
                radius = content.event(held["bombard"]).radius
                if not any(chebyshev(_cell(u["at"]), lk[0]) <= radius for _, u in p.units):
                    return cmd.PlayEvent(card=held["bombard"])
            if "search" in held and p.sniper_at is None:
                return cmd.PlayEvent(card=held["search"], at=lead.at)
    elif lead is not None and lead.age <= 1 and "search" in held:
        at = _light_centre(p, lead, content.event(held["search"]).radius)
        if at is not None:
            return cmd.PlayEvent(card=held["search"], at=at)
    for effect in ("arrive", "roadblock"):
        card = held.get(effect)
        known = lk is not None or p.noises
        if card is not None and (known or len(p.hand) > 3):
            event = _place(p, card, lead.at if lead else None)
            if event is not None:
                return event
    if lead is not None and lead.age <= 1 and "alarm" in held and lk is not None:
        if lk[1] >= p.turn - 1:
            return cmd.PlayEvent(card=held["alarm"])
    if lk is None and "rain" in held and len(p.hand) > 2 and not p.raining:
        return cmd.PlayEvent(card=held["rain"])
    return None


def _capture_sure(p: _Picture, at: Cell) -> bool:
    """A soldier or officer can step into his known cell this turn (and so stop
    next to him, having found him)."""
    for _, u in p.units:
        if not content.unit(u["kind"]).captures or u.get("moved"):
            continue
        here = _cell(u["at"])
        if chebyshev(here, at) <= 1:
            return True
        d = p.steps_from(u["kind"], here).get(at)
        if d is not None and d <= p.speed(u["kind"]):
            return True
    return False


def _light_centre(p: _Picture, lead: _Lead, radius: int) -> Cell | None:
    """Where a searchlight covers the most of his likeliest cells."""
    cells = _possible(p, lead)
    if not cells:
        return None
    weight = {c: max(1, 3 * lead.radius + 3 - 3 * u) for c, u in cells.items()}
    best, best_score = None, 0
    for centre in sorted(cells, key=lambda c: (c[1], c[0])):
        score = sum(w for c, w in weight.items() if chebyshev(c, centre) <= radius)
        if score > best_score:
            best, best_score = centre, score
    return best


def _place(p: _Picture, card: str, near_to: Cell | None) -> cmd.PlayEvent | None:
    spec = content.event(card)
    centre = near_to or (p.board.width // 2, p.board.height // 2)
    if spec.aim == "entry":
        kind = spec.unit
        limit = content.unit(kind).limit
        if limit and sum(1 for _, u in p.units if u["kind"] == kind) >= limit:
            return None
        free = [c for c in p.entries if c not in p.occupied]
        if not free:
            return None
        at = min(free, key=lambda c: (chebyshev(c, centre), c[1], c[0]))
        return cmd.PlayEvent(card=card, at=at)
    if spec.aim == "road":
        vehicles = [(uid, u) for uid, u in p.units if u["kind"] == spec.unit]
        if not vehicles or near_to is None:
            return None
        at = _cell(vehicles[0][1]["at"])
        goals = _nearest_ground(p, spec.unit, near_to)
        to = _advance(p, spec.unit, at, goals, spec.steps)
        return None if to is None or to == at else cmd.PlayEvent(card=card, at=to)
    return None
