"""Missions for every mode: the shipped ones, and reading a mission file.

A mode ships its missions as TOML files in a package of its content (given
here by name: the kernel names no mode), looks them up by id, and lists
them. Reading a file, a mode refuses anything wrong with a MissionError
naming the file, the line where it can be known and the reason;
MissionFile holds the lines for those messages and the checks every mode's
files share (valid TOML, no unknown table, a [mission] table, keys the
mission's Structs know)."""

from __future__ import annotations

import re
import tomllib
from collections.abc import Callable, Iterable
from importlib import resources
from typing import Any

import msgspec

from engine.core.errors import MissionError


def shipped_text(package: str, mission_id: object, rows: Callable[[], list[dict]]) -> str:
    """The text of the shipped mission `mission_id` in package; MissionError
    listing the ids of `rows()` when there is none."""
    if not isinstance(mission_id, str):
        raise MissionError(repr(mission_id), "a mission is a shipped id or a .toml path")
    path = resources.files(package).joinpath(f"{mission_id}.toml")
    if not mission_id or not mission_id.replace("_", "").isalnum() or not path.is_file():
        known = ", ".join(m["id"] for m in rows())
        raise MissionError(mission_id, f"no shipped mission with that id (missions: {known})")
    return path.read_text("utf-8")


def shipped_rows(package: str, row: Callable[[str, str], dict]) -> list[dict]:
    """`row(text, file name)` for every mission file in package, the easiest
    first (then by id): what a mode's missions() lists."""
    folder = resources.files(package)
    rows = [
        row(entry.read_text("utf-8"), entry.name)
        for entry in sorted(folder.iterdir(), key=lambda p: p.name)
        if entry.name.endswith(".toml")
    ]
    return sorted(rows, key=lambda r: (r["difficulty"], r["id"]))


def shipped_campaigns(package: str, spec: type[Any]) -> dict[str, Any]:
    """Each campaign file's [campaign] table in package, as `spec`, by its id
    (a mode ships its campaigns as it ships its missions)."""
    found = {}
    for entry in sorted(resources.files(package).iterdir(), key=lambda p: p.name):
        if entry.name.endswith(".toml"):
            raw = tomllib.loads(entry.read_text("utf-8"))["campaign"]
            campaign = msgspec.convert(raw, spec)
            found[campaign.id] = campaign
    return found


# How big a mission may be, in every mode: the largest shipped or generated
# map (a huge station, 100 x 40) fits with room to spare, and line of sight,
# legal commands and a zombie turn stay fast on the largest allowed (the
# bench's largest_allowed figures).
MAX_FILE = 64 * 1024  # bytes of the whole file
MAX_TEXT = 4096  # characters of a name, a briefing, any text but the map
MAX_COLUMNS = 100  # a map's widest row
MAX_ROWS = 100  # a map's rows
MAX_CELLS = 4096  # a map's cells, walls and void included (columns x rows)
MAX_ENTRIES = 256  # entries of a list ([[units]], tiles, a deck) or keys of a table ([zones])
MAX_ZOMBIES = 200  # zombies a mission starts with, or may hold at once
MAX_NUMBER = 10_000  # any number in the file


