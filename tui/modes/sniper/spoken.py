"""Sniper's board in words (tui/modes/spoken.py): open ground, road and the
woods are the background; buildings, fences, features and units are told."""

from __future__ import annotations

from tui.modes.spoken import GridSpoken


class Spoken(GridSpoken):
    ground = frozenset('."-')
