"""Shamble played over a real SSH connection (issue 7): a game started from
the title screen by keys, a connection dropped mid-turn and resumed with
Continue, and Escape closing dialogs promptly without discarding anything.

tmux runs `ssh -tt` to a throwaway sshd on 127.0.0.1 whose ForceCommand is
the hosting guide's wrapper, so there is a real pty at both ends."""

from __future__ import annotations

import os
import re
import signal
import time

import msgspec
import pytest
from sshd_fixture import target, wait_until

pytestmark = pytest.mark.ssh


def start_game(term, seed: int = 0) -> tuple[str, str, str]:
    """From the title screen: New game, seed typed in, Start. The screen, and
    the survivor who acts first and the other one, read from the status line
    (so the test does not depend on the roster's order)."""
    term.wait_for("New game", "Continue", "Quit")
    term.keys("n")
    term.wait_for("move between rows", "Seed")
    # Mode (focused first) <- Cancel <- Start <- Undo <- Seed; clear the field
    term.keys("BTab", "BTab", "BTab", "BTab", "End", "C-u")
    term.type(str(seed))
    term.wait_match(rf"Seed\s+{seed}\s")
    term.keys("Enter")
    screen = term.wait_for(
        "Round 1", "Survivors", "Danger", "Vega", "Okafor", "palette", gone=("move between rows",)
    )
    first = re.search(r"(Vega|Okafor) in a \(airlock\)", screen)
    assert first, f"no survivor is acting:\n{screen}"
    second = "Okafor" if first[1] == "Vega" else "Vega"
    return screen, first[1], second


def save_file(home):
    saves = sorted((home / "saves").glob("*.shamble"))
    assert len(saves) == 1, f"expected one save, found {saves}"
    return saves[0]


def command_types(path) -> list[str]:
    from saves import load

    game = load(path)
    assert game.load_warnings == [], game.load_warnings
    return [msgspec.to_builtins(c)["type"] for c in game.commands]


def line_with(screen: str, text: str) -> str:
    return next((line for line in screen.splitlines() if text in line), "")


def test_a_game_played_by_keys_over_ssh(terminals, player_home):
    term = terminals()
    screen, first, second = start_game(term)
    assert "Docking Ring" in screen and "Objectives left" in screen
    # both survivors drawn in the airlock, by its wall (blanks in the wall's colour)
    assert f"  {first[0]} {second[0]}" in screen
    assert "palette" in screen.splitlines()[23]  # the footer on the last of 24 lines

    target(term, "o", "Open a door: ")  # open the only door within reach
    term.wait_for(f"{first} opens door a-b.")
    target(term, "m", "Move: ")  # and move through it
    screen = term.wait_for(f"{first} moves to zone b.", f"{second} in a")
    assert f"''{first[0]}" in screen, f"{first} is not drawn past the open door"

    term.keys("e")  # end the second survivor's turn early: the game asks first
    term.wait_for(f"End {second}'s turn")
    term.keys("y")
    screen = term.wait_for("-- Round 2 --", "Round 2", gone=(f"End {second}'s turn",))
    assert "Survivors" in screen and "Danger" in screen

    path = save_file(player_home)
    types = command_types(path)
    assert types[:2] == ["open_door", "move"], types
    assert "end_turn" in types, types

    term.keys("q")  # leave the game (it is saved), then quit Shamble
    term.wait_for("Leave this game?")
    term.keys("y")
    term.wait_for("Continue: ", gone=("Leave this game?",))
    term.keys("q")
    term.wait_for("Quit Shamble?")
    term.keys("y")
    assert term.wait_dead(timeout=15) == 0  # ssh passes on the game's exit status
    assert command_types(path) == types  # quitting changed nothing


def test_dropped_connection_loses_nothing(terminals, player_home, sshd):
    from saves import slots
    from saves.verify import verify

    term = terminals()
    _, first, second = start_game(term)
    target(term, "o", "Open a door: ")
    term.wait_for(f"{first} opens door a-b.")
    target(term, "m", "Move: ")
    term.wait_for(f"{first} moves to zone b.", f"{second} in a")  # mid-round: one still to act
    wait_until(sshd.game_processes, 30, "the game on the server")

    os.kill(term.client_pid(), signal.SIGKILL)  # the connection drops: no clean quit
    term.wait_dead(timeout=30)
    started = time.monotonic()
    wait_until(lambda: not sshd.game_processes(), 30, "the server-side game to exit on SIGHUP")
    print(f"server-side game gone {time.monotonic() - started:.2f} s after the client died")

    path = save_file(player_home)
    # a dying process leaves /proc's cmdline (its memory) before its files:
    # the kernel drops the lock a moment after the process stops showing
    wait_until(lambda: not slots.locked(path), 30, "the dead game to let go of the save's lock")
    assert command_types(path) == ["open_door", "move"]
    report = verify(path)
    assert report.ok, report.text()

    again = terminals()
    screen = again.wait_for("Continue: ")
    assert "open in another Shamble" not in screen
    again.keys("c")
    screen = again.wait_for(f"{second} in a", "Survivors", "Danger", gone=("Continue: ",))
    assert f"''{first[0]}" in screen, f"{first}'s move was lost"
    again.keys("e")
    again.wait_for(f"End {second}'s turn")
    again.keys("y")
    again.wait_for("Round 2", gone=(f"End {second}'s turn",))
    assert command_types(path)[:3] == ["open_door", "move", "end_turn"]
    assert slots.locked(path), "the resumed game does not hold the save's lock"


def escape_closes(term, text: str) -> float:
    """Press Escape while `text` is on screen; seconds until it is gone, with
    no other key pressed (a terminal that held a lone Escape back until the
    next key would never close it). How fast is a figure, not a test: a
    loaded machine makes any bound flaky (tests/ssh/measure_session.py)."""
    term.wait_for(text)
    started = time.monotonic()
    term.keys("Escape", pause=0)
    wait_until(lambda: text not in term.screen(), 30, f"Escape to close {text!r}", every=0.005)
    return time.monotonic() - started


def test_escape_closes_dialogs_promptly_and_discards_nothing(terminals, player_home):
    term = terminals()
    _, first, _second = start_game(term)
    target(term, "o", "Open a door: ")
    term.wait_for(f"{first} opens door a-b.")
    path = save_file(player_home)
    before = command_types(path)
    assert before == ["open_door"]

    took = []
    for key, text in (
        ("e", f"End {first}'s turn"),  # Escape means no
        ("m", "Esc cancels"),  # targeting a move: Escape cancels it
        ("?", "Shamble help"),
        ("q", "Leave this game?"),  # Escape means stay
    ):
        term.keys(key)
        took.append(escape_closes(term, text))
    print("Escape closed them in " + ", ".join(f"{t * 1000:.0f} ms" for t in took))
    screen = term.wait_for(f"{first} in a", "1 action")  # the same turn, one action left
    assert f"{first} opens door a-b." in screen
    assert command_types(path) == before  # nothing was submitted, nothing undone
