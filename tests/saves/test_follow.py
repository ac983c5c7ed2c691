"""Following a save another process is playing (watch): read-only, no lock,
whole frames only, and a fresh read when the file is replaced or shrinks."""

import os
import random
import select
import shutil
import subprocess
import sys
import threading
import time
from pathlib import Path

import msgspec
import pytest

from engine import Game
from engine.core import log
from saves import AutoSave, SaveError, load
from saves.follow import Follower, Update
from saves.history import default_viewer

ROOT = Path(__file__).parent.parent.parent
GOLDEN = ROOT / "tests" / "golden"
SEED = 21


def played(seed=SEED, frames=60, undo_share=0.15, rnd_seed=3):
    """A station game of random commands with undos and redos among them."""
    g = Game.new("station", mission="tutorial", seed=seed, survivors=["vega", "okafor", "lin"])
    rnd = random.Random(rnd_seed)
    while g.outcome is None and len(g.journal) < frames:
        r = rnd.random()
        if r < undo_share and g.can_undo():
            g.undo()
        elif r < undo_share * 1.5 and g.can_redo():
            g.redo()
        else:
            g.submit(rnd.choice(g.legal_commands()))
    return g


def frame_by_frame(game: Game, snapshot: bool = True) -> bytes:
    """The game's log as an autosave writes it, one journal item to a frame (a
    save written whole packs many items into a frame)."""
    data = log.encode_header(game.header()) + b"".join(log.encode_frame(i) for i in game.journal)
    return data + (game.snapshot_frame() or b"") if snapshot else data


def same(follower: Follower, game: Game) -> bool:
    return follower.game.journal == game.journal and follower.game.state == game.state


def test_a_second_process_playing_one_command_at_a_time_is_followed_to_the_end(tmp_path):
    """A real `shamble script --save` reading commands from a pipe: after each
    command the follower catches up by itself, and ends equal to the writer."""
    reference = Game.new("station", mission="tutorial", seed=SEED)
    rnd = random.Random(5)
    while reference.outcome is None and len(reference.commands) < 40:
        reference.submit(rnd.choice(reference.legal_commands()))
    path = tmp_path / "live.shamble"
    cli = [sys.executable, "-m", "tui.cli", "script", "--mission", "tutorial"]
    proc = subprocess.Popen(
        [*cli, "--seed", str(SEED), "--save", str(path), "-"],
        stdin=subprocess.PIPE,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
        cwd=ROOT,
    )
    try:
        deadline = time.monotonic() + 20
        while True:  # the writer creates the save before it reads a command
            try:
                follower = Follower(path)
                break
            except SaveError:
                assert time.monotonic() < deadline and proc.poll() is None
                time.sleep(0.02)
        assert (
            follower.game.journal == []
            and follower.game.state == Game.new("station", mission="tutorial", seed=SEED).state
        )
        sent = 0
        for n, command in enumerate(reference.commands, 1):
            proc.stdin.write(msgspec.json.encode(command) + b"\n")
            proc.stdin.flush()
            if rnd.random() < 0.3 and n < len(reference.commands):
                continue  # now and then two commands land before the follower looks
            sent = n
            deadline = time.monotonic() + 10
            while len(follower.game.journal) < sent:
                update = follower.wait(0.5, interval=0.005)
                assert not update.error and not update.reloaded, update
                assert time.monotonic() < deadline, "the follower never saw the command"
            assert follower.game.journal == reference.journal[:sent]
            assert follower.game.state == reference._states[sent]
        proc.stdin.close()
        assert proc.wait(30) == 0, proc.stderr.read()
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()
    follower.poll()
    assert same(follower, load(path)) and same(follower, reference)
    assert follower.reloads == 0
    follower.close()


