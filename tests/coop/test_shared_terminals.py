"""Siege and Sniper shared games, each player in a terminal of their own
(tmux at 80x24, two real accounts, --ascii), read as the players read them.

Siege: each human is one player's to play; moves are told on the other's
screen; out of turn a key is answered and the screen says whom we wait
for; after both turns the dead move and both screens are in round 2.
Sniper: the sniper walks in cover where no unit sees him; the commander's
board never shows him; the commander's turn is told on the sniper's
screen as far as the sniper saw it."""

from __future__ import annotations

import re
from collections.abc import Iterator

import pytest

from tests.coop.terminals import Pane, Table, table_for

NAME = "friday"


@pytest.fixture
def table() -> Iterator[Table]:
    yield from table_for(NAME)


STATUS_FROM_BOTTOM = 6  # the footer, the log's four rows (three under a status of two), ...


def status_line(screen: str) -> str:
    """The line under the board (its first, when the status line has two):
    what the screen asks of its player."""
    lines = screen.splitlines()
    assert len(lines) == 24, screen
    return lines[len(lines) - STATUS_FROM_BOTTOM]


def ascii_only(screen: str) -> None:
    assert all(ord(c) < 127 for c in screen), screen


# -- Siege ------------------------------------------------------------------------------
def test_siege_the_house_two_players_each_with_their_own_human(table):
    table.host("--mode", "siege", "--mission", "house", "--survivors", "drifter,cop",
               "--seed", "2", "--name", NAME, "--bot-pace", "0.05")  # fmt: skip
    a = table.join("alice")
    a.wait_for(f"You joined {NAME} as shtest-alice: Drifter.", "Drifter shtest-alice (you)")
    b = table.join("bob")
    b.wait_for(f"You joined {NAME} as shtest-bob: Cop.", "Cop (shtest-bob), your turn (round 1).")
    a.wait_for("shtest-bob sat down at Cop.", "Drifter (shtest-alice), your turn (round 1).")

    # each is offered only their own human: Tab stays on it
    for pane, mine, other in ((a, "1 Drifter", "2 Cop"), (b, "2 Cop", "1 Drifter")):
        pane.press("Tab")
        pane.press("Tab")
        screen = pane.screen()
        ascii_only(screen)
        assert f">{mine}" in screen and f" {other}" in screen and f">{other}" not in screen
        assert status_line(screen).startswith(f" {mine[2:]} at ")

    # alice walks the drifter a cell; bob's screen tells it
    a.press("m")  # the cursor stays on the drifter; the arrows pick a cell
    a.wait_for("cells in reach: the arrows pick one")
    a.press("Up")
    a.wait_for("Move: to 13,2, 1 cell, 1 action (3 left).")
    a.press("Enter")
    a.wait_for("Drifter moves to 13,2 (1 action).", "Drifter at 13,2, 3 actions")
    screen = b.wait_for("Drifter moves to 13,2 (1 action).")
    assert "Waiting for Drifter (shtest-alice)." in status_line(screen)

    # out of turn: bob's key is answered, the screen says whom he waits for,
    # and nothing reaches the host
    b.press("m")
    screen = b.wait_for("Cop can't move now.")
    assert status_line(screen).startswith(" Waiting for Drifter (shtest-alice).")
    assert "Move:" not in screen
    assert len(table.game().journal) == 1

    a.press("e")
    a.wait_for("End Drifter's turn with 3 actions left? y yes, n no")
    a.press("y")
    a.wait_for("Drifter ends the turn.", "Waiting for Cop (shtest-bob).")
    b.wait_for("Drifter ends the turn.", "Cop (shtest-bob), your turn (round 1).")

    b.press("m")
    b.wait_for("cells in reach: the arrows pick one")
    b.press("Up")
    b.wait_for("Move: to 13,4, 1 cell, 1 action (3 left).")
    b.press("Enter")
    b.wait_for("Cop moves to 13,4 (1 action).")
    a.wait_for("Cop moves to 13,4 (1 action).")
    b.press("e")
    b.wait_for("End Cop's turn with 3 actions left? y yes, n no")
    b.press("y")

    # the dead move (the host's zombie AI), told in a line per kind of thing;
    # both screens are in round 2
    for pane in (a, b):
        screen = pane.wait_match(
            # the round's line may wrap at 80 columns
            r"(?s)The zombies' turn: \d+ zombies? shambles? closer.*Round 2\s+begins\.",
            "Round 2/15, humans' phase",
        )
        ascii_only(screen)
    a.wait_for("Drifter (shtest-alice), your turn (round 2).")
    b.wait_for("Cop (shtest-bob), your turn (round 2).")  # the last to end is greeted too
    assert table.game().summary()["round"] == 2

    a.press("q")
    a.wait_for(f"Leave {NAME}?")
    a.press("y")
    assert a.wait_exit() == 0  # `shamble join` ends with its game: back to the shell


