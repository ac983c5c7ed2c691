import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).parent))

import toymode  # noqa: E402,F401  (registers the "tally" mode)


@pytest.fixture
def home(tmp_path, monkeypatch):
    """$SHAMBLE_HOME pointed at a fresh directory."""
    monkeypatch.setenv("SHAMBLE_HOME", str(tmp_path / "home"))
    return tmp_path / "home"