def test_undo_and_redo_by_the_player_reach_the_spectator_as_frames(tmp_path):
    game = played(frames=0)
    session = AutoSave.create(tmp_path / "a.shamble", game, fsync=False, snapshot_every=5)
    follower = Follower(tmp_path / "a.shamble")
    rnd = random.Random(1)
    seen = []
    while game.outcome is None and len(game.journal) < 80:
        r = rnd.random()
        if r < 0.2 and game.can_undo():
            game.undo()
        elif r < 0.3 and game.can_redo():
            game.redo()
        else:
            game.submit(rnd.choice(game.legal_commands()))
        if rnd.random() < 0.5:
            update = follower.poll()
            assert not update.reloaded and not update.error
            seen.extend(update.frames)
            assert same(follower, game)
    seen.extend(follower.poll().frames)
    assert seen == game.journal  # snapshots are not reported: they are no move
    assert any(isinstance(f, log.UndoMark) for f in seen)
    assert any(isinstance(f, log.RedoMark) for f in seen)
    assert follower.game.undo_count == game.undo_count
    session.close()


def test_the_follower_takes_no_lock_and_never_writes(tmp_path):
    path = tmp_path / "a.shamble"
    game = played(frames=10)
    assert game.outcome is None
    path.write_bytes(game.to_bytes())
    before = (path.read_bytes(), os.stat(path).st_mtime_ns)
    follower = Follower(path)
    for _ in range(3):
        assert follower.poll() == Update()
    assert (path.read_bytes(), os.stat(path).st_mtime_ns) == before
    # the player can still open the save for play while it is watched
    with AutoSave.resume(path, fsync=False) as session:
        session.game.submit(session.game.legal_commands()[0])
        update = follower.poll()
        assert len(update.frames) == 1 and same(follower, session.game)
    follower.close()


def test_a_frame_still_being_written_is_applied_only_once_whole(tmp_path):
    """The save grows a few bytes at a time; each poll applies exactly the frames
    that are whole so far, never a partial one, and nothing is read twice."""
    source = tmp_path / "source.shamble"
    game = played()
    AutoSave.create(source, game, fsync=False, snapshot_every=4).close()
    full = source.read_bytes()
    decoded = log.decode_log(full)
    header_end = len(log.encode_header(decoded.header))
    batch = log.read_frames("station", full, header_end)
    frames = batch.items
    # each item is whole once its frame is (a save written whole packs many to a frame)
    bounds = sorted(set(batch.starts)) + [batch.end]
    ends = [bounds[bounds.index(start) + 1] for start in batch.starts]
    path = tmp_path / "live.shamble"
    path.write_bytes(full[:header_end])
    follower = Follower(path)
    rnd = random.Random(9)
    at = header_end
    with open(path, "ab") as f:
        while at < len(full):
            step = rnd.choice([1, 2, 5, 9, 40, 300])
            f.write(full[at : at + step])
            f.flush()
            at = min(len(full), at + step)
            update = follower.poll()
            assert not update.reloaded and not update.error
            whole = sum(1 for e in ends if e <= at)
            expected = [i for i in frames[:whole] if not isinstance(i, log.Snapshot)]
            assert follower.game.journal == expected
    assert same(follower, game) and follower.reloads == 0


def test_a_frame_whose_bytes_land_after_its_size_is_read_again(tmp_path):
    """The file already has the frame's full size but its bytes are still zeros,
    then still wrong: nothing is applied until they are right, at the same size."""
    game = played(frames=10)
    path = tmp_path / "a.shamble"
    path.write_bytes(game.to_bytes())
    follower = Follower(path)
    game.submit(game.legal_commands()[0])
    frame = log.encode_frame(game.journal[-1])
    end = path.stat().st_size
    with open(path, "r+b") as f:
        f.seek(end)
        f.write(b"\x00" * len(frame))  # the size first
        f.flush()
        assert follower.poll() == Update()
        f.seek(end)
        f.write(frame[:-3] + b"\x00\x00\x00")  # most of it
        f.flush()
        assert follower.poll() == Update()
        f.seek(end)
        f.write(frame)
        f.flush()
    os.utime(path, ns=(0, os.stat(path).st_mtime_ns))  # no tell-tale time stamp
    update = follower.poll()
    assert update.frames == (game.journal[-1],) and same(follower, game)


