"""The commander AI (SN-9, SN-12): `commander_commands(view) -> list`.

Pure and deterministic, and it reads nothing but its argument: a commander
view (DESIGN-sniper "Views"), as a dict or after a JSON round trip. It never
learns the sniper's true cell, objectives or hand; it acts on what its units
saw (the sniper's cell while he is spotted, the last known position) and
heard (noises, alerts).

Per unit, the first that applies: the sniper spotted and in its sight line
within its sight: to a cell next to him; alerted: to the alert cell;
patrolling: to its waypoint; else toward the last known position while that
is fresh (two turns at most), or it holds.
Each goes as far as its speed allows along a shortest path. One event a turn,
chosen by what it does (its effect), never by its name."""

from __future__ import annotations

from functools import lru_cache

from engine.core.geometry import Grid, chebyshev
from engine.sniper import commands as cmd
from engine.sniper import content
from engine.sniper.board import Board, neighbours

Cell = tuple[int, int]
TRAIL = 2  # a free unit follows a last known position at most this many turns old


@lru_cache(maxsize=16)
def _board(rows: tuple[str, ...]) -> Board:
    return Board(Grid(rows))


def _cell(c) -> Cell | None:
    return None if c is None else (int(c[0]), int(c[1]))


class _Picture:
    """The commander's picture of the board, read from his view."""

    def __init__(self, view: dict) -> None:
        self.board = _board(tuple(view["map"]))
        self.turn = int(view["turn"])
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

    def passable(self, kind: str):
        if content.unit(kind).ground == "road":
            return self.board.is_road
        return self.board.enterable

    def speed(self, kind: str) -> int:
        return max(0, content.unit(kind).speed - self.slow)


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
    for uid, u in p.units:
        if u.get("moved") or uid in moved_by_event:
            continue
        goals = _goals(p, u)
        if not goals:
            continue
        at = _cell(u["at"])
        to = _advance(p, u["kind"], at, goals, p.speed(u["kind"]))
        if to is not None and to != at:
            out.append(cmd.Order(unit=uid, to=to))
            p.occupied.discard(at)
            p.occupied.add(to)
    out.append(cmd.EndTurn())
    return out


# -- where each unit goes --------------------------------------------------------------
def _goals(p: _Picture, u: dict) -> list[Cell]:
    at = _cell(u["at"])
    kind = u["kind"]
    target = _target(p, u)
    if target is None:
        return []
    if target == p.sniper_at:
        if chebyshev(at, target) <= 1:
            return []  # already next to him: it holds
        cells = [c for c in neighbours(target) if p.passable(kind)(c)]
    else:
        cells = [target] if p.passable(kind)(target) else []
    if not cells:  # off its ground (a road vehicle): the nearest cell it can stand on
        cells = _nearest_ground(p, kind, target)
    return cells


def _target(p: _Picture, u: dict) -> Cell | None:
    at = _cell(u["at"])
    s = p.sniper_at
    if s is not None and chebyshev(at, s) <= p.sight and p.board.clear(at, s, p.smoke):
        return s
    if u.get("alert") is not None:
        return _cell(u["alert"])
    patrol = u.get("patrol") or []
    if patrol:
        return _cell(patrol[int(u.get("waypoint", 0)) % len(patrol)])
    if p.last_known is not None and p.last_known[1] >= p.turn - TRAIL:
        goal = p.last_known[0]
        return None if chebyshev(at, goal) <= 1 else goal
    return None  # free: it holds


def _nearest_ground(p: _Picture, kind: str, target: Cell) -> list[Cell]:
    ok = p.passable(kind)
    cells = [c for c, _ in p.board.grid.cells() if ok(c)]
    if not cells:
        return []
    best = min(chebyshev(c, target) for c in cells)
    return [c for c in cells if chebyshev(c, target) == best]


def _advance(p: _Picture, kind: str, at: Cell, goals: list[Cell], steps: int) -> Cell | None:
    """As far as `steps` allow along a shortest path to the nearest goal,
    stopping short of cells other units hold."""
    passable = p.passable(kind)
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
    lk = p.last_known
    fresh = lk is not None and lk[1] >= p.turn
    spotted = p.sniper_at is not None
    if (spotted or fresh) and "bombard" in held:
        radius = content.event(held["bombard"]).radius
        if not any(chebyshev(_cell(u["at"]), lk[0]) <= radius for _, u in p.units):
            return cmd.PlayEvent(card=held["bombard"])
    if fresh and not spotted and "search" in held:
        return cmd.PlayEvent(card=held["search"], at=lk[0])
    if spotted and "alarm" in held:
        return cmd.PlayEvent(card=held["alarm"])
    if not spotted and p.noises and "search" in held:
        return cmd.PlayEvent(card=held["search"], at=p.noises[-1])
    for effect in ("arrive", "roadblock"):
        card = held.get(effect)
        if card is not None and (lk is not None or len(p.hand) > 3):
            event = _place(p, card, lk[0] if lk else None)
            if event is not None:
                return event
    if lk is not None and "alarm" in held and lk[1] >= p.turn - 1:
        return cmd.PlayEvent(card=held["alarm"])
    if lk is None and "rain" in held and len(p.hand) > 2:
        return cmd.PlayEvent(card=held["rain"])
    return None


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
