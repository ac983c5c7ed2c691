"""Pilot tests of the game screen: board, cursor, every action key, refusals,
undo/redo, confirmation, mouse, palette, quit-then-continue."""

from __future__ import annotations

import pytest

from engine import Game
from tui.app import ShambleApp
from tui.screens.dialogs import ChoiceDialog, ConfirmDialog
from tui.screens.game import GameScreen
from tui.screens.title import TitleScreen
from tui.widgets.board import Board
from tui.widgets.panels import MessageLog, StatusLine


def tutorial(seed: int = 1, **kw) -> Game:
    return Game.new("station", mission="tutorial", seed=seed, **kw)


def board_rows(app: ShambleApp) -> list[str]:
    board = app.screen.query_one(Board)
    return [board.render_line(y).text for y in range(board.size.height)]


def log_text(app: ShambleApp) -> str:
    return "\n".join(app.screen.query_one(MessageLog).lines)


async def new_game(pilot) -> None:
    """n on the title, then Start in the dialog."""
    await pilot.press("n")
    await pilot.pause()
    pilot.app.screen.query_one("#start").focus()
    await pilot.press("enter")


async def started(pilot) -> GameScreen:
    await pilot.pause()
    screen = pilot.app.screen
    assert isinstance(screen, GameScreen)
    return screen


