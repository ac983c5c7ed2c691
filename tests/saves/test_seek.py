"""Time travel through a saved game: every moment as played (undos included),
by moment or by round, fast because seeks fold from a nearby known state."""

import json
import random

import pytest

from bench.engine_figures import quiet_mission
from engine import Game
from engine.core import log
from engine.station import commands as cmd
from saves import AutoSave, SaveError
from saves.history import CHECKPOINT, History
from tui.cli import main as shamble

SEED = 21


def played(frames=120, seed=SEED, rnd_seed=4, mission="tutorial", only=None, undos=0.15):
    """A station game with undos, redos and branches, and the reference state of
    every moment, made by replaying the journal one frame at a time. `only`:
    the command types to pick from (None: any legal command)."""
    g = Game.new("station", mission=mission, seed=seed, survivors=["vega", "okafor", "lin"])
    rnd = random.Random(rnd_seed)
    while g.outcome is None and len(g.journal) < frames:
        r = rnd.random()
        if r < undos and g.can_undo():
            g.undo()
        elif r < undos * 1.5 and g.can_redo():
            g.redo()
        else:
            legal = g.legal_commands()
            g.submit(rnd.choice([c for c in legal if isinstance(c, only)] if only else legal))
    replay = Game(g.mode, g.setup)
    states = [replay.state]
    for item in g.journal:
        replay.apply_frame(item)
        states.append(replay.state)
    return g, states


@pytest.fixture(scope="module")
def game():
    g, states = played()
    assert any(isinstance(f, log.UndoMark) for f in g.journal)
    assert any(isinstance(f, log.RedoMark) for f in g.journal)
    return g, states


def histories(g, tmp_path):
    autosaved = autosave(g, tmp_path / "autosaved.shamble", every=8)
    whole = tmp_path / "whole.shamble"
    whole.write_bytes(g.to_bytes())
    return {
        "autosaved": History.open(autosaved),
        "saved whole": History.open(whole),
        "in memory": History.of_game(g),
    }


def test_every_moment_in_any_order_is_the_game_as_it_was_then(game, tmp_path):
    g, states = game
    for name, history in histories(g, tmp_path).items():
        assert history.last == len(g.journal), name
        order = list(range(history.last + 1))
        random.Random(name).shuffle(order)
        for m in order:
            assert history.state(m) == states[m], (name, m)
        assert history.state(history.last) == g.state


def test_a_moment_shows_its_frame_summary_view_events_and_a_game(game):
    g, states = game
    history = History.of_game(g)
    replay = Game(g.mode, g.setup)
    for m in range(history.last + 1):
        if m:
            replay.apply_frame(g.journal[m - 1])
            assert history.frame(m) == g.journal[m - 1]
        assert history.commands(m) == len(replay.commands)
        assert history.undos(m) == replay.undo_count
        assert history.events(m) == replay.events
        assert history.summary(m) == replay.summary()
        assert history.view(m) == replay.view("players")
        assert history.view(m, "someone")["viewer"] == "someone"
        shown = history.game(m)
        assert shown.state == replay.state and shown.commands == replay.commands
        assert shown.events == replay.events and shown.undo_count == replay.undo_count
    assert history.frame(0) is None


def test_moments_outside_the_game_are_refused(game):
    history = History.of_game(game[0])
    for bad in (-1, history.last + 1, "3", True):
        with pytest.raises(IndexError, match="outside this game"):
            history.state(bad)


def test_rounds_as_played_and_stepping_by_round(game):
    g, states = game
    history = History.of_game(g)
    rounds = [s.round for s in states]
    assert history.rounds() == rounds
    assert [history.round(m) for m in range(history.last + 1)] == rounds
    assert max(rounds) >= 3
    for r in range(1, max(rounds) + 2):
        first = next((m for m, x in enumerate(rounds) if x >= r), None)
        assert history.moment_of_round(r) == first
    m, visited = 0, [0]
    while (m := history.next_round(m)) is not None:
        assert rounds[m] > rounds[visited[-1]] and rounds[m - 1] <= rounds[visited[-1]]
        visited.append(m)
    assert rounds[visited[-1]] == max(rounds[visited[-1] :])
    back = history.last
    while (back := history.previous_round(back)) is not None:
        assert back == 0 or rounds[back - 1] != rounds[back]  # a round's first moment
    assert history.previous_round(0) is None