class MissionFile:
    """A mission file's lines, to name where something is wrong."""

    def __init__(self, text: str, source: str) -> None:
        self.source = source
        self.lines = text.split("\n")
        self._text = text

    def fail(self, reason: str, line: int | None = None) -> MissionError:
        return MissionError(self.source, reason, line)

    def line_of(self, *patterns: str, after: int = 0) -> int | None:
        """The line (from 1) of the last pattern, each searched after the
        previous one's line, the first from line `after` + 1; where one is
        not found, the line of the one before it."""
        start, found = after, None
        for pattern in patterns:
            rx = re.compile(pattern)
            for i in range(start, len(self.lines)):
                if rx.search(self.lines[i]):
                    found, start = i + 1, i + 1
                    break
            else:
                return found
        return found

    def entry(self, table: str, n: int) -> int | None:
        """The line of the n-th (from 0) [[table]] entry."""
        return self.line_of(*([rf"^\s*\[\[\s*{re.escape(table)}\s*\]\]"] * (n + 1)))

    def key_line(self, table_line: int | None, key: str) -> int | None:
        """The line of `key = ...` in the table that starts at table_line (else that line)."""
        if table_line is None:
            return None
        for i in range(table_line, len(self.lines)):
            if re.match(r"^\s*\[", self.lines[i]):
                break
            if re.match(rf"^\s*{re.escape(key)}\s*=", self.lines[i]):
                return i + 1
        return table_line

    def map_rows(self, map_line: int | None, text: str) -> Callable[[int], int | None]:
        """The file line of each row (from 0) of a map drawn in a multi-line
        string whose key is at map_line (leading blank lines skipped)."""
        lines = text.split("\n")
        blank = 0
        while blank < len(lines) and not lines[blank].strip():
            blank += 1
        # tomllib drops the newline right after the opening quotes
        return lambda row: map_line + 1 + blank + row if map_line else None

    def tables(self, known: Iterable[str]) -> dict[str, Any]:
        """The file's tables: valid TOML within the size limits above, each
        table one of `known`, [mission] there."""
        size = len(self._text.encode("utf-8", "surrogatepass"))
        if size > MAX_FILE:
            raise self.fail(f"the file is {size} bytes: a mission may be at most {MAX_FILE}")
        try:
            raw = tomllib.loads(self._text)
        except tomllib.TOMLDecodeError as e:
            m = re.search(r"line (\d+)", str(e))
            raise self.fail(f"not valid TOML: {e}", int(m.group(1)) if m else None) from None
        self._bounded(raw, ())
        known = tuple(known)
        for key in raw:
            if key not in known:
                k = re.escape(key)
                line = self.line_of(rf"^\s*\[+\s*{k}\b") or self.line_of(rf"^\s*{k}\b")
                raise self.fail(f"unknown table [{key}]", line)
        if "mission" not in raw:
            raise self.fail("missing the [mission] table")
        return raw

    def _key_line(self, path: tuple[str, ...]) -> int | None:
        key = next((k for k in reversed(path) if not k.isdigit()), "")
        return self.line_of(rf"^\s*\[*\s*\"?{re.escape(key)}\b") if key else None

    def _bounded(self, value: object, path: tuple[str, ...]) -> None:
        """Every text, list, table and number of the file within its limit."""
        where = ".".join(path) or "the file"
        if isinstance(value, str):
            if path and path[-1] == "map":
                self.map_size(value, self._key_line(path))
            elif len(value) > MAX_TEXT:
                raise self.fail(
                    f"{where} is {len(value)} characters long: at most {MAX_TEXT}",
                    self._key_line(path),
                )
        elif isinstance(value, bool):
            return
        elif isinstance(value, int | float):
            if abs(value) > MAX_NUMBER:
                raise self.fail(f"{where} = {value}: numbers here are at most {MAX_NUMBER}",
                                self._key_line(path))  # fmt: skip
        elif isinstance(value, list | dict):
            limit = MAX_ZOMBIES if path and path[-1] == "zombies" else MAX_ENTRIES
            if len(value) > limit:
                what = "entries" if isinstance(value, list) else "keys"
                raise self.fail(
                    f"{where} has {len(value)} {what}: at most {limit}", self._key_line(path)
                )
            items = value.items() if isinstance(value, dict) else enumerate(value)
            for key, item in items:
                self._bounded(item, (*path, str(key)))

    def map_size(self, text: str, line: int | None) -> None:
        """A map's rows, widest row and cells within MAX_ROWS, MAX_COLUMNS, MAX_CELLS."""
        rows = text.strip("\n").split("\n")
        width = max((len(r) for r in rows), default=0)
        if len(rows) > MAX_ROWS:
            raise self.fail(f"map: {len(rows)} rows: a map has at most {MAX_ROWS}", line)
        if width > MAX_COLUMNS:
            raise self.fail(f"map: a row of {width} columns: at most {MAX_COLUMNS}", line)
        if width * len(rows) > MAX_CELLS:
            raise self.fail(
                f"map: {width} x {len(rows)} = {width * len(rows)} cells: at most {MAX_CELLS}",
                line,
            )

    def convert(self, data: object, typ: Any, line: int | None, what: str, to_key: bool = True):
        """data as typ; a MissionError saying what is wrong with `what`, at
        the line of the key at fault in the table at `line` when to_key."""
        try:
            return msgspec.convert(data, typ)
        except msgspec.ValidationError as e:
            msg = str(e)
            m = re.search(r"`\$\.(\w+)", msg) or re.search(r"field `(\w+)`", msg)
            if m and to_key:
                line = self.key_line(line, m.group(1))
            msg = msg.replace("Object contains unknown field", "unknown key")
            raise self.fail(f"{what}: {msg.replace(' - at `$`', '')}", line) from None
