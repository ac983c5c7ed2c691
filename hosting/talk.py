"""The host's side of talk at the table (issue 31): a line said goes to
everyone at the table, or, once the host has given the watchers a channel
of their own, a watcher's line to the watchers only; the host's account
mutes a player or sets the watchers apart. Mixed into hosting.host.Host,
whose connections, seat table and talk (hosting/chat.py) it uses."""

from __future__ import annotations

from typing import Any

from hosting import protocol as p
from hosting.chat import spoken, to_host_log


class TalkAtTable:
    """What Host does with Say, Mute and WatchersApart."""

    conns: dict[str, Any]
    talk: Any
    table: Any
    game: Any
    host_account: str
    player: Any  # the name a connection sits under (Host.player)

    def _at(self) -> int:
        return len(self.game.journal)

    def _tell_all(self, line: Any) -> None:
        said = p.Said(line=line)
        for conn in list(self.conns.values()):
            conn.send(said)

    def _say_line(self, conn: Any, ref: int, text: str) -> None:
        why = self.talk.refusal(conn.account, text)
        if why:
            conn.send(p.Result(ref=ref, ok=False, code="not_said", message=why))
            return
        mine = self.table.seats_of(self.player(conn))
        seat = ", ".join(self.table.label(s) for s in mine)
        apart = not mine and self.talk.watchers_apart
        line = self.talk.say(conn.account, text, seat, self._at(), "watchers" if apart else "")
        to_host_log(spoken(line))
        if apart:  # the watchers' own channel: no player hears it
            said = p.Said(line=line)
            for other in list(self.conns.values()):
                if not self.table.seats_of(self.player(other)):
                    other.send(said)
        else:
            self._tell_all(line)  # everyone hears it before the speaker hears "ok"
        conn.send(p.Result(ref=ref, ok=True, index=self._at()))

    def _watchers_apart(self, conn: Any, ref: int, apart: bool) -> None:
        if not self.host_account or conn.account != self.host_account:
            why = "only the host may give the watchers a channel of their own"
            conn.send(p.Result(ref=ref, ok=False, code="not_host", message=why))
            return
        self.talk.set_apart(apart)
        text = (
            "the host gave the watchers a channel of their own: the players do not hear them"
            if apart
            else "the watchers talk with the whole table again"
        )
        self._tell_all(self.talk.note(conn.account, text, self._at()))
        conn.send(p.Result(ref=ref, ok=True, index=self._at()))

    def _mute(self, conn: Any, ref: int, account: str, muted: bool) -> None:
        if not self.host_account or conn.account != self.host_account:
            conn.send(
                p.Result(ref=ref, ok=False, code="not_host", message="only the host may mute")
            )
            return
        if account == conn.account:
            conn.send(p.Result(ref=ref, ok=False, code="not_muted", message="that is you"))
            return
        self.talk.set_muted(account, muted)
        word = "muted" if muted else "no longer muted"
        self._tell_all(self.talk.note(account, f"the host has {word} {account}", self._at()))
        conn.send(p.Result(ref=ref, ok=True, index=self._at()))
