"""Shamble's rules engine: pure, deterministic, event-sourced.

Importing it pulls in no UI and no storage layer (tests/test_hygiene.py).
Every package in this folder but the kernel (core) and the shipped data
(content) is a mode, imported here so that it registers itself: a new mode
is its package and nothing else (tests/test_layers.py)."""

import importlib as _importlib
import pkgutil as _pkgutil

from engine.core.errors import MissionError, RuleError
from engine.core.log import LogError
from engine.core.mode import get_mode, modes
from engine.game import APP_VERSION, Game

for _found in _pkgutil.iter_modules(__path__):
    if _found.ispkg and _found.name not in ("core", "content"):
        _importlib.import_module(f"{__name__}.{_found.name}")

__all__ = ["APP_VERSION", "Game", "LogError", "MissionError", "RuleError", "get_mode", "modes"]
