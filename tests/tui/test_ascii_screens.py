"""--ascii: no screen sends a character a vt100 cannot draw (issue 4, item 6)."""

from __future__ import annotations

import pytest

from engine import Game
from tui.app import ShambleApp


def odd_characters(app) -> set[str]:
    text = "\n".join(strip.text for strip in app.screen._compositor.render_strips())
    return {ch for ch in text if ord(ch) > 126}


TITLE_PATHS = [
    ([], "TitleScreen"),
    (["n"], "NewGameScreen"),
    (["escape", "question_mark"], "HelpScreen"),
    (["escape", "l"], "LoadScreen"),
    (["escape", "a"], "RecordListDialog"),
    (["escape", "escape", "e"], "RunListDialog"),
    (["escape", "escape", "s"], "ScoresScreen"),
    (["escape", "ctrl+p"], "Palette"),  # issue 28: the palette too
    (["n", "e"], "Palette"),  # its list, found by typing
]
GAME_PATHS = [
    ([], "GameScreen"),
    (["i"], "ChoiceDialog"),
    (["escape", "e"], "GameScreen"),  # asked in the status line
    (["n", "question_mark"], "HelpScreen"),
    (["escape", "q"], "ConfirmDialog"),
    (["escape", "v"], "HistoryScreen"),
    (["escape", "tab", "c"], "CharacterSheet"),
    (["escape", "ctrl+p"], "Palette"),
    (["u", "n"], "Palette"),
]


@pytest.mark.parametrize("with_game", [False, True], ids=["title", "game"])
async def test_ascii_screens_send_only_ascii(with_game):
    game = Game.new("station", mission="tutorial", seed=1) if with_game else None
    app = ShambleApp(ascii_only=True, game=game, autosave=not with_game)
    seen = {}
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        for keys, screen in GAME_PATHS if with_game else TITLE_PATHS:
            for key in keys:
                await pilot.press(key)
                await pilot.pause()
            await pilot.pause()
            assert type(app.screen).__name__.endswith(screen)
            seen[screen] = odd_characters(app)
    assert all(not chars for chars in seen.values()), seen


async def test_ascii_help_shows_its_text():
    """Help under --ascii (no scrollbars) shows its words: a stable gutter for
    a scrollbar of width 0 once left its box blank."""
    game = Game.new("siege", mission="house", seed=1)
    app = ShambleApp(ascii_only=True, game=game, autosave=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("question_mark")
        await pilot.pause()
        await pilot.pause()
        assert type(app.screen).__name__ == "HelpScreen"
        text = "\n".join(strip.text for strip in app.screen._compositor.render_strips())
        assert "Shamble help" in text and "cursor up" in text
