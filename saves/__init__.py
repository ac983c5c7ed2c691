"""Durable storage: save files, autosave, slots, campaigns (DESIGN.md "Save files").

The byte format lives in engine/core/log.py; this package owns the files."""

from saves.files import SaveError, load
from saves.session import AutoSave

__all__ = ["AutoSave", "SaveError", "load"]
