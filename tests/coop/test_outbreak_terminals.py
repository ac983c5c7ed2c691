"""Two friends play Outbreak together, each in a terminal of their own
(tmux at 80x24, two real accounts): one shared game hosted with a bot at
the table; each joins by name (`shamble join NAME`), sees only their own
cards, is told the other's moves and the bot's as they happen, and a key
pressed out of turn is answered with whose turn it is."""

from __future__ import annotations

import re
import time
from collections.abc import Iterator

import pytest

from tests.coop.terminals import Pane, Table, table_for
from tui.modes.outbreak.words import card_name

NAME = "friday"


@pytest.fixture
def table() -> Iterator[Table]:
    yield from table_for(NAME)


def hands_now(table: Table) -> dict[str, list[str]]:
    """Each seat's cards now, from the host's save (this test may read it)."""
    return {sid: s["hand"] for sid, s in table.game().summary()["seats"].items()}


STATUS = re.compile(
    r"^ (Player \d: .*|.*y yes, n no.*|A decision is waiting.*|End the turn.*)$", re.M
)


def play_turn(pane: Pane, seat: str, until: str) -> None:
    """Play a short turn by keys from what the screen asks: draw the tile,
    lay it where the cursor puts it, no walk, no zombies, keep the cards."""
    for _ in range(30):
        screen = pane.screen()
        if until in screen:
            return
        status = STATUS.search(screen)
        asks = status.group(1) if status else ""
        if "fights a zombie" in screen:
            pane.press("Enter")  # the dialog's first choice
        elif asks.startswith("End the turn") and "Enter keeps" in asks:
            pane.press("Enter")  # every card kept
        elif "y yes" in asks or "A decision is waiting" in asks:
            pane.press("y" if "y yes" in asks else "Enter")
        elif "draws the tile" in asks:
            pane.press("t")
        elif "Enter lays it" in asks:
            pane.press("Enter")
        elif "ends the movement" in asks or "ends the turn" in asks:
            pane.press("e")
        time.sleep(0.3)
    raise AssertionError(f"{seat}'s turn never ended; the screen:\n{pane.screen()}")


def in_history(pane: Pane, *texts: str) -> None:
    """The whole log (v) has texts, a page up (or more) if need be."""
    pane.press("v")
    time.sleep(0.5)
    for _ in range(6):
        if all(t in pane.screen() for t in texts):
            pane.press("Escape")
            return
        pane.press("PageUp")
    raise AssertionError(f"{texts!r} are not in the log:\n{pane.screen()}")


def test_two_friends_play_outbreak_each_in_their_own_terminal(table):
    table.host("--mode", "outbreak", "--seats", "human,human,bot", "--seed", "2",
               "--name", NAME, "--bot-pace", "0.05")  # fmt: skip
    a = table.join("alice")
    a.wait_for(f"You joined {NAME} as shtest-alice: Player 1.", "Player 1 (shtest-alice), your")
    b = table.join("bob")
    screen = b.wait_for(f"You joined {NAME} as shtest-bob: Player 2.", "Waiting for Player 1")
    a.wait_for("shtest-bob sat down at Player 2.")
    assert all(ord(c) < 127 for c in screen)

    # each sees their own cards and never the other's
    hands = hands_now(table)
    for pane, mine, theirs in ((a, "p1", "p2"), (b, "p2", "p1")):
        screen = pane.screen()
        title = "Player 1's cards" if mine == "p1" else "Player 2's cards"
        assert title in screen
        assert all(card_name(c)[:20] in screen for c in hands[mine])
        for other in {card_name(c) for c in hands[theirs]} - {card_name(c) for c in hands[mine]}:
            assert other[:12] not in screen, other

    # out of turn: said, nothing sent
    b.press("t")
    b.wait_for("Wait: Player 1 is playing.")

    play_turn(a, "Player 1", "Waiting for Player 2")
    b.wait_for("-- Player 2's turn (round 1) --", "Player 2 (shtest-bob), your turn.")
    in_history(b, "Player 1 lays the", "Player 1 rolls")  # each move, as it came
    play_turn(b, "Player 2", "Waiting for Player")
    in_history(a, "Player 2 lays the", "Player 2 rolls")
    for pane in (a, b):  # the host's bot plays Bot 3; both are told
        pane.wait_for("-- Player 1's turn (round 2) --", timeout=30)
    a.wait_for("Player 1 (shtest-alice), your turn.")
    assert hands_now(table)["p1"] and "Player 1's cards" in a.screen()

    a.press("q")
    a.wait_for("Leave friday?")
    a.press("y")
    assert a.wait_exit() == 0  # `shamble join` ends with its game: back to the shell
