"""Campaign and endless-run progress stored in the campaign record: the
engine's Progress (or Run) after every change, read back exactly."""

import pytest

from engine import Game
from engine.station import bot, campaign, endless
from saves import AutoSave, SaveError
from saves.records import Played, Saved, Scored, store

STORE, RUNS = store("station", "campaign"), store("station", "endless")


def play_through(game: Game) -> dict:
    assert bot.play(game) in ("won", "lost")
    return game.summary()


def kept_choice(summary: dict) -> dict:
    return {
        sid: (campaign.keep_options(summary, sid) or [None])[-1] for sid in summary["survivors"]
    }


def test_a_mission_played_through_and_folded_reads_back_the_same(home):
    progress = campaign.start("derelict", ["vega", "okafor", "hale", "ruiz"], ironman=True)
    name = STORE.free_name("derelict")
    with STORE.start(name, progress) as record:
        assert record.progress == progress and record.state.save == ""
        game = Game.new(**campaign.next_game(progress), seed=1)
        save = STORE.save_path(name, progress.mission)
        with AutoSave.create(save, game):
            record.save_progress(progress, save=save)
            summary = play_through(game)
        assert record.state.save == str(save)
    with STORE.open(STORE.path(name)) as record:  # resumed: same progress, same save
        assert record.progress == progress and record.state.save == str(save)
        after = campaign.finish_mission(progress, summary, kept_choice(summary))
        played = Played("airlock", summary["outcome"], str(save), summary["round"])
        record.save_progress(after, played=played)
    state = STORE.read(STORE.path(name))
    assert state.progress == after and state.save == "" and state.played == [played]
    assert state.header.kind == "campaign" and state.progress.ironman
    assert after.history == (("airlock", summary["outcome"]),)
    assert [i.name for i in STORE.listing()] == [name]
    assert RUNS.listing() == []


def test_an_endless_run_reads_back_and_is_listed_apart(home):
    run = endless.start(["lin", "mori"], seed=7)
    with RUNS.start(RUNS.free_name("run"), run) as record:
        game = Game.new(**endless.next_game(run))
        summary = play_through(game)
        after = endless.finish_stage(run, summary, {})
        record.save_progress(after)
        with pytest.raises(SaveError, match="keeps a Run"):
            record.save_progress(campaign.start("derelict"))
        record.add(Scored(after.score))
    (info,) = RUNS.listing()
    assert info.name == "run-1" and info.progress == after
    assert RUNS.read(info.path).scored and RUNS.free_name("run") == "run-2"


def test_torn_last_progress_is_dropped_and_the_previous_one_stands(home):
    progress = campaign.start("derelict", ["hale"])
    with STORE.start("c", progress) as record:
        record.save_progress(progress, save="one.shamble")
        record.save_progress(progress, save="two.shamble")
    path = STORE.path("c")
    data = path.read_bytes()
    path.write_bytes(data[:-3])
    state = STORE.read(path)
    assert state.warnings and state.save == "one.shamble" and state.progress == progress


def test_damaged_progress_is_an_error_naming_the_file(home):
    from engine.core import log

    progress = campaign.start("derelict", ["hale"])
    with STORE.start("c", progress) as record:
        with pytest.raises(SaveError, match="not a campaign to record"):
            record.add(Saved(data=b"\x93not progress"))
    with STORE.path("c").open("ab") as f:  # written by something else
        f.write(log.encode_frame(Saved(data=b"\x93not progress")))
    with pytest.raises(SaveError, match="c.campaign"):
        STORE.read(STORE.path("c"))


def test_a_second_opener_is_refused_and_names_are_not_reused(home):
    with STORE.start("c", campaign.start("derelict", ["hale"])):
        with pytest.raises(SaveError, match="another Shamble"):
            STORE.open(STORE.path("c"))
    with pytest.raises(SaveError, match="already exists"):
        STORE.start("c", campaign.start("derelict", ["lin"]))
    assert STORE.free_name("c") == "c-1"


def test_mission_saves_stay_out_of_the_plain_save_slots(home):
    from saves.slots import list_saves

    first = STORE.save_path("c", "airlock")
    first.write_bytes(b"")
    assert STORE.save_path("c", "airlock").name == "airlock-2.shamble"
    assert list_saves() == []
    with pytest.raises(SaveError, match="not a save name"):
        STORE.save_path("../x", "airlock")
