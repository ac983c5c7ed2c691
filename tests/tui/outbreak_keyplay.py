"""Play Outbreak through the keyboard in a pilot: given the command wanted,
press the keys a player would (the action key, the cursor or the target
cycling, r to turn a tile, Enter, a pick in a dialog, an answer to the
status line's question) and check the game
took exactly that command. Used by the outbreak pilot tests."""

from __future__ import annotations

import msgspec

from engine import Game
from tui.modes.outbreak.scene import centre
from tui.screens.dialogs import ChoiceDialog, ConfirmDialog, HandoverScreen
from tui.screens.game import GameScreen


def as_dict(command) -> dict:
    """A command as plain JSON data, empty fields left out."""
    data = msgspec.json.decode(msgspec.json.encode(command))
    return {k: v for k, v in data.items() if v is not None}


def game_screen(app) -> GameScreen:
    for screen in reversed(app.screen_stack):
        if isinstance(screen, GameScreen):
            return screen
    raise AssertionError(f"no game screen in {app.screen_stack}")


def shown(app) -> str:
    """Everything on the terminal now, as text."""
    return "\n".join(strip.text for strip in app.screen._compositor.render_strips())


async def pick(pilot, option_id: str | None = None, label: str | None = None) -> None:
    """Highlight a choice dialog's option (by id or label) and press Enter."""
    dialog = pilot.app.screen
    assert isinstance(dialog, ChoiceDialog), f"expected a choice, got {dialog}"
    ids = [oid for oid, _ in dialog.options]
    labels = [text for _, text in dialog.options]
    if option_id is not None:
        assert option_id in ids, f"{option_id!r} not offered in {dialog.options}"
        index = ids.index(option_id)
    else:
        assert label in labels, f"{label!r} not offered in {labels}"
        index = labels.index(label)
    menu = dialog.query_one("OptionList")
    while menu.highlighted != index:
        await pilot.press("down")
    await pilot.press("enter")
    await pilot.pause()


def card_key(screen: GameScreen, card: str | None) -> str:
    """The key that answers the end of the turn's question with `card` (its
    number in the hand panel), or Enter for none."""
    if card is None:
        return "enter"
    return str(screen.view["seats"][screen.view["viewer"]]["hand"].index(card) + 1)


async def cursor_to(pilot, screen: GameScreen, cell: tuple[int, int], tiles: bool) -> None:
    """Walk the cursor with the arrow keys (a tile at a time when tiles)."""
    step = 3 if tiles else 1
    for _ in range(80):
        x, y = screen.cursor
        if (x, y) == cell:
            return
        if x != cell[0]:
            await pilot.press("right" if cell[0] > x else "left")
        else:
            await pilot.press("down" if cell[1] > y else "up")
        assert abs(screen.cursor[0] - x) + abs(screen.cursor[1] - y) == step, "the cursor stuck"
    raise AssertionError(f"the cursor never reached {cell}")


async def cycle_to(pilot, screen: GameScreen, key: str, cell: tuple[int, int]) -> None:
    await pilot.press(key)
    for _ in range(40):
        if screen.cursor == cell:
            return
        await pilot.press(key)
    raise AssertionError(f"{key} never put the cursor on {cell}")


async def confirm_if_asked(pilot) -> None:
    """Say yes to a question, asked in a dialog or in the status line (a
    question its own keys answer, as the end of the turn's: Enter, keeping
    every card)."""
    await pilot.pause()
    prompt = getattr(game_screen(pilot.app), "prompt", None)
    if isinstance(pilot.app.screen, ConfirmDialog) or prompt is not None:
        await pilot.press("enter" if prompt is not None and prompt.names else "y")
        await pilot.pause()


async def settle(pilot) -> None:
    """Skip the bots' turns being told a step at a time (any key does)."""
    await pilot.pause()
    for screen in pilot.app.screen_stack:
        if isinstance(screen, GameScreen) and screen.playing:
            await pilot.press("x")
            await pilot.pause()


async def fields_ready(pilot, dialog, also=lambda: True) -> None:
    """Wait (a generous deadline, never a fixed sleep) until the dialog's
    Outbreak rows are mounted with their values: on a loaded machine one
    pause is not always enough for a dozen drop-downs."""
    import time

    from textual.widgets import Select

    end = time.monotonic() + 20
    while True:
        await pilot.pause()
        selects = dialog.query("#mode-fields Select, #match-seats Select").results(Select)
        values = [s.value for s in selects]
        counts = [s.value for s in selects if s.id == "seat-count"]
        rows = list(dialog.query(".seat-row"))
        shown = not counts or all(r.display == (i < counts[0]) for i, r in enumerate(rows))
        if values and all(v is not Select.NULL for v in values) and shown and also():
            return  # every row has its value, and only the seat count's rows show
        assert time.monotonic() < end, "the Outbreak rows never got their values"


