"""Forking a saved game at any moment: a new save that starts where the source
stood, with the same fixed fate (K-2) from there, and says where it came from."""

import random

import pytest

from engine import Game, RuleError
from engine.core import log
from saves import SaveError, load
from saves.history import History, relaxed_undo
from saves.verify import verify
from tui.cli import main as shamble

SEED = 21


def played(undo="casual", frames=70, seed=SEED, rnd_seed=6):
    g = Game.new(
        "station", mission="airlock", seed=seed, survivors=["vega", "okafor", "lin"], undo=undo
    )
    rnd = random.Random(rnd_seed)
    while g.outcome is None and len(g.journal) < frames:
        r = rnd.random()
        if r < 0.12 and g.can_undo():
            g.undo()
        elif r < 0.18 and g.can_redo():
            g.redo()
        else:
            g.submit(rnd.choice(g.legal_commands()))
    return g


@pytest.fixture(scope="module")
def source(tmp_path_factory):
    g = played()
    path = tmp_path_factory.mktemp("fork") / "source.shamble"
    path.write_bytes(g.to_bytes("2030-01-02T03:04:05+00:00"))
    return g, path


def on_final_timeline(history: History, g: Game) -> list[int]:
    """Moments whose timeline the finished game still continues."""
    final = history.entries(history.last)
    return [
        m
        for m in range(history.last + 1)
        if history.entries(m) == final[: history.commands(m)] and history.commands(m) < len(final)
    ]


def test_a_fork_starts_where_the_source_stood_and_keeps_its_fate(source, tmp_path):
    """The fork's first state is the source's at that moment; the commands the
    source made next give the same events in the fork, dice and draws included."""
    g, path = source
    history = History.open(path)
    moments = on_final_timeline(history, g)
    assert len(moments) > 10
    revealed = 0
    for n, m in enumerate(random.Random(1).sample(moments, 6)):
        dest = tmp_path / f"fork{n}.shamble"
        forked = history.save_fork(m, dest)
        loaded = load(dest)
        assert forked.state == loaded.state == history.state(m)
        assert loaded.commands == [e.command for e in history.entries(m)]
        assert loaded.undo_count == history.undos(m)
        later = g._entries[history.commands(m) :]
        for entry in later:
            assert tuple(loaded.submit(entry.command)) == entry.events
            revealed += any(g.mode.reveals(ev) for ev in entry.events)
        assert loaded.state == g.state
    assert revealed > 0  # the fate compared includes dice and cards


def test_a_fork_at_a_moment_after_an_undo_leaves_the_undone_branch_behind(source):
    g, path = source
    history = History.open(path)
    m = next(m for m in range(1, history.last + 1) if isinstance(history.frame(m), log.UndoMark))
    forked = history.fork(m)
    assert forked.state == history.state(m) and not forked.can_redo()
    assert forked.journal == history.entries(m)


def test_the_new_save_records_where_it_came_from(source, tmp_path):
    g, path = source
    history = History.open(path)
    dest = tmp_path / "fork.shamble"
    history.save_fork(9, dest)
    header = log.decode_log(dest.read_bytes()).header
    assert header.origin == log.Origin(
        source="source.shamble",
        created="2030-01-02T03:04:05+00:00",
        moment=9,
        commands=history.commands(9),
        undo="casual",
    )
    assert header.setup == g.setup and header.created != g.header().created
    assert load(dest).origin == header.origin
    report = verify(dest)
    assert report.ok, report.text()


def test_playing_on_a_fork_keeps_its_origin_in_the_save(source, tmp_path):
    from saves import AutoSave

    g, path = source
    dest = tmp_path / "fork.shamble"
    History.open(path).save_fork(5, dest)
    with AutoSave.resume(dest, fsync=False) as session:
        session.game.submit(session.game.legal_commands()[0])
    assert load(dest).origin is not None and load(dest).origin.moment == 5


@pytest.mark.parametrize("policy", ["honest", "ironman"])
def test_an_honest_or_ironman_game_forked_casual_says_so(policy, tmp_path):
    """K-6: a game whose undo was limited can be replayed and forked, but a
    casual fork records the source's policy in its header."""
    g = played(undo=policy, frames=30)
    path = tmp_path / "strict.shamble"
    path.write_bytes(g.to_bytes())
    history = History.open(path)
    same = history.fork(history.last)
    assert same.setup.undo == policy and not relaxed_undo(same.header())
    casual = history.fork(history.last, undo="casual")
    header = casual.header()
    assert header.setup.undo == "casual" and header.origin.undo == policy
    assert relaxed_undo(header)
    assert casual.can_undo()


def test_a_fork_is_refused_over_an_existing_save_or_with_a_bad_policy(source, tmp_path):
    g, path = source
    history = History.open(path)
    with pytest.raises(SaveError, match="already exists"):
        history.save_fork(3, path)
    with pytest.raises(RuleError) as e:
        history.fork(3, undo="sometimes")
    assert e.value.code == "bad_undo_policy"
    with pytest.raises(IndexError):
        history.fork(history.last + 1)


def test_saves_without_an_origin_load_as_before():
    from pathlib import Path

    for path in sorted((Path(__file__).parent.parent / "golden").glob("*.shamble")):
        assert load(path).origin is None
        assert log.decode_log(path.read_bytes()).header.origin is None


def test_shamble_fork_writes_the_new_save(source, tmp_path, capsys):
    g, path = source
    history = History.open(path)
    dest = tmp_path / "cli-fork.shamble"
    assert shamble(["fork", str(path), "--at", "-1", "--to", str(dest)]) == 0
    assert "moment" in capsys.readouterr().out
    assert load(dest).state == history.state(history.last)
    assert shamble(["fork", str(path), "--at", "4", "--to", str(dest)]) == 2
    assert "already exists" in capsys.readouterr().err
    strict = tmp_path / "ironman.shamble"
    strict.write_bytes(played(undo="ironman", frames=12).to_bytes())
    casual = tmp_path / "casual.shamble"
    assert shamble(["fork", str(strict), "--at", "6", "--to", str(casual), "--undo", "casual"]) == 0
    assert "ironman in the source" in capsys.readouterr().out
    assert load(casual).setup.undo == "casual"


def test_fork_to_a_name_writes_into_the_saves_folder(source, tmp_path, monkeypatch, capsys):
    """Issue 28: `--to NAME` is a save in the saves folder that `shamble saves`
    lists; a path ending in .shamble (or holding a /) is written as given."""
    monkeypatch.setenv("SHAMBLE_HOME", str(tmp_path / "home"))
    monkeypatch.chdir(tmp_path)
    _, path = source
    assert shamble(["fork", str(path), "--at", "3", "--to", "branch"]) == 0
    saved = tmp_path / "home" / "saves" / "branch.shamble"
    assert saved.exists() and not (tmp_path / "branch").exists()
    assert str(saved) in capsys.readouterr().out
    assert shamble(["saves"]) == 0
    assert "branch" in capsys.readouterr().out
    assert shamble(["fork", str(path), "--at", "3", "--to", "here.shamble"]) == 0
    assert (tmp_path / "here.shamble").exists()
    assert shamble(["fork", str(path), "--at", "3", "--to", "bad name!"]) == 2
    assert "not a save name" in capsys.readouterr().err
