"""Autosave sessions: append + flush per frame, OS lock, resume, read-only load."""

import os
import signal
import subprocess
import sys
import textwrap
import time

import pytest

from engine import Game, LogError
from engine.core import log
from saves import AutoSave, SaveError, load


def new_tally(undo="casual"):
    return Game.new("tally", mission="plain", seed=2, undo=undo)


def test_every_frame_is_on_disk_when_submit_returns(tmp_path):
    path = tmp_path / "g.shamble"
    g = new_tally()
    with AutoSave.create(path, g, snapshot_every=4):
        for n in range(1, 11):
            g.submit({"type": "add", "n": n})
            h = load(path)  # another reader, while the session is open
            assert h.commands == g.commands and h.state == g.state
        g.undo()
        assert load(path).undo_count == 1
        g.redo()
        assert load(path).state == g.state
    snapshots = [f for f in log.decode_log(path.read_bytes()).frames if isinstance(f, log.Snapshot)]
    assert [s.depth for s in snapshots] == [4, 8, 10]  # every 4 frames (undo and redo count)


def test_resume_continues_the_same_file_with_undo_into_the_old_session(tmp_path):
    path = tmp_path / "g.shamble"
    g = new_tally()
    with AutoSave.create(path, g):
        for n in (1, 2, 3):
            g.submit({"type": "add", "n": n})
        g.undo()
    with AutoSave.resume(path) as s:
        h = s.game
        assert h.undo_count == 1 and h.can_redo()
        h.undo()
        h.undo()
        assert h.state.total == 0
        h.submit({"type": "add", "n": 9})
    final = load(path)
    assert final.state.total == 9 and final.undo_count == 3 and not final.can_redo()


def test_a_second_session_on_one_save_is_refused(tmp_path):
    path = tmp_path / "g.shamble"
    g = new_tally()
    with AutoSave.create(path, g):
        with pytest.raises(SaveError, match="another Shamble is playing this save"):
            AutoSave.resume(path)
        with pytest.raises(LogError, match="another Shamble"):
            g.save(path)  # a whole-file save would pull the file from under the session
    with AutoSave.resume(path):
        pass  # closed sessions release the lock


def test_create_refuses_an_existing_save_and_leaves_it_alone(tmp_path):
    path = tmp_path / "g.shamble"
    g = new_tally()
    g.submit({"type": "add", "n": 1})
    g.save(path)
    before = path.read_bytes()
    with pytest.raises(SaveError, match="already exists"):
        AutoSave.create(path, new_tally())
    assert path.read_bytes() == before


def test_resume_and_close_without_acting_leaves_the_file_untouched(tmp_path):
    path = tmp_path / "g.shamble"
    g = new_tally()
    with AutoSave.create(path, g):
        g.submit({"type": "add", "n": 1})
    torn = path.read_bytes() + b"\x00\x00\x05\x99"
    path.write_bytes(torn)
    stamp = os.stat(path).st_mtime_ns
    time.sleep(0.01)
    with AutoSave.resume(path) as s:
        s.game.summary()
        s.game.legal_commands()
    assert path.read_bytes() == torn and os.stat(path).st_mtime_ns == stamp
    with AutoSave.resume(path) as s:
        s.game.submit({"type": "add", "n": 4})  # the torn tail goes, the frame is appended
    data = path.read_bytes()
    assert not data.startswith(torn)
    h = load(path)
    assert h.state.total == 5 and h.load_warnings == []


LOCKER = textwrap.dedent(
    """
    import sys, time
    sys.path.insert(0, {tests!r})
    import toymode
    from engine import Game, LogError
    from saves import AutoSave
    s = AutoSave.resume({path!r})
    print("locked", flush=True)
    time.sleep(60)
    """
)


def test_a_dead_holder_leaves_no_stale_lock(tmp_path):
    path = tmp_path / "g.shamble"
    g = new_tally()
    AutoSave.create(path, g).close()
    code = LOCKER.format(tests=os.path.dirname(__file__), path=str(path))
    proc = subprocess.Popen([sys.executable, "-c", code], stdout=subprocess.PIPE, text=True)
    try:
        assert proc.stdout.readline().strip() == "locked"
        with pytest.raises(SaveError, match="another Shamble is playing this save"):
            AutoSave.resume(path)
        proc.send_signal(signal.SIGKILL)
        proc.wait(10)
    finally:
        proc.kill()
        proc.wait()
    with AutoSave.resume(path) as s:  # the OS dropped the lock with the process
        s.game.submit({"type": "add", "n": 1})
    assert load(path).state.total == 1


def test_write_failure_is_reported_and_leaves_no_half_frame(tmp_path, monkeypatch):
    path = tmp_path / "g.shamble"
    g = new_tally()
    s = AutoSave.create(path, g)
    g.submit({"type": "add", "n": 1})
    good = path.read_bytes()

    real_pwrite = os.pwrite

    def full_disk(fd, data, offset):
        real_pwrite(fd, bytes(data[:3]), offset)  # part of the frame reaches the disk
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "pwrite", full_disk)
    with pytest.raises(SaveError, match="No space left on device"):
        g.submit({"type": "add", "n": 2})
    monkeypatch.undo()
    assert path.read_bytes() == good
    with pytest.raises(SaveError, match="not saving since an earlier failure"):
        g.submit({"type": "add", "n": 3})
    s.close()
    assert load(path).state.total == 1


def test_a_fifo_is_refused_without_hanging(tmp_path):
    fifo = tmp_path / "pipe.shamble"
    os.mkfifo(fifo)
    with pytest.raises(SaveError, match="not a regular file"):
        load(fifo)
    with pytest.raises(SaveError, match="not a regular file"):
        AutoSave.resume(fifo)
    with pytest.raises(LogError, match="not a regular file"):
        Game.load(fifo)
