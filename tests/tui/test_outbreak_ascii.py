"""--ascii: no Outbreak screen sends a character a vt100 cannot draw: the
handover, the town with a tile's preview and its places, the card dialog,
the cards, help, the new-game rows, the match list and the new-match
dialog (as tests/tui/test_ascii_screens.py does for the shared screens)."""

from __future__ import annotations

from textual.widgets import Select

from engine import Game
from tui.app import ShambleApp


def odd_characters(app) -> set[str]:
    text = "\n".join(strip.text for strip in app.screen._compositor.render_strips())
    return {ch for ch in text if ord(ch) > 126}


GAME_PATHS = [
    ([], "HandoverScreen"),
    (["enter"], "GameScreen"),
    (["p"], "ChoiceDialog"),
    (["escape", "c"], "CardsScreen"),
    (["escape", "t"], "GameScreen"),
    (["r", "x"], "GameScreen"),
    (["question_mark"], "HelpScreen"),
]
TITLE_PATHS = [
    (["m"], "MatchListDialog"),
    (["enter"], "NewMatchDialog"),
    (["escape", "n"], "NewGameScreen"),
]


async def test_outbreak_screens_send_only_ascii():
    game = Game.new("outbreak", seed=3, seats="ann:human,bob:human,bot")
    app = ShambleApp(ascii_only=True, game=game, autosave=False)
    seen = {}
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        for keys, screen in GAME_PATHS:
            for key in keys:
                await pilot.press(key)
                await pilot.pause()
            assert type(app.screen).__name__ == screen
            seen[" ".join(keys) or "start"] = odd_characters(app)
    assert all(not chars for chars in seen.values()), seen


async def test_outbreak_title_screens_send_only_ascii():
    app = ShambleApp(ascii_only=True)
    seen = {}
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        for keys, screen in TITLE_PATHS:
            for key in keys:
                await pilot.press(key)
                await pilot.pause()
            assert type(app.screen).__name__ == screen
            if screen == "NewGameScreen":
                app.screen.query_one("#mode", Select).value = "outbreak"
                await pilot.pause()
                app.screen.query_one("#seat-count", Select).value = 6
                await pilot.pause()
            seen[screen] = odd_characters(app)
    assert all(not chars for chars in seen.values()), seen
