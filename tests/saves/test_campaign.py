"""The campaign record: append-only, durable, locked, torn tail dropped."""

import pytest

from saves import SaveError
from saves.campaign import (
    Campaign,
    MissionPlayed,
    MissionStarted,
    Survivor,
    campaign_path,
    read,
)


def make(path):
    return Campaign.create(
        path,
        name="first",
        mode="station",
        missions=["tutorial", "airlock"],
        roster=["vega", "okafor"],
        undo="ironman",
    )


def test_records_fold_into_roster_missions_and_current_save(home):
    path = campaign_path("first", create_dir=True)
    with make(path) as c:
        c.add(MissionStarted("tutorial", "tutorial-1.shamble"))
        assert c.state.current.save == "tutorial-1.shamble"
        c.add(MissionPlayed("tutorial", "won", "tutorial-1.shamble", round=7, score=3))
        c.add(Survivor("vega", xp=9, level="yellow", skills=("medic",), kept=("pistol",)))
        c.add(MissionStarted("airlock", "airlock-1.shamble"))
    state = read(path)
    assert state.header.missions == ("tutorial", "airlock") and state.header.undo == "ironman"
    assert [(p.mission, p.outcome, p.round) for p in state.played] == [("tutorial", "won", 7)]
    assert state.roster["vega"].kept == ("pistol",) and state.roster["vega"].skills == ("medic",)
    assert state.roster["okafor"] == Survivor("okafor")
    assert state.current == MissionStarted("airlock", "airlock-1.shamble")
    assert state.warnings == []


def test_torn_last_record_is_dropped_and_every_cut_reads(tmp_path):
    path = tmp_path / "c.campaign"
    with make(path) as c:
        c.add(MissionStarted("tutorial", "t.shamble"))
        c.add(MissionPlayed("tutorial", "lost", "t.shamble"))
        c.add(Survivor("okafor", xp=3, sits_out=True))
    data = path.read_bytes()
    cut = tmp_path / "cut.campaign"
    header_ok = False
    for k in range(len(data)):
        cut.write_bytes(data[:k])
        try:
            state = read(cut)
        except SaveError as e:
            assert not header_ok and str(cut) in str(e)
            continue
        header_ok = True
        assert len(state.played) <= 1
    state = read(cut)
    assert state.warnings and state.roster["okafor"] == Survivor("okafor")
    with Campaign.open(cut) as c:  # the torn record goes when the next one is written
        c.add(Survivor("okafor", xp=4))
    assert read(cut).warnings == [] and read(cut).roster["okafor"].xp == 4


def test_damage_is_a_clear_error(tmp_path):
    path = tmp_path / "c.campaign"
    with make(path) as c:
        c.add(MissionStarted("tutorial", "t.shamble"))
        c.add(MissionPlayed("tutorial", "won", "t.shamble"))
    data = bytearray(path.read_bytes())
    data[len(data) // 2] ^= 0x20
    path.write_bytes(bytes(data))
    with pytest.raises(SaveError, match="c.campaign"):
        read(path)


def test_one_writer_at_a_time_and_no_overwrite(tmp_path):
    path = tmp_path / "c.campaign"
    with make(path):
        with pytest.raises(SaveError, match="another Shamble"):
            Campaign.open(path)
    with pytest.raises(SaveError, match="already exists"):
        make(path)
    with Campaign.open(path):
        pass


def test_campaign_names_are_checked(home):
    with pytest.raises(SaveError, match="not a save name"):
        campaign_path("../../etc/passwd")
