"""Waiting in a pilot test for something the app does in its own time.

One helper instead of a copy in every module. A generous deadline, because
these tests run on loaded machines; the check is asked again after each
pause. A screen just pushed is on top of the stack before it has composed
its widgets: a check that queries one (``NoMatches``) is "not yet", not a
failure.
"""

from __future__ import annotations

import time
from collections.abc import Callable

from textual.css.query import NoMatches

DEADLINE = 30.0  # seconds: far over what any of these takes on a quiet machine


def holds(check: Callable[[], object]) -> bool:
    try:
        return bool(check())
    except NoMatches:  # the widgets it reads are not mounted yet
        return False


async def until(
    pilot,
    check: Callable[[], object],
    what: str = "the condition",
    timeout: float = DEADLINE,
    note: object = None,
    step: float = 0.03,
) -> None:
    """Pause until `check()` holds; fail saying `what` (and `note`'s text) at the deadline."""
    end = time.monotonic() + timeout
    while not holds(check):
        said = f" ({note.render()})" if note is not None else ""
        assert time.monotonic() < end, f"timed out waiting for {what}{said}"
        await pilot.pause(step)
