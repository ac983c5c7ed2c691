"""The plain prompt in every mode (issue 30), in-process: where, near, board,
what, look, a wrong word, undo; the same words the full screen shows."""

import io

import msgspec
import pytest

from engine import Game
from tui.modes import get_ui
from tui.plain.io import Lines
from tui.plain.table import PlainTable


def types(game):
    return [msgspec.to_builtins(c)["type"] for c in game.commands]


GAMES = {
    "station": {},
    "siege": {},
    "sniper": {},
    "outbreak": {"seats": "human,bot"},
}


def play(mode, typed):
    game = Game.new(mode, seed=3, **GAMES[mode])
    out = io.StringIO()
    lines = Lines(out, io.StringIO("\n".join(typed) + "\n"))
    table = PlainTable(game, get_ui(mode).play(game, True), lines)
    assert table.run() == "quit"  # the input ran out: the player left
    return game, out.getvalue()


@pytest.mark.parametrize("mode", list(GAMES))
def test_where_near_board_and_what_answer_in_words(mode):
    game, said = play(mode, ["where", "near", "board", "what"])
    assert "You can:" in said
    assert "\x1b" not in said
    # `where` is the look at the figure's own place, as the screen's x says it
    table = PlainTable(game, get_ui(mode).play(game, True), Lines(io.StringIO(), io.StringIO()))
    table.refresh()
    assert table.spoken.where(table.host)[0] in said
    assert max(len(line) for line in said.splitlines()) <= 120


def test_station_near_names_the_neighbouring_zones_by_direction():
    _, said = play("station", ["near"])
    assert "east: Zone b (ring corridor); 1 walker" in said
    assert "south: Zone c (storeroom, objective)" in said


def test_station_status_says_a_zone_named_by_a_digit_is_a_zone():
    """Plain `status` in a generated station whose zone 5 is where Vega
    starts: "Vega in zone 5, 2 actions", not "Vega in 5, 2 actions"."""
    game = Game.new("station", mission="random", seed=6, size="large")
    out = io.StringIO()
    table = PlainTable(
        game, get_ui("station").play(game, True), Lines(out, io.StringIO("status\n"))
    )
    assert table.run() == "quit"
    assert "Vega in zone 5, 2 actions. You can: move, search" in out.getvalue()


def test_siege_near_tells_doors_and_windows_not_walls():
    _, said = play("siege", ["near"])
    assert "an open door" in said and "a window" in said
    assert "a wall" not in said


def test_grid_board_prints_the_rows_round_the_figure():
    _, said = play("siege", ["board"])
    assert "you are @" in said
    assert any(line.startswith("row 3: ") and "@" in line for line in said.splitlines())


@pytest.mark.parametrize(
    "mode, heading",
    [
        ("siege", "Rows 0 to 6, columns 1 to 24; @ is Drifter, the human in focus:"),
        ("outbreak", "; @ is Player 1, whose turn it is; z a zombie, # a wall:"),
        ("station", "Around Vega, the survivor in focus:"),
        ("sniper", "Rows 4 to 10, columns 0 to 13; the sniper is @:"),
    ],
)
def test_a_watchers_board_names_the_figure_in_focus(mode, heading):
    """A watcher (play.watching, as a watch screen sets it) is told who the
    board is round by the mode's own name for them, never "you"; the
    player at the seat is still told "you are @" (Station's board has no @)."""
    game = Game.new(mode, seed=3, **GAMES[mode])
    told = {}
    for watching in (False, True):
        out = io.StringIO()
        play = get_ui(mode).play(game, True)
        play.watching = watching
        PlainTable(game, play, Lines(out, io.StringIO("board\n"))).run()
        told[watching] = out.getvalue()
    assert heading in told[True] and "you are @" not in told[True]
    assert heading not in told[False]
    assert ("you are @" in told[False]) == (mode != "station")


def test_a_command_by_name_plays_it_and_the_story_is_told_once():
    game, said = play("station", ["search"])
    assert types(game) == ["search"]
    assert said.count("Vega searches") == 1


def test_a_number_picks_from_the_last_list():
    game, _ = play("station", ["what", "1"])
    assert types(game) == ["search"]


def test_a_wrong_word_changes_nothing_and_says_the_nearest():
    game, said = play("station", ["serch the moon"])
    assert game.commands == []
    assert "No command 'serch the moon' now. Nearest:" in said


def test_undo_takes_back_the_last_command_and_says_it():
    game, said = play("station", ["search", "undo"])
    assert game.commands == []
    assert "Undone: Vega searches" in said


