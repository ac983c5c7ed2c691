"""decide: a Sniper command becomes events, or a RuleError (K-5).

Every handler checks everything first and only then emits, so a refusal
changes nothing. `run` returns the events together with the state they
lead to; the game folds the same events with evolve on replay."""

from __future__ import annotations

from engine.core.errors import RuleError
from engine.core.geometry import chebyshev
from engine.sniper import commander, content
from engine.sniper import commands as cmd
from engine.sniper import events as ev
from engine.sniper.board import near
from engine.sniper.content import unit_name
from engine.sniper.effects import (
    blast,
    check_objectives,
    hurt,
    noise,
    observe,
    spot,
    watch,
)
from engine.sniper.rules import World, in_cover, sniper_sees, visible_units
from engine.sniper.state import Cell, State, Unit
from engine.sniper.turn import Turn


def run(world: World, state: State, command: cmd.Command) -> tuple[list[ev.Event], State]:
    if state.phase == "over":
        raise RuleError("game_over", f"the game is over: the mission was {state.outcome}")
    t = Turn(world, state)
    if isinstance(command, cmd.COMMANDER_COMMANDS) or (
        isinstance(command, cmd.EndTurn) and state.active == "commander"
    ):
        if state.active != "commander" or world.commander != "human":
            raise RuleError("not_your_turn", "it is the sniper's turn, not the commander's")
        commander.handle(t, command)
    else:
        if state.active != "sniper":
            raise RuleError("not_your_turn", "it is the commander's turn, not the sniper's")
        _HANDLERS[type(command)](t, command)
        if not t.over and not isinstance(command, cmd.EndTurn):
            watch(t, at_once=True)
            observe(t)
    if not t.over:
        check_objectives(t)
    return t.events, t.state


# -- checks --------------------------------------------------------------------------
def may_act(state: State) -> None:
    """One action a turn; a shot may be followed by one more (clarification 1)."""
    s = state.sniper
    if s.actions == 0 or (s.actions == 1 and s.first_action == "shoot"):
        return
    raise RuleError("already_acted", "he has taken his action this turn")


def seen_unit(world: World, state: State, uid: str | None) -> Unit:
    """A living unit he sees now; anything else is `not_visible` (SN-12)."""
    u = state.unit(uid) if uid else None
    if u is None or not u.alive or u not in visible_units(world, state):
        raise RuleError("not_visible", f"he sees no {uid or 'target'} from where he is")
    return u


def aimed_cell(world: World, state: State, at: Cell | None, reach: int, sight: bool) -> Cell:
    if at is None:
        raise RuleError("bad_command", "this card needs a cell: give `at`")
    at = (at[0], at[1])
    if not world.board.inside(at):
        raise RuleError("bad_target", f"{list(at)} is off the map")
    if chebyshev(state.sniper.at, at) > reach:
        raise RuleError("out_of_range", f"{list(at)} is more than {reach} cells away")
    if sight and not sniper_sees(world, state, at, state.smoke_cells()):
        raise RuleError("not_visible", f"he cannot see {list(at)} from where he is")
    return at


# -- moving -----------------------------------------------------------------------
def check_path(world: World, state: State, path: tuple[Cell, ...]) -> list[Cell]:
    s = state.sniper
    if state.phase != "move":
        raise RuleError("move_phase_over", "he has acted this turn: no more moves")
    if not path:
        raise RuleError("bad_path", "a move needs at least one step")
    if len(path) > s.moves_left:
        raise RuleError("too_far", f"{len(path)} steps, but he has {s.moves_left} moves left")
    seen = {u.at for u in visible_units(world, state)}
    here = s.at
    cells = []
    for step in path:
        step = (step[0], step[1])
        if chebyshev(here, step) != 1:
            raise RuleError("bad_path", f"{list(step)} is not a step from {list(here)}")
        if not world.board.enterable(step):
            raise RuleError("blocked", f"{list(step)} cannot be entered")
        if step in seen:
            raise RuleError("blocked", f"a unit stands on {list(step)}")
        cells.append(step)
        here = step
    return cells


