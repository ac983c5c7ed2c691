"""Outbreak mission files (DESIGN-outbreak "Mission files"): read and check.

A broken file is refused with a MissionError naming the file, the line
where it can be known, and the reason."""

from __future__ import annotations

import re
import tomllib

import msgspec

from engine.core.errors import MissionError
from engine.outbreak import content
from engine.outbreak.board import Board, Placed, board_of, reading
from engine.outbreak.content import ROTATIONS, TOKEN_KINDS


class MissionInfo(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    id: str
    mode: str = "outbreak"
    name: str = ""
    briefing: str = ""
    difficulty: int = 1
    kills_to_win: int = 25
    round_limit: int = 0


class TileEntry(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    tile: str
    at: tuple[int, int]
    rotation: int = 0


class ZombieEntry(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    cell: tuple[int, int]


class TokenEntry(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    cell: tuple[int, int]
    kind: str


class Decks(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    tiles: tuple[str, ...] | None = None  # the whole pile, top first
    events: tuple[str, ...] | None = None


class Mission(msgspec.Struct, frozen=True):
    info: MissionInfo
    tiles: tuple[Placed, ...]  # Town Square first, then the file's tiles in order
    zombies: tuple[tuple[int, int], ...]
    tokens: tuple[TokenEntry, ...]
    decks: Decks

    @property
    def id(self) -> str:
        return self.info.id


class _Lines:
    """Where things are in the file, for messages."""

    def __init__(self, text: str, source: str) -> None:
        self.lines = text.split("\n")
        self.source = source

    def find(self, pattern: str, nth: int = 1) -> int | None:
        rx = re.compile(pattern)
        seen = 0
        for i, line in enumerate(self.lines):
            if rx.search(line):
                seen += 1
                if seen == nth:
                    return i + 1
        return None

    def entry(self, table: str, n: int) -> int | None:
        return self.find(rf"^\s*\[\[\s*{table}\s*\]\]", n + 1)

    def fail(self, reason: str, line: int | None = None) -> MissionError:
        return MissionError(self.source, reason, line)

    def convert(self, data: object, typ: type, line: int | None, what: str):
        try:
            return msgspec.convert(data, typ)
        except msgspec.ValidationError as e:
            reason = str(e).replace("Object contains unknown field", "unknown key")
            raise self.fail(f"{what}: {reason}", line) from None


def load_mission(text: str, source: str) -> Mission:
    at = _Lines(text, source)
    try:
        raw = tomllib.loads(text)
    except tomllib.TOMLDecodeError as e:
        m = re.search(r"line (\d+)", str(e))
        raise at.fail(f"not valid TOML: {e}", int(m.group(1)) if m else None) from None
    for key in raw:
        if key not in ("mission", "tiles", "zombies", "tokens", "decks"):
            raise at.fail(f"unknown table [{key}]", at.find(rf"^\s*\[+\s*{re.escape(key)}\b"))
    if "mission" not in raw:
        raise at.fail("missing the [mission] table")
    head = at.find(r"^\s*\[mission\]")
    info = at.convert(raw["mission"], MissionInfo, head, "[mission]")
    if info.mode != "outbreak":
        raise at.fail(f"mode {info.mode!r} is not an outbreak mission", at.find(r"^\s*mode\s*="))
    if info.kills_to_win < 1:
        raise at.fail("kills_to_win must be at least 1", at.find(r"^\s*kills_to_win\s*="))
    if info.round_limit < 0:
        raise at.fail("round_limit must be 0 (none) or more", at.find(r"^\s*round_limit\s*="))
    tiles, board = _tiles(at, raw.get("tiles", []))
    zombies = _zombies(at, raw.get("zombies", []), board)
    tokens = _tokens(at, raw.get("tokens", []), board)
    decks = _decks(at, raw.get("decks", {}))
    return Mission(info=info, tiles=tiles, zombies=zombies, tokens=tokens, decks=decks)


def _list(at: _Lines, raw: object, table: str) -> list:
    if not isinstance(raw, list):
        raise at.fail(f"{table} must be a list of [[{table}]] tables", at.find(rf"\b{table}\b"))
    return raw


def _tiles(at: _Lines, raw: object) -> tuple[tuple[Placed, ...], Board]:
    tiles = [Placed(content.start_tile(), (0, 0), 0)]
    board = board_of(tuple(tiles))
    for i, item in enumerate(_list(at, raw, "tiles")):
        line = at.entry("tiles", i)
        entry = at.convert(item, TileEntry, line, f"tile {i + 1}")
        if entry.tile not in content.tiles():
            known = ", ".join(content.tiles())
            raise at.fail(f"tile {i + 1}: unknown tile {entry.tile!r} (tiles: {known})", line)
        if entry.rotation not in ROTATIONS:
            raise at.fail(f"tile {i + 1}: rotation is 0, 90, 180 or 270", line)
        why = board.placement_error(entry.tile, entry.at, entry.rotation)
        if why is not None:
            raise at.fail(f"tile {i + 1} cannot lie at {list(entry.at)}: {why[1]}", line)
        tiles.append(Placed(entry.tile, entry.at, entry.rotation))
        board = board_of(tuple(tiles))
    return tuple(tiles), board


def _zombies(at: _Lines, raw: object, board: Board) -> tuple[tuple[int, int], ...]:
    cells = []
    for i, item in enumerate(_list(at, raw, "zombies")):
        line = at.entry("zombies", i)
        cell = at.convert(item, ZombieEntry, line, f"zombie {i + 1}").cell
        if not board.walkable(cell):
            raise at.fail(f"zombie {i + 1}: {list(cell)} is no walkable cell of the map", line)
        if cell in cells:
            raise at.fail(f"zombie {i + 1}: a cell holds one zombie at most", line)
        cells.append(cell)
    return tuple(sorted(cells, key=reading))


def _tokens(at: _Lines, raw: object, board: Board) -> tuple[TokenEntry, ...]:
    tokens: list[TokenEntry] = []
    for i, item in enumerate(_list(at, raw, "tokens")):
        line = at.entry("tokens", i)
        token = at.convert(item, TokenEntry, line, f"token {i + 1}")
        if token.kind not in TOKEN_KINDS:
            raise at.fail(f"token {i + 1}: kind is bullet or life, not {token.kind!r}", line)
        if not board.walkable(token.cell):
            raise at.fail(f"token {i + 1}: {list(token.cell)} is no walkable cell of the map", line)
        if any(t.cell == token.cell for t in tokens):
            raise at.fail(f"token {i + 1}: a cell holds one token at most", line)
        tokens.append(token)
    return tuple(sorted(tokens, key=lambda t: reading(t.cell)))


def _decks(at: _Lines, raw: object) -> Decks:
    line = at.find(r"^\s*\[decks\]")
    if not isinstance(raw, dict):
        raise at.fail("[decks] must be a table", line)
    decks = at.convert(raw, Decks, line, "[decks]")
    for name, known in (("tiles", content.tiles()), ("events", content.events())):
        for card in getattr(decks, name) or ():
            if card not in known:
                where = at.find(rf"^\s*{name}\s*=") or line
                raise at.fail(f"[decks] {name}: unknown {name[:-1]} {card!r}", where)
    return decks
