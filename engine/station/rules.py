"""Derived facts of a Station state: danger, actions, noise, score.

Computed from state each time, never stored twice (STYLE 5)."""

from __future__ import annotations

from dataclasses import dataclass, field

from engine.station import content
from engine.station.mission import Mission
from engine.station.state import Card, State, Survivor
from engine.station.zones import ZoneMap


@dataclass(frozen=True)
class World:
    """What does not change during a game: the mission and its board."""

    mission: Mission
    board: ZoneMap
    seed: int
    dice: tuple[int, ...]
    start: str
    exits: tuple[str, ...]
    spawns: tuple[str, ...]  # in spawn order (ST-6.1)
    seats: dict[str, int] = field(default_factory=dict)  # survivor -> seat order (ties, ST-3.3)
    players: dict[str, int] = field(default_factory=dict)  # survivor -> controlling player

    @property
    def mission_id(self) -> str:
        return self.mission.id


def danger(world: World, state: State) -> int:
    """ST-7.2: the higher of the best living survivor's level and the round's."""
    best = max((content.level_of(s.xp) for s in state.survivors if s.alive), default=1)
    every = world.mission.info.danger_every_rounds
    by_round = 1 + (state.round - 1) // every if every else 1
    return min(4, max(best, by_round))


def max_actions(s: Survivor) -> int:
    """ST-2.1: 2, +1 at yellow or above, +1 plus_1_action, +1 per stim this turn."""
    return 2 + (content.level_of(s.xp) >= 2) + ("plus_1_action" in s.skills) + s.stims


def actions_left(s: Survivor) -> int:
    return max(0, max_actions(s) - s.used) if s.alive else 0


def spec(s: Survivor) -> content.SurvivorSpec:
    return content.survivors()[s.id]


def speed(s: Survivor) -> int:
    return spec(s).speed + ("plus_1_speed" in s.skills)


def zone_noise(state: State, zone: str) -> int:
    """ST-5.3: noise tokens plus survivors in the zone."""
    return state.noise.get(zone, 0) + sum(1 for s in state.survivors if s.alive and s.zone == zone)


def max_noise(state: State) -> int:
    return 4 * len(state.living())


def score(state: State) -> int:
    """ST-9.4: 10 per objective, 1 per kill, 25 per living survivor on a win."""
    alive = len(state.living()) if state.outcome == "won" else 0
    return 10 * state.objectives_taken + state.kills + 25 * alive


def skill_picks_owed(s: Survivor) -> int:
    level = content.level_of(s.xp)
    return (level >= 3) + (level >= 4) - s.picks


def skill_options(s: Survivor) -> tuple[str, ...]:
    sp = spec(s)
    level_list = sp.orange if s.picks == 0 else sp.red
    return tuple(k for k in level_list if k not in s.skills)


def carried(s: Survivor) -> list[tuple[str, int, Card]]:
    return [("hand", i, c) for i, c in enumerate(s.hand)] + [
        ("backpack", i, c) for i, c in enumerate(s.backpack)
    ]


def survivors_in(state: State, zone: str) -> list[Survivor]:
    return [s for s in state.survivors if s.alive and s.zone == zone]


def wound_order(
    state: State, world: World, zone: str, exclude: str | None = None
) -> list[Survivor]:
    """Who takes the next wound in a zone: fewest wounds, then seat (ST-3.3, ST-5.1)."""
    here = [s for s in survivors_in(state, zone) if s.id != exclude]
    return sorted(here, key=lambda s: (s.wounds, world.seats[s.id]))
