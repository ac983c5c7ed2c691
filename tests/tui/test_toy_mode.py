"""A mode the UI learns by its adapter alone: the toy mode (toy_engine.py, its
adapter toy_ui.py, both only here) plays on the shared game screen: steps
on a small cell grid, a bot seat acting through g.bot_command(), the hidden
hand handed over between two people, undo, save and Continue, and the
new-game dialog offering it only while its adapter is registered."""

from __future__ import annotations

import pytest
import toy_engine  # noqa: F401  (registers the engine mode)
from textual.widgets import Select
from toy_ui import ToyUI

from engine import Game
from tui import modes
from tui.app import ShambleApp
from tui.screens.dialogs import HandoverScreen
from tui.screens.game import GameScreen
from tui.screens.newgame import NewGameScreen
from tui.screens.title import TitleScreen
from tui.widgets.board import Board
from tui.widgets.panels import MessageLog


@pytest.fixture
def toy_ui():
    ui = modes.register(ToyUI())
    yield ui
    modes.unregister(ui.mode_id)


def toy(seats: str = "human,bot", seed: int = 3) -> Game:
    return Game.new("toy", seed=seed, seats=seats)


def board_rows(app) -> list[str]:
    board = app.screen.query_one(Board)
    return [board.render_line(y).text for y in range(board.size.height)]


def log(app) -> list[str]:
    return app.screen.query_one(MessageLog).lines


def hands(app) -> str:
    return str(app.screen.query_one("#hands").render())


async def started(pilot) -> GameScreen:
    await pilot.pause()
    screen = pilot.app.screen
    assert isinstance(screen, GameScreen), screen
    return screen


async def step_to(pilot, screen: GameScreen, cell: tuple[int, int]) -> None:
    await pilot.press("m")
    for _ in range(4):
        if screen.cursor == cell:
            break
        await pilot.press("m")
    assert screen.cursor == cell
    await pilot.press("enter")
    await pilot.pause()


async def test_steps_on_the_grid_and_the_bot_answers(toy_ui):
    game = toy()
    app = ShambleApp(game=game, autosave=False)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await started(pilot)
        rows = [r.strip() for r in board_rows(app) if r.strip()]
        assert rows == ["A....", ".##..", "B...G"]  # one character a cell
        assert screen.cursor == (0, 0)
        await step_to(pilot, screen, (1, 0))
        assert game.summary()["seats"]["p1"]["at"] == [1, 0]
        assert ".A..." in "\n".join(board_rows(app))
        await pilot.press("e")  # the bot takes its two steps and ends its turn
        await pilot.pause()
        assert [type(c).__name__ for c in game.commands] == [
            "Move",
            "EndTurn",
            "Move",
            "Move",
            "EndTurn",
        ]
        assert log(app)[-3:] == ["B steps to 1,2.", "B steps to 2,2.", "B ends the turn."]
        assert screen.view == game.view("p1") and screen.view["current"] == "p1"
        assert "..B.G" in "\n".join(board_rows(app))


async def test_the_cursor_walks_cells_and_a_click_picks_one(toy_ui):
    app = ShambleApp(game=toy(), autosave=False)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await started(pilot)
        await pilot.press("right", "down", "n")
        assert screen.cursor == (2, 2)
        await pilot.press("down")  # off the grid: stays
        assert screen.cursor == (2, 2)
        board = screen.query_one(Board)
        gutter = board.gutter  # the heading's row above the map
        await pilot.click(
            Board, offset=(4 - board.cam_x + gutter.left, 0 - board.cam_y + gutter.top)
        )
        assert screen.cursor == (4, 0)


async def test_bot_turns_play_back_a_step_at_a_time(toy_ui, monkeypatch):
    monkeypatch.setattr("tui.screens.game.STEP_SECONDS", 1.0)
    game = toy()
    app = ShambleApp(game=game, autosave=False, playback=True)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await started(pilot)
        await pilot.press("e")
        await pilot.pause()
        assert screen.playing and "The bot moves" in str(screen.status_text())
        assert screen.view["seats"]["p2"]["at"] == [0, 2]  # the board waits a step behind
        await pilot.press("x")  # any key skips to the end
        await pilot.pause()
        assert not screen.playing and screen.view == game.view("p1")
        assert log(app)[-1] == "B ends the turn."


