"""Pilot tests of the campaign, endless run and high-score screens: start,
play a mission, continue from the game-over screen, keep a card, resume,
retry, campaign lost, a run that falls onto the high-score table."""

from __future__ import annotations

import msgspec
import pytest
from textual.widgets import OptionList

from engine import Game
from engine.station import bot, campaign
from saves import scores
from saves.records import store as record_store
from tui.app import ShambleApp
from tui.modes.station.campaign import CampaignScreen, NewCampaignDialog, RecordListDialog
from tui.modes.station.endless import NewRunDialog, RunScreen
from tui.modes.station.progress import KeepCardsDialog, OverDialog
from tui.screens.game import GameScreen
from tui.screens.gameover import GameOverScreen
from tui.screens.scores import ScoresScreen
from tui.screens.title import TitleScreen

store = record_store("station", "campaign")


def winning_seed(**kwargs) -> int:
    """A seed on which the station bot wins this game."""
    for seed in range(60):
        if bot.play(Game.new(**kwargs, seed=seed)) == "won":
            return seed
    raise AssertionError(f"the bot wins no seed of {kwargs}")


@pytest.fixture(autouse=True)
def fixed_seed(monkeypatch):
    """Campaign missions draw their seed at random: use one the bot wins."""
    progress = campaign.start("derelict", ["vega", "okafor", "ruiz", "hale"])
    seed = winning_seed(**campaign.next_game(progress))
    monkeypatch.setattr("tui.modes.station.campaign.random.randrange", lambda n: seed)


def screen_text(app: ShambleApp) -> str:
    return "\n".join(strip.text for strip in app.screen._compositor.render_strips())


async def settle(pilot) -> None:
    await pilot.pause()
    await pilot.pause()


def lose(game) -> None:
    """Only end turns until the zombies win."""
    while not game.outcome:
        legal = [msgspec.to_builtins(c) for c in game.legal_commands()]
        game.submit(next(c for c in legal if c["type"] in ("end_turn", "choose")))


async def finish(pilot, outcome: str) -> GameOverScreen:
    screen = pilot.app.screen
    assert isinstance(screen, GameScreen)
    if outcome == "won":
        assert bot.play(screen.game) == "won"
    else:
        lose(screen.game)
    screen.refresh_view()
    await settle(pilot)
    assert isinstance(pilot.app.screen, GameOverScreen)
    return pilot.app.screen


async def new_campaign(pilot, roster: list[str] | None = None) -> CampaignScreen:
    await pilot.press("a")
    await settle(pilot)
    assert isinstance(pilot.app.screen, RecordListDialog)
    await pilot.press("enter")  # "New campaign..." is first
    await settle(pilot)
    dialog = pilot.app.screen
    assert isinstance(dialog, NewCampaignDialog)
    if roster is not None:
        dialog.query_one("#survivors").choose(set(roster))
    await pilot.press("enter")  # Start is focused
    await settle(pilot)
    assert isinstance(pilot.app.screen, CampaignScreen)
    return pilot.app.screen


