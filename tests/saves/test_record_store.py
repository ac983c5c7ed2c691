"""The one record store (saves/records.py), on a mode it has never heard of:
the toy "tally" mode says what it carries over (`carries`), and that is all
the store needs. Append-only, durable, locked, a torn tail dropped."""

import msgspec
import pytest
import toymode

from engine import RuleError
from engine.core import log
from saves import SaveError
from saves.record_format import FORMAT, MAGIC, Header
from saves.records import Played, Saved, Scored, store, store_for


def tally():
    return store("tally", "streak")


def test_a_mode_that_says_what_it_carries_gets_records_with_no_word_of_it_in_saves(home):
    with tally().start("t-1", toymode.Streak((3,))) as record:
        save = record.game_save_path("plain")
        record.save_progress(toymode.Streak((3, 5)), save=save)
        record.save_progress(toymode.Streak((3, 5, 8)), played=Played("plain", "won", str(save), 4))
    path = home / "records" / "t-1.tally-streak"
    assert save.parent == home / "records" / "t-1.tally-streak-games"
    state = tally().read(path)
    assert (state.header.mode, state.header.kind, state.header.name) == ("tally", "streak", "t-1")
    assert state.progress == toymode.Streak((3, 5, 8)) and state.save == ""
    assert state.played == [Played("plain", "won", str(save), 4)]
    (listed,) = tally().listing()
    assert (listed.name, listed.progress, listed.error) == ("t-1", state.progress, None)
    assert tally().free_name("t") == "t-2"
    assert store_for(toymode.Streak()) is tally()


def test_what_a_mode_does_not_carry_has_no_store_and_no_record(home):
    with pytest.raises(RuleError, match="carries no 'campaign'"):
        store("tally", "campaign")
    with pytest.raises(RuleError, match="no mode carries a Tally"):
        store_for(toymode.Tally())
    with tally().start("t", toymode.Streak()) as record:
        with pytest.raises(SaveError, match="keeps a Streak, not a Tally"):
            record.save_progress(toymode.Tally())
        with pytest.raises(SaveError, match="not a streak to record"):
            record.add(Saved(data=b"\x93not a streak"))
    assert tally().read(tally().path("t")).progress == toymode.Streak()


def test_a_record_of_another_mode_or_of_no_known_mode_is_refused_by_name(home):
    other = store("outbreak", "match")
    path = tally().path("t", create_dir=True)
    with tally().start("t", toymode.Streak()):
        pass
    with pytest.raises(SaveError, match="a tally record, not a outbreak match"):
        other.read(path)
    header = Header(FORMAT, "0.1", "t", "tolly", "streak")  # a mode this Shamble lacks
    entry = Saved(data=msgspec.msgpack.encode(toymode.Streak()))
    path.write_bytes(
        MAGIC + log.header_frame(msgspec.msgpack.encode(header)) + log.encode_frame(entry)
    )
    with pytest.raises(SaveError, match="t.tally-streak: there is no mode 'tolly'"):
        tally().read(path)
    path.write_bytes(b"not a record")
    with pytest.raises(SaveError, match="t.tally-streak: not a Shamble streak"):
        tally().read(path)


def test_torn_last_entry_is_dropped_and_every_cut_reads(home):
    with tally().start("c", toymode.Streak((1,))) as record:
        record.save_progress(toymode.Streak((1, 2)), save="a.shamble")
        record.add(Played("plain", "lost", "a.shamble"))
        record.add(Scored(7))
    path = tally().path("c")
    data = path.read_bytes()
    cut = path.with_name("cut.tally-streak")
    header_ok = False
    for k in range(len(data)):
        cut.write_bytes(data[:k])
        try:
            state = tally().read(cut)
        except SaveError as e:
            assert not header_ok and str(cut) in str(e)
            continue
        header_ok = True
        assert len(state.played) <= 1 and not state.scored
    state = tally().read(cut)
    assert state.warnings and state.played == [Played("plain", "lost", "a.shamble")]
    with tally().open(cut) as record:  # the torn entry goes when the next one is written
        record.add(Scored(9))
    again = tally().read(cut)
    assert again.warnings == [] and again.scored and again.score == 9


def test_damage_is_a_clear_error(home):
    with tally().start("c", toymode.Streak((1,))) as record:
        record.save_progress(toymode.Streak((1, 2)), save="a.shamble")
    path = tally().path("c")
    data = bytearray(path.read_bytes())
    data[len(data) // 2] ^= 0x20
    path.write_bytes(bytes(data))
    with pytest.raises(SaveError, match="c.tally-streak"):
        tally().read(path)


def test_damaged_progress_written_by_something_else_names_the_file(home):
    with tally().start("c", toymode.Streak()):
        pass
    with tally().path("c").open("ab") as f:
        f.write(log.encode_frame(Saved(data=b"\x93not a streak")))
    with pytest.raises(SaveError, match="c.tally-streak: record at byte"):
        tally().read(tally().path("c"))


def test_one_writer_at_a_time_and_no_overwrite(home):
    with tally().start("c", toymode.Streak()):
        with pytest.raises(SaveError, match="another Shamble"):
            tally().open(tally().path("c"))
    with pytest.raises(SaveError, match="already exists"):
        tally().start("c", toymode.Streak())
    with tally().open(tally().path("c")):
        pass


def test_record_names_are_checked(home):
    with pytest.raises(SaveError, match="not a save name"):
        tally().path("../../etc/passwd")
    with pytest.raises(SaveError, match="not a save name"):
        tally().save_path("../x", "plain")


def test_a_played_entry_from_before_undos_were_counted_writes_back_the_same():
    old = msgspec.msgpack.encode({"type": "played", "mission": "random", "outcome": "won",
                                  "save": "a.shamble", "round": 5, "score": 30})  # fmt: skip
    played = msgspec.msgpack.decode(old, type=Played)
    assert played.undos is msgspec.UNSET and played.score == 30
    assert msgspec.msgpack.encode(played) == old
