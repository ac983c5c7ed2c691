"""Play a game through the keyboard in a pilot: given the command wanted,
press the keys a player would (select the survivor, the action key, cycle
the targets, Enter, pick from a dialog) and check the game took it."""

from __future__ import annotations

import msgspec

from engine import Game
from tui.app import ShambleApp
from tui.screens.dialogs import ChoiceDialog, ConfirmDialog
from tui.screens.game import GameScreen

ACTION_KEY = {
    "move": "m",
    "ranged": "f",
    "open_door": "o",
    "melee": "a",
    "search": "s",
    "take_objective": "g",
    "end_turn": "e",
    "manage": "i",
    "use": "p",
    "skill": "z",
}
TARGETED = {"move": "to", "ranged": "zone"}


def as_dict(command) -> dict:
    return command if isinstance(command, dict) else msgspec.to_builtins(command)


def game_screen(app: ShambleApp) -> GameScreen:
    for screen in reversed(app.screen_stack):
        if isinstance(screen, GameScreen):
            return screen
    raise AssertionError(f"no game screen in {app.screen_stack}")


async def pick_in_dialog(pilot, want: dict) -> None:
    """Highlight the dialog option whose command is `want`, press Enter."""
    app = pilot.app
    dialog = app.screen
    assert isinstance(dialog, ChoiceDialog), f"expected a choice, got {dialog}"
    screen = game_screen(app)
    labels = [label for _, label in dialog.options]
    wanted = screen.play.label(want, screen.view)
    assert wanted in labels, f"{wanted!r} not offered in {labels}"
    index = labels.index(wanted)
    menu = dialog.query_one("OptionList")
    while menu.highlighted != index:
        await pilot.press("down")
    await pilot.press("enter")
    await pilot.pause()


async def confirm_if_asked(pilot) -> None:
    """Say yes to a question, asked in the status line or in a dialog."""
    await pilot.pause()
    asked_inline = game_screen(pilot.app).prompt is not None
    if asked_inline or isinstance(pilot.app.screen, ConfirmDialog):
        await pilot.press("y")
        await pilot.pause()


async def play_command(pilot, game: Game, want: dict) -> None:
    """Press the keys for one command; assert the game accepted exactly it."""
    app = pilot.app
    screen = game_screen(app)
    before = len(game.commands)
    if want["type"] == "choose":
        if not isinstance(app.screen, ChoiceDialog):
            await pilot.press("enter")  # reopen the pending decision
        await pick_in_dialog(pilot, want)
    else:
        for _ in range(8):
            if screen.selected == want["survivor"]:
                break
            await pilot.press("tab")
        assert screen.selected == want["survivor"]
        kind = want["type"]
        key = ACTION_KEY[kind]
        await pilot.press(key)
        await pilot.pause()
        # one thing to do: the key did it; a choice: the targets are highlighted
        if (kind in TARGETED or kind == "open_door") and screen.targeting:
            goal = (
                want[TARGETED[kind]]
                if kind in TARGETED
                else screen.play.other_side(screen, want["door"])
            )
            for _ in range(40):
                if screen.cursor == goal:
                    break
                await pilot.press(key)
            assert screen.cursor == goal
            await pilot.press("enter")
            await pilot.pause()
        if isinstance(app.screen, ChoiceDialog):
            await pick_in_dialog(pilot, want)
        await confirm_if_asked(pilot)
    await pilot.pause()
    assert len(game.commands) == before + 1, f"keys for {want} did not submit it"
    assert as_dict(game.commands[-1]) == as_dict(game.parse_command(want))
