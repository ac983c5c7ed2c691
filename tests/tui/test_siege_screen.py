"""Siege on the game screen, key by key (pilot tests at 80x24): a move by a
path to the cursor with its cost, an attack showing range and line, a
search, the re-roll decision, the zombie turn told (and stepped with
--playback), and a zombie player in hot-seat. Small maps written here, with
scripted dice and a stacked search deck, so every roll is known."""

from __future__ import annotations

import textwrap

import pytest

from engine import Game
from tui.app import ShambleApp
from tui.screens.dialogs import ChoiceDialog
from tui.screens.game import GameScreen
from tui.widgets.board import Board
from tui.widgets.panels import MORE, Detail, MessageLog


def mission(tmp_path, board: str, humans=("cop", "drifter"), extra: str = "") -> str:
    text = f'''[mission]
id = "yard"
mode = "siege"
name = "The Yard"
humans = [{", ".join(f'"{h}"' for h in humans)}]
turn_limit = 15
win = "spots"
map = """
{textwrap.dedent(board).strip()}
"""
{extra}
[decks]
search = ["axe", "planks", "pistol"]
'''
    path = tmp_path / "yard.toml"
    path.write_text(text)
    return str(path)


def siege(tmp_path, board: str, dice=(), **options) -> Game:
    humans = options.pop("humans", ("cop", "drifter"))
    path = mission(tmp_path, board, humans)
    return Game.new("siege", mission=path, seed=1, dice=list(dice), **options)


def board_text(app) -> list[str]:
    board = app.screen.query_one(Board)
    return [board.render_line(y).text for y in range(board.size.height)]


def map_row(app, y: int) -> str:
    """Row y of the map as drawn (the board centres the map in its viewport)."""
    board = app.screen.query_one(Board)
    return board.render_line(y - board.cam_y).text[-board.cam_x :][: len(board.scene.rows[y])]


def log(app) -> list[str]:
    return app.screen.query_one(MessageLog).lines


def status(screen: GameScreen) -> str:
    return str(screen.status_text())


async def started(pilot) -> GameScreen:
    await pilot.pause()
    screen = pilot.app.screen
    assert isinstance(screen, GameScreen), screen
    return screen


async def cursor_to(pilot, screen: GameScreen, cell: tuple[int, int]) -> None:
    """Arrow keys from where the cursor is to cell."""
    x, y = screen.cursor
    keys = ["right" if cell[0] > x else "left"] * abs(cell[0] - x)
    keys += ["down" if cell[1] > y else "up"] * abs(cell[1] - y)
    if keys:
        await pilot.press(*keys)
    assert screen.cursor == cell


async def test_move_by_a_path_to_the_cursor_with_its_cost_shown(tmp_path):
    game = siege(
        tmp_path,
        """
        ########
        #1.=..X#
        #.###..#
        #2.....#
        ########
        """,
    )
    app = ShambleApp(game=game, autosave=False, ascii_only=True)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await started(pilot)
        assert screen.selected == "cop" and screen.cursor == (1, 1)
        await cursor_to(pilot, screen, (4, 3))
        await pilot.press("m")  # 5 cells away (the wall between): out of reach
        assert log(app)[-1].startswith("4,3 is out of Cop's reach this turn (4 actions)")
        assert screen.targeting.kind == "move" and screen.cursor == (1, 1), "back on the Cop"
        await cursor_to(pilot, screen, (4, 3))
        assert status(screen).startswith("Move: 4,3 (floor) is not a target")
        await cursor_to(pilot, screen, (3, 1))
        assert "to 3,1, 2 cells, 4 actions (0 left)" in status(screen)  # floor 1 + window 3
        await cursor_to(pilot, screen, (2, 3))
        hint = status(screen)
        assert "to 2,3, 3 cells, 3 actions (1 left)" in hint, hint
        rows = [map_row(app, y) for y in range(5)]
        assert rows[2][1] == "o" and rows[3][1] == "2" and rows[3][2] == "o"  # the path, Drifter
        await pilot.press("enter")
        await pilot.pause()
        assert game.summary()["humans"]["cop"]["at"] == [2, 3]
        assert game.summary()["humans"]["cop"]["actions_left"] == 1
        assert "Cop moves to 2,3 (3 actions)." in log(app)
        assert screen.targeting is None


