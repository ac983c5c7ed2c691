"""The UI's mode adapters, registered by engine mode id (tui/modes/README.md).

Shared screens and widgets never name a mode: they look its adapter up here,
as the engine's kernel looks a mode up in engine.core.mode. Every package in
this folder is a mode's adapter and registers itself when imported; the
packages are found by looking in the folder, so adding a mode to the UI is
adding its package and nothing else. Tests register their own."""

from __future__ import annotations

import importlib
import pkgutil
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from tui.modes.base import ModeUI

_UIS: dict[str, ModeUI] = {}
_found = False


def register(ui: ModeUI) -> ModeUI:
    _UIS[ui.mode_id] = ui
    return ui


def unregister(mode_id: str) -> None:
    _UIS.pop(mode_id, None)


def _discover() -> None:
    """Import every adapter package in this folder, once."""
    global _found
    if _found:
        return
    _found = True
    for info in pkgutil.iter_modules(__path__):
        if info.ispkg:
            importlib.import_module(f"{__name__}.{info.name}")


def get_ui(mode_id: str) -> ModeUI | None:
    """The adapter that draws mode_id's games, or None when the UI has none."""
    _discover()
    return _UIS.get(mode_id)


def ui_modes(engine: bool = True) -> list[str]:
    """Modes the UI can show (an adapter registered and the engine's mode
    too), in the adapters' order, then by id. `engine=False` skips asking
    the engine (and importing it): the title screen's first frame lists the
    adapters' own entries before any game code is loaded."""
    _discover()
    shown = list(_UIS.values())
    if engine:
        from engine import modes

        known = set(modes())
        shown = [ui for ui in shown if ui.mode_id in known]
    return [ui.mode_id for ui in sorted(shown, key=lambda ui: (ui.order, ui.mode_id))]
