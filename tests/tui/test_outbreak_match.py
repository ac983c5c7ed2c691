"""Outbreak matches (house rules, docs/rules-outbreak.md "Matches"): the
record in saves/records.py (written durably, locked while open, a torn tail
dropped, damage named), and the title's Match entry: a new match, each game
played from the match screen, folded into the running score table when it
ends, the next seat going first, and the champions at the end."""

from __future__ import annotations

import pytest
from outbreak_keyplay import game_screen, settle, shown
from textual.widgets import Select

from engine import Game
from engine.outbreak import match as rules
from saves import SaveError
from saves.records import store as record_store
from tui.app import ShambleApp
from tui.modes.outbreak.match import MatchScreen, NewMatchDialog
from tui.modes.outbreak.words import Seats
from tui.screens.gameover import GameOverScreen
from tui.screens.title import TitleScreen

store = record_store("outbreak", "match")
FIRST = {
    "mode": "outbreak",
    "outcome": "lost",
    "winner": None,
    "win_reason": None,
    "round": 9,
    "order": ["p1", "p2", "ann"],
    "seats": {"p1": {"kills": 1}, "p2": {"kills": 2}, "ann": {"kills": 3}},
}
RESULT = {
    "mode": "outbreak",
    "outcome": "won",
    "winner": "ann",
    "win_reason": "helipad",
    "round": 7,
    "order": ["ann", "p2"],
    "seats": {"ann": {"kills": 12}, "p2": {"kills": 9}},
}


def test_a_match_record_reads_back_what_was_saved(home):
    match = rules.start("ann:human,bot", games=2, seed=9)
    with store.start("m-1", match, fsync=False) as record:
        played = rules.finish_game(match, RESULT)
        record.save_progress(played, save="/x/game-2-1.shamble")
    state = store.read(store.path("m-1"))
    assert state.progress == played and state.save == "/x/game-2-1.shamble"
    assert rules.table(state.progress)[0]["seat"] == "ann"
    [info] = store.listing()
    assert info.name == "m-1" and info.progress == played and info.error is None
    assert store.free_name("m") == "m-2" and store.free_name("match") == "match-1"


def test_a_match_record_is_locked_while_open_and_keeps_its_whole_records(home):
    record = store.start("m-1", rules.start("ann:human,bot"), fsync=False)
    with pytest.raises(SaveError, match="another Shamble"):
        store.open(store.path("m-1"))
    record.save_progress(rules.start("ann:human,bot", games=5), save="a")
    record.close()
    path = store.path("m-1")
    whole = path.read_bytes()
    path.write_bytes(whole[:-3])  # a crash in the middle of the last record
    state = store.read(path)
    assert state.progress.games == 3 and state.save == "" and "incomplete" in state.warnings[0]
    with store.open(path, fsync=False) as record:
        record.save_progress(rules.start("ann:human,bot", games=4))  # the torn tail goes first
    assert store.read(path).progress.games == 4 and not store.read(path).warnings
    path.write_bytes(b"nonsense")
    with pytest.raises(SaveError, match="not a Shamble match"):
        store.read(path)
    [info] = store.listing()
    assert info.error and "m-1" in info.error


async def test_a_match_of_bots_from_the_title_to_the_champion():
    app = ShambleApp()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("m")
        await pilot.pause()
        await pilot.press("enter")  # New match...
        await pilot.pause()
        dialog = app.screen
        assert isinstance(dialog, NewMatchDialog)
        for i in (1, 2, 3):
            dialog.query_one(f"#seat-kind-{i}", Select).value = "bot"
        dialog.query_one("#games", Select).value = 2
        dialog.query_one("#start").focus()
        await pilot.press("enter")
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, MatchScreen)
        assert "Next: game 1 of 2; Bot 1 goes first." in shown(app)
        await pilot.press("enter")  # Play game 1: the bots play it out...
        await settle(pilot)  # ...told a step at a time until a key skips to the end
        assert isinstance(app.screen, GameOverScreen)
        assert "Back to the match" in shown(app)
        first = game_screen(app).game.summary()
        await pilot.press("c")
        await pilot.pause()
        assert app.screen is screen and screen.match.played == 1
        assert "Game 1: " in shown(app) and "Bot 2 goes first" in shown(app)
        assert first["order"] == ["p1", "p2", "p3"]
        await pilot.press("enter")  # game 2
        await settle(pilot)
        assert game_screen(app).game.summary()["order"] == ["p2", "p3", "p1"]
        await pilot.press("c")
        await pilot.pause()
        assert screen.match.over and "The match is over:" in shown(app)
        assert screen.champions().endswith(("takes the match!", "share the match!"))
        assert rules.table(screen.match)[0]["games"] == 2
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, TitleScreen)
        await pilot.press("m")
        await pilot.pause()
        assert "over, won by" in shown(app)


async def test_a_match_game_left_half_way_is_resumed_from_the_match_screen():
    record = store.start("m-1", rules.start("ann:human,bot", games=2, seed=3))
    app = ShambleApp()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        app.push_screen(MatchScreen(record))
        await pilot.pause()
        await pilot.press("enter")  # Play game 1
        await settle(pilot)
        game = game_screen(app).game
        await pilot.press("t")
        await pilot.pause()
        assert game.summary()["phase"] == "tile"
        await pilot.press("q")
        await pilot.pause()
        assert "the match screen resumes it" in shown(app)
        await pilot.press("y")
        await pilot.pause()
        assert isinstance(app.screen, MatchScreen) and "Resume game 1" in shown(app)
        assert "Game 1 of 2 is in play (Ann went first)." in shown(app)
        await pilot.press("enter")
        await settle(pilot)
        again = game_screen(app).game
        assert again is not game and again.summary() == game.summary()
        assert str(store.read(record.path).save).startswith(str(store.directory()))


def test_seats_keep_their_names_and_letters_when_a_later_game_turns_the_order():
    first = Seats.of(Game.new("outbreak", seed=1, seats="human,bot,ann:human").summary())
    later = rules.next_game(rules.finish_game(rules.start("human,bot,ann:human"), FIRST))
    second = Seats.of(Game.new(**later).summary())
    assert second.order == ["p2", "ann", "p1"]
    for seats in (first, second):
        assert seats.names == {"p1": "Player 1", "p2": "Bot 2", "ann": "Ann"}
        assert seats.glyph == {"p1": "1", "p2": "2", "ann": "A"}
