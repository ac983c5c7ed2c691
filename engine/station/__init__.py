"""Station: the co-op zone game (RULES ST), registered as mode "station"."""

from __future__ import annotations

from engine.core import rng
from engine.core.errors import MissionError, RuleError
from engine.core.missions import shipped_rows, shipped_text
from engine.core.mode import Setup, register
from engine.station import commands, content, events
from engine.station.campaign import Progress
from engine.station.decide import run
from engine.station.endless import Run
from engine.station.evolve import evolve
from engine.station.legal import legal_commands
from engine.station.mission import Mission, load_mission
from engine.station.rules import World
from engine.station.state import Card, State, Survivor
from engine.station.summary import summary, view
from engine.station.table import StationTable

DEFAULT_ROSTER = ("vega", "okafor")
MISSIONS = "engine.content.station.missions"


OPTIONS = {"size", "difficulty", "players"}


def _player_count(setup: Setup) -> int:
    """The `players` option when it is a number of players (1-6), else 0."""
    text = str(setup.options.get("players", "")).strip()
    if not text.isdigit():
        return 0
    if not 1 <= int(text) <= 6:
        raise RuleError("bad_players", f"1 to 6 players share the survivors, not {text}")
    return int(text)


def deal(roster: tuple[str, ...], players: int) -> dict[str, int]:
    """ST-1.3: survivors dealt to players in seat order, an equal share each; with
    an odd one out the first players take one more. Each player's survivors sit
    together, so control changes hands once per player in a round."""
    n = len(roster)
    return {sid: i * players // n + 1 for i, sid in enumerate(roster)}


def _players(text: str, roster: tuple[str, ...]) -> dict[str, int]:
    """ST-1.3 hot-seat: which player (1-6) controls each survivor, from
    "vega:1,okafor:2" or a number of players to deal the survivors to;
    everyone is player 1's when it is not given."""
    if not text:
        return {sid: 1 for sid in roster}
    if text.strip().isdigit():
        players = int(text)
        if players > len(roster):
            raise RuleError("bad_players", f"{players} players need at least {players} survivors")
        return deal(roster, players)
    players: dict[str, int] = {}
    for part in text.split(","):
        sid, _, number = part.strip().partition(":")
        if sid not in roster or not number.isdigit() or not 1 <= int(number) <= 6:
            raise RuleError(
                "bad_players", f"players are survivor:number pairs (1-6) for this roster: {part!r}"
            )
        players[sid] = int(number)
    missing = [sid for sid in roster if sid not in players]
    if missing:
        raise RuleError("bad_players", f"no player controls {', '.join(missing)}")
    return players


def _roster(setup: Setup, mission: Mission) -> tuple[str, ...]:
    """The survivors named, else the mission's own, else Vega and Okafor; for
    N hot-seat players with no survivors named, two each (ST-1.3), at most six."""
    roster = setup.roster or mission.info.survivors or DEFAULT_ROSTER
    known = content.survivors()
    wanted = min(6, 2 * _player_count(setup))
    if not setup.roster and len(roster) < wanted:
        more = [sid for sid in known if sid not in roster]
        roster = (*roster, *more[: wanted - len(roster)])
    for sid in roster:
        if sid not in known:
            raise RuleError(
                "unknown_survivor", f"there is no survivor {sid!r} (survivors: {', '.join(known)})"
            )
    if len(set(roster)) != len(roster):
        raise RuleError("duplicate_survivor", "each survivor can be picked once")
    if not 1 <= len(roster) <= 6:
        raise RuleError("bad_roster", "pick 1 to 6 survivors")
    return tuple(roster)


class StationMode:
    id = "station"
    default_mission = "tutorial"
    # 2: quiet survivors within hearing draw zombies (ST-5.3), tough and vests only in
    # the zombie phase, the noise marker, runners' and dogs' phase-start zone (issue 14)
    rules_version = 2
    command_type = commands.StationCommand
    event_type = events.StationEvent
    state_type = State
    table = StationTable()
    carries = {
        "campaign": Progress,
        "endless": Run,
    }  # what its records keep between games (saves/records.py)

    def setup(self, setup: Setup) -> tuple[World, State, list[events.Event]]:
        unknown = set(setup.options) - OPTIONS
        if unknown:
            known = ", ".join(sorted(OPTIONS))
            raise RuleError("bad_option", f"unknown options {sorted(unknown)} (options: {known})")
        mission = load_mission(setup.mission_text, setup.source or "mission")
        roster = _roster(setup, mission)
        board_zones = mission.zones
        world = World(
            mission=mission,
            board=_board(mission),
            seed=setup.seed,
            dice=setup.dice,
            start=next(z for z, s in board_zones.items() if s.start),
            exits=tuple(z for z in _board(mission).zones if mission.zone(z).exit),
            spawns=tuple(
                sorted(
                    (z for z, s in board_zones.items() if s.spawn),
                    key=lambda z: board_zones[z].spawn,
                )
            ),
            seats={sid: i for i, sid in enumerate(roster)},
            players=_players(str(setup.options.get("players", "")), roster),
        )
        board = world.board
        zombies: dict[str, dict[str, int]] = {}
        for g in mission.zombies:
            here = zombies.setdefault(g.zone, {})
            here[g.kind] = here.get(g.kind, 0) + g.count
        doors = {}
        for d in board.doors:
            spec = mission.doors.get(d.id)
            doors[d.id] = (
                "open" if d.open_at_start else "locked" if spec and spec.locked else "closed"
            )
        floor = {
            z: tuple(Card(c, content.card(c).ammo) for c in mission.zone(z).floor)
            for z in board.zones
            if mission.zone(z).floor
        }
        survivors = [_survivor(sid, world.start, setup.carry.get(sid)) for sid in roster]
        for sid in setup.carry:
            if sid not in roster:
                raise RuleError("bad_carry", f"campaign progress for {sid}, who is not playing")
        state = State(
            survivors=tuple(survivors),
            zombies=zombies,
            doors=doors,
            dark=tuple(z for z in board.zones if mission.zone(z).dark),
            floor=floor,
            objectives=tuple(z for z in board.zones if mission.zone(z).objective),
            equipment=mission.equipment or (),
            search=mission.search or (),
            zombie_deck=tuple(c.id for c in mission.zombie_cards)
            if mission.zombie_cards is not None
            else (),
        )
        setup_events: list[events.Event] = []
        k = 0
        for deck, stacked, full in (
            ("equipment", mission.equipment, content.equipment_deck()),
            ("search", mission.search, content.search_deck()),
            ("zombie", mission.zombie_cards, tuple(content.zombie_cards())),
        ):
            if stacked is None:  # K-4: decks are shuffled with the game's RNG at setup
                setup_events.append(
                    events.DeckShuffled(deck=deck, order=rng.shuffled(setup.seed, k, full))
                )
                k += 1
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
        if mission_id == "random":
            return _generated(seed, options or {})
        return shipped_text(MISSIONS, mission_id, self.missions)

    def missions(self) -> list[dict]:
        return shipped_rows(MISSIONS, _row)


def _row(text: str, name: str) -> dict:
    mission = load_mission(text, name)
    zones = len(_board(mission).zones)
    return {
        "id": mission.id,
        "mode": "station",
        "name": mission.info.name,
        "zones": zones,
        "size": f"{zones} zones",
        "difficulty": mission.info.difficulty,
        "briefing": mission.info.briefing,
    }


_BOARDS: dict[str, object] = {}


def _survivor(sid: str, zone: str, carried) -> Survivor:
    """A survivor at the start zone with their starting card, and what a
    campaign carries over: XP, skills and kept cards (ST-C.2)."""
    spec = content.survivors()[sid]
    cards = [spec.starts_with]
    xp, skills = 0, (spec.skill,)
    if carried is not None:
        if carried.xp < 0:
            raise RuleError("bad_carry", f"{sid}'s XP cannot be negative")
        unknown = [k for k in carried.skills if k not in content.SKILLS]
        unknown += [c for c in carried.kept if c not in content.cards()]
        if unknown:
            raise RuleError("bad_carry", f"{sid} carries unknown skills or cards: {unknown}")
        xp = carried.xp
        skills = tuple(dict.fromkeys((spec.skill, *carried.skills)))
        # a starting card that is in no deck exists once: keeping it cannot copy it
        only_one = content.card(spec.starts_with).count == 0
        cards += [c for c in carried.kept if not (only_one and c == spec.starts_with)]
    hand = tuple(Card(c, content.card(c).ammo) for c in cards[:2])
    backpack = tuple(Card(c, content.card(c).ammo) for c in cards[2:5])
    return Survivor(
        id=sid, zone=zone, xp=xp, skills=skills, picks=len(skills) - 1, hand=hand, backpack=backpack
    )


def _generated(seed: int, options: dict) -> str:
    """mission="random": a station built from the seed (options size, difficulty)."""
    from engine.station.generate import generate

    size: str | int = options.get("size", "medium")
    if isinstance(size, str) and size.isdigit():
        size = int(size)
    try:
        difficulty = int(options.get("difficulty", 3))
        return generate(seed, size, difficulty)
    except ValueError as e:
        raise MissionError("random", str(e)) from None


def _board(mission: Mission):
    """The zone map of a mission, cached by map text (derived tables live on it)."""
    from engine.station.zones import parse_zones

    key = mission.info.map
    board = _BOARDS.get(key)
    if board is None:
        board = parse_zones(key)
        if len(_BOARDS) > 64:
            _BOARDS.clear()
        _BOARDS[key] = board
    return board


register(StationMode())
