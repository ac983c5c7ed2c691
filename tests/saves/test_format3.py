"""Save format 3 (issue 16): wire arrays with integer tags from each mode's
append-only table, many items to a frame in a save written whole, and the
batch fold a load runs."""

from __future__ import annotations

import random
import tomllib
import types
import typing
from pathlib import Path

import msgspec
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine import Game
from engine.core import log, wire
from engine.core.mode import get_mode
from saves import AutoSave, load
from saves.follow import Follower

MODES = ["station", "siege", "sniper", "outbreak"]
GOLDEN = Path(__file__).parent.parent / "golden"


def played(mode: str, seed: int = 4, moves: int = 60) -> Game:
    """A game of random legal moves (the bot's where it has one), with undos."""
    g = Game.new(mode, seed=seed)
    rnd = random.Random(seed)
    while g.outcome is None and len(g.journal) < moves:
        if rnd.random() < 0.1 and g.can_undo():
            g.undo()
        else:
            g.submit(g.bot_command() or rnd.choice(g.legal_commands()))
    return g


# -- the tables ---------------------------------------------------------------------
@pytest.mark.parametrize("mode", MODES)
def test_every_command_and_event_has_an_integer_tag_and_its_fields_listed(mode):
    table = wire.load_table(mode)
    assert table is not None
    m = get_mode(mode)
    for kind, union in (("commands", m.command_type), ("events", m.event_type)):
        lines = getattr(table, kind)
        for cls in typing.get_args(union):
            line = lines[cls.__struct_config__.tag]
            assert isinstance(line[0], int)
            assert line[1:] == [f.name for f in msgspec.structs.fields(cls)]
        tags = [line[0] for line in lines.values()]
        assert len(tags) == len(set(tags)), f"{mode} {kind}: a tag given twice"
    log.codec(mode)  # builds: the classes agree with the table


@pytest.mark.parametrize("mode", MODES)
def test_tags_once_given_never_change_meaning(mode):
    """tests/golden/wire-<mode>.toml is the table as first shipped: a tag keeps its
    command or event, a struct's fields keep their places (new ones go after)."""
    pinned = tomllib.loads((GOLDEN / f"wire-{mode}.toml").read_text())
    today = wire.load_table(mode)
    for kind in ("commands", "events"):
        now = getattr(today, kind)
        for tag, line in pinned[kind].items():
            assert tag in now, f"{mode}: the {kind[:-1]} {tag!r} left the table"
            assert now[tag][: len(line)] == line, f"{mode}: {tag!r} changed: {now[tag]}"
        given = {line[0]: tag for tag, line in now.items()}
        for tag, line in pinned[kind].items():
            assert given[line[0]] == tag
    for name, fields in pinned["records"].items():
        assert today.records[name][: len(fields)] == fields


def test_the_kernels_own_tags_are_pinned():
    assert wire.ENTRY_TAG == 1
    tags = {real: mirror.__struct_config__.tag for real, mirror in log._MARKS.items()}
    assert tags == {log.UndoMark: 2, log.RedoMark: 3, log.Snapshot: 4}
    prefix = 8  # 3-byte length, its CRC-8, the payload's CRC-32
    assert log.encode_frame(log.UndoMark())[prefix:] == b"\x91\x91\x02"  # [[2]]
    assert log.encode_frame(log.RedoMark())[prefix:] == b"\x91\x91\x03"


class _Go(msgspec.Struct, frozen=True, tag_field="type", tag="go"):
    who: str
    far: int = 1


class _Went(msgspec.Struct, frozen=True, tag_field="type", tag="went"):
    who: str


def _codec(table: wire.Table) -> wire.Codec:
    entry = msgspec.defstruct("Entry", [("command", _Go), ("events", tuple[_Went, ...])])
    return wire.Codec("test table", table, _Go, _Went, entry, log._MARKS)


