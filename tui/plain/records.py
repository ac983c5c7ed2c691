"""Campaigns, endless runs and matches at the plain prompt (`shamble
--plain`): the plain counterpart of tui/screens/records.py.

A mode that keeps a record over several games (a Station campaign or
endless run, a Siege or Sniper campaign, an Outbreak match) gives the plain
title a `Course` for each (ModeUI.plain_courses): how its records read in a
list, the numbered questions that start a new one, what is said between
games, how the next game starts and how a finished one is folded in. This
module runs them all the same way, and names no mode:

- the list: "1. New campaign", then each record (the one still going is
  the default);
- between games: the heading, what was played, who goes on, what comes
  next; play, retry, or resume the mission in play; the next mission's
  briefing is read once, as the mission opens (a menu line reads it before);
- a finished mission is folded in as soon as the record is opened again
  (the mode's numbered choices first, such as the cards each survivor
  keeps), and the next step offered.

The records are the same files the full-screen game keeps (saves.records),
so a campaign begun in one interface goes on in the other."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

from saves import SaveError
from tui.persist import SaveProblem
from tui.plain.io import Lines, pick

Play = Callable[..., str]  # tui.plain.play_game: a game at the prompt, "quit" or "title"
FOLD_ERRORS: tuple[type[BaseException], ...] = (SaveError, SaveProblem, OSError)


class Course:
    """One kind of record a mode keeps (a Station campaign, an Outbreak
    match): what the plain loop asks of it. Subclasses fill in the mode's
    words and rules; the defaults fit a campaign of missions."""

    mode = ""
    kind = ""  # the record store: saves.records.store(mode, kind)
    label = ""  # the title menu's line ("Siege campaign")
    many = ""  # the list's title ("Outbreak matches"; default: label + "s")
    noun = "campaign"  # "the campaign", "the match"
    new_label = "New campaign"

    # -- the list ----------------------------------------------------------------------
    def store(self) -> Any:
        from saves import records

        return records.store(self.mode, self.kind)

    def describe(self, info: Any) -> str:
        raise NotImplementedError

    def going(self, info: Any) -> bool:
        """This record is still being played."""
        return bool(info.progress is not None and getattr(info.progress, "outcome", None) is None)

    def new(self, io: Lines) -> tuple[Any, str, dict[str, str] | None] | None:
        """Ask what a new record needs: (the engine's progress, the record's
        name prefix, its options), or None when the player backs out."""
        raise NotImplementedError

    # -- between games ------------------------------------------------------------------
    def over(self, record: Any) -> bool:
        return record.progress.outcome is not None

    def heading(self, record: Any) -> str:
        raise NotImplementedError

    def body(self, record: Any, in_play: bool) -> list[str]:
        """What was played and who goes on, in lines."""
        raise NotImplementedError

    def next_lines(self, record: Any, in_play: bool) -> list[str]:
        """What comes next (or how it ended)."""
        raise NotImplementedError

    def briefing(self, record: Any) -> str:
        """The next mission's briefing ("" when it has none)."""
        return ""

    def play_label(self, record: Any) -> str:
        raise NotImplementedError

    def resume_label(self, record: Any) -> str:
        return "Resume the mission in play"

    def new_game(self, record: Any) -> Any:
        """The record's next game (a Game)."""
        raise NotImplementedError

    def save_base(self, record: Any, game: Any) -> str:
        return game.setup.mission or "mission"

    def fold(self, io: Lines, record: Any, game: Any) -> bool:
        """Fold a finished game into the record (asking what the mode asks
        first); False when the player left instead. RuleError, SaveError and
        OSError tell the loop it could not be folded."""
        raise NotImplementedError

    def ended(self, io: Lines, record: Any) -> None:
        """Said once, as the record ends (campaign won or lost; a run's score)."""

    def opened(self, io: Lines, record: Any) -> None:
        """When the record is opened (a run that fell before its score was written)."""


# -- asking --------------------------------------------------------------------------------


