"""The rest of a human's actions by key: doors (o), barricades (w), drop
(d) and pick up (g), use (i), give (p), carry (c) and where the carried
human is set down when the turn ends, a throw (t) at a cell in range and
line, and the list of every action (space). Then the game as saved
replays to the same end (`shamble replay --verify`)."""

from __future__ import annotations

import re
import textwrap

from engine import Game
from tui.app import ShambleApp
from tui.cli import main
from tui.screens.dialogs import ChoiceDialog
from tui.screens.game import GameScreen
from tui.widgets.board import Board
from tui.widgets.panels import MessageLog


def yard(tmp_path, board: str, humans: list[str], extra: str = "") -> str:
    path = tmp_path / "yard.toml"
    path.write_text(
        f'''[mission]
id = "yard"
mode = "siege"
name = "The Yard"
humans = {humans!r}
map = """
{textwrap.dedent(board).strip()}
"""
{textwrap.dedent(extra)}
[decks]
search = ["axe"]
'''.replace("'", '"')
    )
    return str(path)


def log(app) -> list[str]:
    return app.screen.query_one(MessageLog).lines


def map_row(app, y: int) -> str:
    board = app.screen.query_one(Board)
    return board.render_line(y - board.cam_y).text[-board.cam_x :][: len(board.scene.rows[y])]


async def started(pilot) -> GameScreen:
    await pilot.pause()
    assert isinstance(pilot.app.screen, GameScreen)
    return pilot.app.screen


async def choose(pilot, label: str) -> None:
    dialog = pilot.app.screen
    assert isinstance(dialog, ChoiceDialog), dialog
    labels = [text for _, text in dialog.options]
    assert label in labels, labels
    for _ in range(labels.index(label)):
        await pilot.press("down")
    await pilot.press("enter")
    await pilot.pause()


async def test_doors_barricades_drop_pick_up_and_use(tmp_path):
    path = yard(
        tmp_path,
        """
        #########
        #1.2#..X#
        #...+...#
        #########
        """,
        ["mechanic", "medic"],
        """
        [humans.mechanic]
        items = ["planks", "molotov"]
        [humans.medic]
        lives = 2
        """,
    )
    game = Game.new("siege", mission=path, seed=1, dice=[4])
    app = ShambleApp(game=game, autosave=False, ascii_only=True)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await started(pilot)
        await pilot.press("w")  # two free cells next to the Mechanic: aim at one
        assert set(screen.targeting.options) == {(2, 1), (1, 2)}
        screen.cursor = (1, 2)
        await pilot.press("enter")
        await pilot.pause()
        assert log(app)[-1] == "Mechanic barricades 1,2."
        assert map_row(app, 2)[1] == "B"
        await pilot.press("w")  # the planks are gone: only taking it down is left
        await pilot.pause()
        assert log(app)[-1] == "Mechanic takes down the barricade at 1,2."
        assert game.summary()["humans"]["mechanic"]["actions_left"] == 1
        await pilot.press("d")
        await pilot.pause()
        await choose(pilot, "Mechanic: drop Molotov (free)")
        assert log(app)[-1] == "Mechanic drops Molotov."
        assert map_row(app, 1)[1] == "1"  # the item lies under the Mechanic
        assert "floor: Molotov" in str(screen.query_one("#items").render())
        await pilot.press("g")
        await pilot.pause()
        assert log(app)[-2:] == ["Mechanic picks up Molotov.", "Mechanic ends the turn."]
        assert screen.selected == "medic"
        await pilot.press("o")  # the door beyond the wall is not next to her
        assert log(app)[-1] == "Medic can't open or close a door: 4,2 is not next to Medic."
        await pilot.press("down", "i")  # the kit on herself: one choice, done at once
        await pilot.pause()
        assert log(app)[-2:] == [
            "Medic uses the First aid kit: 4, it works.",
            "Medic gains a life.",
        ]
        assert game.summary()["humans"]["medic"]["lives"] == 3
        await pilot.press("m")
        screen.cursor = (3, 2)
        await pilot.press("enter", "o")  # now the door is next to her: it opens
        await pilot.pause()
        assert log(app)[-1] == "Medic opens the door at 4,2."
        assert map_row(app, 2)[4] == "'"
        await pilot.press("space")  # every action she has left, as a list
        await pilot.pause()
        await choose(pilot, "Medic: close the door at 4,2 (1 action)")
        assert map_row(app, 2)[4] == "+"


async def test_give_carry_set_down_throw_and_verify(tmp_path, home):
    path = yard(
        tmp_path,
        """
        ###########
        #1.......X#
        #2....Z...#
        ###########
        """,
        ["drifter", "cop"],
        """
        [humans.cop]
        lives = 1
        items = ["grenade"]
        """,
    )
    app = ShambleApp(ascii_only=True)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        game = Game.new("siege", mission=path, seed=1, dice=[5])
        app.open_game(game)
        screen = await started(pilot)
        await pilot.press("tab", "t")  # the wounded Cop throws the grenade at z1
        t = screen.targeting
        assert t.kind == "throw" and screen.cursor == (6, 2)  # the zombie's cell first
        assert (4, 1) in t.options  # any cell in range and line will do
        assert "Grenade at 6,2, 5 away: 1 zombie in the blast" in str(screen.status_text())
        await pilot.press("enter")
        await pilot.pause()
        assert "Cop throws the Grenade at 6,2: 5, it bursts." in log(app)
        assert "z1 is destroyed at 6,2." in log(app) and not game.summary()["zombies"]
        assert screen.paging, "the blast's lines overflow the log: --more--"
        await pilot.press("x")  # pages on, not acted on
        await pilot.pause()
        assert not screen.paging
        await pilot.press("p")  # the Cop gives the Pistol to Drifter
        await pilot.pause()
        assert log(app)[-1] == "Cop gives Pistol to Drifter."
        assert game.summary()["humans"]["drifter"]["items"] == ["nail_board", "pistol"]
        await pilot.press("tab", "c")  # Drifter lifts the wounded Cop: that ends her turn
        await pilot.pause()
        await pilot.press("y")
        await pilot.pause()
        assert log(app)[-1] == "Drifter lifts the wounded Cop."
        assert map_row(app, 2)[1] == "."  # off the board while carried
        assert re.search(r"carried \d/4u", str(screen.query_one("#humans").render()))
        await pilot.press("right", "right", "m", "enter")
        await pilot.pause()
        assert game.summary()["humans"]["drifter"]["at"] == [3, 1]
        await pilot.press("e", "y")  # 1 action left: asked; then where to set the Cop down
        await pilot.pause()
        dialog = app.screen
        assert isinstance(dialog, ChoiceDialog)
        assert [label for _, label in dialog.options] == [
            "The latest free cell Drifter stood on",
            "2,1",
            "1,1",
        ]
        await choose(pilot, "1,1")
        assert "Drifter sets Cop down at 1,1." in log(app)
        assert game.summary()["humans"]["cop"]["at"] == [1, 1]
        await pilot.press("q", "y")
        await pilot.pause()
    (save,) = (home / "saves").glob("*.shamble")
    assert main(["replay", str(save), "--verify"]) == 0
