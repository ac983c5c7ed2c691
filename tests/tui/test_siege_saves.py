"""Siege with the shared machinery: the new-game dialog starts it, the game
is saved as it goes, Continue and Load resume it, undo follows the three
policies, and the siege campaign (Nightfall) plays the missions in order from
the title screen with its record on disk (saves/records.py)."""

from __future__ import annotations

from textual.widgets import Select

from engine import Game
from engine.siege import bot
from engine.siege import campaign as rules
from saves import AutoSave, load
from saves.records import store as record_store
from tui.app import ShambleApp
from tui.modes.siege.campaign import SiegeCampaignList, SiegeCampaignScreen
from tui.modes.siege.fields import HumanList
from tui.screens.game import GameScreen
from tui.screens.gameover import GameOverScreen
from tui.screens.newgame import NewGameScreen
from tui.screens.title import TitleScreen
from tui.widgets.panels import MessageLog

store = record_store("siege", "campaign")


def start(progress):
    """A new siege campaign's record, named after its campaign as the title's dialog does."""
    return store.start(store.free_name(progress.campaign), progress)


def log(app) -> list[str]:
    return app.screen.query_one(MessageLog).lines


async def started(pilot) -> GameScreen:
    await pilot.pause()
    screen = pilot.app.screen
    assert isinstance(screen, GameScreen), screen
    return screen


def text(app) -> str:
    return "\n".join(strip.text for strip in app.screen._compositor.render_strips())