async def test_a_cell_out_of_reach_says_so_and_the_window_costs_three(tmp_path):
    game = siege(
        tmp_path,
        """
        ########
        #1.=..X#
        #......#
        #2.....#
        ########
        """,
    )
    app = ShambleApp(game=game, autosave=False, ascii_only=True)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await started(pilot)
        await cursor_to(pilot, screen, (6, 3))
        await pilot.press("enter")  # Enter on a floor cell beyond reach: look, and why
        await pilot.pause()
        assert log(app)[-1].startswith("6,3 is out of Cop's reach this turn (4 actions)")
        await cursor_to(pilot, screen, (3, 1))
        await pilot.press("enter")  # Enter on a cell in reach: the path first...
        assert screen.targeting is not None and "4 actions (0 left)" in status(screen)
        await pilot.press("escape")  # ...Esc changes nothing
        assert screen.targeting is None and not game.commands


MAZE = """
##########
#...#Z..X#
#1..#....#
#2...Z...#
##########
"""


async def test_attack_shows_range_and_line_and_fires(tmp_path):
    game = siege(tmp_path, MAZE, dice=[6])
    app = ShambleApp(game=game, autosave=False, ascii_only=True)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await started(pilot)
        await pilot.press("a")
        t = screen.targeting
        # z1 is in range (5) but behind the wall; z2 is in range and in line
        assert t.kind == "attack" and set(t.options) == {(5, 3)}
        assert screen.cursor == (5, 3)
        assert "z2, 5 away: Pistol, kills 5-6 (33%)" in status(screen)
        assert (2, 2) in t.marks and (6, 2) not in t.marks  # range 5 counted in steps
        assert (5, 1) not in t.marks  # no line through the wall
        assert map_row(app, 2)[2:4] == "::"  # cells in range and line are marked
        await cursor_to(pilot, screen, (5, 1))
        assert "5,1 (z1: no clear line) is not a target" in status(screen)
        await cursor_to(pilot, screen, (5, 3))
        await pilot.press("enter")
        await pilot.pause()
        assert "Cop fires the Pistol at 5,3: 6, a head hit." in log(app)
        assert "z2 is destroyed at 5,3." in log(app)
        panel = str(screen.query_one("#round").render())
        assert "Dice: Cop, Pistol\n  6: a head hit" in panel, panel
        assert "z2" not in game.summary()["zombies"]


async def test_no_zombie_in_reach_gives_the_engines_reason(tmp_path):
    game = siege(tmp_path, MAZE.replace("#2...Z...#", "#2.......#"))
    app = ShambleApp(game=game, autosave=False)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await started(pilot)
        await pilot.press("tab")  # Drifter: only a nail board
        assert screen.selected == "drifter"
        await pilot.press("a")
        assert screen.targeting is None
        assert log(app)[-1] == "Drifter can't attack: 5,1 is not next to Drifter."
        assert not game.commands


async def test_search_finds_the_top_card(tmp_path):
    game = siege(
        tmp_path,
        """
        #######
        #1X..X#
        #2....#
        #######
        """,
    )
    app = ShambleApp(game=game, autosave=False)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await started(pilot)
        await pilot.press("s")
        await pilot.pause()
        assert "Cop searches 2,1 and finds an Axe." in log(app)
        items = str(screen.query_one("#items").render())
        assert "Axe" in items and "large" in items
        assert screen.query_one("#items").border_title == "Cop: load 3/4"
        assert map_row(app, 1)[2] == "x"  # searched
        assert "Spots left 1" in str(screen.query_one("#round").render())
        await pilot.press("s")  # again: the engine says why not
        await pilot.pause()
        assert log(app)[-1] == "Cop can't search: Cop has searched there already."


