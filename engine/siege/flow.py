"""Turn flow (DESIGN-siege "Turns"): who may act, turns ending, lives lost,
deaths, the carried being set down, and the end of the game (SI-13)."""

from __future__ import annotations

from engine.core.errors import RuleError
from engine.siege import content
from engine.siege import events as ev
from engine.siege.board import Cell
from engine.siege.content import name
from engine.siege.rules import actions_left, free, nearest_free, won
from engine.siege.state import Human
from engine.siege.turn import Turn


def check(t: Turn, hid: str) -> Human:
    """A human who may take a command now (any cost)."""
    if t.state.phase != "humans":
        raise RuleError("not_your_turn", "it is the zombies' turn")
    h = t.human(hid)
    if not h.alive:
        raise RuleError("dead", f"{name(hid)} is dead")
    if h.carried_by is not None:
        raise RuleError("carried", f"{name(hid)} is being carried by {name(h.carried_by)}")
    if hid in t.state.done:
        raise RuleError("turn_over", f"{name(hid)} has had their turn this round")
    return h


def need(h: Human, cost: int) -> None:
    left = actions_left(h)
    if cost > left:
        plural = "s" if cost != 1 else ""
        raise RuleError(
            "no_actions", f"{name(h.id)} needs {cost} action{plural} and has {left} left"
        )


def begin(t: Turn, hid: str, cost: int) -> Human:
    h = check(t, hid)
    need(h, cost)
    return h


def start(t: Turn, hid: str, cost: int = 0, keep_aim: bool = False) -> None:
    """After validation: the turn passes to hid (ending another's, DESIGN-siege
    "Turns"), an aim not used by this command is lost, the cost is paid."""
    active = t.state.active
    if active != hid:
        if active is not None:
            finish_turn(t, active)
        t.emit(ev.TurnStarted(human=hid))
    if t.human(hid).aimed and not keep_aim:
        t.emit(ev.AimLost(human=hid))
    if cost:
        t.emit(ev.ActionsSpent(human=hid, count=cost))


def finish_turn(t: Turn, hid: str, set_down: Cell | None = None) -> None:
    """The human's turn ends; whoever they carry is set down (clarification 3)."""
    h = t.human(hid)
    if h.carrying is not None:
        t.emit(ev.HumanSetDown(human=hid, target=h.carrying, at=set_down or set_down_cell(t, h)))
    t.emit(ev.TurnEnded(human=hid))


def set_down_cell(t: Turn, h: Human) -> Cell:
    """The latest free cell the carrier stood on this turn, else the nearest free cell."""
    taken = t.state.occupied()
    for cell in reversed(h.trail):
        if free(t.state, cell, taken):
            return cell
    near = nearest_free(t.state, h.at if h.at is not None else h.trail[-1])
    assert near is not None, "a board always has a free cell for the carried"
    return near


def lose_life(t: Turn, hid: str, cause: str) -> None:
    t.emit(ev.LifeLost(human=hid, cause=cause))
    h = t.human(hid)
    if h.lives <= 0:
        die(t, h)


def die(t: Turn, h: Human) -> None:
    """SI-2: at 0 lives the human dies and drops everything."""
    if t.state.active == h.id:
        finish_turn(t, h.id)
        h = t.human(h.id)
    cell = h.at
    assert cell is not None
    if h.items:
        slots = tuple(range(len(h.items)))
        t.emit(
            ev.ItemsDropped(human=h.id, at=cell, slots=slots, items=tuple(i.id for i in h.items))
        )
    t.emit(ev.HumanDied(human=h.id, at=cell))
    end_check(t)


def end_check(t: Turn) -> None:
    """SI-13, clarification 10: lost when every human is dead; won once the
    condition holds (after a search, or a death leaving only those who did)."""
    if t.over:
        return
    if not t.state.living():
        t.emit(ev.GameLost(reason="all_dead"))
    elif won(t.world, t.state):
        t.emit(ev.GameWon())


def heal_cap(h: Human) -> int:
    return content.humans()[h.id].lives
