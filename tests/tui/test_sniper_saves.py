"""Sniper's games through the shared machinery: the new-game dialog (map,
commander ai or human) and `shamble new --mode sniper --commander human`,
the autosave, Continue and undo after it, the Load list's line, and
`shamble replay --verify` of a played save."""

from __future__ import annotations

from test_sniper_screen import log, started

from engine import Game
from tui import cli, persist
from tui.app import ShambleApp
from tui.screens.dialogs import HandoverScreen
from tui.screens.newgame import NewGameScreen
from tui.screens.title import TitleScreen
from tui.widgets.select import MenuSelect


async def test_the_new_game_dialog_starts_sniper_with_a_map_and_a_commander():
    app = ShambleApp(autosave=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("n")
        await pilot.pause()
        dialog = app.screen
        assert isinstance(dialog, NewGameScreen)
        dialog.query_one("#mode", MenuSelect).value = "sniper"
        await pilot.pause()
        missions = [m for _, m in dialog.query_one("#mission", MenuSelect)._options]
        assert {"village", "rail_yard", "forest_road"} <= set(missions)
        assert dialog.query_one("#mission", MenuSelect).value == "village"
        commander = dialog.query_one("#opt-commander", MenuSelect)
        assert commander.value == "ai"
        dialog.query_one("#mission", MenuSelect).value = "rail_yard"
        commander.value = "human"
        await pilot.pause()
        dialog.query_one("#start").focus()
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, HandoverScreen)  # the sniper first, the board covered
        await pilot.press("enter")
        game = (await started(pilot)).game
        assert game.setup.mode == "sniper" and game.setup.mission == "rail_yard"
        assert game.setup.options == {"commander": "human"}


def test_shamble_new_takes_the_commander(monkeypatch):
    opened = []

    def run_app(args, game=None, session=None) -> int:
        opened.append(game)
        return 0

    monkeypatch.setattr(cli, "_run_app", run_app)
    assert cli.main(["new", "--mode", "sniper", "--commander", "human", "--seed", "4"]) == 0
    (game,) = opened
    assert game.setup.mode == "sniper" and game.setup.mission == "village"
    assert game.setup.options == {"commander": "human"} and game.setup.seed == 4
    assert cli.main(["new", "--mode", "sniper", "--commander", "robot"]) == 2


async def test_saved_continued_and_undone_then_replayed(capsys):
    app = ShambleApp()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        app.open_game(Game.new("sniper", mission="village", seed=5))
        screen = await started(pilot)
        await pilot.press("m", "enter", "e", "y")  # a step, then the AI commander's turn
        await pilot.pause()
        before, journal = screen.game.summary(), list(screen.game.journal)
        path = app.session.path
        assert before["turn"] == 2
        await pilot.press("q", "y")
        await pilot.pause()
        assert isinstance(app.screen, TitleScreen)
    app = ShambleApp()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        note = str(app.screen.query_one("#title-note").render())
        assert note == "Continue: sniper: village, turn 2 of 12, AI commander"
        await pilot.press("c")
        screen = await started(pilot)
        assert screen.game.summary() == before and screen.game.journal == journal
        assert log(app)[-1] == "Resumed on turn 2 of 12."
        assert "You end your turn." in log(app)  # the last turn, retold
        await pilot.press("ctrl+z")  # casual undo: back before the end of the turn
        await pilot.pause()
        assert screen.game.view("sniper")["turn"] == 1 and log(app)[-1] == "Undone."
        await pilot.press("e", "y")
        await pilot.pause()
    (info,) = [i for i in persist.saves_list() if i.path == str(path)]
    assert persist.describe(info) == "sniper: village, turn 2 of 12, AI commander"
    assert cli.main(["replay", "--verify", str(path)]) == 0
    assert "verified: 3 commands replayed with the same events, 1 undo" in capsys.readouterr().out
