"""Every moment of a saved game, as it was played: the replay viewer's engine.

A moment is a place in the journal: moment 0 is the start, moment m comes
after the first m journal frames (a command with its events, an undo, a
redo), so a replay shows undos where the player made them. Each moment sits
on a node of a tree: a command grows a new node from the current one, undo
steps back to its parent, redo forward again, and a command after an undo
starts a branch. The state at a node is the fold of the entries on its path.

Seeking is fast because it never folds far: it starts from the nearest
known state up the path, which is the start, a snapshot the save holds
(an autosave writes one every few hundred frames), a checkpoint kept every
CHECKPOINT commands of a path already folded, or one of the last few
states asked for (stepping one moment at a time folds one entry).

`fork` starts a new game from any moment: same setup (mission text, seed,
scripted dice), so the fixed fate (K-2) goes on from there exactly as in the
source; the new save's header records where it came from (log.Origin)."""

from __future__ import annotations

import os
from collections import OrderedDict
from pathlib import Path
from typing import Any

import msgspec

from engine import APP_VERSION, Game, LogError, RuleError, get_mode
from engine.core import log
from engine.core.mode import optional
from engine.core.timeline import undo_refusal
from engine.game import UNDO_POLICIES
from saves.files import SaveError, decode, now, read_bytes, write_atomic

CHECKPOINT = 64  # commands between the states kept along a folded path
RECENT = 16  # the last states asked for, kept for stepping back and forth

_LENIENCY = {"ironman": 0, "honest": 1, "casual": 2}


def default_viewer(mode: Any) -> str:
    """The viewer a spectator or a replay sees (K-7): the mode's optional
    `spectator_viewer`, else its table's watcher (engine/core/table.py)."""
    return optional(mode, "spectator_viewer") or optional(mode, "table").watcher


def round_of(mode: Any, world: Any, state: Any) -> int:
    """The round (or turn) a state is in: the mode's `round_of(state)` when it
    has one, else the state's `round` or `turn`, else the summary's."""
    ask = optional(mode, "round_of")
    if ask is not None:
        return int(ask(state))
    for name in ("round", "turn"):
        value = getattr(state, name, None)
        if isinstance(value, int):
            return value
    summary = mode.summary(world, state)
    value = summary.get("round", summary.get("turn", 0))
    return value if isinstance(value, int) else 0


