"""Pilot tests of the new game dialog: generated stations (size, difficulty)
and hot-seat players (ST-1.3), by key presses at 80x24."""

from __future__ import annotations

from textual.widgets import Select

from tui.app import ShambleApp
from tui.modes import ui_modes
from tui.modes.station.fields import SeatedRosterList, deal
from tui.screens.game import GameScreen
from tui.screens.newgame import NewGameScreen


def screen_text(app: ShambleApp) -> str:
    return "\n".join(strip.text for strip in app.screen._compositor.render_strips())


async def open_dialog(pilot) -> NewGameScreen:
    await pilot.press("n")
    await pilot.pause()
    dialog = pilot.app.screen
    assert isinstance(dialog, NewGameScreen)
    return dialog


async def pick(pilot, select_id: str, *keys: str) -> None:
    """Open a drop-down by keyboard, move in it, Enter chooses."""
    pilot.app.screen.query_one(f"#{select_id}", Select).focus()
    await pilot.press("enter")
    await pilot.pause()
    await pilot.press(*keys, "enter")
    await pilot.pause()


async def start(pilot) -> GameScreen:
    pilot.app.screen.query_one("#start").focus()
    await pilot.press("enter")
    await pilot.pause()
    assert isinstance(pilot.app.screen, GameScreen), screen_text(pilot.app)
    return pilot.app.screen


def test_survivors_are_dealt_in_seat_order_an_equal_share_each():
    four = ["vega", "okafor", "lin", "ruiz"]
    assert deal(four, 2) == {"vega": 1, "okafor": 1, "lin": 2, "ruiz": 2}
    assert deal(four, 1) == dict.fromkeys(four, 1)
    assert deal(four, 4) == {"vega": 1, "okafor": 2, "lin": 3, "ruiz": 4}
    assert deal(["vega", "okafor", "lin"], 2) == {"vega": 1, "okafor": 1, "lin": 2}
    six = ["vega", "okafor", "lin", "ruiz", "hale", "mori"]
    assert sorted(deal(six, 3).values()) == [1, 1, 2, 2, 3, 3]
    assert deal([], 2) == {}


async def test_a_generated_station_shows_its_rows_and_starts_with_them():
    app = ShambleApp(autosave=False)
    async with app.run_test(size=(80, 24)) as pilot:
        dialog = await open_dialog(pilot)
        assert not dialog.query_one("#station-row").display
        assert "Difficulty" not in screen_text(app)
        await pick(pilot, "mission", "end")  # the generated station comes last
        assert dialog.query_one("#mission", Select).value == "random"
        assert dialog.query_one("#station-row").display
        text = screen_text(app)
        assert "Size" in text and "Difficulty" in text
        assert "picks the station" in text
        await pick(pilot, "size", "down")  # medium -> large
        await pick(pilot, "difficulty", "down", "down")  # 3 -> 5
        dialog.query_one("#seed").value = "77"
        game = (await start(pilot)).game
        assert game.setup.mission == "random" and game.setup.seed == 77
        assert game.setup.options == {"size": "large", "difficulty": "5"}


async def test_going_back_to_a_shipped_mission_hides_the_station_rows():
    app = ShambleApp(autosave=False)
    async with app.run_test(size=(80, 24)) as pilot:
        dialog = await open_dialog(pilot)
        await pick(pilot, "mission", "end")
        await pick(pilot, "mission", "home", "down")  # airlock
        assert not dialog.query_one("#station-row").display
        assert "picks the station" not in screen_text(app)
        game = (await start(pilot)).game
        assert game.setup.mission == "airlock" and game.setup.options == {}


async def test_players_deal_the_survivors_and_reach_the_game():
    app = ShambleApp(autosave=False)
    async with app.run_test(size=(80, 24)) as pilot:
        dialog = await open_dialog(pilot)
        roster = dialog.query_one("#survivors", SeatedRosterList)
        roster.focus()
        await pilot.press("down", "down", "space", "down", "space")  # tick Lin and Ruiz
        assert roster.selected == ["vega", "okafor", "lin", "ruiz"]
        assert "P1" not in screen_text(app)  # one player: nothing to show
        await pick(pilot, "players", "down")  # 2 players
        assert roster.players == 2
        text = screen_text(app)
        assert "Vega (engineer)  P1" in text and "Lin (medic)      P2" in text
        roster.focus()
        await pilot.press("home", "down", "p")  # Okafor goes to player 2
        assert roster.seats["okafor"] == 2
        await pilot.press("down", "left")  # and Lin back to player 1
        assert roster.seats["lin"] == 1
        game = (await start(pilot)).game
        assert game.view()["players"] == {"vega": 1, "okafor": 2, "lin": 1, "ruiz": 2}
        assert game.setup.options == {"players": "vega:1,okafor:2,lin:1,ruiz:2"}


