"""The host of a shared game: the one process that owns the Game.

It holds the game's autosave (and so the save's OS lock: one host per save),
checks every request against the seat table, applies what the rules accept,
and only once the autosave has written it tells the clients: log replicas
get the save frame, view replicas their seat's view and the events that
seat may see (K-7). It knows nothing of sockets or Redis: a transport hands
it connections (`Conn`) that carry the account they belong to."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Protocol

from engine import Game, LogError, RuleError
from engine.core import log
from engine.core.timeline import undo_refusal
from hosting import presence
from hosting import protocol as p
from hosting.chat import Talk, to_host_log
from hosting.seats import SeatTable, bot_move, redact
from hosting.talk import TalkAtTable

RECENT_ENTRIES = 40  # a view replica's Welcome retells at most this many entries...
RECENT_BYTES = 128 << 10  # ...in at most this many bytes of events


class Conn(Protocol):
    id: str
    account: str
    replica: str  # "" until welcomed, then "log" or "view"
    shared_stream: bool  # reads the log from a shared stream (Redis), not from send()

    def send(self, message: p.Message) -> None: ...

    def close(self) -> None: ...


class HostStopped(Exception):
    """The host cannot go on (its save cannot be written); the reason says why."""


class Authors:
    """Whose command each entry of the timeline was, mirroring the game's own
    timeline and redo branch: undo among players goes by it."""

    def __init__(self) -> None:
        self.timeline: list[tuple[str | None, tuple]] = []  # (seat, events)
        self.redo_branch: list[tuple[str | None, tuple]] = []

    def entry(self, seat: str | None, events: Any) -> None:
        self.timeline.append((seat, tuple(events)))
        self.redo_branch.clear()

    def undo(self) -> None:
        self.redo_branch.append(self.timeline.pop())

    def redo(self) -> None:
        self.timeline.append(self.redo_branch.pop())

    def last(self) -> str | None:
        return self.timeline[-1][0] if self.timeline else None

    def next_redo(self) -> str | None:
        return self.redo_branch[-1][0] if self.redo_branch else None

    @classmethod
    def of(cls, game: Game) -> Authors:
        """Replay a loaded game's journal on a fresh copy to learn each
        entry's seat from the state it was made in."""
        authors = cls()
        fresh = Game(game.mode, game.setup)
        for item in game.journal:
            if isinstance(item, log.UndoMark):
                authors.undo()
            elif isinstance(item, log.RedoMark):
                authors.redo()
            elif not isinstance(item, log.Snapshot):
                authors.entry(fresh.owner(item.command), item.events)
            fresh.apply_frame(item)
        return authors


