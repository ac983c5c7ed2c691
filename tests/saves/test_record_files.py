"""Campaign and match records written by earlier versions still read.

The files in tests/saves/records/ were written by the record code of each
mode as it stood before the modes shared one record store (saves/records.py,
saves/old_records.py); players have such files on their disks, so they must
read back to the same content, be listed where they always were, and take
new records: the first change rewrites one in the store's format, whole."""

import shutil
from pathlib import Path

import pytest

from saves import SaveError
from saves.record_format import MAGIC
from saves.records import Played, store

RECORDS = Path(__file__).parent / "records"
STATION, ENDLESS = store("station", "campaign"), store("station", "endless")
SIEGE, SNIPER, MATCH = (
    store("siege", "campaign"),
    store("sniper", "campaign"),
    store("outbreak", "match"),
)


def installed(home: Path, name: str, folder: str = "campaigns") -> Path:
    """The fixture copied where the game keeps such records."""
    target = home / folder / name
    target.parent.mkdir(parents=True, exist_ok=True)
    shutil.copyfile(RECORDS / name, target)
    return target


def test_an_old_station_campaign_reads_back(home):
    path = installed(home, "derelict-1.campaign")
    state = STATION.read(path)
    h = state.header
    assert (h.name, h.mode, h.kind, h.options) == (
        "derelict-1",
        "station",
        "campaign",
        {"undo": "ironman"},
    )
    assert state.played == [
        Played("airlock", "lost", "derelict-1/airlock-1.shamble", round=6, score=2)
    ]
    assert state.save == "derelict-1/airlock-2.shamble"
    assert state.progress.mission == "airlock" and state.progress.ironman
    assert state.progress.missions[:2] == ("airlock", "hydroponics")
    assert state.warnings == [] and not state.scored


def test_an_old_endless_run_reads_back_and_lists_apart(home):
    installed(home, "derelict-1.campaign")
    path = installed(home, "run-1.campaign")
    state = ENDLESS.read(path)
    assert state.header.kind == "endless" and state.save == "run-1/random-1.shamble"
    assert state.scored and type(state.progress).__name__ == "Run"
    (info,) = ENDLESS.listing()
    assert (info.name, info.kind, info.save) == ("run-1", "endless", "run-1/random-1.shamble")
    assert [i.name for i in STATION.listing()] == ["derelict-1"]


def test_an_old_station_campaign_takes_a_change_in_the_stores_format(home):
    path = installed(home, "derelict-1.campaign")
    before = STATION.read(path)
    with STATION.open(path) as record:
        assert path.read_bytes().startswith(MAGIC)  # rewritten before any change
        assert STATION.read(path).progress == before.progress
        record.save_progress(before.progress, save="derelict-1/airlock-3.shamble")
    after = STATION.read(path)
    assert after.played == before.played and after.progress == before.progress
    assert after.save == "derelict-1/airlock-3.shamble" and after.header == before.header
    assert not list(path.parent.glob(".*tmp"))


def test_an_old_siege_campaign_reads_back(home):
    path = installed(home, "nightfall-1.siege")
    state = SIEGE.read(path)
    assert (state.header.name, state.header.options) == ("nightfall-1", {"campaign": "nightfall"})
    assert state.played == [Played("house", "lost", "nightfall-1/house-1.shamble", round=9)]
    assert state.save == "" and state.progress.mission == "house" and state.progress.ironman
    (info,) = SIEGE.listing()
    assert (info.name, info.progress, info.error) == ("nightfall-1", state.progress, None)
    assert SIEGE.free_name("nightfall") == "nightfall-2"
    with SIEGE.open(path) as record:
        record.save_progress(state.progress, save="nightfall-1/house-2.shamble")
    assert SIEGE.read(path).save == "nightfall-1/house-2.shamble"
    assert SIEGE.read(path).played == state.played


def test_an_old_sniper_campaign_reads_back(home):
    path = installed(home, "sniper-1.sniper")
    state = SNIPER.read(path)
    assert (state.header.name, state.header.options) == ("sniper-1", {"commander": "human"})
    assert state.played == [
        Played("village", "won", "sniper-1-missions/village-1.shamble", round=7)
    ]
    assert state.save == "" and state.progress.mission == "rail_yard"
    (info,) = SNIPER.listing()
    assert info.options == {"commander": "human"} and info.progress == state.progress
    with SNIPER.open(path) as record:
        record.save_progress(state.progress, save="b.shamble")
    assert SNIPER.read(path).save == "b.shamble" and SNIPER.read(path).progress == state.progress


