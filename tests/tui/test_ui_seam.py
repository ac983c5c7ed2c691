"""The UI's seam (STYLE 13): shared screens and widgets never name a mode.

Everything in tui/screens/ and tui/widgets/ reaches a mode through its
adapter in the tui.modes registry, the way the engine's kernel reaches a
mode through engine.core.mode: no import of an engine mode package or of a
mode's adapter package, and no mode id spelled out as a string."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
SHARED = sorted((ROOT / "tui" / "screens").glob("*.py")) + sorted(
    (ROOT / "tui" / "widgets").glob("*.py")
)


def packages(folder: Path) -> set[str]:
    return {p.parent.name for p in folder.glob("*/__init__.py")}


ENGINE_MODES = packages(ROOT / "engine") - {"core"}  # station, siege, ... and content
UI_MODES = packages(ROOT / "tui" / "modes")


def imported(path: Path) -> list[str]:
    """Every module path.py imports, in absolute form (functions' imports too)."""
    names = []
    for node in ast.walk(ast.parse(path.read_text(), str(path))):
        if isinstance(node, ast.Import):
            names += [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom) and node.module:
            names.append(node.module)
            names += [f"{node.module}.{alias.name}" for alias in node.names]
    return names


def forbidden(module: str) -> bool:
    parts = module.split(".")
    if parts[0] == "engine" and len(parts) > 1 and parts[1] in ENGINE_MODES:
        return True
    return parts[:2] == ["tui", "modes"] and len(parts) > 2 and parts[2] in UI_MODES


def test_the_rule_knows_the_modes_it_guards():
    assert "station" in ENGINE_MODES and "station" in UI_MODES
    assert forbidden("engine.station.attack") and forbidden("tui.modes.station.play")
    assert not forbidden("engine.core.mode") and not forbidden("tui.modes.base")


@pytest.mark.parametrize("path", SHARED, ids=lambda p: f"{p.parent.name}/{p.name}")
def test_shared_screens_and_widgets_import_no_mode(path):
    bad = [m for m in imported(path) if forbidden(m)]
    assert not bad, f"{path.relative_to(ROOT)} imports {bad}"


@pytest.mark.parametrize("path", SHARED, ids=lambda p: f"{p.parent.name}/{p.name}")
def test_shared_screens_and_widgets_spell_no_mode_id(path):
    mode_ids = (ENGINE_MODES | UI_MODES) - {"content"}
    strings = [
        node.value
        for node in ast.walk(ast.parse(path.read_text()))
        if isinstance(node, ast.Constant) and isinstance(node.value, str)
    ]
    assert not [s for s in strings if s in mode_ids], path.name
