"""`shamble replay PATH --verify`: replay a save from scratch and check it.

Every stored command is decided again on a fresh game and must give exactly
the stored events; every undo and redo must be one the game allows; every
snapshot must equal the state the replay has reached at that point."""

from __future__ import annotations

import os
from pathlib import Path

import msgspec

from engine import Game, LogError, RuleError
from engine.core import log
from engine.game import rules_version
from saves.files import SaveError, decode, read_bytes


class Report(msgspec.Struct):
    path: str
    commands: int = 0
    undos: int = 0
    redos: int = 0
    snapshots: int = 0  # snapshots compared with the replay
    skipped_snapshots: int = 0  # written by another app version: not comparable
    problems: list[str] = []
    warnings: list[str] = []
    # set when the save was recorded under older rules of its mode and today's rules
    # decide one of its commands differently: where, and what that means
    rules_changed: str = ""

    @property
    def ok(self) -> bool:
        return not self.problems

    def text(self) -> str:
        lines = [f"{self.path}: warning: {w}" for w in self.warnings]
        lines += [f"{self.path}: {p}" for p in self.problems]
        if self.rules_changed:
            lines.append(f"{self.path}: {self.rules_changed}")
        verdict = "verified" if self.ok else "FAILED"
        if self.ok and self.rules_changed:
            verdict = "verified up to the rules change"

        def count(n: int, word: str) -> str:
            return f"{n} {word}{'' if n == 1 else 's'}"

        # said so that a good replay reads as one: nothing counted as "0 match"
        snaps = (
            f"{count(self.snapshots, 'snapshot')} checked and equal"
            if self.snapshots
            else "no snapshot to check"
        )
        lines.append(
            f"{self.path}: {verdict}: {count(self.commands, 'command')} replayed with the "
            f"same events, {count(self.undos, 'undo')}, {count(self.redos, 'redo')}, {snaps}"
            + (
                f", {self.skipped_snapshots} from another version skipped"
                if self.skipped_snapshots
                else ""
            )
        )
        return "\n".join(lines)


def verify(path: str | os.PathLike) -> Report:
    """Replay the save at path from scratch; raises SaveError when it cannot be read."""
    path = Path(path)
    decoded = decode(path, read_bytes(path))
    report = Report(path=str(path), warnings=list(decoded.warnings))
    try:
        game = Game.from_log(decoded.header, [])
    except LogError as e:
        raise SaveError(f"{path}: {e}") from None
    game.undo_count = decoded.header.undo_count
    recorded, today = game.setup.rules, rules_version(game.mode)
    for n, item in enumerate(decoded.frames):
        problem = _check(game, item, report)
        if problem and recorded < today and problem.startswith("the command "):
            report.rules_changed = (
                f"journal frame {n}: {problem}, as expected: the game was recorded under "
                f"{game.mode.id} rules {recorded} and today's are rules {today}. It loads and "
                "plays on as it was recorded; everything before that frame verified."
            )
            break
        if problem:
            report.problems.append(f"journal frame {n}: {problem}")
            break  # everything after a divergence diverges too
    return report


def _check(game: Game, item: object, report: Report) -> str | None:
    if isinstance(item, log.Snapshot):
        if item.depth != len(game.commands):
            return f"snapshot for depth {item.depth} sits at depth {len(game.commands)}"
        try:
            stored = log.decode_state(game.mode.state_type, item.state)
        except (msgspec.DecodeError, msgspec.ValidationError):
            if item.app == game.header().app:
                return "snapshot cannot be decoded by the version that wrote it"
            report.skipped_snapshots += 1
            return None
        if stored != game.state:
            return "snapshot differs from the state the replay reaches"
        report.snapshots += 1
        return None
    if isinstance(item, log.UndoMark):
        try:
            if not game.undo():
                return "undo with nothing to undo"
        except RuleError as e:
            return f"undo the game refuses: {e.message}"
        report.undos += 1
        return None
    if isinstance(item, log.RedoMark):
        if not game.redo():
            return "redo with nothing to redo"
        report.redos += 1
        return None
    try:
        events = game.submit(item.command)
    except RuleError as e:
        return f"the command {_show(item.command)} is refused on replay: {e}"
    if tuple(events) != tuple(item.events):
        return f"the command {_show(item.command)} gives other events on replay"
    report.commands += 1
    return None


def _show(command: object) -> str:
    return msgspec.json.encode(command).decode()
