"""Watching a game another Shamble plays (issue 18): the shared game screen,
read-only, follows the save as it grows. Commands, undos and redos reach
the log in the mode's words; the keys only look; the save is never written
nor locked; a frame still being written waits, a save rewritten by rename
or shrunk is read again; a sniper's spectator sees what the sniper sees."""

from __future__ import annotations

import os
import subprocess
import sys
import time
from pathlib import Path

import msgspec
import pytest

from engine import Game
from engine.core import log as codec
from saves import AutoSave
from saves.follow import Follower
from tests.pilot_wait import until
from tui.app import ShambleApp, ViewerApp
from tui.screens.game import GameScreen
from tui.screens.load import LoadScreen
from tui.screens.replay import ReplayScreen
from tui.screens.title import TitleScreen
from tui.screens.watch import WatchScreen, watch_screen
from tui.widgets.panels import MessageLog

ROOT = Path(__file__).resolve().parents[2]


def tutorial(seed: int = 1, **options) -> Game:
    return Game.new("station", mission="tutorial", seed=seed, **options)


def saved(home: Path, game: Game, name: str = "tutorial-1") -> tuple[Path, AutoSave]:
    """The player's side: the game autosaved (and locked) as it is played."""
    path = home / "saves" / f"{name}.shamble"
    path.parent.mkdir(parents=True, exist_ok=True)
    return path, AutoSave.create(path, game, fsync=False)


def watching(path: Path, **settings) -> ViewerApp:
    return ViewerApp(lambda app: watch_screen(app, Follower(path)), autosave=False, **settings)


def log(app) -> list[str]:
    return app.screen.query_one(MessageLog).lines


def text(app) -> str:
    return "\n".join(strip.text for strip in app.screen._compositor.render_strips())


async def help_pages(pilot) -> str:
    """Every page of the help on screen, as a player paging down with space
    reads it, to its last page."""
    view = pilot.app.screen.query_one("#help")
    pages = []
    while True:
        await until(pilot, lambda: view.scroll_y == view.scroll_target_y)
        await pilot.pause()  # drawn where it scrolled to
        pages.append(text(pilot.app))
        if view.scroll_y >= view.max_scroll_y:
            return "\n".join(pages)
        was = view.scroll_y
        await pilot.press("space")
        await until(pilot, lambda was=was: view.scroll_y != was)


async def test_commands_undo_and_redo_of_the_player_reach_the_log_and_the_board(home):
    game = tutorial()
    path, session = saved(home, game)
    with session:
        async with watching(path).run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            screen = pilot.app.screen
            assert isinstance(screen, WatchScreen) and isinstance(screen, GameScreen)
            assert "Watching tutorial-1 live: round 1." in text(pilot.app)
            assert "V O \u2666 .a++z" in text(pilot.app)  # the door shut, the walker behind it
            game.submit({"type": "open_door", "survivor": "vega", "door": "a-b"})
            await until(pilot, lambda: "Vega opens door a-b." in log(pilot.app))
            assert screen.view == game.view("players")  # the board is drawn from it
            assert "V O z \u2666 ''" in text(pilot.app)  # the door open, the walker through it
            game.undo()  # issue 28: the same line the player reads
            await until(pilot, lambda: log(pilot.app)[-1] == "Undone: Vega opens door a-b.")
            assert screen.view == game.view("players")
            game.redo()
            await until(pilot, lambda: log(pilot.app)[-1] == "Redone: Vega opens door a-b.")
            assert screen.game.journal == game.journal and screen.view == game.view("players")