def test_a_save_replaced_by_rename_is_read_again(tmp_path):
    path = tmp_path / "a.shamble"
    first = played(frames=30)
    path.write_bytes(first.to_bytes())
    follower = Follower(path)
    other = played(frames=45, rnd_seed=11)
    other.save(path)  # temp file, then rename over the save
    update = follower.poll()
    assert update.reloaded and "replaced" in update.reloaded
    assert same(follower, other) and follower.reloads == 1
    assert follower.poll() == Update()


def test_an_old_format_save_rewritten_by_its_player_is_read_again(tmp_path):
    path = tmp_path / "old.shamble"
    shutil.copy(GOLDEN / "v1-station-tutorial.shamble", path)
    follower = Follower(path)
    assert same(follower, load(path))
    with AutoSave.resume(path, fsync=False) as session:
        session.game.undo()  # the first frame rewrites the save in today's format
        assert follower.poll().reloaded
        assert same(follower, session.game)
        session.game.redo()  # then it appends as usual
        update = follower.poll()
        assert update.frames == (log.RedoMark(),) and same(follower, session.game)


def test_a_save_that_shrinks_is_read_again(tmp_path):
    """A rollback (the writer truncates what it could not make durable) takes
    moves back: the follower reads the save again and shows what is left."""
    path = tmp_path / "a.shamble"
    game = played(frames=40)
    path.write_bytes(frame_by_frame(game))
    follower = Follower(path)
    full = path.read_bytes()
    header_end = len(log.encode_header(log.decode_log(full).header))
    batch = log.read_frames("station", full, header_end)
    cut = batch.starts[20]  # a frame boundary: 20 frames stay
    os.truncate(path, cut)
    update = follower.poll()
    assert "shrank" in update.reloaded
    assert follower.game.journal == game.journal[:20] == load(path).journal
    os.truncate(path, cut - 3)  # into a frame: that frame is dropped as torn
    assert follower.poll().reloaded
    assert follower.game.journal == game.journal[:19]
    assert follower.game.load_warnings  # the torn frame was named


def test_a_last_frame_taken_back_and_written_again_at_the_same_size_is_noticed(tmp_path):
    """An undo mark rolled back and a redo mark written in its place: same size,
    other bytes. The follower sees its last frame changed and reads it all again."""
    game = played(frames=20, undo_share=0)
    game.undo()
    game.undo()
    path = tmp_path / "a.shamble"
    path.write_bytes(frame_by_frame(game, snapshot=False))
    follower = Follower(path)
    assert follower.game.state == game.state
    undo, redo = log.encode_frame(log.UndoMark()), log.encode_frame(log.RedoMark())
    assert len(undo) == len(redo) and path.read_bytes().endswith(undo)
    with open(path, "r+b") as f:
        f.seek(-len(undo), os.SEEK_END)
        f.write(redo)
    update = follower.poll()
    assert "written again" in update.reloaded
    now = load(path)  # ..., undo, redo: the last command is back
    assert isinstance(now.journal[-1], log.RedoMark) and now.state != game.state
    assert same(follower, now) and not follower.game.can_redo()