async def test_the_reroll_decision_is_a_dialog(tmp_path):
    game = siege(tmp_path, MAZE, dice=[3, 6])
    app = ShambleApp(game=game, autosave=False)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await started(pilot)
        await pilot.press("a", "enter")
        await pilot.pause()
        dialog = app.screen
        assert isinstance(dialog, ChoiceDialog)
        title = str(dialog.query_one("#question").render())
        assert title == "Cop rolled 3 with the Pistol: a body hit. Roll again?"
        assert [label for _, label in dialog.options] == [
            "Re-roll: all the dice again (once a turn)",
            "Keep the 3",
        ]
        await pilot.press("escape")  # not now: nothing changes, Enter asks again
        await pilot.pause()
        assert isinstance(app.screen, GameScreen) and game.summary()["pending"]
        assert "A decision is waiting" in status(screen)
        await pilot.press("m")  # any other command is refused with the engine's word
        await pilot.pause()
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, ChoiceDialog)
        await pilot.press("enter")  # re-roll
        await pilot.pause()
        assert "Cop fires the Pistol at 5,3 (re-roll): 6, a head hit." in log(app)
        assert game.summary()["pending"] is None and "z2" not in game.summary()["zombies"]


YARD = """
S.......S
.#######.
.#1..X.#.
.#2....#.
.###+###.
Z........
"""


async def test_the_zombie_turn_is_told(tmp_path):
    # spawn rolls for the two spawn cells: a 6 brings z2 in, a 2 does not
    game = siege(tmp_path, YARD, dice=[6, 2])
    app = ShambleApp(game=game, autosave=False)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await started(pilot)
        await pilot.press("e", "y")  # Cop ends with 4 actions left: asked first
        await pilot.pause()
        await pilot.press("e", "y")
        await pilot.pause()
        lines = log(app)
        told = lines[lines.index("The zombies' turn: 1 zombie shambles closer.") :]
        assert told == [
            "The zombies' turn: 1 zombie shambles closer.",
            "z1 shambles to 1,5.",  # each zombie's own step: in the whole log (v) only
            "z2 comes in at 0,0 (spawn rolls 6 2). Round 2 begins.",
        ], told
        assert isinstance(told[1], Detail) and not isinstance(told[0], Detail)
        assert screen.view["round"] == 2 and screen.selected == "cop"
        assert "Round 2/15, humans' phase" in str(screen.query_one("#round").render())


async def test_the_zombie_turn_plays_back_a_step_at_a_time(tmp_path, monkeypatch):
    monkeypatch.setattr("tui.screens.game.STEP_SECONDS", 5.0)
    game = siege(tmp_path, YARD, dice=[6, 2])
    app = ShambleApp(game=game, autosave=False, playback=True)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await started(pilot)
        await pilot.press("e", "y")
        await pilot.pause()
        await pilot.press("e", "y")
        await pilot.pause()
        assert screen.playing and "The zombies act" in status(screen)
        assert screen.view["zombies"] == {"z1": [0, 5]}  # the board waits a step behind
        await pilot.press("x")  # any key skips to the end
        await pilot.pause()
        assert not screen.playing and screen.view == game.view("humans")
        assert log(app)[-1] == "z2 comes in at 0,0 (spawn rolls 6 2). Round 2 begins."


async def test_r_shows_where_each_zombie_steps_next_and_what_it_can_bite(tmp_path):
    """Issue 25: r draws the zombie AI's plan on the board (an arrow where a
    zombie steps, ! where one can bite, a battered door as a target) and says
    it in the log; r again hides it."""
    board = YARD.replace(".#2....#.", ".#2....#Z")
    game = siege(tmp_path, board)
    app = ShambleApp(game=game, autosave=False, ascii_only=True)
    async with app.run_test(size=(80, 24)) as pilot:
        await started(pilot)
        before = [map_row(app, y) for y in range(6)]
        await pilot.press("r")
        await pilot.pause()
        assert map_row(app, 5)[1] == ">", "z2 steps right, toward the door"
        assert map_row(app, 4)[0] == "!" and map_row(app, 2)[8] == "!"
        assert map_row(app, 3)[8] == "Z" and map_row(app, 4)[8] == "v", "z1 steps down"
        assert log(app)[-1] == (
            "Next, if the dead acted now: 2 zombies step closer (r hides the arrows)."
        )
        await pilot.press("r")
        await pilot.pause()
        assert [map_row(app, y) for y in range(6)] == before


