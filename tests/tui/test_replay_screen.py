"""The replay viewer (issue 18): a saved game on the shared game screen at
any of its moments, undos where they were made. Keys step one step or one
round, go to a round, the start or the end, play at a chosen speed, and
fork a new game from the moment shown; the board and log show that moment
from the players' side (K-7); nothing changes the save."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from engine import Game
from engine.core import log as codec
from saves import load
from saves.history import History
from tests.pilot_wait import until
from tui.app import ViewerApp
from tui.screens.dialogs import ChoiceDialog, ConfirmDialog
from tui.screens.game import GameScreen
from tui.screens.replay import SPEEDS, AskDialog, ReplayScreen, replay_path
from tui.screens.title import TitleScreen
from tui.screens.watch import UNDO_LINE
from tui.widgets.panels import MessageLog


def played(undo: str = "casual", frames: int = 40, seed: int = 1) -> Game:
    """The tutorial played at random, with undos (casual) among the commands."""
    g = Game.new("station", mission="tutorial", seed=seed, survivors=["vega", "okafor"], undo=undo)
    rnd = random.Random(seed)
    while g.outcome is None and len(g.journal) < frames:
        if undo == "casual" and rnd.random() < 0.12 and g.can_undo():
            g.undo()
        else:
            g.submit(rnd.choice(g.legal_commands()))
    return g


def saved(home: Path, game: Game, name: str = "old") -> Path:
    path = home / "saves" / f"{name}.shamble"
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(game.to_bytes("2026-01-01T00:00:00+00:00"))
    return path


def replaying(path: Path, moment: int = 0, **settings) -> ViewerApp:
    return ViewerApp(lambda app: replay_path(app, path, moment), autosave=False, **settings)


def log(app) -> list[str]:
    return app.screen.query_one(MessageLog).lines


def text(app) -> str:
    return "\n".join(strip.text for strip in app.screen._compositor.render_strips())


async def started(pilot) -> ReplayScreen:
    await pilot.pause()
    screen = pilot.app.screen
    assert isinstance(screen, ReplayScreen) and isinstance(screen, GameScreen)
    return screen


def at(screen: ReplayScreen, moment: int) -> bool:
    """The screen shows that moment: its game, the board's view, the log's end."""
    h = screen.history
    return (
        screen.moment == moment
        and screen.game.state == h.state(moment)
        and screen.view == h.view(moment)
    )


async def test_steps_back_and_forth_show_that_moment_on_the_board_and_in_the_log(home):
    game = played()
    path = saved(home, game)
    before = path.read_bytes()
    async with replaying(path).run_test(size=(80, 24)) as pilot:
        screen = await started(pilot)
        history = screen.history
        assert at(screen, 0) and log(pilot.app)[-1] == "The start of the game."
        assert f"Replay old: step 0 of {history.last}, round 1." in text(pilot.app)
        undo_at = next(
            m for m in range(1, history.last + 1) if history.frame(m) == codec.UndoMark()
        )
        for m in range(1, undo_at + 1):
            await pilot.press("full_stop")
            assert at(screen, m)
            frame = history.frame(m)
            if m < undo_at:
                assert log(pilot.app)[-len(screen.play.narrate(frame.events)) :] == (
                    screen.play.narrate(frame.events)
                )
        assert log(pilot.app)[-1] == UNDO_LINE  # the player's undo, where it was made
        await pilot.press("comma")
        assert at(screen, undo_at - 1)
        await pilot.press("less_than_sign")
        assert at(screen, 0)
        await pilot.press("comma")  # nothing before the start: said, nothing changes
        assert at(screen, 0) and log(pilot.app)[-1].startswith("This is the start of the game")
        await pilot.press("greater_than_sign")
        assert at(screen, history.last)
        assert game.outcome == "lost" and "The game is over: Mission lost." in log(pilot.app)[-1]
        assert "(over: lost)" in screen.where()
        await pilot.press("full_stop")
        assert at(screen, history.last)
        assert log(pilot.app)[-1].startswith("This is the end of the save")
        await pilot.press("q")
        await pilot.pause()
        assert isinstance(pilot.app.screen, TitleScreen)
    assert path.read_bytes() == before


async def test_rounds_by_key_and_by_number(home):
    path = saved(home, played(frames=60))
    async with replaying(path).run_test(size=(80, 24)) as pilot:
        screen = await started(pilot)
        history = screen.history
        rounds = history.rounds()
        assert max(rounds) >= 3
        await pilot.press("right_square_bracket")
        second = history.next_round(0)
        assert at(screen, second) and history.round(second) == rounds[0] + 1
        await pilot.press("right_square_bracket")
        third = history.next_round(second)
        assert at(screen, third)
        await pilot.press("left_square_bracket")  # where the round before began, as played
        assert at(screen, history.previous_round(third))
        await pilot.press("less_than_sign", "left_square_bracket")
        assert at(screen, 0) and "no round before it" in log(pilot.app)[-1]
        await pilot.press("g")
        await pilot.pause()
        assert isinstance(pilot.app.screen, AskDialog)
        assert f"Go to which round? ({rounds[0]} to {max(rounds)})" in text(pilot.app)
        await pilot.press("backspace", "3", "enter")
        await pilot.pause()
        assert at(screen, history.moment_of_round(3)) and "round 3" in screen.where()
        for answer, said in (("x", "is not a round number"), ("99", "There is no round 99")):
            await pilot.press("g")
            await pilot.pause()
            await pilot.press("backspace", *answer, "enter")
            await pilot.pause()
            assert at(screen, history.moment_of_round(3)) and said in log(pilot.app)[-1]
        await pilot.press("g")
        await pilot.pause()
        await pilot.press("escape")  # closes the question, changes nothing
        await pilot.pause()
        assert pilot.app.screen is screen and at(screen, history.moment_of_round(3))


async def test_plays_at_a_chosen_speed_and_pauses(home):
    path = saved(home, played())
    async with replaying(path).run_test(size=(80, 24)) as pilot:
        screen = await started(pilot)
        await pilot.press("minus")
        assert screen.speed == 1 and "1 step a second" in log(pilot.app)[-1]
        for _ in range(len(SPEEDS)):
            await pilot.press("plus")
        assert SPEEDS[screen.speed] == 32 and "Already the fastest" in log(pilot.app)[-1]
        await pilot.press("minus", "minus", "minus")
        await pilot.press("space")
        assert "Playing, 4 steps a second." in screen.where()
        await until(pilot, lambda: screen.moment >= 2)
        await pilot.press("space")
        stopped = screen.moment
        await pilot.pause(0.4)
        assert screen.moment == stopped and at(screen, stopped)
        assert "Playing" not in screen.where()
        await pilot.press("p")  # p plays too; Esc pauses and discards nothing
        await until(pilot, lambda: screen.moment > stopped)
        await pilot.press("escape")
        moment = screen.moment
        await pilot.pause(0.4)
        assert screen.moment == moment and at(screen, moment)
        await pilot.press("greater_than_sign", "space")  # at the end: said, not played
        assert "This is the end of the save" in log(pilot.app)[-1]
        assert "Playing" not in screen.where()


async def test_only_looking_and_replay_keys_are_bound(home):
    game = played()
    path = saved(home, game)
    async with replaying(path, moment=5).run_test(size=(80, 24)) as pilot:
        screen = await started(pilot)
        assert at(screen, 5)
        actions = {k.action for k in screen.key_table}
        assert not actions & {"undo", "redo", "next"} and "fork" in actions
        for key in ("o", "m", "e", "s", "ctrl+z", "tab"):
            await pilot.press(key)
        assert at(screen, 5) and isinstance(pilot.app.screen, ReplayScreen)
        await pilot.press("x")
        assert log(pilot.app)[-1].startswith("Zone ")
        footer = text(pilot.app).split("\n")[-1]
        for word in (", back", ". fwd", "space play", "f fork", "? help", "q leave"):
            assert word in footer, footer
        await pilot.press("question_mark")
        await pilot.pause()
        shown = text(pilot.app)
        for _ in range(3):
            await pilot.press("pagedown")
            await pilot.pause()
            shown += text(pilot.app)
        assert "fork: a new game from this" in shown and "undo the last" not in shown
        assert " [ " in shown and " < " in shown and "+ =" in shown and "Space p" in shown


async def test_a_fork_asks_a_name_and_an_undo_policy_and_opens_the_new_game(home):
    game = played(undo="honest", frames=30)
    path = saved(home, game, "ironclad")
    async with replaying(path, moment=12).run_test(size=(80, 24)) as pilot:
        screen = await started(pilot)
        history = screen.history
        await pilot.press("f")
        await pilot.pause()
        assert isinstance(pilot.app.screen, AskDialog)
        assert "Fork a new game from step 12" in text(pilot.app) and "ironclad-fork" in text(
            pilot.app
        )
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(pilot.app.screen, ChoiceDialog)
        shown = text(pilot.app)
        assert "honest: no undo past dice or cards drawn - as in this game" in shown
        assert "casual: undo anything - the new save says this game was honest" in shown
        await pilot.press("down", "enter")  # casual, more lenient than the source
        await pilot.pause()
        assert isinstance(pilot.app.screen, ConfirmDialog)
        told = screen.query_one(MessageLog).lines
        assert "forked from an honest game" in told[-1] and "casual undo" in told[-1]
        await pilot.press("y")
        await pilot.pause()
        playing = pilot.app.screen
        assert isinstance(playing, GameScreen) and not isinstance(playing, ReplayScreen)
        fork = playing.game
        assert fork.state == history.state(12) and fork.setup.undo == "casual"
        assert fork.origin.moment == 12 and fork.origin.undo == "honest"
        assert fork.origin.source == "ironclad.shamble"
        assert (
            pilot.app.session is not None and pilot.app.session.path.name == "ironclad-fork.shamble"
        )
        legal = fork.legal_commands()[0]
        fork.submit(legal)  # the new game plays on and saves itself
        await pilot.pause()
        assert [screen.app.screen_stack[0].__class__] == [TitleScreen]
    saved_fork = load(home / "saves" / "ironclad-fork.shamble")
    assert saved_fork.origin.undo == "honest" and len(saved_fork.commands) == 13
    again = History.open(path)
    assert again.last == history.last  # the source is as it was


async def test_a_fork_is_refused_on_a_taken_or_bad_name_and_can_stay_in_the_replay(home):
    game = played()
    path = saved(home, game)
    saved(home, game, "taken")
    async with replaying(path, moment=3).run_test(size=(80, 24)) as pilot:
        screen = await started(pilot)
        for name, said in (
            ("taken", "a save called taken exists"),
            ("../up", "is not a save name"),
        ):
            await pilot.press("f")
            await pilot.pause()
            dialog = pilot.app.screen
            dialog.query_one("Input").value = ""
            await pilot.press(*name, "enter")
            await pilot.pause()
            assert pilot.app.screen is screen and said in log(pilot.app)[-1], log(pilot.app)[-1]
        await pilot.press("f")
        await pilot.pause()
        await pilot.press("enter")  # old-fork
        await pilot.pause()
        await pilot.press("enter")  # casual, as in this game
        await pilot.pause()
        await pilot.press("n")  # stay in the replay
        await pilot.pause()
        assert pilot.app.screen is screen and at(screen, 3)
        assert (
            "old-fork is saved as" in log(pilot.app)[-1] and "Load opens it" in log(pilot.app)[-1]
        )
        await pilot.press("f")
        await pilot.pause()
        assert "old-fork-2" in text(pilot.app)  # the next free name
        await pilot.press("escape")
        await pilot.pause()
        assert pilot.app.screen is screen
    fork = load(home / "saves" / "old-fork.shamble")
    assert fork.origin.moment == 3 and fork.setup.undo == "casual"


SNIPER_YARD = """\
[mission]
id = "replay_yard"
name = "Replay Yard"
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