# -- Sniper -----------------------------------------------------------------------------
def board(pane: Pane, origin: tuple[int, int], size: tuple[int, int]) -> list[str]:
    """The map's rows as drawn on the pane (origin: the screen's column and
    row of cell 0,0)."""
    col, row = origin
    lines = pane.screen().splitlines()
    return [lines[row + y][col : col + size[0]] for y in range(size[1])]


def test_sniper_in_cover_never_shows_on_the_commanders_screen(table):
    table.host("--mode", "sniper", "--commander", "human", "--seed", "2", "--name", NAME)
    a = table.join("alice")
    a.wait_for(f"You joined {NAME} as shtest-alice: Sniper.", "unseen in cover")
    b = table.join("bob")
    b.wait_for(f"You joined {NAME} as shtest-bob: Commander.", "Waiting for Sniper (shtest-alice)")
    a.wait_for("shtest-bob sat down at Commander.")

    game = table.game()
    width, height = game.world.board.width, game.world.board.height
    start = tuple(game.summary()["sniper"]["at"])
    lines = a.screen().splitlines()
    row = next(i for i, line in enumerate(lines) if "@" in line[:45])
    origin = (lines[row].index("@") - start[0], row - start[1])
    before = board(a, origin, (width, height))
    to = (start[0] + 1, start[1] - 1)
    terrain = before[to[1]][to[0]]

    # the sniper steps a cell into the woods, where no unit sees him
    a.press("m")
    a.wait_for("Move: ")
    for _ in range(10):  # the cursor to the cell, by the arrows
        said = status_line(a.screen())
        if f"Move: {to[0]},{to[1]}, 1 step, cover." in said:
            break
        a.press("Right" if f"Move: {to[0]}," not in said else "Up")
    a.wait_for(f"Move: {to[0]},{to[1]}, 1 step, cover.")
    a.press("Enter")
    a.wait_for(f"You move 1 step to {to[0]},{to[1]}.", "unseen in cover")
    assert board(a, origin, (width, height))[to[1]][to[0]] == "@"
    truth = table.game().summary()["sniper"]
    assert tuple(truth["at"]) == to and not truth["spotted"]

    screen = b.wait_for("Sniper (shtest-alice) made a move.")
    drawn = board(b, origin, (width, height))
    assert not any("@" in line for line in drawn), "\n".join(drawn)
    assert drawn[to[1]][to[0]] == terrain
    assert drawn[start[1]][start[0]] != "@"
    assert not re.search(rf"(?<!\d){to[0]},{to[1]}(?!\d)", screen), screen
    assert "Sniper: no trace yet" in screen

    # out of turn: the commander's key sends nothing, the screen says whom
    # he waits for
    b.press("m")
    b.wait_for("Wait: it is the sniper's turn.")
    assert status_line(b.screen()).startswith(" Waiting for Sniper (shtest-alice).")
    assert len(table.game().journal) == 1

    a.press("e")
    a.wait_for("End turn 1 (no action taken)? y yes, n no")
    a.press("y")
    a.wait_for("Waiting for Commander (shtest-bob).")
    b.wait_for("Sniper ends the turn.", "Commander (shtest-bob), your turn (turn 1 of 12).")

    # the commander walks soldier 2 into the sniper's sight
    b.press("Tab")
    b.wait_for("s2 (soldier")
    b.press("m")
    b.wait_for("Order s2:")
    for _ in range(4):
        if "s2 to 6,9 " in status_line(b.screen()):
            break
        b.press("Up")
    b.wait_for("Order s2: s2 to 6,9")
    b.press("Enter")
    b.wait_for("Soldier 2 moves to 6,9.")
    b.press("e")
    b.wait_for("End your turn with")
    b.press("y")
    b.wait_for("Waiting for Sniper (shtest-alice).")
    assert not any("@" in line for line in board(b, origin, (width, height)))

    # what the sniper saw of it: the soldier on his board and in his panel
    # (his units look after each order, rules 2: the sighting is the sniper's own)
    screen = a.wait_for("Commander (shtest-bob): You see soldier 2 at 6,9.",
                        "Commander ends the turn.",
                        "Sniper (shtest-alice), your turn (turn 2 of 12).")  # fmt: skip
    assert re.search(r" s2 +soldier +6,9 ", screen), screen  # the panel beside the board
    assert "none in sight" not in screen
    assert board(a, origin, (width, height))[9][6] == "s"
    ascii_only(screen)
