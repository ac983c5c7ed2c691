"""Hot-seat games whose seats keep secrets (Seat(secret=True): the toy
mode's hands, a human commander against the sniper, Outbreak among several
people) on the shared game screen.

K-6 at one keyboard: undo takes back only the moves of the seat at the
keyboard. It stops at the handover (the last command another seat made)
and says why; that holds after Continue too. Each secret seat reads its own
log: what one seat was told for itself (a look, a refusal, the sniper's own
moves) is not in the log the next seat sits down to, while what happened on
the board is told to every seat."""

from __future__ import annotations

import msgspec
import pytest
import toy_engine  # noqa: F401  (registers the engine mode)
from outbreak_keyplay import play_command
from test_outbreak_screen import yard as outbreak_yard  # noqa: F401  (a fixture)
from test_sniper_hotseat import hand_over
from test_sniper_screen import yard as sniper_yard
from toy_ui import ToyUI

from engine import Game
from tui import modes
from tui.app import ShambleApp
from tui.screens.dialogs import HandoverScreen
from tui.screens.game import GameScreen
from tui.widgets.panels import MessageLog

REFUSED = "made before you took the keyboard"


@pytest.fixture
def toy_ui():
    ui = modes.register(ToyUI())
    yield ui
    modes.unregister(ui.mode_id)


def game_screen(app) -> GameScreen:
    return next(s for s in reversed(app.screen_stack) if isinstance(s, GameScreen))


def log(app) -> list[str]:
    return list(game_screen(app).query_one(MessageLog).lines)


async def sit(pilot, name: str) -> GameScreen:
    """The handover screen names the next person; Enter gives them the board."""
    await pilot.pause()
    assert isinstance(pilot.app.screen, HandoverScreen), pilot.app.screen
    assert name in str(pilot.app.screen.query_one("#question").render())
    await pilot.press("enter")
    await pilot.pause()
    assert isinstance(pilot.app.screen, GameScreen), pilot.app.screen
    return pilot.app.screen


async def toy_step(pilot, screen: GameScreen) -> None:
    await pilot.press("m", "enter")
    await pilot.pause()
    assert screen.targeting is None


def types(game: Game) -> list[str]:
    return [msgspec.to_builtins(c)["type"] for c in game.commands]


# -- undo stops at the handover (K-6) ------------------------------------------------------


async def test_k6_undo_takes_back_only_the_moves_of_the_person_at_the_keyboard(toy_ui):
    game = Game.new("toy", seed=3, seats="human,human")
    app = ShambleApp(game=game, autosave=False)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await sit(pilot, "Player 1")
        await toy_step(pilot, screen)
        await pilot.press("e")
        screen = await sit(pilot, "Player 2")
        await pilot.press("ctrl+z")  # player 1's end of turn: not player 2's to take back
        await pilot.pause()
        assert types(game) == ["move", "end_turn"]
        assert log(app)[-1].startswith("No undo: that move was Player 1's, " + REFUSED)
        assert not isinstance(app.screen, HandoverScreen)  # nothing changed hands
        await toy_step(pilot, screen)
        await pilot.press("ctrl+z")  # player 2's own step: undone
        await pilot.pause()
        assert types(game) == ["move", "end_turn"] and log(app)[-1] != ""
        assert not log(app)[-1].startswith("No undo")
        await pilot.press("ctrl+z")
        await pilot.pause()
        assert types(game) == ["move", "end_turn"] and REFUSED in log(app)[-1]
        await pilot.press("ctrl+y")  # redo gives player 2 the step back
        await pilot.pause()
        assert types(game) == ["move", "end_turn", "move"]