SLIP = """
#####
#1..#
#Z..#
#...#
#X..#
#####
"""


async def test_m_starts_on_the_human_and_slash_switches_to_the_slip_past_a_zombie(tmp_path):
    """Issue 25: m leaves the cursor on the selected human (the arrows step
    out from there); where a cheaper way slips past a zombie, the status line
    says so and / switches to it (and back)."""
    game = siege(tmp_path, SLIP, dice=[1], humans=["cop"])
    app = ShambleApp(game=game, autosave=False)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await started(pilot)
        await pilot.press("m")
        assert screen.cursor == (1, 1) and screen.targeting.kind == "move"
        assert "cells in reach: the arrows pick one" in status(screen)
        await cursor_to(pilot, screen, (1, 3))
        assert "to 1,3, 4 cells, 4 actions (0 left); / past z1: 2" in status(screen)
        await pilot.press("slash")
        await pilot.pause()
        assert screen.cursor == (1, 3)
        text = status(screen)
        assert "to 1,3, 2 actions; slips past z1" in text, text
        assert "/ round: 4" in text
        await pilot.press("enter")
        await pilot.pause()
        assert game.commands[-1].path == ((1, 2), (1, 3))
        assert game.summary()["humans"]["cop"]["at"] == [1, 3]


async def test_a_carrier_sets_the_carried_down_where_they_choose_after_the_last_step(tmp_path):
    """Issue 25: the carrier's last action leaves their turn open; e asks where
    the carried human is set down."""
    board = """
    #######
    #12...#
    #....X#
    #######
    """
    path = mission(tmp_path, board, ("cop", "drifter"), "[humans.drifter]\nlives = 1\n")
    game = Game.new("siege", mission=path, seed=1)
    app = ShambleApp(game=game, autosave=False)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await started(pilot)
        screen.act({"type": "carry", "human": "cop", "target": "drifter"})
        await pilot.pause()
        screen.act({"type": "move", "human": "cop", "path": [[2, 1], [3, 1], [4, 1]]})
        await pilot.pause()
        cop = game.summary()["humans"]["cop"]
        assert cop["actions_left"] == 0 and cop["carrying"] == "drifter" and not cop["done"]
        assert screen.selected == "cop"
        await pilot.press("e")
        await pilot.pause()
        dialog = app.screen
        assert isinstance(dialog, ChoiceDialog), dialog
        labels = [label for _, label in dialog.options]
        assert labels[1:] == ["3,1", "2,1", "1,1"], labels
        for _ in range(labels.index("1,1")):
            await pilot.press("down")
        await pilot.press("enter")
        await pilot.pause()
        assert game.summary()["humans"]["drifter"]["at"] == [1, 1]
        assert game.summary()["humans"]["cop"]["done"]


HORDE = """
S..........S
.##########.
.#1Z.....X#.
.#Z.......#.
.####'#####.
ZZZZZ.ZZZZZZ
"""


async def test_a_bite_in_a_long_zombie_turn_is_on_screen_before_the_next_key(tmp_path):
    """Issue 25: thirteen zombies, two bite the Cop; the log tells the
    turn in a line per kind of thing and a line per bite with the lives
    left, stops at --more-- when that overflows, and the key that pages on
    is not acted on: both bites are read before the player's next command."""
    game = siege(tmp_path, HORDE, dice=[6, 6, 1, 1], humans=["cop"])
    app = ShambleApp(game=game, autosave=False)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await started(pilot)
        await pilot.press("e", "y")
        await pilot.pause()
        shown = str(screen.query_one(MessageLog).render())
        assert MORE in shown, shown
        assert "The zombies' turn: 5 zombies shamble closer." in shown  # 6 wait their turn
        assert "z1 bites Cop (rolled 6): 2 lives left." in shown
        commands = len(game.commands)
        await pilot.press("e")  # any key pages on; it does not end a turn
        await pilot.pause()
        shown = str(screen.query_one(MessageLog).render())
        assert "z2 bites Cop (rolled 6): 1 life left." in shown, shown
        assert len(game.commands) == commands and MORE not in shown