async def test_secret_hands_are_handed_over_between_two_people(toy_ui):
    game = toy("human,human")
    cards = {sid: s["card"] for sid, s in game.summary()["seats"].items()}
    app = ShambleApp(game=game, autosave=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, HandoverScreen)  # player 1 first
        assert "Player 1" in str(app.screen.query_one("#question").render())
        await pilot.press("enter")
        screen = await started(pilot)
        assert f"card {cards['p1']}" in hands(app) and "card ?" in hands(app)
        await pilot.press("e")
        await pilot.pause()
        assert isinstance(app.screen, HandoverScreen)
        shown = "\n".join(s.text for s in app.screen._compositor.render_strips())
        assert "card" not in shown and "A...." not in shown  # nothing of the game shows
        await pilot.press("enter")
        await started(pilot)
        assert screen.view["viewer"] == "p2"
        text = hands(app)
        assert f"B p2 (human): card {cards['p2']}" in text and "A p1 (human): card ?" in text
        assert log(app)[-1] == "Player 2, your turn."


async def test_undo_goes_back_past_the_bot_to_the_persons_last_command(toy_ui):
    game = toy()
    app = ShambleApp(game=game, autosave=False)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await started(pilot)
        await step_to(pilot, screen, (1, 0))
        await pilot.press("e")
        await pilot.pause()
        assert len(game.commands) == 5
        await pilot.press("ctrl+z")  # the bot's three commands and the end of turn
        await pilot.pause()
        assert len(game.commands) == 1 and game.summary()["current"] == "p1"
        assert game.summary()["seats"]["p2"]["at"] == [0, 2]
        await pilot.press("ctrl+y")  # redo the end of turn: the bot's commands follow
        await pilot.pause()
        assert len(game.commands) == 5 and game.summary()["current"] == "p1"


async def test_honest_undo_stops_at_a_draw_and_changes_nothing(toy_ui):
    game = Game.new("toy", seed=3, seats="human,bot", undo="honest")
    app = ShambleApp(game=game, autosave=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await started(pilot)
        await pilot.press("d", "ctrl+z")
        await pilot.pause()
        assert len(game.commands) == 1 and log(app)[-1].startswith("No undo:")


async def test_saved_and_continued(toy_ui):
    app = ShambleApp()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        app.open_game(toy())
        screen = await started(pilot)
        await step_to(pilot, screen, (0, 1))
        await pilot.press("e")
        await pilot.pause()
        before, journal = screen.game.summary(), list(screen.game.journal)
        await pilot.press("q", "y")
        await pilot.pause()
        assert isinstance(app.screen, TitleScreen)
    app = ShambleApp()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        note = str(app.screen.query_one("#title-note").render())
        assert note.startswith("Continue: yard, round 2")
        await pilot.press("c")
        screen = await started(pilot)
        assert screen.game.summary() == before and screen.game.journal == journal
        assert log(app)[-1] == "Resumed in round 2."


async def test_the_new_game_dialog_offers_a_mode_only_with_its_adapter(toy_ui):
    app = ShambleApp(autosave=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("n")
        await pilot.pause()
        dialog = app.screen
        assert isinstance(dialog, NewGameScreen)
        mode = dialog.query_one("#mode", Select)
        assert ("toy", "toy") in [(str(a), b) for a, b in mode._options]
        mode.value = "toy"
        await pilot.pause()
        assert dialog.query_one("#mission", Select).value == "yard"
        assert not dialog.query("#survivors")  # station's rows gave way to the toy's
        dialog.query_one("#opt-seats", Select).value = "human,human"
        dialog.query_one("#start").focus()
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, HandoverScreen)
        await pilot.press("enter")
        game = (await started(pilot)).game
        assert game.setup.mode == "toy" and game.setup.options == {"seats": "human,human"}
    modes.unregister("toy")
    app = ShambleApp(autosave=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("n")
        await pilot.pause()
        values = [b for _, b in app.screen.query_one("#mode", Select)._options]
        assert "toy" not in values and "station" in values


async def test_a_mode_without_an_adapter_is_refused_politely():
    """`shamble new --mode toy` with no toy adapter: the title and a notice,
    and its save is listed as one this Shamble cannot show."""
    from saves import AutoSave, new_slot_path
    from tui import persist

    game = toy()
    AutoSave.create(new_slot_path(game), game).close()
    app = ShambleApp(game=toy())
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, TitleScreen) and app.session is None
        assert any("cannot show toy games" in n.message for n in app._notifications)
        (info,) = persist.saves_list()
        assert persist.describe(info) == "toy: yard, round 1 (this Shamble cannot show it)"
        assert persist.latest_unfinished() is None  # Continue skips it
