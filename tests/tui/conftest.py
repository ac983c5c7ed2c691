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


@pytest.fixture(autouse=True)
def whole_status_lines(monkeypatch):
    """Issue 28's sweep: every status line and prompt any pilot test here has
    the game screen say is read at the width it is shown in (80 columns in
    most tests), and a word the line's two rows cannot show whole fails the
    test. tests/tui/test_status_width.py walks every mode's keys as well."""
    from tui.widgets.panels import StatusLine, cut_words

    cut: list[str] = []
    say = StatusLine.say

    def said(self, text):
        say(self, text)
        room = self.room()
        lost = cut_words(text, room)
        if lost:
            mode = getattr(getattr(self.screen, "game", None), "setup", None)
            cut.append(f"{getattr(mode, 'mode', '?')} at {room} cells, {lost} lost: {text}")

    monkeypatch.setattr(StatusLine, "say", said)
    yield cut
    if cut:
        pytest.fail("a status line was cut:\n" + "\n".join(dict.fromkeys(cut)), pytrace=False)


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
