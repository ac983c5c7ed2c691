"""Pilot tests of Outbreak on the shared game screen (RULES OB): laying the
drawn tile at a chosen turn, a fight as a decision with its roll, playing
event cards (on a tile, on a rival and a way), walking by the die, moving
zombies, ending the turn with a discard, keys at the wrong time, a bot's
turn told step by step, and the hot-seat handover hiding hands (OB-10)."""

from __future__ import annotations

import pytest
from outbreak_keyplay import as_dict, game_screen, mission_file, pick, play_command, settle, shown

from engine import Game
from tests.pilot_wait import until
from tui.app import ShambleApp
from tui.modes.outbreak.scene import centre
from tui.screens.dialogs import ChoiceDialog, HandoverScreen
from tui.screens.game import GameScreen
from tui.widgets.board import CURSOR, TARGET, Board
from tui.widgets.panels import MessageLog, StatusLine

HAND = ("horde", "detour", "adrenaline")  # ann's three cards
BOB = ("shotgun", "first_aid", "lucky_find")  # the next seat's three


@pytest.fixture
def yard(tmp_path):
    """yard(seats=..., dice=[...]) -> a game on the small test mission."""

    def make(seats="ann:human,bob:human", dice=(), undo="casual", **mission):
        mission.setdefault("event_pile", HAND + BOB + ("lots_of_ammo",) * 10)
        path = mission_file(tmp_path / "yard.toml", **mission)
        return Game.new("outbreak", mission=path, seed=5, dice=list(dice), seats=seats, undo=undo)

    return make


def log(app) -> list[str]:
    return game_screen(app).query_one(MessageLog).lines


def status(app) -> str:
    return str(game_screen(app).query_one(StatusLine).render())


def panel(app, pid: str) -> str:
    return str(game_screen(app).query_one(f"#{pid}").render())


async def started(pilot) -> GameScreen:
    await pilot.pause()
    if isinstance(pilot.app.screen, HandoverScreen):
        await pilot.press("enter")
        await pilot.pause()
    screen = pilot.app.screen
    assert isinstance(screen, GameScreen), screen
    return screen


def highlighted(screen: GameScreen, kind: int) -> set[tuple[int, int]]:
    """Map cells drawn with a highlight, from the board's scene."""
    play = screen.play
    out = set()
    for y, row in enumerate(screen.query_one(Board).scene.rows):
        for x, cell in enumerate(row):
            if cell[2] == kind:
                out.add(play.town.cell_at(x, y))
    return out


def styled(screen: GameScreen, style: str) -> set[tuple[int, int]]:
    """Map cells drawn in a style of the scene."""
    play = screen.play
    out = set()
    for y, row in enumerate(screen.query_one(Board).scene.rows):
        for x, cell in enumerate(row):
            if cell[1] == style:
                out.add(play.town.cell_at(x, y))
    return out