async def test_only_the_looking_keys_work_and_the_save_is_never_written_or_locked(home):
    game = tutorial()
    path, session = saved(home, game)
    session.close()  # nobody plays now: a lock taken by the watcher would show
    before = (path.read_bytes(), path.stat().st_mtime_ns)
    async with watching(path).run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = pilot.app.screen
        actions = {k.action for k in screen.key_table}
        assert {"look", "history", "help", "quit"} <= actions
        assert not actions & {"undo", "redo", "next"}
        assert all(
            a.startswith("cursor(")
            or a in {"confirm", "cancel"}
            or a in {"look", "history", "help", "quit"}
            for a in actions
        )
        footer = text(pilot.app).split("\n")[-1]
        assert "x look" in footer and "q leave" in footer and "undo" not in footer
        cursor = screen.cursor
        await pilot.press("l")  # the cursor moves ...
        assert screen.cursor != cursor
        await pilot.press("x")  # ... and looks
        assert log(pilot.app)[-1].startswith("Zone ")
        for key in ("o", "m", "s", "e", "ctrl+z", "ctrl+y", "tab", "enter", "escape"):
            await pilot.press(key)
        await pilot.pause()
        assert screen.game.journal == [] and isinstance(pilot.app.screen, WatchScreen)
        again = AutoSave.resume(path)  # the watcher holds no lock on it
        again.close()
        await pilot.press("question_mark")
        await pilot.pause()
        shown = await help_pages(pilot)  # help covers part of the screen: read it all
        assert "stop watching" in shown and "undo the last" not in shown
        await pilot.press("escape", "q")
        await pilot.pause()
        assert isinstance(pilot.app.screen, TitleScreen)
    assert (path.read_bytes(), path.stat().st_mtime_ns) == before


async def test_a_frame_still_being_written_waits_until_it_is_whole(home):
    game = tutorial()
    path, session = saved(home, game)
    session.close()
    played = tutorial()
    played.submit({"type": "open_door", "survivor": "vega", "door": "a-b"})
    frame = codec.encode_frame(played.journal[-1])
    async with watching(path).run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = pilot.app.screen
        with open(path, "ab") as f:
            f.write(frame[:5])  # the player's write has not finished
        await pilot.pause(0.2)
        screen.follow()
        assert screen.game.journal == [] and not screen.problem
        with open(path, "ab") as f:
            f.write(frame[5:])
        await until(pilot, lambda: "Vega opens door a-b." in log(pilot.app))
        assert screen.game.journal == played.journal


async def test_a_save_rewritten_by_rename_or_shrunk_is_read_again(home):
    game = tutorial()
    path, session = saved(home, game)
    for door in ("a-b", "a-c"):
        game.submit({"type": "open_door", "survivor": "vega", "door": door})
    session.close()
    async with watching(path).run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = pilot.app.screen
        assert len(screen.game.commands) == 2
        shorter = tutorial()
        shorter.submit({"type": "open_door", "survivor": "vega", "door": "a-b"})
        with open(path, "r+b") as f:  # the last frame rolled back: the file shrinks
            f.truncate(path.stat().st_size - len(codec.encode_frame(game.journal[-1])))
        await until(pilot, lambda: len(screen.game.commands) == 1)
        assert "The save was read again: the save shrank" in " ".join(log(pilot.app))
        assert screen.view == shorter.view("players")
        longer = tutorial()
        for door in ("a-c", "a-b"):
            longer.submit({"type": "open_door", "survivor": "vega", "door": door})
        tmp = path.with_name("rewrite.tmp")
        tmp.write_bytes(longer.to_bytes())
        os.replace(tmp, path)  # a rewrite renames a new file over the save
        await until(pilot, lambda: screen.view == longer.view("players"))
        assert "replaced by a rewritten one" in " ".join(log(pilot.app))
        assert log(pilot.app)[-1] == "Resumed in round 1."
        path.write_bytes(b"not a save at all")  # damage: said once, the game stays shown
        await until(pilot, lambda: screen.problem != "")
        await pilot.pause(0.2)
        assert sum(line.startswith("Problem:") for line in log(pilot.app)) == 1
        assert screen.view == longer.view("players")
        assert "the save cannot be read now" in text(pilot.app)


