"""Shamble's rules engine: pure, deterministic, event-sourced.

Importing it pulls in no UI and no storage layer (tests/test_hygiene.py)."""

from engine import outbreak as _outbreak  # noqa: F401  (registers the mode)
from engine import siege as _siege  # noqa: F401  (registers the mode)
from engine import sniper as _sniper  # noqa: F401  (registers the mode)
from engine import station as _station  # noqa: F401  (registers the mode)
from engine.core.errors import MissionError, RuleError
from engine.core.log import LogError
from engine.core.mode import get_mode, modes
from engine.game import APP_VERSION, Game

__all__ = ["APP_VERSION", "Game", "LogError", "MissionError", "RuleError", "get_mode", "modes"]
