"""Pilot tests of issue 27 at 80x24: a late town read through arrows at the
board's edge (your figure, the Helipad, rivals off screen) and the keys that
centre on the Helipad (g) and your figure (f); a card's effect on the hand
panel the moment it lands, with three cards in hand, and on the seats table
with whose card it is; choosing which way each zombie goes (OB-4 (6)); doors
that stay doors under what stands on them; bots' turns at once (s)."""

from __future__ import annotations

from outbreak_keyplay import as_dict, fields_ready, mission_file, play_command

from engine import Game
from engine.outbreak.bot import choose
from tui.app import ShambleApp
from tui.modes.outbreak import speed
from tui.modes.outbreak.words import Narrator, Seats
from tui.screens.dialogs import HandoverScreen
from tui.screens.game import GameScreen
from tui.widgets.board import Board
from tui.widgets.panels import MessageLog, StatusLine


def late_game() -> Game:
    """Ann against two bots, played by the bot's choices to her movement in
    round 11: every tile laid, the Helipad and Bot 2 some 20 rows south of her."""
    game = Game.new("outbreak", seed=6, seats="ann:human,bot,bot")
    while not (
        game.summary()["round"] >= 11
        and game.summary()["phase"] == "move"
        and game.state.to_act == "ann"
    ):
        game.submit(choose(game.view(game.state.to_act)))
    return game


async def started(pilot) -> GameScreen:
    await pilot.pause()
    if isinstance(pilot.app.screen, HandoverScreen):
        await pilot.press("enter")
        await pilot.pause()
    assert isinstance(pilot.app.screen, GameScreen)
    return pilot.app.screen


def in_view(board: Board, cell: tuple[int, int], town) -> bool:
    """Whether a map cell is drawn inside the board's viewport."""
    x = (cell[0] - town.origin[0]) * 2 - board.cam_x
    y = cell[1] - town.origin[1] - board.cam_y
    return 0 <= x < board.size.width - 1 and 0 <= y < board.size.height


def edge_marks(board: Board) -> str:
    return " ".join(text for row in board._marks.values() for _, text, _ in row)


def log(app) -> list[str]:
    return app.screen.query_one(MessageLog).lines


async def test_a_late_town_points_to_what_is_off_screen_and_g_f_centre_on_it():
    game = late_game()
    view = game.view("ann")
    pad = tuple(view["helipad"])
    app = ShambleApp(game=game, autosave=False)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await started(pilot)
        board = screen.query_one(Board)
        town = screen.play.town
        assert town.size[0] * 2 > board.size.width or town.size[1] > board.size.height
        beacons = board.scene.beacons
        assert [b[2] for b in beacons[:2]] == ["A", "H"]  # you first, then the Helipad
        assert {b[2] for b in beacons[2:]} == {"2", "3"}  # and the rivals
        me = tuple(view["seats"]["ann"]["cell"])
        assert in_view(board, me, town)
        off = [
            b
            for b in beacons
            if not in_view(board, (b[0] + town.origin[0], b[1] + town.origin[1]), town)
        ]
        assert off, "the late town fits the board: no arrow to test"
        marks = edge_marks(board)
        for _, _, glyph, _ in off:
            assert glyph in marks  # an arrow at the edge toward each one off screen

        await pilot.press("g")  # the Helipad
        await pilot.pause()
        assert screen.cursor == pad and in_view(board, pad, town)
        assert "Helipad" in log(app)[-1] or "pad" in log(app)[-1]
        if not in_view(board, me, town):
            assert "A" in edge_marks(board)  # now your own figure is the one pointed at
        await pilot.press("f")  # back onto your figure
        await pilot.pause()
        assert screen.cursor == me and in_view(board, me, town)
        assert game.view("ann") == view  # looking changed nothing


def drawn_at(board: Board, cell: tuple[int, int], town) -> tuple[int, int]:
    """Where a map cell is drawn in the board's viewport (column, row)."""
    return (cell[0] - town.origin[0]) * 2 - board.cam_x, cell[1] - town.origin[1] - board.cam_y


async def test_a_tile_laid_west_leaves_the_town_where_it_was_drawn(tmp_path):
    """A town smaller than the board stays where it is drawn while it fits
    (Scene.origin): a tile laid west of it moves the map's origin, not the
    town on screen, so only the new tile's cells are drawn anew."""
    path = mission_file(tmp_path / "yard.toml", event_pile=("horde",) * 9)
    game = Game.new("outbreak", mission=path, seed=5, seats="ann:human,bot")
    app = ShambleApp(game=game, autosave=False)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await started(pilot)
        board, town = screen.query_one(Board), screen.play.town
        square = drawn_at(board, (1, 1), town)
        right = board.size.width - town.size[0] * 2 + board.cam_x
        assert abs(-board.cam_x - right) <= 1  # a new game's town is centred
        origin = town.origin
        await play_command(pilot, game, {"type": "draw_tile"})
        west = next(c for c in screen.legal if c["type"] == "place_tile" and c["at"][0] == -1)
        await play_command(pilot, game, west)
        await pilot.pause()
        assert town.origin[0] == origin[0] - 3  # the map grew a tile west...
        assert drawn_at(board, (1, 1), town) == square  # ...and Town Square did not move