async def test_another_game_renamed_over_the_save_gets_a_screen_of_its_own(home):
    path, session = saved(home, tutorial(seed=1))
    session.close()
    async with watching(path).run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        first = pilot.app.screen
        other = tutorial(seed=2)
        tmp = path.with_name("x.tmp")
        tmp.write_bytes(other.to_bytes())
        os.replace(tmp, path)
        await until(pilot, lambda: pilot.app.screen is not first)
        assert isinstance(pilot.app.screen, WatchScreen)
        assert pilot.app.screen.game.setup.seed == 2
        assert first.follower is None  # handed over, not closed under the new screen
        assert not pilot.app.screen.follower.closed


async def test_a_second_process_playing_is_followed(home):
    """A real `shamble script --save` in another process, one command at a time."""
    path = home / "saves" / "piped.shamble"
    proc = subprocess.Popen(
        [sys.executable, "-m", "tui.cli", "script", "--mission", "tutorial", "--seed", "1"]
        + ["--save", str(path), "--no-fsync", "-"],
        stdin=subprocess.PIPE,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
        cwd=ROOT,
        env={**os.environ, "SHAMBLE_HOME": str(home)},
    )
    try:
        end = time.monotonic() + 20
        while not (path.exists() and path.stat().st_size):
            assert time.monotonic() < end and proc.poll() is None
            time.sleep(0.02)
        async with watching(path).run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            for command, line in (
                ({"type": "open_door", "survivor": "vega", "door": "a-b"}, "Vega opens door a-b."),
                ({"type": "open_door", "survivor": "okafor", "door": "a-c"}, "Okafor opens"),
            ):
                proc.stdin.write(msgspec.json.encode(command) + b"\n")
                proc.stdin.flush()
                await until(
                    pilot, lambda line=line: any(x.startswith(line) for x in log(pilot.app)), 15
                )
        proc.stdin.close()
        assert proc.wait(20) == 0, proc.stderr.read()
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()


SNIPER_YARD = """\
[mission]
id = "watch_yard"
name = "Watch Yard"
mode = "sniper"
turns = 12
map = '''
####################
#S%.....#..........#
#%%.....#.......s..#
#.......#..........#
#......s.........D.E
####################
'''

[sniper]
health = 5
ammo = 3
equipment = ["smoke"]
draw_equipment = 0
objectives = 1

[decks]
objectives = ["steal_documents"]
equipment = []
shots = ["hit", "miss", "headshot"]
events = []
"""


async def test_a_sniper_spectator_sees_what_the_sniper_sees_on_the_commanders_turn(home, tmp_path):
    """K-7: a hot-seat game at the commander's turn is drawn from the
    sniper's view: units he does not see are not on the board."""
    mission = tmp_path / "watch_yard.toml"
    mission.write_text(SNIPER_YARD)
    game = Game.new("sniper", mission=mission, seed=4, commander="human")
    path, session = saved(home, game)
    with session:
        async with watching(path).run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            screen = pilot.app.screen
            game.submit({"type": "end_turn"})
            await until(pilot, lambda: screen.game.journal == game.journal)
            assert game.view("commander")["active"] == "commander"
            assert screen.view == game.view("sniper")
            hidden = set(game.view("commander")["units"]) - set(game.view("sniper")["units"])
            assert hidden  # the one behind the wall, at least
            rows = screen.play.scene(screen).rows
            for uid in hidden:
                x, y = game.view("commander")["units"][uid]["at"]
                assert not rows[y][x][1].startswith("enemy"), uid
            order = next(c for c in game.legal_commands() if "unit" in msgspec.to_builtins(c))
            game.submit(order)
            await until(pilot, lambda: screen.game.journal == game.journal)
            assert screen.view == game.view("sniper")
            for uid in hidden - set(game.view("sniper")["units"]):
                assert uid not in " ".join(log(pilot.app))