def test_an_old_outbreak_match_reads_back(home):
    path = installed(home, "m-1.match", "matches")
    state = MATCH.read(path)
    assert (state.header.name, state.header.mode, state.header.kind) == ("m-1", "outbreak", "match")
    assert state.progress.games == 2 and state.progress.played == 1 and state.save == ""
    (info,) = MATCH.listing()
    assert (info.name, info.progress, info.error) == ("m-1", state.progress, None)
    with MATCH.open(path) as record:
        record.save_progress(state.progress, save="m-1/game-2-1.shamble")
    assert MATCH.read(path).save == "m-1/game-2-1.shamble"


@pytest.mark.parametrize(
    "name, kept",
    [
        ("derelict-1.campaign", STATION),
        ("nightfall-1.siege", SIEGE),
        ("sniper-1.sniper", SNIPER),
        ("m-1.match", MATCH),
    ],
)
def test_an_old_record_cut_short_drops_its_last_record(tmp_path, name, kept):
    whole = (RECORDS / name).read_bytes()
    path = tmp_path / name
    path.write_bytes(whole[:-3])
    state = kept.read(path)
    assert len(state.warnings) == 1 and "incomplete last record" in state.warnings[0]
    with kept.open(path):  # rewritten without the torn record
        pass
    assert kept.read(path).warnings == [] and kept.read(path).progress == state.progress
    path.write_bytes(whole[:20])
    with pytest.raises(SaveError, match=name):
        kept.read(path)


def test_an_old_record_of_another_mode_is_not_taken_for_this_one(home):
    path = installed(home, "sniper-1.sniper")
    with pytest.raises(SaveError, match="a sniper record, not a siege campaign"):
        SIEGE.read(path)


def test_a_new_name_is_never_one_whose_game_saves_folder_is_left(home):
    """A record deleted by hand leaves its games' folder: the next record of
    that name would find old saves there, so the name is passed over."""
    (home / "campaigns" / "derelict-1").mkdir(parents=True)
    (home / "campaigns" / "sniper-1-missions").mkdir()
    (home / "matches" / "m-1").mkdir(parents=True)
    assert STATION.free_name("derelict") == "derelict-2"
    assert SNIPER.free_name("sniper") == "sniper-2" and MATCH.free_name("m") == "m-2"
    assert STATION.save_path("derelict-1", "airlock").parent.name == "derelict-1"
    assert SNIPER.save_path("sniper-1", "mission").name == "mission-1.shamble"
    assert MATCH.save_path("m-1", "game-3").name == "game-3-1.shamble"


def test_a_campaign_in_play_before_the_zones_were_renamed_plays_on(home):
    """Issue 28: a Derelict campaign saved with its Airlock game in play before
    the shipped missions' zone ids were renamed (tests/saves/records/before-rename,
    written by the code of that day: the game's save names its folder by the
    absolute path it had). The record reads back; its game replays on the
    mission text it carries, zones d and j and all, verifies, and plays on;
    the campaign's next game of Airlock is played on today's zones."""
    from engine import Game
    from engine.station import campaign
    from engine.station.content import earlier_mission
    from saves import AutoSave, load
    from saves.verify import verify

    folder = RECORDS / "before-rename" / "campaigns"
    shutil.copytree(folder, home / "campaigns")
    path = home / "campaigns" / "derelict-1.campaign"
    state = STATION.read(path)
    assert state.progress.mission == "airlock" and not state.played
    save = home / "campaigns" / "derelict-1" / Path(state.save).name
    assert Path(state.save).parts[-3:] == save.parts[-3:]
    assert verify(save).ok
    game = load(save)
    assert earlier_mission(game.setup.mission_text).zones == {"d": "k", "j": "l"}
    assert {"d", "j"} <= set(game.world.mission.zones)
    assert game.replay_state() == game.state
    with AutoSave.resume(save) as session:
        session.game.submit(session.game.legal_commands()[0])
    assert len(load(save).commands) == len(game.commands) + 1
    today = Game.new(**campaign.next_game(state.progress))
    assert {"k", "l"} <= set(today.world.mission.zones)
    assert not {"d", "j"} & set(today.world.mission.zones)