async def test_a_zombie_player_takes_the_zombies_turn(tmp_path):
    game = siege(tmp_path, YARD.replace("Z........", "....Z...."), dice=[5, 1, 1], zombies="human")
    app = ShambleApp(game=game, autosave=False)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await started(pilot)
        assert log(app)[-1] == "Humans' player, your turn (round 1)."
        await pilot.press("e", "y")
        await pilot.pause()
        await pilot.press("e", "y")
        await pilot.pause()
        assert game.summary()["phase"] == "zombies"
        assert log(app)[-1].startswith("Zombie player, your turn: Tab picks a zombie")
        assert screen.selected == "z1" and screen.cursor == (4, 5)
        assert status(screen).startswith("Zombies' turn, z1 at 4,5 (1 to act): m move")
        await pilot.press("a")  # nobody next to z1
        assert log(app)[-1] == "z1 can't bite anyone now."
        await pilot.press("w", "enter")  # the closed door above it: a 5 does not break it
        await pilot.pause()
        assert "z1 batters 4,4 (rolled 5)." in log(app)
        # every zombie has acted: the turn ends, the spawns roll, the humans go on
        assert game.summary()["phase"] == "humans" and game.summary()["round"] == 2
        assert log(app)[-1] == "Humans' player, your turn (round 2)."


async def test_the_zombie_player_moves_and_hands_a_zombie_to_the_ai(tmp_path):
    board = YARD.replace("Z........", "....Z...Z")
    game = siege(tmp_path, board, dice=[1, 1], zombies="human")
    app = ShambleApp(game=game, autosave=False)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await started(pilot)
        for _ in range(2):
            await pilot.press("e", "y")
            await pilot.pause()
        await pilot.press("m")
        assert set(screen.targeting.options) == {(3, 5), (5, 5)}
        await cursor_to(pilot, screen, (5, 5))
        await pilot.press("enter")
        await pilot.pause()
        assert game.summary()["zombies"]["z1"] == [5, 5]
        assert screen.selected == "z2"  # the next zombie still to act
        assert map_row(app, 5)[5] == "z"  # z1 has acted: drawn small
        await pilot.press("z")  # the AI acts for z2
        await pilot.pause()
        assert game.summary()["round"] == 2
        assert any(line.startswith("z2 shambles to") for line in log(app))


async def test_panels_show_lives_actions_items_and_load(tmp_path):
    board = """
    ######
    #1..X#
    #2...#
    ######
    """
    extra = '[humans.cop]\nlives = 1\nitems = ["ak47", "planks"]\n'
    path = mission(tmp_path, board, ("cop", "drifter"), extra)
    game = Game.new("siege", mission=path, seed=1)
    app = ShambleApp(game=game, autosave=False, ascii_only=True)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await started(pilot)
        humans = str(screen.query_one("#humans").render()).splitlines()
        # the cop carries 5 units (pistol 1, AK-47 2, planks 2): one action less
        assert humans[0].startswith(">1 Cop       o-- 3 act   5/4u"), humans
        assert humans[1].startswith(" 2 Drifter   ooo 4 act   2/4u"), humans
        items = str(screen.query_one("#items").render()).splitlines()
        assert items == [
            "Pistol        small r5",
            "AK-47         large r8 x3",
            "Planks        large barricade",
        ]
        assert screen.query_one("#items").border_title == "Cop: load 5/4, -1 act"
        assert status(screen).startswith("Cop at 1,1, 3 actions:")


@pytest.mark.parametrize("mission", ["house", "rescue", "night", "street", "farm", "chapel"])
async def test_the_log_opens_on_the_briefings_first_line_at_80x24(mission):
    """Issue 25: the first lines on screen are the mission's name and the
    start of its briefing, not the middle of a sentence (the keys line goes
    to the whole log: the footer shows the keys)."""
    game = Game.new("siege", mission=mission, seed=1)
    app = ShambleApp(game=game, autosave=False)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await started(pilot)
        rows = str(screen.query_one(MessageLog).render()).splitlines()
        shown = "\n".join(row[1:] for row in rows)  # the first column marks the newest row
        name = game.world.mission.info.name
        assert shown.startswith(f"{name}: "), shown
