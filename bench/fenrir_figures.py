"""Each mode's first mission at the `--plain` prompt under a real terminal
screen reader (`python -m bench fenrir`, asked for by name, or
`python -m bench.fenrir_figures MODE ...`;
needs Debian's `fenrir` package, and `espeak-ng` for the speech time).

Fenrir runs in its emulated-pty mode (`fenrir -e`: its own terminal
emulator, keys from standard input, no console or sound device needed) at
80x24 with `shamble --plain new --mission tutorial` as its shell; its
speech goes through its generic driver to a script that writes each
utterance as a line of a transcript. The commands typed are, by the names
`what` lists them, the engine's stand-in's (the bot a player away is
played by) in a twin game, on the first seed it wins, to the end. The
figures: how many utterances and words Fenrir spoke, and how long
espeak-ng takes to say them at Fenrir's rate; the transcript is kept
(its path is printed) to read what a player hears (docs/play-plain.md)."""

from __future__ import annotations

import fcntl
import os
import re
import select
import shutil
import struct
import subprocess
import sys
import tempfile
import termios
import time
import wave
from pathlib import Path
from typing import Any

from bench.common import emit, note

SETTINGS = Path("/etc/fenrirscreenreader/settings/settings.conf")
PROMPT = re.compile(rb"(Command(?: \(what, help\))?\? |\(yes or no\) |Choose 1 to \d+[^:]*: )$")
SEED = 1
MISSIONS = {"station": "tutorial", "siege": "house", "sniper": "village", "outbreak": "standard"}
OPTIONS = {"outbreak": {"seats": "human,bot"}}
SAY = """#!/bin/sh
# Fenrir's speech command (speech#genericSpeechCommand): one utterance a line
printf '%s\\n' "$*" >> "{transcript}"
"""
FENRIR_OWN = ("pychant is not installed", "Start Fenrir", "Quit Fenrir")


def settings(folder: Path, shell: Path, say: Path) -> Path:
    """Fenrir's shipped settings with the emulated pty's screen driver, the
    speech command above, no sound icons, and the game as its shell."""
    text = SETTINGS.read_text()
    changes = {
        r"^genericSpeechCommand=.*$": f'genericSpeechCommand={say} "fenrirText"',
        r"^driver=vcsaDriver$": "driver=ptyDriver",
        r"^debugFile=.*$": f"debugFile={folder}/fenrir.log",
        r"^shell=.*$": f"shell={shell}",
        r"^socketpath=.*$": f"socketpath={folder}/",
    }
    for pattern, value in changes.items():
        text = re.sub(pattern, value, text, count=1, flags=re.M)
    text = re.sub(r"(\[sound\]\s*\n)enabled=True", r"\1enabled=False", text)
    path = folder / "settings.conf"
    path.write_text(text)
    return path


class Reader:
    """Fenrir in a pseudo-terminal of 80x24: type lines, read to the prompt."""

    def __init__(self, conf: Path) -> None:
        self.master, slave = os.openpty()
        fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", 24, 80, 0, 0))
        self.proc = subprocess.Popen(
            ["fenrir", "-e", "-s", str(conf)],
            stdin=slave,
            stdout=slave,
            stderr=slave,
            close_fds=True,
            start_new_session=True,
        )
        os.close(slave)
        self.out = b""

    def answer(self, deadline: float = 60) -> bytes:
        start = len(self.out)
        end = time.monotonic() + deadline
        while time.monotonic() < end:
            ready, _, _ = select.select([self.master], [], [], 0.5)
            if ready:
                try:
                    self.out += os.read(self.master, 65536)
                except OSError:
                    break
                if PROMPT.search(self.out[start:]):
                    time.sleep(1.0)  # Fenrir reads what came before the keys go
                    return self.out[start:]
            elif self.proc.poll() is not None:
                break
        return self.out[start:]

    def type(self, text: str) -> None:
        for ch in text:  # a key at a time, as typed
            os.write(self.master, ch.encode())
            time.sleep(0.01)
        os.write(self.master, b"\r")

    def close(self) -> None:
        self.proc.terminate()
        try:
            self.proc.wait(10)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            self.proc.wait()
        os.close(self.master)


def persons(game: Any) -> list[str]:
    from engine.core.table import PERSON

    return [s.id for s in game.seats() if s.kind == PERSON]


def bots(game: Any) -> None:
    for _ in game.play_bots():
        pass


