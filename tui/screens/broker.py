"""What the broker holds (saves/public_redis.py), read for a screen on a
thread of its own after the screen has drawn this machine's part: a broker
that does not answer never holds a screen up, and the screen says so."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from textual.screen import Screen


def read_broker(
    screen: Screen, read: Callable[[str], list], then: Callable[[list, str], Any]
) -> bool:
    """read(url) on a worker thread when a broker is set, then then(rows,
    down) on the screen's thread: down is "" or where the broker did not
    answer. False (and nothing read) when no broker is set."""
    from saves import public_redis

    url = public_redis.configured()
    if url is None:
        return False
    screen.run_worker(
        lambda: _read(screen, url, read, then),
        thread=True,
        exclusive=True,
        group="broker",
        exit_on_error=False,
    )
    return True


def _read(
    screen: Screen, url: str, read: Callable[[str], list], then: Callable[[list, str], Any]
) -> None:
    from textual.worker import get_current_worker

    from saves import public_redis

    try:
        rows, down = read(url), ""
    except Exception:  # down, refusing, or no broker at that address: only ours
        try:
            rows, down = [], public_redis.place(url)
        except ValueError:  # not an address at all
            rows, down = [], "the address set"
    if get_current_worker().is_cancelled:
        return
    try:
        screen.app.call_from_thread(then, rows, down)
    except RuntimeError:  # the app is gone meanwhile
        pass
