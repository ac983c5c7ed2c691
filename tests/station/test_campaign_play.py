"""The Derelict campaign data (ST-C) and a whole campaign played by the bot
through the public API, with a save and resume in the middle of a mission."""

from __future__ import annotations

import tomllib
from importlib import resources

from engine import Game, get_mode
from engine.station.bot import StationBot, play

# seeds the bot wins each mission with (the same as tests/station/test_bot.py)
WINNING_SEEDS = {
    "airlock": 1,
    "hydroponics": 0,
    "med_bay": 2,
    "cargo_hold": 2,
    "reactor": 10,
    "command_deck": 46,
}


def _derelict() -> dict:
    text = (
        resources.files("engine.content.station.campaigns")
        .joinpath("derelict.toml")
        .read_text("utf-8")
    )
    return tomllib.loads(text)["campaign"]


def test_derelict_lists_shipped_missions_in_rising_difficulty():
    campaign = _derelict()
    assert campaign["id"] == "derelict" and campaign["name"] == "Derelict"
    assert campaign["mode"] == "station"
    shipped = {m["id"]: m for m in get_mode("station").missions()}
    missions = campaign["missions"]
    assert len(missions) == 6 and all(m in shipped for m in missions)
    levels = [shipped[m]["difficulty"] for m in missions]
    assert levels == sorted(levels) and len(set(levels)) == len(levels)
    assert 1 <= len(campaign["survivors"]) <= 6


def test_the_bot_plays_the_campaign_in_order_with_save_and_resume():
    campaign = _derelict()
    roster = campaign["survivors"]
    results = []
    for mission in campaign["missions"]:
        game = Game.new("station", mission=mission, seed=WINNING_SEEDS[mission], survivors=roster)
        bot = StationBot.for_game(game)
        while game.outcome is None and game.view("players")["round"] < 4:
            game.submit(bot.choose(game.view("players"), game.legal_commands()))
        # save and resume mid-mission: the game goes on exactly where it stood
        before = game.summary()
        game = Game.from_bytes(game.to_bytes())
        assert game.summary() == before
        assert game.setup.roster == tuple(roster)
        results.append((mission, play(game, StationBot.for_game(game))))
    assert results == [(m, "won") for m in campaign["missions"]]
