"""From a save's journal frames to a timeline (what Game.from_log builds on):
the entries in play, the redo stack and the snapshots still true, checked
against the undo policy (K-6); and the states after each entry, worked out
only when first read. The frames themselves are engine/core/log.py's."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import msgspec

from engine.core.log import LogError, RedoMark, Snapshot, UndoMark


class Timeline(msgspec.Struct):
    """The journal walked without replaying a single event."""

    entries: list[Any]  # the current timeline
    redo: list[Any]  # undone entries, last undone last
    journal: list[Any]  # every entry, undo and redo frame (snapshots left out)
    undos: int  # undo marks in the journal
    snapshots: dict[int, bytes]  # depth -> encoded state, still true on this timeline


def undo_refusal(policy: str, events: Any, reveals: Callable[[Any], bool]) -> str | None:
    """Why the undo policy (K-6) refuses to undo an entry with these events,
    or None: one rule for a live game and for a journal read back."""
    if policy == "ironman":
        return "this is an ironman game: undo is off"
    if policy == "honest" and any(reveals(ev) for ev in events):
        return "honest undo stops where hidden information was revealed (dice, cards, spawns)"
    return None


def walk(frames: list[Any], app: str, policy: str, reveals: Callable[[Any], bool]) -> Timeline:
    """Entries, redo stack and trustworthy snapshots from journal frames.

    An undo the game's policy forbids, an undo or redo with nothing to act on,
    or a snapshot at the wrong place raise LogError: the game never made them."""
    entries: list[Any] = []
    redo: list[Any] = []
    journal: list[Any] = []
    snapshots: dict[int, bytes] = {}
    deepest = -1  # deepest snapshot depth kept
    undos = 0
    for n, item in enumerate(frames):
        if isinstance(item, Snapshot):
            if item.depth != len(entries):
                raise LogError(f"journal frame {n} is a snapshot out of place")
            if item.app == app:
                snapshots[item.depth] = item.state
                deepest = max(deepest, item.depth)
            continue
        if isinstance(item, UndoMark):
            if not entries:
                raise LogError(f"journal frame {n} undoes past the start of the game")
            why = undo_refusal(policy, entries[-1].events, reveals)
            if why:
                raise LogError(f"journal frame {n} undoes what the game refuses: {why}")
            redo.append(entries.pop())
            undos += 1
        elif isinstance(item, RedoMark):
            if not redo:
                raise LogError(f"journal frame {n} redoes with nothing to redo")
            entries.append(redo.pop())
        else:
            redo.clear()
            entries.append(item)
            if deepest >= len(entries):  # a new branch: states past here changed
                for depth in [d for d in snapshots if d >= len(entries)]:
                    del snapshots[depth]
                deepest = max(snapshots, default=-1)
        journal.append(item)
    return Timeline(entries=entries, redo=redo, journal=journal, undos=undos, snapshots=snapshots)


_MISSING: Any = object()


class LazyStates(list):
    """The state after each entry of a timeline, filled in when first read:
    from the nearest earlier known state (the start or a snapshot) by folding
    the entries in between. Game keeps its timeline states in a list indexed
    by depth; a loaded game gets this list instead, so loading and the first
    undos cost only the events since the nearest snapshot. `fold(state,
    entries)` gives the state after each entry (fold_entries)."""

    def __init__(
        self,
        first: Any,
        entries: list[Any],
        fold: Callable[[Any, list[Any]], list[Any]],
        packed: dict[int, bytes],
        unpack: Callable[[bytes], Any],
        known: dict[int, Any] | None = None,
    ) -> None:
        super().__init__([first])
        self.extend([_MISSING] * len(entries))
        for depth, state in (known or {}).items():  # states already at hand, by depth
            list.__setitem__(self, depth, state)
        self._entries = entries
        self._fold = fold
        self._packed = dict(packed)
        self._unpack = unpack

    def __getitem__(self, index: Any) -> Any:
        item = list.__getitem__(self, index)
        if item is _MISSING:
            item = self._resolve(index if index >= 0 else len(self) + index)
        return item

    def _resolve(self, depth: int) -> Any:
        known = depth
        while (state := list.__getitem__(self, known)) is _MISSING:
            packed = self._packed.pop(known, None)
            if packed is not None:
                try:
                    state = self._unpack(packed)
                except (msgspec.DecodeError, msgspec.ValidationError):
                    state = _MISSING  # a cache that no longer fits: replay instead
                if state is not _MISSING:
                    list.__setitem__(self, known, state)
                    break
            known -= 1
        folded = self._fold(state, self._entries[known:depth])
        for d, after in enumerate(folded, known + 1):
            list.__setitem__(self, d, after)
        return folded[-1] if folded else state
