"""Golden saves committed under tests/golden must load in every later version."""

import json
import shutil
from pathlib import Path

import pytest

from engine.core import log
from saves import AutoSave, load
from saves.verify import verify

GOLDEN = Path(__file__).parent.parent / "golden"
FILES = sorted(GOLDEN.glob("*.shamble"))


def test_there_are_golden_saves_of_every_format():
    formats = {log.decode_log(p.read_bytes()).format for p in FILES}
    assert formats == set(range(log.FIRST_FORMAT, log.FORMAT_VERSION + 1))


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.stem)
def test_golden_save_loads_as_it_was_played(path):
    expected = json.loads(path.with_suffix(".json").read_text())
    game = load(path)
    assert game.load_warnings == []
    assert json.loads(json.dumps(game.summary())) == expected["summary"]
    assert len(game.commands) == expected["commands"]
    assert len(game.journal) == expected["journal"]
    assert game.undo_count == expected["undo_count"]
    assert (game.can_undo(), game.can_redo()) == (expected["can_undo"], expected["can_redo"])
    assert game.replay_state() == game.state  # snapshots agree with the events


# Saves recorded before a fix to the rules still load as they were played (their events
# are facts), but deciding their commands again under today's rules gives other events
# from the first command the fix touches: verify must agree on everything before that
# and name that journal frame. Issue 14 fixed ST-5.3: quiet survivors within hearing
# range draw zombies, so these two tutorials' walkers now move in round 1.
RULES_CHANGED_AT = {"v1-station-tutorial": 2, "v2-station-honest": 4}


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.stem)
def test_golden_save_verifies_from_scratch(path):
    report = verify(path)
    changed = RULES_CHANGED_AT.get(path.stem)
    if changed is None:
        assert report.ok, report.text()
        assert report.commands == sum(1 for f in load(path).journal if hasattr(f, "command"))
        return
    (problem,) = report.problems
    assert problem.startswith(f"journal frame {changed}: the command ")
    assert problem.endswith("gives other events on replay")
    journal = load(path).journal[:changed]
    assert report.commands == sum(1 for f in journal if hasattr(f, "command"))


def test_v1_save_migrates_its_undo_count():
    path = GOLDEN / "v1-station-tutorial.shamble"
    decoded = log.decode_log(path.read_bytes())
    assert decoded.format == 1
    marks = sum(isinstance(f, log.UndoMark) for f in decoded.frames)
    assert marks > 0
    # v1 headers held the total undo count, which the marks count again
    assert decoded.header.undo_count == 0
    assert load(path).undo_count == marks


def test_playing_on_a_v1_save_rewrites_it_in_the_current_format(tmp_path):
    path = tmp_path / "old.shamble"
    shutil.copy(GOLDEN / "v1-station-tutorial.shamble", path)
    before = load(path)
    with AutoSave.resume(path) as session:
        assert path.read_bytes() == (GOLDEN / "v1-station-tutorial.shamble").read_bytes()
        assert session.game.undo()
    decoded = log.decode_log(path.read_bytes())
    assert decoded.format == log.FORMAT_VERSION
    after = load(path)
    assert after.undo_count == before.undo_count + 1
    before.undo()
    assert after.commands == before.commands and after.state == before.state
    assert after.can_redo()