@pytest.mark.parametrize(
    "table, message",
    [
        (wire.Table(commands={}, events={"went": [1, "who"]}), "'go' has no integer tag"),
        (
            wire.Table(commands={"go": [1, "far", "who"]}, events={"went": [1, "who"]}),
            "fields are only added at the end",
        ),
        (wire.Table(commands={"go": [1, "who"]}, events={"went": [1, "who"]}), "'go' has the"),
    ],
)
def test_a_table_that_disagrees_with_its_classes_is_refused(table, message):
    with pytest.raises(wire.WireError, match=message):
        _codec(table)


def test_a_tag_given_twice_is_refused():
    class _Stayed(msgspec.Struct, frozen=True, tag_field="type", tag="stayed"):
        who: str

    entry = msgspec.defstruct("Entry", [("command", _Go), ("events", tuple)])
    table = wire.Table(
        commands={"go": [1, "who", "far"]},
        events={"went": [2, "who"], "stayed": [2, "who"]},
    )
    with pytest.raises(wire.WireError, match="share the tag 2"):
        wire.Codec("test table", table, _Go, _Went | _Stayed, entry, log._MARKS)


# -- the wire form ------------------------------------------------------------------
def _values(t: typing.Any) -> st.SearchStrategy:
    """Any value of a field's annotation, small (the wire form does not care)."""
    if isinstance(t, type) and issubclass(t, msgspec.Struct):
        fields = {f.name: _values(f.type) for f in msgspec.structs.fields(t)}
        return st.builds(t, **fields)
    origin, args = typing.get_origin(t), typing.get_args(t)
    if origin is typing.Annotated:  # a command's bounds (engine/core/limits.py): far above 6
        return _values(args[0])
    if origin in (typing.Union, types.UnionType):
        return st.one_of([_values(a) for a in args])
    if origin is tuple and args[-1:] == (Ellipsis,):
        return st.lists(_values(args[0]), max_size=3).map(tuple)
    if origin is tuple:
        return st.tuples(*[_values(a) for a in args])
    if origin is list:
        return st.lists(_values(args[0]), max_size=3)
    if origin is dict:
        return st.dictionaries(_values(args[0]), _values(args[1]), max_size=3)
    simple = {
        str: st.text(max_size=6),
        int: st.integers(-(2**40), 2**40),
        bool: st.booleans(),
        float: st.floats(allow_nan=False),
        bytes: st.binary(max_size=6),
        type(None): st.none(),
    }
    return simple[t]


def _every(union: typing.Any) -> st.SearchStrategy:
    return st.one_of([_values(c) for c in typing.get_args(union)])


@pytest.mark.parametrize("mode", MODES)
@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_every_command_and_event_reads_back_as_written(mode, data):
    """Any command with any events, nested structs and defaults included,
    comes back equal, and its dict form (what JSON and the UIs read) too."""
    m = get_mode(mode)
    command = data.draw(_every(m.command_type))
    events = tuple(data.draw(st.lists(_every(m.event_type), max_size=4)))
    entry = log.entry_type(mode)(command, events)
    payload = log.encode_frame(entry)[8:]
    (back,) = log.codec(mode).decode(payload)
    assert back == entry
    assert msgspec.to_builtins(back) == msgspec.to_builtins(entry)
    assert all(type(a) is type(b) for a, b in zip(back.events, events, strict=True))


@pytest.mark.parametrize("mode", MODES)
def test_a_loaded_game_gives_the_same_json_as_the_game_played(mode):
    g = played(mode)
    back = Game.from_bytes(g.to_bytes())
    assert msgspec.json.encode(back.events) == msgspec.json.encode(g.events)
    assert msgspec.json.encode(back.commands) == msgspec.json.encode(g.commands)
    assert all(isinstance(d.get("type"), str) for d in msgspec.to_builtins(back.events))


