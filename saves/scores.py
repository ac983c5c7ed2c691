"""Local high scores (issue 5): one table per mission and one for endless runs.

A JSON-lines file in $SHAMBLE_HOME, appended one line per finished game,
flushed and fsynced, under an OS lock so two players on one host never
interleave. A damaged line is skipped, never fatal: scores are a nicety,
a game must never fail to start because of them."""

from __future__ import annotations

import fcntl
import os
from pathlib import Path

import msgspec

from saves.files import PRIVATE_FILE, SaveError, now, private_folder
from saves.slots import home

ENDLESS = "endless"


class Score(msgspec.Struct, frozen=True, forbid_unknown_fields=False):
    table: str  # a mission id, or "endless"
    score: int
    survivors: tuple[str, ...]
    rounds: int
    seed: int
    outcome: str  # won | lost
    date: str = ""
    stations: int = 0  # endless runs: stations cleared
    undo: str = ""  # the game's undo policy (casual, honest, ironman); "" in older lines
    undos: int = 0  # how often the player undid; -1: not counted (an older endless run)


_encoder = msgspec.json.Encoder()
_decoder = msgspec.json.Decoder(Score)


def scores_file() -> Path:
    return home() / "scores.jsonl"


def record(entry: Score, path: Path | None = None) -> Score:
    """Append a finished game's score; returns it with its date filled in."""
    path = path or scores_file()
    if not entry.date:
        entry = msgspec.structs.replace(entry, date=now())
    try:
        private_folder(path.parent)
        fd = os.open(path, os.O_RDWR | os.O_APPEND | os.O_CREAT, PRIVATE_FILE)
    except OSError as e:
        raise SaveError(f"{path}: cannot write the score table: {e.strerror}") from None
    try:
        fcntl.flock(fd, fcntl.LOCK_EX)
        line = _encoder.encode(entry) + b"\n"
        size = os.fstat(fd).st_size
        if size and os.pread(fd, 1, size - 1) != b"\n":
            line = b"\n" + line  # a torn last line stays apart from this one
        os.write(fd, line)
        os.fsync(fd)
    finally:
        os.close(fd)
    return entry


def read(path: Path | None = None) -> list[Score]:
    path = path or scores_file()
    try:
        data = path.read_bytes()
    except FileNotFoundError:
        return []
    except OSError as e:
        raise SaveError(f"{path}: cannot read the score table: {e.strerror}") from None
    out = []
    for line in data.splitlines():
        try:
            out.append(_decoder.decode(line))
        except (msgspec.DecodeError, msgspec.ValidationError):
            continue  # a torn or damaged line: skip it
    return out


def top(table: str, n: int = 10, path: Path | None = None) -> list[Score]:
    """The best n scores of a table: highest score, then fewest rounds, then oldest."""
    rows = [s for s in read(path) if s.table == table]
    return sorted(rows, key=lambda s: (-s.score, s.rounds, s.date))[:n]


def tables(path: Path | None = None) -> list[str]:
    return sorted({s.table for s in read(path)}, key=lambda t: (t == ENDLESS, t))


def from_game(
    summary: dict, seed: int, table: str | None = None, undo: str = "", undos: int = 0
) -> Score:
    """The score line of a finished station game (ST-9.4), with its undo
    policy and how often the player undid."""
    return Score(
        table=table or summary["mission"],
        score=int(summary["score"]),
        survivors=tuple(summary["survivors"]),
        rounds=int(summary["round"]),
        seed=seed,
        outcome=summary["outcome"] or "",
        undo=undo,
        undos=undos,
    )


def undo_text(entry: Score) -> str:
    """How a score's game stood on undo: "ironman", "2 (casual)", "? (casual)"
    (an older endless run, whose undos were not counted), "-" (an older line)."""
    if not entry.undo:
        return "-"
    if entry.undo == "ironman":
        return entry.undo
    return f"{entry.undos if entry.undos >= 0 else '?'} ({entry.undo})"
