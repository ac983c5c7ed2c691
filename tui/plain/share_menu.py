"""Host, join and watch shared games in plain mode: the title's entries,
the list of games hosted here, the new game to host (mode, mission, seed,
seats), and the session at a table (tui/plain/shared.py) until the player
leaves it, joining again after a dropped connection when asked."""

from __future__ import annotations

import asyncio
from typing import Any

from tui.plain.io import Lines


# -- joining, hosting, watching ---------------------------------------------------------
async def _session(io: Lines, name: str, broker: str | None, watch: bool) -> str:
    """Join (or watch) name and play it until the player leaves: "left", or
    "ended" when the input ended."""
    from hosting.client import Client, CoopError
    from saves.files import SaveError
    from tui.plain.shared import SharedTable
    from tui.screens.coop_view import plays_from_view

    try:
        client = await Client.connect(name, broker=broker, watch=watch)
    except (CoopError, SaveError, OSError) as e:
        io.say(f"Cannot join {name}: {e}")
        return "left"
    while True:
        if client.game is None and not plays_from_view(client.mode):
            io.say(f"This Shamble cannot tell {client.mode} games between opponents.")
            await client.close()
            return "left"
        table = SharedTable(client, io)
        try:
            how = await table.run_shared()
        except asyncio.CancelledError:  # Ctrl+C: leave the table as quit would
            client.listeners.clear()
            await client.close()
            raise
        if how != "rejoin":
            client.listeners.clear()
            await client.close()
            if how == "left":
                io.say(f"You left {name}; your seats wait for you.")
            return how
        io.say(f"Joining {name} again...")
        try:
            client = await client.rejoin()
        except (CoopError, SaveError, OSError) as e:
            io.say(f"Can't join again: {e}")
            return "left"


def play_shared(io: Lines, name: str, broker: str | None = None, watch: bool = False) -> str:
    """Join or watch the shared game name at the plain prompt; "left" when the
    player left the table, "quit" when the input ended."""
    try:
        how = asyncio.run(_session(io, name, broker, watch))
    except KeyboardInterrupt:  # Ctrl+C at the prompt: the player leaves, as at any plain prompt
        io.say("", f"You left {name}; your seats wait for you.")
        return "quit"
    return "quit" if how == "ended" else "left"


async def _games(broker: str | None = None) -> list[tuple[str, Any]]:
    """The games hosted here, each with what it is (or why it does not say)."""
    from hosting.client import Client, CoopError
    from hosting.place import hosted_games
    from saves.files import SaveError

    if broker:
        from hosting.broker import broker_games

        names = await broker_games(broker)
    else:
        names = hosted_games()

    async def peek(name: str) -> Any:
        try:
            return await asyncio.wait_for(Client.peek(name, broker=broker), 3.0)
        except TimeoutError:
            return f"{name} did not answer"
        except (CoopError, SaveError, OSError) as e:
            return str(e)

    infos = await asyncio.gather(*(peek(n) for n in names))
    return list(zip(names, infos, strict=True))


def game_words(name: str, info: Any) -> str:
    """A hosted game in one line: its name, what it is, who sits where."""
    if isinstance(info, str):
        return f"{name}: {info}"
    state = info.status.outcome or (f"{info.counts} {info.round}" if info.round is not None else "")
    seats = []
    for s in info.lobby.seats:
        if s.status == "bot":
            seats.append(f"{s.label} a bot")
        elif s.account:
            seats.append(f"{s.label} {s.account}" + ("" if s.status == "here" else " (away)"))
        else:
            seats.append(f"{s.label} open")
    what = ", ".join(x for x in (info.mode, info.mission, state) if x)
    return f"{name}: {what}; " + ", ".join(seats) + "."


def join_menu(io: Lines, broker: str | None = None) -> Any:
    """The games hosted here, numbered; join or watch the one chosen."""
    from tui.plain.records import pick as _pick

    games = asyncio.run(_games(broker))
    if not games:
        io.say("No shared games are hosted here: Host a shared game starts one.")
        return None
    i = _pick(io, "Shared games hosted here", [game_words(n, info) for n, info in games])
    if i is None:
        return "quit"
    name, info = games[i]
    if isinstance(info, str):
        io.say(f"{name} cannot be joined now: {info}")
        return None
    j = _pick(io, f"{name}", ["Play: take a seat (yours back, or the first open)", "Watch"])
    if j is None:
        return "quit"
    return None if play_shared(io, name, broker, watch=j == 1) == "left" else "quit"


