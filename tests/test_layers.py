"""The project's layers (docs/design-notes.md, "Layers"): each top-level package
imports only the packages below it, counting imports inside functions.

    tui      screens, widgets and the mode adapters
    hosting  shared games: host, server, broker, client, wire format
    saves    storage: save files, records, history
    engine   rules: kernel and modes

bench/ and tests/ sit outside the stack and may import anything. A mode's
engine package (engine/<mode>/) is imported only by itself and its UI
adapter (tui/modes/<mode>/): the layers above reach modes through the
kernel, so a new mode needs no line outside those two packages."""

from __future__ import annotations

import ast
from functools import cache
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


@cache
def tree(path: Path) -> ast.Module:
    """A module's syntax tree, parsed once for all the tests here."""
    return ast.parse(path.read_text(encoding="utf-8"), str(path))


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
    for node in ast.walk(tree(path)):
        if isinstance(node, ast.Import):
            found += [(node.lineno, alias.name) for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                stem = package[: len(package) - node.level + 1]
                base = ".".join(stem + ([base] if base else []))
            found.append((node.lineno, base))
            found += [(node.lineno, f"{base}.{alias.name}") for alias in node.names]
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


# -- a mode's engine package is its own -------------------------------------------------
ENGINE_MODES = {p.parent.name for p in (ROOT / "engine").glob("*/__init__.py")} - {
    "core",
    "content",
}


def may_import_mode(path: Path, mode: str) -> bool:
    """Only the mode's own engine package and UI adapter, the bench and the
    tests name a mode's engine package; everything else goes through the
    kernel (engine.core.mode, the Game facade) and the adapter registry."""
    parts = path.relative_to(ROOT).parts
    return parts[:2] in (("engine", mode), ("tui", "modes")) and (
        parts[0] == "engine" or parts[2] == mode
    )


def test_the_mode_rule_knows_the_modes():
    assert {"station", "siege", "sniper", "outbreak"} <= ENGINE_MODES
    assert may_import_mode(ROOT / "tui" / "modes" / "siege" / "keys.py", "siege")
    assert not may_import_mode(ROOT / "tui" / "modes" / "siege" / "keys.py", "sniper")
    assert not may_import_mode(ROOT / "saves" / "records.py", "station")


@pytest.mark.parametrize("package", sorted(MAY_IMPORT))
def test_no_module_outside_a_mode_imports_its_engine_package(package):
    bad = []
    for path in sources(package):
        for line, name in imported(path):
            parts = name.split(".")
            if parts[0] == "engine" and len(parts) > 1 and parts[1] in ENGINE_MODES:
                if not may_import_mode(path, parts[1]):
                    bad.append(f"{path.relative_to(ROOT)}:{line} imports {name}")
    assert not bad, "\n".join(bad)


# -- no god modules ------------------------------------------------------------------
MOST_LINES = 600


def test_no_module_of_the_project_is_over_600_lines():
    """A module that grows past this is doing several things: split it the way
    the mode adapters are (play, keys, status, scene, narration, panels)."""
    long = [
        f"{path.relative_to(ROOT)}: {n} lines"
        for package in sorted(PROJECT)
        for path in sources(package)
        if (n := len(path.read_text(encoding="utf-8").splitlines())) > MOST_LINES
    ]
    assert not long, "\n".join(long)


# -- no import cycles ----------------------------------------------------------------
def project_modules() -> dict[str, Path]:
    return {
        module_name(path): path
        for package in sorted(PROJECT - {"tests"})
        for path in sources(package)
    }


def import_graph() -> dict[str, set[str]]:
    """module -> the project modules it imports: `from a import b` names module
    a.b when there is one, else a (its __init__)."""
    modules = project_modules()
    graph = {}
    for name, path in modules.items():
        edges = set()
        for node in ast.walk(tree(path)):
            if isinstance(node, ast.Import):
                edges |= {alias.name for alias in node.names if alias.name in modules}
            elif isinstance(node, ast.ImportFrom):
                base = absolute(path, node)
                for alias in node.names:
                    sub = f"{base}.{alias.name}"
                    edges.add(sub if sub in modules else base)
        graph[name] = {m for m in edges if m in modules and m != name}
    return graph


def absolute(path: Path, node: ast.ImportFrom) -> str:
    here = module_name(path).split(".")
    package = here if path.name == "__init__.py" else here[:-1]
    base = node.module or ""
    if node.level:
        stem = package[: len(package) - node.level + 1]
        base = ".".join(stem + ([base] if base else []))
    return base


def cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The import knots: each strongly connected set of two or more modules
    (Tarjan's algorithm, without recursion), with one loop through it spelled out."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found = []
    for root in sorted(graph):
        if root in index:
            continue
        work = [(root, iter(sorted(graph[root])))]
        index[root] = low[root] = len(index)
        stack.append(root)
        on_stack.add(root)
        while work:
            node, edges = work[-1]
            nxt = next(edges, None)
            if nxt is not None:
                if nxt not in index:
                    index[nxt] = low[nxt] = len(index)
                    stack.append(nxt)
                    on_stack.add(nxt)
                    work.append((nxt, iter(sorted(graph[nxt]))))
                elif nxt in on_stack:
                    low[node] = min(low[node], index[nxt])
                continue
            work.pop()
            if work:
                low[work[-1][0]] = min(low[work[-1][0]], low[node])
            if low[node] == index[node]:
                knot = []
                while True:
                    member = stack.pop()
                    on_stack.discard(member)
                    knot.append(member)
                    if member == node:
                        break
                if len(knot) > 1:
                    found.append(loop_in(graph, set(knot)))
    return found


def loop_in(graph: dict[str, set[str]], knot: set[str]) -> list[str]:
    """One import loop inside a knot: from its first module back to it."""
    start = min(knot)
    came = {start: None}
    queue = [start]
    while queue:
        node = queue.pop(0)
        for nxt in sorted(graph[node] & knot):
            if nxt == start:
                path = [node]
                while came[path[-1]] is not None:
                    path.append(came[path[-1]])
                return (
                    [start, *reversed(path[:-1]), start] if len(path) > 1 else [start, node, start]
                )
            if nxt not in came:
                came[nxt] = node
                queue.append(nxt)
    return sorted(knot)


def test_the_cycle_finder_finds_a_knot_and_its_loop():
    graph = {"a": {"b"}, "b": {"c"}, "c": {"a", "d"}, "d": set(), "e": {"e2"}, "e2": {"e"}}
    assert sorted(cycles(graph)) == [["a", "b", "c", "a"], ["e", "e2", "e"]]
    assert cycles({"a": {"b"}, "b": set()}) == []


def test_the_graph_holds_imports_inside_functions():
    graph = import_graph()
    assert "hosting.cli" in graph["tui.cli"]  # imported inside `shamble join`
    assert "tui.screens.dialogs" in graph["tui.app"]


def test_no_module_of_the_project_imports_itself_round_a_loop():
    knots = cycles(import_graph())
    assert not knots, "import cycles:\n" + "\n".join(" -> ".join(k) for k in knots)
