"""Who is at the table, and since when (issue 31): connected or away, idle
or not, watching or seated.

The host keeps, per account, when it came (or left) and when it last did
anything (a move, a line said, a seat taken); the lobby every client is
sent carries it as `Presence`, and a screen says "bob (idle 6 min)" or
"bob (away 21:03)" from it. The lobby goes out again when an
account's last doing is more than a minute older than the lobby says, so
what a screen shows is right to the minute without a timer."""

from __future__ import annotations

import time
from collections.abc import Callable

import msgspec

IDLE_AFTER_S = 300.0  # a present player who did nothing this long reads as idle
REFRESH_S = 60.0  # the lobby is sent again when its "last" is older than this


class Presence(msgspec.Struct, frozen=True, omit_defaults=True):
    account: str
    here: bool = True
    since: float = 0.0  # here: connected since; away: left at (epoch seconds)
    last: float = 0.0  # when the account last did anything (epoch seconds)


class Table:
    """The host's book of comings, goings and doings."""

    def __init__(self, now: Callable[[], float] = time.time) -> None:
        self.now = now
        self.came: dict[str, float] = {}
        self.left: dict[str, float] = {}
        self.last: dict[str, float] = {}
        self.told: dict[str, float] = {}  # the `last` the clients were last sent

    def arrive(self, account: str) -> None:
        t = self.now()
        self.came.setdefault(account, t)
        self.left.pop(account, None)
        self.last[account] = t

    def gone(self, account: str) -> None:
        self.came.pop(account, None)
        self.left[account] = self.now()

    def heard(self, account: str) -> bool:
        """The account did something; True when the clients should hear of it
        (what they were told is more than a minute old)."""
        t = self.now()
        self.last[account] = t
        return t - self.told.get(account, 0.0) > REFRESH_S

    def now_for(self, present: set[str], seated: set[str]) -> list[Presence]:
        out = []
        for account in sorted(present | seated):
            if account in present:
                since = self.came.get(account, 0.0)
                out.append(Presence(account, True, since, self.last.get(account, since)))
            elif account in self.left:
                out.append(Presence(account, False, self.left[account], self.last.get(account, 0)))
            self.told[account] = self.last.get(account, 0.0)
        return out


def words(presence: Presence | None, now: float | None = None) -> str:
    """ " (idle 6 min)", " (away since 21:03)", " (away)" or "" for a screen."""
    if presence is None:
        return ""
    now = time.time() if now is None else now
    if not presence.here:
        if presence.since:
            return f" (away {time.strftime('%H:%M', time.localtime(presence.since))})"
        return " (away)"
    idle = now - presence.last if presence.last else 0.0
    return f" (idle {int(idle // 60)} min)" if idle >= IDLE_AFTER_S else ""