async def test_the_new_game_dialog_starts_siege():
    app = ShambleApp(autosave=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("n")
        await pilot.pause()
        dialog = app.screen
        assert isinstance(dialog, NewGameScreen)
        dialog.query_one("#mode", Select).value = "siege"
        await pilot.pause()
        assert dialog.query_one("#mission", Select).value == "house"
        humans = dialog.query_one("#humans", HumanList)
        assert humans.selected == ["drifter", "cop"]  # the mission's own
        dialog.query_one("#mission", Select).value = "street"
        await pilot.pause()
        assert humans.selected == ["medic", "cop", "mechanic"]
        shown = text(app)
        assert "Humans" in shown and "Zombies" in shown and "[x] Mechanic (crowbar)" in shown
        humans.focus()
        await pilot.press("space")  # untick the highlighted first human (Drifter: tick)
        assert humans.selected == ["drifter", "medic", "cop", "mechanic"]
        dialog.query_one("#start").focus()
        await pilot.press("enter")
        await pilot.pause()
        error = str(dialog.query_one("#newgame-error").render())
        assert error == "This map has 3 starts: untick 1 of the humans."
        await pilot.press("escape")  # Esc leaves the dialog; nothing started
        await pilot.pause()
        assert isinstance(app.screen, TitleScreen)
        await pilot.press("n")
        await pilot.pause()
        dialog = app.screen
        dialog.query_one("#mode", Select).value = "siege"
        await pilot.pause()
        dialog.query_one("#opt-zombies", Select).value = "human"
        dialog.query_one("#seed").value = "5"
        dialog.query_one("#start").focus()
        await pilot.press("enter")
        screen = await started(pilot)
        setup = screen.game.setup
        assert (setup.mode, setup.mission, setup.seed) == ("siege", "house", 5)
        assert setup.roster == ("drifter", "cop") and setup.options == {"zombies": "human"}
        assert screen.query_one("#board").border_title == "The House"


async def test_quit_continue_and_undo():
    app = ShambleApp()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        app.open_game(Game.new("siege", mission="house", seed=7))
        screen = await started(pilot)
        await pilot.press("m", "up", "enter")  # Drifter steps up
        await pilot.pause()
        await pilot.press("tab", "f")  # the Cop aims: that ends Drifter's turn, so it asks
        await pilot.pause()
        assert len(screen.game.commands) == 1
        await pilot.press("y")
        await pilot.pause()
        game = screen.game
        assert [type(c).__name__ for c in game.commands] == ["Move", "Aim"]
        before, journal = game.summary(), list(game.journal)
        await pilot.press("q", "y")
        await pilot.pause()
        assert isinstance(app.screen, TitleScreen)
    app = ShambleApp()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        note = str(app.screen.query_one("#title-note").render())
        assert note.startswith("Continue: siege: house, round 1, Drifter, Cop")
        await pilot.press("c")
        screen = await started(pilot)
        game = screen.game
        assert game.summary() == before and game.journal == journal
        assert log(app)[-1] == "Resumed in round 1."
        assert "Cop takes aim: +1 on the next shot." in log(app)
        await pilot.press("ctrl+z")
        await pilot.pause()
        assert len(game.commands) == 1 and not game.summary()["humans"]["cop"]["aimed"]
        assert log(app)[-1] == "Undone."
        await pilot.press("ctrl+y")
        await pilot.pause()
        assert game.summary()["humans"]["cop"]["aimed"]
        await pilot.press("q", "y")
        await pilot.pause()
    saved = load(next((app_home() / "saves").glob("*.shamble")))
    assert saved.summary()["humans"]["cop"]["aimed"] and saved.undo_count == 1


def app_home():
    import os
    from pathlib import Path

    return Path(os.environ["SHAMBLE_HOME"])


MAZE = """[mission]
id = "maze"
mode = "siege"
name = "Maze"
humans = ["cop", "drifter"]
map = \"\"\"
##########
#...#Z..X#
#1..#....#
#2...Z...#
##########
\"\"\"
"""


async def undo_after_a_shot(tmp_path, policy: str) -> tuple[Game, list[str]]:
    path = tmp_path / "maze.toml"
    path.write_text(MAZE)
    game = Game.new("siege", mission=str(path), seed=1, dice=[6], undo=policy)
    app = ShambleApp(game=game, autosave=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await started(pilot)
        await pilot.press("f")  # aim: no dice
        await pilot.press("a", "enter")  # the shot rolls a die
        await pilot.pause()
        assert len(game.commands) == 2
        await pilot.press("ctrl+z")
        await pilot.pause()
        return game, list(log(app))


async def test_undo_casual_honest_and_ironman(tmp_path):
    game, lines = await undo_after_a_shot(tmp_path, "casual")
    assert len(game.commands) == 1 and lines[-1] == "Undone."
    game, lines = await undo_after_a_shot(tmp_path, "honest")  # K-6: not past a die
    assert len(game.commands) == 2 and lines[-1].startswith("No undo:")
    game, lines = await undo_after_a_shot(tmp_path, "ironman")
    assert len(game.commands) == 2 and lines[-1].startswith("No undo:")


async def test_the_siege_campaign_goes_on_with_what_the_band_carries(monkeypatch):
    seed = next(
        s for s in range(20) if bot.play(Game.new("siege", mission="house", seed=s)) == "won"
    )
    monkeypatch.setattr("tui.modes.siege.campaign.random.randrange", lambda n: seed)
    app = ShambleApp()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("g")  # the title's Siege campaign
        await pilot.pause()
        assert isinstance(app.screen, SiegeCampaignList)
        await pilot.press("enter")  # New siege campaign...
        await pilot.pause()
        assert "Missions: The House, Main Street, Mill Lane at Night, The Chapel," in text(app)
        await pilot.press("enter")  # Start
        await pilot.pause()
        camp = app.screen
        assert isinstance(camp, SiegeCampaignScreen)
        shown = text(app)
        assert "Play mission 1: The House" in shown and "Nail board" in shown
        await pilot.press("enter")  # play
        screen = await started(pilot)
        game = screen.game
        assert game.setup.seed == seed and game.setup.roster == ("drifter", "cop")
        for _ in range(200):  # the bot plays the humans up to the last command
            command = bot.choose(game.view("humans"), game.legal_commands())
            game.submit(command)
            if game.outcome:
                break
        assert game.outcome == "won"
        screen.refresh_view()
        await pilot.pause()
        assert isinstance(app.screen, GameOverScreen)
        await pilot.press("c")  # back to the campaign: the mission is folded in
        await pilot.pause()
        await pilot.pause()
        assert app.screen is camp
        progress = camp.progress
        assert progress.history == (("house", "won"),) and progress.mission == "street"
        carried = {m.id: m.items for m in progress.members}
        end = game.summary()["humans"]
        for hid, h in end.items():
            if h["alive"]:
                assert list(carried[hid]) == h["items"]  # the items carry over
        assert "mechanic" in carried or "medic" in carried  # newcomers fill the starts
        assert "Play mission 2: Main Street" in text(app)
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, TitleScreen)
    (info,) = store.listing()
    assert info.progress == progress and info.save == ""
    record = store.read(info.path)
    assert [(p.mission, p.outcome) for p in record.played] == [("house", "won")]
    assert record.header.name == "nightfall-1" and record.progress.campaign == "nightfall"


def lost_house(progress) -> Game:
    """The mission now due, played to a loss: every turn ended at once."""
    game = Game.new(**rules.next_game(progress), seed=3)
    while not game.outcome:
        ends = [c for c in game.legal_commands() if type(c).__name__ == "EndTurn"]
        game.submit(ends[0])
    assert game.outcome == "lost"
    return game


async def test_a_mission_lost_twice_loses_the_campaign():
    record = start(rules.start("nightfall"))
    first = lost_house(record.progress)
    record.save_progress(rules.finish_mission(record.progress, first.summary()))
    assert record.progress.losses == 1 and record.progress.outcome is None
    again = lost_house(record.progress)  # the retry, in play and saved
    with AutoSave.create(record.game_save_path("house"), again) as session:
        record.save_progress(record.progress, save=session.path)
    app = ShambleApp()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        app.push_screen(SiegeCampaignScreen(record))  # back from the retry, lost
        await pilot.pause()
        await pilot.pause()
        assert "CAMPAIGN LOST" in text(app)
        await pilot.press("enter")
        await pilot.pause()
        assert "The campaign is lost: a mission lost twice in a row." in text(app)
        assert "Back to the title screen" in text(app) and "Retry" not in text(app)
        await pilot.press("escape")
        await pilot.pause()
    state = store.read(record.path)
    assert state.progress.outcome == "lost"
    assert [(p.mission, p.outcome) for p in state.played] == [("house", "lost")]
