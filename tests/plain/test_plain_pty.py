"""Each mode's first mission played to its end in `shamble --plain`, in a
real pseudo-terminal, by typed commands only (issue 30).

A twin of the game runs in the test with the same seed and picks each next
command (end of turn often, so the game moves on); the test types that
command's name as `what` would list it, and reads the answer as a screen
reader would: no escape sequence at all, no line of 120 characters or more."""

import os
import random
import re
import select
import subprocess
import sys
import time

import msgspec
import pytest

from engine import Game, RuleError
from tui.modes import get_ui

DEADLINE = float(
    os.environ.get("PLAIN_DEADLINE", 90)
)  # seconds for one answer, on a loaded machine
MODES = {
    "station": [],
    "siege": [],
    "sniper": [],
    "outbreak": ["--seats", "human,bot"],
}
OPTIONS = {"outbreak": {"seats": "human,bot"}}
PROMPTS = re.compile(
    rb"(Command(?: \(what, help\))?\? |\(yes or no\) |Choose 1 to \d+(?: \(Enter: \d+\))?: )$"
)
ENDERS = ("end_turn", "end", "hide", "pass")
COMMAND = re.compile(rb"Command(?: \(what, help\))?\? $")  # the game's prompt


class Plain:
    def __init__(self, args, home):
        self.master, slave = os.openpty()
        env = {**os.environ, "SHAMBLE_HOME": str(home), "TERM": "xterm", "COLUMNS": "80"}
        self.proc = subprocess.Popen(
            [sys.executable, "-m", "tui.cli", "--plain", *args],
            stdin=slave,
            stdout=slave,
            stderr=slave,
            env=env,
            close_fds=True,
        )
        os.close(slave)
        self.out = b""

    def answer(self) -> bytes:
        """Everything printed up to the next prompt (the prompt included)."""
        start = len(self.out)
        end = time.monotonic() + DEADLINE
        while time.monotonic() < end:
            ready, _, _ = select.select([self.master], [], [], 0.5)
            if ready:
                try:
                    chunk = os.read(self.master, 65536)
                except OSError:
                    break
                if not chunk:
                    break
                self.out += chunk
                if PROMPTS.search(self.out[start:]):
                    return self.out[start:]
            elif self.proc.poll() is not None:
                break
        return self.out[start:]

    def type(self, text: str) -> None:
        os.write(self.master, text.encode() + b"\n")

    def close(self, wait: float = DEADLINE) -> None:
        try:
            self.proc.wait(timeout=wait)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            self.proc.wait()
        finally:
            os.close(self.master)


def twin_bots(game):
    while (command := game.bot_command()) is not None:
        game.submit(command)


def pick(game, play, rng):
    """A legal command whose name is its own (no other legal command reads the same)."""
    view = game.view(play.viewer())
    legal = [msgspec.to_builtins(c) for c in game.legal_commands()]
    named = [(c, play.label(c, view)) for c in legal]
    counts = {}
    for _, label in named:
        counts[label] = counts.get(label, 0) + 1
    unique = [(c, label) for c, label in named if counts[label] == 1]
    enders = [x for x in unique if x[0]["type"] in ENDERS]
    if enders and rng.random() < 0.45:
        return rng.choice(enders)
    return rng.choice(unique)


@pytest.mark.parametrize("mode", list(MODES))
def test_the_first_mission_plays_to_its_end_by_typed_commands(mode, tmp_path):
    seed = 5
    game = Game.new(mode, seed=seed, **OPTIONS.get(mode, {}))
    play = get_ui(mode).play(game, True)
    twin_bots(game)
    rng = random.Random(seed)
    term = Plain(["new", "--mode", mode, "--seed", str(seed), *MODES[mode]], tmp_path)
    try:
        said = term.answer()
        for _ in range(1500):
            if game.outcome:
                break
            assert COMMAND.search(said), said[-400:]
            command, label = pick(game, play, rng)
            term.type(label)
            said = term.answer()
            while said.endswith(b"(yes or no) "):  # the mode's question first
                term.type("yes")
                said = term.answer()
            try:
                game.submit(command)
            except RuleError:
                assert b"Can't:" in said
                continue
            twin_bots(game)
        assert game.outcome, "the game did not end"
        headline = play.game_over().headline.encode()
        assert headline in said
        while PROMPTS.search(said) and not COMMAND.search(said):
            term.type("1" if b"Now:" in said else "q")  # back to the title, then leave
            said = term.answer()
    except BaseException:
        term.close(wait=0)
        raise
    term.close()
    text = term.out.decode("utf-8", "replace")
    assert "\x1b" not in text
    long = [line for line in text.splitlines() if len(line) >= 120]
    # a prompt and the player's typed words share a line: the printed part is what counts
    long = [line for line in long if not PROMPTS.search((line.split("? ")[0] + "? ").encode())]
    assert not long, long[:3]
    assert "Goodbye." in text


def test_a_station_campaign_step_in_a_pty(tmp_path, monkeypatch):
    """ST-C.2 in a real terminal: a won first mission is folded in (a card
    kept by number), and the second mission opens with its briefing."""
    from engine.station import bot
    from engine.station import campaign as rules
    from saves.records import store
    from tui import persist

    monkeypatch.setenv("SHAMBLE_HOME", str(tmp_path))
    progress = rules.start("derelict", ["vega", "okafor"])
    seed = next(
        s for s in range(60) if bot.play(Game.new(**rules.next_game(progress), seed=s)) == "won"
    )
    record = persist.start_record(progress, progress.campaign)
    game = Game.new(**rules.next_game(progress), seed=seed)
    session = persist.start_game_session(record, game)
    persist.record_progress(record, progress, save=session.path)
    assert bot.play(game) == "won"
    session.close()
    record.close()

    term = Plain([], tmp_path)
    try:
        said = term.answer()
        menu = said.decode().splitlines()
        term.type(next(x for x in menu if "Continue: station campaign" in x).split(".")[0])
        for _ in range(6):  # each survivor keeps a card (Enter: the first offered)
            said = term.answer()
            if b" keeps:" not in said:
                break
            term.type("1")
        assert b"Mission 1, Airlock Breach: won." in said
        term.type("1")  # Play mission 2
        said = term.answer()
        assert b"Hydroponics: " in said and COMMAND.search(said)
        term.type("quit")  # leaves Shamble; the campaign's mission is saved
        term.answer()
    except BaseException:
        term.close(wait=0)
        raise
    term.close()
    text = term.out.decode("utf-8", "replace")
    assert "\x1b" not in text and "Goodbye." in text
    assert store("station", "campaign").listing()[0].progress.index == 1
