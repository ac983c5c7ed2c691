"""Sniper mission files (DESIGN-sniper "Mission file"): read and check.

A broken file is refused with a MissionError naming the file, the line
where it can be known and the reason; nothing here raises anything else."""

from __future__ import annotations

import msgspec

from engine.core.errors import MissionError
from engine.core.geometry import Cell, Grid, parse_grid
from engine.core.missions import MissionFile
from engine.sniper import content
from engine.sniper.board import ESCAPE, START, TERRAIN, Board

MAX_TURNS = 12
DECKS = ("objectives", "equipment", "shots", "events")


class MissionInfo(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    id: str
    map: str
    name: str = ""
    mode: str = "sniper"
    briefing: str = ""
    difficulty: int = 1
    turns: int = MAX_TURNS
    rain_until: int = 0  # it rains from the start to the end of this turn (0: it does not)


class SniperSpec(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    health: int = 5
    ammo: int = 6
    equipment: tuple[str, ...] = ("binoculars", "knife")
    draw_equipment: int = 2
    objectives: int = 3


class UnitEntry(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    kind: str
    at: tuple[int, int]


class PatrolEntry(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    unit: str
    route: tuple[tuple[int, int], ...]


class UnitStart(msgspec.Struct, frozen=True):
    id: str
    kind: str
    at: Cell
    patrol: tuple[Cell, ...] = ()


class Mission(msgspec.Struct, frozen=True):
    info: MissionInfo
    sniper: SniperSpec
    units: tuple[UnitStart, ...]  # id order: kind (s, o, v, d), then number
    start: Cell
    features: dict[str, Cell]  # feature name -> its cell
    decks: dict[str, tuple[str, ...]]  # stacked decks only, top first
    allowed: tuple[str, ...]  # objectives this map allows, in content order
    terrain: tuple[str, ...]  # the map's rows with unit glyphs replaced by their ground

    @property
    def id(self) -> str:
        return self.info.id


def unit_id(kind: str, number: int) -> str:
    return f"{content.unit(kind).glyph}{number}"


def id_order(uid: str) -> tuple[int, int]:
    """Units sort by kind (s, o, v, d), then by number."""
    glyphs = [content.unit(k).glyph for k in content.UNIT_ORDER]
    return (glyphs.index(uid[0]) if uid[0] in glyphs else len(glyphs), int(uid[1:] or 0))


def load_mission(text: str, source: str) -> Mission:
    chk = MissionFile(text, source)
    raw = chk.tables(("mission", "sniper", "units", "patrols", "decks"))
    mline = chk.line_of(r"^\s*\[mission\]")
    info = chk.convert(raw["mission"], MissionInfo, mline, "[mission]")
    if info.mode != "sniper":
        raise chk.fail(f"mode {info.mode!r} is not a sniper mission", chk.key_line(mline, "mode"))
    if not 1 <= info.turns <= MAX_TURNS:
        raise chk.fail(f"turns must be 1 to {MAX_TURNS}", chk.key_line(mline, "turns"))
    if not 0 <= info.rain_until <= info.turns:
        raise chk.fail(
            f"rain_until must be 0 to {info.turns} (the mission's turns)",
            chk.key_line(mline, "rain_until"),
        )
    if info.difficulty < 1:
        raise chk.fail("difficulty must be at least 1", chk.key_line(mline, "difficulty"))
    grid, glyph_units, start, features = _read_map(chk, info.map)
    board = Board(grid)
    sline = chk.line_of(r"^\s*\[sniper\]")
    sniper = chk.convert(raw.get("sniper", {}), SniperSpec, sline, "[sniper]")
    units = _read_units(chk, raw, board, glyph_units, start)
    patrols = _read_patrols(chk, raw, board, units)
    units = tuple(
        UnitStart(id=u.id, kind=u.kind, at=u.at, patrol=patrols.get(u.id, ())) for u in units
    )
    allowed = _allowed(units, features)
    decks = _read_decks(chk, raw, allowed)
    _check_sniper(chk, sniper, sline, decks, allowed)
    return Mission(
        info=info,
        sniper=sniper,
        units=units,
        start=start,
        features=features,
        decks=decks,
        allowed=allowed,
        terrain=grid.rows,
    )


def _read_map(chk: MissionFile, text: str):
    map_line = chk.line_of(r"^\s*map\s*=")
    line = chk.map_rows(map_line, text)
    grid = parse_grid(text)
    if not grid.rows:
        raise chk.fail("map: the map is empty", map_line)
    units = content.unit_by_glyph()
    features = content.feature_by_glyph()
    rows = []
    glyph_units: list[tuple[str, Cell]] = []
    starts: list[Cell] = []
    found: dict[str, Cell] = {}
    for y, row in enumerate(grid.rows):
        out = []
        for x, ch in enumerate(row):
            if ch in units:
                kind = units[ch]
                glyph_units.append((kind, (x, y)))
                ch = content.unit(kind).stands_on
            elif ch not in TERRAIN:
                raise chk.fail(f"map: unknown glyph {ch!r} at column {x + 1}", line(y))
            if ch == START:
                starts.append((x, y))
            if ch in features:
                name = features[ch]
                if name in found:
                    raise chk.fail(f"map: a second {ch!r} ({name}); a map holds one", line(y))
                found[name] = (x, y)
            out.append(ch)
        rows.append("".join(out))
    if len(starts) != 1:
        raise chk.fail(f"map: one start cell 'S' is needed (found {len(starts)})", map_line)
    if not any(ESCAPE in r for r in rows):
        raise chk.fail("map: no escape cell 'E'", map_line)
    return Grid(tuple(rows)), glyph_units, starts[0], found


def can_stand(board: Board, kind: str, cell: Cell) -> bool:
    """The cells a unit of this kind may enter (SN-1, SN-9)."""
    if content.unit(kind).ground == "road":
        return board.is_road(cell)
    return board.enterable(cell)


def _read_units(chk, raw, board: Board, glyph_units, start: Cell) -> list[UnitStart]:
    entries = raw.get("units", [])
    if not isinstance(entries, list):
        raise chk.fail("units must be a list of [[units]] tables", chk.line_of(r"units"))
    placed: list[tuple[str, Cell]] = list(glyph_units)
    taken = {cell for _, cell in glyph_units}
    for i, item in enumerate(entries):
        line = chk.entry("units", i)
        entry = chk.convert(item, UnitEntry, line, "[[units]]")
        at = tuple(entry.at)
        if entry.kind not in content.content().units:
            known = ", ".join(content.UNIT_ORDER)
            raise chk.fail(f"[[units]]: unknown kind {entry.kind!r} ({known})", line)
        if not board.inside(at) or not can_stand(board, entry.kind, at) or at in taken:
            raise chk.fail(f"[[units]]: a {entry.kind} cannot stand at {list(at)}", line)
        if at == start:
            raise chk.fail(f"[[units]]: {list(at)} is the sniper's start", line)
        taken.add(at)
        placed.append((entry.kind, at))
    out: list[UnitStart] = []
    for kind in content.UNIT_ORDER:
        cells = sorted((c for k, c in placed if k == kind), key=lambda c: (c[1], c[0]))
        limit = content.unit(kind).limit
        if limit and len(cells) > limit:
            raise chk.fail(f"{len(cells)} {kind}s on the map: at most {limit}", chk.line_of("map"))
        out.extend(UnitStart(id=unit_id(kind, n + 1), kind=kind, at=c) for n, c in enumerate(cells))
    return out


def _read_patrols(chk, raw, board: Board, units: list[UnitStart]) -> dict[str, tuple[Cell, ...]]:
    entries = raw.get("patrols", [])
    if not isinstance(entries, list):
        raise chk.fail("patrols must be a list of [[patrols]] tables", chk.line_of(r"patrols"))
    by_id = {u.id: u for u in units}
    out: dict[str, tuple[Cell, ...]] = {}
    for i, item in enumerate(entries):
        line = chk.entry("patrols", i)
        entry = chk.convert(item, PatrolEntry, line, "[[patrols]]")
        unit = by_id.get(entry.unit)
        if unit is None:
            raise chk.fail(f"[[patrols]]: no unit {entry.unit!r} on the map", line)
        if entry.unit in out:
            raise chk.fail(f"[[patrols]]: {entry.unit} has two patrols", line)
        if not entry.route:
            raise chk.fail(f"[[patrols]]: {entry.unit}'s route is empty", line)
        for cell in entry.route:
            if not can_stand(board, unit.kind, tuple(cell)):
                raise chk.fail(
                    f"[[patrols]]: {entry.unit} cannot stand on waypoint {list(cell)}",
                    chk.key_line(line, "route"),
                )
        out[entry.unit] = tuple(tuple(c) for c in entry.route)
    return out


def _allowed(units: tuple[UnitStart, ...], features: dict[str, Cell]) -> tuple[str, ...]:
    """The objectives this map allows: those naming what it holds."""
    ids = {u.id for u in units}
    out = []
    for card, spec in content.content().objectives.items():
        if spec.kind == "kill":
            ok = spec.unit in ids
        elif spec.kind == "feature":
            ok = spec.feature in features
        else:
            ok = sum(1 for u in units if u.kind == spec.unit_kind) >= spec.number
        if ok:
            out.append(card)
    return tuple(out)


def _read_decks(chk, raw, allowed: tuple[str, ...]) -> dict[str, tuple[str, ...]]:
    line = chk.line_of(r"^\s*\[decks\]")
    decks = raw.get("decks", {})
    if not isinstance(decks, dict):
        raise chk.fail("[decks] must be a table", line)
    out: dict[str, tuple[str, ...]] = {}
    for key, value in decks.items():
        kline = chk.key_line(line, key)
        if key not in DECKS:
            raise chk.fail(f"[decks]: unknown deck {key!r} ({', '.join(DECKS)})", kline)
        cards = chk.convert(value, tuple[str, ...], kline, f"[decks] {key}")
        known = getattr(content.content(), key)  # decks are named as the content tables
        for card in cards:
            if card not in known:
                raise chk.fail(f"[decks] {key}: unknown card {card!r}", kline)
            if key == "objectives" and card not in allowed:
                raise chk.fail(f"[decks] objectives: this map does not allow {card!r}", kline)
        out[key] = cards
    return out


def _check_sniper(chk, sniper: SniperSpec, line, decks, allowed) -> None:
    def bad(key: str, reason: str) -> MissionError:
        return chk.fail(f"[sniper] {key}: {reason}", chk.key_line(line, key))

    if sniper.health < 1:
        raise bad("health", "must be at least 1")
    top = content.numbers().max_ammo
    if not 0 <= sniper.ammo <= top:
        raise bad("ammo", f"must be 0 to {top}")
    for card in sniper.equipment:
        if card not in content.content().equipment:
            raise bad("equipment", f"unknown card {card!r}")
    deck = decks.get("equipment", content.deck_less("equipment", sniper.equipment))
    if not 0 <= sniper.draw_equipment <= len(deck):
        raise bad("draw_equipment", f"must be 0 to {len(deck)} (the equipment deck)")
    objectives = decks.get("objectives", allowed)
    if not 0 <= sniper.objectives <= len(objectives):  # 0: an escape-only map (clarification 9)
        raise bad("objectives", f"must be 0 to {len(objectives)} (objectives this map deals)")