ARROW = {(0, -1): "up", (0, 1): "down", (-1, 0): "left", (1, 0): "right"}


async def play_command(pilot, game: Game, want: dict) -> None:
    """Press the keys for one command; assert the game accepted exactly it."""
    await settle(pilot)
    want = as_dict(want)
    app = pilot.app
    screen = game_screen(app)
    play = screen.play
    before = len(game.commands)
    kind = want["type"]
    if kind == "choose":
        if not isinstance(app.screen, ChoiceDialog):
            await pilot.press("enter")  # reopen the pending decision
            await pilot.pause()
        await pick(pilot, label=play.label(want, screen.view))
    elif kind == "play_event":
        await pilot.press("p")
        await pilot.pause()
        await pick(pilot, option_id=want["card"])
        if "tile" in want:
            await cycle_to(pilot, screen, "p", centre(tuple(want["tile"])))
            await pilot.press("enter")
        elif "target" in want:
            await pick(pilot, option_id=want["target"])
            if "direction" in want:
                await pick(pilot, option_id=want["direction"])
    elif kind == "draw_tile":
        await pilot.press("t")
    elif kind == "place_tile":
        await cursor_to(pilot, screen, centre(tuple(want["at"])), tiles=True)
        for _ in range(4):
            if play.rotation == want["rotation"]:
                break
            await pilot.press("r")
        assert play.rotation == want["rotation"]
        await pilot.press("enter")
        await confirm_if_asked(pilot)
    elif kind == "move":
        await cycle_to(pilot, screen, "m", tuple(want["to"]))
        await pilot.press("enter")
    elif kind == "end_move":
        await pilot.press("e")
        await confirm_if_asked(pilot)
    elif kind == "move_zombie":
        await cycle_to(pilot, screen, "z", tuple(want["from"]))
        await pilot.press("enter")  # its ways, when it has more than one (OB-4 (6))
        await pilot.pause()
        if screen.targeting is not None and screen.targeting.kind == "zombie_way":
            (ax, ay), (bx, by) = want["from"], want["to"]
            await pilot.press(ARROW[(bx - ax, by - ay)])
            assert screen.cursor == tuple(want["to"])
            await pilot.press("enter")
    elif kind == "end_turn":
        await pilot.press("e")
        await pilot.pause()
        if screen.prompt is not None and screen.prompt.names:  # which card, if any
            await pilot.press(card_key(screen, want.get("discard")))
        await confirm_if_asked(pilot)
    else:
        raise AssertionError(f"no keys for {want}")
    await pilot.pause()
    made = [as_dict(c) for c in game.commands[before:]]
    assert made and made[0] == want, (want, made)


async def hand_over(pilot) -> bool:
    """Press Enter on the handover screen, if it is up; True if it was."""
    await settle(pilot)
    if isinstance(pilot.app.screen, HandoverScreen):
        await pilot.press("enter")
        await pilot.pause()
        return True
    return False


def mission_file(
    path,
    *,
    tiles: tuple = (("straight", (0, -1), 0),),
    zombies: tuple = ((1, -2),),
    tokens: tuple = ((1, -3, "bullet"),),
    tile_pile: tuple = ("corner", "crossing", "helipad"),
    event_pile: tuple = (),
    kills_to_win: int = 25,
):
    """A small mission written to path: Town Square, a straight road north
    with a zombie and a bullet on it, and stacked piles (top first)."""
    lines = ["[mission]", 'id = "yard"', 'mode = "outbreak"', 'name = "The yard"']
    lines.append(f"kills_to_win = {kills_to_win}")
    for tid, at, rotation in tiles:
        lines += ["[[tiles]]", f'tile = "{tid}"', f"at = {list(at)}", f"rotation = {rotation}"]
    for cell in zombies:
        lines += ["[[zombies]]", f"cell = {list(cell)}"]
    for x, y, kind in tokens:
        lines += ["[[tokens]]", f"cell = [{x}, {y}]", f'kind = "{kind}"']
    lines += ["[decks]", "tiles = [" + ", ".join(f'"{t}"' for t in tile_pile) + "]"]
    if event_pile:
        lines.append("events = [" + ", ".join(f'"{e}"' for e in event_pile) + "]")
    path.write_text("\n".join(lines) + "\n")
    return path
