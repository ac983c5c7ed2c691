"""The sniper's campaign from the title screen (house rule SN-C): a new
campaign, the village played to a win through the game screen, the
campaign screen folding it in on return, the rail yard started with the
ammo and kit he carried; a lost mission offered again; the record
(saves/records.py) read back as written, and damage reported."""

from __future__ import annotations

import msgspec
import pytest
from test_sniper_screen import shown, started

from engine.sniper import campaign as rules
from engine.sniper.bot import SniperBot
from saves import SaveError
from saves.records import Played
from saves.records import store as record_store
from tui.app import ShambleApp
from tui.modes.sniper import campaign as screens
from tui.screens.gameover import GameOverScreen
from tui.screens.title import TitleScreen

store = record_store("sniper", "campaign")

WINNING_SEED = 2  # the sniper bot wins the village with this seed (44 commands)


async def open_campaign_screen(pilot) -> screens.SniperCampaignScreen:
    await pilot.pause()
    assert isinstance(pilot.app.screen, TitleScreen)
    await pilot.press("r")  # Sniper campaign
    await pilot.pause()
    assert isinstance(pilot.app.screen, screens.SniperRecordsDialog)
    return pilot.app.screen


async def test_a_campaign_carries_ammo_and_kit_from_the_village_to_the_rail_yard(monkeypatch):
    monkeypatch.setattr(screens.random, "randrange", lambda n: WINNING_SEED)
    app = ShambleApp()
    async with app.run_test(size=(80, 24)) as pilot:
        await open_campaign_screen(pilot)
        await pilot.press("enter")  # New campaign...
        await pilot.pause()
        assert isinstance(app.screen, screens.NewSniperCampaignDialog)
        await pilot.press("enter")  # Start: AI commander, no ironman
        await pilot.pause()
        campaign = app.screen
        assert isinstance(campaign, screens.SniperCampaignScreen)
        assert campaign.choices()[0] == ("play", "Play mission 1: The Village")
        await pilot.press("enter")
        screen = await started(pilot)
        game = screen.game
        assert game.setup.mission == "village" and game.setup.seed == WINNING_SEED
        bot = SniperBot()
        while not game.outcome:  # the screen draws as each command is made
            command = bot.choose(game.view("sniper"), game.legal_commands())
            screen.submit(msgspec.to_builtins(command))
        assert game.outcome == "won"
        carried = game.summary()["sniper"]
        await pilot.pause()
        assert isinstance(app.screen, GameOverScreen)
        await pilot.press("c")  # Continue the campaign
        await pilot.pause()
        assert app.screen is campaign and campaign.phase == "ready"
        progress = campaign.progress
        assert progress.history == (("village", "won"),) and progress.mission == "rail_yard"
        assert progress.ammo == carried["ammo"]
        assert f"You carry in: {carried['ammo']} rounds" in shown(app)
        assert campaign.choices()[0] == ("play", "Play mission 2: Rail Yard")
        await pilot.press("enter")
        screen = await started(pilot)
        me = screen.game.view("sniper")["sniper"]
        assert screen.game.setup.mission == "rail_yard" and me["ammo"] == carried["ammo"]
        kept = [c for c in carried["hand"]]
        assert me["hand"][: len(kept)] == kept
        await pilot.press("q", "y")  # back to the campaign: it resumes the mission
        await pilot.pause()
        assert app.screen is campaign and campaign.choices()[0][0] == "resume"


async def test_a_lost_mission_may_be_played_again(monkeypatch):
    app = ShambleApp()
    async with app.run_test(size=(80, 24)) as pilot:
        record = store.start(store.free_name("sniper"), rules.start())
        campaign = screens.SniperCampaignScreen(record)
        await pilot.pause()
        app.push_screen(campaign)
        await pilot.pause()
        await pilot.press("enter")
        screen = await started(pilot)
        game = screen.game
        while not game.outcome:  # he only waits: killed, captured or out of time
            screen.submit({"type": "end_turn"})
            await pilot.pause()
        await pilot.press("c")
        await pilot.pause()
        assert app.screen is campaign
        assert campaign.progress.history == (("village", "lost"),)
        assert campaign.choices()[0] == ("play", "Retry mission 1: The Village")
        assert "a retry: lose it again and the campaign is lost" in shown(app)
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, TitleScreen)
        await open_campaign_screen(pilot)
        assert "sniper-1: mission 1 of 5: village" in shown(app)


def test_the_record_reads_back_what_was_written(tmp_path, home):
    progress = rules.start(ironman=True)
    with store.start("sniper-1", progress, {"commander": "human"}) as record:
        won = rules.finish_mission(
            progress,
            {
                "mode": "sniper",
                "mission": "village",
                "outcome": "won",
                "sniper": {"ammo": 2, "hand": ["knife", "smoke"]},
            },
        )
        record.save_progress(won, played=Played("village", "won", "x.shamble", 7))
    state = store.read(store.path("sniper-1"))
    assert state.progress == won and state.header.options == {"commander": "human"}
    assert state.played == [Played("village", "won", "x.shamble", 7)]
    assert (
        screens.describe(store.listing()[0])
        == "sniper-1: mission 2 of 5: rail_yard, ironman, hot-seat"
    )
    path = store.path("sniper-1")
    data = path.read_bytes()
    path.write_bytes(data[:-3])  # a torn last record: dropped, with a warning
    state = store.read(path)
    assert state.progress == progress and state.warnings
    path.write_bytes(b"junk" + data)
    with pytest.raises(SaveError, match="sniper-1.sniper"):
        store.read(path)
    with pytest.raises(SaveError, match="already exists"):
        store.start("sniper-1", progress)