async def test_the_drawn_tile_is_previewed_turned_and_laid(yard):
    """OB-3: t draws, the preview follows the cursor a tile at a time, r turns
    it, the places it fits are marked, Enter lays it as shown."""
    game = yard(seats="ann:human,bot")
    app = ShambleApp(game=game, autosave=False)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await started(pilot)
        await pilot.press("t")
        await pilot.pause()
        assert game.summary()["drawn_tile"] == "corner"
        legal = {(tuple(c["at"]), c["rotation"]) for c in screen.legal}
        spots = {at for at, _ in legal}
        assert screen.play.placing(screen) and "lay the Corner" in status(app)
        drawn = styled(screen, "spot")
        for at in spots - {(screen.cursor[0] // 3, screen.cursor[1] // 3)}:
            x, y = centre(at)  # every other place it fits is marked at its centre
            corners = {(x + dx, y + dy) for dx in (-1, 1) for dy in (-1, 1)}
            assert (x, y) in drawn and not corners & drawn
        at, rotation = sorted(legal)[-1]
        await pilot.press("right" if at[0] > 0 else "left")
        while screen.cursor != centre(at):
            x, y = screen.cursor
            key = "right" if centre(at)[0] > x else "left" if centre(at)[0] < x else None
            key = key or ("down" if centre(at)[1] > y else "up")
            await pilot.press(key)
        assert highlighted(screen, CURSOR) >= {centre(at)}  # the preview is drawn there
        while screen.play.rotation != rotation:
            await pilot.press("r")
        assert f"lay the Corner (turned {rotation})" in status(app)
        await pilot.press("enter")
        await pilot.pause()
        placed = game.summary()["tiles"][-1]
        assert placed == {"tile": "corner", "at": list(at), "rotation": rotation}
        assert any(line.startswith("Ann lays the Corner") for line in log(app))


async def test_laying_a_tile_is_asked_on_one_row_of_the_status_line():
    """The long words (the tile's turn) give way before the keys do: the
    status line keeps one row, so the log keeps its rows."""
    game = Game.new("outbreak", seed=1, seats="human,bot")
    app = ShambleApp(game=game, autosave=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await started(pilot)
        await pilot.press("t")
        await pilot.pause()
        assert game.summary()["drawn_tile"] == "straight"
        said = status(app)
        assert said == "Player 1: lay the Straight road: Enter lays it, r turns, arrows move"
        assert not game_screen(app).query_one(StatusLine).has_class("-two")


async def test_a_tile_that_does_not_fit_is_refused_with_the_reason(yard):
    game = yard(seats="ann:human,bot")
    app = ShambleApp(game=game, autosave=False)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await started(pilot)
        await pilot.press("t")
        await pilot.pause()
        here = (screen.cursor[0] // 3, screen.cursor[1] // 3)
        fits = {c["rotation"] for c in screen.legal if tuple(c["at"]) == here}
        while screen.play.rotation in fits:
            await pilot.press("r")
        before = len(game.commands)
        await pilot.press("enter")
        await pilot.pause()
        assert len(game.commands) == before
        assert "does not fit here" in log(app)[-1] and "r turns it" in log(app)[-1]
        assert "does not fit here" in status(app)
        for _ in range(6):  # out of the town's margin: the cursor stops
            await pilot.press("up")
        await pilot.press("enter")
        await pilot.pause()
        assert len(game.commands) == before and log(app)[-1].startswith("Not here")


async def test_a_plain_tiles_zombies_can_go_on_other_road_cells(yard):
    """OB-3: z while laying a plain tile marks the road cells for its zombies
    (one per road exit); Enter lays it with them there; Esc goes back."""
    game = yard(seats="ann:human,bot", zombies=())
    app = ShambleApp(game=game, autosave=False)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await started(pilot)
        await play_command(pilot, game, {"type": "draw_tile"})
        where = screen.cursor
        await pilot.press("z")
        await pilot.pause()
        assert screen.targeting.kind == "tile_zombies"
        assert "Mark 2 road cells for its zombies" in log(app)[-1]
        roads = screen.targeting.order
        await pilot.press("escape")
        assert screen.targeting is None and screen.cursor == where
        await pilot.press("z")
        await pilot.pause()
        picked = roads[-2:]
        for cell in picked:
            while screen.cursor != cell:
                x, y = screen.cursor
                key = "right" if cell[0] > x else "left" if cell[0] < x else None
                await pilot.press(key or ("down" if cell[1] > y else "up"))
            await pilot.press("z")
        assert "2 of 2 marked: Enter lays it" in status(app)
        assert set(picked) <= styled(screen, "zombie")
        await pilot.press("enter")
        await pilot.pause()
        assert game.summary()["zombies"] == sorted(
            [list(c) for c in picked], key=lambda c: (c[1], c[0])
        )


async def test_walking_into_a_zombie_is_a_fight_decided_in_a_dialog(yard):
    """OB-5, OB-6: Enter walks to the cursor along the road; the zombie in
    the way is fought; a roll short of 4 asks: bullets or a life."""
    game = yard(seats="ann:human,bot", dice=[4, 2])
    app = ShambleApp(game=game, autosave=False)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await started(pilot)
        await play_command(pilot, game, next(c for c in screen.legal if c["type"] == "draw_tile"))
        place = next(c for c in screen.legal if c["at"] != [0, -2])
        await play_command(pilot, game, place)
        assert game.summary()["moves_left"] == 4
        reach = highlighted(screen, TARGET)
        assert (1, -2) in reach and (1, -3) not in reach  # a zombie stops the way
        for _ in range(3):
            await pilot.press("up")
        assert screen.cursor == (1, -2)
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, ChoiceDialog)
        title = str(app.screen.query_one("#question").render())
        assert title == "Ann fights a zombie: rolled 2, needs 4"
        labels = [label for _, label in app.screen.options]
        assert labels == [
            "Pay 2 bullets (of 3): the zombie dies",
            "Lose a life (2 left) and roll again",
        ]
        await pick(pilot, label=labels[0])
        s = game.summary()["seats"]["ann"]
        assert s["cell"] == [1, -2] and s["kills"] == 1 and s["bullets"] == 1
        assert log(app)[-1].endswith(", fights (2): 2 short, pays 2 bullets.")  # one line
        assert game.summary()["moves_left"] == 1


async def test_escape_leaves_the_fight_waiting_and_enter_asks_again(yard):
    game = yard(seats="ann:human,bot", dice=[4, 1, 6])
    app = ShambleApp(game=game, autosave=False)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await started(pilot)
        await play_command(pilot, game, {"type": "draw_tile"})
        await play_command(pilot, game, next(c for c in screen.legal if c["at"] != [0, -2]))
        for cell in ((1, 0), (1, -1), (1, -2)):
            await play_command(pilot, game, {"type": "move", "to": list(cell)})
            if game.summary()["pending"]:
                break
        assert isinstance(app.screen, ChoiceDialog)
        await pilot.press("escape")
        await pilot.pause()
        assert game.summary()["pending"] and "decision is waiting" in status(app)
        await pilot.press("t")  # any other key: told what waits
        await pilot.pause()
        assert log(app)[-1].startswith("A fight is waiting")
        await play_command(pilot, game, {"type": "choose", "option": "life"})
        s = game.summary()["seats"]["ann"]
        assert s["life"] == 2 and s["kills"] == 1  # rolled again: a 6


async def test_a_card_on_a_tile_is_aimed_with_the_cursor(yard):
    """OB-9 horde: p, the card, p cycles the tiles, Enter plays it there."""
    game = yard(seats="ann:human,bot", zombies=())
    app = ShambleApp(game=game, autosave=False)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await started(pilot)
        assert "Horde" in panel(app, "hand") and "3 zombies onto a tile" in panel(app, "hand")
        await pilot.press("p")
        await pilot.pause()
        assert isinstance(app.screen, ChoiceDialog)
        await pick(pilot, option_id="horde")
        assert screen.targeting and screen.targeting.kind == "card_tile"
        while screen.cursor != centre((0, -1)):
            await pilot.press("p")
        assert "Horde on: the Straight road (0 zombies)" in status(app)
        await pilot.press("enter")
        await pilot.pause()
        assert game.summary()["zombies"] == [[1, -3], [1, -2], [1, -1]]
        assert "Ann plays Horde on the Straight road: 3 zombies." in log(app)
        await pilot.press("p")  # one card a turn
        await pilot.pause()
        assert log(app)[-1] == "One card a turn: t draws the tile."


async def test_detour_picks_a_rival_and_a_way(yard):
    game = yard(seats="ann:human,bot")
    app = ShambleApp(game=game, autosave=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await started(pilot)
        await play_command(
            pilot, game, {"type": "play_event", "card": "detour", "target": "p2", "direction": "n"}
        )
        assert game.summary()["seats"]["p2"]["cell"] == [1, 0]
        assert "Ann plays Detour: Bot 2 stumbles north." in log(app)


async def test_zombies_move_in_the_zombie_step_and_the_turn_ends_with_a_discard(yard):
    """OB-4 steps 6 and 7: z picks a zombie, Enter and a way move it; each
    zombie moves once; e ends the turn and offers a discard."""
    game = yard(seats="ann:human,bot", dice=[1, 2], zombies=((1, -2), (1, -3)))
    app = ShambleApp(game=game, autosave=False)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await started(pilot)
        await play_command(pilot, game, {"type": "draw_tile"})
        await play_command(pilot, game, next(c for c in screen.legal if c["at"] != [0, -2]))
        await pilot.press("e")  # one move left: asked first
        await pilot.pause()
        await pilot.press("y")
        await pilot.pause()
        assert game.summary()["phase"] == "zombies"
        assert game.summary()["zombie_moves_left"] == 2
        assert highlighted(screen, TARGET) >= {(1, -2)}
        await pilot.press("z")
        while screen.cursor != (1, -2):
            await pilot.press("z")
        await pilot.press("enter")
        await pilot.pause()
        zombies = game.summary()["zombies"]
        assert [1, -1] in zombies and [1, -2] not in zombies  # its one way: south
        assert log(app)[-1] == "Ann rolls 2 for the zombies: south."  # the zombies' line
        movable = set(screen.play.movable_zombies(screen))
        assert (1, -3) in movable and (1, -1) not in movable  # the moved one is done
        for _ in movable:
            await pilot.press("z")
            await pilot.pause()
            assert screen.cursor in movable  # z finds only the ones left
        await pilot.press("e")
        await pilot.pause()
        assert app.screen is screen and screen.prompt is not None  # asked in the status line
        asked = status(app)  # its words fit one row: the short form of the keys
        assert (
            asked == "End the turn (1 zombie move left)? Enter keeps all, 1-3 discards one, Esc: no"
        )
        await pilot.press("1")  # Horde, the first card as the hand panel numbers it
        await pilot.pause()
        assert "Ann rolls 2 for the zombies: south; discards Horde." in log(app)
        assert game.summary()["seats"]["ann"]["hand"] == ["detour", "adrenaline"]


async def zombie_step(pilot, screen, game) -> None:
    """Ann's tile laid, her movement ended and her one zombie move made
    (dice 1, 1): the zombie step with nothing left to do but end the turn."""
    for want in ({"type": "draw_tile"}, None, {"type": "end_move"}, "zombie"):
        if want is None:
            want = next(c for c in screen.legal if c["at"] != [0, -2])
        elif want == "zombie":
            want = next(c for c in screen.legal if c["type"] == "move_zombie")
        await play_command(pilot, game, want)
    assert game.summary()["phase"] == "zombies" and game.summary()["zombie_moves_left"] == 0


async def test_the_end_of_turn_question_is_answered_by_its_keys_and_nothing_else(yard):
    """OB-4 step 7 asked in the status line: the hand panel numbers the
    cards; a wrong key and Esc say so and change nothing (Esc drops the
    question, e asks again); Enter keeps every card; undo takes the end of
    the turn back, and a number then discards that card."""
    game = yard(seats="ann:human,bot", dice=[1, 1])
    app = ShambleApp(game=game, autosave=False)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await started(pilot)
        await zombie_step(pilot, screen, game)
        assert panel(app, "hand").startswith("1 Horde")
        assert "\n2 Detour" in panel(app, "hand") and "\n3 Adrenaline" in panel(app, "hand")
        before = len(game.commands)
        await pilot.press("e")
        await pilot.pause()
        asked = status(app)
        assert asked.startswith("End the turn?") and "Enter keeps every card" in asked
        wrong = "Not an answer: press Enter, 1, 2 or 3, or Esc to leave the question."
        for key in ("x", "4", "ctrl+z", "q"):  # no answer: said so, nothing done
            await pilot.press(key)
            await pilot.pause()
            assert log(app)[-1] == wrong
            assert len(game.commands) == before and status(app) == asked
        assert app.screen is screen  # q opened no leave dialog
        await pilot.press("escape")
        await pilot.pause()
        assert log(app)[-1] == "The turn goes on: e ends it when you are done."
        assert screen.prompt is None and len(game.commands) == before
        assert status(app).startswith("Ann: e ends the turn")
        await pilot.press("1")  # no question now: a number does nothing
        await pilot.pause()
        assert len(game.commands) == before and game.summary()["phase"] == "zombies"
        await pilot.press("e")
        await pilot.pause()
        assert status(app) == asked
        await pilot.press("enter")  # keeps every card
        await pilot.pause()
        await settle(pilot)
        assert as_dict(game.commands[before]) == {"type": "end_turn"}
        assert game.summary()["seats"]["ann"]["hand"] == list(HAND)
        await pilot.press("ctrl+z")  # back to the zombie step, the bot's turn undone too
        await pilot.pause()
        assert len(game.commands) == before and game.summary()["phase"] == "zombies"
        await pilot.press("e")
        await pilot.pause()
        await pilot.press("3")
        await pilot.pause()
        await settle(pilot)
        assert as_dict(game.commands[before]) == {"type": "end_turn", "discard": "adrenaline"}
        assert "Ann discards Adrenaline." in log(app)


async def test_the_end_of_turn_question_answers_a_click_on_its_words(yard):
    """The status line's answers are clicks too, as the dialog's rows were:
    Esc's word drops the question, Enter's keeps every card."""
    game = yard(seats="ann:human,bot", dice=[1, 1])
    app = ShambleApp(game=game, autosave=False)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await started(pilot)
        await zombie_step(pilot, screen, game)
        before = len(game.commands)
        line = screen.query_one(StatusLine)

        async def click(word: str) -> None:
            await pilot.press("e")
            await pilot.pause()
            column = status(app).index(word) + 1
            await pilot.click(line, offset=(line.content_region.x - line.region.x + column, 0))
            await pilot.pause()

        await click("Esc")
        assert screen.prompt is None and len(game.commands) == before
        assert log(app)[-1] == "The turn goes on: e ends it when you are done."
        await click("keeps every card")
        await settle(pilot)
        assert as_dict(game.commands[before]) == {"type": "end_turn"}


async def test_keys_at_the_wrong_time_say_why_and_change_nothing(yard):
    game = yard(seats="ann:human,bot")
    app = ShambleApp(game=game, autosave=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await started(pilot)
        said = {}
        for key in ("r", "m", "z", "e"):
            await pilot.press(key)
            await pilot.pause()
            said[key] = log(app)[-1]
        assert said["r"] == "There is no tile to turn; now: p plays a card, t draws the tile."
        assert said["m"].startswith("You move after the tile is laid;")
        assert said["z"].startswith("Zombies are moved after your movement;")
        assert said["e"].startswith("The turn ends after the zombie step;")
        await pilot.press("t")
        await pilot.pause()
        await pilot.press("t", "p")
        await pilot.pause()
        assert log(app)[-2].startswith("The tile is drawn: lay it")
        assert log(app)[-1].startswith("Cards are played at the start of a turn")
        assert [type(c).__name__ for c in game.commands] == ["DrawTile"]


def footer_keys(screen) -> list[tuple[str, str]]:
    return [(k.key, k.description) for k in screen.query("FooterKey")]


async def test_a_bots_turn_is_told_a_step_at_a_time_and_any_key_skips(yard, monkeypatch):
    monkeypatch.setattr("tui.screens.game.STEP_SECONDS", 1.0)
    game = yard(seats="ann:human,bot", dice=[1, 1])
    app = ShambleApp(game=game, autosave=False, playback=True)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await started(pilot)
        for want in ({"type": "draw_tile"}, None, {"type": "end_move"}):
            want = want or next(c for c in screen.legal if c["at"] != [0, -2])
            await play_command(pilot, game, want)
        keys = footer_keys(screen)
        await pilot.press("e", "enter")  # the end of the turn, every card kept
        await pilot.pause()
        assert screen.playing and "Bot 2 is playing" in status(app)
        assert game.summary()["current"] == "ann"  # the bot's whole turn is played...
        assert screen.view["current"] == "p2"  # ...and shown a step behind
        await pilot.pause()
        assert footer_keys(screen) == keys  # the footer is not sent twice for the steps
        await pilot.press("x")
        await pilot.pause()
        assert not screen.playing and screen.view == game.view("ann")
        assert footer_keys(screen) == keys and "e" in dict(keys)  # ann's keys, as before
        told = log(app)
        start = told.index("-- Bot 2's turn (round 1) --")
        laid = [line for line in told[start:] if line.startswith("Bot 2 lays the Crossing")]
        assert laid and "Bot 2 draws the Crossing." not in told  # the draw: said by the laying
        drawn = [line for line in told[start:] if " draws " in line]
        assert drawn and all(("draws a card" in x or "draws 2 cards" in x) for x in drawn), drawn


async def test_a_bots_step_that_changes_nothing_on_the_board_is_told_with_the_next(
    yard, monkeypatch
):
    """A bot's tile drawn (shown where it is laid) and its movement ended
    (the zombie die) are no steps of their own: their lines come with the
    step after them, so each step the player waits for shows a change; the
    turn panel meanwhile says what the bot does without counting its moves."""
    monkeypatch.setattr("tui.screens.game.STEP_SECONDS", 60.0)  # stepped by hand here
    game = yard(seats="ann:human,bot", dice=[1, 1])
    app = ShambleApp(game=game, autosave=False)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await started(pilot)
        await zombie_step(pilot, screen, game)
        await pilot.press("e", "enter")
        await pilot.pause()
        shown, doing = [], set()  # the log's last lines after each step
        while screen.playing:
            doing.add(panel(app, "turn").splitlines()[1])
            screen._next_step()
            shown.append(log(app)[-2:])
        seen = [line for lines in shown for line in lines]
        assert not any(line.startswith("Bot 2 draws the") for line in seen)  # the draw...
        assert any(line.startswith("Bot 2 lays the Crossing") for line in seen)  # ...laid
        rolled = [line for line in seen if "for the zombies" in line]
        assert rolled and not any(line.endswith("for the zombies.") for line in rolled)
        assert any("for the zombies: south" in line for line in rolled)  # with a zombie's move
        # the turn panel says whose turn it is, not each step (the log says that)
        assert doing == {"Bot 2's turn"}, doing
        assert panel(app, "turn").splitlines()[1] == "Ann's turn"


async def test_the_handover_hides_each_hand_between_two_people(yard):
    """OB-10: the board is covered between people; each sees only their own
    cards; the log says a card was drawn, never which."""
    game = yard(seats="ann:human,bob:human", dice=[1, 1])
    app = ShambleApp(game=game, autosave=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, HandoverScreen)
        assert "Ann, your turn." in shown(app) and "Horde" not in shown(app)
        await pilot.press("enter")
        screen = await started(pilot)
        assert "Ann's cards" in shown(app) and "Horde" in panel(app, "hand")
        assert not any(name in shown(app) for name in ("Shotgun", "First Aid", "Lucky Find"))
        assert screen.view["seats"]["bob"]["hand"] is None
        await play_command(pilot, game, {"type": "play_event", "card": "adrenaline"})
        for want in ({"type": "draw_tile"}, None, {"type": "end_move"}):
            want = want or next(c for c in screen.legal if c["at"] != [0, -2])
            await play_command(pilot, game, want)
        await pilot.press("e", "1")  # Horde, her first card, goes back
        await pilot.pause()
        assert isinstance(app.screen, HandoverScreen)
        covered = shown(app)
        assert "Bob, your turn." in covered
        for secret in ("Horde", "Detour", "Shotgun", "Seats", "Ann's cards", "Ann lays"):
            assert secret not in covered
        await pilot.press("enter")
        await started(pilot)
        assert screen.view["viewer"] == "bob" and screen.view["seats"]["ann"]["hand"] is None
        assert "Bob's cards" in shown(app) and "Shotgun" in panel(app, "hand")
        assert "Horde" not in panel(app, "hand") and "Detour" not in panel(app, "hand")
        assert any(x.startswith("Ann lays") and ", draws a card" in x for x in log(app))
        assert not any("Lots of Ammo" in line for line in log(app))  # ann's draw unnamed
        assert log(app)[-1] == "Bob, your turn."


async def test_one_person_with_bots_reads_their_own_draws(yard):
    game = yard(seats="ann:human,bot", dice=[1, 1])
    app = ShambleApp(game=game, autosave=False)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await started(pilot)
        await play_command(pilot, game, {"type": "play_event", "card": "adrenaline"})
        await play_command(pilot, game, {"type": "draw_tile"})
        await play_command(pilot, game, next(c for c in screen.legal if c["at"] != [0, -2]))
        assert "You draw Lots of Ammo." in log(app)
        assert not isinstance(app.screen, HandoverScreen)


async def test_bots_turns_are_told_a_step_at_a_time_without_the_playback_flag(yard, monkeypatch):
    """The shared screen's Play.steps_bots: Outbreak plays every bot command
    back as a step of its own even when the app was started without --playback.
    The steps wait a minute each here: on a loaded machine a pause of a few
    seconds let the bot's 0.35 s steps all play out before the check."""
    monkeypatch.setattr("tui.screens.game.STEP_SECONDS", 60.0)
    game = yard(seats="ann:human,bot", dice=[1, 1])
    app = ShambleApp(game=game, autosave=False)
    assert not app.playback
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await started(pilot)
        for want in ({"type": "draw_tile"}, None, {"type": "end_move"}):
            want = want or next(c for c in screen.legal if c["at"] != [0, -2])
            await play_command(pilot, game, want)
        await pilot.press("e", "enter")
        await until(pilot, lambda: screen.playing, "the bot's turn told a step at a time")
        await until(pilot, lambda: "Bot 2 is playing" in status(app), "the playback's note")
        assert game.summary()["to_act"] == "ann"  # played whole, shown a step behind
        await pilot.press("x")  # any key: the rest at once
        await until(pilot, lambda: not screen.playing, "the rest of the bot's turn")
        assert screen.view == game.view("ann")


async def test_a_tile_undone_and_laid_elsewhere_is_drawn_where_it_lies(yard):
    game = yard(seats="ann:human,bot", dice=[1])
    app = ShambleApp(game=game, autosave=False)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await started(pilot)
        await play_command(pilot, game, {"type": "draw_tile"})
        places = sorted({tuple(c["at"]) for c in screen.legal})
        first = next(c for c in screen.legal if tuple(c["at"]) == places[0])
        second = next(c for c in screen.legal if tuple(c["at"]) == places[-1])
        await play_command(pilot, game, first)
        assert centre(places[0]) in styled(screen, "road")
        await pilot.press("ctrl+z")
        await pilot.pause()
        assert game.summary()["phase"] == "tile" and log(app)[-1] == "Undone."
        await play_command(pilot, game, second)
        roads = styled(screen, "road")
        assert centre(places[-1]) in roads and centre(places[0]) not in roads