def shareable_modes() -> list[str]:
    from hosting.seats import shares_log
    from tui.modes import ui_modes
    from tui.screens.coop_view import plays_from_view

    return [m for m in ui_modes() if shares_log(m) or plays_from_view(m)]


# Options tried in turn for a shared game of two people, each taken only by
# the modes that know it (the others refuse it): every mode gets its own.
TWO_PEOPLE = ({}, {"players": "2"}, {"commander": "human"}, {"seats": "human,human,bot"})


def host_menu(io: Lines) -> Any:
    """Host a shared game: mode, mission, seed and seats, then join it."""
    from engine import Game, MissionError, RuleError
    from hosting.seats import seat_specs
    from tui.modes import get_ui
    from tui.plain.records import pick as _pick

    modes = shareable_modes()
    if not modes:
        io.say("This Shamble can host no shared game.")
        return None
    i = _pick(io, "Host a shared game: mode", [get_ui(m).name or m for m in modes])
    if i is None:
        return "quit"
    mode, ui = modes[i], get_ui(modes[i])
    missions = ui.missions()
    default = next((n for n, (_, m) in enumerate(missions) if m == ui.default_mission()), 0)
    j = _pick(io, "Mission", [label for label, _ in missions], default)
    if j is None:
        return "quit"
    mission = missions[j][1]
    seed_text = io.ask("Seed (a whole number; Enter: a random one):")
    if seed_text is None:
        return "quit"
    import random

    text = seed_text.strip()
    seed = int(text) if text.lstrip("-").isdigit() else random.randrange(1_000_000)

    def people(options: dict) -> int:
        try:
            game = Game.new(mode, mission=mission, seed=seed, **options)
        except (MissionError, RuleError):
            return 0
        return sum(1 for s in seat_specs(game) if s.human)

    options = next((o for o in TWO_PEOPLE if people(o) >= 2), None)
    while True:
        said = ", ".join(f"{k} {v}" for k, v in (options or {}).items()) or "as the mission is"
        io.say(
            f"Seats: {said}." if options is not None else "This mission has one seat.",
            "Type options as shamble host takes them to change it: players 3, "
            "seats human,human,human, zombies human.",
        )
        answer = io.ask("Enter hosts it; options, or back:")
        if answer is None:
            return "quit"
        if answer.lower() in ("b", "back"):
            return None
        if not answer and options is not None:
            break
        parts = answer.replace("--", "").split()
        typed = dict(zip(parts[::2], parts[1::2], strict=False))
        if not typed or len(parts) % 2:
            io.say("Type each option's name and its value, like: players 3.")
            continue
        try:
            game = Game.new(mode, mission=mission, seed=seed, **typed)
        except (MissionError, RuleError) as e:
            io.say(f"That game cannot start: {e}")
            continue
        if sum(1 for s in seat_specs(game) if s.human) < 2:
            io.say("That game has one seat: each friend needs a seat of their own.")
            continue
        options = typed
    argv = ["host", "--mode", mode, "--mission", mission, "--seed", str(seed)]
    for key, value in (options or {}).items():
        argv += [f"--{key}", str(value)]
    io.say("Starting the host...")
    try:
        name = start_host(argv)
    except (RuntimeError, OSError) as e:
        io.say(f"The host did not start: {e}")
        return None
    io.say(f"Hosting {name}: friends join it with shamble join {name}.")
    return None if play_shared(io, name) == "left" else "quit"


def start_host(argv: list[str]) -> str:
    """`shamble host ARGV` started as the title's Host starts it; its name."""
    from tui.screens.coop_menu import run_host

    return asyncio.run(run_host(argv))


def entries(io: Lines) -> list[tuple[str, Any]]:
    """The plain title's shared-game entries."""
    return [
        ("Host a shared game", lambda: host_menu(io)),
        ("Join or watch a shared game", lambda: join_menu(io)),
    ]
