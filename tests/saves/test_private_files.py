"""Saves, scores, seat tables and their folders are the player's own: created
0600 and 0700 whatever the umask, the home folder's missing parents too."""

from __future__ import annotations

import os
import stat

import pytest

from engine import Game
from saves import AutoSave, slots
from saves.scores import Score, record


def mode_of(path) -> int:
    return stat.S_IMODE(os.stat(path).st_mode)


@pytest.fixture
def open_umask(tmp_path, monkeypatch):
    home = tmp_path / "made" / "by" / "shamble"  # none of it exists yet
    monkeypatch.setenv("SHAMBLE_HOME", str(home))
    old = os.umask(0)  # a umask that keeps nothing private
    try:
        yield tmp_path, home
    finally:
        os.umask(old)


def test_a_save_and_its_folders_are_private(open_umask):
    _, home = open_umask
    game = Game.new("station", mission="tutorial", seed=1)
    path = slots.new_slot_path(game)
    with AutoSave.create(path, game, fsync=False):
        game.submit(game.legal_commands()[0])
    assert mode_of(path) == 0o600
    for folder in (home / "saves", home, home.parent, home.parent.parent):
        assert mode_of(folder) == 0o700, folder
    copy = slots.import_save(path, "copy")  # written whole, through a temporary file
    assert mode_of(copy) == 0o600


def test_the_score_table_is_private(open_umask):
    _, home = open_umask
    record(Score(table="tutorial", score=3, survivors=("vega",), rounds=2, seed=1, outcome="won"))
    assert mode_of(home / "scores.jsonl") == 0o600 and mode_of(home) == 0o700


def test_a_shared_games_seat_table_is_private(open_umask):
    from hosting.seats import SeatTable, seat_file, seat_specs

    _, home = open_umask
    game = Game.new("station", mission="tutorial", seed=1, players="2")
    path = seat_file(home, "g1")
    SeatTable(seat_specs(game), path).save()
    assert mode_of(path) == 0o600 and mode_of(path.parent) == 0o700