def _move(t: Turn, c: cmd.Move) -> None:
    path = check_path(t.world, t.state, c.path)
    board = t.world.board
    for cell in path:
        if t.over:
            return
        s = t.state.sniper
        there = t.state.unit_at(cell)
        if there is not None:  # a unit he could not see: he stops before it
            t.emit(ev.SniperBumped(unit=there.id, at=cell))
            spot(t, "contact", there.id)
            return
        if s.camo_at is not None:
            t.emit(ev.CamouflageDropped())
        t.emit(ev.SniperStepped(to=cell))
        if s.camo_ready and board.is_open(cell):
            t.emit(ev.CamouflageWorn(at=cell))
        if s.spotted:
            t.emit(ev.SniperTracked(at=cell))
        for name, fcell in t.world.mission.features.items():
            spec = content.content().features[name]
            if fcell == cell and spec.on_entry and t.state.features.get(name) == "there":
                t.emit(ev.FeatureTaken(feature=name))
        watch(t, at_once=True)
        observe(t)


# -- actions --------------------------------------------------------------------------
def _shoot(t: Turn, c: cmd.Shoot) -> None:
    state, world = t.state, t.world
    may_act(state)
    s = state.sniper
    n = content.numbers()
    reach = n.rifle_range
    if c.suppressed:
        silencer = [k for k in s.hand if content.equipment(k).aim == "shot"]
        if not silencer:
            raise RuleError("no_card", "he has no suppressor")
        reach = content.equipment(silencer[0]).range
    if s.ammo <= 0:
        raise RuleError("no_ammo", "he is out of ammunition")
    target = seen_unit(world, state, c.target)
    if chebyshev(s.at, target.at) > reach:
        raise RuleError("out_of_range", f"{unit_name(target.id)} is beyond {reach} cells")
    masked = state.masked_turn == state.turn
    t.emit(ev.ActionTaken(action="shoot"))
    t.emit(ev.ShotFired(target=target.id, suppressed=c.suppressed, masked=masked))
    card = t.top("shots")
    if card is not None:
        t.emit(ev.ShotCardDrawn(card=card))
        spec = content.shot(card)
        armoured = content.unit(target.kind).armoured
        if not armoured or spec.pierces:
            hurt(t, t.state.unit(target.id), spec.damage, card, mine=True)
    if masked or t.over:
        return
    if c.suppressed:
        noise(t, s.at, "shot", content.equipment(silencer[0]).noise)
        return
    # clarification 1: the turn's second shot, loud, is heard by every unit,
    # whether the first was loud or suppressed
    second = t.state.sniper.shots >= 2
    noise(t, s.at, "shot", None if second else n.shot_noise)
    spot(t, "shot")


def _use(t: Turn, c: cmd.Use) -> None:
    state, world = t.state, t.world
    may_act(state)
    s = state.sniper
    if c.card not in s.hand:
        raise RuleError("no_card", f"he holds no {c.card}")
    spec = content.equipment(c.card)
    if spec.aim == "shot":
        raise RuleError("bad_command", f"the {c.card} goes on a shot: shoot with suppressed true")
    if c.target is not None and spec.aim != "target":
        raise RuleError("bad_command", f"the {c.card} takes no target: leave out `target`")
    if c.at is not None and spec.aim != "at":
        raise RuleError("bad_command", f"the {c.card} is aimed at no cell: leave out `at`")
    target: Unit | None = None
    at: Cell | None = None
    if spec.aim == "target":
        if c.target is None:
            raise RuleError("bad_command", f"the {c.card} needs a target: give `target`")
        target = seen_unit(world, state, c.target)
        if chebyshev(s.at, target.at) > spec.range:
            raise RuleError("not_adjacent", f"{unit_name(target.id)} is not next to him")
        if content.unit(target.kind).armoured:
            raise RuleError("bad_target", f"the {c.card} cannot harm {unit_name(target.id)}")
    elif spec.aim == "at":
        at = aimed_cell(world, state, c.at, spec.range, spec.sight)
    t.emit(ev.ActionTaken(action="use"))
    t.emit(ev.CardUsed(card=c.card, kept=spec.kept))
    _EFFECTS[spec.effect](t, c.card, spec, at, target)


