"""A toy mode for the UI's tests, on the generic Game API alone: two seats
race their figures across a small cell grid to the goal `G`; each seat holds
a secret card (a number only its own view shows), and a seat may be played
by a bot, which a driver moves with g.bot_command().

A turn: up to two single orthogonal steps onto free floor, then end_turn;
a step onto `G` wins. `draw` (once a turn) swaps the secret card for a
new one rolled from the seeded dice: it reveals, so honest undo stops there.
Options: seats, a list or comma string of `human`/`bot`, two entries."""

from __future__ import annotations

import msgspec

from engine.core import rng
from engine.core.errors import MissionError, RuleError
from engine.core.mode import Setup, register
from engine.core.table import BOT, PERSON, Seat, without

Cell = tuple[int, int]
STEPS = 2


class Move(msgspec.Struct, frozen=True, tag="move"):
    to: Cell


class Draw(msgspec.Struct, frozen=True, tag="draw"):
    pass


class EndTurn(msgspec.Struct, frozen=True, tag="end_turn"):
    pass


class Dealt(msgspec.Struct, frozen=True, tag="dealt"):
    seat: str
    card: int
    drawn: bool = False  # by a draw (else dealt at setup)


class Moved(msgspec.Struct, frozen=True, tag="moved"):
    seat: str
    to: Cell


class TurnEnded(msgspec.Struct, frozen=True, tag="turn_ended"):
    seat: str


class Won(msgspec.Struct, frozen=True, tag="won"):
    seat: str


class Figure(msgspec.Struct, frozen=True):
    at: Cell
    card: int = 0


class Race(msgspec.Struct, frozen=True):
    figures: tuple[Figure, ...] = ()
    current: int = 0
    steps_left: int = STEPS
    drawn: bool = False
    round: int = 1
    rolls: int = 0
    winner: str | None = None


class World(msgspec.Struct, frozen=True):
    mission_id: str
    rows: tuple[str, ...]
    goal: Cell
    seats: tuple[str, ...]  # kinds, in turn order
    seed: int
    dice: tuple[int, ...]


def seat_id(i: int) -> str:
    return f"p{i + 1}"


MAP = """\
toy
A....
.##..
B...G
"""


class ToyTable:
    """Two seats, each with a secret card only its own view shows (K-7)."""

    hidden = True
    watcher = "spectator"

    def seats(self, world, state):
        return tuple(
            Seat(seat_id(i), f"Player {i + 1}", BOT if kind == "bot" else PERSON, (), seat_id(i))
            for i, kind in enumerate(world.seats)
        )

    def to_act(self, world, state):
        return () if state.winner else (seat_id(state.current),)

    def owner(self, world, state, command):
        return seat_id(state.current)

    def takes_from(self, world, state, command):
        return frozenset()

    def told(self, world, event, viewer):
        if isinstance(event, Dealt) and event.seat != viewer:
            return without(event, "card")
        return event

    def stand_in(self, world, view, legal):
        return None


