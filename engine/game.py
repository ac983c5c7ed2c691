"""The public Game API (DESIGN.md): one object per game, any mode.

The timeline keeps the state after every accepted command, so undo and redo
are a step along a list (K-6); the journal keeps every command, undo and
redo in the order the player made them, which is what a save writes."""

from __future__ import annotations

import os
from collections.abc import Callable, Collection, Iterator
from pathlib import Path
from typing import Any

import msgspec

from engine.core import log
from engine.core.errors import MissionError, RuleError
from engine.core.mode import Carried, Mode, Setup, get_mode, optional
from engine.core.table import Seat, Table
from engine.core.timeline import LazyStates, undo_refusal, walk

APP_VERSION = "0.1.0"
UNDO_POLICIES = ("casual", "honest", "ironman")
MAX_BOT_COMMANDS = 5000  # bots acting in a row before play_bots stops to ask why

FrameListener = Callable[[Any], None]


def _mission_source(
    mode: Mode, mission: str | os.PathLike, seed: int, options: dict[str, Any]
) -> tuple[str, str]:
    """(source name, text) of a shipped mission id or a mission file path."""
    if isinstance(mission, os.PathLike) or (isinstance(mission, str) and mission.endswith(".toml")):
        path = Path(mission)
        try:
            return str(path), path.read_text(encoding="utf-8")
        except FileNotFoundError:
            raise MissionError(str(path), "no such mission file") from None
        except IsADirectoryError:
            raise MissionError(str(path), "is a directory, not a mission file") from None
        except UnicodeDecodeError:
            raise MissionError(str(path), "is not UTF-8 text") from None
        except OSError as e:
            raise MissionError(str(path), e.strerror or str(e)) from None
    if not isinstance(mission, str):
        raise MissionError(repr(mission), "a mission is a shipped id or a path to a .toml file")
    return mission, mode.mission_text(mission, seed, options)


class Reading:
    """What a game's state says, read through its mode: the present one
    (Game) or a past one (Moment). Needs mode, world and state."""

    mode: Mode
    world: Any
    state: Any

    @property
    def outcome(self) -> str | None:
        return self.mode.outcome(self.state)

    def summary(self) -> dict:
        return self.mode.summary(self.world, self.state)

    def view(self, viewer: str = "players") -> dict:
        return self.mode.view(self.world, self.state, viewer)

    def legal_commands(self) -> list[Any]:
        return self.mode.legal_commands(self.world, self.state)

    def bot_command(self) -> Any | None:
        """What the bot now to act would submit, or None when a person acts (or the
        mode plays its AI inside decide). Drivers (the app, `shamble script`) submit it."""
        choose = optional(self.mode, "bot_command")
        if choose is None or self.outcome is not None:
            return None
        return choose(self.world, self.state)

    # -- the table (engine/core/table.py) ----------------------------------------
    @property
    def table(self) -> Table:
        return optional(self.mode, "table")

    def seats(self) -> tuple[Seat, ...]:
        """Every seat of the game: id, label, kind (person, bot, AI side), figures, viewer."""
        return self.table.seats(self.world, self.state)

    def seat(self, seat_id: str | None) -> Seat | None:
        return next((s for s in self.seats() if s.id == seat_id), None)

    def to_act(self) -> tuple[str, ...]:
        """The seats that may act now (none while the game resolves or is over)."""
        if self.outcome is not None:
            return ()
        return tuple(self.table.to_act(self.world, self.state))

    def owner(self, command: Any) -> str | None:
        """The seat a command (a Struct or a mapping) is for, on the game as it is now."""
        return self.table.owner(self.world, self.state, command)

    def takes_from(self, command: Any) -> frozenset[str]:
        """Other seats a command would take something from (a trade)."""
        return frozenset(self.table.takes_from(self.world, self.state, command))

    @property
    def watcher(self) -> str:
        """The viewer of someone with no seat: a spectator, a replay."""
        return optional(self.mode, "spectator_viewer") or self.table.watcher

    def viewer_of(self, seat_id: str | None) -> str:
        """The viewer a seat is shown (no seat, or one the game does not have: a watcher)."""
        seat = self.seat(seat_id) if seat_id is not None else None
        return seat.viewer if seat is not None else self.watcher

    def told(self, events: Any, viewer: str) -> list[Any]:
        """The events as `viewer` is told them: each one itself, a copy with what
        the viewer may not know set to None, or left out."""
        tell = self.table.told
        out = (tell(self.world, e, viewer) for e in events)
        return [e for e in out if e is not None]

    def stand_in(self, seats: str | Collection[str]) -> Any | None:
        """The bot's command for one of `seats` that may act now (a player away,
        or one who asked for help): one of the legal commands those seats may
        make among themselves; None when none of them acts or can act."""
        mine = {seats} if isinstance(seats, str) else set(seats)
        acting = next((s for s in self.to_act() if s in mine), None)
        if acting is None:
            return None
        legal = [
            c for c in self.legal_commands() if self.owner(c) in mine and self.takes_from(c) <= mine
        ]
        if not legal:
            return None
        return self.table.stand_in(self.world, self.view(self.viewer_of(acting)), legal)