async def test_board_draws_map_survivors_zombies_and_dark_zone():
    app = ShambleApp(game=tutorial(), autosave=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await started(pilot)
        rows = [r for r in board_rows(app) if r.strip()]
        text = "\n".join(rows)
        assert "██" in rows[0]  # the outer wall
        assert "V O" in text  # both survivors in the airlock, by initial
        assert "z " in text  # the walker in the corridor
        assert "░░" in text  # the dark archive
        assert "★" in text and "⇲" in text and "⊕" in text  # objective, exit, spawn
        assert "++" in text and "''" in text and "≡≡" in text  # closed, open, locked doors


async def test_ascii_board_uses_no_box_drawing():
    app = ShambleApp(game=tutorial(), autosave=False, ascii_only=True)
    async with app.run_test(size=(80, 24)) as pilot:
        await started(pilot)
        text = "\n".join(board_rows(app))
        assert "##" in text and "??" in text and "*" in text
        assert all(ord(ch) < 128 for ch in text)


async def test_cursor_jumps_between_zones_with_every_key_family():
    app = ShambleApp(game=tutorial(), autosave=False)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await started(pilot)
        assert screen.cursor == "a"
        await pilot.press("right")
        assert screen.cursor == "b"
        await pilot.press("h")
        assert screen.cursor == "a"
        await pilot.press("j")
        assert screen.cursor == "c"
        await pilot.press("8")  # numpad up
        assert screen.cursor == "a"
        await pilot.press("n")  # down-right
        assert screen.cursor in {"b", "c"}


async def test_open_door_cycles_then_enter_opens_and_log_says_so():
    game = tutorial()
    app = ShambleApp(game=game, autosave=False)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await started(pilot)
        await pilot.press("o")
        assert screen.targeting is not None and screen.targeting.kind == "open_door"
        first = screen.cursor
        await pilot.press("o")
        assert screen.cursor != first
        await pilot.press("escape")  # cancel: nothing happens
        assert screen.targeting is None and game.commands == []
        await pilot.press("o")
        while screen.cursor != "c":
            await pilot.press("o")
        await pilot.press("enter")
        await pilot.pause()
        assert game.summary()["doors"]["a-c"] == "open"
        assert "Vega opens door a-c." in log_text(app)


async def test_refused_actions_explain_why_and_change_nothing():
    game = tutorial()
    app = ShambleApp(game=game, autosave=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await started(pilot)
        for key in ("a", "f", "g", "m", "p", "z"):
            await pilot.press(key)
        await pilot.pause()
        assert game.commands == []
        text = log_text(app)
        assert "Vega can't attack in melee" in text
        assert "Vega can't fire" in text
        assert "Vega can't take an objective" in text
        assert "Vega can't move" in text


async def test_move_undo_redo_from_the_keyboard():
    game = tutorial()
    app = ShambleApp(game=game, autosave=False)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await started(pilot)
        await pilot.press("o")
        while screen.cursor != "c":
            await pilot.press("o")
        await pilot.press("enter", "m", "enter")
        await pilot.pause()
        assert game.summary()["survivors"]["vega"]["zone"] == "c"
        await pilot.press("ctrl+z")
        await pilot.pause()
        assert game.summary()["survivors"]["vega"]["zone"] == "a"
        await pilot.press("ctrl+y")
        await pilot.pause()
        assert game.summary()["survivors"]["vega"]["zone"] == "c"
        await pilot.press("backspace", "backspace")
        await pilot.pause()
        assert game.summary()["doors"]["a-c"] == "closed"
        assert game.undo_count == 3
        lines = log_text(app).splitlines()
        assert lines[-4:] == [
            "Undone: Vega moves from zone a to zone c.",
            "Redone: Vega moves from zone a to zone c.",
            "Undone: Vega moves from zone a to zone c.",
            "Undone: Vega opens door a-c.",
        ]  # each says what changed


async def test_ironman_refuses_undo_in_the_log():
    game = tutorial(undo="ironman")
    app = ShambleApp(game=game, autosave=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await started(pilot)
        await pilot.press("s")  # search
        await pilot.press("ctrl+z")
        await pilot.pause()
        assert len(game.commands) == 1
        assert "No undo: " in log_text(app)


def status(app: ShambleApp) -> str:
    return str(app.screen.query_one(StatusLine).render())


async def test_end_turn_with_actions_left_asks_first_in_the_status_line():
    game = tutorial()
    app = ShambleApp(game=game, autosave=False)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await started(pilot)
        await pilot.press("e")
        await pilot.pause()
        assert app.screen is screen and screen.prompt is not None  # no dialog
        assert status(app) == "End Vega's turn with 2 actions left? y yes, n no"
        await pilot.press("n")
        await pilot.pause()
        assert game.commands == [] and screen.prompt is None
        assert status(app).startswith("Vega in ")
        await pilot.press("full_stop", "y")
        await pilot.pause()
        assert game.summary()["done"] == ["vega"]
        assert screen.selected == "okafor"


async def test_the_status_line_question_takes_enter_and_escape_and_nothing_else():
    game = tutorial()
    app = ShambleApp(game=game, autosave=False)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await started(pilot)
        await pilot.press("e", "escape")  # Esc: no, and nothing is discarded
        await pilot.pause()
        assert game.commands == [] and screen.prompt is None
        await pilot.press("e", "m", "j", "tab", "s", "ctrl+z")  # other keys wait for y or n
        await pilot.pause()
        assert screen.prompt is not None and screen.selected == "vega"
        assert game.commands == [] and screen.targeting is None
        await pilot.press("enter")  # Enter: yes
        await pilot.pause()
        assert game.summary()["done"] == ["vega"] and screen.prompt is None


async def test_questions_can_be_dialogs_instead():
    game = tutorial()
    app = ShambleApp(game=game, autosave=False)
    app.prompts = "dialog"
    async with app.run_test(size=(80, 24)) as pilot:
        await started(pilot)
        await pilot.press("e")
        await pilot.pause()
        assert isinstance(app.screen, ConfirmDialog)
        await pilot.press("y")
        await pilot.pause()
        assert game.summary()["done"] == ["vega"]


async def test_tab_selects_next_survivor_and_acting_asks_to_end_the_active_turn():
    game = tutorial()
    app = ShambleApp(game=game, autosave=False)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await started(pilot)
        await pilot.press("s")  # Vega searches: Vega is now active
        await pilot.pause()
        assert game.summary()["active"] == "vega"
        await pilot.press("tab")
        assert screen.selected == "okafor"
        assert "Okafor's cards" in str(screen.query_one("#cards").border_title)
        await pilot.press("o", "enter")  # Okafor opens a door
        await pilot.pause()
        assert "End Vega's turn and act with Okafor?" in status(app)
        await pilot.press("y")
        await pilot.pause()
        assert game.summary()["active"] == "okafor"


async def test_look_describes_the_cursor_zone():
    app = ShambleApp(game=tutorial(), autosave=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await started(pilot)
        await pilot.press("l", "x")
        await pilot.pause()
        assert "Zone b" in log_text(app) and "1 walker" in log_text(app)


async def test_gear_dialog_offers_the_legal_changes():
    game = tutorial()
    app = ShambleApp(game=game, autosave=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await started(pilot)
        await pilot.press("i")
        await pilot.pause()
        dialog = app.screen
        assert isinstance(dialog, ChoiceDialog)
        labels = [label for _, label in dialog.options]
        assert "Vega: baton: floor -> hand" in labels
        index = labels.index("Vega: baton: floor -> hand")
        for _ in range(index + 1):
            await pilot.press("down")
        while dialog.query_one("OptionList").highlighted != index:
            await pilot.press("up")
        await pilot.press("enter")
        await pilot.pause()
        assert game.summary()["survivors"]["vega"]["hand"] == ["wrench", "baton"]


async def test_mouse_click_selects_a_zone_and_second_click_confirms_a_target():
    game = tutorial()
    app = ShambleApp(game=game, autosave=False)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await started(pilot)
        board = screen.query_one(Board)

        def offset_of(zone: str) -> tuple[int, int]:
            x, y = game.world.board.cells[zone][-1]
            return (x * 2 - board.cam_x + 1, y - board.cam_y + 1)  # +1: the border

        await pilot.click(Board, offset=offset_of("b"))
        await pilot.pause()
        assert screen.cursor == "b" and game.commands == []
        await pilot.press("o")
        while screen.cursor != "c":
            await pilot.press("o")
        await pilot.press("enter", "m")
        await pilot.click(Board, offset=offset_of("c"))
        await pilot.click(Board, offset=offset_of("c"))
        await pilot.pause()
        assert game.summary()["survivors"]["vega"]["zone"] == "c"


async def test_command_palette_offers_every_action():
    app = ShambleApp(game=tutorial(), autosave=False)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await started(pilot)
        titles = [c.title for c in app.get_system_commands(screen)]
        for word in ("Move", "Melee", "Fire", "Search", "Open a door", "End this", "Undo"):
            assert any(t.startswith(word) for t in titles), word
        assert "Vega: open door a-c" in titles  # legal commands by name


async def test_quit_then_continue_resumes_exactly():
    app = ShambleApp()
    async with app.run_test(size=(80, 24)) as pilot:
        await new_game(pilot)
        screen = await started(pilot)
        await pilot.press("o")
        while screen.cursor != "c":
            await pilot.press("o")
        await pilot.press("enter", "m", "enter")
        await pilot.pause()
        before = screen.game.summary()
        journal = list(screen.game.journal)
        await pilot.press("q", "y")
        await pilot.pause()
        assert isinstance(app.screen, TitleScreen)
    app = ShambleApp()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert not app.screen.query_one("#title-menu").get_option("continue").disabled
        await pilot.press("c")
        screen = await started(pilot)
        assert screen.game.summary() == before
        assert screen.game.journal == journal
        told = screen.query_one(MessageLog).lines  # the log retells the last moves
        assert any("opens door" in line for line in told) and told[-1].startswith("Resumed")
        await pilot.press("ctrl+z")  # undo works across the restart
        await pilot.pause()
        assert screen.game.summary()["survivors"]["vega"]["zone"] == "a"


FOUR_TOKENS = '''
[mission]
id = "four_tokens"
name = "Four Tokens"
mode = "station"
survivors = ["vega"]
map = """
#######
#abcde#
#######
"""
[zones.a]
start = true
objective = true
[zones.b]
objective = true
[zones.c]
objective = true
[zones.d]
objective = true
[zones.e]
exit = true
spawn = 1
[[decks.zombie]]
blue = {}
yellow = {}
orange = {}
red = {}
'''


async def test_pending_decision_opens_a_choice_and_escape_keeps_it(tmp_path):
    path = tmp_path / "four_tokens.toml"
    path.write_text(FOUR_TOKENS)
    game = Game.new("station", mission=path, seed=0, survivors=["vega"])
    for zone in ("b", "c"):  # two objectives: 10 XP, yellow
        game.submit({"type": "take_objective", "survivor": "vega"})
        game.submit({"type": "move", "survivor": "vega", "to": zone})
    game.submit({"type": "take_objective", "survivor": "vega"})
    app = ShambleApp(game=game, autosave=False)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await started(pilot)
        await pilot.press("m")
        while screen.cursor != "d":
            await pilot.press("m")
        await pilot.press("enter", "g")  # to d, fourth objective: orange, a skill to pick
        await pilot.pause()
        assert game.summary()["pending"]["kind"] == "skill"
        assert isinstance(app.screen, ChoiceDialog)
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, GameScreen)
        assert "A decision is waiting" in log_text(app)
        assert game.summary()["pending"] is not None  # Escape discarded nothing
        await pilot.press("s")  # other actions wait for the decision
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, ChoiceDialog)
        labels = [label for _, label in app.screen.options]
        assert labels == ["plus 1 melee die", "tough"]
        await pilot.press("down", "enter")
        await pilot.pause()
        assert "tough" in game.summary()["survivors"]["vega"]["skills"]
        assert "Vega learns tough." in log_text(app)


async def test_no_color_and_ascii_play_without_errors(monkeypatch):
    monkeypatch.setenv("NO_COLOR", "1")
    game = tutorial()
    app = ShambleApp(game=game, autosave=False, ascii_only=True)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await started(pilot)
        await pilot.press("o", "enter", "m", "enter", "right", "down", "x")
        await pilot.pause()
        assert game.summary()["survivors"]["vega"]["zone"] != "a"
        assert screen.query_one(Board).render_line(5).text.isascii()
        await pilot.resize_terminal(100, 30)
        await pilot.pause()
        assert isinstance(app.screen, GameScreen)


async def test_zombie_phase_playback_steps_and_a_key_skips(monkeypatch):
    monkeypatch.setattr("tui.screens.game.STEP_SECONDS", 1.0)
    game = tutorial()
    app = ShambleApp(game=game, autosave=False, playback=True)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await started(pilot)
        await pilot.press("e", "y", "e", "y")  # both end their turns: the zombies act
        await pilot.pause()
        assert screen.playing
        assert game.summary()["round"] == 2  # the game is already there; only the screen steps
        await pilot.press("m")  # a key skips to the end and does nothing else
        await pilot.pause()
        assert not screen.playing
        assert screen.view == game.view("players")
        assert "-- Zombie phase --" in log_text(app) and "-- Round 2 --" in log_text(app)
        monkeypatch.setattr("tui.screens.game.STEP_SECONDS", 0.02)
        await pilot.press("e", "y", "e", "y")
        await pilot.pause(0.6)  # left alone, it plays to the end
        assert not screen.playing and screen.view == game.view("players")


async def test_message_history_shows_every_line():
    app = ShambleApp(game=tutorial(), autosave=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await started(pilot)
        for _ in range(6):
            await pilot.press("x")
        await pilot.press("v")
        await pilot.pause()
        from tui.screens.dialogs import HistoryScreen

        assert isinstance(app.screen, HistoryScreen)
        assert len(app.screen.lines) >= 8  # more than the 4 the log panel shows
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, GameScreen)


async def test_a_save_that_cannot_be_written_is_reported_not_a_crash():
    app = ShambleApp()
    async with app.run_test(size=(80, 24)) as pilot:
        await new_game(pilot)
        screen = await started(pilot)
        app.session._failed = "No space left on device"  # as after a failed write
        await pilot.press("s", "ctrl+z", "ctrl+y")
        await pilot.pause()
        assert isinstance(app.screen, GameScreen)
        text = log_text(app)
        assert text.count("Problem: ") == 3 and "No space left on device" in text
        assert screen.view == screen.game.view("players")


async def test_a_game_opened_again_selects_the_survivor_selected_when_it_was_left(home):
    """Issue 28 (a browser tab reloaded is a new game process): Continue
    selects Okafor again, as he was when the game was left."""
    app = ShambleApp()
    async with app.run_test(size=(80, 24)) as pilot:
        await new_game(pilot)
        screen = await started(pilot)
        await pilot.press("s")  # Vega searches: a command, so there is a game to resume
        await pilot.pause()
        await pilot.press("tab")
        assert screen.selected == "okafor"
        await pilot.press("q", "y")
        await pilot.pause()
    app = ShambleApp()  # another process, as after a reload
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("c")
        screen = await started(pilot)
        assert screen.selected == "okafor"
        assert "Okafor in a" in screen.status_text().plain


@pytest.mark.parametrize("mode", ["station", "siege", "sniper", "outbreak"])
async def test_keys_read_together_act_in_the_order_typed(mode, monkeypatch):
    """Issue 28: keys that arrive in one read (typed fast, a paste, a slow
    link) act in the order they were typed. Enter and Tab were priority keys,
    run by the app at once while the key before them still waited for the
    board, so Enter acted on the cursor as it was before an arrow."""
    from textual import events

    seen: list[str] = []
    for name in ("cursor", "confirm", "next"):
        real = getattr(GameScreen, f"action_{name}")

        def spy(self, *args, _real=real, _name=name):
            seen.append(_name)
            return _real(self, *args)

        monkeypatch.setattr(GameScreen, f"action_{name}", spy)
    app = ShambleApp(game=Game.new(mode, seed=1), autosave=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await started(pilot)
        for key, char in (("right", None), ("enter", "\r"), ("left", None), ("tab", "\t")):
            app.post_message(events.Key(key, char))
        for _ in range(10):
            await pilot.pause()
    assert seen[:4] == ["cursor", "confirm", "cursor", "next"], seen


async def test_a_move_aimed_and_confirmed_in_one_read_goes_where_the_cursor_went():
    """Issue 28, as met in Siege at 80x24: m, Left and Enter typed fast told
    "13,3 (Drifter) is not a target" and moved nobody."""
    from textual import events

    app = ShambleApp(game=Game.new("siege", seed=1), autosave=False)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await started(pilot)
        start = screen.cursor
        for key, char in (("m", "m"), ("left", None), ("enter", "\r")):
            app.post_message(events.Key(key, char))
        for _ in range(10):
            await pilot.pause()
        assert "is not a target" not in log_text(app)
        drifter = screen.game.view()["humans"]["drifter"]
        assert tuple(drifter["at"]) == (start[0] - 1, start[1]), drifter


async def test_a_still_screen_sweeps_the_survivors_sight_for_the_zombie_phase_and_plays_nothing():
    # ST-5.3: the zombie phase asks which survivors' zones each zombie sees;
    # the sweeps it needs are made while the player reads (Play.idle_work)
    game = tutorial()
    board = game.world.board
    board._los.clear()  # the map is shared by every game of the mission: a cold one
    zones = {s.zone for s in game.state.survivors if s.alive}
    doors = game.state.open_doors()
    app = ShambleApp(game=game, autosave=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await started(pilot)
        for _ in range(200):
            if all(board._visible_known(z, doors) is not None for z in zones):
                break
            await pilot.pause(0.05)
        assert all(board._visible_known(z, doors) is not None for z in zones)
        assert not game.commands and game.state == tutorial().state
