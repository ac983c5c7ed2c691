"""The UI's door to saved games: autosave sessions, Continue, Load.

Everything about files lives in the `saves` package (slots in
$SHAMBLE_HOME/saves, an OS-locked AutoSave per open game, flushed before each
command returns); this module adapts its answers for the screens and turns
its errors into SaveProblem with the message saves wrote."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from saves import AutoSave, SaveError
from saves import load as load_save
from saves.slots import SaveInfo, list_saves, new_slot_path


class SaveProblem(Exception):
    """A save that cannot be listed, read or written, explained for a player."""


def describe(info: SaveInfo) -> str:
    """One line about a save: mission, progress, survivors."""
    if info.error:
        return f"{info.name}: cannot be read ({info.error})"
    state = info.outcome or f"round {info.round}"
    who = ", ".join(info.survivors)
    busy = " [open in another Shamble]" if info.in_use else ""
    return f"{info.mission}, {state}, {who}{busy}"


def saves_list() -> list[SaveInfo]:
    try:
        return list_saves()
    except (SaveError, OSError) as e:
        raise SaveProblem(f"cannot list the saves: {e}") from None


def latest_unfinished() -> SaveInfo | None:
    """The most recently played save that is still going: what Continue opens."""
    try:
        infos = saves_list()
    except SaveProblem:
        return None
    for info in infos:
        if not info.error and info.outcome is None and not info.in_use:
            return info
    return None


def start_session(game: Any) -> AutoSave:
    """Autosave a new game into a fresh slot."""
    try:
        return AutoSave.create(new_slot_path(game), game)
    except (SaveError, OSError) as e:
        raise SaveProblem(f"the game cannot be saved: {e}") from None


def resume(path: str | Path) -> AutoSave:
    """Open a save for play; further commands are appended to it."""
    try:
        return AutoSave.resume(path)
    except (SaveError, OSError) as e:
        raise SaveProblem(str(e)) from None


def read_only(path: str | Path) -> Any:
    """A game from a save without keeping it open (for viewing)."""
    try:
        return load_save(path)
    except (SaveError, OSError) as e:
        raise SaveProblem(str(e)) from None
