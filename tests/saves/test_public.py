"""The machine's public folder (issue 32): a player's process lists the game
it plays and keeps a copy of its log for watchers; a reader believes a folder
only when the account it is named after owns it, and each file in it."""

from __future__ import annotations

import os
import pwd
import time

import msgspec
import pytest

from engine import Game
from saves import AutoSave, public, public_scores, scores
from saves.follow import Follower
from tests.public_folder import public_folder


@pytest.fixture
def pub(tmp_path, monkeypatch):
    root = public_folder(tmp_path, monkeypatch)
    return root


def playing(tmp_path, mode="station", **options):
    game = Game.new(mode, seed=7, **options)
    save = tmp_path / "tutorial-1.shamble"
    session = AutoSave.create(save, game, fsync=False)
    return game, session, public.publish(game, save)


def test_a_game_played_is_listed_and_its_copy_follows_every_move(pub, tmp_path):
    game, session, publisher = playing(tmp_path)
    assert publisher is not None
    (listed,) = public.live_games()
    assert (listed.player, listed.mode, listed.mission, listed.round) == (
        public.me(),
        "station",
        "tutorial",
        1,
    )
    assert listed.name == "Docking Ring" and listed.watchable
    follower = Follower(public.copy_of(listed))
    game.submit({"type": "search", "survivor": "vega"})
    game.submit({"type": "end_turn", "survivor": "vega"})
    deadline = time.monotonic() + 30
    while len(follower.game.commands) < 2 and time.monotonic() < deadline:
        follower.poll()
    assert follower.game.state == game.state
    assert oct(os.stat(public.copy_of(listed)).st_mode & 0o777) == "0o644"
    follower.close()
    publisher.close()
    session.close()
    assert public.live_games() == []  # closed: taken off the list, copy gone
    assert not list((pub / public.me() / "live").iterdir())


def test_a_game_with_secrets_is_watched_from_its_watchers_stream_never_a_copy(pub, tmp_path):
    _, session, publisher = playing(tmp_path, "outbreak", seats="human,bot")
    (listed,) = public.live_games()
    assert listed.watchable and listed.view and listed.why_not == ""
    assert not (pub / public.me() / "live" / "tutorial-1.shamble").exists()
    assert public.copy_of(listed) == pub / public.me() / "live" / "tutorial-1.view"
    assert oct(os.stat(public.copy_of(listed)).st_mode & 0o777) == "0o644"
    publisher.close()
    session.close()
    assert not list((pub / public.me() / "live").iterdir())


def test_a_game_not_to_be_watched_says_why(pub, tmp_path):
    game = Game.new("station", seed=7)
    save = tmp_path / "tutorial-1.shamble"
    session = AutoSave.create(save, game, fsync=False)
    publisher = public.Publisher(game, save, watchable=False, why_not="its player said so")
    (listed,) = public.live_games()
    with pytest.raises(public.SaveError, match="cannot be watched: its player said so"):
        public.copy_of(listed)
    publisher.close()
    session.close()


def test_nothing_is_published_without_a_public_folder_or_when_turned_off(tmp_path, monkeypatch):
    monkeypatch.delenv(public.ENV, raising=False)
    monkeypatch.setattr(public, "SHARED_ROOT", tmp_path / "no-such-folder")
    monkeypatch.setenv("SHAMBLE_HOME", str(tmp_path / "home"))
    assert public.root() is None and not public.enabled()
    assert playing(tmp_path)[2] is None
    monkeypatch.setenv(public.ENV, str(tmp_path))
    public.set_setting("off")
    assert not public.enabled()


def test_a_dead_players_record_is_not_listed(pub, tmp_path):
    _, session, publisher = playing(tmp_path)
    record = publisher.record_path
    stale = msgspec.structs.replace(
        msgspec.json.decode(record.read_bytes(), type=public.LiveGame), pid=2**22 + 12345
    )
    record.write_bytes(msgspec.json.encode(stale))
    assert public.live_games() == []
    session.close()


@pytest.mark.skipif(os.geteuid() != 0, reason="making another account's files needs root")
def test_a_folder_or_file_not_its_accounts_own_is_passed_over(pub, tmp_path):
    nobody = pwd.getpwnam("nobody")
    # a folder named after this account but owned by another: not believed, not written
    mine = pub / public.me()
    mine.mkdir()
    os.chown(mine, nobody.pw_uid, nobody.pw_gid)
    with pytest.raises(public.SaveError, match="not this account's own"):
        public.my_folder()
    os.chown(mine, os.geteuid(), os.getegid())
    # a score line another account put in this player's folder: not read
    scores_file = mine / "scores.jsonl"
    line = scores.Score("tutorial", 999, ("vega",), 3, 1, "won", date="2026-12-01")
    scores_file.write_bytes(msgspec.json.encode(line) + b"\n")
    os.chown(scores_file, nobody.pw_uid, nobody.pw_gid)
    assert public_scores.server_scores() == []
    os.chown(scores_file, os.geteuid(), os.getegid())
    assert public_scores.server_scores() == [(public.me(), line)]
    # a folder named after an account that does not own it: passed over
    (pub / "nobody").mkdir()
    (pub / "nobody" / "scores.jsonl").write_bytes(msgspec.json.encode(line) + b"\n")
    assert [p for p, _ in public_scores.server_scores()] == [public.me()]


def test_the_scoreboard_ranks_every_player_and_names_the_owner(pub, tmp_path):
    low = scores.Score("tutorial", 10, ("vega",), 9, 1, "won", date="2026-12-01")
    high = scores.Score("tutorial", 50, ("lin",), 5, 2, "won", date="2026-12-02")
    public_scores.publish_all_scores([low])
    public_scores.publish_score(high)
    assert public_scores.server_top("tutorial") == [(public.me(), high), (public.me(), low)]


def test_a_watch_note_names_who_watches_until_it_is_closed(pub, tmp_path):
    _, session, publisher = playing(tmp_path)
    (listed,) = public.live_games()
    note = public.WatchNote(listed)
    assert publisher.watchers() == (public.me(),)
    assert public.live_games()[0].watchers == (public.me(),)
    note.close()
    assert publisher.watchers() == ()
    publisher.close()
    session.close()
