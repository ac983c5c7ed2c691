"""Campaign and match records written by earlier versions still read.

The files in tests/saves/records/ were written by the record code as it
stood before the modes shared one record store (saves/records.py); players
have such files on their disks, so they must read back to the same content
and take new records as before."""

import shutil
from pathlib import Path

import msgspec
import pytest

from engine.core import log
from engine.outbreak.match import Match
from engine.siege.campaign import Progress as SiegeProgress
from engine.sniper.campaign import Progress as SniperProgress
from engine.station.campaign import Progress
from engine.station.endless import Run
from saves import SaveError
from saves import campaign as station
from saves import match as outbreak
from saves import siege_campaign as siege
from saves import sniper_campaign as sniper

RECORDS = Path(__file__).parent / "records"


def installed(home: Path, name: str, folder: str = "campaigns") -> Path:
    """The fixture copied where the game keeps such records."""
    target = home / folder / name
    target.parent.mkdir(parents=True, exist_ok=True)
    shutil.copyfile(RECORDS / name, target)
    return target


def test_an_old_station_campaign_reads_back(home):
    path = installed(home, "derelict-1.campaign")
    state = station.read(path)
    h = state.header
    assert (h.format, h.name, h.mode, h.kind, h.undo) == (
        1,
        "derelict-1",
        "station",
        "campaign",
        "ironman",
    )
    assert h.missions[:2] == ("airlock", "hydroponics") and h.roster == ("vega", "okafor")
    assert state.roster["vega"] == station.Survivor(
        "vega", xp=9, level="yellow", skills=("medic",), kept=("pistol",)
    )
    assert state.roster["okafor"] == station.Survivor("okafor")
    assert state.played == [
        station.MissionPlayed("airlock", "lost", "derelict-1/airlock-1.shamble", round=6, score=2)
    ]
    assert state.current == station.MissionStarted("airlock", "derelict-1/airlock-2.shamble")
    assert state.progress.mission == "airlock" and state.progress.ironman
    assert state.warnings == [] and not state.scored


def test_an_old_endless_run_reads_back_and_lists_apart(home):
    installed(home, "derelict-1.campaign")
    path = installed(home, "run-1.campaign")
    state = station.read(path)
    assert state.header.kind == "endless" and state.header.roster == ("lin", "mori")
    assert state.current == station.MissionStarted("random", "run-1/random-1.shamble")
    assert state.scored and type(state.progress).__name__ == "Run"
    (info,) = station.list_campaigns("endless")
    assert (info.name, info.kind, info.mission) == ("run-1", "endless", "run-1/random-1.shamble")
    assert [i.name for i in station.list_campaigns("campaign")] == ["derelict-1"]


def test_an_old_station_campaign_takes_new_records(home):
    path = installed(home, "derelict-1.campaign")
    before = path.read_bytes()
    with station.Campaign.open(path) as record:
        record.add(station.Survivor("okafor", xp=2))
    assert path.read_bytes().startswith(before)
    state = station.read(path)
    assert state.roster["okafor"].xp == 2 and state.roster["vega"].xp == 9


def test_an_old_siege_campaign_reads_back(home):
    path = installed(home, "nightfall-1.siege")
    state = siege.read(path)
    assert (state.header.name, state.header.campaign) == ("nightfall-1", "nightfall")
    assert state.played == [siege.Played("house", "lost", "nightfall-1/house-1.shamble", round=9)]
    assert state.save == "" and state.progress.mission == "house" and state.progress.ironman
    (info,) = siege.list_records()
    assert (info.name, info.progress, info.error) == ("nightfall-1", state.progress, None)
    assert siege.free_name("nightfall") == "nightfall-2"
    with siege.Record.open(path) as record:
        record.save_progress(state.progress, save="nightfall-1/house-2.shamble")
    assert siege.read(path).save == "nightfall-1/house-2.shamble"
    assert len(siege.read(path).played) == 1


def test_an_old_sniper_campaign_reads_back(home):
    path = installed(home, "sniper-1.sniper")
    state = sniper.read(path)
    assert (state.header.name, state.header.commander) == ("sniper-1", "human")
    assert state.played == [
        sniper.MissionPlayed("village", "won", "sniper-1-missions/village-1.shamble", 7)
    ]
    assert state.save == "" and state.progress.mission == "rail_yard"
    (info,) = sniper.list_records()
    assert sniper.describe(info) == "sniper-1: mission 2 of 3: rail_yard, ironman, hot-seat"
    with sniper.Record.open(path) as record:
        record.save_progress(state.progress, save="b.shamble")
    assert sniper.read(path).save == "b.shamble" and sniper.read(path).progress == state.progress


