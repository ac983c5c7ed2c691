"""Outbreak matches at the plain prompt (tui/plain/records.py): the records,
rules and fold of the match screen (match.py), in lines; the running score
said between games."""

from __future__ import annotations

import random
from typing import Any

from engine import Game, RuleError
from engine.outbreak import match as rules
from tui.modes.outbreak.match import (
    UNDO,
    champions,
    fold_game,
    games_text,
    match_line,
    score_table,
    seats_of,
)
from tui.plain.io import Lines
from tui.plain.records import Course, pick, table_lines, whole_number


class OutbreakMatch(Course):
    mode, kind = "outbreak", "match"
    label, noun, new_label = "Outbreak match", "match", "New match"
    many = "Outbreak matches"

    def describe(self, info: Any) -> str:
        return match_line(info)

    def going(self, info: Any) -> bool:
        return info.progress is not None and not info.progress.over

    def new(self, io: Lines) -> tuple[Any, str, None] | None:
        io.say(
            "The seats in turn order, each human or bot, a name before a colon if you like "
            "(ann:human,bot,bot). A win is 3 points, 10 kills 1; each game the next seat starts."
        )
        while True:
            seats = io.ask("Seats (Enter: human,bot,bot):")
            if seats is None:
                return None
            seats = seats or "human,bot,bot"
            games = whole_number(io, f"Games (1 to {rules.MAX_GAMES})", 3)
            if games is None:
                return None
            i = pick(io, "Undo", [label for label, _ in UNDO])
            if i is None:
                return None
            seed = whole_number(io, "Seed", random.randrange(1_000_000))
            if seed is None:
                return None
            try:
                return rules.start(seats, games=games, seed=seed, undo=UNDO[i][1]), "match", None
            except RuleError as e:
                io.say(f"That match cannot start: {e.message}. Again:")

    def over(self, record: Any) -> bool:
        return record.progress.over

    def heading(self, record: Any) -> str:
        m = record.progress
        seats = seats_of(m)
        who = ", ".join(seats.name(s) for s in seats.order)
        return f"Outbreak match {record.state.header.name}: {m.games} game{'s' * (m.games != 1)} ({who})."

    def body(self, record: Any, in_play: bool) -> list[str]:
        m = record.progress
        lines = ["The score, best first:", *table_lines(score_table(m))]
        lines.append(
            f"Points: {rules.WIN_POINTS} for a win, 1 for every {rules.KILLS_PER_POINT} kills "
            "held when a game ends."
        )
        if m.results:
            lines += games_text(m).plain.splitlines()
        return lines

    def next_lines(self, record: Any, in_play: bool) -> list[str]:
        m = record.progress
        if m.over:
            return [f"The match is over: {champions(m)}"]
        first = seats_of(m).name(rules.order_of(m, m.played)[0][0])
        n = m.played + 1
        if in_play:
            return [f"Game {n} of {m.games} is in play ({first} went first)."]
        return [f"Next: game {n} of {m.games}; {first} goes first."]

    def play_label(self, record: Any) -> str:
        return f"Play game {record.progress.played + 1}"

    def resume_label(self, record: Any) -> str:
        return f"Resume game {record.progress.played + 1}"

    def new_game(self, record: Any) -> Game:
        return Game.new(**rules.next_game(record.progress))

    def save_base(self, record: Any, game: Any) -> str:
        return f"game-{record.progress.played + 1}"

    def fold(self, io: Lines, record: Any, game: Any) -> bool:
        fold_game(record, game)
        return True

    def ended(self, io: Lines, record: Any) -> None:
        io.say(f"The match is over: {champions(record.progress)}")


def courses() -> list[Course]:
    return [OutbreakMatch()]
