"""Outbreak shared on the game screen: two people, each with a screen of
their own (two apps here, each joined as another account), against a bot
the host plays. Each sees only their own hand (OB-10, K-7), hears the
other's moves and the bot's as they come, and a key pressed out of turn
says whose turn it is and sends nothing."""

from __future__ import annotations

import asyncio
import socket
import subprocess
import sys
import time
from contextlib import contextmanager
from pathlib import Path

from outbreak_keyplay import confirm_if_asked, fields_ready, settle, shown
from rich.console import Console

from engine import Game
from engine.outbreak.bot import choose
from hosting import client as client_module
from hosting import protocol as p
from tests.coop.conftest import BOB, PLAYERS_GID, CoopPlace
from tests.pilot_wait import until
from tui.app import ShambleApp
from tui.modes.outbreak.play import OutbreakPlay
from tui.modes.outbreak.words import Narrator, Seats, card_name, tile_name
from tui.screens.coop_game import SharedGameScreen, cannot_show, join_shared
from tui.screens.coop_menu import HostGameScreen
from tui.screens.coop_view import ViewGame
from tui.screens.dialogs import ChoiceDialog
from tui.widgets.panels import MessageLog

CONNECT_AS = """
import os, socket, sys
uid, gid, path, fd = int(sys.argv[1]), int(sys.argv[2]), sys.argv[3], int(sys.argv[4])
os.setgroups([gid]); os.setgid(gid); os.setuid(uid)
conn = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
conn.connect(path)
socket.send_fds(socket.socket(fileno=fd), [b"s"], [conn.fileno()])
"""


def connected_as(uid: int, path: Path) -> socket.socket:
    """A connection to the host's socket made by a process of account uid:
    the host knows it by its peer credentials as that account's."""
    ours, theirs = socket.socketpair()
    with ours, theirs:
        done = subprocess.run(
            [sys.executable, "-c", CONNECT_AS, str(uid), str(PLAYERS_GID), str(path),
             str(theirs.fileno())],
            pass_fds=[theirs.fileno()],
            capture_output=True,
            text=True,
            timeout=20,
        )  # fmt: skip
        assert done.returncode == 0, done.stderr
        _, fds, _, _ = socket.recv_fds(ours, 16, 1)
    return socket.socket(fileno=fds[0])


class PassedTransport(client_module.SocketTransport):
    """The socket transport over a connection made elsewhere."""

    def __init__(self, sock: socket.socket) -> None:
        super().__init__(Path(sock.getpeername() or "passed"))
        self.sock = sock

    async def open(self, name: str) -> None:
        self.reader, self.writer = await asyncio.open_unix_connection(
            sock=self.sock, limit=p.MAX_MESSAGE
        )


@contextmanager
def next_join_as(monkeypatch, place: CoopPlace, name: str, uid: int):
    """The next join from this process connects as account uid."""
    real = client_module.SocketTransport
    made = []

    def transport(path: Path):
        if made:
            return real(path)
        made.append(path)
        return PassedTransport(connected_as(uid, place.dir / f"{name}.sock"))

    monkeypatch.setattr(client_module, "SocketTransport", transport)
    try:
        yield
    finally:
        monkeypatch.setattr(client_module, "SocketTransport", real)


def log_of(screen) -> str:
    return "\n".join(screen.query_one(MessageLog).lines)


def hand_panel(screen) -> str:
    return str(screen.query_one("#hand").render())


async def joined(pilot, name: str) -> SharedGameScreen:
    assert await join_shared(pilot.app, name)
    await pilot.pause()
    screen = pilot.app.screen
    assert isinstance(screen, SharedGameScreen)
    await until(pilot, lambda: screen.is_mounted and screen.view, "the screen")
    return screen


async def short_turn(pilot, screen: SharedGameScreen) -> None:
    """The person at this screen plays a turn by keys: the tile (t, Enter
    lays it where the cursor puts it), no walk (e), no zombies, end (e,
    keeping every card); a fight is decided with Enter."""
    client = screen.client
    me = client.view_seat
    for _ in range(40):
        await settle(pilot)
        if client.view["to_act"] != me or client.status.outcome:
            return
        index = client.status.index
        if isinstance(pilot.app.screen, ChoiceDialog):
            await pilot.press("enter")  # a fight's choice, or which card to discard: the first
        else:
            phase = client.view["phase"]
            if client.view["pending"]:
                await pilot.press("enter")
            elif phase == "event":
                await pilot.press("t")
            elif phase == "tile":
                await pilot.press("enter")
            else:
                await pilot.press("e")
            await confirm_if_asked(pilot)
        await pilot.pause()
        if isinstance(pilot.app.screen, ChoiceDialog):
            continue
        await until(pilot, lambda index=index: client.status.index > index, "the host's answer")
    raise AssertionError("the turn never ended")