class Host(TalkAtTable):
    """One shared game. Transports call hello / handle / leave; `schedule(delay,
    fn)` runs fn later on the host's loop (bots move through it)."""

    def __init__(
        self,
        name: str,
        game: Game,
        created: str,
        table: SeatTable,
        *,
        schedule: Callable[[float, Callable[[], None]], Any],
        allow: set[str] | None = None,
        bot_pace: float = 0.25,
        on_idle: Callable[[], None] | None = None,
        on_stop: Callable[[str], None] | None = None,
        pid: int = 0,
        bot_after: float | None = None,
        talk: Talk | None = None,
        host_account: str = "",
    ) -> None:
        self.name = name
        self.game = game
        self.created = created
        self.table = table
        self.schedule = schedule
        self.allow = allow
        self.bot_pace = bot_pace
        self.on_idle = on_idle
        self.on_stop = on_stop
        self.pid = pid
        self.bot_after = bot_after  # seconds after which an away player's seats go to the bot
        self.talk = talk if talk is not None else Talk()  # what the players say (chat.py)
        self.host_account = host_account  # who may mute a player ("": nobody)
        self.presence = presence.Table()  # who came, left and last did anything, when
        self.conns: dict[str, Conn] = {}
        self.seated_as: dict[str, str] = {}  # a connection's id -> the name it sits under
        self.watching: set[str] = set()  # ids of connections that came to watch (Hello.watch)
        self.publishers: list[Callable[[int, p.Entry], None]] = []
        self.authors = Authors.of(game)
        self._bots_due = False
        self.stopped: str | None = None

    # -- what every client is told ----------------------------------------------
    def present(self) -> set[str]:
        return {self.player(c) for c in self.conns.values()}

    def player(self, conn: Conn) -> str:
        """The name a connection sits under: its account, or "alice#2" for the
        second terminal of an account already here (see `sit_as`)."""
        return self.seated_as.get(conn.id, conn.account)

    def sit_as(self, conn: Conn) -> str:
        """A second terminal of an account already playing here takes a seat
        of its own, as another player at the same table would: "alice#2" (its
        own seats back, else the first open one). With no seat open it shares
        the first terminal's seats, as before."""
        account, present = conn.account, self.present()
        if account not in present:
            return account
        n = 2
        while f"{account}#{n}" in present:
            n += 1
        name = f"{account}#{n}"
        return name if self.table.seats_of(name) or self.table.open_seats() else account

    def watch_as(self, conn: Conn) -> str:
        """A watcher's name: its account, or "alice#2" when that account sits
        at the table or is here already (a watcher never acts for a seat)."""
        account, present = conn.account, self.present()
        name, n = account, 1
        while name in present or self.table.seats_of(name):
            n += 1
            name = f"{account}#{n}"
        return name

    def lobby(self) -> p.Lobby:
        present = self.present()
        seated = {r.account for r in self.table.records.values()}
        return p.Lobby(
            seats=self.table.infos(present),
            watchers=sorted(a for a in present if a not in seated),
            presence=self.presence.now_for(present, {a for a in seated if a}),
        )

    def status(self) -> p.Status:
        game = self.game
        refusal = None
        if self.authors.timeline:
            events = self.authors.timeline[-1][1]
            refusal = undo_refusal(game.setup.undo, events, game.mode.reveals)
        return p.Status(
            index=len(game.journal),
            turn=list(game.to_act()),
            undo_seat=self.authors.last(),
            undo_refusal=refusal,
            redo_seat=self.authors.next_redo(),
            outcome=game.outcome,
            played=self._played(),
        )

    def _played(self) -> bool:
        """A person's seat has a move on the timeline (a screen joining says
        "Resumed" only then, not after the bots' opening moves)."""
        specs = self.table.specs
        return any(seat in specs and specs[seat].human for seat, _ in self.authors.timeline)

    def _view_seat(self, account: str) -> str | None:
        """The seat whose view an account's screen shows: the one to act now
        when it is theirs, else their first."""
        mine = self.table.seats_of(account)
        for seat in self.game.to_act():
            if seat in mine:
                return seat
        return mine[0] if mine else None

    def _view(self, account: str) -> Any:
        return self.game.view(self.game.viewer_of(self._view_seat(account)))

    def recent(self, account: str) -> list[p.Told]:
        """The last entries of the timeline as the account's view seat may know
        them (a watcher: as the spectator), redacted as the live Updates are,
        oldest first: at most RECENT_ENTRIES, and RECENT_BYTES of events. All
        are told for the one seat whose view the Welcome holds, so an account
        with several seats never hears more than that seat would have."""
        seat = self._view_seat(account)
        told: list[p.Told] = []
        room = RECENT_BYTES
        for author, events in reversed(self.authors.timeline[-RECENT_ENTRIES:]):
            entry = p.Told(seat=author, events=redact(self.game, events, seat))
            room -= len(p.encode_plain(entry))
            if room < 0:
                break
            told.append(entry)
        return told[::-1]

    def _broadcast_lobby(self) -> None:
        lobby = self.lobby()
        for conn in list(self.conns.values()):
            conn.send(lobby)

    # -- joining and leaving --------------------------------------------------------
    def hello(self, conn: Conn, hello: p.Hello) -> None:
        if hello.version != p.PROTOCOL:
            conn.send(
                p.Closed(
                    reason=f"this host speaks co-op protocol {p.PROTOCOL}, "
                    f"your Shamble speaks {hello.version}: use the same version"
                )
            )
            conn.close()
            return
        if self.allow is not None and conn.account not in self.allow:
            conn.send(p.Closed(reason=f"{conn.account} is not invited to {self.name}"))
            conn.close()
            return
        if hello.peek:
            conn.send(self.info())
            conn.close()
            return
        mine = self.table.seats_of(conn.account)
        if hello.watch and mine and self.game.table.hidden:
            seats = ", ".join(self.table.label(s) for s in mine)
            conn.send(
                p.Closed(
                    reason=f"you play {seats} here: in a game between opponents a player "
                    "does not watch it too (a watcher sees what your seat may not)"
                )
            )
            conn.close()
            return
        if hello.watch:  # under a name with no seat, so it is told as a watcher
            self.watching.add(conn.id)
            self.seated_as[conn.id] = self.watch_as(conn)
        else:
            self.seated_as[conn.id] = self.sit_as(conn)
            self.table.seat(self.player(conn))
        shared = not self.game.table.hidden
        conn.replica = "log" if shared else "view"
        start = 0
        data = b""
        if shared:
            have = hello.have if hello.created == self.created else 0
            if 0 < have <= len(self.game.journal):
                start = have
                data = b"".join(log.encode_frame(i) for i in self.game.journal[have:])
            else:
                data = self.game.to_bytes(self.created)
        self.conns[conn.id] = conn
        self.presence.arrive(self.player(conn))
        setup = self.game.setup
        conn.send(
            p.Welcome(
                version=p.PROTOCOL,
                game=self.name,
                account=self.player(conn),
                mode=setup.mode,
                mission=setup.mission,
                created=self.created,
                replica=conn.replica,
                lobby=self.lobby(),
                status=self.status(),
                log=data,
                start=start,
                view=None if shared else self._view(self.player(conn)),
                recent=[] if shared else self.recent(self.player(conn)),
                chat=self.talk.recent(watcher=not self.table.seats_of(self.player(conn))),
            )
        )
        to_host_log(f"{self.player(conn)} joined ({conn.id})")
        came = sum(1 for c in self.conns.values() if c.account == conn.account) == 1
        self._broadcast_lobby()
        if came:
            self._tell_all(
                self.talk.note(conn.account, f"{conn.account} came to the table", self._at())
            )
        self._wake_bots()

    def info(self) -> p.Info:
        summary = self.game.summary()
        return p.Info(
            game=self.name,
            mode=self.game.setup.mode,
            mission=self.game.setup.mission,
            lobby=self.lobby(),
            status=self.status(),
            pid=self.pid,
            round=summary.get("round", summary.get("turn")),
            counts="round" if "round" in summary else "turn",
        )

    def leave(self, conn: Conn) -> None:
        if self.conns.pop(conn.id, None) is None:
            return
        account = self.player(conn)
        self.seated_as.pop(conn.id, None)
        self.watching.discard(conn.id)
        to_host_log(f"{account} left ({conn.id})")
        if account not in self.present():
            self.presence.gone(account)
        self._broadcast_lobby()
        if conn.account not in {c.account for c in self.conns.values()}:
            self._tell_all(
                self.talk.note(conn.account, f"{conn.account} left the table", self._at())
            )
        if self.bot_after is not None and account not in self.present():
            self.schedule(self.bot_after, lambda: self._stand_in(account))
        if not self.conns and self.on_idle is not None:
            self.on_idle()

    def _stand_in(self, account: str) -> None:
        """The bot takes the seats of a player still away (`bot_after`); they
        are handed back when the player joins again."""
        if account in self.present() or self.stopped is not None:
            return
        seats = [s for s in self.table.seats_of(account) if s not in self.table.bot_seats()]
        for seat in seats:
            self.table.records[seat].bot = True
        if seats:
            self.table.save()
            to_host_log(
                f"the bot plays {', '.join(self.table.label(s) for s in seats)} for {account}"
            )
            self._broadcast_lobby()
            self._wake_bots()

    # -- requests -------------------------------------------------------------------
    def handle(self, conn: Conn, message: Any) -> None:
        if conn.id not in self.conns:
            return  # not welcomed (or gone): nothing it says counts
        if not isinstance(message, p.Ping) and self.presence.heard(self.player(conn)):
            self._broadcast_lobby()  # what the table says of them is over a minute old
        if conn.id in self.watching and not isinstance(message, (p.Say, p.Ping, p.Bye)):
            ref = getattr(message, "ref", None)
            if ref is not None:
                why = "you are watching: join the game to play (shamble join NAME)"
                conn.send(p.Result(ref=ref, ok=False, code="watching", message=why))
                return
        match message:
            case p.Submit(ref=ref, command=command):
                self._answer(conn, ref, lambda: self._submit(self.player(conn), command))
            case p.Undo(ref=ref):
                self._answer(conn, ref, lambda: self._undo(self.player(conn)))
            case p.Redo(ref=ref):
                self._answer(conn, ref, lambda: self._redo(self.player(conn)))
            case p.Claim(ref=ref, seat=seat):
                self._seat_change(conn, ref, self.table.claim(self.player(conn), seat))
            case p.Release(ref=ref, seat=seat):
                self._seat_change(conn, ref, self.table.release(self.player(conn), seat))
            case p.HandToBot(ref=ref, seat=seat):
                why = self.table.hand_to_bot(self.player(conn), seat, self.present())
                self._seat_change(conn, ref, why)
            case p.TakeBack(ref=ref, seat=seat):
                self._seat_change(conn, ref, self.table.take_back(self.player(conn), seat))
            case p.Say(ref=ref, text=text):
                self._say_line(conn, ref, text)
            case p.Mute(ref=ref, account=account, muted=muted):
                self._mute(conn, ref, account, muted)
            case p.WatchersApart(ref=ref, apart=apart):
                self._watchers_apart(conn, ref, apart)
            case p.Ping():
                pass
            case p.Bye():
                conn.close()
                self.leave(conn)
            case _:
                conn.send(p.Closed(reason=f"a {type(message).__name__} is not a request"))
                conn.close()
                self.leave(conn)

    def _answer(self, conn: Conn, ref: int, act: Callable[[], None]) -> None:
        try:
            act()
        except RuleError as e:
            conn.send(p.Result(ref=ref, ok=False, code=e.code, message=e.message))
            return
        conn.send(p.Result(ref=ref, ok=True, index=len(self.game.journal)))
        self._wake_bots()

    def _seat_change(self, conn: Conn, ref: int, why: str | None) -> None:
        if why:
            conn.send(p.Result(ref=ref, ok=False, code="seat_refused", message=why))
            return
        # everyone hears the new lobby before the asker hears "ok", as a move's
        # entry goes out before its answer: a screen that acts on the answer
        # already holds the seats it asked for
        self._broadcast_lobby()
        conn.send(p.Result(ref=ref, ok=True, index=len(self.game.journal)))
        self._wake_bots()

    def _check_seat(self, account: str, seat: str | None) -> None:
        """RuleError unless the account may act for `seat` now."""
        mine = self.table.seats_of(account)
        who = self.table.who
        if not mine:
            raise RuleError("not_seated", "you are watching: claim an open seat to play")
        if seat not in mine:
            yours = ", ".join(self.table.label(s) for s in mine)
            raise RuleError("not_your_seat", f"that is {who(seat)}'s to play; you play {yours}")
        if seat in self.table.bot_seats():
            raise RuleError(
                "seat_with_bot", f"the bot plays {who(seat)} now: take the seat back first"
            )
        turn = self.game.to_act()
        if turn and seat not in turn:
            acting = ", ".join(who(s) for s in turn)
            raise RuleError("not_your_turn", f"{acting} to act now: wait for your turn")

    def _submit(self, account: str, command: Any) -> None:
        game = self.game
        parsed = game.parse_command(command)
        seat = game.owner(parsed)
        if seat is None:
            why = game.refusal(parsed)
            if why is not None:  # the rules say what is wrong
                raise why
            raise RuleError("not_your_seat", "that command is for no seat of this game")
        self._check_seat(account, seat)
        for other in sorted(game.takes_from(parsed) - {seat}):
            if other not in self.table.seats_of(account):
                raise RuleError(
                    "not_your_seat",
                    f"that trade takes cards from {self.table.who(other)}'s survivors: "
                    "only their player may give them away",
                )
        self._apply(lambda: game.submit(parsed), seat, "entry")

    def _undo(self, account: str) -> None:
        seat = self.authors.last()
        if not self.authors.timeline:
            raise RuleError("nothing_to_undo", "there is nothing to undo")
        self._check_author(account, seat, "undo")
        self._apply(self.game.undo, seat, "undo")

    def _redo(self, account: str) -> None:
        if not self.authors.redo_branch:
            raise RuleError("nothing_to_redo", "there is nothing to redo")
        seat = self.authors.next_redo()
        self._check_author(account, seat, "redo")
        self._apply(self.game.redo, seat, "redo")

    def _check_author(self, account: str, seat: str | None, what: str) -> None:
        """Only the player of the seat whose move it was may undo or redo it."""
        if seat not in self.table.seats_of(account):
            if seat is not None and not self.table.specs[seat].human:
                holder = f"{self.table.label(seat)} (a bot)"
            elif self.table.account_of(seat):
                holder = self.table.who(seat)
            else:
                holder = f"{self.table.label(seat)}'s player (nobody sits there now)"
            raise RuleError(
                f"not_your_{what}", f"only {holder} may {what} that move: it was theirs"
            )
        if seat in self.table.bot_seats():
            raise RuleError(
                "seat_with_bot", f"the bot plays {self.table.label(seat)}: take it back first"
            )

    def _apply(self, act: Callable[[], Any], seat: str | None, kind: str) -> None:
        """Change the game (the autosave writes the frame before act returns),
        then tell everyone."""
        game = self.game
        before = len(game.journal)
        try:
            result = act()
        except LogError as e:
            self.stop(f"the host cannot save the game: {e}")
            raise HostStopped(str(e)) from None
        if len(game.journal) == before:
            return
        events: tuple = ()
        if kind == "entry":
            events = tuple(result)
            self.authors.entry(seat, events)
        elif kind == "undo":
            self.authors.undo()
        else:
            self.authors.redo()
            events = self.authors.timeline[-1][1]
        self._publish(game.journal[-1], seat, kind, events)

    def _publish(self, item: Any, seat: str | None, kind: str, events: tuple) -> None:
        status = self.status()
        entry = p.Entry(frame=log.encode_frame(item), seat=seat, status=status)
        for publish in self.publishers:
            publish(status.index, entry)
        for conn in list(self.conns.values()):
            if conn.replica == "log":
                if not conn.shared_stream:
                    conn.send(entry)
            elif conn.replica == "view":
                viewer_seat = self._view_seat(self.player(conn))
                conn.send(
                    p.Update(
                        kind=kind,
                        seat=seat,
                        events=redact(self.game, events, viewer_seat),
                        view=self.game.view(self.game.viewer_of(viewer_seat)),
                        status=status,
                    )
                )

    # -- bots -------------------------------------------------------------------------
    def _wake_bots(self) -> None:
        if not self._bots_due and self.stopped is None:
            self._bots_due = True
            self.schedule(self.bot_pace, self._bot_step)

    def _bot_move(self) -> Any | None:
        own = self.game.bot_command()  # the game's own bot seats (outbreak "bot")
        if own is not None:
            return own
        return bot_move(self.game, self.table.bot_seats())

    def _bot_step(self) -> None:
        self._bots_due = False
        if self.stopped is not None or self.game.outcome is not None:
            return
        command = self._bot_move()
        if command is None:
            return
        game = self.game
        parsed = game.parse_command(command)
        seat = game.owner(parsed)
        try:
            self._apply(lambda: game.submit(parsed), seat, "entry")
        except RuleError as e:  # a bot that errs stops; the seat waits for a person
            to_host_log(f"the bot for {self.table.label(seat)} was refused: {e.code}: {e.message}")
            return
        except HostStopped:
            return
        self._wake_bots()

    # -- stopping ---------------------------------------------------------------------
    def announce(self, text: str) -> None:
        """One line about the table (the broker gone, the broker back) for everyone here."""
        to_host_log(text)
        self._tell_all(self.talk.note(self.host_account or "host", text, self._at()))

    def stop(self, reason: str) -> None:
        """Tell everyone why the game stops here and hang up on them."""
        if self.stopped is not None:
            return
        self.stopped = reason
        to_host_log(f"stopping: {reason}")
        for conn in list(self.conns.values()):
            conn.send(p.Closed(reason=reason))
            conn.close()
        self.conns.clear()
        if self.on_stop is not None:
            self.on_stop(reason)
