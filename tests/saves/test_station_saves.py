"""Real station games through the save files: truncation, damage, and a
property test of save/load/undo/redo against a game that never left memory."""

import random
import tempfile
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine import Game, LogError, RuleError
from engine.core import log
from saves import AutoSave, load


def station_game(seed: int, steps: int, undo_p: float = 0.15, session_path: Path | None = None):
    """A station game played with random legal commands, undos and redos;
    the state after each journal frame (index = frames done)."""
    g = Game.new("station", mission="tutorial", seed=seed)
    session = (
        AutoSave.create(session_path, g, fsync=False, snapshot_every=4) if session_path else None
    )
    rnd = random.Random(seed)
    states = [g.state]
    for _ in range(steps):
        r = rnd.random()
        if r < undo_p and g.can_undo():
            g.undo()
        elif r < undo_p * 1.5 and g.can_redo():
            g.redo()
        elif g.outcome is None and (commands := g.legal_commands()):
            g.submit(rnd.choice(commands))
        else:
            continue
        states.append(g.state)
    if session:
        session.close()
    return g, states


def test_truncated_station_save_loads_a_prefix_at_every_offset(tmp_path):
    path = tmp_path / "g.shamble"
    g, states = station_game(11, 14, session_path=path)
    data = path.read_bytes()
    frames = log.decode_log(data).frames
    assert any(isinstance(f, log.Snapshot) for f in frames[:-1])  # snapshots mid-file
    header_end = len(log.encode_header(log.decode_log(data).header))
    cut = tmp_path / "cut.shamble"
    loaded = {}  # frames kept -> the game they load as (a game is a function of its frames)
    for k in range(len(data)):
        if k < header_end:
            with pytest.raises(LogError):
                log.decode_log(data[:k])
            continue
        decoded = log.decode_log(data[:k])
        journal = [f for f in decoded.frames if not isinstance(f, log.Snapshot)]
        assert journal == g.journal[: len(journal)]
        assert decoded.frames == frames[: len(decoded.frames)]
        if len(decoded.frames) not in loaded:
            cut.write_bytes(data[:k])
            loaded[len(decoded.frames)] = load(cut)
        assert loaded[len(decoded.frames)].state == states[len(journal)]
    for k in range(0, header_end, 97):  # through the file layer: errors name the file
        cut.write_bytes(data[:k])
        with pytest.raises(LogError, match=str(cut)):
            load(cut)
    assert load(path).state == g.state


def test_damaged_station_save_is_a_clear_error(tmp_path):
    path = tmp_path / "g.shamble"
    g, _ = station_game(12, 20, session_path=path)
    data = path.read_bytes()
    rnd = random.Random(3)
    bad_path = tmp_path / "bad.shamble"
    errors = 0
    for _ in range(400):
        bad = bytearray(data)
        bad[rnd.randrange(len(bad))] ^= rnd.randrange(1, 256)
        bad_path.write_bytes(bytes(bad))
        try:
            h = load(bad_path)
        except LogError as e:
            assert str(bad_path) in str(e)
            errors += 1
            continue
        assert h.load_warnings and h.journal == g.journal[: len(h.journal)]
    assert errors >= 395


OPS = st.lists(
    st.one_of(
        st.integers(0, 10_000).map(lambda i: ("play", i)),
        st.integers(0, 10_000).map(lambda i: ("play", i)),
        st.sampled_from([("undo",), ("redo",), ("reload",), ("bytes",)]),
    ),
    min_size=5,
    max_size=80,
)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 50), undo=st.sampled_from(["casual", "honest"]), ops=OPS)
def test_save_load_undo_redo_agrees_with_a_game_in_memory(seed, undo, ops):
    ref = Game.new("station", mission="tutorial", seed=seed, undo=undo)
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "g.shamble"
        game = Game.new("station", mission="tutorial", seed=seed, undo=undo)
        session = AutoSave.create(path, game, fsync=False, snapshot_every=3)
        for op in ops:
            match op:
                case ("play", i):
                    commands = ref.legal_commands()
                    if ref.outcome is not None or not commands:
                        continue
                    command = commands[i % len(commands)]
                    assert game.submit(command) == ref.submit(command)
                case ("undo",):
                    try:
                        expected = ref.undo()
                    except RuleError as e:
                        with pytest.raises(RuleError) as got:
                            game.undo()
                        assert got.value.code == e.code
                    else:
                        assert game.undo() == expected
                case ("redo",):
                    assert game.redo() == ref.redo()
                case ("reload",):
                    session.close()
                    session = AutoSave.resume(path, fsync=False, snapshot_every=3)
                    game = session.game
                case ("bytes",):
                    assert Game.from_bytes(game.to_bytes()).state == game.state
            assert game.state == ref.state
            assert game.commands == ref.commands
            assert game.undo_count == ref.undo_count
            assert (game.can_undo(), game.can_redo()) == (ref.can_undo(), ref.can_redo())
        session.close()
        final = load(path)
        assert final.state == ref.state and final.events == ref.events
        assert final.undo_count == ref.undo_count
        assert final.replay_state() == ref.state
