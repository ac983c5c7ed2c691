"""The UI's door to saved games: autosave sessions, Continue, Load.

Everything about files lives in the `saves` package (slots in
$SHAMBLE_HOME/saves, an OS-locked AutoSave per open game, flushed before each
command returns); this module adapts its answers for the screens and turns
its errors into SaveProblem with the message saves wrote."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

from saves import AutoSave, SaveError
from saves import load as load_save
from saves.slots import SaveInfo, list_saves, new_slot_path


class SaveProblem(Exception):
    """A save that cannot be listed, read or written, explained for a player."""


def describe(info: SaveInfo) -> str:
    """One line about a save, in its mode's words (station: mission,
    progress, survivors); a mode the UI cannot show says so."""
    from tui.modes import get_ui

    if info.error:
        return f"{info.name}: cannot be read ({info.error})"
    busy = " [open in another Shamble]" if info.in_use else ""
    ui = get_ui(info.mode)
    if ui is None:
        state = info.outcome or (f"round {info.round}" if info.round is not None else "")
        return f"{info.mode}: {info.mission}, {state} (this Shamble cannot show it){busy}"
    return ui.save_line(info.summary) + busy


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
    from tui.modes import get_ui

    for info in infos:
        if not info.error and info.outcome is None and not info.in_use and get_ui(info.mode):
            return info
    return None


def last_played(info: SaveInfo) -> float:
    """When a save was last written to (0 when it cannot be read)."""
    try:
        return Path(info.path).stat().st_mtime
    except OSError:
        return 0.0


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


def _selected_file(session: Any) -> Path | None:
    path = getattr(session, "path", None)
    return Path(path).with_name(f".{Path(path).name}.selected") if path else None


def remember_selected(session: Any, figure: str | None) -> None:
    """The figure selected on the game screen, beside its save, so a game
    opened again (Continue after a browser tab was reloaded, say) selects it
    again. Screen state, not the game's: never in the save itself."""
    where = _selected_file(session)
    if where is None:
        return
    try:
        fd = os.open(where, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
        with os.fdopen(fd, "w", encoding="utf-8") as out:
            out.write(figure or "")
    except OSError:
        pass  # a convenience: the game plays on without it


def remembered_selected(session: Any) -> str | None:
    where = _selected_file(session)
    try:
        return (where.read_text(encoding="utf-8").strip() or None) if where else None
    except (OSError, UnicodeError):
        return None


def read_only(path: str | Path) -> Any:
    """A game from a save without keeping it open (for viewing)."""
    try:
        return load_save(path)
    except (SaveError, OSError) as e:
        raise SaveProblem(str(e)) from None


# -- records (campaigns, runs, matches), high scores ---------------------------------


def records_list(mode: str, kind: str) -> list[Any]:
    """The mode's records of kind (a campaign, an endless run, a match),
    newest first; damaged ones say why."""
    from saves.records import store

    try:
        return store(mode, kind).listing()
    except (SaveError, OSError) as e:
        raise SaveProblem(f"cannot list the {kind} records: {e}") from None


def start_record(progress: Any, prefix: str, options: dict[str, str] | None = None) -> Any:
    """A new record of whatever the engine's progress is (a campaign's Progress,
    a Run, a Match), named prefix-N, open and locked; its first state is on disk
    when this returns."""
    from saves.records import store_for

    try:
        store = store_for(progress)
        return store.start(store.free_name(prefix), progress, options)
    except (SaveError, OSError) as e:
        raise SaveProblem(f"the {store.kind} cannot be saved: {e}") from None


def open_record(mode: str, kind: str, path: str | Path) -> Any:
    from saves.records import store

    try:
        return store(mode, kind).open(path)
    except (SaveError, OSError) as e:
        raise SaveProblem(str(e)) from None


def record_progress(record: Any, progress: Any, save: str | Path = "", played: Any = None) -> None:
    try:
        record.save_progress(progress, save=save, played=played)
    except (SaveError, OSError) as e:
        raise SaveProblem(str(e)) from None


def start_game_session(record: Any, game: Any) -> AutoSave:
    """Autosave a record's next game (named after its mission) in the record's own folder."""
    try:
        return AutoSave.create(record.game_save_path(game.setup.mission or "mission"), game)
    except (SaveError, OSError) as e:
        raise SaveProblem(f"the mission cannot be saved: {e}") from None


def record_score(entry: Any) -> Any:
    """Put a finished game's score in its high-score table (and the machine's
    scoreboard, when this player publishes); the entry as stored."""
    from saves import public_scores, scores

    try:
        stored = scores.record(entry)
    except (SaveError, OSError) as e:
        raise SaveProblem(f"the score could not be recorded: {e}") from None
    public_scores.publish_score(stored)
    return stored


def publish(game: Any, session: Any) -> Any:
    """Show a game being played to the other players of this machine, when
    this player publishes (saves/public.py): a Publisher to close with the
    session, or None. The player's score table goes public the first time."""
    from saves import public, public_scores, scores

    if session is None or not public.enabled():
        return None
    try:
        public_scores.publish_all_scores(scores.read())
    except (SaveError, OSError):
        pass
    return public.publish(game, getattr(session, "path", None))


def rank(entry: Any) -> int | None:
    """The entry's place in its table's top ten, or None."""
    from saves import scores

    try:
        best = scores.top(entry.table, 10)
    except (SaveError, OSError):
        return None
    return next((i + 1 for i, s in enumerate(best) if s == entry), None)