async def test_two_people_each_see_their_own_hand_and_each_others_moves(place, monkeypatch):
    name = place.host("--mode", "outbreak", "--seats", "human,human,bot", "--seed", "2")
    ann_app, bob_app = ShambleApp(autosave=False), ShambleApp(autosave=False)
    async with ann_app.run_test(size=(80, 24)) as ann:
        ann_screen = await joined(ann, name)
        with next_join_as(monkeypatch, place, name, BOB):
            async with bob_app.run_test(size=(80, 24)) as bob:
                bob_screen = await joined(bob, name)
                await shared_game(place, name, ann, ann_screen, bob, bob_screen)
                await bob_screen.client.close()
    await ann_screen.client.close()


async def shared_game(place, name, ann, ann_screen, bob, bob_screen) -> None:
    a, b = ann_screen.client, bob_screen.client
    assert isinstance(ann_screen.game, ViewGame) and a.game is None
    assert a.my_seats == ["p1"] and b.my_seats == ["p2"]
    assert [s.label for s in a.lobby.seats] == ["Player 1", "Player 2", "Bot 3"]
    assert f"You joined {name} as root: Player 1." in log_of(ann_screen)
    assert "uid60002 sat down at Player 2." in log_of(ann_screen)
    assert "Player 1 (root), your turn." in log_of(ann_screen)
    table = str(ann_screen.query_one("#table").render())
    assert ">Player 1 root (you)" in table and "Player 2 uid60002" in table and "Bot 3 bot" in table

    # each hand shows only to its own player (OB-10): the other's is not even sent
    ann_hand, bob_hand = a.view["seats"]["p1"]["hand"], b.view["seats"]["p2"]["hand"]
    assert len(ann_hand) == len(bob_hand) == 3
    assert a.view["seats"]["p2"]["hand"] is None and b.view["seats"]["p1"]["hand"] is None
    assert all(card_name(c) in hand_panel(ann_screen) for c in ann_hand)
    assert all(card_name(c) in hand_panel(bob_screen) for c in bob_hand)
    for other in {card_name(c) for c in bob_hand} - {card_name(c) for c in ann_hand}:
        assert other not in shown(ann.app)
    assert "Player 1's cards" in ann_screen.query_one("#hand").border_title
    assert "Player 2's cards" in bob_screen.query_one("#hand").border_title

    # a key out of turn: said, and nothing goes to the host
    before = b.status.index
    for key in ("t", "e", "m", "enter"):
        await bob.press(key)
    await bob.pause(0.2)
    assert "Wait: Player 1 is playing." in log_of(bob_screen)
    assert b.status.index == before and not bob_screen._in_flight
    assert str(bob_screen.query_one("#status").render()).startswith("Waiting for Player 1 (root)")

    # Player 1 plays a turn by keys; Player 2 hears each move, with who made it
    await short_turn(ann, ann_screen)
    await until(bob, lambda: b.view["to_act"] == "p2", "Player 2's turn")
    await settle(bob)
    told = log_of(bob_screen)
    assert "\nPlayer 1 lays the " in told  # the line names the player: no prefix
    assert "\n-- Player 2's turn (round 1) --" in told
    assert "Player 2 (uid60002), your turn." in told
    assert "Can't" not in log_of(ann_screen) + told

    # Player 2 plays; then the host's bot plays Bot 3, told on both screens
    await short_turn(bob, bob_screen)
    await until(ann, lambda: a.view["to_act"] == "p1" or a.status.outcome, "the bot's turn")
    await settle(ann)
    await settle(bob)
    for screen in (ann_screen, bob_screen):
        text = log_of(screen)
        assert "-- Bot 3's turn (round 1) --" in text
        assert "\nBot 3 lays the " in text
        assert "-- Player 1's turn (round 2) --" in text
    assert "\nPlayer 2 lays the " in log_of(ann_screen)
    assert "Bot 3 acts." not in log_of(ann_screen)  # each of its lines names it

    # draws: each reads their own cards by name, the others' as "a card"
    for screen, mine in ((ann_screen, "Player 1"), (bob_screen, "Player 2")):
        text = log_of(screen)
        assert f"{mine} draws a card" not in text and f"{mine} draws 2 cards" not in text
    assert a.view["round"] == 2 and a.view["seats"]["p2"]["hand"] is None


