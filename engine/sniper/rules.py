"""Derived facts of a Sniper state: who sees whom, cover, ranges, passable cells.

Computed from state each time, never stored twice (STYLE 5)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from engine.core.geometry import chebyshev
from engine.sniper import content
from engine.sniper.board import CRATE, ESCAPE, Board
from engine.sniper.mission import Mission
from engine.sniper.state import Cell, State, Unit

FAR = 10_000  # binoculars: any range


@dataclass(frozen=True)
class World:
    """What does not change during a game: the mission, its board, the seats."""

    mission: Mission
    board: Board
    seed: int
    dice: tuple[int, ...]
    commander: str  # ai | human
    max_health: int  # medkits heal up to his starting health
    escapes: tuple[Cell, ...]
    crates: tuple[Cell, ...]
    entries: tuple[Cell, ...]  # road cells on the border

    @property
    def mission_id(self) -> str:
        return self.mission.id

    @property
    def turns(self) -> int:
        return self.mission.info.turns


def make_world(mission: Mission, board: Board, seed: int, dice, commander: str, health: int):
    return World(
        mission=mission,
        board=board,
        seed=seed,
        dice=tuple(dice),
        commander=commander,
        max_health=health,
        escapes=board.cells_of(ESCAPE),
        crates=board.cells_of(CRATE),
        entries=board.border_roads(),
    )


def unit_sight(state: State) -> int:
    n = content.numbers()
    return n.rain_sight if state.raining() else n.unit_sight


def sniper_sight(state: State) -> int:
    n = content.numbers()
    if state.sniper.far_sight:
        return FAR
    return n.rain_sight if state.raining() else n.sniper_sight


def speed(state: State, kind: str) -> int:
    slow = content.numbers().rain_slow if state.raining() else 0
    return max(0, content.unit(kind).speed - slow)


def in_cover(
    world: World, state: State, cell: Cell | None = None, smoke: frozenset[Cell] | None = None
) -> bool:
    """Cover: a cover glyph, a smoke cloud, or his camouflage where he wears it."""
    s = state.sniper
    cell = s.at if cell is None else cell
    if not world.board.is_open(cell):
        return True
    return s.camo_at == cell or cell in (state.smoke_cells() if smoke is None else smoke)


def exposed(world: World, state: State) -> bool:
    return not in_cover(world, state)


def sees_sniper(world: World, state: State, u: Unit, smoke: frozenset[Cell]) -> bool:
    """A unit sees him: he is exposed, in its sight line, within its sight."""
    at = state.sniper.at
    return (
        chebyshev(u.at, at) <= unit_sight(state)
        and not in_cover(world, state, smoke=smoke)
        and world.board.clear(u.at, at, smoke)
    )


def smells_sniper(state: State, u: Unit) -> bool:
    nose = content.unit(u.kind).smell
    return nose > 0 and chebyshev(u.at, state.sniper.at) <= nose


def sniper_sees(world: World, state: State, cell: Cell, smoke: frozenset[Cell]) -> bool:
    at = state.sniper.at
    return chebyshev(at, cell) <= sniper_sight(state) and world.board.clear(at, cell, smoke)


def visible_units(world: World, state: State) -> list[Unit]:
    """Living units he sees now (SN-12), in id order."""
    smoke = state.smoke_cells()
    return [u for u in state.units if u.alive and sniper_sees(world, state, u.at, smoke)]


def passable(world: World, kind: str) -> Callable[[Cell], bool]:
    """Cells a unit of this kind may pass through (other units too: it may not
    stop on them). The sniper's cell counts as free: the commander cannot know it."""
    board = world.board
    if content.unit(kind).ground == "road":
        return board.is_road
    return board.enterable


def free_for_unit(world: World, state: State, kind: str, cell: Cell, mover: str = "") -> bool:
    """A cell a unit may end its move on: one it may enter with no other unit there."""
    if not passable(world, kind)(cell):
        return False
    other = state.unit_at(cell)
    return other is None or other.id == mover


def fire_damage(die: int, open_ground: bool) -> int:
    """SN-8: exposed 4-5 one damage and 6 two; in cover only 6, one damage."""
    if open_ground:
        return 2 if die == 6 else 1 if die >= 4 else 0
    return 1 if die == 6 else 0


def objective_holds(state: State, objective: str) -> bool:
    """Objectives hold when true, whoever made them so (clarification 9)."""
    spec = content.objective(objective)
    if spec.kind == "kill":
        u = state.unit(spec.unit)
        return u is not None and not u.alive
    if spec.kind == "feature":
        return state.features.get(spec.feature) in ("destroyed", "taken")
    return state.kills.get(spec.unit_kind, 0) >= spec.number


def entry_free(world: World, state: State, cell: Cell) -> bool:
    """An entry cell: a road cell on the border with no unit on it (the commander
    cannot know where the sniper is, so his figure does not count)."""
    return cell in world.entries and state.unit_at(cell) is None


def actions_left(state: State) -> int:
    """The sniper's actions left this turn: one, or a second after a shot."""
    s = state.sniper
    if state.active != "sniper":
        return 0
    if s.actions == 0:
        return 1
    return 1 if s.actions == 1 and s.first_action == "shoot" else 0