def test_an_old_outbreak_match_reads_back(home):
    path = installed(home, "m-1.match", "matches")
    state = outbreak.read(path)
    assert (state.header.name, state.header.mode) == ("m-1", "outbreak")
    assert state.match.games == 2 and state.match.played == 1 and state.save == ""
    (info,) = outbreak.list_matches()
    assert (info.name, info.match, info.error) == ("m-1", state.match, None)
    with outbreak.MatchRecord.open(path) as record:
        record.save(state.match, save="m-1/game-2-1.shamble")
    assert outbreak.read(path).save == "m-1/game-2-1.shamble"


@pytest.mark.parametrize(
    "name, read",
    [
        ("derelict-1.campaign", station.read),
        ("nightfall-1.siege", siege.read),
        ("sniper-1.sniper", sniper.read),
        ("m-1.match", outbreak.read),
    ],
)
def test_an_old_record_cut_short_drops_its_last_record(tmp_path, name, read):
    whole = (RECORDS / name).read_bytes()
    path = tmp_path / name
    path.write_bytes(whole[:-3])
    state = read(path)
    assert len(state.warnings) == 1 and "incomplete last record" in state.warnings[0]
    path.write_bytes(whole[:20])
    with pytest.raises(SaveError, match=name):
        read(path)


def frames(data: bytes, record_type) -> list:
    """The records of a file after its header, decoded as record_type."""
    _, start = log.read_header_frame(data, 8)
    return [msgspec.msgpack.decode(b, type=record_type) for _, b in log.iter_payloads(data, start)]


@pytest.fixture
def stamped(monkeypatch):
    """New headers carry the fixtures' app version and creation time."""
    for module in (station, siege, sniper, outbreak):
        monkeypatch.setattr(module, "APP_VERSION", "0.1.0")
        monkeypatch.setattr(module, "now", lambda: "2026-11-30T22:13:56+00:00")


@pytest.mark.parametrize("name, kind", [("derelict-1", Progress), ("run-1", Run)])
def test_the_same_station_records_are_written_as_the_same_bytes(home, stamped, name, kind):
    old = (RECORDS / f"{name}.campaign").read_bytes()
    first, *rest = frames(old, station.Record)
    with station.start(name, msgspec.msgpack.decode(first.data, type=kind)) as record:
        for item in rest:
            record.add(item)
    assert station.campaign_path(name).read_bytes() == old


def test_the_same_siege_records_are_written_as_the_same_bytes(home, stamped):
    old = (RECORDS / "nightfall-1.siege").read_bytes()
    first, *rest = [
        (msgspec.msgpack.decode(r.data, type=SiegeProgress), r) for r in frames(old, siege.Saved)
    ]
    with siege.start(first[0]) as record:
        for progress, r in rest:
            record.save_progress(progress, r.save, r.played)
    assert siege.record_path("nightfall-1").read_bytes() == old


def test_the_same_sniper_records_are_written_as_the_same_bytes(home, stamped):
    old = (RECORDS / "sniper-1.sniper").read_bytes()
    records = frames(old, sniper.ProgressSaved)
    decoded = [msgspec.msgpack.decode(r.data, type=SniperProgress) for r in records]
    with sniper.start("sniper-1", decoded[0], "human") as record:
        for progress, r in zip(decoded[1:], records[1:], strict=True):
            record.save_progress(progress, r.save, r.played)
    assert sniper.record_path("sniper-1").read_bytes() == old


def test_the_same_match_records_are_written_as_the_same_bytes(home, stamped):
    old = (RECORDS / "m-1.match").read_bytes()
    records = frames(old, outbreak.MatchSaved)
    decoded = [msgspec.msgpack.decode(r.data, type=Match) for r in records]
    with outbreak.start("m-1", decoded[0]) as record:
        for match, r in zip(decoded[1:], records[1:], strict=True):
            record.save(match, r.save)
    assert outbreak.match_path("m-1").read_bytes() == old


def test_a_new_name_is_never_one_whose_game_saves_folder_is_left(home):
    """A record deleted by hand leaves its games' folder: the next record of
    that name would find old saves there, so the name is passed over."""
    (home / "campaigns" / "derelict-1").mkdir(parents=True)
    (home / "campaigns" / "sniper-1-missions").mkdir()
    (home / "matches" / "m-1").mkdir(parents=True)
    assert station.free_name("derelict") == "derelict-2"
    assert sniper.free_name() == "sniper-2" and outbreak.free_name("m") == "m-2"
    assert station.mission_save_path("derelict-1", "airlock").parent.name == "derelict-1"
    assert sniper.mission_save_path("sniper-1", "").name == "mission-1.shamble"
    assert outbreak.game_save_path("m-1", 3).name == "game-3-1.shamble"