async def test_k6_a_continued_hot_seat_game_still_stops_at_the_handover(toy_ui, tmp_path):
    """The seat that made each move is read from the saved timeline's states."""
    app = ShambleApp()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        app.open_game(Game.new("toy", seed=3, seats="human,human"))
        screen = await sit(pilot, "Player 1")
        await toy_step(pilot, screen)
        await pilot.press("e")
        screen = await sit(pilot, "Player 2")
        await toy_step(pilot, screen)
        await pilot.press("q", "y")
        await pilot.pause()
    app = ShambleApp()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("c")
        screen = await sit(pilot, "Player 2")
        game = screen.game
        await pilot.press("ctrl+z")
        await pilot.pause()
        assert types(game) == ["move", "end_turn"]
        await pilot.press("ctrl+z")
        await pilot.pause()
        assert types(game) == ["move", "end_turn"] and REFUSED in log(app)[-1]


async def test_k6_the_commander_cannot_undo_the_snipers_turn(tmp_path):
    game = sniper_yard(tmp_path, commander="human")
    app = ShambleApp(game=game, autosave=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await hand_over(pilot, "Sniper")
        await pilot.press("m", "enter")  # one step, still in cover
        await pilot.press("e", "y")
        await hand_over(pilot, "Commander")
        before = list(game.commands)
        await pilot.press("ctrl+z")
        await pilot.pause()
        assert game.commands == before and game.view("sniper")["active"] == "commander"
        assert log(app)[-1].startswith("No undo: that move was Sniper's, " + REFUSED)
        await pilot.press("m", "enter")  # soldier 1 ordered: the commander's own
        await pilot.pause()
        assert types(game)[-1] == "order"
        await pilot.press("ctrl+z")
        await pilot.pause()
        assert game.commands == before
        await pilot.press("ctrl+z")
        await pilot.pause()
        assert game.commands == before and REFUSED in log(app)[-1]


async def test_k6_honest_and_ironman_refuse_as_before(toy_ui):
    for undo in ("honest", "ironman"):
        game = Game.new("toy", seed=3, seats="human,human", undo=undo)
        app = ShambleApp(game=game, autosave=False)
        async with app.run_test(size=(80, 24)) as pilot:
            screen = await sit(pilot, "Player 1")
            await pilot.press("d")  # a drawn card: honest undo stops there
            await pilot.pause()
            await pilot.press("ctrl+z")
            await pilot.pause()
            assert types(game) == ["draw"] and log(app)[-1].startswith("No undo:")
            assert REFUSED not in log(app)[-1], undo
            await toy_step(pilot, screen)
            await pilot.press("ctrl+z")
            await pilot.pause()
            if undo == "honest":  # a step reveals nothing: honest undo takes it
                assert types(game) == ["draw"]
            else:
                assert types(game) == ["draw", "move"] and "ironman" in log(app)[-1]


async def test_k6_outbreak_undo_stops_where_the_next_person_sat_down(outbreak_yard):  # noqa: F811
    game = outbreak_yard(seats="ann:human,bob:human", dice=[1, 1])
    app = ShambleApp(game=game, autosave=False)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await sit(pilot, "Ann")
        await ann_plays_her_turn(pilot, game, screen)
        await sit(pilot, "Bob")
        before = list(game.commands)
        await pilot.press("ctrl+z")
        await pilot.pause()
        assert game.commands == before and game.summary()["current"] == "bob"
        assert log(app)[-1].startswith("No undo: that move was Ann's, " + REFUSED)


# -- a log for each secret seat ------------------------------------------------------------


async def test_each_secret_seat_reads_its_own_log_and_every_move(toy_ui):
    game = Game.new("toy", seed=3, seats="human,human")
    app = ShambleApp(game=game, autosave=False)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await sit(pilot, "Player 1")
        first = log(app)  # the intro: every seat's
        await pilot.press("x")  # a look: player 1's own
        await pilot.pause()
        looked = log(app)[-1]
        await toy_step(pilot, screen)
        await pilot.press("d")  # one draw a turn: the second is refused to player 1 alone
        await pilot.press("d")
        await pilot.pause()
        own = [line for line in log(app) if line not in first]
        refused = log(app)[-1]
        assert looked.startswith("Cell ") and refused == "One draw a turn."
        await pilot.press("e")
        await sit(pilot, "Player 2")
        seen = log(app)
        assert seen[: len(first) - 1] == first[:-1]  # what all were told before anyone sat
        assert "Player 1, your turn." not in seen
        assert looked not in seen and refused not in seen
        moves = [line for line in own if line.startswith("A ")]
        assert moves and all(line in seen for line in moves)  # the board's story: told to all
        assert seen[-2:] == ["A ends the turn.", "Player 2, your turn."]
        await toy_step(pilot, game_screen(app))
        await pilot.press("ctrl+z")  # an undo is told to every seat, a refusal only here
        await pilot.press("ctrl+z")
        await pilot.pause()
        undone, no_undo = log(app)[-2:]
        assert no_undo.startswith("No undo:") and not undone.startswith("No undo")
        await pilot.press("x", "e")
        await sit(pilot, "Player 1")
        back = log(app)
        assert looked in back and refused in back  # player 1's own log, kept
        assert not any(line.startswith("Cell ") for line in back[back.index(refused) :])
        assert undone in back and no_undo not in back
        assert back[-2:] == ["B ends the turn.", "Player 1, your turn."]


async def test_a_game_of_one_person_keeps_one_log(toy_ui):
    game = Game.new("toy", seed=3, seats="human,bot")
    app = ShambleApp(game=game, autosave=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, GameScreen) and screen.at_keys is None
        await pilot.press("x", "e")
        await pilot.pause()
        assert screen.at_keys is None and not screen.logs
        assert any(line.startswith("Cell ") for line in log(app))
        assert any(line.startswith("B ") for line in log(app))  # the bot's turn


async def test_the_snipers_own_moves_are_not_in_the_commanders_log(tmp_path):
    game = sniper_yard(tmp_path, commander="human")
    app = ShambleApp(game=game, autosave=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await hand_over(pilot, "Sniper")
        await pilot.press("m", "enter")
        await pilot.pause()
        await pilot.press("x")
        await pilot.pause()
        mine = [line for line in log(app) if line.startswith("You move")]
        looked = log(app)[-1]
        assert mine and looked.startswith("2,1: "), looked
        await pilot.press("e", "y")
        await hand_over(pilot, "Commander")
        told = "\n".join(log(app))
        assert "You move" not in told and looked not in told
        assert log(app)[-1] == "Commander, your turn (turn 1 of 12)."
        await pilot.press("e", "y")
        await hand_over(pilot, "Sniper")
        back = log(app)
        assert all(line in back for line in mine) and looked in back
        assert "Your turn, commander." not in back


async def test_outbreak_seats_read_every_move_and_only_their_own_notes(outbreak_yard):  # noqa: F811
    game = outbreak_yard(seats="ann:human,bob:human", dice=[1, 1])
    app = ShambleApp(game=game, autosave=False)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await sit(pilot, "Ann")
        await pilot.press("r")  # nothing to turn yet: said to Ann alone
        await pilot.pause()
        note = log(app)[-1]
        assert note.startswith("There is no tile to turn")
        await ann_plays_her_turn(pilot, game, screen)
        anns = log(app)
        await sit(pilot, "Bob")
        bobs = log(app)
        assert note not in bobs and "Ann, your turn." not in bobs
        told = [line for line in anns if line.startswith("Ann ") and line in bobs]
        assert any(", draws a card" in line for line in told) and len(told) >= 3  # her turn
        assert bobs[-1] == "Bob, your turn."


async def ann_plays_her_turn(pilot, game: Game, screen: GameScreen) -> None:
    """A card, the tile laid, the walk ended, the turn ended with a discard."""
    await play_command(pilot, game, {"type": "play_event", "card": "adrenaline"})
    for want in ({"type": "draw_tile"}, None, {"type": "end_move"}):
        want = want or next(c for c in screen.legal if c["at"] != [0, -2])
        await play_command(pilot, game, want)
    await play_command(pilot, game, {"type": "end_turn", "discard": "horde"})
