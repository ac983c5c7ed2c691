"""The project's layers (docs/design-notes.md, "Layers"): each top-level package
imports only the packages below it, counting imports inside functions.

    tui      screens, widgets and the mode adapters
    hosting  shared games: host, server, broker, client, wire format
    saves    storage: save files, records, history
    engine   rules: kernel and modes

bench/ and tests/ sit outside the stack and may import anything."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]

# package -> the project packages it may import (itself included)
MAY_IMPORT = {
    "engine": {"engine"},
    "saves": {"engine", "saves"},
    "hosting": {"engine", "saves", "hosting"},
    "tui": {"engine", "saves", "hosting", "tui"},
}
PROJECT = set(MAY_IMPORT) | {"bench", "tests"}


def sources(package: str) -> list[Path]:
    return sorted((ROOT / package).rglob("*.py"))


def module_name(path: Path) -> str:
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def imported(path: Path) -> list[tuple[int, str]]:
    """(line, module) for each import in path, functions' imports too, in absolute form."""
    here = module_name(path).split(".")
    package = here if path.name == "__init__.py" else here[:-1]
    found = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"), str(path))):
        if isinstance(node, ast.Import):
            found += [(node.lineno, alias.name) for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                stem = package[: len(package) - node.level + 1]
                base = ".".join(stem + ([base] if base else []))
            found.append((node.lineno, base))
    return found


def test_the_layers_cover_every_package():
    packages = {p.parent.name for p in ROOT.glob("*/__init__.py")}
    assert packages - PROJECT == set(), "a new top-level package needs its place in MAY_IMPORT"
    assert "hosting" in packages and not list((ROOT / "saves" / "coop").glob("*.py"))


def test_the_scan_sees_imports_inside_functions():
    lines = dict((name, line) for line, name in imported(ROOT / "tui" / "cli.py"))
    assert "hosting.cli" in lines  # `shamble join` imports it in the function


@pytest.mark.parametrize("package", sorted(MAY_IMPORT))
def test_each_package_imports_only_the_layers_below_it(package):
    bad = [
        f"{path.relative_to(ROOT)}:{line} imports {name}"
        for path in sources(package)
        for line, name in imported(path)
        if name.split(".")[0] in PROJECT and name.split(".")[0] not in MAY_IMPORT[package]
    ]
    assert not bad, "\n".join(bad)
