"""Outbreak from the title screen to the end: the new-game dialog's seats
(2-6, people or bots, names), the autosave with Continue, undo under the
three policies (honest undo never goes back past a drawn tile, card or
die), and a whole game of three people and three bots at one keyboard,
each person seeing only their own hand (OB-10)."""

from __future__ import annotations

import re

from outbreak_keyplay import (
    fields_ready,
    game_screen,
    hand_over,
    mission_file,
    play_command,
    settle,
    shown,
)
from textual.widgets import Input, Select

from engine import Game
from engine.outbreak.bot import choose
from tui.app import ShambleApp
from tui.modes.outbreak.words import card_name
from tui.screens.dialogs import HandoverScreen
from tui.screens.gameover import GameOverScreen
from tui.screens.newgame import NewGameScreen
from tui.screens.title import TitleScreen
from tui.widgets.panels import MessageLog


def log(app) -> list[str]:
    return game_screen(app).query_one(MessageLog).lines


async def test_the_new_game_dialog_seats_people_and_bots_with_names():
    app = ShambleApp(autosave=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("n")
        await pilot.pause()
        dialog = app.screen
        assert isinstance(dialog, NewGameScreen)
        dialog.query_one("#mode", Select).value = "outbreak"
        await fields_ready(pilot, dialog)
        assert dialog.query_one("#mission", Select).value == "standard"
        assert dialog.query_one("#seat-count", Select).value == 2
        assert dialog.query_one("#seat-kind-1", Select).value == "human"
        assert dialog.query_one("#seat-kind-2", Select).value == "bot"
        assert not dialog.query_one("#seat-row-3").display
        dialog.query_one("#seat-count", Select).value = 4
        await pilot.pause()
        assert dialog.query_one("#seat-row-4").display
        dialog.query_one("#seat-kind-3", Select).value = "human"
        dialog.query_one("#seat-name-1", Input).value = "Ann"
        dialog.query_one("#seat-name-3", Input).value = "ann"
        dialog.query_one("#start").focus()
        await pilot.press("enter")
        await pilot.pause()
        error = str(dialog.query_one("#newgame-error").render())
        assert error == "Two seats are called ann: give each its own name."
        dialog.query_one("#seat-name-3", Input).value = "2bob"
        dialog.start()
        await pilot.pause()
        assert "Seat 3: a name is letters" in str(dialog.query_one("#newgame-error").render())
        dialog.query_one("#seat-name-3", Input).value = "Bob"
        dialog.start()
        await pilot.pause()
        assert isinstance(app.screen, HandoverScreen)  # two people: hands are hidden
        await pilot.press("enter")
        await pilot.pause()
        game = game_screen(app).game
        assert game.setup.options == {"seats": ["ann:human", "bot", "bob:human", "bot"]}
        assert game.summary()["order"] == ["ann", "p2", "bob", "p4"]


async def test_saved_continued_and_undone_past_the_bots():
    game = Game.new("outbreak", seed=11, seats="ann:human,bot,bot")
    app = ShambleApp()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        app.open_game(game)
        await pilot.pause()
        screen = game_screen(app)
        while game.summary()["round"] == 1:
            await play_command(pilot, game, choose(game.view("ann")))
        await settle(pilot)  # the bots' turns, told a step at a time
        assert game.summary()["current"] == "ann" and screen.view["current"] == "ann"
        await pilot.press("ctrl+z")  # the bots' turns and the end of ann's turn
        await pilot.pause()
        assert game.summary()["current"] == "ann" and game.summary()["phase"] == "zombies"
        assert log(app)[-1] == "Undone."
        await pilot.press("ctrl+y")
        await settle(pilot)
        assert game.summary()["round"] == 2
        before, journal = game.summary(), list(game.journal)
        await pilot.press("q", "y")
        await pilot.pause()
        assert isinstance(app.screen, TitleScreen)
    app = ShambleApp()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        note = str(app.screen.query_one("#title-note").render())
        assert note.startswith("Continue: Outbreak standard, round 2, Ann's turn: Ann, 2 bots")
        await pilot.press("c")
        await pilot.pause()
        screen = game_screen(app)
        assert screen.game.summary() == before and screen.game.journal == journal
        assert log(app)[-1] == "Resumed in round 2: Ann's turn."


async def test_honest_undo_stops_at_a_draw_and_ironman_at_everything():
    for undo, after in (("honest", "No undo:"), ("ironman", "No undo:")):
        game = Game.new("outbreak", seed=11, seats="human,bot", undo=undo)
        app = ShambleApp(game=game, autosave=False)
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            await play_command(pilot, game, {"type": "draw_tile"})
            await pilot.press("ctrl+z")
            await pilot.pause()
            assert len(game.commands) == 1 and log(app)[-1].startswith(after)
            assert game.summary()["phase"] == "tile"
    game = Game.new("outbreak", seed=11, seats="human,bot", undo="honest")
    app = ShambleApp(game=game, autosave=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await play_command(pilot, game, {"type": "draw_tile"})
        tile = next(c for c in game_screen(app).legal if c["type"] == "place_tile")
        await play_command(pilot, game, tile)
        while game.summary()["phase"] == "move" and game.summary()["moves_left"]:
            step = next(c for c in game_screen(app).legal if c["type"] == "move")
            await play_command(pilot, game, step)
            if game.summary()["pending"]:
                break
        if game.summary()["phase"] == "move" and not game.summary()["pending"]:
            n = len(game.commands)
            await pilot.press("ctrl+z")  # a step reveals nothing: honest undo takes it
            await pilot.pause()
            assert len(game.commands) == n - 1 and log(app)[-1] == "Undone."


def short_mission(tmp_path):
    """A town of three tiles, the Helipad third; five kills win."""
    return mission_file(
        tmp_path / "short.toml",
        zombies=((1, -2), (1, -3)),
        tokens=(),
        tile_pile=("crossing", "straight", "helipad", "corner", "t_junction"),
        kills_to_win=5,
    )


async def test_three_people_and_three_bots_play_a_whole_game(tmp_path):
    """By keys alone, at 80x24: each person's turn starts behind the handover
    screen, shows only their own hand, and each log names only its own
    person's draws."""
    seats = "ann:human,bot,bob:human,bot,cy:human,bot"
    game = Game.new("outbreak", mission=short_mission(tmp_path), seed=7, seats=seats)
    people = ("ann", "bob", "cy")
    app = ShambleApp(game=game, autosave=False)
    handovers = []
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        for _ in range(400):
            if game.outcome:
                break
            await settle(pilot)
            if isinstance(app.screen, HandoverScreen):
                assert "Seats" not in shown(app) and "cards" not in shown(app)
                handovers.append(game.state.to_act)
                await hand_over(pilot)
            screen = game_screen(app)
            sid = game.state.to_act
            assert sid in people and screen.view["viewer"] == sid
            hand = screen.view["seats"][sid]["hand"]
            assert all(screen.view["seats"][o]["hand"] is None for o in people if o != sid)
            text = str(screen.query_one("#hand").render())
            assert all(card_name(c)[:10] in text for c in hand)
            await play_command(pilot, game, choose(game.view(sid)))
        assert game.outcome == "won"
        await settle(pilot)
        assert isinstance(app.screen, GameOverScreen)
        assert "WINS" in shown(app)
        told = log(app)
        last = game_screen(app).at_keys  # the log shown is the last person's own
    assert set(handovers) == set(people) and len(handovers) >= 4
    assert last in people
    name = last.capitalize()
    assert not any(line.startswith(f"{name} draws a card") for line in told)
    assert not any(re.match(rf"{name} draws \d+ cards", line) for line in told)
    assert any(line.endswith("draws a card.") for line in told)
    for turn in ("Bob's turn (round 1)", "Cy's turn (round 1)", "Ann's turn (round 2)"):
        assert f"-- {turn} --" in told
