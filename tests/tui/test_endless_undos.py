"""An endless run counts the undos of all its stations: the fallen run's
line in the endless high-score table says how often its player undid, on
the title's high-score screen as in `shamble scores`."""

from __future__ import annotations

from test_campaign_screens import finish, screen_text, settle

from saves import scores
from saves.records import store as record_store
from tui.app import ShambleApp
from tui.modes.station.endless import NewRunDialog, RunScreen
from tui.modes.station.progress import KeepCardsDialog, OverDialog
from tui.screens.game import GameScreen
from tui.screens.scores import ScoresScreen

store = record_store("station", "endless")


async def test_a_fallen_run_scores_with_its_undos(home):
    app = ShambleApp()
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.press("e", "enter")  # Endless run, then "New endless run..."
        await settle(pilot)
        dialog = app.screen
        assert isinstance(dialog, NewRunDialog)
        dialog.query_one("#seed").value = "42"
        dialog.query_one("#survivors").choose({"lin"})
        dialog.query_one("#ironman").value = False
        await pilot.press("enter")
        await settle(pilot)
        assert isinstance(app.screen, RunScreen)
        await pilot.press("enter")  # board station 1
        await settle(pilot)
        screen = app.screen
        assert isinstance(screen, GameScreen) and screen.game.setup.undo == "casual"
        for _ in range(2):  # a turn ended and taken back, twice
            screen.submit({"type": "end_turn", "survivor": "lin"})
            await settle(pilot)
            await pilot.press("ctrl+z")
            await settle(pilot)
        assert screen.game.undo_count == 2
        await finish(pilot, "lost")
        await pilot.press("c")
        await settle(pilot)
        if isinstance(app.screen, KeepCardsDialog):
            await pilot.press("c")
            await settle(pilot)
        assert isinstance(app.screen, OverDialog)
        (best,) = scores.top(scores.ENDLESS)
        assert (best.undo, best.undos) == ("casual", 2)
        (played,) = store.read(store.path(_run_name(home))).played
        assert played.undos == 2
        await pilot.press("enter", "escape")
        await settle(pilot)
        await pilot.press("s")
        await settle(pilot)
        assert isinstance(app.screen, ScoresScreen)
        await pilot.press("right")  # the endless table comes after the missions'
        await settle(pilot)
        text = screen_text(app)
        assert "Endless runs" in text and "undos" in text and "2 (casual)" in text


def _run_name(home) -> str:
    (path,) = home.rglob("*.campaign")
    return path.stem