def _far_sight(t: Turn, card: str, spec, at, target) -> None:
    t.emit(ev.FarSightRaised())


def _silent_kill(t: Turn, card: str, spec, at, target: Unit) -> None:
    hurt(t, target, target.health, card, mine=True)


def _blast(t: Turn, card: str, spec, at: Cell, target) -> None:
    for name, cell in t.world.mission.features.items():
        if (
            name in spec.wrecks
            and chebyshev(cell, at) <= spec.radius
            and t.state.features.get(name) == "intact"
        ):
            t.emit(ev.FeatureWrecked(feature=name))
    blast(t, at, spec.radius, spec.damage, card, mine=True)
    if not t.over:
        noise(t, at, "blast", spec.noise)


def _smoke(t: Turn, card: str, spec, at: Cell, target) -> None:
    t.emit(ev.SmokeLaid(at=at, until=t.state.turn + spec.lasts, radius=spec.radius))


def _heal(t: Turn, card: str, spec, at, target) -> None:
    s = t.state.sniper
    t.emit(ev.SniperHealed(amount=max(0, min(spec.amount, t.world.max_health - s.health))))


def _camouflage(t: Turn, card: str, spec, at, target) -> None:
    t.emit(ev.CamouflageReadied())


def _decoy(t: Turn, card: str, spec, at: Cell, target) -> None:
    noise(t, at, "decoy", spec.noise)


def _refill(t: Turn, card: str, spec, at, target) -> None:
    t.emit(ev.AmmoRefilled(ammo=spec.amount, crate=False))


_EFFECTS = {
    "far_sight": _far_sight,
    "silent_kill": _silent_kill,
    "blast": _blast,
    "smoke": _smoke,
    "heal": _heal,
    "camouflage": _camouflage,
    "decoy": _decoy,
    "refill": _refill,
}


def _take_ammo(t: Turn, c: cmd.TakeAmmo) -> None:
    state = t.state
    may_act(state)
    s = state.sniper
    n = content.numbers()
    if not any(near(s.at, crate) for crate in t.world.crates):
        raise RuleError("not_adjacent", "there is no ammo crate on or next to his cell")
    if s.crates_used >= n.crates:
        raise RuleError("no_crates_left", f"he has taken ammo from crates {n.crates} times")
    t.emit(ev.ActionTaken(action="take_ammo"))
    t.emit(ev.AmmoRefilled(ammo=n.max_ammo, crate=True))


def _sabotage(t: Turn, c: cmd.Sabotage) -> None:
    state = t.state
    may_act(state)
    features = t.world.mission.features
    spec = content.content().features.get(c.feature)
    if c.feature not in features or spec is None or not spec.sabotage:
        known = [f for f in features if content.content().features[f].sabotage]
        raise RuleError(
            "bad_target", f"there is no {c.feature} to sabotage here (on this map: {known})"
        )
    if state.features.get(c.feature) != "intact":
        raise RuleError("already_done", f"the {c.feature} is already destroyed")
    if not near(state.sniper.at, features[c.feature]):
        raise RuleError("not_adjacent", f"he is not next to the {c.feature}")
    t.emit(ev.ActionTaken(action="sabotage"))
    t.emit(ev.FeatureWrecked(feature=c.feature))
    if spec.noise:
        noise(t, features[c.feature], "explosion", None if spec.noise < 0 else spec.noise)


def _hide(t: Turn, c: cmd.Hide) -> None:
    state = t.state
    may_act(state)
    if not in_cover(t.world, state):
        raise RuleError("not_in_cover", "he is on open ground: he can hide only in cover")
    t.emit(ev.ActionTaken(action="hide"))
    t.emit(ev.SniperHid())


def _end_turn(t: Turn, c: cmd.EndTurn) -> None:
    t.emit(ev.SniperTurnEnded())
    commander.begin(t)


_HANDLERS = {
    cmd.Move: _move,
    cmd.Shoot: _shoot,
    cmd.Use: _use,
    cmd.TakeAmmo: _take_ammo,
    cmd.Sabotage: _sabotage,
    cmd.Hide: _hide,
    cmd.EndTurn: _end_turn,
}
