"""Outbreak: the tile-laying race for 2-6 seats (RULES OB), mode "outbreak"."""

from __future__ import annotations

from engine.core import rng
from engine.core.errors import RuleError
from engine.core.missions import shipped_rows, shipped_text
from engine.core.mode import Setup, register
from engine.outbreak import commands, content, events
from engine.outbreak.board import board_of
from engine.outbreak.decide import run
from engine.outbreak.evolve import evolve, helipad_of
from engine.outbreak.legal import legal_commands
from engine.outbreak.match import Match
from engine.outbreak.mission import load_mission
from engine.outbreak.rules import DEFAULT_SEATS, VARIANTS, World, parse_options, parse_seats
from engine.outbreak.state import Seat, State, Token
from engine.outbreak.summary import summary, view
from engine.outbreak.table import OutbreakTable
from engine.outbreak.turn import Turn

OPTIONS = {"seats", *VARIANTS}
MISSIONS = "engine.content.outbreak.missions"


class OutbreakMode:
    id = "outbreak"
    default_mission = "standard"
    command_type = commands.OutbreakCommand
    event_type = events.OutbreakEvent
    state_type = State
    table = OutbreakTable()
    # 2: an effect's events name the seat who played its card (`by`), so a
    # game recorded under 1 verifies up to its first card with an effect
    rules_version = 2
    carries = {"match": Match}  # what its records keep between games (saves/records.py)

    def setup(self, setup: Setup) -> tuple[World, State, list[events.Event]]:
        unknown = set(setup.options) - OPTIONS
        if unknown:
            raise RuleError(
                "bad_option",
                f"unknown options {sorted(unknown)} (options: {', '.join(sorted(OPTIONS))})",
            )
        if setup.roster or setup.carry:
            raise RuleError("bad_option", "outbreak has seats, not survivors or campaign progress")
        seats = parse_seats(setup.options.get("seats", DEFAULT_SEATS))
        options = parse_options(setup.options)
        mission = load_mission(setup.mission_text, setup.source or "mission")
        world = World(mission=mission, seed=setup.seed, dice=setup.dice, options=options)
        decks = mission.decks
        state = State(
            seats=tuple(Seat(id=sid, kind=kind) for sid, kind in seats),
            tiles=mission.tiles,
            zombies=mission.zombies,
            tokens=tuple(Token(t.cell, t.kind) for t in mission.tokens),
            tile_pile=decks.tiles or (),
            event_pile=decks.events or (),
            map_closed=board_of(mission.tiles).closed(),
            helipad=helipad_of(mission.tiles),
        )
        t = Turn(world, state)
        if decks.tiles is None:  # OB-2: the pile shuffled, the Helipad under it
            mixed, under = content.tile_deck(options.tile_deck)
            order = rng.shuffled(setup.seed, t.state.shuffles, mixed) + under
            t.emit(events.DeckShuffled(deck="tiles", order=order))
        if decks.events is None:
            order = rng.shuffled(
                setup.seed, t.state.shuffles, content.event_deck(options.event_deck)
            )
            t.emit(events.DeckShuffled(deck="events", order=order))
        if options.dealer == "random":  # OB-1: the dealer at random, play from their left
            ids = [s.id for s in state.seats]
            dealer = rng.shuffled(setup.seed, t.state.shuffles, ids)[0]
            t.emit(events.DealerChosen(seat=dealer))
        n = len(state.seats)
        order = [t.state.seats[(t.state.first + i) % n] for i in range(n)]
        for s in order:  # each seat in turn gets its three events
            t.draw_events(s.id, content.HAND)
        t.emit(events.TurnStarted(seat=order[0].id, round=1))
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

    @staticmethod
    def bot_command(world: World, state: State) -> dict | None:
        """What the bot to act submits (the same for the same view), or None
        when a person is to act."""
        sid = state.to_act
        if sid is None or state.seat(sid).kind != "bot":
            return None
        from engine.outbreak.bot import choose

        return choose(view(world, state, sid))

    def mission_text(self, mission_id: str, seed: int = 0, options: dict | None = None) -> str:
        return shipped_text(MISSIONS, mission_id, self.missions)

    def missions(self) -> list[dict]:
        return shipped_rows(MISSIONS, _row)


def _row(text: str, name: str) -> dict:
    mission = load_mission(text, name)
    info = mission.info
    pile = mission.decks.tiles
    if pile is None:
        pile = sum(content.tile_deck(), ())
    return {
        "id": info.id,
        "mode": "outbreak",
        "name": info.name,
        "size": f"{len(mission.tiles) + len(pile)} tiles",
        "difficulty": info.difficulty,
        "briefing": info.briefing,
    }


register(OutbreakMode())
