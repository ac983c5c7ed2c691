"""Issue 29: Outbreak tells a turn in a line for each thing a seat does,
the movement's and the zombies' lines growing by each step
(tui/modes/outbreak/voice.py), and a log takes a grown line in place of
the one it grows (tui/widgets/panels.py, Grown and logged)."""

from __future__ import annotations

from engine import Game
from tui.modes.outbreak.play import OutbreakPlay
from tui.modes.outbreak.voice import WIDTH
from tui.widgets.panels import Grown, logged


def test_a_grown_line_takes_the_place_of_the_line_it_grows_and_else_reads_alone():
    kept = ["Bot 2 rolls 3 to move: north."]
    logged(kept, [Grown("Bot 2 steps east.", kept[-1], "Bot 2 rolls 3 to move: north, east.")])
    assert kept == ["Bot 2 rolls 3 to move: north, east."]
    logged(kept, ["-- Ann's turn (round 2) --"])
    logged(kept, [Grown("Bot 2 steps west.", "Bot 2 rolls 3 to move: north, east.", "x")])
    assert kept[-1] == "Bot 2 steps west." and type(kept[-1]) is str  # not the last line


def bots_game(seed: int) -> tuple[Game, OutbreakPlay, list[list[str]]]:
    """Three bots play two rounds; each command's lines as told live."""
    game = Game.new("outbreak", seed=seed, seats="bot,bot,bot")
    play = OutbreakPlay(game)
    told = [play.tell(before, events) for _, before, events in game.play_bots(limit=90)]
    return game, play, told


def test_a_bots_movement_is_one_line_grown_a_step_at_a_time():
    _, _, told = bots_game(1)
    log: list[str] = []
    grew = 0
    for lines in told:
        for line in lines:
            if isinstance(line, Grown):
                assert log and line.last == log[-1]  # nothing came between
                if " to move" in line.last or "for the zombies" in line.last:  # words added
                    assert line.whole.startswith(line.last.removesuffix("."))
                grew += 1
        logged(log, lines)
    assert grew >= 10
    moves = [line for line in log if " to move: " in line]
    assert moves and all(line.count(" to move") == 1 for line in moves)
    assert not any(line.startswith(("Bot 1 steps", "Bot 2 moves a zombie")) for line in log)
    grown = [line for line in log if " to move: " in line or "for the zombies: " in line]
    assert all(len(line) <= WIDTH + len(", fights (2): 2 short") for line in grown), grown


def test_a_story_retold_from_its_events_reads_as_it_was_told_live():
    game, _, told = bots_game(3)
    live: list[str] = []
    for lines in told:
        logged(live, lines)
    story: list[str] = []
    logged(story, OutbreakPlay(game).narrate(game.events))
    assert story[-len(live) :] == live  # the deal before the first turn, then the same