async def test_two_players_default_to_two_survivors_each():
    """ST-1.3: picking 2 players with fewer than four survivors ticks more."""
    app = ShambleApp(autosave=False)
    async with app.run_test(size=(80, 24)) as pilot:
        dialog = await open_dialog(pilot)
        roster = dialog.query_one("#survivors", SeatedRosterList)
        assert roster.selected == ["vega", "okafor"]
        await pick(pilot, "players", "down")  # 2 players
        assert roster.selected == ["vega", "okafor", "lin", "ruiz"]
        assert roster.seats == {"vega": 1, "okafor": 1, "lin": 2, "ruiz": 2}
        game = (await start(pilot)).game
        assert game.view()["players"] == {"vega": 1, "okafor": 1, "lin": 2, "ruiz": 2}


async def test_players_never_outnumber_the_survivors():
    app = ShambleApp(autosave=False)
    async with app.run_test(size=(80, 24)) as pilot:
        dialog = await open_dialog(pilot)
        players = dialog.query_one("#players", Select)
        await pick(pilot, "players", "down")  # 2 players: two survivors each
        assert players.value == 2
        roster = dialog.query_one("#survivors", SeatedRosterList)
        roster.focus()
        # Vega, Lin and Ruiz stay behind: one survivor left
        await pilot.press("home", "space", "down", "down", "space", "down", "space")
        await pilot.pause()
        assert players.value == 1 and roster.players == 1
        assert [value for _, value in players._options] == [1]
        assert "P1" not in screen_text(app)


async def test_a_player_without_a_survivor_is_refused():
    app = ShambleApp(autosave=False)
    async with app.run_test(size=(80, 24)) as pilot:
        dialog = await open_dialog(pilot)
        await pick(pilot, "players", "down")  # Vega and Okafor P1, Lin and Ruiz P2
        roster = dialog.query_one("#survivors", SeatedRosterList)
        roster.focus()
        await pilot.press("home", "down", "down", "p", "down", "p")  # player 2 has nobody
        dialog.query_one("#start").focus()
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, NewGameScreen)
        assert "Player 2 has no survivor" in str(dialog.query_one("#newgame-error").render())


async def test_p_with_one_player_changes_nothing():
    app = ShambleApp(autosave=False)
    async with app.run_test(size=(80, 24)) as pilot:
        dialog = await open_dialog(pilot)
        roster = dialog.query_one("#survivors", SeatedRosterList)
        roster.focus()
        await pilot.press("p", "right")
        assert roster.seats == {"vega": 1, "okafor": 1}
        assert (await start(pilot)).game.setup.options == {}


async def test_the_whole_dialog_fits_80x24():
    app = ShambleApp(autosave=False)
    async with app.run_test(size=(80, 24)) as pilot:
        dialog = await open_dialog(pilot)
        await pick(pilot, "mission", "end")
        await pick(pilot, "players", "down")
        box = dialog.query_one("#newgame").region
        assert box.x >= 0 and box.y >= 0 and box.right <= 80 and box.bottom <= 24
        fields = dialog.query_one("#newgame-fields")
        for widget_id in ("#mode", "#size", "#difficulty", "#survivors", "#seed", "#undo"):
            assert fields.region.contains_region(dialog.query_one(widget_id).region), widget_id
        assert box.contains_region(dialog.query_one("#start").region)


async def test_arrows_walk_the_rows_and_the_first_enter_starts_nothing():
    """Issue 28: focus opens on the first row (Mode), not Start; a hint says how
    to move; Down goes row by row (through the survivors' list at its last row)
    to Start, Up comes back, and Enter on a drop-down only opens it."""
    app = ShambleApp(autosave=False)
    async with app.run_test(size=(80, 24)) as pilot:
        dialog = await open_dialog(pilot)
        assert dialog.focused is dialog.query_one("#mode")
        assert "move between rows" in screen_text(app)
        await pilot.press("enter")  # opens the Mode list: no game
        await pilot.pause()
        assert isinstance(app.screen, NewGameScreen)
        assert dialog.query_one("#mode", Select).expanded
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, NewGameScreen) and dialog.focused.id == "mode"
        await pilot.press("down")
        assert dialog.focused.id == "mission"
        await pilot.press("enter", "down", "enter")  # the second mission
        await pilot.pause()
        assert dialog.query_one("#mission", Select).value != "tutorial"
        chosen = dialog.query_one("#mission", Select).value
        seen = []
        for _ in range(20):
            await pilot.press("down")
            seen.append(dialog.focused.id)
            if dialog.focused.id == "start":
                break
        assert seen[-1] == "start" and "survivors" in seen and "seed" in seen, seen
        roster = dialog.query_one("#survivors", SeatedRosterList)
        assert seen.count("survivors") == roster.option_count  # down its rows, then on
        await pilot.press("up")
        assert dialog.focused.id == "undo"
        await pilot.press("down", "enter")
        await pilot.pause()
        assert isinstance(app.screen, GameScreen) and app.screen.game.setup.mission == chosen


