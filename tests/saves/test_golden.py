"""Golden saves committed under tests/golden must load in every later version."""

import json
import shutil
from pathlib import Path

import msgspec
import pytest

from engine.core import log
from saves import AutoSave, load
from saves.files import decode, read_bytes
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
# range draw zombies, so these two tutorials' walkers now move in round 1. Issue 24
# made the Sniper commander's units look after each of his commands and the AI hunt,
# so the first commander turn of these Sniper games plays out otherwise. Issue 25
# changed Siege's zombie AI (clarification 9: the quickest way in zombie turns), so
# these Siege games' zombie turns differ from the first one a horde walks in. Issue
# 27 named in an effect's events the seat who played its card (outbreak rules 2),
# so this honest game verifies up to its Fire Axe.
RULES_CHANGED_AT = {
    "v1-station-tutorial": ("station", 2),
    "v2-station-honest": ("station", 4),
    "v1-sniper-casual": ("sniper", 1),
    "v2-sniper-casual": ("sniper", 3),
    "v3-sniper-whole": ("sniper", 1),
    "v1-siege-casual": ("siege", 33),
    "v2-siege-honest": ("siege", 59),
    "v3-siege-honest": ("siege", 66),
    "v2-outbreak-honest": ("outbreak", 11),
}


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.stem)
def test_golden_save_verifies_from_scratch(path):
    report = verify(path)
    assert report.ok, report.text()
    mode, changed = RULES_CHANGED_AT.get(path.stem, ("", None))
    if not mode:
        assert not report.rules_changed
        assert report.commands == sum(1 for f in load(path).journal if hasattr(f, "command"))
        assert report.text().endswith(("checked and equal", "no snapshot to check")) or (
            "skipped" in report.text()
        )
        return
    assert report.rules_changed.startswith(f"journal frame {changed}: the command ")
    assert f"recorded under {mode} rules 1 and today's are rules 2" in report.rules_changed
    assert "verified up to the rules change" in report.text()
    frames = decode(path, read_bytes(path)).frames[:changed]  # snapshots are frames too
    undone = sum(1 for f in frames if isinstance(f, log.UndoMark))
    assert report.commands == sum(1 for f in frames if hasattr(f, "command"))
    assert report.undos == undone


def test_new_games_record_the_rules_they_are_played_under():
    from engine import Game

    assert Game.new("station").setup.rules == 2
    assert (
        log.decode_log(
            GOLDEN.joinpath("v1-station-tutorial.shamble").read_bytes()
        ).header.setup.rules
        == 1
    )


def test_damage_is_never_taken_for_a_rules_change(tmp_path):
    """A save recorded under today's rules whose stored events were altered fails."""
    from engine import Game

    g = Game.new("station", seed=3)
    g.submit({"type": "open_door", "survivor": "vega", "door": "a-b"})
    entry = g._entries[-1]
    forged = msgspec.structs.replace(entry, events=entry.events[:-1])
    g._entries[-1] = forged
    g.journal[-1] = forged
    g.save(tmp_path / "forged.shamble")
    report = verify(tmp_path / "forged.shamble")
    assert not report.ok and not report.rules_changed
    assert "gives other events on replay" in report.problems[0]


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


OLDER = [p for p in FILES if log.decode_log(p.read_bytes()).format < log.FORMAT_VERSION]


@pytest.mark.parametrize("path", OLDER, ids=lambda p: p.stem)
def test_playing_on_an_older_save_of_any_mode_rewrites_it_in_the_current_format(tmp_path, path):
    """Formats 1 and 2 of every mode: the autosave's next write is the whole game
    in the current format, and it reads back as the same game plus that move."""
    copy = tmp_path / path.name
    shutil.copy(path, copy)
    before = load(copy)
    with AutoSave.resume(copy) as session:
        game = session.game
        if game.can_undo():
            game.undo()
            before.undo()
        elif game.legal_commands():
            command = game.bot_command() or game.legal_commands()[0]
            game.submit(command)
            before.submit(command)
        else:  # a finished game its policy will not undo: nothing is ever written
            assert game.outcome is not None
        rewritten = game.journal != load(path).journal
        assert log.decode_log(copy.read_bytes()).format == (
            log.FORMAT_VERSION if rewritten else log.decode_log(path.read_bytes()).format
        )
    after = load(copy)
    assert after.journal == before.journal and after.state == before.state
    assert after.undo_count == before.undo_count and after.header().setup == before.setup
