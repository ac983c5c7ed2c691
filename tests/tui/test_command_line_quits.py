"""Issue 28: a command that opens a game or a viewer behaves like a command:
leaving that screen (q, or the game-over screen's choice) ends the program,
back to the shell, not on the title screen. A bare `shamble` (the title)
keeps its title."""

from __future__ import annotations

import msgspec
import pytest

from engine import Game
from tui import cli
from tui.app import ShambleApp
from tui.screens.game import GameScreen
from tui.screens.gameover import GameOverScreen
from tui.screens.title import TitleScreen


@pytest.fixture
def launched(monkeypatch):
    """The app a command line would run, kept instead of run."""
    apps: list[ShambleApp] = []

    def run(self, *args, **kwargs):
        apps.append(self)

    monkeypatch.setattr(ShambleApp, "run", run)
    return apps


async def leave(app: ShambleApp) -> None:
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.pause()
        assert not isinstance(app.screen, TitleScreen), type(app.screen)
        await pilot.press("q")
        await pilot.pause()
        if not app._exit:  # the game asks first
            await pilot.press("y")
            await pilot.pause()
        assert app._exit and app.return_code == 0, type(app.screen)


def saved(home, game: Game, name: str = "old"):
    path = home / "saves" / f"{name}.shamble"
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(game.to_bytes("2026-01-01T00:00:00+00:00"))
    return path


def played() -> Game:
    game = Game.new("station", mission="tutorial", seed=1)
    game.submit(game.legal_commands()[0])
    return game


@pytest.mark.parametrize(
    "words",
    [
        ["new", "--mission", "tutorial", "--seed", "1"],
        ["load", "{save}"],
        ["watch", "old"],
        ["replay", "{save}", "--view"],
    ],
    ids=["new", "load", "watch", "replay-view"],
)
async def test_q_from_a_command_ends_the_program(home, launched, words):
    path = saved(home, played())
    assert cli.main([w.replace("{save}", str(path)) for w in words]) == 0
    (app,) = launched
    assert app.to_shell
    await leave(app)


async def test_the_title_keeps_its_title(launched):
    assert cli.main([]) == 0
    (app,) = launched
    assert not app.to_shell
    app = ShambleApp(game=Game.new("station", mission="tutorial", seed=1), autosave=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("q", "y")
        await pilot.pause()
        assert isinstance(app.screen, TitleScreen) and not app._exit


async def test_a_game_over_from_a_command_offers_the_shell_not_the_title():
    game = Game.new("station", mission="tutorial", seed=1)
    app = ShambleApp(game=game, autosave=False, to_shell=True)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, GameScreen)
        while not game.outcome:
            legal = [msgspec.to_builtins(c) for c in game.legal_commands()]
            game.submit(next(c for c in legal if c["type"] in ("end_turn", "choose")))
        screen.refresh_view()
        await pilot.pause()
        await pilot.pause()
        assert isinstance(app.screen, GameOverScreen)
        text = "\n".join(s.text for s in app.screen._compositor.render_strips())
        assert "Quit Shamble  (t)" in text and "title screen" not in text
        await pilot.press("t")
        await pilot.pause()
        assert app._exit


@pytest.mark.parametrize("after", ["host", "new", "campaign", "help"])
async def test_a_key_typed_after_quitting_opens_nothing(after):
    """Issue 28: quitting from the title (q, y) and typing on at once, as one
    does going on to the next shell command, pushed the key's screen onto an
    app on its way out: "h" crashed with a traceback (the Host dialog found no
    rows to fill). Once the app is leaving, no key opens a screen. (The keys
    come in one read in a terminal: here the choice is made in the same tick
    as the answer.)"""
    app = ShambleApp(autosave=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        title = app.screen
        assert isinstance(title, TitleScreen)
        title._quit_answer(True)
        title.action_pick(after)
        await pilot.pause()
        assert app._exit
        assert app.screen is title and len(app.screen_stack) == 1
    assert app.return_code == 0
