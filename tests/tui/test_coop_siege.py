"""Siege shared on screen: two players, each in a game screen of their own
(two apps here, the second connecting as another account), a real host
started with `shamble host`. Each is offered only their own human, hears
the other's moves with who made them, and waits while the other's human
holds the floor."""

from __future__ import annotations

import asyncio
import contextlib
import os
import socket

from hosting import client as coop_client
from tests.coop.conftest import BOB, PLAYERS_GID
from tests.tui.test_coop_screen import joined, log_text, status, until
from tui.app import ShambleApp


@contextlib.contextmanager
def connecting_as(uid: int, monkeypatch):
    """Clients opened here connect as the account `uid` (the host knows a
    player by the socket's peer credentials, taken at connect)."""

    async def open_as(self, name: str) -> None:
        sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        os.setegid(PLAYERS_GID)
        os.seteuid(uid)
        try:
            sock.connect(str(self.path))
        finally:
            os.seteuid(0)
            os.setegid(0)
        self.reader, self.writer = await asyncio.open_unix_connection(
            sock=sock, limit=coop_client.p.MAX_MESSAGE
        )

    with monkeypatch.context() as m:
        m.setattr(coop_client.SocketTransport, "open", open_as)
        yield


async def end_turn(pilot, screen, human: str) -> None:
    screen.selected = human
    index = screen.client.status.index
    await pilot.press("e")
    if screen.prompt is not None:
        await pilot.press("y")
    await until(pilot, lambda: screen.client.status.index > index, f"{human}'s end")


async def two_screens(name: str, monkeypatch, play) -> None:
    """Two players' screens on the shared game `name`, at 80x24: this account's
    and BOB's; `await play(p1, one, p2, two)` plays on them."""
    mine, theirs = ShambleApp(autosave=False), ShambleApp(autosave=False)
    async with mine.run_test(size=(80, 24)) as p1:
        one = await joined(p1, name)
        with connecting_as(BOB, monkeypatch):
            async with theirs.run_test(size=(80, 24)) as p2:
                two = await joined(p2, name)
                await play(p1, one, p2, two)
                await two.client.close()
        await one.client.close()


async def test_two_siege_players_each_play_only_their_own_human(place, monkeypatch):
    name = place.host(
        "--mode", "siege", "--mission", "house", "--survivors", "drifter,cop", "--seed", "3"
    )
    await two_screens(name, monkeypatch, run_turns)


async def run_turns(p1, one, p2, two) -> None:
    a, b = one.client, two.client
    assert (a.my_seats, b.my_seats) == (["drifter"], ["cop"])
    assert f"You joined {a.name} as root: Drifter.\n" in log_text(p1.app)
    assert "Drifter (root), your turn (round 1)." in log_text(p1.app)
    # each is offered only their own human: the commands and Tab
    assert {c["human"] for c in one.legal} == {"drifter"}
    assert {c["human"] for c in two.legal} == {"cop"}
    for _ in range(3):
        await p1.press("tab")
        assert one.selected == "drifter"

    # the cop's player moves first; his human now holds the floor
    step = next(c for c in two.legal if c["type"] == "move")
    two.submit(step)
    await until(p1, lambda: a.status.index == 1, "the cop's step")
    await until(p1, lambda: "Cop moves to" in log_text(p1.app), "the step told")
    assert one.legal == [] and "Waiting for Cop (uid60002)" in status(p1.app)
    await p1.press("m")  # no move of his to offer: no cells light up
    assert one.targeting is None
    one.submit({"type": "end_turn", "human": "drifter"})  # not his turn: the host says so
    await until(p1, lambda: "Can't: Cop (uid60002) to act now" in log_text(p1.app), "no")
    one.submit({"type": "end_turn", "human": "cop"})  # never another's human
    await until(p1, lambda: "Can't: that is Cop (uid60002)'s to play" in log_text(p1.app), "no")
    assert a.status.index == 1

    await end_turn(p2, two, "cop")
    await until(p1, lambda: {c["human"] for c in one.legal} == {"drifter"}, "the floor")
    await end_turn(p1, one, "drifter")  # the last human: the dead's turn, then round 2
    for pilot, screen in ((p1, one), (p2, two)):
        await until(pilot, lambda s=screen: s.client.view["round"] == 2, "round 2")
    told = log_text(p2.app)
    assert "Drifter ends the turn." in told and "The zombies' turn: " in told
    assert "Cop (uid60002), your turn (round 2)." in told
    # the last human to end round 1 is greeted in round 2 too (his turn came
    # straight back: the AI dead moved inside his end of turn)
    await until(p1, lambda: "Drifter (root), your turn (round 2)." in log_text(p1.app), "hi")
    assert a.game.journal == b.game.journal  # both replicas hold the same log
    assert {c["human"] for c in one.legal} == {"drifter"}
    assert {c["human"] for c in two.legal} == {"cop"}


async def test_the_title_hosts_siege_with_its_own_rows(place):
    from textual.widgets import Select

    from tui.screens.coop_game import SharedGameScreen

    app = ShambleApp(autosave=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("h")
        dialog = app.screen
        assert "siege" in dialog.mode_ids
        dialog.query_one("#mode", Select).value = "siege"
        await until(pilot, lambda: dialog.query("#humans"), "the humans' row")
        assert dialog.query_one("#humans").selected == ["drifter", "cop"]
        zombies = dialog.query_one("#opt-zombies")
        await until(pilot, lambda: zombies.value == "ai", "the zombies' row")
        zombies.value = "human"  # a person plays the dead: a seat of its own
        await pilot.pause()
        await pilot.click("#start")
        note = dialog.query_one("#newgame-error")
        await until(pilot, lambda: isinstance(app.screen, SharedGameScreen), "hosted", 40, note)
        screen = app.screen
        place.hosts.add(place.host_pid(screen.client.name))
        client = screen.client
        assert (client.mode, client.mission) == ("siege", "house")
        assert [s.label for s in client.lobby.seats] == ["Drifter", "Cop", "Zombies"]
        assert client.my_seats == ["drifter"]
        await until(
            pilot, lambda: {c["human"] for c in screen.legal} == {"drifter"}, "drifter's commands"
        )
        await client.close()
