"""Talk at the table between two real accounts, each in a terminal of their
own (tmux at 80x24, --ascii): alice says hello, bob reads it with her name
and seat and says hello back (issue 31)."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from tests.coop.terminals import Table, table_for

NAME = "chatty"


@pytest.fixture
def table() -> Iterator[Table]:
    yield from table_for(NAME)


def test_two_friends_say_hello_both_ways(table):
    table.host("--mission", "tutorial", "--players", "2", "--seed", "3", "--name", NAME)
    a = table.join("alice")
    a.wait_for(f"You joined {NAME} as shtest-alice")
    b = table.join("bob")
    b.wait_for(f"You joined {NAME} as shtest-bob", "' says a line.")
    a.wait_for("shtest-bob came to the table")

    a.press("'")
    a.wait_for("Say to the table")
    a.press("hello bob, I take the left door", "Enter")
    b.wait_for("shtest-alice (Player 1) says: hello bob, I take the left door", timeout=40)
    a.wait_for("shtest-alice (Player 1) says: hello bob", timeout=40)

    b.press("'")
    b.wait_for("Say to the table")
    b.press("fine, I cover you", "Enter")
    screen = a.wait_for("shtest-bob (Player 2) says: fine, I cover you", timeout=40)
    assert all(ord(c) < 127 for c in screen), screen  # --ascii: the dialog too

    b.press("q")
    b.wait_for(f"Leave {NAME}?")
    b.press("y")
    a.wait_for("shtest-bob left the table", timeout=40)