async def test_title_offers_campaign_endless_run_and_high_scores():
    app = ShambleApp()
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        menu = app.screen.query_one("#title-menu", OptionList)
        for oid in ("campaign", "endless", "scores"):
            assert not menu.get_option(oid).disabled
    app = ShambleApp(autosave=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        menu = app.screen.query_one("#title-menu", OptionList)
        assert menu.get_option("campaign").disabled and menu.get_option("endless").disabled
        await pilot.press("a")
        await settle(pilot)
        assert isinstance(app.screen, TitleScreen)


async def test_campaign_mission_won_continued_card_kept_and_resumed(home):
    app = ShambleApp()
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await new_campaign(pilot)
        text = screen_text(app)
        assert "Derelict" in text and "Airlock Breach" in text and "next" in text
        assert "Vega" in text and "Ruiz" in text
        await pilot.press("enter")  # Play mission 1
        await settle(pilot)
        assert isinstance(app.screen, GameScreen)
        game = app.screen.game
        assert game.setup.mission == "airlock"
        assert set(game.setup.roster) == {"vega", "okafor", "hale", "ruiz"}
        path = store.path("derelict-1")
        assert store.read(path).save == str(app.session.path)
        assert "campaigns/derelict-1/" in str(app.session.path)
        over = await finish(pilot, "won")
        assert "Continue the campaign" in screen_text(app)
        assert over.query_one("#gameover-menu", OptionList).get_option("title")
        await pilot.press("c")
        await settle(pilot)
        keep = app.screen
        assert isinstance(keep, KeepCardsDialog)
        living = [s for s, v in game.summary()["survivors"].items() if v["alive"]]
        assert list(keep.kept) == living
        shown = screen_text(app)  # issue 28: dice as the cards panel writes them
        assert "Back anyway, as at the start:" in shown and "pow" not in shown
        await pilot.press("c")  # confirm the default choices
        await settle(pilot)
        assert isinstance(app.screen, CampaignScreen)
        state = store.read(path)
        assert state.progress.index == 1 and state.progress.history == (("airlock", "won"),)
        assert state.played[0].score == game.summary()["score"] and state.save == ""
        assert "Hydroponics" in screen_text(app) or "hydroponics" in screen_text(app)
        for m in state.progress.members:
            s = game.summary()["survivors"][m.id]
            assert (m.xp, m.sits_out) == ((s["xp"], 0) if s["alive"] else (0, 1))
        if any(m.sits_out for m in state.progress.members):
            assert "(sits out)" in screen_text(app)
        await pilot.press("escape")
        await settle(pilot)
        assert isinstance(app.screen, TitleScreen)
        await pilot.press("a")  # the campaign is listed, highlighted, and resumes
        await settle(pilot)
        assert "derelict-1" in screen_text(app) and "mission 2 of 6" in screen_text(app)
        await pilot.press("enter")
        await settle(pilot)
        assert isinstance(app.screen, CampaignScreen)
        assert app.screen.progress == state.progress


async def test_quit_mid_mission_then_resume_it_from_the_campaign(home):
    app = ShambleApp()
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await new_campaign(pilot, ["hale", "lin"])
        await pilot.press("enter")
        await settle(pilot)
        game = app.screen.game
        legal = [msgspec.to_builtins(c) for c in game.legal_commands()]
        app.screen.submit(next(c for c in legal if c["type"] == "end_turn"))
        await pilot.press("q")
        await settle(pilot)
        assert "It is saved: the campaign screen resumes it." in screen_text(app)
        await pilot.press("y")
        await settle(pilot)
        campaign = app.screen
        assert isinstance(campaign, CampaignScreen) and campaign.phase == "in_play"
        assert "Resume the mission in play" in screen_text(app) and "in play" in screen_text(app)
        await pilot.press("enter")
        await settle(pilot)
        assert isinstance(app.screen, GameScreen)
        assert app.screen.game.commands == game.commands


async def test_a_lost_mission_is_retried_once_then_the_campaign_is_lost(home):
    app = ShambleApp()
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await new_campaign(pilot, ["lin"])
        await pilot.press("enter")
        await settle(pilot)
        await finish(pilot, "lost")
        await pilot.press("c")
        await settle(pilot)
        campaign = app.screen
        assert isinstance(campaign, CampaignScreen)  # Lin died: nobody keeps a card
        assert "Retry mission 1" in screen_text(app) and "lost" in screen_text(app)
        await pilot.press("enter")
        await settle(pilot)
        await finish(pilot, "lost")
        await pilot.press("c")
        await settle(pilot)
        assert isinstance(app.screen, OverDialog)
        assert "CAMPAIGN LOST" in screen_text(app)
        await pilot.press("enter")
        await settle(pilot)
        assert isinstance(app.screen, CampaignScreen) and campaign.phase == "over"
        assert store.read(store.path("derelict-1")).progress.outcome == "lost"


async def test_an_endless_run_falls_onto_the_high_score_table(home):
    app = ShambleApp()
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.press("e", "enter")  # Endless run, then "New endless run..."
        await settle(pilot)
        dialog = app.screen
        assert isinstance(dialog, NewRunDialog)
        dialog.query_one("#seed").value = "42"
        dialog.query_one("#survivors").choose({"lin"})
        await pilot.press("enter")
        await settle(pilot)
        assert isinstance(app.screen, RunScreen)
        assert "seed 42, ironman" in screen_text(app) and "Board station 1" in screen_text(app)
        await pilot.press("enter")
        await settle(pilot)
        game = app.screen.game
        assert game.setup.mission == "random" and game.setup.undo == "ironman"
        await finish(pilot, "lost")
        assert "Continue the run" in screen_text(app)
        await pilot.press("c")
        await settle(pilot)
        if isinstance(app.screen, KeepCardsDialog):  # Lin lived to see the station lost
            await pilot.press("c")
            await settle(pilot)
        assert isinstance(app.screen, OverDialog) and "THE RUN HAS FALLEN" in screen_text(app)
        (best,) = scores.top(scores.ENDLESS)
        assert best.seed == 42 and best.stations == 0 and best.survivors == ("lin",)
        assert best.score == game.summary()["score"]
        await pilot.press("enter", "escape")
        await settle(pilot)
        assert isinstance(app.screen, TitleScreen)
        await pilot.press("e")  # reopening the fallen run does not score it twice
        await settle(pilot)
        menu = app.screen.query_one("#records", OptionList)
        assert "fallen" in str(menu.get_option_at_index(1).prompt)
        menu.highlighted = 1
        await pilot.press("enter")
        await settle(pilot)
        assert isinstance(app.screen, RunScreen) and app.screen.phase == "over"
        assert len(scores.top(scores.ENDLESS)) == 1


async def test_a_plain_mission_records_its_score_once(home):
    seed = winning_seed(mode="station", mission="tutorial")
    game = Game.new("station", mission="tutorial", seed=seed)
    app = ShambleApp(game=game)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await finish(pilot, "won")
        assert "Back to the title screen" in screen_text(app)
        assert "High score: place 1" in screen_text(app)
        await pilot.press("escape", "enter")  # look at the board, then the score again
        await settle(pilot)
        assert isinstance(app.screen, GameOverScreen)
    (row,) = scores.top("tutorial")
    assert row.seed == seed and row.outcome == "won"


async def test_high_scores_screen_shows_each_table(home):
    scores.record(scores.Score("tutorial", 120, ("vega",), 9, 7, "won"))
    scores.record(scores.Score(scores.ENDLESS, 300, ("lin", "mori"), 30, 5, "lost", stations=3))
    app = ShambleApp()
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.press("s")
        await settle(pilot)
        assert isinstance(app.screen, ScoresScreen)
        text = screen_text(app)
        assert "Docking Ring (tutorial)" in text and "120" in text and "Vega" in text
        await pilot.press("right")
        await settle(pilot)
        text = screen_text(app)
        assert "Endless runs" in text and "300" in text and "Lin, Mori" in text
        await pilot.press("escape")
        await settle(pilot)
        assert isinstance(app.screen, TitleScreen)


async def test_a_campaign_open_elsewhere_is_refused_with_the_reason(home):
    with store.start("derelict-1", campaign.start("derelict", ["hale"])):
        app = ShambleApp()
        async with app.run_test(size=(80, 24)) as pilot:
            await settle(pilot)
            await pilot.press("a")
            await settle(pilot)
            await pilot.press("enter")  # the campaign is highlighted: it is unfinished
            await settle(pilot)
            assert isinstance(app.screen, RecordListDialog)
            assert "derelict-1.campaign: another Shamble" in screen_text(app)


async def test_keep_dialog_cycles_cards_and_escape_leaves_it_for_later():
    app = ShambleApp(autosave=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        results = []
        dialog = KeepCardsDialog({"hale": ["crowbar", "shotgun"], "lin": ["medkit"]})
        app.push_screen(dialog, results.append)
        await settle(pilot)
        assert dialog.kept == {"hale": "shotgun", "lin": "medkit"}  # not the starting card
        await pilot.press("enter")
        assert dialog.kept["hale"] is None  # "nothing" comes after the cards
        await pilot.press("right", "down", "left")
        assert dialog.kept == {"hale": "crowbar", "lin": None}
        await pilot.press("escape")
        await settle(pilot)
        assert results == [None]


async def test_keep_dialog_says_what_comes_back_and_counts_dice_as_the_cards_panel():
    """ST-C.2: the starting cards come back anyway (the dialog says whose);
    a weapon's dice are the survivor's own count ("3d 3+"), never "pow2"."""
    from engine.station import content

    app = ShambleApp(autosave=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        dice = {("hale", "shotgun", True): 3, ("hale", "crowbar", False): 2}
        dialog = KeepCardsDialog(
            {"hale": ["crowbar", "shotgun"], "lin": ["medkit"]},
            lambda sid, card, ranged: dice.get((sid, card, ranged)),
        )
        app.push_screen(dialog)
        await settle(pilot)
        text = screen_text(app)
        hale, lin = (content.survivors()[s].starts_with for s in ("hale", "lin"))
        assert "Back anyway, as at the start: Hale's crowbar, Lin's medkit." in text
        assert f"{content.card('shotgun').hit}+" in text and "3d " in text and "pow" not in text
        await pilot.press("right")  # Hale: nothing, then his own crowbar
        await pilot.press("right")
        assert dialog.kept["hale"] == hale == "crowbar"
        assert "< crowbar >  2d " in screen_text(app) and "(back anyway)" in screen_text(app)
        assert "2d " in screen_text(app)


async def test_the_last_mission_won_wins_the_campaign(home):
    progress = campaign.start("derelict", ["hale"])
    progress = msgspec.structs.replace(progress, index=len(progress.missions) - 1)
    record = store.start("derelict-1", progress)
    record.save_progress(progress, save=str(home / "last.shamble"))
    app = ShambleApp()
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        screen = CampaignScreen(record)
        app.push_screen(screen)
        await settle(pilot)
        assert screen.phase == "broken"  # the save named is not there
        assert "Start the mission again" in screen_text(app) and "Command Deck" in screen_text(app)
        hale = {"alive": True, "xp": 50, "skills": ["tough"], "hand": ["rifle"], "backpack": []}
        summary = {
            "mission": "command_deck",
            "outcome": "won",
            "survivors": {"hale": hale},
            "round": 12,
            "score": 140,
        }
        screen.finish(summary, {"hale": "rifle"})
        await settle(pilot)
        assert isinstance(app.screen, OverDialog) and "CAMPAIGN WON" in screen_text(app)
        assert "1 of 6 missions won" in screen_text(app)
        await pilot.press("enter")
        await settle(pilot)
        assert screen.phase == "over" and "The campaign is won" in screen_text(app)
        await pilot.press("escape")
        await settle(pilot)
        assert isinstance(app.screen, TitleScreen)
    state = store.read(store.path("derelict-1"))
    assert state.progress.outcome == "won" and state.played[-1].score == 140


async def test_a_damaged_record_is_listed_as_text_and_cannot_be_opened(home):
    folder = store.directory(create=True)
    (folder / "[bold]odd.campaign").write_bytes(b"not a campaign")
    app = ShambleApp()
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.press("a")
        await settle(pilot)
        menu = app.screen.query_one("#records", OptionList)
        odd = menu.get_option_at_index(1)
        assert odd.disabled and "[bold]odd: cannot be read" in str(odd.prompt)
        assert "[bold]odd: cannot be read" in screen_text(app)


async def test_a_briefing_taller_than_its_room_says_where_the_rest_is():
    """Issue 28: six survivors and the first briefing do not fit 80x24; a line
    says more is below, PgDn brings the briefing's last words on screen."""
    app = ShambleApp()
    async with app.run_test(size=(80, 24)) as pilot:
        six = ["vega", "okafor", "lin", "ruiz", "hale", "mori"]
        screen = await new_campaign(pilot, six)
        await settle(pilot)
        last = campaign_briefing_end(screen)
        assert last not in screen_text(app)
        assert "More below: PgDn" in screen_text(app)
        await pilot.press("pagedown")
        await settle(pilot)
        assert last in screen_text(app) and "PgUp" in screen_text(app)
        await pilot.press("pageup")
        await settle(pilot)
        assert "More below: PgDn" in screen_text(app)


def campaign_briefing_end(screen: CampaignScreen) -> str:
    """The briefing's last three words, as the screen wraps them."""
    from tui.modes.station.campaign import mission_infos

    return " ".join(mission_infos()[screen.progress.mission]["briefing"].split()[-3:])


async def test_the_new_campaign_start_button_names_enter_only_while_it_has_it():
    """Issue 28: "Start (Enter)" is what Enter does while Start has the focus
    (as the dialog opens); on the Ironman drop-down Enter opens its list, and
    the button then says only "Start"."""
    from textual.widgets import Select

    app = ShambleApp(autosave=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("a")
        await settle(pilot)
        await pilot.press("enter")  # "New campaign..."
        await settle(pilot)
        dialog = app.screen
        assert isinstance(dialog, NewCampaignDialog)
        start = dialog.query_one("#start")
        assert dialog.focused is start and str(start.label) == "Start (Enter)"
        dialog.query_one("#ironman", Select).focus()
        await pilot.pause()
        assert str(start.label) == "Start"
        start.focus()
        await pilot.pause()
        assert str(start.label) == "Start (Enter)"
