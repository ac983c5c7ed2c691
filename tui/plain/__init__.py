"""`shamble --plain` (or SHAMBLE_PLAIN=1): every mode as lines of plain
text, for screen readers and for anyone who plays by ear.

No cursor movement, colour or box drawing is ever printed; menus are
numbered lists; a game is played by typed commands (tui/plain/table.py).
The same adapters as the full-screen game say what happens, so nothing
the board shows is missing: ask `where`, `near`, `board` or `look X`."""

from __future__ import annotations

import os
import random
import sys
from typing import Any

from tui.plain.io import Lines, pick

__all__ = ["ENV", "Lines", "run", "start_session", "wanted"]

ENV = "SHAMBLE_PLAIN"


def wanted(flag: bool) -> bool:
    """--plain given, or SHAMBLE_PLAIN set to anything but 0 or nothing."""
    return flag or os.environ.get(ENV, "") not in ("", "0")


def run(game: Any = None, session: Any = None, lines: Lines | None = None) -> int:
    """The plain title menu (or straight into game); returns the exit code."""
    from tui.plain import web

    if lines is None and web.wanted():  # in a browser tab: textual-serve's packets
        io = web.WebLines(sys.stdin.buffer, sys.stdout.buffer)
        try:
            return _run(io, game, session)
        finally:
            io.finish()
    return _run(lines or Lines(), game, session)


def with_lines(body: Any) -> int:
    """body(io) with the terminal's lines, or a browser tab's (`shamble serve`)."""
    from tui.plain import web

    if web.wanted():
        io = web.WebLines(sys.stdin.buffer, sys.stdout.buffer)
        try:
            return body(io)
        finally:
            io.finish()
    return body(Lines())


def _run(io: Lines, game: Any, session: Any) -> int:
    io.say("Shamble, plain text. Type a number and press Enter; help in a game for commands.")
    if game is not None:
        if play_game(io, game, session) == "quit":
            return 0
    while True:
        choice = title(io)
        if choice is None or choice == "quit":
            io.say("Goodbye.")
            return 0
        made = choice()
        if made == "quit":  # input ended inside a campaign or match
            io.say("Saved. Goodbye.")
            return 0
        if made is None:
            continue
        game, session = made
        if play_game(io, game, session) == "quit":
            io.say("Saved. Goodbye.")
            return 0


def title(io: Lines):
    from tui import persist
    from tui.plain import records

    entries: list[tuple[str, Any]] = [("New game", lambda: new_game(io))]
    latest = persist.latest_unfinished()
    courses = courses_of()
    going = [(got, course) for course in courses if (got := records.in_play(course))]
    when, course = max(going, key=lambda g: g[0][0], default=((0.0, None), None))
    if course is not None and (latest is None or when[0] > persist.last_played(latest)):
        info = when[1]
        entries.append(
            (
                f"Continue: {course.label.lower()} {info.name}",
                lambda: records.resume_course(io, course, info, play_game),
            )
        )
    elif latest is not None:
        entries.append(
            (f"Continue: {persist.describe(latest)}", lambda: open_save(io, latest.path))
        )
    entries.append(("Load a saved game", lambda: load(io)))
    for c in courses:
        entries.append((c.label, lambda c=c: records.open_course(io, c, play_game)))
    from tui.plain import share_menu

    entries += share_menu.entries(io)  # host, join or watch a shared game
    entries.append(("Quit", "quit"))
    io.say("Title menu:", [f"{i}. {label}" for i, (label, _) in enumerate(entries, 1)])
    while True:
        answer = io.ask(f"Choose 1 to {len(entries)}:")
        if answer is None:
            return None
        if answer.isdigit() and 1 <= int(answer) <= len(entries):
            return entries[int(answer) - 1][1]
        if answer.lower() in ("q", "quit"):
            return "quit"
        io.say(f"Type a number from 1 to {len(entries)}.")