def test_a_mode_without_a_table_is_written_with_its_string_tags():
    g = Game.new("tally", mission="plain", seed=1)
    g.submit({"type": "add", "n": 5})
    assert wire.load_table("tally") is None
    assert b"\xa3add" in log.encode_frame(g.journal[-1])  # the string "add"
    assert Game.from_bytes(g.to_bytes()).journal == g.journal


@pytest.mark.parametrize("mode", MODES)
def test_format_3_is_smaller_than_format_2(mode):
    g = played(mode)
    v2 = sum(len(msgspec.msgpack.encode(item)) for item in g.journal)
    v3 = sum(len(log.encode_frame(item)) - 8 for item in g.journal)
    assert v3 * 2 < v2


# -- frames holding many items ---------------------------------------------------------
def test_a_save_written_whole_packs_its_journal_into_few_frames():
    g = played("station", moves=80)
    data = g.to_bytes()
    start = len(log.encode_header(g.header()))
    frames = list(log.iter_payloads(data, start))
    assert len(frames) == 2  # the journal, then the snapshot
    batch = log.read_frames("station", data, start)
    assert batch.items[:-1] == g.journal and isinstance(batch.items[-1], log.Snapshot)
    assert set(batch.starts[:-1]) == {start}  # the items of one frame share its start
    cut = log.read_frames("station", data[: len(data) - 5], start)
    assert cut.items == g.journal and cut.pending  # the snapshot's frame is not whole yet


def test_a_journal_too_large_for_one_frame_is_split(monkeypatch):
    g = played("station", moves=40)
    monkeypatch.setattr(log, "MAX_FRAME", 600)
    data = log.encode_journal("station", g.journal)
    payloads = [p for _, p in log.iter_payloads(data, 0)]
    assert len(payloads) > 2 and all(len(p) <= 600 for p in payloads)
    assert [i for p in payloads for i in log.codec("station").decode(p)] == g.journal


def test_truncating_a_packed_save_loses_whole_frames_only():
    g = played("siege", moves=50)
    data = g.to_bytes()
    header_end = len(log.encode_header(g.header()))
    for cut in range(header_end, len(data), 97):
        h = Game.from_bytes(data[:cut])
        assert h.journal == g.journal[: len(h.journal)]
        assert h.load_warnings or cut == header_end


def test_following_a_save_written_whole_then_played_on(tmp_path):
    path = tmp_path / "a.shamble"
    g = played("station", seed=2, moves=30)
    assert g.outcome is None
    g.save(path)
    follower = Follower(path)
    with AutoSave.resume(path, fsync=False) as session:
        session.game.submit(session.game.legal_commands()[0])
        update = follower.poll()
        assert len(update.frames) == 1 and follower.game.journal == session.game.journal
    assert follower.game.state == load(path).state
    follower.close()


# -- the batch fold ---------------------------------------------------------------------
@pytest.mark.parametrize("mode", MODES)
@pytest.mark.parametrize("seed", [1, 2])
def test_the_batch_fold_equals_evolving_one_event_at_a_time(mode, seed):
    """Every state on the timeline of a played game, as fold_entries gives it,
    equals the state the game reached move by move (decide and evolve)."""
    g = Game.new(mode, seed=seed)
    rnd = random.Random(seed)
    states = [g.state]
    while g.outcome is None and len(g.commands) < 50:
        g.submit(g.bot_command() or rnd.choice(g.legal_commands()))
        states.append(g.state)
    folded = log.fold_entries(g.mode, g.world, states[0], g._entries)
    assert folded == states[1:]
    assert log.fold(g.mode, g.world, g._base, g.events) == g.state == g.replay_state()


def test_loading_leaves_garbage_collection_as_it_was():
    import gc

    data = played("outbreak").to_bytes()
    Game.from_bytes(data)
    assert gc.isenabled()
    gc.disable()
    try:
        Game.from_bytes(data)
        assert not gc.isenabled()
    finally:
        gc.enable()
