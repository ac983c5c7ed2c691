"""Fixtures for the TUI tests: a private $SHAMBLE_HOME and seeded apps."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).parent))


@pytest.fixture(autouse=True)
def home(tmp_path, monkeypatch):
    """Every TUI test saves into its own $SHAMBLE_HOME."""
    monkeypatch.setenv("SHAMBLE_HOME", str(tmp_path / "home"))
    return tmp_path / "home"


@pytest.fixture
def place(monkeypatch):
    """A shared games' place (tests/coop/conftest.py's CoopPlace): the host's
    socket folder, its hosts stopped after the test. Root only: the other
    player is another account."""
    from tests.coop.conftest import CoopPlace, needs_root

    needs_root()
    where = CoopPlace()
    monkeypatch.setenv("SHAMBLE_COOP_DIR", str(where.dir))
    try:
        yield where
    finally:
        where.close()
