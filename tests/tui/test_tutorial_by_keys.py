"""The whole tutorial mission, won by key presses alone (issue 4).

The commands come from the station bot deciding on the players' view; each
is then made by pressing the keys a player would (tui_keyplay), never by
calling submit. A seed the bot wins is found headlessly first."""

from __future__ import annotations

from tui_keyplay import as_dict, play_command

from engine import Game
from engine.station.bot import StationBot
from tui.app import ShambleApp
from tui.screens.gameover import GameOverScreen


def winning_seed() -> int:
    for seed in range(40):
        g = Game.new("station", mission="tutorial", seed=seed)
        bot = StationBot.for_game(g)
        for _ in range(300):
            if g.outcome:
                break
            g.submit(bot.choose(g.view("players"), g.legal_commands()))
        if g.outcome == "won":
            return seed
    raise AssertionError("the bot wins no tutorial game in 40 seeds")


async def test_tutorial_won_by_keys_alone():
    seed = winning_seed()
    game = Game.new("station", mission="tutorial", seed=seed)
    bot = StationBot.for_game(game)
    app = ShambleApp(game=game, autosave=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        for _ in range(300):
            if game.outcome:
                break
            want = as_dict(bot.choose(game.view("players"), game.legal_commands()))
            await play_command(pilot, game, want)
        assert game.outcome == "won"
        await pilot.pause()
        assert isinstance(app.screen, GameOverScreen)
        text = str(app.screen.query_one("#outcome").render())
        assert "WON" in text
