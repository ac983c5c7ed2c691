"""What a plain terminal prints of a shared table (tui/plain/shared.py): talk
as inert words on one line, the table with who is here and since when, and
each coming and going in one line."""

from __future__ import annotations

import io
import re
import time
from types import SimpleNamespace

from hosting import protocol as p
from hosting.chat import ChatLine
from hosting.presence import Presence
from tui.plain.io import Lines
from tui.plain.shared import said_line, table_changes, table_lines

NASTY = "a\x1bb\x1b[2J\x1b[31mc\x1b]0;title\x07d\x07e\rf\nx\x9b1mg\x1bP+q\x1b\\h\u202ei"


def printed(*lines: str) -> str:
    out = io.StringIO()
    Lines(out=out).say(list(lines))
    return out.getvalue()


def test_a_line_from_a_host_that_did_not_clean_it_prints_inert_on_one_line():
    """Issue 31 safe text, at the printer: whatever a host sends (ESC, CSI,
    OSC, BEL, CR, a line break, 8-bit CSI, DCS, a bidi override) the plain
    terminal prints plain words on one line, marked as said."""
    line = ChatLine(account="mal\x1b[1mlory", text=NASTY, seat="Player\r 2")
    text = printed(said_line(line))
    assert text.count("\n") == 1
    assert text.startswith("mallory (Player 2) says: ")
    assert not re.search(r"[\x00-\x09\x0b-\x1f\x7f-\x9f\u202a-\u202e]", text), repr(text)
    assert "title" not in text
    note = printed(said_line(ChatLine(account="bob", text="bob\x1b]2;x\x07 left", kind="presence")))
    assert note == "* bob left\n"


def seat(seat: str, label: str, account: str | None, status: str, figures=()):
    return p.SeatInfo(seat=seat, label=label, figures=list(figures), account=account, status=status)


def client(lobby: p.Lobby, account: str = "ann", turn=("1",)):
    return SimpleNamespace(
        name="tutorial-1", account=account, lobby=lobby, status=p.Status(index=3, turn=list(turn))
    )


def test_the_table_says_who_sits_where_here_idle_away_or_watching_and_since_when():
    """Issue 31 presence in plain words (`who`)."""
    now = time.mktime((2026, 12, 1, 21, 30, 0, 0, 0, -1))
    at = lambda h, m: time.mktime((2026, 12, 1, h, m, 0, 0, 0, -1))  # noqa: E731
    lobby = p.Lobby(
        seats=[
            seat("1", "Player 1", "ann", "here", ("vega", "okafor")),
            seat("2", "Player 2", "bob", "here", ("lin",)),
            seat("3", "Player 3", "cy", "away"),
            seat("4", "Player 4", None, "open"),
        ],
        watchers=["dee"],
        presence=[
            Presence("ann", True, at(21, 3), at(21, 29)),
            Presence("bob", True, at(21, 5), at(21, 10)),
            Presence("cy", False, at(21, 20), at(21, 19)),
            Presence("dee", True, at(21, 25), at(21, 28)),
        ],
    )
    assert table_lines(client(lobby), now) == [
        "The table of tutorial-1:",
        "Player 1 (Vega, Okafor): ann, here since 21:03, you; to act now.",
        "Player 2 (Lin): bob, here since 21:05, idle 20 min.",
        "Player 3: cy, away since 21:20.",
        "Player 4: open.",
        "Watching: dee, here since 21:25.",
    ]


def test_comings_and_goings_are_told_in_one_line_each():
    old = p.Lobby(seats=[seat("1", "Player 1", "ann", "here"), seat("2", "Player 2", None, "open")])
    came = p.Lobby(
        seats=[seat("1", "Player 1", "ann", "here"), seat("2", "Player 2", "bob", "here")],
        watchers=["dee"],
    )
    away = p.Lobby(
        seats=[seat("1", "Player 1", "ann", "here"), seat("2", "Player 2", "bob", "away")]
    )
    bot = p.Lobby(seats=[seat("1", "Player 1", "ann", "here"), seat("2", "Player 2", "bob", "bot")])
    back = p.Lobby(
        seats=[seat("1", "Player 1", "ann", "here"), seat("2", "Player 2", "bob", "here")]
    )
    ann = client(old)
    assert table_changes(ann, old, came) == [
        "bob came to the table and sits at Player 2.",
        "dee came to watch.",
    ]
    assert table_changes(ann, came, away) == [
        "bob left the table: Player 2 waits for them.",
        "dee stopped watching.",
    ]
    assert table_changes(ann, away, bot) == ["The bot plays Player 2 for bob."]
    assert table_changes(ann, bot, back) == ["bob plays Player 2 again."]
    assert table_changes(client(old, "bob"), old, came) == ["dee came to watch."]  # not himself
