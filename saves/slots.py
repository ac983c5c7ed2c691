"""Save slots: named saves in $SHAMBLE_HOME/saves, else the platform's user
data directory. Listing, delete, export and import; names are plain words."""

from __future__ import annotations

import fcntl
import os
import re
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import msgspec
import platformdirs

from engine import Game
from saves.files import SaveError, decode, game_from, private_folder, read_bytes, write_atomic

SUFFIX = ".shamble"
_NAME = re.compile(r"[A-Za-z0-9][A-Za-z0-9_.-]{0,63}")


def printable(text: str, keep: str = "") -> str:
    """A file or mission name made safe to show: control characters from a
    host's odd file name must never reach a player's terminal."""
    return "".join(ch if ch.isprintable() or ch in keep else "?" for ch in str(text))


def home() -> Path:
    env = os.environ.get("SHAMBLE_HOME")
    return Path(env) if env else Path(platformdirs.user_data_dir("shamble"))


def saves_dir(create: bool = False) -> Path:
    directory = home() / "saves"
    if create:
        try:
            private_folder(directory)
        except OSError as e:
            raise SaveError(f"{directory}: cannot create the saves folder: {e.strerror}") from None
    return directory


def check_name(name: str) -> str:
    """The name itself when it is a safe slot name; SaveError saying why not."""
    if not isinstance(name, str) or not _NAME.fullmatch(name) or ".." in name or name.endswith("."):
        raise SaveError(
            f"{name!r} is not a save name: use up to 64 letters, digits, '-', '_' or '.', "
            "starting with a letter or digit (no '..', no '/')"
        )
    return name


def slot_path(name: str, create_dir: bool = False) -> Path:
    return saves_dir(create_dir) / (check_name(name) + SUFFIX)


# Summary tables naming who plays, in the modes that have one (station's
# survivors, siege's humans, outbreak's seats): a listing's "survivors" column.
FIGURE_TABLES = ("survivors", "humans", "seats")


class SaveInfo(msgspec.Struct):
    name: str
    path: str
    last_played: str  # ISO time of the last write
    mode: str = ""
    mission: str = ""
    round: int | None = None  # the summary's round (or turn)
    survivors: list[str] = []  # who plays, by id; "(dead)" after the fallen
    outcome: str | None = None
    commands: int = 0
    undo_count: int = 0
    in_use: bool = False
    error: str | None = None  # why the save cannot be read, when it cannot
    summary: dict[str, Any] = {}  # the game's summary, for a mode's own words about it


def figures(summary: dict) -> list[str]:
    """Who plays, from the summary's first table of them (see FIGURE_TABLES)."""
    for key in FIGURE_TABLES:
        table = summary.get(key)
        if isinstance(table, dict) and table:
            return [
                fid if not isinstance(f, dict) or f.get("alive", True) else f"{fid} (dead)"
                for fid, f in table.items()
            ]
    return []


def describe(path: Path) -> SaveInfo:
    """What a listing shows about one save; a damaged save gets an error, not an exception."""
    try:
        mtime = path.stat().st_mtime
    except OSError as e:
        return SaveInfo(path.stem, str(path), "", error=e.strerror or str(e))
    info = SaveInfo(
        name=path.stem,
        path=str(path),
        last_played=datetime.fromtimestamp(mtime, UTC).isoformat(timespec="seconds"),
        in_use=locked(path),
    )
    try:
        game = game_from(path, decode(path, read_bytes(path)))
        summary = game.summary()
    except SaveError as e:
        info.error = str(e)
        return info
    info.mode = game.setup.mode
    info.mission = game.setup.mission
    when = summary.get("round", summary.get("turn"))
    info.round = when if isinstance(when, int) else None
    info.outcome = summary.get("outcome")
    info.survivors = figures(summary)
    info.summary = summary
    info.commands = len(game.commands)
    info.undo_count = game.undo_count
    return info


def list_saves() -> list[SaveInfo]:
    """Every save in the slots folder, most recently played first."""
    directory = saves_dir()
    if not directory.is_dir():
        return []
    paths = [p for p in directory.iterdir() if p.suffix == SUFFIX and not p.name.startswith(".")]
    infos = [describe(p) for p in paths]
    return sorted(infos, key=lambda i: (i.last_played, i.name), reverse=True)


def locked(path: Path) -> bool:
    """True while another process holds the save's OS lock."""
    try:
        fd = os.open(path, os.O_RDONLY)
    except OSError:
        return False
    try:
        fcntl.flock(fd, fcntl.LOCK_SH | fcntl.LOCK_NB)
        return False
    except BlockingIOError:
        return True
    finally:
        os.close(fd)


def delete(name: str) -> Path:
    path = slot_path(name)
    if not path.is_file():
        raise SaveError(f"{path}: no such save")
    if locked(path):
        raise SaveError(f"{path}: another Shamble is playing this save; close it there first")
    path.unlink()
    return path


def _checked(path: Path) -> bytes:
    """The bytes of a save that loads completely (so nothing broken is copied)."""
    data = read_bytes(path)
    game_from(path, decode(path, data))
    return data


def export_save(name: str, dest: str | os.PathLike, overwrite: bool = False) -> Path:
    """Copy the save named `name` to dest (a file, or a folder to put it in)."""
    src = slot_path(name)
    dest = Path(dest)
    if dest.is_dir():
        dest = dest / src.name
    if dest.exists() and not overwrite:
        raise SaveError(f"{dest}: already exists; choose another file")
    write_atomic(dest, _checked(src))
    return dest


def import_save(src: str | os.PathLike, name: str | None = None) -> Path:
    """Copy a save file into the slots under `name` (default: the file's name)."""
    src = Path(src)
    name = check_name(name if name is not None else src.stem)
    dest = slot_path(name, create_dir=True)
    if dest.exists():
        raise SaveError(
            f"{dest}: a save named {name!r} already exists; import it --as another name"
        )
    write_atomic(dest, _checked(src))
    return dest


def new_slot_path(game: Game) -> Path:
    """A free slot for a new game: its mission and the first unused number."""
    base = check_name(re.sub(r"[^A-Za-z0-9_-]", "-", game.setup.mission or "game") or "game")
    n = 1
    while (path := slot_path(f"{base}-{n}", create_dir=True)).exists():
        n += 1
    return path


def latest() -> SaveInfo | None:
    """The most recently played save that can be continued (readable, not
    finished, not open elsewhere), for a title screen's Continue."""
    for info in list_saves():
        if info.error is None and info.outcome is None and not info.in_use:
            return info
    return None
