"""Campaigns, endless runs and matches at the plain prompt (issue 30):
numbered menus, the mission played, the finished one folded in (ST-C.2's
keep-a-card as numbered choices), the next one offered; the records are the
full screen's own, so a campaign begun in one interface goes on in the other."""

from __future__ import annotations

import io

import pytest

from engine import Game
from engine.station import bot
from engine.station import campaign as station_rules
from saves.records import store
from tui import persist
from tui.modes.station.campaign import campaign_state
from tui.modes.station.progress import keep_first
from tui.plain import run
from tui.plain.io import Lines


@pytest.fixture(autouse=True)
def home(tmp_path, monkeypatch):
    monkeypatch.setenv("SHAMBLE_HOME", str(tmp_path / "home"))
    return tmp_path / "home"


def plain(*typed: str) -> str:
    """The plain title menu fed these lines; what it said (the input ends after them)."""
    out = io.StringIO()
    assert run(lines=Lines(out, io.StringIO("".join(f"{t}\n" for t in typed)))) == 0
    said = out.getvalue()
    assert "\x1b" not in said and max(len(line) for line in said.splitlines()) <= 100
    return said


def entry(said: str, label: str) -> str:
    """The number of the title menu's line that starts with label (the last menu said)."""
    menu = said[said.rindex("Title menu:") :]
    line = next(x for x in menu.splitlines() if x.split(". ", 1)[-1].startswith(label))
    return line.split(".")[0]


def title_entry(label: str) -> str:
    return entry(plain(), label)


def test_the_title_offers_every_modes_campaigns_runs_and_matches():
    said = plain()
    for label in ("Station campaign", "Station endless run", "Siege campaign",
                  "Sniper campaign", "Outbreak match"):  # fmt: skip
        assert f". {label}\n" in said


def won_seed(kwargs: dict) -> int:
    for seed in range(60):
        if bot.play(Game.new(**kwargs, seed=seed)) == "won":
            return seed
    raise AssertionError("no seed the station bot wins")


def test_station_campaign_begun_in_plain_folds_a_won_mission_with_kept_cards(monkeypatch):
    """ST-C.1, ST-C.2: a mission won at the plain prompt is folded in when the
    campaign is opened again: each survivor keeps a card by number, the next
    mission is offered; the full screen's list reads the same record."""
    first = station_rules.next_game(station_rules.start("derelict", ["vega", "okafor"]))
    seed = won_seed(first)
    monkeypatch.setattr("tui.modes.station.plain_courses.random.randrange", lambda n: seed)
    # title -> Station campaign -> New -> Derelict -> Vega and Okafor -> no ironman -> Play
    n = title_entry("Station campaign")
    said = plain(n, "1", "1", "1 2", "", "1")
    assert "New campaign: derelict-1." in said
    assert "Mission 1, Airlock Breach: next." in said
    assert said.count("The shuttle is docked") == 1  # the briefing, read once as it opens
    [info] = store("station", "campaign").listing()
    assert campaign_state(info) == "mission 1 of 6 in play"  # as the full screen lists it

    session = persist.resume(info.save)  # the mission played out (by the bot) and saved
    assert bot.play(session.game) == "won"
    session.close()

    kept = station_rules.keep_options(session.game.summary(), "vega")
    assert kept  # Vega holds a card to keep
    said = plain(entry(plain(), "Continue: station campaign derelict-1"), "", "", "3")
    assert said.count(" keeps:") == 2  # each survivor's card, by number, then Back
    assert "Mission 1, Airlock Breach: won." in said
    assert "Play mission 2: Hydroponics" in said
    record = store("station", "campaign").listing()[0]
    assert record.progress.index == 1 and record.progress.history == (("airlock", "won"),)
    assert record.save == ""  # nothing in play until mission 2 is started
    vega = next(m for m in record.progress.members if m.id == "vega")
    assert keep_first("vega", kept) in vega.kept  # Enter keeps the card offered first


def test_a_campaign_begun_on_the_full_screen_resumes_at_the_plain_prompt():
    """The records the campaign screen writes (persist.start_record, a mission
    session) are the plain prompt's: its mission in play is resumed."""
    progress = station_rules.start("derelict", ["vega"])
    record = persist.start_record(progress, progress.campaign)
    game = Game.new(**station_rules.next_game(progress), seed=4)
    session = persist.start_game_session(record, game)
    persist.record_progress(record, progress, save=session.path)
    game.submit({"type": "end_turn", "survivor": "vega"})
    session.close()
    record.close()

    n = title_entry("Station campaign")
    said = plain(n, "2", "1")  # the campaign, then Resume
    assert "Mission 1, Airlock Breach: in play." in said
    assert "Resume the mission in play" in said
    assert "Resumed in round 2." in said and "Vega, round 2." in said


def test_outbreak_match_of_bots_plays_to_its_champion_and_the_score_is_said():
    n = title_entry("Outbreak match")
    # New match: two bots, one game, casual undo, seed 5; play it; back to the match
    said = plain(n, "1", "bot,bot", "1", "1", "5", "1", "1")
    assert "Outbreak match match-1: 1 game (Bot 1, Bot 2)." in said
    assert "The match is over: " in said and " takes the match!" in said or " share " in said
    [info] = store("outbreak", "match").listing()
    assert info.progress.over and len(info.progress.results) == 1
    assert "Game 1: " in said


@pytest.mark.parametrize(
    ("label", "mode"), [("Siege campaign", "siege"), ("Sniper campaign", "sniper")]
)
def test_siege_and_sniper_campaigns_start_their_first_mission(label, mode):
    n = title_entry(label)
    said = plain(n, "1", "1", "1", "1")  # new, the first choice, no ironman, play
    assert "Mission 1, " in said and "next." in said
    [info] = store(mode, "campaign").listing()
    assert info.save and persist.read_only(info.save).setup.mode == mode


async def test_a_campaign_begun_at_the_plain_prompt_resumes_on_the_full_screen():
    """The other way round: the campaign screen opens the plain prompt's
    record with its mission in play and offers to resume it."""
    from tui.app import ShambleApp
    from tui.modes.station.campaign import CampaignScreen

    plain(title_entry("Station campaign"), "1", "1", "1", "", "1")  # Vega alone, play
    [info] = store("station", "campaign").listing()
    record = persist.open_record("station", "campaign", info.path)
    app = ShambleApp()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = CampaignScreen(record)
        app.push_screen(screen)
        await pilot.pause()
        await pilot.pause()
        assert screen.phase == "in_play"
        assert [label for _, label in screen.choices()][0] == "Resume the mission in play"


def test_an_endless_run_that_falls_is_scored_in_the_endless_table():
    import msgspec

    from saves import scores

    # New endless run: Vega alone, seed 3, ironman (Enter), board station 1
    said = plain(title_entry("Station endless run"), "1", "1", "3", "", "1")
    assert "Endless run run-1: seed 3, ironman, score 0." in said
    [info] = store("station", "endless").listing()
    session = persist.resume(info.save)  # station 1 lost: only turns ended
    game = session.game
    while not game.outcome:
        legal = [msgspec.to_builtins(c) for c in game.legal_commands()]
        game.submit(next(c for c in legal if c["type"] in ("end_turn", "choose")))
    session.close()
    assert game.outcome == "lost"

    said = plain(title_entry("Station endless run"), "2", *[""] * 6)
    assert "THE RUN HAS FALLEN." in said and "0 stations cleared, score" in said
    [info] = store("station", "endless").listing()
    assert info.progress.outcome == "lost"
    assert [s.table for s in scores.top(scores.ENDLESS, 10)] == [scores.ENDLESS]
