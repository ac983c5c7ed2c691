"""Fights (OB-6): a die plus the seat's bonuses; 4 or more kills the zombie.
Short of 4, the seat chooses: pay the difference in bullets, or lose a
life and roll again. Tokens lie under zombies until the zombie is gone (OB-5)."""

from __future__ import annotations

from engine.outbreak import content
from engine.outbreak import events as ev
from engine.outbreak.rules import fight_bonus
from engine.outbreak.state import Cell, Fight
from engine.outbreak.turn import Turn


def fight(t: Turn, sid: str, cell: Cell) -> bool:
    """Roll one fight round; True when the zombie died, False when a
    decision is now pending."""
    s = t.seat(sid)
    die = t.roll()
    total = die + fight_bonus(s)
    t.emit(ev.FightRolled(seat=sid, cell=cell, die=die, total=total))
    for e in s.effects:
        if content.event(e).lasts == "rolls":
            t.emit(ev.EffectUsed(seat=sid, effect=e))
    if total >= content.WIN_ROLL:
        kill(t, sid, cell)
        return True
    need = content.WIN_ROLL - total
    options = ("bullets", "life") if s.bullets >= need else ("life",)
    t.emit(
        ev.DecisionPending(
            pending=Fight(seat=sid, cell=cell, roll=die, total=total, options=options)
        )
    )
    return False


def kill(t: Turn, sid: str, cell: Cell) -> None:
    t.emit(ev.ZombieKilled(seat=sid, cell=cell))
    take_token(t, sid, cell)


def take_token(t: Turn, sid: str, cell: Cell) -> None:
    """A seat takes the token in a zombie-free cell it stands in."""
    token = t.state.token_at(cell)
    if token is not None and cell not in t.state.zombies:
        t.emit(ev.TokenTaken(seat=sid, cell=cell, kind=token.kind))