def whole_number(io: Lines, prompt: str, default: int) -> int | None:
    """A whole number typed, or the default on Enter; None when input ended."""
    while True:
        answer = io.ask(f"{prompt} (a whole number; Enter: {default}):")
        if answer is None:
            return None
        if not answer:
            return default
        if answer.lstrip("-").isdigit():
            return int(answer)
        io.say("Type a whole number, or press Enter.")


def yes_no(io: Lines, question: str, default: bool) -> bool | None:
    i = pick(io, question, ["no", "yes"], int(default))
    return None if i is None else i == 1


# -- the loop ------------------------------------------------------------------------------


def open_course(io: Lines, course: Course, play: Play) -> str | None:
    """The course's records and a new one; then the one chosen, between
    games. "quit" when the player left (input ended), else None."""
    store = course.store()
    try:
        infos = store.listing()
    except (SaveError, OSError) as e:
        io.say(f"Cannot list the {course.noun}s: {e}")
        return None
    going = [n for n, info in enumerate(infos) if not info.error and course.going(info)]
    labels = [course.new_label, *(course.describe(info) for info in infos)]
    many = course.many or f"{course.label}s"
    i = pick(io, many, [*labels, "Back to the title menu"], going[0] + 1 if going else 0)
    if i is None:
        return "quit"
    if i == len(labels):
        return None
    if i == 0:
        made = course.new(io)
        if made is None:
            return None
        progress, prefix, options = made
        try:
            record = store.start(store.free_name(prefix), progress, options)
        except (SaveError, OSError) as e:
            io.say(f"The {course.noun} cannot be saved: {e}")
            return None
        io.say(f"New {course.noun}: {record.state.header.name}.")
    else:
        info = infos[i - 1]
        if info.error:
            io.say(info.error.replace(str(info.path), info.name))
            return None
        try:
            record = store.open(info.path)
        except (SaveError, OSError) as e:
            io.say(str(e).replace(str(info.path), info.name))
            return None
    return between(io, course, record, play)


def state_of(record: Any, course: Course) -> tuple[str, Any, str]:
    """(phase, the game in play or None, a problem): ready, in_play,
    finished, broken or over; the game read from the record's save."""
    from tui import persist

    if course.over(record):
        return "over", None, ""
    save = record.state.save
    if not save:
        return "ready", None, ""
    try:
        game = persist.read_only(save)
    except persist.SaveProblem as e:
        return "broken", None, str(e)
    return ("finished" if game.outcome else "in_play"), game, ""


def between(io: Lines, course: Course, record: Any, play: Play, resume: bool = False) -> str | None:
    """A record between games until the player goes back ("quit": they left).
    resume: straight back into the mission in play (Continue on the title)."""
    from engine import MissionError, RuleError

    problem = ""
    try:
        course.opened(io, record)
        while True:
            phase, game, broken = state_of(record, course)
            if phase == "finished" and not problem:
                try:
                    if not course.fold(io, record, game):
                        return "quit"
                except (RuleError, *FOLD_ERRORS) as e:
                    problem = (
                        f"The finished mission cannot be folded in: {getattr(e, 'message', e)}"
                    )
                    continue
                if course.over(record):
                    course.ended(io, record)
                continue
            if resume and phase == "in_play":
                resume = False
                if go_on(io, course, record, play) == "quit":
                    return "quit"
                continue
            resume = False
            in_play = phase in ("in_play", "finished")
            io.say(course.heading(record))
            io.say(course.body(record, in_play))
            io.say(course.next_lines(record, in_play))
            # the briefing is read once, as the mission opens; here only on request
            brief = course.briefing(record) if phase == "ready" else ""
            for note in (broken, problem):
                if note:
                    io.say(note)
            choices: list[tuple[str, str]] = []
            if phase == "ready":
                choices.append(("play", course.play_label(record)))
                if brief:
                    choices.append(("brief", "Hear the briefing first"))
            elif phase == "in_play":
                choices.append(("resume", course.resume_label(record)))
            elif phase == "broken":
                choices.append(("play", "Start the mission again (its save cannot be read)"))
            choices.append(("back", "Back to the title menu"))
            i = pick(io, "Now", [label for _, label in choices])
            if i is None:
                return "quit"
            what = choices[i][0]
            if what == "back":
                return None
            if what == "brief":
                io.say(f"Briefing: {brief}")
                continue
            if what == "resume":
                if go_on(io, course, record, play) == "quit":
                    return "quit"
                continue
            try:
                game = course.new_game(record)
            except (MissionError, RuleError) as e:
                io.say(f"That mission cannot start: {e}")
                continue
            if play_next(io, course, record, game, play) == "quit":
                return "quit"
    finally:
        record.close()