class ToyMode:
    id = "toy"
    table = ToyTable()
    default_mission = "yard"
    command_type = Move | Draw | EndTurn
    event_type = Dealt | Moved | TurnEnded | Won
    state_type = Race

    def setup(self, setup: Setup):
        lines = setup.mission_text.splitlines()
        if not lines or lines[0] != "toy":
            raise MissionError(setup.source or "?", "not a toy mission")
        rows = tuple(lines[1:])
        seats = setup.options.get("seats", "human,bot")
        kinds = tuple(seats.split(",") if isinstance(seats, str) else seats)
        if len(kinds) != 2 or any(k not in ("human", "bot") for k in kinds):
            raise RuleError("bad_seats", "seats are two of human or bot, e.g. human,bot")
        unknown = set(setup.options) - {"seats"}
        if unknown:
            raise RuleError("bad_option", f"unknown option {sorted(unknown)[0]!r}")
        find = {ch: (x, y) for y, row in enumerate(rows) for x, ch in enumerate(row)}
        world = World(setup.mission or "yard", rows, find["G"], kinds, setup.seed, setup.dice)
        state = Race(figures=(Figure(find["A"]), Figure(find["B"])))
        deal = [Dealt(seat_id(i), rng.die(setup.seed, i, setup.dice)) for i in range(2)]
        return world, state, deal

    def run(self, world, state, command):
        if state.winner:
            raise RuleError("game_over", "the race is won")
        me = seat_id(state.current)
        match command:
            case Move(to=to):
                if state.steps_left <= 0:
                    raise RuleError("no_steps", "no steps left this turn")
                if to not in self.free_steps(world, state):
                    raise RuleError("blocked", f"cannot step to {list(to)}")
                events = [Moved(me, to)] + ([Won(me)] if to == world.goal else [])
            case Draw():
                if state.drawn:
                    raise RuleError("already_drawn", "one draw a turn")
                events = [Dealt(me, rng.die(world.seed, state.rolls, world.dice), True)]
            case EndTurn():
                events = [TurnEnded(me)]
        for ev in events:
            state = self.evolve(world, state, ev)
        return events, state

    def evolve(self, world, state, event):
        r = msgspec.structs.replace
        i = state.current
        match event:
            case Dealt(seat=s, card=c, drawn=drawn):
                n = int(s[1:]) - 1
                figs = list(state.figures)
                figs[n] = r(figs[n], card=c)
                drawn = state.drawn or drawn
                return r(state, figures=tuple(figs), rolls=state.rolls + 1, drawn=drawn)
            case Moved(to=to):
                figs = list(state.figures)
                figs[i] = r(figs[i], at=tuple(to))
                return r(state, figures=tuple(figs), steps_left=state.steps_left - 1)
            case TurnEnded():
                nxt = (i + 1) % len(state.figures)
                rnd = state.round + (1 if nxt == 0 else 0)
                return r(state, current=nxt, steps_left=STEPS, drawn=False, round=rnd)
            case Won(seat=s):
                return r(state, winner=s)
        raise ValueError(f"not a toy event: {event!r}")

    def free_steps(self, world, state) -> list[Cell]:
        x, y = state.figures[state.current].at
        taken = {f.at for f in state.figures}
        out = []
        for dx, dy in ((0, -1), (1, 0), (0, 1), (-1, 0)):
            cx, cy = x + dx, y + dy
            if 0 <= cy < len(world.rows) and 0 <= cx < len(world.rows[cy]):
                if world.rows[cy][cx] != "#" and (cx, cy) not in taken:
                    out.append((cx, cy))
        return out

    def legal_commands(self, world, state):
        if state.winner:
            return []
        moves = [Move(c) for c in self.free_steps(world, state)] if state.steps_left else []
        return moves + ([] if state.drawn else [Draw()]) + [EndTurn()]

    def summary(self, world, state):
        return {
            "mode": "toy",
            "mission": world.mission_id,
            "round": state.round,
            "outcome": self.outcome(state),
            "current": seat_id(state.current),
            "steps_left": state.steps_left,
            "map": [row.replace("A", ".").replace("B", ".") for row in world.rows],
            "goal": list(world.goal),
            "seats": {
                seat_id(i): {"kind": world.seats[i], "at": list(f.at), "card": f.card}
                for i, f in enumerate(state.figures)
            },
        }

    def view(self, world, state, viewer):
        out = self.summary(world, state)
        for sid, seat in out["seats"].items():
            if sid != viewer:
                seat["card"] = None
        out["viewer"] = viewer
        return out

    def outcome(self, state):
        return "won" if state.winner else None

    def bot_command(self, world, state):
        """A bot seat steps toward the goal (first free step that gets no
        farther), then ends its turn."""
        if world.seats[state.current] != "bot" or state.winner:
            return None
        gx, gy = world.goal
        x, y = state.figures[state.current].at
        here = abs(gx - x) + abs(gy - y)
        if state.steps_left:
            for cx, cy in self.free_steps(world, state):
                if abs(gx - cx) + abs(gy - cy) < here:
                    return Move((cx, cy))
        return EndTurn()

    def reveals(self, event):
        return isinstance(event, Dealt)

    def missions(self):
        return [{"id": "yard", "mode": "toy", "name": "Yard", "difficulty": 1, "size": "5x3 cells"}]

    def mission_text(self, mission_id, seed=0, options=None):
        if mission_id != "yard":
            raise MissionError(mission_id, "no such toy mission")
        return MAP


MODE = register(ToyMode())
