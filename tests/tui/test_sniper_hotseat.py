"""A hot-seat commander: the handover screen hides the sniper between the
two people, the commander's board, panels and log are drawn from his view
only (the sniper only where he is spotted), each side keeps its own log, and
the sniper is told the commander's turn only as far as he saw it."""

from __future__ import annotations

from test_sniper_screen import cells, log, shown, started, status, yard

from engine.sniper.ai import commander_commands
from tui.app import ShambleApp
from tui.screens.dialogs import HandoverScreen

SNIPER_SECRETS = ("smoke", "suppressor", "binoculars", "steal the documents", "You move")


async def hand_over(pilot, to: str) -> None:
    await pilot.pause()
    assert isinstance(pilot.app.screen, HandoverScreen), pilot.app.screen
    assert f"{to}, your turn." in shown(pilot.app)
    await pilot.press("enter")
    await started(pilot)


def commander_sees(app, game) -> None:
    """The commander's screen holds his view and nothing of the sniper's."""
    view = game.view("commander")
    screen = app.screen
    assert screen.view == view
    board = cells(app)
    sniper = [c for c, (glyph, style) in board.items() if glyph == "@"]
    assert sniper == ([tuple(view["sniper_at"])] if view["sniper_at"] else [])
    units = {c for c, (glyph, style) in board.items() if style in ("enemy", "me")}
    assert units == {tuple(u["at"]) for u in view["units"].values() if u["alive"]}
    text = shown(app) + "\n".join(log(app))
    for secret in SNIPER_SECRETS:
        assert secret not in text, secret


async def test_the_handover_hides_an_unspotted_sniper_from_the_commander(tmp_path):
    game = yard(tmp_path, commander="human")
    app = ShambleApp(game=game, autosave=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await hand_over(pilot, "Sniper")
        assert cells(app)[(1, 1)][0] == "@" and "smoke" in shown(app)
        await pilot.press("m", "enter")  # one step, still in cover
        await pilot.press("e", "y")
        await pilot.pause()
        assert isinstance(app.screen, HandoverScreen)
        covered = shown(app)
        assert "@" not in covered and "####" not in covered and "smoke" not in covered
        # the whole note fits at 80 columns (it was cut off mid-word on one line)
        assert "Pass the keyboard to Commander:" in covered
        assert "the board stays hidden until then." in covered
        await hand_over(pilot, "Commander")
        commander_sees(app, game)
        assert game.view("commander")["sniper_at"] is None
        assert "Sniper: no trace yet" in str(app.screen.query_one("#sniper-panel").render())
        assert "secret" in str(app.screen.query_one("#objectives-panel").render())
        assert log(app)[-1] == "Commander, your turn (turn 1 of 12)."
        # greeted once at the start of his turn (the story said "Your turn" too)
        assert [line for line in log(app) if "your turn" in line.lower()] == [log(app)[-1]]


async def test_a_spotted_sniper_shows_where_his_units_see_him(tmp_path):
    game = yard(tmp_path, commander="human")
    app = ShambleApp(game=game, autosave=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await hand_over(pilot, "Sniper")
        await pilot.press("m", "right", "enter", "y")  # onto open ground: soldier 2 sees him
        await pilot.press("e", "y")
        await hand_over(pilot, "Commander")
        commander_sees(app, game)
        assert cells(app)[(3, 1)][0] == "@"
        assert "The sniper is spotted at 3,1 (Soldier 2)!" in log(app)
        assert "Sniper SEEN at 3,1" in str(app.screen.query_one("#sniper-panel").render())


async def test_the_commander_orders_by_keys_and_the_sniper_hears_only_what_he_saw(tmp_path):
    game = yard(tmp_path, commander="human")
    app = ShambleApp(game=game, autosave=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await hand_over(pilot, "Sniper")
        await pilot.press("e", "y")
        await hand_over(pilot, "Commander")
        screen = app.screen
        assert screen.selected == "s1" and "m order" in status(app) and "Tab unit" in status(app)
        await pilot.press("m")
        assert screen.targeting.kind == "order" and screen.cursor in screen.targeting.options
        await pilot.press("enter")  # soldier 1, behind the wall, to its first reachable cell
        await pilot.pause()
        assert [c["type"] for c in map(_dict, game.commands)][-1] == "order"
        assert screen.selected == "s2"
        await pilot.press("e")
        assert status(app).startswith("End your turn with 1 unit not ordered?")
        await pilot.press("y")
        await hand_over(pilot, "Sniper")
        commander_lines = {"You end your turn, commander.", "Your turn, commander."}
        assert not commander_lines & set(log(app))  # each side reads its own log
        assert "oldier 1" not in "\n".join(log(app))
        assert log(app)[-2:] == ["Turn 2 begins: 4 moves.", "Sniper, your turn (turn 2 of 12)."]


async def test_a_game_of_hot_seat_turns_keeps_each_side_to_its_view(tmp_path):
    """The commander's part is played by the AI's own choice of commands,
    each made from the commander's view: the screen keeps each side to its
    own view at every handover."""
    game = yard(tmp_path, commander="human")
    app = ShambleApp(game=game, autosave=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await hand_over(pilot, "Sniper")
        await pilot.press("m", "right", "enter", "y")
        for _ in range(3):
            await pilot.press("e", "y")
            await hand_over(pilot, "Commander")
            commander_sees(app, game)
            for command in commander_commands(game.view("commander"))[:-1]:
                app.screen.act(_dict(command))
                await pilot.pause()
                commander_sees(app, game)
            await pilot.press("e")
            if status(app).startswith("End your turn"):
                await pilot.press("y")
            if game.outcome:
                break
            await hand_over(pilot, "Sniper")
            assert "While the commander moved:" in log(app)
            assert not any(line.startswith("You draw") for line in log(app))
    assert game.outcome or game.view("sniper")["turn"] == 4


def _dict(command) -> dict:
    import msgspec

    return command if isinstance(command, dict) else msgspec.to_builtins(command)


def footer_text(app) -> str:
    from tui.widgets.footer import KeyFooter

    return " ".join(str(k.render()) for k in app.screen.query_one(KeyFooter).children)


async def test_each_side_reads_its_own_keys_in_the_footer(tmp_path):
    """Key rows for one side (Key.side): the footer offers the sniper m move,
    f fire, i item, c hide and the commander m order, p event; the other
    side's keys stay bound and say whose they are."""
    game = yard(tmp_path, commander="human")
    app = ShambleApp(game=game, autosave=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await hand_over(pilot, "Sniper")
        keys = footer_text(app)
        assert "move" in keys and "fire" in keys and "hide" in keys
        assert "order" not in keys and "event" not in keys
        await pilot.press("e", "y")
        await hand_over(pilot, "Commander")
        await pilot.pause()
        keys = footer_text(app)
        assert "order" in keys and "event" in keys
        assert "fire" not in keys and "hide" not in keys and "move" not in keys
        await pilot.press("f")  # the sniper's key: bound still, and says so
        assert "That is a sniper's key" in log(app)[-1]
        await pilot.press("m")  # the commander's m: orders the selected unit
        assert app.screen.targeting is not None and app.screen.targeting.kind == "order"