def test_a_round_can_be_asked_before_indexing(game):
    g, states = game
    history = History.of_game(g)
    assert history.round(history.last // 2) == states[history.last // 2].round


def long_game(tmp_path, undos):
    quiet = tmp_path / "quiet.toml"
    quiet.write_text(quiet_mission())  # no zombie ever, and only walking: it goes on
    only = (cmd.Move, cmd.EndTurn)
    g, states = played(frames=600, rnd_seed=8, mission=quiet, only=only, undos=undos)
    assert len(g.journal) == 600
    return g, states


def autosave(g, path, every):
    """The save a player's autosave writes for game g, snapshots every `every` frames."""
    fresh = Game(g.mode, g.setup)
    with AutoSave.create(path, fresh, fsync=False, snapshot_every=every):
        for item in g.journal:
            if isinstance(item, log.UndoMark):
                fresh.undo()
            elif isinstance(item, log.RedoMark):
                fresh.redo()
            else:
                fresh.submit(item.command)
    return path


def test_snapshots_in_the_save_bound_a_seek_before_any_indexing(tmp_path):
    g, states = long_game(tmp_path, undos=0)
    history = History.open(autosave(g, tmp_path / "long.shamble", every=8))
    for m in random.Random(2).sample(range(history.last + 1), 60):
        before = history.folds
        assert history.state(m) == states[m]
        assert history.folds - before < 8


def test_after_indexing_no_seek_folds_more_than_a_checkpoint_apart(tmp_path):
    g, states = long_game(tmp_path, undos=0.15)
    assert len(g.commands) > 2 * CHECKPOINT
    whole = tmp_path / "whole.shamble"
    whole.write_bytes(g.to_bytes())  # one snapshot, at the end
    history = History.open(whole)
    history.index()
    for m in random.Random(3).sample(range(history.last + 1), 60):
        before = history.folds
        assert history.state(m) == states[m]
        assert history.folds - before < CHECKPOINT


def test_stepping_one_moment_at_a_time_folds_one_command(game):
    g, states = game
    history = History.of_game(g)
    history.state(0)
    for m in range(1, history.last + 1):
        before = history.folds
        assert history.state(m) == states[m]
        assert history.folds - before <= 1


def test_shamble_replay_at_prints_that_moments_summary(game, tmp_path, capsys):
    g, states = game
    path = tmp_path / "a.shamble"
    path.write_bytes(g.to_bytes())
    history = History.of_game(g)
    for at, moment in ((0, 0), (7, 7), (-1, history.last), (-3, history.last - 2)):
        assert shamble(["replay", str(path), "--at", str(at)]) == 0
        printed = json.loads(capsys.readouterr().out)
        assert printed == json.loads(json.dumps(history.summary(moment)))
    assert shamble(["replay", str(path), "--at", str(history.last + 1)]) == 2
    assert "no moment" in capsys.readouterr().err
    assert shamble(["replay", str(tmp_path / "none.shamble"), "--at", "0"]) == 2
    assert "no such save" in capsys.readouterr().err


def test_a_damaged_save_is_refused_with_its_name(tmp_path):
    path = tmp_path / "bad.shamble"
    path.write_bytes(b"not a save")
    with pytest.raises(SaveError, match="bad.shamble"):
        History.open(path)


def test_golden_saves_replay_to_where_they_load():
    from pathlib import Path

    from saves import load

    for path in sorted((Path(__file__).parent.parent / "golden").glob("*.shamble")):
        history, game = History.open(path), load(path)
        assert history.state(history.last) == game.state, path.name
        assert history.game(history.last).summary() == game.summary()
        assert history.undos(history.last) == game.undo_count
