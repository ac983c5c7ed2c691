"""Sniper: alone behind the lines against a commander (RULES SN), registered
as mode "sniper". The commander is the AI (default) or a hot-seat human."""

from __future__ import annotations

from engine.core import rng
from engine.core.errors import RuleError
from engine.core.missions import shipped_rows, shipped_text
from engine.core.mode import Setup, register
from engine.sniper import commands, content, events
from engine.sniper.board import Board
from engine.sniper.campaign import Progress
from engine.sniper.decide import run
from engine.sniper.effects import observe
from engine.sniper.evolve import evolve
from engine.sniper.legal import legal_commands
from engine.sniper.mission import Mission, load_mission
from engine.sniper.rules import World, make_world
from engine.sniper.state import Sniper, State, Unit
from engine.sniper.summary import summary
from engine.sniper.table import SniperTable
from engine.sniper.turn import Turn
from engine.sniper.views import view

OPTIONS = {"commander", "ammo"}
SEATS = ("ai", "human")
MISSIONS = "engine.content.sniper.missions"


def _options(options: dict) -> tuple[str, int | None]:
    """(who plays the commander, the ammo a campaign carries in or None)."""
    unknown = set(options) - OPTIONS
    if unknown:
        known = ", ".join(sorted(OPTIONS))
        raise RuleError("bad_option", f"unknown options {sorted(unknown)} (options: {known})")
    seat = options.get("commander", "ai")
    if seat not in SEATS:
        raise RuleError("bad_option", f"commander must be ai or human, not {seat!r}")
    ammo = options.get("ammo")
    if ammo is None:
        return seat, None
    top = content.numbers().max_ammo
    if isinstance(ammo, str) and ammo.strip().isdigit():
        ammo = int(ammo)
    if not isinstance(ammo, int) or isinstance(ammo, bool) or not 0 <= ammo <= top:
        raise RuleError("bad_option", f"ammo must be a whole number from 0 to {top}")
    return seat, ammo


def _hand(setup: Setup, mission: Mission) -> tuple[str, ...]:
    """His starting cards: the mission's, or what a campaign carries in."""
    unknown = set(setup.carry) - {"sniper"}
    if unknown:
        raise RuleError("bad_carry", f"only the sniper carries anything in, not {sorted(unknown)}")
    carried = setup.carry.get("sniper")
    if carried is None:
        return mission.sniper.equipment
    bad = [c for c in carried.kept if c not in content.content().equipment]
    if bad:
        raise RuleError("bad_carry", f"the sniper carries unknown cards: {bad}")
    # house rule SN-C.2: the mission's kit adds the cards he does not hold
    hand = list(carried.kept)
    extra = list(mission.sniper.equipment)
    for card in carried.kept:
        if card in extra:
            extra.remove(card)
    return tuple(hand + extra)


class SniperMode:
    id = "sniper"
    default_mission = "village"
    # 2: units look for him after each of the commander's commands (clarification 2),
    # the turn's second shot loud after a suppressed one is heard everywhere
    # (clarification 1), the commander AI hunts (issue 24)
    rules_version = 2
    command_type = commands.SniperCommand
    event_type = events.SniperEvent
    state_type = State
    table = SniperTable()
    carries = {"campaign": Progress}  # what its records keep between games (saves/records.py)

    def setup(self, setup: Setup) -> tuple[World, State, list[events.Event]]:
        seat, ammo = _options(setup.options)
        mission = load_mission(setup.mission_text, setup.source or "mission")
        hand = _hand(setup, mission)
        spec = mission.sniper
        world = make_world(mission, _board(mission), setup.seed, setup.dice, seat, spec.health)
        units = []
        for u in mission.units:
            waypoint = 1 % len(u.patrol) if u.patrol and u.patrol[0] == u.at else 0
            health = content.unit(u.kind).health
            units.append(
                Unit(
                    id=u.id, kind=u.kind, at=u.at, health=health, patrol=u.patrol, waypoint=waypoint
                )
            )
        features = {
            name: "there" if content.content().features[name].on_entry else "intact"
            for name in mission.features
        }
        decks = mission.decks
        rain = mission.info.rain_until or None  # a mission may open in rain (SN-A rain)
        state = State(
            sniper=Sniper(
                at=mission.start,
                health=spec.health,
                ammo=spec.ammo if ammo is None else ammo,
                hand=hand,
                moves_left=content.numbers().moves - (content.numbers().rain_slow if rain else 0),
            ),
            units=tuple(units),
            features=features,
            kills={k: 0 for k in content.UNIT_ORDER},
            objectives_deck=decks.get("objectives", ()),
            equipment_deck=decks.get("equipment", ()),
            shots_deck=decks.get("shots", ()),
            events_deck=decks.get("events", ()),
            rain_until=rain,
        )
        full = {
            "objectives": mission.allowed,
            "equipment": content.deck_less("equipment", hand),
            "shots": content.full_deck("shots"),
            "events": content.full_deck("events"),
        }
        t = Turn(world, state)
        for k, deck in enumerate(d for d in full if d not in decks):
            t.emit(events.DeckShuffled(deck=deck, order=rng.shuffled(setup.seed, k, full[deck])))
        t.emit(events.ObjectivesDealt(cards=t.state.objectives_deck[: spec.objectives]))
        if spec.draw_equipment:
            drawn = t.state.equipment_deck[: spec.draw_equipment]
            t.emit(events.EquipmentDrawn(cards=drawn))
        observe(t)
        return world, state, t.events

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
        return shipped_rows(MISSIONS, _row)


def _row(text: str, name: str) -> dict:
    mission = load_mission(text, name)
    board = _board(mission)
    return {
        "id": mission.id,
        "mode": "sniper",
        "name": mission.info.name,
        "size": f"{board.width}x{board.height} cells",
        "turns": mission.info.turns,
        "difficulty": mission.info.difficulty,
        "briefing": mission.info.briefing,
    }


_BOARDS: dict[tuple[str, ...], Board] = {}


def _board(mission: Mission) -> Board:
    """The board of a mission, cached by its terrain (sight tables live on it)."""
    key = mission.terrain
    board = _BOARDS.get(key)
    if board is None:
        from engine.core.geometry import Grid

        board = Board(Grid(key))
        if len(_BOARDS) > 32:
            _BOARDS.clear()
        _BOARDS[key] = board
    return board


register(SniperMode())
