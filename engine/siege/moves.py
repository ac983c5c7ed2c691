"""Moving (SI-2, SI-3), carrying the wounded (SI-4) and ending a turn."""

from __future__ import annotations

from engine.core.errors import RuleError
from engine.siege import commands as cmd
from engine.siege import events as ev
from engine.siege.board import Cell, adjacent, spot
from engine.siege.content import name
from engine.siege.flow import begin, check, finish_turn, lose_life, start
from engine.siege.rules import free, human_cost, wounded
from engine.siege.state import Human, State
from engine.siege.turn import Turn

BITE_FACE = 6  # SI-3: the zombie side bites a passing human on a 6


class Step:
    """One part of a path: a plain step, or a pass past a zombie."""

    def __init__(self, to: Cell, cost: int, zombie: str = "", first: int = 0) -> None:
        self.to = to
        self.cost = cost
        self.zombie = zombie  # the passed zombie's id
        self.first = first  # a pass: the cost of stepping onto the zombie's cell

    @property
    def cells(self) -> int:
        return 2 if self.zombie else 1


def plan(state: State, h: Human, path: tuple[Cell, ...]) -> list[Step]:
    """Check a path cell by cell (clarification 2); RuleError when it cannot be walked."""
    if not path:
        raise RuleError("bad_path", "a move needs at least one cell")
    steps: list[Step] = []
    prev = h.at
    assert prev is not None
    i = 0
    while i < len(path):
        cell = tuple(path[i])
        if not adjacent(prev, cell):
            raise RuleError("bad_path", f"{spot(cell)} is not next to {spot(prev)}")
        cost = human_cost(state, cell)
        if cost is None:
            raise RuleError("blocked", f"{name(h.id)} cannot enter {spot(cell)}")
        z = state.zombie_at(cell)
        if z is None:
            steps.append(Step(cell, cost))
            prev, i = cell, i + 1
            continue
        beyond = (2 * cell[0] - prev[0], 2 * cell[1] - prev[1])
        if i + 1 >= len(path):
            raise RuleError("blocked", f"{spot(cell)} is taken by {z.id}: a move cannot end there")
        if tuple(path[i + 1]) != beyond:
            raise RuleError(
                "bad_path",
                f"passing {z.id} needs the cell straight beyond it, {spot(beyond)}, next",
            )
        cost2 = human_cost(state, beyond)
        if cost2 is None or not free(state, beyond):
            raise RuleError("blocked", f"the cell beyond {z.id}, {spot(beyond)}, is not free")
        steps.append(Step(beyond, cost + cost2, zombie=z.id, first=cost))
        prev, i = beyond, i + 2
    if state.human_at(prev) is not None and prev != h.at:
        raise RuleError("blocked", f"{spot(prev)} is taken: a move cannot end on another human")
    return steps


def move(t: Turn, c: cmd.Move) -> None:
    h = check(t, c.human)
    steps = plan(t.state, h, c.path)
    cost = sum(s.cost for s in steps)
    begin(t, h.id, cost)
    cells = sum(s.cells for s in steps)
    if wounded(h) and h.moved + cells > 1:
        raise RuleError("wounded", f"{name(h.id)} is wounded: one cell of movement a turn")
    start(t, h.id)
    for s in steps:
        if not s.zombie:
            t.emit(ev.HumanMoved(human=h.id, to=s.to, cost=s.cost))
            continue
        (die,) = t.roll()
        t.emit(ev.PassRolled(human=h.id, zombie=s.zombie, die=die))
        if die == BITE_FACE:
            t.emit(ev.ActionsSpent(human=h.id, count=s.first))
            lose_life(t, h.id, s.zombie)
            return
        t.emit(ev.HumanPassed(human=h.id, zombie=s.zombie, to=s.to, cost=s.cost))


def carry(t: Turn, c: cmd.Carry) -> None:
    """SI-4: 1 action to lift a wounded human from an adjacent cell."""
    h = begin(t, c.human, 1)
    target = t.human(c.target)
    if h.carrying is not None:
        raise RuleError("not_free", f"{name(h.id)} is already carrying {name(h.carrying)}")
    if not target.alive:
        raise RuleError("dead", f"{name(target.id)} is dead")
    if target.at is None or not adjacent(h.at, target.at):
        raise RuleError("not_adjacent", f"{name(target.id)} is not next to {name(h.id)}")
    if not wounded(target):
        raise RuleError("not_wounded", f"only the wounded are carried: {name(target.id)} is not")
    start(t, h.id, 1)
    t.emit(ev.HumanLifted(human=h.id, target=target.id))


def end_turn(t: Turn, c: cmd.EndTurn) -> None:
    h = check(t, c.human)
    down = None
    if c.set_down is not None:
        down = tuple(c.set_down)
        if h.carrying is None:
            raise RuleError("no_target", f"{name(h.id)} carries nobody to set down")
        if down not in h.trail or not free(t.state, down):
            raise RuleError(
                "blocked", "the carried are set down on a free cell the carrier stood on this turn"
            )
    if t.state.active not in (None, h.id):
        finish_turn(t, t.state.active)
    if t.human(h.id).aimed:
        t.emit(ev.AimLost(human=h.id))
    finish_turn(t, h.id, down)