def play_next(io: Lines, course: Course, record: Any, game: Any, play: Play) -> str | None:
    """Start the record's next game, saved in the record's own folder."""
    from saves import AutoSave

    try:
        session = AutoSave.create(record.game_save_path(course.save_base(record, game)), game)
    except (SaveError, OSError) as e:
        io.say(f"The mission cannot be saved: {e}")
        return None
    try:
        record.save_progress(record.progress, save=str(session.path))
    except (SaveError, OSError) as e:
        session.close()
        io.say(str(e))
        return None
    return "quit" if play(io, game, session, within=course.noun) == "quit" else None


def go_on(io: Lines, course: Course, record: Any, play: Play) -> str | None:
    """The mission in play, from its save."""
    from tui import persist

    try:
        session = persist.resume(record.state.save)
    except persist.SaveProblem as e:
        io.say(f"The mission in play cannot be opened: {e}")
        return None
    return "quit" if play(io, session.game, session, within=course.noun) == "quit" else None


# -- Continue on the title -----------------------------------------------------------------


def last_played(info: Any) -> float:
    """When a record (or its game in play) was last written."""
    times = []
    for path in (info.path, info.save):
        try:
            times.append(Path(path).stat().st_mtime if path else 0.0)
        except OSError:
            times.append(0.0)
    return max(times)


def in_play(course: Course) -> tuple[float, Any] | None:
    """The course's record still going that was played last, with when."""
    try:
        infos = course.store().listing()
    except (SaveError, OSError):
        return None
    going = [i for i in infos if not i.error and course.going(i)]
    if not going:
        return None
    info = max(going, key=last_played)
    return last_played(info), info


def resume_course(io: Lines, course: Course, info: Any, play: Play) -> str | None:
    try:
        record = course.store().open(info.path)
    except (SaveError, OSError) as e:
        io.say(str(e).replace(str(info.path), info.name))
        return None
    return between(io, course, record, play, resume=True)


def mission_lines(progress: Any, names: dict[str, dict], in_play: bool) -> list[str]:
    """The missions of a campaign in order, each with its outcomes so far and
    the current one "in play" or "next" (as tui.screens.records.missions_table)."""
    played: dict[str, list[str]] = {}
    for mission, outcome in progress.history:
        played.setdefault(mission, []).append(outcome)
    lines = []
    for i, mid in enumerate(progress.missions):
        state = ", ".join(played.get(mid, []))
        if progress.outcome is None and i == progress.index:
            state = (state + ", " if state else "") + ("in play" if in_play else "next")
        name = names.get(mid, {}).get("name", mid)
        lines.append(f"Mission {i + 1}, {name}: {state or 'to come'}.")
    return lines


def table_lines(table: Any) -> list[str]:
    """A Rich table's rows as lines ("Vega: kills 3, XP 7"), without boxes."""
    columns = getattr(table, "columns", None)
    if not columns:
        return []
    from rich.text import Text

    def cell(value: Any) -> str:
        return value.plain if isinstance(value, Text) else str(value)

    heads = [cell(c.header) for c in columns]
    cells = [[cell(v) for v in c._cells] for c in columns]
    lines = []
    for row in zip(*cells, strict=False):
        first, rest = row[0], row[1:]
        filled = [v for v in rest if v]
        if len(heads) > 2 and len(filled) == 1 and rest[0]:  # a total under the table
            lines.append(f"{first}: {filled[0]}")  # "score: 73", not "score: kills 73"
            continue
        parts = [f"{h} {v}".strip() for h, v in zip(heads[1:], rest, strict=False) if v]
        lines.append(f"{first}: {', '.join(parts)}" if parts else first)
    return lines
