"""The byte codec and Game.to_bytes/from_bytes on the generic Game API."""

import random

import pytest

from engine import Game, LogError
from engine.core import log


def tally_game(ops: str = "a5 a3 r u a2 r u u x a7", undo: str = "casual", seed: int = 3):
    """A tally game and the state after each journal frame (index = frames done)."""
    g = Game.new("tally", mission="plain", seed=seed, undo=undo)
    states = [g.state]
    for op in ops.split():
        if op == "r":
            g.submit({"type": "roll"})
        elif op == "u":
            g.undo()
        elif op == "x":
            g.redo()
        else:
            g.submit({"type": "add", "n": int(op[1:])})
        states.append(g.state)
    return g, states


def test_round_trip_keeps_timeline_redo_and_undo_count():
    g, _ = tally_game()
    h = Game.from_bytes(g.to_bytes())
    assert h.state == g.state
    assert h.commands == g.commands
    assert h.events == g.events
    assert h.journal == g.journal
    assert h.undo_count == g.undo_count == 3
    assert h.can_redo() == g.can_redo()
    while g.can_undo():
        g.undo()
        h.undo()
        assert h.state == g.state  # undo reaches into moves made before the save
    assert h.undo_count == g.undo_count


def test_saved_undo_count_is_not_counted_twice():
    g, _ = tally_game()
    h = Game.from_bytes(Game.from_bytes(g.to_bytes()).to_bytes())
    assert h.undo_count == g.undo_count


def test_snapshot_is_used_and_is_only_a_cache():
    g, _ = tally_game("a1 a2 a3")
    data = g.to_bytes()
    decoded = log.decode_log(data)
    assert isinstance(decoded.frames[-1], log.Snapshot)
    # a snapshot that lies is believed for the current state (it is a cache)...
    fake = log.encode_snapshot(3, g.mode.state_type(total=99), "0.1.0")
    body = data[: -len(g.snapshot_frame())]
    assert Game.from_bytes(body + fake).state.total == 99
    # ... but a snapshot from another app version is ignored: events win
    other = log.encode_snapshot(3, g.mode.state_type(total=99), "9.9.9")
    assert Game.from_bytes(body + other).state.total == 6


def test_snapshot_out_of_place_is_an_error():
    g, _ = tally_game("a1 a2")
    bad = g.to_bytes()[: -len(g.snapshot_frame())] + log.encode_snapshot(5, g.state, "0.1.0")
    with pytest.raises(LogError, match="snapshot out of place"):
        Game.from_bytes(bad)


def test_snapshot_of_an_abandoned_branch_is_not_used():
    g = Game.new("tally", mission="plain")
    g.submit({"type": "add", "n": 1})
    g.submit({"type": "add", "n": 2})
    snap = g.snapshot_frame()  # total 3 at depth 2
    g.undo()
    g.submit({"type": "add", "n": 10})  # depth 2 again, now total 11
    data = bytearray(log.encode_header(g.header()))
    frames = [log.encode_frame(f) for f in g.journal]
    data += b"".join(frames[:2]) + snap + b"".join(frames[2:])
    assert Game.from_bytes(bytes(data)).state.total == 11


def test_truncation_at_every_offset_gives_a_prefix_or_a_clear_error():
    g, states = tally_game()
    data = g.to_bytes()
    header_end = len(log.encode_header(g.header()))
    for k in range(len(data)):
        if k < header_end:
            with pytest.raises(LogError):
                Game.from_bytes(data[:k])
            continue
        h = Game.from_bytes(data[:k])
        m = len(h.journal)
        assert h.journal == g.journal[:m]
        assert h.state == states[m]
        if k not in frame_ends(data, header_end):
            assert h.load_warnings and "incomplete last frame" in h.load_warnings[0]


def frame_ends(data: bytes, start: int) -> set[int]:
    ends = {start}
    for pos, payload in log.iter_payloads(data, start):
        ends.add(pos + 8 + len(payload))
    return ends


def test_flipped_bytes_give_clear_errors():
    g, _ = tally_game()
    data = g.to_bytes()
    rnd = random.Random(5)
    errors = 0
    for trial in range(2000):
        bad = bytearray(data)
        for _ in range(1 + trial % 3):
            bad[rnd.randrange(len(bad))] ^= rnd.randrange(1, 256)
        try:
            h = Game.from_bytes(bytes(bad))
        except LogError as e:
            assert str(e)
            errors += 1
            continue
        # only damage to the very end can pass for a torn last frame
        assert h.load_warnings
        assert h.journal == g.journal[: len(h.journal)]
    assert errors > 1900


@pytest.mark.parametrize(
    "data, message",
    [
        (b"", "empty"),
        (b"hello world, not a save", "wrong magic"),
        (log.MAGIC[:5], "no complete header"),
        (log.MAGIC + b"\x00\x00\x00\x05", "no complete header"),
    ],
)
def test_not_a_save(data, message):
    with pytest.raises(LogError, match=message):
        Game.from_bytes(data)


def test_newer_format_is_refused():
    g, _ = tally_game("a1")
    header = log.Header(format=log.FORMAT_VERSION + 1, app="9", setup=g.setup)
    with pytest.raises(LogError, match="newer than this Shamble reads"):
        Game.from_bytes(log.encode_header(header))


def test_undo_the_policy_forbids_is_an_error_in_a_log():
    g, _ = tally_game("a1 r")
    ironman = Game.new("tally", mission="plain", undo="ironman")
    bad = log.encode_header(ironman.header()) + b"".join(
        log.encode_frame(f) for f in [*g.journal, log.UndoMark()]
    )
    with pytest.raises(LogError, match="ironman"):
        Game.from_bytes(bad)
    honest = Game.new("tally", mission="plain", undo="honest")
    bad = log.encode_header(honest.header()) + b"".join(
        log.encode_frame(f) for f in [*g.journal, log.UndoMark()]
    )
    with pytest.raises(LogError, match="honest"):
        Game.from_bytes(bad)


def test_a_large_frame_length_is_damage_not_a_torn_write():
    g, _ = tally_game("a1 a2 a3")
    data = bytearray(g.to_bytes())
    start = len(log.encode_header(g.header()))
    data[start + 1] ^= 0x40  # the first journal frame now claims to run past the end
    with pytest.raises(LogError, match="length fails its check"):
        Game.from_bytes(bytes(data))


def test_zero_filled_tail_is_a_torn_write():
    g, states = tally_game("a1 a2 a3")
    data = g.to_bytes()
    h = Game.from_bytes(data + bytes(50))
    assert h.state == g.state and h.load_warnings