def stand_in_wins(mode: str, seed: int) -> bool:
    """The engine's stand-in (the bot a player away is played by) wins this
    seed for the person's seats, their bots and AI playing as in the game."""
    from engine import Game

    game = Game.new(mode, mission=MISSIONS[mode], seed=seed, **OPTIONS.get(mode, {}))
    mine = persons(game)
    for _ in range(3000):
        bots(game)
        command = None if game.outcome else game.stand_in(mine)
        if command is None:
            break
        game.submit(command)
    won = game.outcome == "won"
    winner = game.summary().get("winner")
    return won and (winner is None or winner in mine)


def winning_seed(mode: str) -> int:
    return next((s for s in range(60) if stand_in_wins(mode, s)), SEED)


def play_to_the_end(reader: Reader, mode: str, seed: int) -> str | None:
    """The questions a player asks first (where, near, board, what), then
    the stand-in's commands typed by their names to the end of the game."""
    import msgspec

    from engine import Game
    from tui.modes import get_ui

    game = Game.new(mode, mission=MISSIONS[mode], seed=seed, **OPTIONS.get(mode, {}))
    play = get_ui(mode).play(game, True)
    mine = persons(game)
    bots(game)
    said = reader.answer()
    for word in ("where", "near", "board", "what"):
        reader.type(word)
        said = reader.answer()
    for _ in range(1000):
        command = None if game.outcome else game.stand_in(mine)
        if command is None:
            break
        view = game.view(play.viewer())
        command = msgspec.to_builtins(command)
        label = play.label(command, view)
        reader.type(label)
        said = reader.answer()
        if b"commands fit; pick one by number" in said:  # alike by name: its place
            legal = [msgspec.to_builtins(c) for c in game.legal_commands()]
            alike = [c for c in legal if play.label(c, view) == label]
            reader.type(str(alike.index(command) + 1))
            said = reader.answer()
        while said.endswith(b"(yes or no) "):
            reader.type("yes")
            said = reader.answer()
        game.submit(command)
        bots(game)
    if game.outcome:
        reader.type("1")  # back to the title menu
        reader.answer(20)
    reader.type("q")
    reader.answer(10)
    return game.outcome


def speech_seconds(lines: list[str], folder: Path) -> float | None:
    """How long espeak-ng takes to say the lines (Fenrir's rate: 0.65 of
    80 to 450 words a minute)."""
    if shutil.which("espeak-ng") is None:
        return None
    rate = str(int(80 + 0.65 * (450 - 80)))
    wav = folder / "spoken.wav"
    text = folder / "spoken-for-wav.txt"
    text.write_text("\n".join(lines))
    subprocess.run(["espeak-ng", "-s", rate, "-w", str(wav), "-f", str(text)], check=True)
    with wave.open(str(wav)) as w:
        return w.getnframes() / w.getframerate()


def listen(mode: str) -> None:
    seed = winning_seed(mode)
    folder = Path(tempfile.mkdtemp(prefix=f"shamble-fenrir-{mode}-"))
    transcript = folder / "spoken.txt"
    say = folder / "say"
    say.write_text(SAY.format(transcript=transcript))
    say.chmod(0o755)
    root = Path(__file__).resolve().parent.parent
    shell = folder / "shamble-plain"
    options = " ".join(f"--{k} {v}" for k, v in OPTIONS.get(mode, {}).items())
    shell.write_text(
        f"#!/bin/sh\ncd {root} && export PYTHONPATH={root} SHAMBLE_HOME={folder}/home\n"
        f"exec {sys.executable} -m tui.cli --plain new --mode {mode} --mission "
        f"{MISSIONS[mode]} --seed {seed} {options}\n"
    )
    shell.chmod(0o755)
    reader = Reader(settings(folder, shell, say))
    try:
        outcome = play_to_the_end(reader, mode, seed)
    finally:
        reader.close()
    (folder / "screen.txt").write_bytes(reader.out)
    spoken = [
        line
        for line in transcript.read_text().splitlines()
        if line.strip() and line.strip() not in FENRIR_OWN
    ]
    words = sum(len(re.findall(r"[A-Za-z0-9']+", line)) for line in spoken)
    emit(f"fenrir_{mode}_utterances", len(spoken), "utterances", outcome=outcome, seed=seed)
    emit(f"fenrir_{mode}_words", words, "words", transcript=str(transcript))
    seconds = speech_seconds(spoken, folder)
    if seconds is not None:
        emit(f"fenrir_{mode}_speech_s", round(seconds, 1), "s", rate="Fenrir's 0.65")


def main(modes: list[str] | None = None) -> None:
    if shutil.which("fenrir") is None or not SETTINGS.exists():
        note("fenrir: not installed (apt-get install fenrir espeak-ng): nothing measured")
        return
    for mode in modes or list(MISSIONS):
        listen(mode)


if __name__ == "__main__":
    main(sys.argv[1:])
