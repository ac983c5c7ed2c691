"""The record screens between games (siege and sniper campaigns, outbreak
matches) read their record once when they open and once each time the
player comes back to them (from a game, a dialog): through RecordScreen's
opened()/resumed() hooks, never a second handler of their own (Textual
runs a base class's handler and the subclass's both)."""

from __future__ import annotations

import pytest
from textual.screen import Screen
from textual.widgets import Label

from engine import Game
from engine.outbreak import match as match_rules
from engine.siege import campaign as siege_rules
from engine.sniper import campaign as sniper_rules
from saves import AutoSave
from saves.records import store
from tui.app import ShambleApp
from tui.modes.outbreak.match import MatchScreen
from tui.modes.siege.campaign import CampaignOver, SiegeCampaignScreen
from tui.modes.sniper.campaign import SniperCampaignScreen

siege_store = store("siege", "campaign")
sniper_store = store("sniper", "campaign")
match_store = store("outbreak", "match")


def siege_start(progress):
    return siege_store.start(siege_store.free_name(progress.campaign), progress)


class Elsewhere(Screen):
    """Any screen on top (a game, say) that the player then leaves."""

    def compose(self):
        yield Label("elsewhere")


def siege_screen():
    return SiegeCampaignScreen(siege_start(siege_rules.start("nightfall")))


def sniper_screen():
    return SniperCampaignScreen(
        sniper_store.start(sniper_store.free_name("sniper"), sniper_rules.start())
    )


def match_screen():
    return MatchScreen(match_store.start("m-1", match_rules.start("ann:human,bot", games=2)))


def counting(screen, monkeypatch) -> list[str]:
    """The phases refresh_state left, one per call."""
    calls: list[str] = []
    real = screen.refresh_state

    def refresh_state() -> None:
        real()
        calls.append(screen.phase)

    monkeypatch.setattr(screen, "refresh_state", refresh_state)
    return calls


@pytest.mark.parametrize("make", [siege_screen, sniper_screen, match_screen])
async def test_a_record_screen_refreshes_once_on_opening_and_once_on_coming_back(make, monkeypatch):
    app = ShambleApp()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = make()
        calls = counting(screen, monkeypatch)
        app.push_screen(screen)
        await pilot.pause()
        await pilot.pause()
        assert calls == ["ready"]
        for back in range(2, 4):
            app.push_screen(Elsewhere())
            await pilot.pause()
            app.pop_screen()
            await pilot.pause()
            await pilot.pause()
            assert app.screen is screen and calls == ["ready"] * back
        await pilot.press("escape")
        await pilot.pause()


def lost_house(progress) -> Game:
    """The mission now due, played to a loss: every turn ended at once."""
    game = Game.new(**siege_rules.next_game(progress), seed=3)
    while not game.outcome:
        ends = [c for c in game.legal_commands() if type(c).__name__ == "EndTurn"]
        game.submit(ends[0])
    return game


async def test_the_siege_campaign_folds_a_mission_that_ended_once_on_coming_back(monkeypatch):
    record = siege_start(siege_rules.start("nightfall"))
    screen = SiegeCampaignScreen(record)
    calls = counting(screen, monkeypatch)
    app = ShambleApp()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        app.push_screen(screen)
        await pilot.pause()
        await pilot.pause()
        game = lost_house(record.progress)  # the mission, played elsewhere and lost
        with AutoSave.create(record.game_save_path("house"), game) as session:
            record.save_progress(record.progress, save=session.path)
        app.push_screen(Elsewhere())
        await pilot.pause()
        app.pop_screen()  # back: the loss is read once, folded in, and drawn
        await pilot.pause()
        await pilot.pause()
        assert calls == ["ready", "finished", "ready"]
        assert record.progress.history == (("house", "lost"),) and record.progress.losses == 1
        assert not isinstance(app.screen, CampaignOver)
    state = siege_store.read(record.path)
    assert [(p.mission, p.outcome) for p in state.played] == [("house", "lost")]
