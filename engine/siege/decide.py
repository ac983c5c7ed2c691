"""decide: a Siege command becomes events, or a RuleError (K-5).

`run` returns the events together with the state they lead to; the game
folds the same events with evolve on replay."""

from __future__ import annotations

from collections.abc import Callable

from engine.core.errors import RuleError
from engine.siege import attack, items, moves, zombies
from engine.siege import commands as cmd
from engine.siege.content import name
from engine.siege.flow import finish_turn
from engine.siege.rules import World, actions_left
from engine.siege.state import State
from engine.siege.turn import Turn


def run(world: World, state: State, command: cmd.Command) -> tuple[list, State]:
    if state.phase == "over":
        raise RuleError("game_over", f"the game is over: the mission was {state.outcome}")
    p = state.pending
    if p is not None and not isinstance(command, cmd.Choose):
        raise RuleError(
            "decision_pending",
            f"{name(p.human)} must first choose: {' or '.join(p.options)} the dice {list(p.dice)}",
        )
    t = Turn(world, state)
    HANDLERS[type(command)](t, command)
    after(t)
    return t.events, t.state


def choose(t: Turn, c: cmd.Choose) -> None:
    p = t.state.pending
    if p is None:
        raise RuleError("no_decision", "there is no decision to make")
    if c.option not in p.options:
        raise RuleError("bad_option", f"choose one of: {', '.join(p.options)}")
    if p.action == "attack":
        attack.choose(t, p, c.option)
    else:
        items.choose(t, p, c.option)


def after(t: Turn) -> None:
    """After every command: a turn left with no action ends (a carrier's waits
    for end_turn, to choose where the carried is set down); when every living
    human has had a turn, the zombies' turn comes; when every zombie has
    acted, their turn ends (DESIGN-siege "Turns")."""
    if t.over or t.state.pending is not None:
        return
    s = t.state
    if s.phase == "humans":
        active = s.active
        h = t.human(active) if active is not None else None
        if h is not None and actions_left(h) == 0 and h.carrying is None:
            finish_turn(t, active)  # a carrier keeps the turn to say where to set down
        if all(h.id in t.state.done for h in t.state.living()):
            zombies.zombie_turn(t)
    elif s.phase == "zombies" and zombies.all_acted(t):
        zombies.finish_zombie_turn(t)


HANDLERS: dict[type, Callable] = {
    cmd.Move: moves.move,
    cmd.Carry: moves.carry,
    cmd.EndTurn: moves.end_turn,
    cmd.Attack: attack.attack,
    cmd.Aim: attack.aim,
    cmd.Use: items.use,
    cmd.Trade: items.trade,
    cmd.Drop: items.drop,
    cmd.PickUp: items.pick_up,
    cmd.Search: items.search,
    cmd.Barricade: items.barricade,
    cmd.Unbarricade: items.unbarricade,
    cmd.OpenDoor: items.open_door,
    cmd.CloseDoor: items.close_door,
    cmd.Choose: choose,
    **zombies.HANDLERS,
}
