"""The gear editor: several moves between hands, backpack, floor and other
survivors, confirmed once as one manage command (one action)."""

from __future__ import annotations

from textual.widgets import OptionList

from engine import Game
from tui.app import ShambleApp
from tui.modes.station.gear import GearEditor, command_for, places_of
from tui.screens.dialogs import ChoiceDialog
from tui.screens.game import GameScreen


def tutorial() -> Game:
    return Game.new("station", mission="tutorial", seed=1, survivors=["vega", "okafor"])


async def open_editor(pilot) -> GearEditor:
    await pilot.pause()
    assert isinstance(pilot.app.screen, GameScreen)
    await pilot.press("i")
    await pilot.pause()
    assert isinstance(pilot.app.screen, ChoiceDialog)
    await pilot.press("enter")  # the editor is the first choice
    await pilot.pause()
    assert isinstance(pilot.app.screen, GearEditor)
    return pilot.app.screen


async def go_to(pilot, editor: GearEditor, option_id: str) -> None:
    menu = editor.query_one("#gear-list", OptionList)
    for _ in range(30):
        if menu.highlighted_option and menu.highlighted_option.id == option_id:
            return
        await pilot.press("down")
    raise AssertionError(f"{option_id} not reached")


def note(editor: GearEditor) -> str:
    return str(editor.query_one("#gear-note").render())


async def test_several_moves_and_a_trade_are_one_action():
    game = tutorial()
    app = ShambleApp(game=game, autosave=False)
    actions_before = game.summary()["survivors"]["vega"]["actions_left"]
    async with app.run_test(size=(80, 24)) as pilot:
        editor = await open_editor(pilot)
        await go_to(pilot, editor, "c|floor|0")  # the baton on the floor
        await pilot.press("enter")
        assert "Moving baton" in note(editor)
        await go_to(pilot, editor, "p|vega:hand")
        await pilot.press("enter")
        await go_to(pilot, editor, "c|okafor:hand|0")  # Okafor's pistol
        await pilot.press("b")  # straight into Vega's backpack
        await go_to(pilot, editor, "c|vega:hand|0")  # the wrench
        await pilot.press("d")  # dropped
        await pilot.press("c")
        await pilot.pause()
        assert isinstance(app.screen, GameScreen)
        assert len(game.commands) == 1
        vega = game.summary()["survivors"]["vega"]
        okafor = game.summary()["survivors"]["okafor"]
        assert vega["hand"] == ["baton"] and vega["backpack"] == ["pistol"]
        assert okafor["hand"] == [] and game.summary()["floor"]["a"] == ["wrench"]
        assert vega["actions_left"] == actions_before - 1  # one action for it all


async def test_escape_changes_nothing_and_puts_a_picked_card_back():
    game = tutorial()
    app = ShambleApp(game=game, autosave=False)
    async with app.run_test(size=(80, 24)) as pilot:
        editor = await open_editor(pilot)
        await go_to(pilot, editor, "c|floor|0")
        await pilot.press("h")  # baton to hand: the editor changes, the game does not
        assert editor.places[0].cards == ["wrench", "baton"]
        await go_to(pilot, editor, "c|vega:hand|0")
        await pilot.press("enter", "escape")  # first Escape: put the card back
        assert editor.carried is None and isinstance(app.screen, GearEditor)
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, GameScreen) and game.commands == []


async def test_refusals_are_explained_in_the_dialog():
    game = tutorial()
    app = ShambleApp(game=game, autosave=False)
    async with app.run_test(size=(80, 24)) as pilot:
        editor = await open_editor(pilot)
        await pilot.press("c")  # nothing changed: the engine's own reason
        await pilot.pause()
        assert isinstance(app.screen, GearEditor)
        assert "the one the survivors have" in note(editor)
        await go_to(pilot, editor, "c|floor|0")
        await pilot.press("h")
        await go_to(pilot, editor, "c|okafor:hand|0")
        await pilot.press("h")  # Vega's two hands are full
        assert "full" in note(editor) and editor.places[0].cards == ["wrench", "baton"]
        await go_to(pilot, editor, "c|okafor:hand|0")
        await pilot.press("enter")
        await go_to(pilot, editor, "c|vega:hand|1")  # swap pistol and baton
        await pilot.press("enter")
        assert editor.places[0].cards == ["wrench", "pistol"]
        assert "baton" in [c for p in editor.places if p.key == "okafor:hand" for c in p.cards]
        await pilot.press("r")
        assert editor.places[0].cards == ["wrench"]
        await pilot.press("escape")
        await pilot.pause()
        assert game.commands == []


async def test_the_quick_list_still_makes_single_changes():
    game = tutorial()
    app = ShambleApp(game=game, autosave=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("i")
        await pilot.pause()
        dialog = app.screen
        labels = [label for _, label in dialog.options]
        index = labels.index("Vega: baton: floor -> hand")
        menu = dialog.query_one(OptionList)
        while menu.highlighted != index:
            await pilot.press("down")
        await pilot.press("enter")
        await pilot.pause()
        assert game.summary()["survivors"]["vega"]["hand"] == ["wrench", "baton"]


def test_the_command_names_only_the_survivors_whose_cards_change():
    game = tutorial()
    view = game.view("players")
    start = places_of(view, "vega")
    assert [p.key for p in start] == [
        "vega:hand",
        "vega:backpack",
        "floor",
        "okafor:hand",
        "okafor:backpack",
    ]
    assert "others" not in command_for("vega", start, start)
    now = places_of(view, "vega")
    now[1].cards.append(now[3].cards.pop())
    cmd = command_for("vega", start, now)
    assert cmd["backpack"] == ["pistol"] and cmd["others"] == {
        "okafor": {"hand": [], "backpack": []}
    }