async def test_the_hint_says_what_enter_does_on_each_row_and_only_start_starts():
    """Issue 28: the Start button says no key it does not answer to (it read
    "Start (Enter)" while Enter opened a list); the hint under the title says
    what Enter does on the row in focus, in the seed too (it starts there)."""
    app = ShambleApp(autosave=False)
    async with app.run_test(size=(80, 24)) as pilot:
        dialog = await open_dialog(pilot)

        def hint() -> str:
            return str(dialog.query_one("#newgame-hint").render())

        assert str(dialog.query_one("#start").label) == "Start"
        assert "(Enter)" not in screen_text(app)
        assert "Enter opens the list" in hint() and "Start is at the bottom" in hint()
        await pilot.press("enter")  # the Mode list opens
        await pilot.pause()
        assert "Enter chooses" in hint()
        await pilot.press("escape")
        await pilot.pause()
        dialog.query_one("#survivors").focus()
        await pilot.pause()
        assert "Enter ticks or unticks a row" in hint()
        dialog.query_one("#seed").focus()
        await pilot.pause()
        assert "Enter starts the game" in hint()
        await pilot.press("down")
        assert dialog.focused.id == "undo" and "Enter opens the list" in hint()
        await pilot.press("down")
        assert "Enter starts the game" in hint()
        for line in screen_text(app).splitlines():  # the hint is whole on its row
            if "move between rows" in line:
                assert "Enter starts the game" in line
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, GameScreen)


async def test_the_ascii_hint_fits_its_row():
    app = ShambleApp(autosave=False, ascii_only=True)
    async with app.run_test(size=(80, 24)) as pilot:
        dialog = await open_dialog(pilot)
        for widget_id in ("#mode", "#survivors", "#seed", "#start", "#cancel"):
            dialog.query_one(widget_id).focus()
            await pilot.pause()
            hint = dialog.query_one("#newgame-hint")
            assert hint.size.height == 1 and len(dialog.hint()) <= hint.size.width, dialog.hint()


async def test_the_row_in_focus_is_marked_without_colour():
    """Issue 28: a newcomer walking the rows with the arrows could not see
    which row had the focus (a drop-down in focus was one shade lighter): the
    row's name is drawn reversed, one row at a time, as the focus moves."""
    app = ShambleApp(autosave=False)
    async with app.run_test(size=(80, 24)) as pilot:
        dialog = await open_dialog(pilot)

        def marked() -> list[str]:
            rows = dialog.query("#newgame-fields .row.-in-focus")
            return [str(row.query_one(".field").render()).split("\n")[0] for row in rows]

        def reversed_names() -> set[str]:
            return {
                str(label.render()).split("\n")[0]
                for label in dialog.query("#newgame-fields .field")
                if label.rich_style.reverse
            }

        assert marked() == ["Mode"] and reversed_names() == {"Mode"}
        await pilot.press("down")
        await pilot.pause()
        assert marked() == ["Mission"] and reversed_names() == {"Mission"}
        await pilot.press("down")
        await pilot.pause()
        assert marked() == ["Survivors"]
        dialog.query_one("#start").focus()
        await pilot.pause()
        assert marked() == [] and reversed_names() == set()


async def test_enter_in_a_seats_name_goes_on_and_starts_nothing():
    """Issue 28: Enter in Outbreak's first seat name started the game with the
    seats, variants and undo below it never looked at; it goes to the next
    row, as the hint says. Enter in the seed still starts, as its hint says."""
    app = ShambleApp(autosave=False)
    async with app.run_test(size=(80, 24)) as pilot:
        dialog = await open_dialog(pilot)
        await pick(pilot, "mode", *["down"] * ui_modes().index("outbreak"))
        assert dialog.mode == "outbreak"
        name = dialog.query_one("#seat-name-1")
        name.focus()
        await pilot.pause()
        assert "Enter goes to the next row" in str(dialog.query_one("#newgame-hint").render())
        await pilot.press("a", "n", "n", "enter")
        await pilot.pause()
        assert isinstance(app.screen, NewGameScreen) and dialog.focused is not name
        dialog.query_one("#seed").focus()
        await pilot.pause()
        assert "Enter starts the game" in str(dialog.query_one("#newgame-hint").render())
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, GameScreen) and app.screen.game.setup.mode == "outbreak"
