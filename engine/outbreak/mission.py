"""Outbreak mission files (DESIGN-outbreak "Mission files"): read and check.

A broken file is refused with a MissionError naming the file, the line
where it can be known, and the reason."""

from __future__ import annotations

import msgspec

from engine.core.missions import MissionFile
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


def load_mission(text: str, source: str) -> Mission:
    at = MissionFile(text, source)
    raw = at.tables(("mission", "tiles", "zombies", "tokens", "decks"))
    head = at.line_of(r"^\s*\[mission\]")
    info = at.convert(raw["mission"], MissionInfo, head, "[mission]", to_key=False)
    if info.mode != "outbreak":
        raise at.fail(f"mode {info.mode!r} is not an outbreak mission", at.line_of(r"^\s*mode\s*="))
    if info.kills_to_win < 1:
        raise at.fail("kills_to_win must be at least 1", at.line_of(r"^\s*kills_to_win\s*="))
    if info.round_limit < 0:
        raise at.fail("round_limit must be 0 (none) or more", at.line_of(r"^\s*round_limit\s*="))
    tiles, board = _tiles(at, raw.get("tiles", []))
    zombies = _zombies(at, raw.get("zombies", []), board)
    tokens = _tokens(at, raw.get("tokens", []), board)
    decks = _decks(at, raw.get("decks", {}))
    _one_helipad(at, tiles, decks)
    return Mission(info=info, tiles=tiles, zombies=zombies, tokens=tokens, decks=decks)


def _list(at: MissionFile, raw: object, table: str) -> list:
    if not isinstance(raw, list):
        raise at.fail(f"{table} must be a list of [[{table}]] tables", at.line_of(rf"\b{table}\b"))
    return raw


def _tiles(at: MissionFile, raw: object) -> tuple[tuple[Placed, ...], Board]:
    tiles = [Placed(content.start_tile(), (0, 0), 0)]
    board = board_of(tuple(tiles))
    for i, item in enumerate(_list(at, raw, "tiles")):
        line = at.entry("tiles", i)
        entry = at.convert(item, TileEntry, line, f"tile {i + 1}", to_key=False)
        if entry.tile not in content.tiles():
            known = ", ".join(content.tiles())
            raise at.fail(f"tile {i + 1}: unknown tile {entry.tile!r} (tiles: {known})", line)
        if content.tile(entry.tile).start:
            raise at.fail(
                f"tile {i + 1}: the game starts on the one {content.tile(entry.tile).name} "
                "at [0, 0]; a mission lays no second",
                line,
            )
        if entry.rotation not in ROTATIONS:
            raise at.fail(f"tile {i + 1}: rotation is 0, 90, 180 or 270", line)
        why = board.placement_error(entry.tile, entry.at, entry.rotation)
        if why is not None:
            raise at.fail(f"tile {i + 1} cannot lie at {list(entry.at)}: {why[1]}", line)
        tiles.append(Placed(entry.tile, entry.at, entry.rotation))
        board = board_of(tuple(tiles))
    return tuple(tiles), board


def _zombies(at: MissionFile, raw: object, board: Board) -> tuple[tuple[int, int], ...]:
    cells = []
    for i, item in enumerate(_list(at, raw, "zombies")):
        line = at.entry("zombies", i)
        cell = at.convert(item, ZombieEntry, line, f"zombie {i + 1}", to_key=False).cell
        if not board.walkable(cell):
            raise at.fail(f"zombie {i + 1}: {list(cell)} is no walkable cell of the map", line)
        if cell in cells:
            raise at.fail(f"zombie {i + 1}: a cell holds one zombie at most", line)
        cells.append(cell)
    return tuple(sorted(cells, key=reading))


def _tokens(at: MissionFile, raw: object, board: Board) -> tuple[TokenEntry, ...]:
    tokens: list[TokenEntry] = []
    for i, item in enumerate(_list(at, raw, "tokens")):
        line = at.entry("tokens", i)
        token = at.convert(item, TokenEntry, line, f"token {i + 1}", to_key=False)
        if token.kind not in TOKEN_KINDS:
            raise at.fail(f"token {i + 1}: kind is bullet or life, not {token.kind!r}", line)
        if not board.walkable(token.cell):
            raise at.fail(f"token {i + 1}: {list(token.cell)} is no walkable cell of the map", line)
        if any(t.cell == token.cell for t in tokens):
            raise at.fail(f"token {i + 1}: a cell holds one token at most", line)
        tokens.append(token)
    return tuple(sorted(tokens, key=lambda t: reading(t.cell)))


def _one_helipad(at: MissionFile, tiles: tuple[Placed, ...], decks: Decks) -> None:
    """OB-2, OB-8: one Town Square (the start) and at most one Helipad, laid
    or in the pile; a second is refused, not silently ignored."""
    pile = decks.tiles or ()
    where = at.line_of(r"^\s*tiles\s*=") or at.line_of(r"^\s*\[decks\]")
    for tid in pile:
        if content.tile(tid).start:
            raise at.fail(
                f"[decks] tiles: {content.tile(tid).name} is where the game starts, "
                "never in the pile",
                where,
            )
    laid = [p.tile for p in tiles if content.tile(p.tile).last]
    piled = [tid for tid in pile if content.tile(tid).last]
    if len(laid) + len(piled) > 1:
        name = content.tile((laid + piled)[0]).name
        places = []
        if laid:
            places.append(f"{len(laid)} laid")
        if piled:
            places.append(f"{len(piled)} in the pile")
        raise at.fail(
            f"a mission has at most one {name}, not {len(laid) + len(piled)} "
            f"({' and '.join(places)})",
            where if piled else at.line_of(rf'tile\s*=\s*"{laid[0]}"'),
        )


def _decks(at: MissionFile, raw: object) -> Decks:
    line = at.line_of(r"^\s*\[decks\]")
    if not isinstance(raw, dict):
        raise at.fail("[decks] must be a table", line)
    decks = at.convert(raw, Decks, line, "[decks]", to_key=False)
    for name, known in (("tiles", content.tiles()), ("events", content.events())):
        for card in getattr(decks, name) or ():
            if card not in known:
                where = at.line_of(rf"^\s*{name}\s*=") or line
                raise at.fail(f"[decks] {name}: unknown {name[:-1]} {card!r}", where)
    return decks