class History:
    """The moments of one game. Build with `open`, `from_log` or `of_game`.

    Read-only: asking for a moment never changes the game or its file."""

    def __init__(self, header: log.Header, frames: list[Any]) -> None:
        self.header = header
        self.setup = header.setup
        try:
            self._start = Game(get_mode(header.setup.mode), header.setup)
        except (RuleError, ValueError) as e:  # MissionError is a ValueError
            raise LogError(f"the saved game cannot be set up: {e}") from None
        self.mode = self._start.mode
        self.world = self._start.world
        self.journal: list[Any] = []  # every frame but snapshots, in the order played
        self._node_of: list[int] = [0]  # moment -> node
        self._undos: list[int] = [header.undo_count]  # moment -> undos made so far
        self._parent: list[int] = [-1]  # node -> the node it grew from
        self._entry: list[Any] = [None]  # node -> the entry that made it
        self._depth: list[int] = [0]  # node -> commands on its path
        self._packed: dict[int, bytes] = {}  # node -> a snapshot's bytes, not yet decoded
        self._kept: dict[int, Any] = {0: self._start.state}  # node -> state (checkpoints)
        self._recent: OrderedDict[int, Any] = OrderedDict()
        self._rounds: list[int] | None = None  # moment -> round, once indexed
        self.folds = 0  # entries folded so far (what a seek costs)
        self.warnings: list[str] = []  # a torn last frame dropped when the save was read
        self.path: Path | None = None
        self._walk(frames)

    # -- building ------------------------------------------------------------------
    @classmethod
    def from_log(cls, header: log.Header, frames: list[Any]) -> History:
        """From a decoded log (snapshot frames included: they speed seeks up)."""
        return cls(header, frames)

    @classmethod
    def open(cls, path: str | os.PathLike) -> History:
        """The history of the save at path (read only); SaveError names the file."""
        path = Path(path)
        decoded = decode(path, read_bytes(path))
        try:
            history = cls(decoded.header, decoded.frames)
        except LogError as e:
            raise SaveError(f"{path}: {e}") from None
        history.warnings = [f"{path}: {w}" for w in decoded.warnings]
        history.path = path
        return history

    @classmethod
    def of_game(cls, game: Game) -> History:
        """The history of a game in memory (its journal as played so far)."""
        history = cls(game.header(), game.journal)
        history._kept[history._node_of[-1]] = game.state
        return history

    def _walk(self, frames: list[Any]) -> None:
        policy, reveals = self.setup.undo, self.mode.reveals
        current, redo = 0, []
        for n, item in enumerate(frames):
            if isinstance(item, log.Snapshot):
                if item.depth != self._depth[current]:
                    raise LogError(f"journal frame {n} is a snapshot out of place")
                if item.app == APP_VERSION:
                    self._packed[current] = item.state
                continue
            undos = self._undos[-1]
            if isinstance(item, log.UndoMark):
                if current == 0:
                    raise LogError(f"journal frame {n} undoes past the start of the game")
                why = undo_refusal(policy, self._entry[current].events, reveals)
                if why:
                    raise LogError(f"journal frame {n} undoes what the game refuses: {why}")
                redo.append(current)
                current = self._parent[current]
                undos += 1
            elif isinstance(item, log.RedoMark):
                if not redo:
                    raise LogError(f"journal frame {n} redoes with nothing to redo")
                current = redo.pop()
            else:
                redo.clear()
                self._parent.append(current)
                self._entry.append(item)
                self._depth.append(self._depth[current] + 1)
                current = len(self._parent) - 1
            self.journal.append(item)
            self._node_of.append(current)
            self._undos.append(undos)

    # -- moments -------------------------------------------------------------------
    @property
    def last(self) -> int:
        """The last moment: the game as its save ends."""
        return len(self.journal)

    def _check(self, moment: int) -> int:
        if not isinstance(moment, int) or isinstance(moment, bool) or not 0 <= moment <= self.last:
            raise IndexError(f"moment {moment!r} is outside this game (0 to {self.last})")
        return moment

    def frame(self, moment: int) -> Any | None:
        """The journal frame that led to this moment (None at the start)."""
        return self.journal[self._check(moment) - 1] if moment else None

    def commands(self, moment: int) -> int:
        """Commands on the timeline at this moment (what undo could take back)."""
        return self._depth[self._node_of[self._check(moment)]]

    def undos(self, moment: int) -> int:
        """Undos the player had made by this moment."""
        return self._undos[self._check(moment)]

    def entries(self, moment: int) -> list[Any]:
        """The timeline at this moment: its entries (command and events), in order."""
        path = []
        node = self._node_of[self._check(moment)]
        while node:
            path.append(self._entry[node])
            node = self._parent[node]
        path.reverse()
        return path

    def events(self, moment: int) -> list[Any]:
        """Every event of the timeline at this moment, setup events first."""
        out = list(self._start.events)
        for entry in self.entries(moment):
            out.extend(entry.events)
        return out

    def state(self, moment: int) -> Any:
        return self._state(self._node_of[self._check(moment)])

    def summary(self, moment: int) -> dict:
        return self.mode.summary(self.world, self.state(moment))

    def view(self, moment: int, viewer: str | None = None) -> dict:
        """What `viewer` knew at this moment (K-7); by default the players' side."""
        return self.mode.view(self.world, self.state(moment), viewer or default_viewer(self.mode))

    def game(self, moment: int) -> Game:
        """A Game standing at this moment, for a screen that draws games (do not
        play it: `fork` makes a game to play on)."""
        entries = self.entries(moment)
        return Game.from_timeline(
            self.setup,
            entries,
            states={len(entries): self.state(moment)},
            undo_count=self.undos(moment),
            origin=self.header.origin,
        )

    # -- folding -------------------------------------------------------------------
    def _known(self, node: int) -> Any:
        state = self._kept.get(node, _NONE)
        if state is _NONE:
            state = self._recent.get(node, _NONE)
        if state is _NONE and node in self._packed:
            try:
                state = log.decode_state(self.mode.state_type, self._packed.pop(node))
            except (msgspec.DecodeError, msgspec.ValidationError):
                return _NONE  # a cache that no longer fits: fold instead
            self._kept[node] = state
        return state

    def _state(self, target: int) -> Any:
        path, node = [], target
        while (state := self._known(node)) is _NONE:
            path.append(node)
            node = self._parent[node]
        for node in reversed(path):
            state = log.fold(self.mode, self.world, state, self._entry[node].events)
            self.folds += 1
            if self._depth[node] % CHECKPOINT == 0:
                self._kept[node] = state
        self._recent[target] = state
        self._recent.move_to_end(target)
        if len(self._recent) > RECENT:
            self._recent.popitem(last=False)
        return state

    # -- rounds --------------------------------------------------------------------
    def index(self) -> None:
        """Fold every node once: checkpoints everywhere and the round of every
        moment (about as long as replaying the whole save; done once)."""
        if self._rounds is not None:
            return
        rounds = [0] * len(self._parent)
        mode, world = self.mode, self.world
        state = self._state(0)
        rounds[0] = round_of(mode, world, state)
        with log.gc_paused():  # one pass over the whole save, as a load is
            for node in range(1, len(self._parent)):
                parent = self._parent[node]
                if parent != node - 1:
                    state = self._state(parent)
                state = log.fold(mode, world, state, self._entry[node].events)
                self.folds += 1
                if self._depth[node] % CHECKPOINT == 0:
                    self._kept[node] = state
                rounds[node] = round_of(mode, world, state)
        self._rounds = [rounds[node] for node in self._node_of]

    def round(self, moment: int) -> int:
        """The round (or turn) the game was in at this moment."""
        self._check(moment)
        if self._rounds is not None:
            return self._rounds[moment]
        return round_of(self.mode, self.world, self.state(moment))

    def rounds(self) -> list[int]:
        """The round of every moment, in order (indexes the game the first time)."""
        self.index()
        assert self._rounds is not None
        return list(self._rounds)

    def moment_of_round(self, number: int) -> int | None:
        """The first moment the game was in round `number` or later (None when it
        never got there)."""
        self.index()
        assert self._rounds is not None
        return next((m for m, r in enumerate(self._rounds) if r >= number), None)

    def next_round(self, moment: int) -> int | None:
        """The first moment after this one in a later round (None when none is)."""
        self.index()
        assert self._rounds is not None
        now_round = self._rounds[self._check(moment)]
        return next(
            (m for m in range(moment + 1, self.last + 1) if self._rounds[m] > now_round), None
        )

    def previous_round(self, moment: int) -> int | None:
        """Where this moment's round began as played; from there, where the
        round before it began (None at the start)."""
        self.index()
        rounds = self._rounds
        assert rounds is not None
        start = self._round_start(self._check(moment))
        if start < moment:
            return start
        return self._round_start(start - 1) if start else None

    def _round_start(self, moment: int) -> int:
        rounds = self._rounds
        assert rounds is not None
        while moment and rounds[moment - 1] == rounds[moment]:
            moment -= 1
        return moment

    # -- forking -------------------------------------------------------------------
    def fork(self, moment: int, undo: str | None = None, source: str = "") -> Game:
        """A new game to play on from this moment: the source's timeline then
        (its undone branches left out), the same setup and so the same fate,
        and `undo` as its policy (the source's by default). Its header's
        origin names the source, the moment and the source's undo policy."""
        policy = undo or self.setup.undo
        if policy not in UNDO_POLICIES:
            raise RuleError("bad_undo_policy", f"undo policy must be one of {UNDO_POLICIES}")
        entries = self.entries(moment)
        origin = log.Origin(
            source=source or (self.path.name if self.path else ""),
            created=self.header.created,
            moment=moment,
            commands=len(entries),
            undo=self.setup.undo,
        )
        return Game.from_timeline(
            msgspec.structs.replace(self.setup, undo=policy),
            entries,
            states={len(entries): self.state(moment)},
            undo_count=self.undos(moment),
            origin=origin,
        )

    def save_fork(self, moment: int, dest: str | os.PathLike, undo: str | None = None) -> Game:
        """`fork` written to a new save at `dest` (refused when one is there
        already); the new game is returned. SaveError on any file problem."""
        dest = Path(dest)
        if dest.exists():
            raise SaveError(f"{dest}: a save already exists here; choose another name")
        game = self.fork(moment, undo=undo)
        try:
            dest.parent.mkdir(parents=True, exist_ok=True)
        except OSError as e:
            raise SaveError(f"{dest}: cannot write: {e.strerror or e}") from None
        write_atomic(dest, game.to_bytes(now()))
        return game


def relaxed_undo(header: log.Header) -> bool:
    """True for a fork whose undo policy is more lenient than its source's."""
    origin = header.origin
    if origin is None:
        return False
    return _LENIENCY.get(header.setup.undo, 2) > _LENIENCY.get(origin.undo, 2)


def fork_save(
    source: str | os.PathLike,
    moment: int,
    dest: str | os.PathLike,
    undo: str | None = None,
) -> Game:
    """Fork the save at `source` at `moment` into a new save at `dest`."""
    return History.open(source).save_fork(moment, dest, undo=undo)


_NONE: Any = object()
