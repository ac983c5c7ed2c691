"""Siege mission files (DESIGN-siege "Missions"): read and check.

A broken file is refused with a MissionError naming the file, the line where
it can be known and the reason; nothing here raises anything else."""

from __future__ import annotations

import re

import msgspec

from engine.core.missions import MissionFile
from engine.siege import board as b
from engine.siege import content
from engine.siege.board import Cell

WINS = ("spots", "spots_by_all")


class MissionInfo(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    id: str
    map: str
    mode: str = "siege"
    name: str = ""
    briefing: str = ""
    difficulty: int = 1
    humans: tuple[str, ...] = ()
    turn_limit: int = 15
    win: str = "spots"
    sight: int = 0  # 0: no limit; else no shot or throw reaches farther (a night mission)


class HumanSetup(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    lives: int = 3
    items: tuple[str, ...] = ()


class ZombieSetup(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    at: tuple[int, int]


class Decks(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    search: tuple[str, ...] | None = None


class Mission(msgspec.Struct, frozen=True):
    info: MissionInfo
    rows: tuple[str, ...]  # the map as drawn, padded to a rectangle
    humans: dict[str, HumanSetup]
    zombies: tuple[Cell, ...]  # from [[zombies]] tables
    search: tuple[str, ...] | None  # a stacked search deck, drawn in order

    @property
    def id(self) -> str:
        return self.info.id

    def starts(self) -> tuple[Cell, ...]:
        """Start cells, start 1 first."""
        found = {ch: (x, y) for y, r in enumerate(self.rows) for x, ch in enumerate(r)}
        return tuple(found[d] for d in b.STARTS if d in found)


def load_mission(text: str, source: str) -> Mission:
    chk = MissionFile(text, source)
    raw = chk.tables(("mission", "humans", "zombies", "decks"))
    head = chk.line_of(r"^\s*\[mission\]")
    info = chk.convert(raw["mission"], MissionInfo, head, "[mission]")
    if info.mode != "siege":
        raise chk.fail(f"mode {info.mode!r} is not a siege mission", chk.key_line(head, "mode"))
    if info.win not in WINS:
        raise chk.fail(
            f"unknown win condition {info.win!r} (known: {', '.join(WINS)})",
            chk.key_line(head, "win"),
        )
    if info.turn_limit < 0:
        raise chk.fail("turn_limit must be 0 (none) or more", chk.key_line(head, "turn_limit"))
    if info.sight < 0:
        raise chk.fail("sight must be 0 (no limit) or more", chk.key_line(head, "sight"))
    for hid in info.humans:
        if hid not in content.humans():
            raise chk.fail(f"unknown human {hid!r}", chk.key_line(head, "humans"))
    rows = _read_map(chk, info.map, chk.key_line(head, "map"))
    mission = Mission(
        info=info,
        rows=rows,
        humans=_read_humans(chk, raw.get("humans", {})),
        zombies=_read_zombies(chk, raw.get("zombies", []), rows),
        search=_read_decks(chk, raw.get("decks", {})),
    )
    starts = len(mission.starts())
    if len(info.humans) > starts:
        raise chk.fail(
            f"the default roster has {len(info.humans)} humans but the map has {starts} starts",
            chk.key_line(head, "humans"),
        )
    return mission


def _read_map(chk: MissionFile, text: str, map_line: int | None) -> tuple[str, ...]:
    lines = text.split("\n")
    while lines and not lines[0].strip():
        lines.pop(0)
    while lines and not lines[-1].strip():
        lines.pop()
    line = chk.map_rows(map_line, text)
    if not lines:
        raise chk.fail("map: the map is empty", map_line)
    width = max(len(r.rstrip()) for r in lines)
    rows = tuple(r.rstrip().ljust(width) for r in lines)
    digits: dict[str, int] = {}
    for y, row in enumerate(rows):
        for x, ch in enumerate(row):
            if ch not in b.GLYPHS:
                raise chk.fail(f"map: unknown glyph {ch!r} at column {x + 1}", line(y))
            if ch in b.STARTS:
                if ch in digits:
                    raise chk.fail(f"map: start {ch} is drawn twice", line(y))
                digits[ch] = y
    if not any(b.SPOT in r for r in rows):
        raise chk.fail("map: no search spot (X): the humans could never win", map_line)
    n = len(digits)
    expected = b.STARTS[:n]
    if n == 0 or "".join(sorted(digits)) != expected:
        found = ", ".join(sorted(digits)) or "none"
        raise chk.fail(f"map: the starts must be exactly 1..n (found: {found})", map_line)
    return rows


def _read_humans(chk: MissionFile, raw: object) -> dict[str, HumanSetup]:
    if not isinstance(raw, dict):
        raise chk.fail("[humans] must be a table of human tables", chk.line_of(r"^\s*humans\s*="))
    out = {}
    for hid, spec in raw.items():
        line = chk.line_of(rf'^\s*\[\s*humans\.("?){re.escape(hid)}\1\s*\]')
        if hid not in content.humans():
            known = ", ".join(content.humans())
            raise chk.fail(f"[humans.{hid}]: unknown human {hid!r} (humans: {known})", line)
        setup = chk.convert(spec, HumanSetup, line, f"[humans.{hid}]")
        if not 1 <= setup.lives <= 3:
            raise chk.fail(f"[humans.{hid}]: lives must be 1 to 3", chk.key_line(line, "lives"))
        for iid in setup.items:
            if iid not in content.items():
                raise chk.fail(f"[humans.{hid}]: unknown item {iid!r}", chk.key_line(line, "items"))
        out[hid] = setup
    return out


def _read_zombies(chk: MissionFile, raw: object, rows: tuple[str, ...]) -> tuple[Cell, ...]:
    if not isinstance(raw, list):
        raise chk.fail("zombies must be a list of [[zombies]] tables", chk.line_of(r"zombies"))
    out: list[Cell] = []
    line = 0
    for spec in raw:
        line = chk.line_of(r"^\s*\[\[\s*zombies\s*\]\]", after=line) or line
        z = chk.convert(spec, ZombieSetup, line or None, "[[zombies]]")
        ch = b.at(rows, z.at)
        taken = ch in b.STARTS or ch == b.ZOMBIE or z.at in out
        if ch not in b.ZOMBIE_ENTERS or taken:
            why = "is taken" if taken else f"is {_glyph_name(ch)}"
            raise chk.fail(
                f"[[zombies]] at {list(z.at)}: a zombie cannot stand there (the cell {why})",
                chk.key_line(line or None, "at"),
            )
        out.append(z.at)
    return tuple(out)


def _glyph_name(ch: str) -> str:
    names = {
        b.WALL: "a wall",
        b.VOID: "off the board",
        b.CLOSED_DOOR: "a closed door",
        b.CAR: "a car",
        b.CAR_END: "a car",
        b.SPOT: "a search spot",
        b.BARRICADE: "a barricade",
    }
    return names.get(ch, repr(ch))


def _read_decks(chk: MissionFile, raw: object) -> tuple[str, ...] | None:
    line = chk.line_of(r"^\s*\[decks\]")
    if not isinstance(raw, dict):
        raise chk.fail("[decks] must be a table", line)
    decks = chk.convert(raw, Decks, line, "[decks]")
    if decks.search is None:
        return None
    for iid in decks.search:
        if iid not in content.items():
            raise chk.fail(f"[decks] search: unknown item {iid!r}", chk.key_line(line, "search"))
    return decks.search
