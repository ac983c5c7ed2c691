"""A tiny mode for testing the save machinery on the generic Game API alone:
a tally that adds numbers and rolls dice (rolls reveal hidden information)."""

from __future__ import annotations

import msgspec

from engine.core import rng
from engine.core.errors import MissionError, RuleError
from engine.core.mode import Setup, register


class Add(msgspec.Struct, frozen=True, tag="add"):
    n: int


class Roll(msgspec.Struct, frozen=True, tag="roll"):
    pass


class Added(msgspec.Struct, frozen=True, tag="added"):
    n: int


class Rolled(msgspec.Struct, frozen=True, tag="rolled"):
    face: int


class Started(msgspec.Struct, frozen=True, tag="started"):
    total: int


class Tally(msgspec.Struct, frozen=True):
    total: int = 0
    rolls: int = 0
    faces: tuple[int, ...] = ()


class Streak(msgspec.Struct, frozen=True):
    """What a tally carries from one game to the next: its totals so far."""

    totals: tuple[int, ...] = ()


class World(msgspec.Struct, frozen=True):
    mission_id: str
    seed: int
    dice: tuple[int, ...]


class TallyMode:
    id = "tally"
    default_mission = "plain"
    command_type = Add | Roll
    event_type = Added | Rolled | Started
    state_type = Tally
    carries = {"streak": Streak}  # its records' kind, kept by saves/records.py

    def setup(self, setup: Setup):
        text = setup.mission_text
        if not text.startswith("tally"):
            raise MissionError(setup.source or "?", "not a tally mission")
        start = int(text.split()[1]) if len(text.split()) > 1 else 0
        mission_id = "bot" if setup.source == "bot" else (setup.mission or "plain")
        return World(mission_id, setup.seed, setup.dice), Tally(), [Started(start)]

    def run(self, world, state, command):
        match command:
            case Add(n=n):
                if n == 0:
                    raise RuleError("nothing_to_add", "adding nothing is not a move")
                events = [Added(n)]
            case Roll():
                events = [Rolled(rng.die(world.seed, state.rolls, world.dice))]
        for ev in events:
            state = self.evolve(world, state, ev)
        return events, state

    def evolve(self, world, state, event):
        match event:
            case Started(total=t):
                return msgspec.structs.replace(state, total=t)
            case Added(n=n):
                return msgspec.structs.replace(state, total=state.total + n)
            case Rolled(face=f):
                return msgspec.structs.replace(
                    state, total=state.total + f, rolls=state.rolls + 1, faces=state.faces + (f,)
                )
        raise ValueError(f"not a tally event: {event!r}")

    def legal_commands(self, world, state):
        return [Add(1), Add(-1), Roll()]

    def summary(self, world, state):
        return {
            "mode": "tally",
            "mission": world.mission_id,
            "round": state.rolls + 1,
            "total": state.total,
            "outcome": self.outcome(state),
            "survivors": {},
        }

    def view(self, world, state, viewer):
        return self.summary(world, state)

    def outcome(self, state):
        return "won" if state.total >= 1000 else None

    def bot_command(self, world, state):
        """Mission "bot": a bot adds 1 whenever the total is odd."""
        if world.mission_id == "bot" and state.total % 2:
            return Add(1)
        return None

    def reveals(self, event):
        return isinstance(event, Rolled)

    def missions(self):
        return [
            {"id": "plain", "mode": "tally", "name": "Plain", "size": "1 tally", "difficulty": 0}
        ]

    def mission_text(self, mission_id, seed=0, options=None):
        if mission_id not in ("plain", "bot"):
            raise MissionError(mission_id, "no such tally mission")
        return "tally 0\n"


MODE = register(TallyMode())
