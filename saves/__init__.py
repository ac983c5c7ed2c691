"""Durable storage: save files, autosave, slots, campaigns (DESIGN.md "Save files").

The byte format lives in engine/core/log.py; this package owns the files:

- `AutoSave.create(path, game)` / `AutoSave.resume(path)`: a save held open
  and OS-locked while a game is played, every frame fsynced as it happens.
- `load(path)`: read-only load; `game.load_warnings` lists a dropped torn tail.
- `slots`: named saves under $SHAMBLE_HOME (list, delete, export, import).
- `campaign`: the campaign record; `verify`: replay from scratch and check.
"""

from saves.files import SaveError, load
from saves.session import AutoSave
from saves.slots import SaveInfo, latest, list_saves, new_slot_path, saves_dir, slot_path

__all__ = [
    "AutoSave",
    "SaveError",
    "SaveInfo",
    "latest",
    "list_saves",
    "load",
    "new_slot_path",
    "saves_dir",
    "slot_path",
]
