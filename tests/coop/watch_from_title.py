"""Run as a player (tests/coop/test_public_accounts.py): open the title
screen headless, press `w`, watch the first game listed, and print the
watch screen's log as it grows until a line holding argv[1] shows (or the
deadline passes), then what the screen's view holds of the hands.

    python tests/coop/watch_from_title.py "Player 1 plays Fire Axe."
"""

from __future__ import annotations

import asyncio
import json
import os
import sys
import time

from tui.app import ShambleApp
from tui.screens.dialogs import ChoiceDialog
from tui.screens.watch import WatchScreen
from tui.widgets.panels import MessageLog

DEADLINE = 90.0


def say(*words: str) -> None:
    """A line to the test at once: while the app runs, Textual keeps what print() says."""
    os.write(1, (" ".join(words) + "\n").encode())


async def until(pilot, check, what: str) -> None:
    end = time.monotonic() + DEADLINE
    while not check():
        if time.monotonic() > end:
            say(f"timed out waiting for {what}")
            raise SystemExit(1)
        await pilot.pause(0.05)


async def main(wanted: str) -> None:
    app = ShambleApp()
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: "Playing now:" in str(app.screen.query_one("#title-note").content),
                    "the title to list a game")  # fmt: skip
        say("title:", str(app.screen.query_one("#title-note").content).splitlines()[-1])
        await pilot.press("w")
        await until(pilot, lambda: isinstance(app.screen, ChoiceDialog), "the list of games")
        await pilot.press("enter")
        await until(pilot, lambda: isinstance(app.screen, WatchScreen), "the watch screen")
        screen = app.screen
        say("watching")
        shown = 0

        def grown() -> bool:
            nonlocal shown
            lines = screen.query_one(MessageLog).lines
            for line in lines[shown:]:
                say("log:", line)
            shown = len(lines)
            return any(wanted in line for line in lines)

        await until(pilot, grown, repr(wanted))
        hands = [seat.get("hand") for seat in screen.view.get("seats", {}).values()]
        say("hands:", json.dumps(hands))
        sys.stdin.readline()  # watched until the test says so
        await pilot.press("q")
        await pilot.pause()


if __name__ == "__main__":
    asyncio.run(main(sys.argv[1]))
