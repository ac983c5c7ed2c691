"""Pilot tests of the title, help, new game, load, quit and size screens."""

from __future__ import annotations

from textual.widgets import OptionList

from engine import Game
from tui.app import ShambleApp
from tui.keys import table as key_table
from tui.modes.station.play import KEYS
from tui.screens.dialogs import ConfirmDialog, TooSmallScreen
from tui.screens.game import GameScreen
from tui.screens.help import HelpScreen
from tui.screens.load import LoadScreen
from tui.screens.newgame import NewGameScreen
from tui.screens.title import TitleScreen


def screen_text(app: ShambleApp) -> str:
    """The terminal's text as drawn now, one line per row."""
    return "\n".join(strip.text for strip in app.screen._compositor.render_strips())


async def test_title_menu_without_saves():
    app = ShambleApp()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, TitleScreen)
        menu = app.screen.query_one("#title-menu", OptionList)
        labels = [str(menu.get_option_at_index(i).prompt) for i in range(menu.option_count)]
        for word in ("New game", "Continue", "Load", "Campaign", "Help", "Quit"):
            assert any(word in label for label in labels)
        assert menu.get_option("continue").disabled
        assert menu.highlighted == menu.get_option_index("new")
        await pilot.press("c")  # Continue with nothing to continue: a notice, no change
        await pilot.pause()
        assert isinstance(app.screen, TitleScreen)


async def test_new_game_by_the_arrows():
    """Enter on the title opens the dialog; its first row is focused, so the
    way to the game is down its rows to Start (issue 28)."""
    app = ShambleApp()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, NewGameScreen)
        while app.screen.focused.id != "start":
            await pilot.press("down")
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, GameScreen)
        assert app.screen.game.setup.mission == "tutorial"
        assert app.session is not None  # autosaving from the first command


async def test_new_game_dialog_refuses_bad_seed():
    app = ShambleApp()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("n")
        await pilot.pause()
        dialog = app.screen
        dialog.query_one("#seed").value = "soon"
        dialog.start()
        await pilot.pause()
        assert isinstance(app.screen, NewGameScreen)
        assert "whole number" in str(dialog.query_one("#newgame-error").render())
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, TitleScreen)


async def test_help_lists_every_binding():
    app = ShambleApp()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("question_mark")
        await pilot.pause()
        assert isinstance(app.screen, HelpScreen)
        table = app.screen.query_one("#help-keys").content
        lines = app.console.render_lines(table, app.console.options.update_width(100))
        text = "\n".join("".join(seg.text for seg in line) for line in lines)
        for key in key_table(KEYS):
            assert key.description in text
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, TitleScreen)


async def test_quit_asks_first():
    app = ShambleApp()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("q")
        await pilot.pause()
        assert isinstance(app.screen, ConfirmDialog)
        await pilot.press("n")
        await pilot.pause()
        assert isinstance(app.screen, TitleScreen)
        await pilot.press("q")
        await pilot.press("escape")  # Escape answers no
        await pilot.pause()
        assert isinstance(app.screen, TitleScreen)
        await pilot.press("q")
        await pilot.press("y")
        await pilot.pause()
    assert app.return_code == 0


async def test_too_small_terminal_gets_a_message_then_recovers():
    app = ShambleApp()
    async with app.run_test(size=(60, 20)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, TooSmallScreen)
        assert "60x20" in str(app.screen.query_one("#too-small").render())
        await pilot.resize_terminal(80, 24)
        await pilot.pause(0.1)
        assert isinstance(app.screen, TitleScreen)


async def test_a_terminal_resized_under_a_dialog_lays_the_game_out_again_below_it():
    # a dialog skips the Resize of its own first layout; a real one still reaches the game
    game = Game.new("station", mission="tutorial", seed=1)
    app = ShambleApp(game=game, autosave=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = app.screen
        board = screen.query_one("#board").region
        await pilot.press("q")
        for _ in range(100):
            await pilot.pause()
            if isinstance(app.screen, ConfirmDialog):
                break
        assert isinstance(app.screen, ConfirmDialog)
        assert screen.query_one("#board").region == board  # opening it moved nothing
        await pilot.resize_terminal(120, 40)
        for _ in range(100):
            await pilot.pause()
            if screen.has_class("-tall"):
                break
        assert screen.has_class("-tall") and screen.query_one("#board").region.height > 18
        assert isinstance(app.screen, ConfirmDialog)


async def test_load_screen_lists_saves_and_opens_one():
    from tui import persist

    game = Game.new("station", mission="tutorial", seed=3)
    session = persist.start_session(game)
    game.submit({"type": "open_door", "survivor": "vega", "door": "a-c"})
    session.close()
    app = ShambleApp()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("l")
        await pilot.pause()
        assert isinstance(app.screen, LoadScreen)
        listing = app.screen.query_one("#saves", OptionList)
        assert listing.option_count == 1
        assert "tutorial" in str(listing.get_option_at_index(0).prompt)
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, GameScreen)
        assert app.screen.view["doors"]["a-c"] == "open"


async def test_new_game_dialog_ticks_survivors_and_starts_with_them():
    app = ShambleApp()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("n")
        await pilot.pause()
        roster = app.screen.query_one("#survivors")
        assert roster.selected == ["vega", "okafor"]  # what the tutorial suggests
        roster.focus()
        await pilot.pause()
        while roster.highlighted_option.id != "lin":
            await pilot.press("down")
        await pilot.press("enter")  # tick Lin
        while roster.highlighted_option.id != "vega":
            await pilot.press("up")
        await pilot.press("space")  # untick Vega
        assert "[x] Lin" in str(roster.get_option("lin").prompt)
        assert "[ ] Vega" in str(roster.get_option("vega").prompt)
        app.screen.query_one("#start").focus()
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, GameScreen)
        assert list(app.screen.view["survivors"]) == ["okafor", "lin"]


async def test_the_titles_tagline_fits_the_mode_in_view(home):
    """Issue 28: not "a space station" in every mode: one line for all modes,
    the highlighted entry's mode's own, and Continue's game's mode."""
    from tui import persist
    from tui.modes import get_ui, ui_modes

    app = ShambleApp()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        tagline = app.screen.query_one("#tagline")
        assert "board games: " in str(tagline.render())
        assert all(get_ui(m).name in str(tagline.render()) for m in ui_modes())
        menu = app.screen.query_one("#title-menu")
        menu.highlighted = menu.get_option_index("siege-campaign")
        await pilot.pause()
        assert str(tagline.render()) == get_ui("siege").tagline
        menu.highlighted = menu.get_option_index("new")
        await pilot.pause()
        assert "board games: " in str(tagline.render())
    session = persist.start_session(Game.new("siege", mission="house", seed=1))
    session.close()
    app = ShambleApp()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.pause()
        assert str(app.screen.query_one("#tagline").render()) == get_ui("siege").tagline
