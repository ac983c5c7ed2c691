"""The House, won against the zombie AI by key presses alone at 80x24.

The engine's siege bot decides each command from the humans' view; the test
then presses the keys a player would (Tab to the human, the cursor onto the
cell, the action key, Enter, a pick in a dialog, y to a question) and
checks the game took exactly that command. A seed the bot wins is found
headlessly first."""

from __future__ import annotations

import msgspec

from engine import Game
from engine.siege import bot, content
from tui.app import ShambleApp
from tui.modes.siege import words
from tui.screens.dialogs import ChoiceDialog
from tui.screens.game import GameScreen
from tui.screens.gameover import GameOverScreen

KEY = {
    "move": "m",
    "search": "s",
    "aim": "f",
    "open_door": "o",
    "close_door": "o",
    "barricade": "w",
    "unbarricade": "w",
    "carry": "c",
    "trade": "p",
    "pick_up": "g",
    "drop": "d",
    "use": "i",
    "end_turn": "e",
}


def plain(command) -> dict:
    return msgspec.json.decode(msgspec.json.encode(command))


def winning_seed() -> int:
    for seed in range(20):
        game = Game.new("siege", mission="house", seed=seed)
        if bot.play(game) == "won" and len(game.commands) < 80:
            return seed
    raise AssertionError("the bot wins no house in 20 seeds")


def screen_of(app) -> GameScreen:
    return next(s for s in reversed(app.screen_stack) if isinstance(s, GameScreen))


async def cursor_to(pilot, screen: GameScreen, cell) -> None:
    x, y = screen.cursor
    keys = ["right" if cell[0] > x else "left"] * abs(cell[0] - x)
    keys += ["down" if cell[1] > y else "up"] * abs(cell[1] - y)
    if keys:
        await pilot.press(*keys)
    assert screen.cursor == tuple(cell)


async def pick(pilot, want: dict) -> None:
    """The choice dialog's line for `want`, then Enter."""
    dialog = pilot.app.screen
    assert isinstance(dialog, ChoiceDialog), dialog
    labels = [label for _, label in dialog.options]
    wanted = words.label(want, screen_of(pilot.app).view)
    assert wanted in labels, (wanted, labels)
    menu = dialog.query_one("OptionList")
    while menu.highlighted != labels.index(wanted):
        await pilot.press("down")
    await pilot.press("enter")
    await pilot.pause()


async def settle(pilot, game: Game, before: int, want: dict) -> None:
    """Answer what a command may bring up: a choice (which weapon, which
    item), or a yes/no question (end a turn with actions left) with y."""
    for _ in range(3):
        await pilot.pause()
        if len(game.commands) > before:
            return
        if isinstance(pilot.app.screen, ChoiceDialog):
            await pick(pilot, want)
        else:
            await pilot.press("y")


async def play(pilot, game: Game, want: dict) -> None:
    screen = screen_of(pilot.app)
    before = len(game.commands)
    while screen.paging:  # a zombie turn that overflowed the log: read it, page on
        await pilot.press("x")
        await pilot.pause()
    kind = want["type"]
    if kind == "choose":  # the re-roll dialog is open already
        await pick(pilot, want)
        return
    while screen.selected != want["human"]:
        await pilot.press("tab")
    if kind == "move":
        end = want["path"][-1]
        await cursor_to(pilot, screen, end)
        await pilot.press("m")
        got = screen.targeting.options.get(tuple(end), [])
        if got and got[0]["path"] == want["path"]:
            await pilot.press("enter")
        else:  # another way there (past a zombie): take it from the list of every action
            await pilot.press("escape", "space")
            await pilot.pause()
            await pick(pilot, want)
    elif kind == "attack":
        thrown = want["weapon"] != "hands" and content.item(want["weapon"]).kind == "thrown"
        await pilot.press("t" if thrown else "a")
        await cursor_to(pilot, screen, want["at"])
        await pilot.press("enter")
    else:
        await pilot.press(KEY[kind])
        await pilot.pause()
        if screen.targeting is not None:
            await cursor_to(pilot, screen, want["at"])
            await pilot.press("enter")
    await settle(pilot, game, before, want)


async def test_the_house_won_by_keys_alone():
    seed = winning_seed()
    game = Game.new("siege", mission="house", seed=seed)
    app = ShambleApp(game=game, autosave=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        for _ in range(120):
            if game.outcome:
                break
            want = plain(bot.choose(game.view("humans"), game.legal_commands()))
            before = len(game.commands)
            await play(pilot, game, want)
            assert len(game.commands) == before + 1, (
                want,
                screen_of(app).query_one("#log").lines[-3:],
            )
            assert plain(game.commands[before]) == want
        assert game.outcome == "won"
        await pilot.pause()
        assert isinstance(app.screen, GameOverScreen)
        assert "WON" in str(app.screen.query_one("#outcome").render())