def random_game(mode: str, tmp_path: Path, frames: int = 14) -> Game:
    options = {}
    if mode == "sniper":
        mission = tmp_path / "replay_yard.toml"
        mission.write_text(SNIPER_YARD)
        options = {"mission": mission, "commander": "human"}
    g = Game.new(mode, seed=5, **options)
    rnd = random.Random(7)
    while g.outcome is None and len(g.journal) < frames:
        bot = g.bot_command()
        g.submit(bot if bot is not None else rnd.choice(g.legal_commands()))
    return g


@pytest.mark.parametrize("mode", ["siege", "sniper", "outbreak"])
async def test_other_modes_replay_from_the_players_side(home, tmp_path, mode):
    """Every moment forward then back, drawn from the players' view (K-7); a
    sniper's replay never draws a unit the sniper does not see."""
    game = random_game(mode, tmp_path)
    path = saved(home, game, mode)
    async with replaying(path).run_test(size=(80, 24)) as pilot:
        screen = await started(pilot)
        history = screen.history
        hidden_seen = 0
        for m in [*range(1, history.last + 1), *range(history.last - 1, -1, -1)]:
            await pilot.press("full_stop" if m > screen.moment else "comma")
            assert at(screen, m)
            if mode == "sniper":
                truth = history.view(m, "commander")["units"]
                hidden = set(truth) - set(screen.view["units"])
                hidden_seen += bool(hidden)
                rows = screen.play.scene(screen).rows
                for uid in hidden:
                    x, y = truth[uid]["at"]
                    assert not rows[y][x][1].startswith("enemy"), (m, uid)
        assert mode != "sniper" or (hidden_seen and screen.round_word == "turn")


