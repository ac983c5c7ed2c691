"""Pilot tests of hot-seat play (ST-1.3): the survivors panel names each
survivor's player, and when control passes to another player's survivor
(Tab, acting with them, the next survivor after a turn ends, a new round)
the log and the status line say whose turn it is."""

from __future__ import annotations

from engine import Game
from tui.app import ShambleApp
from tui.modes.station.panels import SurvivorsPanel
from tui.screens.game import GameScreen
from tui.widgets.panels import MessageLog, StatusLine


def game(players: str | None = "vega:1,okafor:2", **kw) -> Game:
    options = {"players": players} if players else {}
    return Game.new("station", mission="tutorial", seed=2, **options, **kw)


def log_lines(app: ShambleApp) -> list[str]:
    return app.screen.query_one(MessageLog).lines


def handovers(app: ShambleApp) -> list[str]:
    return [line for line in log_lines(app) if "your turn" in line]


def status(app: ShambleApp) -> str:
    return str(app.screen.query_one(StatusLine).render())


def panel(app: ShambleApp) -> str:
    return str(app.screen.query_one(SurvivorsPanel).render())


async def started(pilot) -> GameScreen:
    await pilot.pause()
    assert isinstance(pilot.app.screen, GameScreen)
    return pilot.app.screen


async def test_the_panel_shows_each_survivors_player():
    app = ShambleApp(game=game("vega:2,okafor:1,lin:2", survivors=["vega", "okafor", "lin"]))
    async with app.run_test(size=(80, 24)) as pilot:
        await started(pilot)
        lines = panel(app).splitlines()
        assert "Vega" in lines[0] and "P2" in lines[0]
        assert "Okafor" in lines[1] and "P1" in lines[1]
        assert "Lin" in lines[2] and "P2" in lines[2]
        assert all(line.rstrip().endswith("xp") for line in lines)  # nothing cut off


async def test_the_first_player_is_told_at_the_start():
    app = ShambleApp(game=game(), autosave=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await started(pilot)
        assert handovers(app) == ["Player 1, your turn: Vega"]
        assert status(app).startswith("Player 1, your turn: Vega in ")


async def test_tab_to_another_players_survivor_hands_over():
    app = ShambleApp(game=game(), autosave=False)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await started(pilot)
        await pilot.press("tab")
        assert screen.selected == "okafor"
        assert log_lines(app)[-1] == "Player 2, your turn: Okafor"
        assert status(app).startswith("Player 2, your turn: Okafor in ")
        await pilot.press("tab")
        assert log_lines(app)[-1] == "Player 1, your turn: Vega"


async def test_after_acting_the_status_keeps_a_short_player_mark():
    app = ShambleApp(game=game(), autosave=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await started(pilot)
        await pilot.press("s")  # Vega searches the airlock
        await pilot.pause()
        assert status(app).startswith("P1 Vega in ")
        assert handovers(app) == ["Player 1, your turn: Vega"]


async def test_ending_a_turn_and_a_round_hand_over():
    app = ShambleApp(game=game(), autosave=False)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await started(pilot)
        await pilot.press("e")  # Vega has actions left: asked first
        await pilot.pause()
        assert screen.prompt is not None and "actions left?" in status(app)
        await pilot.press("y")
        await pilot.pause()
        assert screen.selected == "okafor"
        assert log_lines(app)[-1] == "Player 2, your turn: Okafor"
        await pilot.press("e", "y")  # Okafor too: the zombies act, a new round
        await pilot.pause()
        assert screen.view["round"] == 2 and screen.selected == "vega"
        assert handovers(app)[-1] == "Player 1, your turn: Vega"
        assert status(app).startswith("Player 1, your turn: Vega")


async def test_acting_with_another_players_survivor_hands_over():
    app = ShambleApp(game=game(), autosave=False)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await started(pilot)
        await pilot.press("s")  # Vega acts, so she is the active survivor
        await pilot.pause()
        await pilot.press("tab")
        assert log_lines(app)[-1] == "Player 2, your turn: Okafor"
        await pilot.press("s")  # acting with Okafor ends Vega's turn: asked first
        await pilot.pause()
        await pilot.press("y")
        await pilot.pause()
        assert screen.view["active"] == "okafor"
        assert handovers(app) == ["Player 1, your turn: Vega", "Player 2, your turn: Okafor"]


async def test_one_player_sees_no_handover_and_no_player_marks():
    app = ShambleApp(game=game(None), autosave=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await started(pilot)
        await pilot.press("tab", "tab", "e", "y")
        await pilot.pause()
        assert handovers(app) == []
        assert "P1" not in panel(app) and "Player" not in status(app)


async def test_one_player_owning_every_survivor_is_not_hot_seat():
    app = ShambleApp(game=game("vega:2,okafor:2"), autosave=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await started(pilot)
        await pilot.press("tab")
        assert handovers(app) == [] and "P2" not in panel(app)


async def test_a_wide_status_line_has_room_for_the_handover_and_every_hint():
    app = ShambleApp(game=game(), autosave=False)
    async with app.run_test(size=(120, 40)) as pilot:
        await started(pilot)
        line = status(app)
        assert line.startswith("Player 1, your turn: Vega in ") and line.endswith("e end")
