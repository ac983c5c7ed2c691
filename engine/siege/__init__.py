"""Siege: the cell-grid skirmish (RULES SI), registered as mode "siege".

Humans hold a house against zombies; the zombie side is played by the AI
inside the command that ends the humans' phase (zombies="ai", the default),
or by a person in hot-seat (zombies="human")."""

from __future__ import annotations

from functools import cache

from engine.core import rng
from engine.core.errors import RuleError
from engine.core.missions import shipped_rows, shipped_text
from engine.core.mode import Setup, register
from engine.siege import board as b
from engine.siege import commands, content, events
from engine.siege.campaign import Progress
from engine.siege.decide import run
from engine.siege.evolve import evolve
from engine.siege.legal import legal_commands
from engine.siege.mission import Mission, load_mission
from engine.siege.rules import World
from engine.siege.state import Human, Item, State, Zombie
from engine.siege.summary import summary, view
from engine.siege.table import SiegeTable

OPTIONS = {"zombies": ("ai", "human")}
DEFAULT_ROSTER = ("drifter", "cop")
MISSIONS = "engine.content.siege.missions"


def _options(setup: Setup) -> str:
    for key, value in setup.options.items():
        if key not in OPTIONS:
            known = ", ".join(sorted(OPTIONS))
            raise RuleError("bad_option", f"unknown option {key!r} (options: {known})")
        if value not in OPTIONS[key]:
            raise RuleError("bad_option", f"{key} must be one of {', '.join(OPTIONS[key])}")
    return str(setup.options.get("zombies", "ai"))


def _roster(setup: Setup, mission: Mission) -> tuple[str, ...]:
    roster = tuple(setup.roster or mission.info.humans or DEFAULT_ROSTER)
    known = content.humans()
    for hid in roster:
        if hid not in known:
            raise RuleError("bad_roster", f"there is no human {hid!r} (humans: {', '.join(known)})")
    if len(set(roster)) != len(roster):
        raise RuleError("bad_roster", "each human can be picked once")
    starts = len(mission.starts())
    if len(roster) > starts:
        raise RuleError("bad_roster", f"this map has {starts} starts for {len(roster)} humans")
    return roster


def _items(setup: Setup, mission: Mission, hid: str) -> tuple[Item, ...]:
    """The starting item, what a campaign carries over, then the mission's extras."""
    carried = setup.carry.get(hid)
    kept: tuple[str, ...] = ()
    if carried is not None:
        if carried.xp or carried.skills:
            raise RuleError("bad_carry", "siege carries items over, never XP or skills")
        unknown = [i for i in carried.kept if i not in content.items()]
        if unknown:
            raise RuleError("bad_carry", f"{hid} carries unknown items: {unknown}")
        kept = carried.kept
    extra = mission.humans[hid].items if hid in mission.humans else ()
    return tuple(Item(i) for i in (content.humans()[hid].starts_with, *kept, *extra))


class SiegeMode:
    id = "siege"
    default_mission = "house"
    # 2: the zombie AI goes by the quickest way in zombie turns, doors and the
    # cells other zombies hold counted (clarification 9, issue 25)
    rules_version = 2
    command_type = commands.SiegeCommand
    event_type = events.SiegeEvent
    state_type = State
    table = SiegeTable()
    carries = {"campaign": Progress}  # what its records keep between games (saves/records.py)

    def setup(self, setup: Setup) -> tuple[World, State, list[events.Event]]:
        zombie_seat = _options(setup)
        mission = load_mission(setup.mission_text, setup.source or "mission")
        roster = _roster(setup, mission)
        for hid in setup.carry:
            if hid not in roster:
                raise RuleError("bad_carry", f"campaign progress for {hid}, who is not playing")
        rows, barricades, zombies = _terrain(mission)
        world = World(
            mission=mission,
            board=b.read_board(rows),
            seed=setup.seed,
            dice=setup.dice,
            zombie_seat=zombie_seat,
            seats={hid: i for i, hid in enumerate(roster)},
        )
        starts = mission.starts()
        humans = tuple(
            Human(
                id=hid,
                at=starts[i],
                lives=mission.humans[hid].lives if hid in mission.humans else 3,
                items=_items(setup, mission, hid),
            )
            for i, hid in enumerate(roster)
        )
        state = State(
            terrain=rows,
            barricades=barricades,
            humans=humans,
            zombies=tuple(Zombie(f"z{i + 1}", c) for i, c in enumerate(zombies)),
            next_zombie=len(zombies) + 1,
            search=mission.search or (),
        )
        setup_events: list[events.Event] = []
        if mission.search is None:  # K-4: shuffled with the game's RNG at setup
            setup_events.append(
                events.DeckShuffled(order=rng.shuffled(setup.seed, 0, content.search_deck()))
            )
        return world, state, setup_events

    run = staticmethod(run)
    evolve = staticmethod(evolve)
    legal_commands = staticmethod(legal_commands)
    summary = staticmethod(summary)
    view = staticmethod(view)

    @staticmethod
    def outcome(state: State) -> str | None:
        return state.outcome

    @staticmethod
    def reveals(event: events.Event) -> bool:
        return type(event).reveals

    def mission_text(self, mission_id: str, seed: int = 0, options: dict | None = None) -> str:
        return shipped_text(MISSIONS, mission_id, self.missions)

    def missions(self) -> list[dict]:
        return [dict(row) for row in _shipped()]


@cache
def _shipped() -> tuple[dict, ...]:
    return tuple(shipped_rows(MISSIONS, _row))


def _row(text: str, name: str) -> dict:
    m = load_mission(text, name)
    width = max(len(r) for r in m.rows)
    return {
        "id": m.id,
        "mode": "siege",
        "name": m.info.name,
        "size": f"{width}x{len(m.rows)} cells",
        "difficulty": m.info.difficulty,
        "briefing": m.info.briefing,
        "humans": list(m.info.humans),
        "turn_limit": m.info.turn_limit,
    }


def _terrain(mission: Mission):
    """The map's terrain with figures taken off: starts and zombies stand on
    floor, barricades sit on floor; zombies in reading order (z1, z2, ...)."""
    rows = []
    barricades = []
    zombies = list(mission.zombies)
    for y, row in enumerate(mission.rows):
        out = []
        for x, ch in enumerate(row):
            if ch in b.STARTS or ch == b.ZOMBIE or ch == b.BARRICADE:
                if ch == b.ZOMBIE:
                    zombies.append((x, y))
                if ch == b.BARRICADE:
                    barricades.append((x, y))
                ch = b.FLOOR
            out.append(ch)
        rows.append("".join(out))
    return tuple(rows), tuple(barricades), sorted(zombies, key=b.reading)


register(SiegeMode())
