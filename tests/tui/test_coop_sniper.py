"""Sniper shared on screen: the sniper and a human commander, each in a game
screen of their own drawn from their side's view alone (two apps here, the
second connecting as another account), a real host started with `shamble
host`. The commander's screen never shows where the unseen sniper is."""

from __future__ import annotations

from tests.tui.test_coop_screen import log_text, status, until
from tests.tui.test_coop_siege import two_screens
from tui.app import ShambleApp
from tui.widgets.board import Board


def board_text(app) -> str:
    board = app.screen.query_one(Board)
    return "\n".join(strip.text for strip in board.render_lines(board.region.reset_offset))


async def test_the_sniper_and_the_commander_each_see_only_their_side(place, monkeypatch):
    name = place.host("--mode", "sniper", "--commander", "human", "--seed", "4")
    await two_screens(name, monkeypatch, play_a_turn)


async def play_a_turn(p1, sniper, p2, commander) -> None:
    a, b = sniper.client, commander.client
    assert (a.my_seats, b.my_seats) == (["sniper"], ["commander"])
    assert a.game is None and b.game is None  # views only, no log
    assert sniper.view["viewer"] == "sniper" and commander.view["viewer"] == "commander"
    assert "sniper" not in commander.view and commander.view["sniper_at"] is None
    assert {c["type"] for c in sniper.legal} >= {"move", "end_turn"}
    assert commander.legal == []
    assert "Waiting for Sniper (root)" in status(p2.app)
    assert "Sniper (root), your turn" in log_text(p1.app)

    # a key out of turn: said, nothing sent
    index = b.status.index
    await p2.press("e")
    await p2.pause(0.2)
    assert b.status.index == index

    # the sniper steps; the commander hears nothing of where
    step = next(c for c in sniper.legal if c["type"] == "move")
    cell = step["path"][-1]
    sniper.submit(step)
    await until(p2, lambda: b.status.index == index + 1, "the step")
    await until(p1, lambda: "You move 1 step" in log_text(p1.app), "the step told")
    told = log_text(p2.app)
    assert "Sniper (root) made a move." in told
    assert f"{cell[0]},{cell[1]}" not in told and "You move" not in told
    assert commander.view["sniper_at"] is None

    # he ends his turn: now the commander's orders are offered, and only them
    await p1.press("e")
    if sniper.prompt is not None:
        await p1.press("y")
    await until(p2, lambda: commander.legal, "the commander's turn")
    assert {c["type"] for c in commander.legal} <= {"order", "event", "end_turn"}
    assert sniper.legal == [] and "Waiting for Commander (uid60002)" in status(p1.app)
    told = log_text(p2.app)
    assert "Sniper ends the turn.\nYour turn, commander.\nYou draw an event card: " in told
    assert "Commander (uid60002), your turn" in told
    board = board_text(p2.app)
    assert board.count("@") == 0  # no sniper drawn where his units do not see him

    await p2.press("e")
    if commander.prompt is not None:
        await p2.press("y")
    await until(p1, lambda: a.view["turn"] == 2, "turn 2")
    assert "Commander ends the turn.\nTurn 2 begins" in log_text(p1.app)
    assert "You joined" in log_text(p1.app) and ": Sniper.\n" in log_text(p1.app)
    assert {c["type"] for c in sniper.legal} >= {"move", "end_turn"}


async def test_the_title_hosts_sniper_with_a_human_commander(place):
    from textual.widgets import Select

    from tui.screens.coop_game import SharedGameScreen

    app = ShambleApp(autosave=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("h")
        dialog = app.screen
        assert "sniper" in dialog.mode_ids
        dialog.query_one("#mode", Select).value = "sniper"
        await until(pilot, lambda: dialog.query("#opt-commander"), "the commander's row")
        commander = dialog.query_one("#opt-commander")
        await until(pilot, lambda: commander.value == "ai", "the commander's row")
        dialog.query_one("#start").focus()
        await pilot.press("enter")  # against the AI there is one seat: refused, with why
        assert "one seat" in str(dialog.query_one("#newgame-error").render())
        commander.value = "human"
        # a button ignores a press while it still shows the last one (-active)
        start = dialog.query_one("#start")
        await until(pilot, lambda: not start.has_class("-active"), "the press effect to end")
        await pilot.click("#start")
        note = dialog.query_one("#newgame-error")
        await until(pilot, lambda: isinstance(app.screen, SharedGameScreen), "hosted", 40, note)
        screen = app.screen
        place.hosts.add(place.host_pid(screen.client.name))
        client = screen.client
        assert client.mode == "sniper" and client.replica == "view"
        assert [s.label for s in client.lobby.seats] == ["Sniper", "Commander"]
        assert client.my_seats == ["sniper"] and client.view["viewer"] == "sniper"
        await client.close()