async def test_title_host_offers_outbreak_with_two_people_seated(place):
    from textual.widgets import Select

    app = ShambleApp(autosave=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("h")
        dialog = app.screen
        assert isinstance(dialog, HostGameScreen)
        hint = str(dialog.query_one("#newgame-hint").render())
        assert "Host is at the bottom" in hint and "Start" not in hint  # its button's word
        assert "outbreak" in dialog.mode_ids
        dialog.query_one("#mode", Select).value = "outbreak"
        second = lambda: dialog.query_one("#seat-kind-2", Select).value == "human"  # noqa: E731
        await fields_ready(pilot, dialog, second)  # a shared game seats two people
        assert dialog.query_one("#seat-kind-1", Select).value == "human"
        assert dialog.query_one("#seat-kind-2", Select).value == "human"  # two people to share
        dialog.query_one("#seat-kind-2", Select).value = "bot"
        await pilot.pause()
        dialog.start()
        assert "one seat" in str(dialog.query_one("#newgame-error").render())
        dialog.query_one("#seat-count", Select).value = 3
        dialog.query_one("#seat-kind-3", Select).value = "human"
        await pilot.pause()
        dialog.start()
        note = dialog.query_one("#newgame-error")
        await until(pilot, lambda: isinstance(app.screen, SharedGameScreen), "hosted", 40, note)
        screen = app.screen
        place.hosts.add(place.host_pid(screen.client.name))
        client = screen.client
        assert client.mode == "outbreak" and client.my_seats == ["p1"]
        assert [(s.label, s.status) for s in client.lobby.seats] == [
            ("Player 1", "here"),
            ("Bot 2", "bot"),
            ("Player 3", "open"),
        ]
        await until(pilot, lambda: "Outbreak: first onto the Helipad" in log_of(screen), "intro")
        await client.close()


def test_only_modes_that_draw_from_a_view_are_shown_between_opponents():
    assert cannot_show("outbreak", False, "g") is None
    assert cannot_show("station", True, "g") is None
    why = cannot_show("station", False, "g")  # station's adapter needs the log
    assert why is not None and "shamble join g --bot" in why


async def test_undo_is_the_movers_own_and_the_others_are_told(place, monkeypatch):
    name = place.host("--mode", "outbreak", "--seats", "human,human", "--seed", "5")
    ann_app, bob_app = ShambleApp(autosave=False), ShambleApp(autosave=False)
    async with ann_app.run_test(size=(80, 24)) as ann:
        ann_screen = await joined(ann, name)
        a = ann_screen.client
        with next_join_as(monkeypatch, place, name, BOB):
            async with bob_app.run_test(size=(80, 24)) as bob:
                bob_screen = await joined(bob, name)
                b = bob_screen.client
                await ann.press("t")
                await until(ann, lambda: a.view["phase"] == "tile", "the drawn tile")
                await until(bob, lambda: b.status.index == 1, "Player 2 hears it")
                await bob.press("ctrl+z")
                assert "No undo: only Player 1 (root) may undo the last move" in log_of(bob_screen)
                assert b.status.index == 1
                await ann.press("ctrl+z")
                await until(ann, lambda: a.view["phase"] == "event", "the undo")
                await until(bob, lambda: b.view["phase"] == "event", "Player 2 hears it")
                assert log_of(ann_screen).endswith("Undone.")
                assert "Player 1 (root) took back their move." in log_of(bob_screen)
                assert a.view["drawn_tile"] is None and a.status.redo_seat == "p1"
                await bob.press("ctrl+y")
                assert "No redo: only Player 1 (root) may redo that move" in log_of(bob_screen)
                await ann.press("ctrl+y")
                await until(bob, lambda: b.view["phase"] == "tile", "the redo")
                text = log_of(bob_screen)
                assert "Player 1 (root) made their move again." in text
                assert text.endswith("Player 1 draws the " + tile_name(b.view["drawn_tile"]) + ".")
                await b.close()
    await a.close()


class Onlooker:
    """What a view replica gives the adapter: one seat's view, whoever asks."""

    def __init__(self, view: dict, here: list[str]) -> None:
        self._view = view
        self.players_here = here
        self.setup = None

    def view(self, viewer: str = "") -> dict:
        return self._view


def test_the_adapter_draws_a_finished_game_from_a_view_alone():
    game = Game.new("outbreak", seed=1, seats="bot,ann:human")
    while game.outcome is None:
        command = game.bot_command() or choose(game.view(game.summary()["to_act"]))
        game.submit(command)
    view = game.view("ann")
    play = OutbreakPlay(Onlooker(view, ["ann"]))
    over = play.game_over()
    assert over.headline == "BOT 1 WINS" and not over.won
    console = Console(width=80, record=True)
    console.print(over.table)
    rows = console.export_text()
    assert "Ann" in rows and "undos" not in rows  # the host keeps the count, not the view


def test_own_draws_are_named_at_ones_own_terminal_and_others_are_a_card():
    seats = Seats(["ann", "bob"], {"ann": "human", "bob": "human"})
    mine = [{"type": "event_drawn", "seat": "ann", "card": "fire_axe"}]
    theirs = [{"type": "event_drawn", "seat": "bob", "card": None}] * 2
    at_a_terminal = Narrator(seats, lambda pos: None, here=["ann"])
    assert at_a_terminal.lines(mine) == [f"You draw {card_name('fire_axe')}."]
    assert at_a_terminal.lines(theirs) == ["Bob draws 2 cards."]
    at_one_keyboard = Narrator(seats, lambda pos: None)  # two people: no draw is named
    assert at_one_keyboard.lines(mine) == ["Ann draws a card."]


async def test_a_shared_game_played_to_the_end_shows_the_table_from_the_view(place):
    from tui.screens.gameover import GameOverScreen

    name = place.host("--mode", "outbreak", "--seats", "human,bot", "--seed", "1")
    app = ShambleApp(autosave=False)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await joined(pilot, name)
        client = screen.client
        await pilot.press("L")
        await pilot.press("b")  # the bot plays my seat too: to the end at once
        await until(pilot, lambda: client.seat_info("p1").status == "bot", "the bot")
        await pilot.press("escape")
        end = time.monotonic() + 60
        while not isinstance(app.screen, GameOverScreen):
            assert time.monotonic() < end, "the game never ended"
            if screen.playing:
                await pilot.press("x")  # any key skips a bot's turn being told
            await pilot.pause(0.05)
        text = shown(app)
        assert "WINS" in text and "Player 1" in text and "Bot 2" in text
        assert "rounds" in text and "undos" not in text
        assert client.status.outcome == "won"
        await pilot.press("escape")
        assert app.screen is screen and "has won" in str(screen.query_one("#status").render())
        await client.close()


def test_the_table_calls_each_seat_what_the_game_screen_does():
    from engine.outbreak.table import label
    from tui.modes.outbreak.words import seat_name

    for sid, kind in [
        ("p1", "human"),
        ("p3", "bot"),
        ("ann", "human"),
        ("p12", "bot"),
        ("px", "bot"),
    ]:
        assert label(sid, kind) == seat_name(sid, kind)


async def test_a_walk_goes_to_the_host_a_step_at_a_time_and_what_is_left_is_dropped(place):
    name = place.host("--mode", "outbreak", "--seats", "human,bot", "--seed", "3")
    app = ShambleApp(autosave=False)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await joined(pilot, name)
        client = screen.client
        await pilot.press("t")
        await until(pilot, lambda: client.view["phase"] == "tile", "the tile")
        await pilot.press("enter")
        await until(pilot, lambda: client.view["phase"] == "move", "the movement")
        await pilot.pause()
        came = screen.play.reachable(screen)
        here = screen.play.figure(client.view)

        def steps(cell):
            n = 0
            while cell != here:
                cell, n = came[cell], n + 1
            return n

        far = max(came, key=steps)
        assert steps(far) >= 2, came
        index = client.status.index
        screen.cursor = far
        await pilot.press("enter")
        await until(pilot, lambda: client.status.index == index + steps(far), "the walk")
        view = client.view
        assert screen.play.figure(view) == far or view["pending"], view
        assert "Can't" not in log_of(screen)
        ended = False
        if view["pending"]:  # the walk ended in a fight: Enter chooses
            index = client.status.index
            screen.submit(view["legal"][0])
            await until(pilot, lambda: client.status.index == index + 1, "the fight")
            await settle(pilot)
        if client.view["phase"] == "move":
            index = client.status.index
            screen.submit({"type": "end_move"})
            screen.submit({"type": "move", "to": list(next(iter(came)))})  # nothing left to walk
            await until(pilot, lambda: client.view["phase"] != "move", "the end of the walk")
            await pilot.pause(0.3)
            assert client.status.index == index + 1 and not screen._in_flight
            ended = True
            assert "Can't" not in log_of(screen)
        assert ended, client.view
        await client.close()