async def test_g_before_the_helipad_is_laid_says_where_it_is(tmp_path):
    path = mission_file(tmp_path / "yard.toml", event_pile=("horde",) * 9)
    game = Game.new("outbreak", mission=path, seed=5, seats="ann:human,bot")
    app = ShambleApp(game=game, autosave=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await started(pilot)
        await pilot.press("g")
        await pilot.pause()
        assert (
            log(app)[-1]
            == "The Helipad is not laid yet: it is the last tile of the pile (3 tiles left)."
        )


async def test_an_effect_shows_at_once_with_three_cards_in_hand(tmp_path):
    """Fire Axe played, the tile laid, the hand back to three: the hand
    panel grows a line for the effect at once, and the seats table shows it
    under Ann's row."""
    pile = ("fire_axe", "horde", "detour", "shotgun", "first_aid", "lucky_find", "adrenaline")
    path = mission_file(tmp_path / "yard.toml", zombies=(), event_pile=pile * 2)
    game = Game.new("outbreak", mission=path, seed=5, dice=[3, 1], seats="ann:human,bot")
    app = ShambleApp(game=game, autosave=False)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await started(pilot)
        hand = screen.query_one("#hand")
        before = hand.size.height
        await play_command(pilot, game, {"type": "play_event", "card": "fire_axe"})
        await play_command(pilot, game, {"type": "draw_tile"})
        place = next(c for c in screen.legal if c["type"] == "place_tile")
        await play_command(pilot, game, place)
        await pilot.pause()
        assert len(game.view("ann")["seats"]["ann"]["hand"]) == 3
        text = str(hand.render())
        assert "on you: Fire Axe" in text
        rows = text.count("\n") + 1
        assert hand.size.height >= rows > before - 1  # every row of it on screen
        seats = str(screen.query_one("#seats").render())
        assert "Fire Axe" in seats.splitlines()[2]  # the line under Ann's row


def test_the_seats_table_and_the_log_name_whose_card_an_effect_is():
    seats = Seats(["ann", "bob"], {"ann": "human", "bob": "bot"})
    narrator = Narrator(seats, lambda pos: None)
    ended = {"type": "effect_ended", "seat": "bob", "effect": "brain_cramp", "by": "ann"}
    assert narrator.lines([ended]) == ["Ann's Brain Cramp wears off Bob."]
    own = {"type": "effect_ended", "seat": "ann", "effect": "fire_axe", "by": "ann"}
    assert narrator.lines([own]) == ["Ann's Fire Axe wears off."]
    old = {"type": "effect_ended", "seat": "ann", "effect": "fire_axe"}  # an older save
    assert narrator.lines([old]) == ["Ann's Fire Axe wears off."]
    from tui.modes.outbreak.panels import SeatsPanel

    panel = SeatsPanel(seats)
    bob = {"effects": {"brain_cramp": 1}, "effects_from": {"brain_cramp": "ann"}}
    assert panel.effects("bob", bob) == "Brain Cramp (Ann's)"


def test_a_card_put_back_is_named_only_to_its_player():
    seats = Seats(["ann", "bob"], {"ann": "human", "bob": "human"})
    narrator = Narrator(seats, lambda pos: None)
    back = {"type": "event_returned", "seat": "ann", "card": "horde"}
    assert narrator.lines([back], {"ann"}) == ["You put Horde back under the event pile."]
    assert narrator.lines([back], {"bob"}) == ["Ann puts a card back under the event pile."]


async def test_the_player_chooses_which_way_a_zombie_goes(tmp_path):
    """OB-4 (6): Enter on a zombie shows its ways; an arrow picks the cell
    that way of it (not the first listed), Enter moves it there."""
    path = mission_file(tmp_path / "yard.toml", zombies=((1, 0),), event_pile=("horde",) * 9)
    game = Game.new("outbreak", mission=path, seed=5, dice=[1, 2], seats="ann:human,bot")
    app = ShambleApp(game=game, autosave=False)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await started(pilot)
        await play_command(pilot, game, {"type": "draw_tile"})
        await play_command(pilot, game, next(c for c in screen.legal if c["type"] == "place_tile"))
        await pilot.press("e")
        await pilot.pause()
        await pilot.press("y")  # end the movement with a move left
        await pilot.pause()
        assert game.summary()["phase"] == "zombies"
        ways = [c["to"] for c in game.view("ann")["legal"] if c.get("from") == [1, 0]]
        assert ways == [[1, -1], [0, 0], [2, 0], [1, 1]]  # north first in the list
        while screen.cursor != (1, 0):
            await pilot.press("z")
        await pilot.press("enter")
        await pilot.pause()
        assert screen.targeting is not None and screen.targeting.kind == "zombie_way"
        assert set(screen.targeting.options) == {tuple(w) for w in ways}
        assert screen.cursor == (1, -1)
        await pilot.press("left")  # the cell west of the zombie
        await pilot.pause()
        assert screen.cursor == (0, 0)
        await pilot.press("right")  # east of the zombie, not of the cursor
        await pilot.pause()
        assert screen.cursor == (2, 0)
        await pilot.press("enter")
        await pilot.pause()
        assert [2, 0] in game.summary()["zombies"] and [1, 0] not in game.summary()["zombies"]
        assert log(app)[-1] == "Ann rolls 2 for the zombies: east."


async def test_s_shows_the_bots_turns_at_once_and_the_log_tells_them(tmp_path):
    path = mission_file(tmp_path / "yard.toml", event_pile=("lots_of_ammo",) * 20)
    game = Game.new("outbreak", mission=path, seed=5, dice=[1, 1, 1, 1], seats="ann:human,bot")
    app = ShambleApp(game=game, autosave=False)
    was = speed.fast()
    try:
        async with app.run_test(size=(80, 24)) as pilot:
            screen = await started(pilot)
            await pilot.press("s")
            await pilot.pause()
            assert speed.fast() and "Bots now play at once" in log(app)[-1]
            await play_command(pilot, game, {"type": "draw_tile"})
            await play_command(
                pilot, game, next(c for c in screen.legal if c["type"] == "place_tile")
            )
            await play_command(pilot, game, {"type": "end_move"})
            await play_command(pilot, game, {"type": "end_turn"})  # the bot's whole turn follows
            await pilot.pause()
            assert not screen.playing  # no step-by-step playback
            assert game.summary()["to_act"] == "ann" and game.summary()["round"] == 2
            assert any(line.startswith("-- Bot 2's turn") for line in log(app))
            assert screen.view == game.view("ann")  # the board shows where the bot left it
            board = screen.query_one(Board)
            shaded = {c[1] for row in board.scene.rows for c in row if c[1].endswith("-trail")}
            assert shaded  # what the bot changed stays shaded for the person to act
            await play_command(pilot, game, {"type": "draw_tile"})
            rows = screen.query_one(Board).scene.rows
            assert not any(c[1].endswith("-trail") for row in rows for c in row)
    finally:
        speed.set_fast(was)


async def test_the_new_game_dialog_offers_the_seed_variants():
    """Issue 27: each variant is a row of the dialog, at the house rule
    until changed; a changed one goes to the game as its option."""
    from textual.widgets import Select

    from tui.screens.newgame import NewGameScreen

    app = ShambleApp(autosave=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("n")
        await pilot.pause()
        dialog = app.screen
        assert isinstance(dialog, NewGameScreen)
        dialog.query_one("#mode", Select).value = "outbreak"
        await fields_ready(pilot, dialog)
        for name, default in (("discard", "optional"), ("dealer", "none"),
                              ("tile_deck", "standard"), ("event_deck", "standard")):  # fmt: skip
            assert dialog.query_one(f"#opt-{name}", Select).value == default
        dialog.query_one("#opt-discard", Select).value = "mandatory"
        dialog.query_one("#opt-tile_deck", Select).value = "dead_ends"
        await pilot.pause()
        dialog.start()
        await pilot.pause()
        game = app.screen.game
        assert game.setup.options == {
            "seats": ["human", "bot"], "discard": "mandatory", "tile_deck": "dead_ends"
        }  # fmt: skip
        assert game.summary()["options"]["discard"] == "mandatory"


async def test_the_helipad_handover_calls_the_one_who_lays_it(tmp_path):
    """OB-8 at one keyboard: Ann draws the Helipad, Bob (fewest kills) lays
    it: the handover says so, then gives the keyboard back for Ann's turn."""
    path = mission_file(
        tmp_path / "yard.toml",
        zombies=((1, 0),),
        tokens=(),
        tile_pile=("straight", "straight", "helipad"),
        event_pile=("horde",) * 12,
    )
    game = Game.new(
        "outbreak", mission=path, seed=5, dice=[1, 6, 1, 1, 1], seats="ann:human,bob:human"
    )

    def first(kind: str) -> dict:
        return next(c for c in game.legal_commands() if c.__struct_config__.tag == kind)

    for sid in ("ann", "bob"):  # ann kills the zombie east of her; bob does nothing
        game.submit({"type": "draw_tile"})
        game.submit(first("place_tile"))
        if sid == "ann":
            game.submit({"type": "move", "to": [1, 0]})
        game.submit({"type": "end_move"})
        game.submit({"type": "end_turn"})
    assert game.summary()["seats"]["ann"]["kills"] == 1 and game.summary()["current"] == "ann"
    app = ShambleApp(game=game, autosave=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await started(pilot)
        await pilot.press("t")
        await pilot.pause()
        assert isinstance(app.screen, HandoverScreen)
        assert str(app.screen.query_one("#question").render()) == "Bob, you lay the Helipad."
        await pilot.press("enter")
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, GameScreen) and screen.view["viewer"] == "bob"
        await play_command(pilot, game, next(c for c in screen.legal if c["type"] == "place_tile"))
        await pilot.pause()
        assert isinstance(app.screen, HandoverScreen)
        assert str(app.screen.query_one("#question").render()) == "Ann, your turn."


async def test_the_end_of_a_turn_asks_for_the_card_the_box_puts_back(tmp_path):
    """Seed step 23 (discard=mandatory): e asks which card goes back under
    the event pile, by the numbers of the hand, and Enter (keep them all)
    answers nothing; the house game also offers keeping them all."""
    for discard, asked, refused in (
        ("mandatory", "End the turn (1 zombie move left): which card goes back? 1-3, Esc",
         "enter"),
        ("optional", "End the turn (1 zombie move left)? Enter keeps all, 1-3 discards one, Esc: no",
         "4"),
    ):  # fmt: skip
        pile = ("horde", "detour", "shotgun") * 3
        path = mission_file(tmp_path / f"{discard}.toml", zombies=(), event_pile=pile)
        game = Game.new(
            "outbreak", mission=path, seed=5, dice=[1, 1], seats="ann:human,bot", discard=discard
        )
        app = ShambleApp(game=game, autosave=False)
        async with app.run_test(size=(80, 24)) as pilot:
            screen = await started(pilot)
            await play_command(pilot, game, {"type": "draw_tile"})
            await play_command(
                pilot, game, next(c for c in screen.legal if c["type"] == "place_tile")
            )
            await play_command(pilot, game, {"type": "end_move"})
            await pilot.pause()
            await pilot.press("e")
            for _ in range(50):  # a generous deadline on a loaded machine
                await pilot.pause()
                if screen.prompt is not None:
                    break
            assert screen.prompt is not None, (game.summary()["phase"], log(app)[-3:])
            assert str(screen.query_one(StatusLine).render()) == asked
            commands = len(game.commands)
            await pilot.press(refused)
            await pilot.pause()
            assert len(game.commands) == commands and screen.prompt is not None
            assert log(app)[-1].startswith("Not an answer: press ")
            await pilot.press("2")
            await pilot.pause()
            ended = as_dict(game.commands[commands])
            assert ended == {"type": "end_turn", "discard": "detour"}


async def test_a_random_dealer_is_named_when_the_game_opens():
    """OB-1 (dealer=random): the log says who dealt and who starts."""
    game = Game.new("outbreak", seed=4, seats="ann:human,bot,bot", dealer="random")
    dealer = game.summary()["dealer"]
    order = game.summary()["order"]
    first = order[(order.index(dealer) + 1) % 3]
    seats = Seats.of(game.summary())
    app = ShambleApp(game=game, autosave=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await started(pilot)
        want = f"{seats.name(dealer)} deals; {seats.name(first)}, at the dealer's left, starts."
        assert want in log(app)


async def test_a_closed_town_says_the_tile_step_brings_zombies(tmp_path):
    """OB-3 (house): with the town closed, t brings three zombies onto Town
    Square; the status line and the log say so."""
    from tui.widgets.panels import StatusLine

    path = mission_file(
        tmp_path / "closed.toml",
        tiles=(
            ("hospital_dead_end", (0, -1), 180),
            ("diner_dead_end", (1, 0), 270),
            ("florist_dead_end", (-1, 0), 90),
            ("skate_shop_dead_end", (0, 1), 0),
        ),
        zombies=(),
        tokens=(),
        tile_pile=("straight", "helipad"),
        event_pile=("horde",) * 9,
    )
    game = Game.new("outbreak", mission=path, seed=5, dice=[1, 1], seats="ann:human,bot")
    app = ShambleApp(game=game, autosave=False)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await started(pilot)
        assert "the town is closed: zombies come instead" in str(
            screen.query_one(StatusLine).render()
        )
        await pilot.press("t")
        await pilot.pause()
        lines = log(app)
        assert "The town is closed: no tile comes, but the dead keep coming." in lines
        assert "3 zombies shamble in." in lines
        assert game.summary()["zombies"] == [[0, 0], [1, 0], [2, 0]]