def test_the_command_line_refuses_what_it_cannot_view(home, capsys):
    from tui.cli import main

    assert main(["replay", str(home / "none.shamble"), "--view"]) == 2
    assert "no such" in capsys.readouterr().err
    path = saved(home, played(frames=5))
    assert main(["replay", str(path), "--view", "--at", "99"]) == 2
    assert "there is no moment 99" in capsys.readouterr().err
    assert main(["replay", str(path), "--view", "--verify"]) == 2


async def test_the_command_line_opens_the_viewer_at_a_moment(home, monkeypatch):
    import tui.cli as cli

    path = saved(home, played())
    opened = {}

    def run(args, first):
        opened["first"], opened["ascii"] = first, args.ascii
        return 0

    monkeypatch.setattr(cli, "_run_viewer", run)
    assert cli.main(["replay", str(path), "--view", "--at", "-2", "--ascii"]) == 0
    assert opened["ascii"]
    async with ViewerApp(opened["first"], autosave=False).run_test(size=(80, 24)) as pilot:
        screen = await started(pilot)
        assert at(screen, screen.history.last - 1)


@pytest.mark.parametrize(
    "keys",
    [[], ["full_stop", "full_stop", "g"], ["f"], ["f", "enter"], ["question_mark"]],
    ids=["replay", "round", "fork-name", "fork-undo", "help"],
)
async def test_ascii_replay_screens_send_only_ascii(home, keys):
    path = saved(home, played(undo="honest"))
    async with replaying(path, ascii_only=True).run_test(size=(80, 24)) as pilot:
        await started(pilot)
        for key in keys:
            await pilot.press(key)
            await pilot.pause()
        odd = {ch for ch in text(pilot.app) if ord(ch) > 126}
        assert not odd, odd


def test_replay_snapshot(snap_compare, home):
    """The viewer at 80x24, a few steps into the tutorial."""
    path = saved(home, played(seed=2))
    assert snap_compare(replaying(path, moment=6), terminal_size=(80, 24))
