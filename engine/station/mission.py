"""Station mission files (DESIGN.md "Mission files"): read, check, explain.

A broken file is refused with a MissionError naming the file, the line where
it can be known and the reason; nothing here raises anything else."""

from __future__ import annotations

import re

import msgspec

from engine.core.missions import MAX_ZOMBIES, MissionFile
from engine.station import content
from engine.station.zones import MapError, ZoneMap, parse_zones

WIN_CONDITIONS = ("all_objectives", "all_in_exit")


class ZoneSpec(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    name: str = ""
    start: bool = False
    objective: bool = False
    dangerous: bool = False
    dark: bool = False
    spawn: int = 0
    exit: bool = False
    unlocks: tuple[str, ...] = ()
    floor: tuple[str, ...] = ()


class DoorSpec(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    locked: bool = False


class ZombieGroup(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    zone: str
    kind: str = "walker"
    count: int = 1


class MissionInfo(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    id: str
    map: str
    name: str = ""
    mode: str = "station"
    briefing: str = ""
    difficulty: int = 1
    max_zombies: int = 40
    danger_every_rounds: int = 4
    hearing: int = 4
    round_limit: int = 0
    win: tuple[str, ...] = WIN_CONDITIONS
    survivors: tuple[str, ...] = ()


class Mission(msgspec.Struct, frozen=True):
    info: MissionInfo
    zones: dict[str, ZoneSpec]
    doors: dict[str, DoorSpec]
    zombies: tuple[ZombieGroup, ...]
    search: tuple[str, ...] | None  # a stacked deck, drawn in file order
    equipment: tuple[str, ...] | None
    zombie_cards: tuple[content.ZombieCard, ...] | None

    @property
    def id(self) -> str:
        return self.info.id

    def zone(self, zone_id: str) -> ZoneSpec:
        return self.zones.get(zone_id, _PLAIN)


_PLAIN = ZoneSpec()


class _Checker(MissionFile):
    def table_line(self, table: str, key: str) -> int | None:
        """The line of a [table.key] header (found in one pass over the file)."""
        headers = self.__dict__.get("_headers")
        if headers is None:
            headers = {}
            rx = re.compile(r'^\s*\[\s*(\w+)\.("?)(.+?)\2\s*\]')
            for i, text in enumerate(self.lines):
                m = rx.match(text)
                if m:
                    headers.setdefault((m.group(1), m.group(3)), i + 1)
            self._headers = headers
        return headers.get((table, key))


def load_mission(text: str, source: str) -> Mission:
    chk = _Checker(text, source)
    raw = chk.tables(("mission", "zones", "doors", "zombies", "decks"))
    info = chk.convert(raw["mission"], MissionInfo, chk.line_of(r"^\s*\[mission\]"), "[mission]")
    if info.mode != "station":
        raise chk.fail(f"mode {info.mode!r} is not a station mission", chk.line_of(r"^\s*mode\s*="))
    for field in ("max_zombies", "hearing"):
        if getattr(info, field) < 1:
            raise chk.fail(f"{field} must be at least 1", chk.line_of(rf"^\s*{field}\s*="))
    if info.max_zombies > MAX_ZOMBIES:
        raise chk.fail(f"max_zombies is at most {MAX_ZOMBIES}", chk.line_of(r"^\s*max_zombies\s*="))
    for field in ("danger_every_rounds", "round_limit"):
        if getattr(info, field) < 0:
            raise chk.fail(f"{field} must be 0 or more", chk.line_of(rf"^\s*{field}\s*="))
    for cond in info.win:
        if cond not in WIN_CONDITIONS:
            raise chk.fail(
                f"unknown win condition {cond!r} (known: {', '.join(WIN_CONDITIONS)})",
                chk.line_of(r"^\s*win\s*="),
            )
    for sid in info.survivors:
        if sid not in content.survivors():
            raise chk.fail(f"unknown survivor {sid!r}", chk.line_of(r"^\s*survivors\s*="))
    board = _read_map(chk, info.map)

    zones_raw = raw.get("zones", {})
    if not isinstance(zones_raw, dict):
        raise chk.fail("[zones] must be a table of zone tables", chk.line_of(r"^\s*zones\s*="))
    zones: dict[str, ZoneSpec] = {}
    for zid, spec in zones_raw.items():
        line = chk.table_line("zones", zid)
        if zid not in board.cells:
            raise chk.fail(f"[zones.{zid}] names a zone that is not on the map", line)
        zones[zid] = chk.convert(spec, ZoneSpec, line, f"[zones.{zid}]")
    doors_raw = raw.get("doors", {})
    if not isinstance(doors_raw, dict):
        raise chk.fail("[doors] must be a table of door tables", chk.line_of(r"^\s*doors\s*="))
    door_ids = {d.id: d for d in board.doors}
    doors: dict[str, DoorSpec] = {}
    for did, spec in doors_raw.items():
        line = chk.table_line("doors", did)
        if did not in door_ids:
            known = ", ".join(door_ids) or "none"
            raise chk.fail(f'[doors."{did}"] names no door on the map (doors: {known})', line)
        doors[did] = chk.convert(spec, DoorSpec, line, f'[doors."{did}"]')
        if doors[did].locked and door_ids[did].open_at_start:
            raise chk.fail(f"door {did} is drawn open (') but marked locked", line)
    _check_zones(chk, zones, door_ids, info.win)
    _check_dark(chk, board, zones)

    groups = raw.get("zombies", [])
    if not isinstance(groups, list):
        raise chk.fail("zombies must be a list of [[zombies]] tables", chk.line_of(r"zombies"))
    zombies = []
    for i, g in enumerate(groups):
        line = chk.line_of(*([r"^\s*\[\[zombies\]\]"] * (i + 1)))
        group = chk.convert(g, ZombieGroup, line, "[[zombies]]")
        if group.zone not in board.cells:
            raise chk.fail(f"zombies placed in zone {group.zone!r}, which is not on the map", line)
        if group.kind not in content.ZOMBIE_KINDS:
            kinds = " | ".join(content.ZOMBIE_KINDS)
            raise chk.fail(f"unknown zombie kind {group.kind!r} ({kinds})", line)
        if group.count < 1:
            raise chk.fail("a zombie group needs a count of at least 1", line)
        zombies.append(group)
    if sum(g.count for g in zombies) > MAX_ZOMBIES:
        total = sum(g.count for g in zombies)
        raise chk.fail(
            f"{total} zombies to start with: at most {MAX_ZOMBIES}", chk.entry("zombies", 0)
        )
    search, equipment, zcards = _read_decks(chk, raw.get("decks", {}))
    return Mission(
        info=info,
        zones=zones,
        doors=doors,
        zombies=tuple(zombies),
        search=search,
        equipment=equipment,
        zombie_cards=zcards,
    )


def _read_map(chk: _Checker, text: str) -> ZoneMap:
    try:
        return parse_zones(text)
    except MapError as e:
        row_line = chk.map_rows(chk.line_of(r"^\s*map\s*="), text)
        raise chk.fail(f"map: {e.reason}", row_line(e.line - 1) if e.line else None) from None


def _check_zones(chk: _Checker, zones: dict, doors: dict, win: tuple[str, ...]) -> None:
    starts = [z for z, s in zones.items() if s.start]
    if "all_in_exit" in win and not any(s.exit for s in zones.values()):
        raise chk.fail("the win condition all_in_exit needs an exit zone (exit = true)")
    if len(starts) != 1:
        found = ", ".join(starts) or "none"
        raise chk.fail(f"a mission needs exactly one start zone (found: {found})")
    spawns: dict[int, str] = {}
    for zid, spec in zones.items():
        line = chk.table_line("zones", zid)
        if spec.spawn < 0:
            raise chk.fail(f"zone {zid}: spawn order must be 1 or more", line)
        if spec.spawn:
            if spec.spawn in spawns:
                raise chk.fail(
                    f"zones {spawns[spec.spawn]} and {zid} share spawn order {spec.spawn}", line
                )
            spawns[spec.spawn] = zid
        for did in spec.unlocks:
            if did not in doors:
                raise chk.fail(f"zone {zid} unlocks {did!r}, which is no door on the map", line)
        for cid in spec.floor:
            if cid not in content.cards():
                raise chk.fail(f"zone {zid}: unknown card {cid!r} on the floor", line)
        if spec.start and spec.dark:
            raise chk.fail(f"the start zone {zid} cannot be dark", line)


def _check_dark(chk: _Checker, board: ZoneMap, zones: dict) -> None:
    """Dark zones sit behind closed doors only (docs/rules-notes.md, ST-3.5)."""
    dark = {z for z, s in zones.items() if s.dark}
    for a, b in sorted(board.touching):  # the same zones named on every run
        if (a in dark) != (b in dark):
            z = a if a in dark else b
            raise chk.fail(
                f"dark zone {z} touches lit zone {b if z == a else a} without a door: "
                "dark zones must sit behind closed doors",
                chk.table_line("zones", z),
            )
    for d in board.doors:
        if d.open_at_start and ((d.a in dark) != (d.b in dark)):
            raise chk.fail(f"door {d.id} into a dark zone is drawn open (')")


def _read_decks(chk: _Checker, raw: object):
    line = chk.line_of(r"^\s*\[decks")
    if not isinstance(raw, dict):
        raise chk.fail("[decks] must be a table", line)
    for key in raw:
        if key not in ("search", "equipment", "zombie"):
            raise chk.fail(f"[decks]: unknown deck {key!r} (search, equipment, zombie)", line)
    search = equipment = zcards = None
    if "search" in raw:
        search = tuple(chk.convert(raw["search"], list[str], line, "[decks] search"))
        for c in search:
            if c not in content.SEARCH_CARDS:
                known = ", ".join(content.SEARCH_CARDS)
                raise chk.fail(f"[decks] search: unknown card {c!r} ({known})", line)
    if "equipment" in raw:
        equipment = tuple(chk.convert(raw["equipment"], list[str], line, "[decks] equipment"))
        for c in equipment:
            if c not in content.cards():
                raise chk.fail(f"[decks] equipment: unknown card {c!r}", line)
    if "zombie" in raw:
        items = raw["zombie"]
        if not isinstance(items, list):
            raise chk.fail("[decks] zombie must be a list of card ids or card tables", line)
        shipped = content.zombie_cards()
        cards_out = []
        for i, item in enumerate(items):
            if isinstance(item, str):
                if item not in shipped:
                    raise chk.fail(f"[decks] zombie: unknown card {item!r} (z01..z30)", line)
                cards_out.append(shipped[item])
            elif isinstance(item, dict):
                for k in item:
                    if k not in content.LEVELS:
                        raise chk.fail(f"[decks] zombie card {i + 1}: unknown level {k!r}", line)
                lines = {}
                for lvl in content.LEVELS:
                    spawn = chk.convert(
                        item.get(lvl, {}), content.SpawnLine, line, f"zombie card {i + 1} {lvl}"
                    )
                    if spawn.extra not in ("", "runners"):
                        raise chk.fail(f'zombie card {i + 1} {lvl}: extra must be "runners"', line)
                    if any(v < 0 for v in spawn.counts().values()):
                        raise chk.fail(f"zombie card {i + 1} {lvl}: negative count", line)
                    lines[lvl] = spawn
                cards_out.append(content.ZombieCard(id=f"m{i + 1:02d}", **lines))
            else:
                raise chk.fail(f"[decks] zombie card {i + 1} is neither an id nor a table", line)
        zcards = tuple(cards_out)
    return search, equipment, zcards