def test_look_at_a_named_place_and_a_bad_one():
    _, said = play("siege", ["look 13,5", "look nowhere"])
    assert "13,5: floor; Cop" in said
    assert "Look where?" in said


def test_outbreak_a_drawn_tile_is_laid_by_number():
    game, said = play("outbreak", ["draw tile", "what", "1"])
    assert types(game)[:2] == ["draw_tile", "place_tile"]
    tile = get_ui("outbreak").play(game, True).narrator.lines(game.events)  # the full story
    drawn = next(line for line in tile if line.startswith("Player 1 draws a tile: the "))
    assert f"You draw {drawn.removeprefix('Player 1 draws a tile: ')}" in said  # said short


def test_the_bench_counts_the_words_a_round_speaks():
    from bench.plain_figures import words_per_round

    assert 5 < words_per_round("station", 0) < 500


def test_hot_seat_with_secrets_hands_the_keyboard_over_between_people():
    game = Game.new("outbreak", seed=3, seats="ann:human,bob:human")
    out = io.StringIO()
    # Ann plays the first of whatever she may do until her turn ends; Bob presses Enter
    typed = ["what", "1"] * 30 + [""]
    lines = Lines(out, io.StringIO("\n".join(typed) + "\n"))
    PlainTable(game, get_ui("outbreak").play(game, True), lines).run()
    said = out.getvalue()
    handed = said.index("Pass the keyboard to Bob.")
    assert said.index("Ann, your turn.") < handed < said.index("Bob, your turn.")
    assert "Bob, press Enter when you are ready." in said


def test_outbreak_near_tells_the_open_cells_and_what_stands_near():
    game = Game.new("outbreak", seed=3, seats="human,bot")
    for _ in range(6):
        game.submit(game.bot_command() or game.legal_commands()[0])
    out = io.StringIO()
    lines = Lines(out, io.StringIO("near\nboard\n"))
    PlainTable(game, get_ui("outbreak").play(game, True), lines).run()
    said = out.getvalue()
    assert "north east, 1 cell (2,-2): road of the Corner: a zombie" in said  # said: no dash
    assert "south, 1 cell (1,0): road of the Town Square" in said
    assert "row minus 1:      #@#" in said  # no sign a reader says as "dash"


def outbreak_table(seed=3):
    game = Game.new("outbreak", seed=seed, seats="human,bot")
    table = PlainTable(
        game, get_ui("outbreak").play(game, True), Lines(io.StringIO(), io.StringIO())
    )
    table.refresh()
    return game, table


def play_person_turn(game, table, walk=True):
    """The person's turn by the plain table: a tile laid, steps while the
    roll allows (walk), then the turn ended; the last command's story."""
    while game.bot_command() is None and not game.outcome:
        legal = table.host.legal
        kinds = {c["type"]: c for c in legal}
        pick = next(
            (
                kinds[k]
                for k in ("draw_tile", "place_tile", "move" if walk else "", "end_move")
                if k in kinds
            ),
            None,
        ) or next((c for c in legal if c["type"] == "end_turn"), legal[0])
        table.submit(pick)
        if pick["type"] == "end_turn":
            return table.last_story
    return table.last_story


def test_outbreak_a_bots_turn_is_told_as_what_came_of_it_and_logged_step_by_step():
    game, table = outbreak_table()
    start = len(game.events)
    story = play_person_turn(game, table)
    told = [line for line in story if line.startswith("Bot 2's turn: ")]
    assert len(told) == 1, story
    assert not [line for line in story if line.startswith(("Bot 2 steps", "Bot 2 rolls"))]
    laid = [e.tile for e in game.events[start:] if type(e).__name__ == "TilePlaced"]
    from tui.modes.outbreak.words import tile_name

    assert f"lays the {tile_name(laid[-1])}" in told[0]  # the bot's tile, its last laid
    assert sum(len(line.split()) for line in story) < 60
    # the log keeps each step of it, and not the short line
    assert any(line.startswith("Bot 2 draws the ") for line in table.story_log)
    assert not any(line.startswith("Bot 2's turn: ") for line in table.story_log)


def test_outbreak_own_step_is_said_with_the_moves_left():
    game, table = outbreak_table()
    for kind in ("draw_tile", "place_tile"):
        table.submit(next(c for c in table.host.legal if c["type"] == kind))
    step = next(c for c in table.host.legal if c["type"] == "move")
    table.submit(step)
    left = table.host.view["moves_left"]
    assert table.last_story[0].endswith(f", {left} left.")
    assert table.last_story[0].split(",")[0] in ("North", "East", "South", "West")
    assert table.story_log[-1].startswith("Player 1 steps ")  # the full line in the log