def new_game(io: Lines):
    from engine import Game, MissionError, RuleError
    from tui.modes import get_ui, ui_modes

    modes = ui_modes()
    names = [get_ui(m).name or m for m in modes]
    i = pick(io, "Mode", names)
    if i is None:
        return None
    ui = get_ui(modes[i])
    missions = ui.missions()
    default = next((n for n, (_, mid) in enumerate(missions) if mid == ui.default_mission()), 0)
    j = pick(io, "Mission", [label for label, _ in missions], default)
    if j is None:
        return None
    seed_text = io.ask("Seed (a whole number; Enter: a random one):")
    if seed_text is None:
        return None
    seed = (
        int(seed_text) if seed_text.strip().lstrip("-").isdigit() else random.randrange(1_000_000)
    )
    try:
        game = Game.new(modes[i], mission=missions[j][1], seed=seed)
    except (MissionError, RuleError) as e:
        io.say(f"That game cannot start: {e}")
        return None
    io.say(f"New game: {names[i]}, {missions[j][0]}, seed {seed}.")
    return game, start_session(io, game)


def start_session(io: Lines, game: Any) -> Any:
    from tui import persist

    try:
        return persist.start_session(game)
    except persist.SaveProblem as e:
        io.say(f"{e} Playing without saving.")
        return None


def open_save(io: Lines, path: Any):
    from tui import persist

    try:
        session = persist.resume(path)
    except persist.SaveProblem as e:
        io.say(f"That save cannot be opened: {e}")
        return None
    return session.game, session


def load(io: Lines):
    from tui import persist

    try:
        infos = persist.saves_list()
    except persist.SaveProblem as e:
        io.say(str(e))
        return None
    if not infos:
        io.say("There are no saved games yet.")
        return None
    i = pick(io, "Saved games", [persist.describe(info) for info in infos])
    if i is None:
        return None
    return open_save(io, infos[i].path)


def courses_of() -> list[Any]:
    """Every mode's campaigns, endless runs and matches (tui/plain/records.py)."""
    from tui.modes import get_ui, ui_modes

    return [c for m in ui_modes() for c in get_ui(m).plain_courses()]


def play_game(io: Lines, game: Any, session: Any, within: str = "") -> str:
    """Play game at the prompt; "quit" when the player left, else "title".
    within: the record it is a mission of ("campaign"): the end goes back
    there, and a mission's score is the record's, not the high-score table's."""
    from tui.modes import get_ui
    from tui.plain.table import PlainTable

    ui = get_ui(game.setup.mode)
    if ui is None:
        io.say(f"This Shamble cannot show {game.setup.mode} games.")
        return "title"
    play = ui.play(game, True)
    from tui import persist

    publisher = persist.publish(game, session)  # the machine's other players may watch
    try:
        table = PlainTable(game, play, io, session)
        table.publisher = publisher
        io.say([line for line in play.intro() if "? help" not in line])  # not the keys
        if game.commands:
            table.refresh()
            io.say(play.resumed(game.view(play.viewer())))
        io.say("Type help for the commands, what for what you can do now.")
        while True:
            if table.run() == "quit":
                return "quit"
            if game_over(io, table, within) == "title":
                return "title"
    finally:
        if publisher is not None:
            publisher.close()
        if session is not None:
            session.close()


def game_over(io: Lines, table: Any, within: str = "") -> str:
    """The end: headline, reason and the mode's table in lines; undo or title."""
    over = table.play.game_over()
    io.say(over.headline + (f": {over.reason}" if over.reason else "."))
    io.say(table_lines(over.table))
    if not within:
        record_score(io, table)
    back = f"Back to the {within}" if within else "Back to the title menu"
    if table.game.can_undo():
        i = pick(io, "Now", [back, "Undo the last move"])
        if i == 1:
            table.undo()
            return "undo"
    return "title"


def table_lines(table: Any) -> list[str]:
    """A Rich table's rows as lines, without boxes (tui.plain.records.table_lines)."""
    from tui.plain.records import table_lines as lines

    return lines(table)


def record_score(io: Lines, table: Any) -> None:
    """A finished game's score into its mode's high-score table, once."""
    from tui import persist

    if table.session is None or table.scored:
        return
    table.scored = True
    score = table.play.score()
    if score is None:
        return
    try:
        entry = persist.record_score(score)
    except persist.SaveProblem as e:
        io.say(str(e))
        return
    place = persist.rank(entry)
    if place:
        io.say(f"High score: place {place} for this mission.")
