"""The engine stays pure (STYLE 1, 6) and the code stays linted."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def test_engine_imports_no_ui_and_no_storage():
    code = (
        "import sys, engine\n"
        "from engine import Game\n"
        "Game.new('station', mission='tutorial', seed=1).legal_commands()\n"
        "bad = [m for m in sys.modules if m.split('.')[0] in ('textual', 'rich', 'saves', 'tui')]\n"
        "print(','.join(bad))\n"
    )
    out = subprocess.run(
        [sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, check=True
    )
    assert out.stdout.strip() == ""


def test_engine_has_no_clock_and_no_global_random():
    offenders = []
    for path in (ROOT / "engine").rglob("*.py"):
        rel = path.relative_to(ROOT).as_posix()
        text = path.read_text()
        for needle in (
            "time.time(",
            "datetime.now(",
            "uuid4(",
            "random.random(",
            "random.randint(",
        ):
            if needle in text:
                offenders.append(f"{rel}: {needle}")
        if "import random" in text and rel not in ("engine/core/rng.py",):
            offenders.append(f"{rel}: import random")
    assert offenders == []


def test_ruff_lint_and_format():
    lint = subprocess.run(
        [sys.executable, "-m", "ruff", "check", "."], cwd=ROOT, capture_output=True, text=True
    )
    assert lint.returncode == 0, lint.stdout + lint.stderr
    fmt = subprocess.run(
        [sys.executable, "-m", "ruff", "format", "--check", "."],
        cwd=ROOT,
        capture_output=True,
        text=True,
    )
    assert fmt.returncode == 0, fmt.stdout + fmt.stderr


def test_test_modules_have_unique_names():
    """pytest imports test files by basename (no packages under tests/): two files of
    one name would shadow each other, and a helper module of one name imported from
    two folders would register only one of them."""
    import re

    seen: dict[str, str] = {}
    clashes = []
    for path in sorted((ROOT / "tests").rglob("*.py")):
        if path.name == "conftest.py" or "__snapshots__" in path.parts:
            continue
        rel = path.relative_to(ROOT).as_posix()
        if path.name in seen:
            clashes.append(f"{seen[path.name]} ~ {rel}")
        seen.setdefault(path.name, rel)
    assert clashes == []
    importers = [
        p.relative_to(ROOT).as_posix()
        for p in (ROOT / "tests").rglob("*.py")
        if re.search(r"^\s*(from conftest import|import conftest\b)", p.read_text(), re.M)
    ]
    assert importers == [], (
        "every test folder's conftest is module 'conftest': import helpers by name"
    )


def test_every_rule_id_in_the_players_rules_has_a_test():
    """docs/rules*.md name each rule by its id; a scenario test names it too
    (as "ST-5.3" in a comment or docstring, or "ST_5_3" in a test's name)."""
    import re

    ids: set[str] = set()
    for path in sorted((ROOT / "docs").glob("rules*.md")):
        if path.name == "rules-notes.md":
            continue
        ids |= set(re.findall(r"\b(?:ST|SI|SN|OB|K)-[0-9A-Z]+(?:\.[0-9]+)?\b", path.read_text()))
    assert len(ids) > 80
    tests = "\n".join(p.read_text() for p in (ROOT / "tests").rglob("*.py"))
    missing = [
        rid
        for rid in sorted(ids)
        if not re.search(rf"{re.escape(rid)}\b", tests)
        and not re.search(rf"(?i){rid.replace('-', '_').replace('.', '_')}(?![0-9])", tests)
    ]
    assert missing == []