async def test_load_offers_watch_and_replay_of_the_highlighted_save(home):
    game = tutorial()
    path, session = saved(home, game, "tutorial-1")
    with session:
        game.submit({"type": "open_door", "survivor": "vega", "door": "a-b"})
        async with ShambleApp().run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            await pilot.press("l")
            await pilot.pause()
            assert isinstance(pilot.app.screen, LoadScreen)
            assert "w watches, r replays" in text(pilot.app)
            await pilot.press("enter")  # the player holds it: opening it is refused
            await pilot.pause()
            assert "Another Shamble is playing this save: w watches it" in text(pilot.app)
            await pilot.press("w")
            await pilot.pause()
            assert isinstance(pilot.app.screen, WatchScreen)
            assert "Vega opens door a-b." in log(pilot.app)
            await pilot.press("q", "l")
            await pilot.pause()
            await pilot.press("r")
            await pilot.pause()
            assert isinstance(pilot.app.screen, ReplayScreen)
            assert pilot.app.screen.history.last == 1


async def test_watch_of_what_is_not_a_save_says_why(home):
    bad = home / "saves" / "junk.shamble"
    bad.parent.mkdir(parents=True)
    bad.write_bytes(b"junk")
    app = ShambleApp(autosave=False)
    notices = []
    app.notify = lambda message, **kw: notices.append(message)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("l")
        await pilot.pause()
        await pilot.press("w")
        await pilot.pause()
        assert isinstance(pilot.app.screen, LoadScreen)  # stays, saying why
        await pilot.press("r")
        await pilot.pause()
        assert isinstance(pilot.app.screen, LoadScreen)
    assert len(notices) == 2 and all("junk.shamble" in n for n in notices)


def test_the_command_line_watch_refuses_a_missing_save(home, capsys):
    from tui.cli import main

    assert main(["watch", str(home / "nothing.shamble")]) == 2
    assert "no such save" in capsys.readouterr().err


async def test_the_command_line_watch_finds_a_save_by_name(home, monkeypatch):
    import tui.cli as cli

    path, session = saved(home, tutorial(), "tutorial-1")
    session.close()
    opened = {}
    monkeypatch.setattr(
        cli, "_run_viewer", lambda args, first: opened.setdefault("first", first) and 0
    )
    assert cli.main(["watch", "tutorial-1", "--ascii"]) == 0
    async with ViewerApp(opened["first"], autosave=False).run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert isinstance(pilot.app.screen, WatchScreen)
        assert pilot.app.screen.follower.path == path


@pytest.mark.parametrize("keys", [[], ["x", "v"], ["escape", "question_mark"]])
async def test_ascii_watch_screens_send_only_ascii(home, keys):
    game = tutorial()
    path, session = saved(home, game)
    session.close()
    async with watching(path, ascii_only=True).run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        for key in keys:
            await pilot.press(key)
            await pilot.pause()
        odd = {ch for ch in text(pilot.app) if ord(ch) > 126}
        assert not odd, odd


async def test_a_watchers_keys_read_together_act_in_the_order_typed(home):
    """Issue 28 in the watch screen: keys that arrive in one read (typed
    fast, a paste, a slow link) act in the order typed. Enter (look) was a
    priority key there, run ahead of the arrow before it, so it looked at
    the cell the cursor had left."""
    from textual import events

    game = tutorial()
    path, session = saved(home, game)
    session.close()
    async with watching(path).run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = pilot.app.screen
        start = screen.cursor
        looked: list[tuple] = []
        real = screen.action_look

        def look() -> None:
            looked.append(screen.cursor)
            real()

        screen.action_look = look
        for key, char in (("l", "l"), ("enter", "\r"), ("h", "h"), ("enter", "\r")):
            pilot.app.post_message(events.Key(key, char))
        await until(pilot, lambda: len(looked) == 2)
        assert looked[0] != start and looked[1] == start, (start, looked)
        assert [line.startswith("Zone ") for line in log(pilot.app)[-2:]] == [True, True]
