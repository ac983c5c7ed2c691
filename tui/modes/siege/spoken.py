"""Siege's board in words (tui/modes/spoken.py): walls go unsaid near a
human, so doors, windows, barricades, spots and the dead are heard."""

from __future__ import annotations

from tui.modes.spoken import GridSpoken


class Spoken(GridSpoken):
    ground = frozenset(".#")