class Moment(Reading):
    """A past state of a game, read as the game reads its present one (a
    screen asks whose seat decided there); it plays nothing."""

    def __init__(self, mode: Mode, world: Any, setup: Setup, state: Any) -> None:
        self.mode, self.world, self.setup, self.state = mode, world, setup, state


class Game(Reading):
    origin: log.Origin | None = None  # a fork's source moment (saved in the header)

    def __init__(self, mode: Mode, setup: Setup) -> None:
        self.mode = mode
        self.setup = setup
        self.world, base, setup_events = mode.setup(setup)
        state = log.fold(mode, self.world, base, setup_events)
        self._base = base
        self._setup_events: tuple = tuple(setup_events)
        self._states: list[Any] = [state]
        self._entries: list[Any] = []
        self._redo: list[Any] = []
        self.undo_count = 0
        self.journal: list[Any] = []
        self.listeners: list[FrameListener] = []
        self._entry_type = log.entry_type(mode.id)

    # -- creation -----------------------------------------------------------
    @classmethod
    def new(
        cls,
        mode: str = "station",
        mission: str | os.PathLike | None = None,
        seed: int = 0,
        survivors: list[str] | tuple[str, ...] | None = None,
        dice: list[int] | tuple[int, ...] | None = None,
        undo: str = "casual",
        carry: dict | None = None,
        **options: Any,
    ) -> Game:
        """A new game of `mode`; `mission` defaults to the mode's own first mission.
        `options` are the mode's own (typed: a list stays a list) and the mode
        checks them; they must be plain data, since the save header keeps them."""
        m = get_mode(mode)
        if mission is None:
            mission = m.default_mission
        if undo not in UNDO_POLICIES:
            raise RuleError("bad_undo_policy", f"undo policy must be one of {UNDO_POLICIES}")
        if not isinstance(seed, int) or isinstance(seed, bool):
            raise RuleError("bad_seed", "the seed must be a whole number")
        faces = tuple(dice or ())
        if any(not isinstance(f, int) or not 1 <= f <= 6 for f in faces):
            raise RuleError("bad_dice", "scripted dice must be faces from 1 to 6")
        try:
            opts = msgspec.to_builtins(options)
        except TypeError as e:
            raise RuleError("bad_option", f"options must be plain data: {e}") from None
        source, text = _mission_source(m, mission, seed, opts)
        try:
            carried = msgspec.convert(carry or {}, dict[str, Carried])
        except msgspec.ValidationError as e:
            raise RuleError("bad_carry", f"campaign progress is malformed: {e}") from None
        setup = Setup(
            mode=mode,
            mission="",
            mission_text=text,
            source=source,
            seed=seed,
            dice=faces,
            undo=undo,
            roster=tuple(survivors or ()),
            options=opts,
            carry=carried,
            rules=rules_version(m),
        )
        game = cls(m, setup)
        game.setup = msgspec.structs.replace(setup, mission=game.world.mission_id)
        return game

    # -- reading --------------------------------------------------------------
    @property
    def state(self) -> Any:
        return self._states[-1]

    @property
    def events(self) -> list[Any]:
        out = list(self._setup_events)
        for entry in self._entries:
            out.extend(entry.events)
        return out

    @property
    def commands(self) -> list[Any]:
        return [e.command for e in self._entries]

    def moment_back(self, n: int) -> Moment:
        """The game n entries back along the timeline (0: now), what n undos
        would return to; read only, so a screen can ask who made an entry."""
        if not 0 <= n <= len(self._entries):
            raise IndexError(f"the timeline has {len(self._entries)} entries, not {n}")
        return Moment(self.mode, self.world, self.setup, self._states[-1 - n])

    def can_undo(self) -> bool:
        return bool(self._entries) and self._undo_refusal() is None

    def can_redo(self) -> bool:
        return bool(self._redo)

    def last_entry(self) -> tuple[Any, tuple[Any, ...]] | None:
        """The command last played on the timeline and its events (None at the start)."""
        return (self._entries[-1].command, self._entries[-1].events) if self._entries else None

    def next_redo(self) -> tuple[Any, tuple[Any, ...]] | None:
        """The command redo would play again and its events (None: nothing to redo)."""
        return (self._redo[-1].command, self._redo[-1].events) if self._redo else None

    # -- acting ---------------------------------------------------------------
    def parse_command(self, command: Any) -> Any:
        """A command from a dict or a Struct, checked for shape (K-5)."""
        ctype = self.mode.command_type
        if isinstance(command, msgspec.Struct):
            command = msgspec.to_builtins(command)
        if not isinstance(command, dict):
            raise RuleError("bad_command", "a command is a mapping with a 'type'")
        try:
            return msgspec.convert(command, ctype)
        except msgspec.ValidationError as e:
            raise RuleError("bad_command", f"malformed command: {e}") from None

    def refusal(self, command: Any) -> RuleError | None:
        """Why the rules would refuse command now (its shape or the rules), or
        None when they would take it; the game does not change either way."""
        try:
            self.mode.run(self.world, self.state, self.parse_command(command))
        except RuleError as e:
            return e
        return None

    def submit(self, command: Any) -> list[Any]:
        cmd = self.parse_command(command)
        events, state = self.mode.run(self.world, self.state, cmd)
        entry = self._entry_type(cmd, tuple(events))
        self._entries.append(entry)
        self._states.append(state)
        self._redo.clear()
        self._record(entry)
        return list(events)

    def _undo_refusal(self) -> str | None:
        return undo_refusal(self.setup.undo, self._entries[-1].events, self.mode.reveals)

    def undo(self) -> bool:
        if not self._entries:
            return False
        why = self._undo_refusal()
        if why:
            raise RuleError("undo_refused", why)
        self._redo.append(self._entries.pop())
        self._states.pop()
        self.undo_count += 1
        self._record(log.UndoMark())
        return True

    def redo(self) -> bool:
        if not self._redo:
            return False
        self._push(self._redo.pop())
        self._record(log.RedoMark())
        return True

    def play_bots(self, limit: int = MAX_BOT_COMMANDS) -> Iterator[tuple[Any, Any, list[Any]]]:
        """Submit what the bot seats to act decide (bot_command()), one command
        at a time, until a person decides or the game ends: yields each
        (command, the state before it, its events) as it is played. At most
        `limit` commands (a bot that never yields the turn is stopped). What
        the submit raises (a save listener that fails) ends the loop there."""
        for _ in range(limit):
            command = self.bot_command()
            if command is None:
                return
            before = self.state
            yield command, before, self.submit(command)

    def undo_to_person(self) -> int:
        """Undo back to the last decision a person made (K-6): the bots'
        commands after it go too. Returns how many commands were undone (0:
        nothing to undo). When the undo policy refuses part way, everything
        undone is redone and the RuleError is raised: nothing changes."""
        undone = 0
        try:
            while self.undo():
                undone += 1
                if self.bot_command() is None:
                    break
        except RuleError:
            for _ in range(undone):
                self.redo()
            raise
        return undone

    def redo_to_person(self) -> int:
        """Redo a person's command and the bots' commands after it, up to the
        next decision a person makes; how many commands were redone."""
        redone = 0
        while self.redo():
            redone += 1
            if self.bot_command() is None or not self.can_redo():
                break
        return redone

    def _record(self, item: Any) -> None:
        self.journal.append(item)
        for listener in self.listeners:
            listener(item)

    # -- replay and saves -------------------------------------------------------
    def replay_state(self) -> Any:
        """The current state rebuilt from the base state by folding every event."""
        with log.gc_paused():
            return log.fold(self.mode, self.world, self._base, self.events)

    def apply_frame(self, item: Any) -> None:
        """Re-apply one journal frame from a log, trusting its stored events.
        Snapshots are a cache of what the events give: they change nothing."""
        if isinstance(item, log.Snapshot):
            return
        if isinstance(item, log.UndoMark):
            if not self._entries:
                raise log.LogError("the log undoes past the start of the game")
            self._redo.append(self._entries.pop())
            self._states.pop()
            self.undo_count += 1
        elif isinstance(item, log.RedoMark):
            if not self._redo:
                raise log.LogError("the log redoes with nothing to redo")
            entry = self._redo.pop()
            self._push(entry)
        else:
            self._redo.clear()
            self._push(item)
        self.journal.append(item)

    def _push(self, entry: Any) -> None:
        state = log.fold(self.mode, self.world, self.state, entry.events)
        self._entries.append(entry)
        self._states.append(state)

    def header(self, created: str = "") -> log.Header:
        """The save header; its undo count is the undos the journal has no marks for."""
        marked = sum(1 for item in self.journal if isinstance(item, log.UndoMark))
        return log.Header(
            format=log.FORMAT_VERSION,
            app=APP_VERSION,
            setup=self.setup,
            created=created,
            undo_count=self.undo_count - marked,
            origin=self.origin,
        )

    def snapshot_frame(self) -> bytes | None:
        """A snapshot frame of the current state (None when too large for a frame)."""
        return log.encode_snapshot(len(self._entries), self.state, APP_VERSION)

    def to_bytes(self, created: str = "") -> bytes:
        """The whole log: header, journal, and a snapshot of the current state."""
        parts = [log.encode_header(self.header(created))]
        parts.append(log.encode_journal(self.mode.id, self.journal))
        if self.journal:
            parts.append(self.snapshot_frame() or b"")
        return b"".join(parts)

    @classmethod
    def from_bytes(cls, data: bytes) -> Game:
        decoded = log.decode_log(data)
        game = cls.from_log(decoded.header, decoded.frames)
        game.load_warnings = decoded.warnings
        return game

    @classmethod
    def from_log(cls, header: log.Header, frames: list[Any]) -> Game:
        """The game a log describes: the timeline is rebuilt from the journal,
        and states come from the latest snapshot this version wrote plus the
        events after it (earlier states are rebuilt when undo reaches them)."""
        try:
            mode = get_mode(header.setup.mode)
            game = cls(mode, header.setup)
        except (MissionError, RuleError) as e:
            raise log.LogError(f"the saved game cannot be set up: {e}") from None
        timeline = walk(frames, APP_VERSION, header.setup.undo, mode.reveals)
        world = game.world

        def fold(state: Any, entries: list[Any]) -> list[Any]:
            return log.fold_entries(mode, world, state, entries)

        game._entries = timeline.entries
        game._redo = timeline.redo
        game.journal = timeline.journal
        game.undo_count = header.undo_count + timeline.undos
        game.origin = header.origin
        game._states = LazyStates(
            game._states[0],
            game._entries,
            fold,
            timeline.snapshots,
            lambda data: log.decode_state(mode.state_type, data),
        )
        try:
            game._states[-1]
        except Exception as e:  # evolve met an event it cannot apply: not this game's log
            raise log.LogError(
                f"the saved events cannot be replayed ({type(e).__name__}: {e})"
            ) from None
        game.load_warnings = []
        return game

    @classmethod
    def from_timeline(
        cls,
        setup: Setup,
        entries: list[Any],
        *,
        states: dict[int, Any] | None = None,
        undo_count: int = 0,
        origin: log.Origin | None = None,
    ) -> Game:
        """A game whose timeline is `entries` (their stored events are trusted and
        folded, never decided again), with no undone branch: a fork of another
        game at one of its moments, or that moment shown on its own. `states`
        are states already known by depth (the last one spares the fold)."""
        mode = get_mode(setup.mode)
        game = cls(mode, setup)
        world = game.world

        def fold(state: Any, entries: list[Any]) -> list[Any]:
            return log.fold_entries(mode, world, state, entries)

        game._entries = list(entries)
        game.journal = list(game._entries)
        game.undo_count = undo_count
        game.origin = origin
        game._states = LazyStates(
            game._states[0],
            game._entries,
            fold,
            {},
            lambda data: log.decode_state(mode.state_type, data),
            known=states,
        )
        game.load_warnings = []
        return game

    def save(self, path: str | os.PathLike, created: str = "") -> None:
        """Write the whole log to path at once: a temp file, fsync, then rename,
        so the old save stays whole until the new one is. Refused while another
        process holds the save open (an autosave session's OS lock)."""
        path = Path(path)
        tmp = path.with_name(path.name + ".tmp")
        try:
            _refuse_if_locked(path)
            with open(tmp, "wb") as f:
                f.write(self.to_bytes(created))
                f.flush()
                os.fsync(f.fileno())
            os.replace(tmp, path)
        except IsADirectoryError:
            raise log.LogError(f"{path}: is a directory, not a save") from None
        except OSError as e:
            raise log.LogError(f"{path}: cannot write the save: {e.strerror or e}") from None

    @classmethod
    def load(cls, path: str | os.PathLike) -> Game:
        """The game saved at path (read only: the file is never written)."""
        path = Path(path)
        try:
            if path.exists() and not path.is_dir() and not path.is_file():
                raise log.LogError(f"{path}: is not a regular file, not a save")
            data = path.read_bytes()
        except IsADirectoryError:
            raise log.LogError(f"{path}: is a directory, not a save") from None
        except OSError as e:
            raise log.LogError(f"{path}: {e.strerror or e}") from None
        try:
            return cls.from_bytes(data)
        except log.LogError as e:
            raise log.LogError(f"{path}: {e}") from None


def rules_version(mode: Mode) -> int:
    """The version of a mode's rules as this engine decides them (1 unless the mode
    has changed a rule since its first saves)."""
    return optional(mode, "rules_version")


def _refuse_if_locked(path: Path) -> None:
    """LogError when another process holds an OS lock on the save at path."""
    try:
        import fcntl
    except ImportError:  # no flock on this platform: nothing to ask
        return
    try:
        fd = os.open(path, os.O_RDONLY)
    except (FileNotFoundError, IsADirectoryError):
        return
    try:
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except BlockingIOError:
        raise log.LogError(f"{path}: another Shamble is playing this save") from None
    finally:
        os.close(fd)