def test_damage_is_reported_once_and_the_game_kept(tmp_path):
    path = tmp_path / "a.shamble"
    game = played(frames=20)
    path.write_bytes(game.to_bytes())
    follower = Follower(path)
    data = bytearray(path.read_bytes())
    data[len(data) // 2] ^= 0xFF
    data += b"more bytes that make the damage not the last frame"
    path.write_bytes(bytes(data))
    update = follower.poll()
    assert update.error and not update.changed
    assert same(follower, game)
    reads = follower.reloads
    assert follower.poll().error == update.error and follower.reloads == reads
    path.unlink()
    assert "gone" in follower.poll().error


def test_a_spectator_sees_the_players_view_not_the_whole_truth(tmp_path):
    """K-7: zombies in a dark zone are in the summary but not in what a
    spectator is shown."""
    game = Game.new("station", mission="airlock", seed=SEED)
    summary, view = game.summary(), game.view("players")
    hidden = {z for z in summary["zombies"] if z in summary["dark"]}
    assert hidden and not hidden & set(view["zombies"])
    path = tmp_path / "a.shamble"
    path.write_bytes(game.to_bytes())
    with Follower(path) as follower:
        assert follower.viewer == "players"
        assert follower.view() == view
    with Follower(path, viewer="someone") as follower:
        assert follower.view()["viewer"] == "someone"


def test_a_mode_names_its_spectators_viewer():
    class SniperLike:
        spectator_viewer = "sniper"

    assert default_viewer(SniperLike()) == "sniper"
    assert default_viewer(object()) == "players"


def test_what_cannot_be_followed_is_refused_with_the_file_named(tmp_path):
    with pytest.raises(SaveError, match="no such save"):
        Follower(tmp_path / "missing.shamble")
    (tmp_path / "empty.shamble").write_bytes(b"")
    with pytest.raises(SaveError, match="empty.shamble"):
        Follower(tmp_path / "empty.shamble")
    with pytest.raises(SaveError, match="not a regular file"):
        Follower(tmp_path)


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="inotify is Linux's")
def test_on_linux_a_write_wakes_the_follower_at_once(tmp_path):
    """With inotify a spectator waiting with a 5 s poll interval still sees a
    move within moments of its write; the descriptor suits an event loop."""
    game = played(frames=10)
    assert game.outcome is None
    session = AutoSave.create(tmp_path / "a.shamble", game, fsync=False)
    follower = Follower(tmp_path / "a.shamble")
    assert follower.fileno() is not None
    follower.drain()
    assert select.select([follower.fileno()], [], [], 0)[0] == []
    command = game.legal_commands()[0]
    writer = threading.Timer(0.2, game.submit, [command])
    writer.start()
    t0 = time.monotonic()
    update = follower.wait(timeout=5, interval=5)
    took = time.monotonic() - t0
    writer.join()
    assert len(update.frames) == 1 and same(follower, game)
    assert 0.15 < took < 2, took
    game.undo()
    assert select.select([follower.fileno()], [], [], 2)[0]
    follower.drain()
    assert follower.poll().frames == (log.UndoMark(),)
    follower.close()
    assert follower.fileno() is None
    session.close()


def test_read_frames_gives_whole_frames_and_where_the_next_read_starts():
    game = played(frames=12)
    data = frame_by_frame(game)
    start = len(log.encode_header(game.header()))
    whole = log.read_frames("station", data, start)
    assert whole.items[:-1] == game.journal and isinstance(whole.items[-1], log.Snapshot)
    assert whole.end == len(data) and whole.pending == 0 and whole.starts[0] == start
    cut = whole.starts[5] + 3  # three bytes into the sixth frame
    part = log.read_frames("station", data[:cut], start)
    assert part.items == game.journal[:5] and part.end == whole.starts[5] and part.pending == 3
    again = log.read_frames("station", data, part.end)  # the next read: fresh bytes
    assert again.items == whole.items[5:]
    damaged = bytearray(data)
    damaged[whole.starts[2] + 12] ^= 0xFF  # inside a frame with more after it
    with pytest.raises(log.LogError, match=f"byte {1000 + whole.starts[2]}"):
        log.read_frames("station", bytes(damaged), start, base=1000)
    zeros = data[: whole.starts[3]] + b"\x00" * 40  # room made, bytes not yet there
    assert log.read_frames("station", zeros, start).items == game.journal[:3]
