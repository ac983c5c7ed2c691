"""Terminal figures as a player over SSH gets them (issue 16, item 8).

The real `shamble` runs in a pseudo-terminal of 80x24 (TERM=xterm-256color,
COLORTERM and NO_COLOR unset, as SSH passes them); every key is timed from
the moment it is typed to the last byte the game writes for it (the end of
output is a quiet spell), and every byte is counted. A terminal emulator
(pyte) reads the same bytes, so each step is checked to have done what it
should: a dialog that did not open, or a turn that did not end, stops the
benchmark instead of measuring something else.

Each figure is measured with the diff layer (tui/output.py) and without it
(SHAMBLE_DIFF_OUTPUT=0), in the same run: the value is with, the baseline
without. The freeze after a load (SHAMBLE_GC_FREEZE) is measured the same way
on a game loaded from its save.

The bytes of the first frame and of a turn are this group's alone
(`first_frame_bytes`, `bytes_per_turn`); key latency is `pty_keypress_*`, apart
from bench/tui_figures.py's headless `keypress_*`."""

from __future__ import annotations

import fcntl
import os
import re
import select
import shutil
import signal
import statistics
import struct
import subprocess
import sys
import tempfile
import termios
import time
from dataclasses import dataclass, field
from pathlib import Path

import pyte

from bench.common import emit, note, percentile
from engine import Game, get_mode

# SHAMBLE_BENCH_TREE: measure the game of another checkout (a "before" tree) with this bench
ROOT = Path(os.environ.get("SHAMBLE_BENCH_TREE") or Path(__file__).resolve().parent.parent)
COLS, ROWS = 80, 24
MISSION = "command_deck"
ZOMBIES = 120
SURVIVORS = ("vega", "okafor", "lin")
ROUNDS = 2  # the bench mission keeps every survivor alive for five
CURSOR_KEYS = "kjkjlhlhkjkj"  # up, down, right, left: some steps pan the board
DIALOG = ("q", "n", "Leave this game")  # open, close, and what it asks
END_TURN = ("e", "y")  # end the selected survivor's turn, and confirm
QUIET = 0.25  # seconds without output that end a step
IDLE = 0.06  # ... or this many, when the game slept through them (Terminal.idle)
IDLE_CPU_MS = 0.3  # the CPU a sleeping game may use meanwhile (its input thread polls)
FIRST_BYTE = 3.0  # seconds a key may take before it writes anything


def bench_mission(zombies: int = ZOMBIES) -> Path:
    """The largest shipped map with `zombies` more zombies, all at least seven
    zones from the start, and room for them: a turn is three survivors ending
    their turns and a zombie phase moving them all, never a game over."""
    text = get_mode("station").mission_text(MISSION)
    game = Game.new("station", mission=MISSION, seed=1)
    board, state = game.world.board, game.state
    distance = board.distances(game.world.start, frozenset(state.open_doors()))
    far = [z for z in board.zones if z not in state.dark and distance.get(z, 0) >= 7]
    blocks = []
    for i in range(zombies):
        kind = ("walker", "walker", "runner", "dog")[i % 4]
        blocks.append(f'[[zombies]]\nzone = "{far[i % len(far)]}"\nkind = "{kind}"\ncount = 1\n')
    from engine.core.missions import MAX_ZOMBIES

    text, n = re.subn(r"(?m)^max_zombies = \d+", f"max_zombies = {MAX_ZOMBIES}", text)
    if n != 1:
        raise RuntimeError(f"{MISSION} has no max_zombies line to raise")
    path = Path(tempfile.mkdtemp(prefix="shamble-pty-")) / "crowded.toml"
    path.write_text(text + "\n" + "\n".join(blocks))
    return path


@dataclass
class Step:
    keys: str
    bytes: int
    ms: float | None  # key to last byte; None when the key wrote nothing


class Terminal:
    """A program in a pty, and a terminal emulator showing what it wrote."""

    def __init__(self, argv: list[str], env: dict[str, str]) -> None:
        self.master, slave = os.openpty()
        fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", ROWS, COLS, 0, 0))
        full = {k: v for k, v in os.environ.items() if k not in ("COLORTERM", "NO_COLOR")}
        full.update(TERM="xterm-256color", PYTHONPATH=str(ROOT), **env)
        self.proc = subprocess.Popen(
            argv, stdin=slave, stdout=slave, stderr=slave, env=full, cwd=ROOT,
            start_new_session=True,
        )  # fmt: skip
        os.close(slave)
        self.screen = pyte.Screen(COLS, ROWS)
        self.stream = pyte.ByteStream(self.screen)
        self.total = 0

    def _read(self, wait: float) -> bytes:
        ready, _, _ = select.select([self.master], [], [], wait)
        if not ready:
            return b""
        try:
            return os.read(self.master, 1 << 16)
        except OSError:
            return b""

    def start(self, marker: str, timeout: float = 30.0) -> int:
        """Bytes written until `marker` is on screen and output goes quiet."""
        t0 = time.perf_counter()
        while marker not in self.text():
            if time.perf_counter() - t0 > timeout:
                raise RuntimeError(f"{marker!r} never appeared on the screen")
            self._take(self._read(0.05))
        return self.total + self.press("", quiet=0.8).bytes

    def cpu_ms(self) -> float | None:
        """CPU time the game's threads have used, or None when /proc cannot tell."""
        total = 0
        try:
            for task in os.scandir(f"/proc/{self.proc.pid}/task"):
                with open(f"{task.path}/schedstat") as f:
                    total += int(f.read().split()[0])
        except (OSError, ValueError, IndexError):
            return None
        return total / 1e6

    def sleeping(self) -> bool:
        """Every thread of the game blocked, waiting for input or a timer."""
        try:
            for task in os.scandir(f"/proc/{self.proc.pid}/task"):
                with open(f"{task.path}/stat") as f:
                    if f.read().rpartition(")")[2].split()[0] != "S":
                        return False
        except (OSError, IndexError):
            return False
        return True

    def press(
        self,
        keys: str,
        quiet: float = QUIET,
        until: str | None = None,
        timeout: float = 30.0,
        idle: bool = False,
    ) -> Step:
        """Type `keys`; bytes written until output stops (and, with `until`,
        that text is on screen), and the time to its last byte.

        With `idle`, a step also ends after a quiet spell of IDLE seconds
        during which the game slept and used no CPU to speak of: it has drawn
        what the key asked for. Only for keys that start no timed drawing (a
        bot's or AI's steps shown one by one sleep between steps)."""
        start, last = self.total, None
        t0 = time.perf_counter()
        if keys:
            os.write(self.master, keys.encode())
        idle = idle and until is None
        wait, got, cpu = FIRST_BYTE, [], None
        while True:
            data = self._read(wait)
            if data:
                last = time.perf_counter()
                got.append(data)
                wait = IDLE if idle else quiet
                cpu = self.cpu_ms() if idle else None
                continue
            if cpu is not None and last is not None:
                now = self.cpu_ms()
                if now is not None and now - cpu < IDLE_CPU_MS and self.sleeping():
                    break
                wait = max(0.0, quiet - (time.perf_counter() - last))
                cpu = None  # the rest of the quiet spell as before
                continue
            if until is None:
                break
            self._take(b"".join(got))  # an animation's pause: is it over?
            got = []
            if until in self.text():
                break
            if time.perf_counter() - t0 > timeout:
                raise RuntimeError(f"{until!r} never appeared:\n{self.text()}")
            wait = quiet
        self._take(b"".join(got))  # the emulator reads after the clock stops
        ms = None if last is None else (last - t0) * 1000
        return Step(keys, self.total - start, ms)

    def exited(self, timeout: float = 10.0) -> bool:
        """Read until the program has left (its output drained)."""
        t0 = time.perf_counter()
        while time.perf_counter() - t0 < timeout:
            data = self._read(0.05)
            if data:
                self._take(data)
            elif self.proc.poll() is not None:
                return True
        return False

    def _take(self, data: bytes) -> None:
        self.total += len(data)
        self.stream.feed(data)

    def text(self) -> str:
        return "\n".join(self.screen.display)

    def close(self) -> None:
        if self.proc.poll() is None:
            os.killpg(self.proc.pid, signal.SIGTERM)
            try:
                self.proc.wait(timeout=5)
            except subprocess.TimeoutExpired:
                os.killpg(self.proc.pid, signal.SIGKILL)
                self.proc.wait(timeout=5)
        os.close(self.master)


@dataclass
class Session:
    first_frame: int = 0
    cursor: list[Step] = field(default_factory=list)
    dialog_open: list[Step] = field(default_factory=list)
    dialog_close: list[Step] = field(default_factory=list)
    asks: list[Step] = field(default_factory=list)  # the key that asks to end a turn
    end_turns: list[Step] = field(default_factory=list)  # the key that ends it
    turns: list[int] = field(default_factory=list)  # bytes of each whole round
    commands: int = 0
    save_growth: int = 0

    def steps(self) -> list[Step]:
        return [*self.cursor, *self.dialog_open, *self.dialog_close, *self.asks, *self.end_turns]


def _expect(term: Terminal, text: str, present: bool, what: str) -> None:
    if (text in term.text()) != present:
        raise RuntimeError(f"{what}: the screen {'lacks' if present else 'still shows'} {text!r}")


def _round_text(term: Terminal) -> str:
    found = re.search(r"[Rr]ound\s+(\d+)", term.text())
    return found.group(1) if found else "?"


def _end_rounds(term: Terminal, session: Session, rounds: int) -> None:
    for _ in range(rounds):
        before = _round_text(term)
        turn = 0
        for _ in SURVIVORS:
            ask = term.press(END_TURN[0], idle=True)
            done = term.press(END_TURN[1], quiet=0.5)
            session.asks.append(ask)
            session.end_turns.append(done)
            turn += ask.bytes + done.bytes
        session.turns.append(turn)
        if _round_text(term) == before:
            raise RuntimeError(f"the round did not advance past {before}")


def _save_file(home: Path) -> Path:
    saves = [p for p in home.rglob("*") if p.is_file() and p.suffix not in (".json", ".jsonl")]
    if not saves:
        raise RuntimeError(f"no save was written under {home}")
    return max(saves, key=lambda p: p.stat().st_size)


def _journal_length(path: Path) -> int:
    from saves.files import load

    return len(load(path).journal)


def play(mission: Path, home: Path, diff: bool) -> Session:
    """A new game: its first frame, cursor steps, a dialog opened and closed,
    then ROUNDS rounds of every survivor ending their turn."""
    argv = [sys.executable, "-m", "tui.cli", "new", "--mission", str(mission), "--seed", "1",
            "--survivors", ",".join(SURVIVORS)]  # fmt: skip
    env = {"SHAMBLE_HOME": str(home), "SHAMBLE_DIFF_OUTPUT": "1" if diff else "0"}
    term = Terminal(argv, env)
    session = Session()
    try:
        session.first_frame = term.start("Survivors")
        save = _save_file(home)
        size0, commands0 = save.stat().st_size, _journal_length(save)
        session.cursor = [term.press(k, idle=True) for k in CURSOR_KEYS]
        for _ in range(3):
            session.dialog_open.append(term.press(DIALOG[0], idle=True))
            _expect(term, DIALOG[2], True, "the dialog")
            session.dialog_close.append(term.press(DIALOG[1], idle=True))
            _expect(term, DIALOG[2], False, "the closed dialog")
        _end_rounds(term, session, ROUNDS)
        session.save_growth = save.stat().st_size - size0
    finally:
        term.close()
    session.commands = _journal_length(save) - commands0
    return session


# `shamble` with every garbage collection's pause written to a file.
GC_LOGGED = """
import gc, os, sys, time
log = open(os.environ["SHAMBLE_BENCH_GC_LOG"], "a", buffering=1)
began = [0.0]
def timed(phase, info):
    if phase == "start":
        began[0] = time.perf_counter()
    else:
        log.write(f"{(time.perf_counter() - began[0]) * 1000:.3f}\\n")
gc.callbacks.append(timed)
from tui.cli import main
sys.exit(main(sys.argv[1:]))
"""


@dataclass
class LoadRun:
    look: Step  # the first look (x) after the load
    zombie_phase: Step  # the first zombie phase: the last survivor's end of turn
    gc_pause_ms: float  # the longest garbage collection once the game was on screen


def load(save: Path, home: Path, freeze: bool) -> LoadRun:
    """A saved game opened with `shamble load`, looked at, and played for a round."""
    gc_log = home / "gc-pauses.txt"
    argv = [sys.executable, "-c", GC_LOGGED, "load", str(save)]
    env = {"SHAMBLE_HOME": str(home), "SHAMBLE_GC_FREEZE": "1" if freeze else "0",
           "SHAMBLE_BENCH_GC_LOG": str(gc_log)}  # fmt: skip
    term = Terminal(argv, env)
    session = Session()
    try:
        term.start("Survivors")
        shown = len(gc_log.read_text().split()) if gc_log.exists() else 0
        look = term.press("x", idle=True)
        _end_rounds(term, session, 1)
    finally:
        term.close()
    pauses = [float(p) for p in gc_log.read_text().split()[shown:]]
    return LoadRun(look, session.end_turns[-1], max(pauses, default=0.0))


def after_loads(save: Path, tmp: Path, runs: int = 1) -> dict[bool, list[LoadRun]]:
    """`load` with and without the freeze, alternately, each from a fresh copy."""
    results: dict[bool, list[LoadRun]] = {True: [], False: []}
    for i in range(runs):
        for freeze in (True, False):
            home = tmp / f"load-{i}-{freeze}"
            home.mkdir()
            shutil.copy(save, home / save.name)
            results[freeze].append(load(home / save.name, home, freeze))
    return results


def _ms(steps: list[Step], p: float) -> float:
    times = [s.ms for s in steps if s.ms is not None]
    return percentile(times, p) if times else float("nan")


def _silent(steps: list[Step]) -> int:
    return sum(1 for s in steps if s.ms is None)


def _pair(name: str, on: float, off: float, unit: str, **extra: object) -> None:
    emit(name, on, unit, baseline=off, ratio=on / off if off else None, **extra)


# -- every mode: the steps a player takes, as the issue 29 table counts them ------------
@dataclass(frozen=True)
class Mode:
    """How to play a few steps of one mode: its game on screen, a refused
    command (one message in the log), and a whole round, AI or bot included."""

    name: str
    args: tuple[str, ...]
    ready: str  # on screen once the game is drawn
    log_key: str  # a command refused at the start: one new message in the log
    log_text: str  # ... which says this
    round_keys: tuple[tuple[str, str | None], ...]  # keys of a whole round, what each waits
    # for (the last one: the next round begun)


MODES = (
    Mode("station", ("--mission", "tutorial"), "Survivors", "a", "can't",
         (("e", None), ("y", None), ("e", None), ("y", "Round 2"))),
    Mode("siege", ("--mission", "house"), "Humans", "a", "can't",
         (("e", None), ("y", None), ("e", None), ("y", "Round 2/"))),
    Mode("sniper", ("--mission", "village"), "Sniper", "f", "can't fire",
         (("e", None), ("y", "Turn 2/"))),
    Mode("outbreak", ("--seats", "human,bot"), "Seats", "e", "turn ends after",
         (("t", None), ("\r", None), ("e", None), ("y", None), ("e", None),
          ("\r", "(round 2)"))),
)  # fmt: skip
MODE_CURSOR = "jklhjk"  # each one moves (a key that writes nothing waits FIRST_BYTE)
HELP = ("?", "?", "Shamble help")  # open, close, and what it shows
LEAVE = ("q", "Leave this game")
QUIT_KEYS = "Q"  # the leave dialog's answer that leaves Shamble too


@dataclass
class ModeRun:
    first_frame: int = 0
    cursor: list[Step] = field(default_factory=list)
    help: list[int] = field(default_factory=list)  # bytes to open and close help
    log: list[Step] = field(default_factory=list)
    round: list[Step] = field(default_factory=list)
    quit: list[Step] = field(default_factory=list)
    keys: list[Step] = field(default_factory=list)  # every timed key


def play_mode(mode: Mode, home: Path, diff: bool = True, helps: int = 2) -> ModeRun:
    """A new game of `mode`: its first frame, cursor steps, help opened and
    closed, refused commands, one whole round, and leaving Shamble."""
    argv = [sys.executable, "-m", "tui.cli", "new", "--mode", mode.name, "--seed", "1",
            *mode.args]  # fmt: skip
    env = {"SHAMBLE_HOME": str(home), "SHAMBLE_DIFF_OUTPUT": "1" if diff else "0"}
    term = Terminal(argv, env)
    run = ModeRun()
    try:
        run.first_frame = term.start(mode.ready)
        run.cursor = [term.press(k, idle=True) for k in MODE_CURSOR]
        for _ in range(helps):
            opened = until_shown(term, term.press(HELP[0], idle=True), HELP[2], True, idle=True)
            closed = until_shown(term, term.press(HELP[1], idle=True), HELP[2], False, idle=True)
            run.help.append(opened.bytes + closed.bytes)
            run.keys += [opened, closed]
        for _ in range(2):
            before = term.text().count(mode.log_text)
            run.log.append(term.press(mode.log_key, idle=True))
            if term.text().count(mode.log_text) <= before and before < 4:
                raise RuntimeError(f"{mode.name}: {mode.log_key!r} logged no {mode.log_text!r}")
        for keys, until in mode.round_keys:
            run.round.append(term.press(keys, until=until))
        run.quit = leave(term)
        run.keys += run.cursor + run.log + run.round[:-1]  # not the AI's or bot's turn
    finally:
        term.close()
    return run


def until_shown(
    term: Terminal, step: Step, text: str, shown: bool, timeout: float = 30, idle: bool = False
) -> Step:
    """The step, and what follows it until `text` is on screen (or gone): on a
    loaded machine a quiet spell may come in the middle of drawing."""
    t0 = time.perf_counter()
    while (text in term.text()) != shown:
        if time.perf_counter() - t0 > timeout:
            raise RuntimeError(f"{text!r} shown={shown} after {timeout} s:\n{term.text()}")
        more = term.press("", idle=idle)
        step = Step(step.keys, step.bytes + more.bytes, more.ms if more.ms else step.ms)
    return step


def leave(term: Terminal) -> list[Step]:
    """Out of Shamble from a game: its leave dialog's quit answer when it has
    one, else leave the game and quit from the title."""
    steps = [until_shown(term, term.press(LEAVE[0], idle=True), LEAVE[1], True, idle=True)]
    if f"{QUIT_KEYS} " in term.text():
        keys = [QUIT_KEYS]
    else:
        keys = ["y", "q", "y"]
    for k in keys:
        steps.append(term.press(k))
    if not term.exited():
        raise RuntimeError(f"Shamble did not leave:\n{term.text()}")
    return steps


def mode_figures(home: Path) -> None:
    med = statistics.median
    for mode in MODES:
        run = play_mode(mode, home / mode.name)
        n = mode.name
        base = dict(term="xterm-256color", size=f"{COLS}x{ROWS}", args=" ".join(mode.args))
        emit(f"first_frame_bytes_{n}", run.first_frame, "B", **base)
        emit(f"cursor_step_bytes_{n}", med(s.bytes for s in run.cursor), "B",
             steps=len(run.cursor))  # fmt: skip
        emit(f"help_bytes_{n}", med(run.help), "B", note="? opens help, ? closes it")
        emit(f"log_line_bytes_{n}", med(s.bytes for s in run.log), "B",
             note=f"{mode.log_key!r}: a refused command, one log message")  # fmt: skip
        emit(f"round_bytes_{n}", sum(s.bytes for s in run.round), "B",
             keys="".join(k for k, _ in mode.round_keys).replace("\r", "Enter"))  # fmt: skip
        emit(f"quit_bytes_{n}", sum(s.bytes for s in run.quit), "B",
             keys=" ".join(s.keys for s in run.quit))  # fmt: skip
        emit(f"pty_keypress_p95_ms_{n}", _ms(run.keys, 95), "ms", p50=_ms(run.keys, 50),
             keys=len(run.keys), note="key to last byte; not the AI's turn nor leaving")  # fmt: skip


def main() -> None:
    t0 = time.perf_counter()
    with tempfile.TemporaryDirectory() as tmp:
        mode_figures(Path(tmp))
    note(f"pty: every mode's steps in {time.perf_counter() - t0:.1f} s")
    mission = bench_mission()
    with tempfile.TemporaryDirectory() as tmp:
        homes = {name: Path(tmp) / name for name in ("on", "off")}
        on = play(mission, homes["on"], diff=True)
        off = play(mission, homes["off"], diff=False)
        note(
            f"pty: {_silent(on.steps())} silent keys with the layer, {_silent(off.steps())} without"
        )
        base = dict(term="xterm-256color", size=f"{COLS}x{ROWS}", zombies=ZOMBIES, map=MISSION)
        _pair("first_frame_bytes", on.first_frame, off.first_frame, "B", **base)
        _pair("bytes_per_turn", statistics.median(on.turns), statistics.median(off.turns),
              "B", rounds=len(on.turns), note="3 survivors end turn (ask+confirm), zombie phase")  # fmt: skip
        med = statistics.median
        _pair("cursor_step_bytes", med(s.bytes for s in on.cursor),
              med(s.bytes for s in off.cursor), "B", steps=len(on.cursor))  # fmt: skip
        dialog_on = [
            a.bytes + b.bytes for a, b in zip(on.dialog_open, on.dialog_close, strict=True)
        ]
        dialog_off = [
            a.bytes + b.bytes for a, b in zip(off.dialog_open, off.dialog_close, strict=True)
        ]
        _pair("dialog_bytes", med(dialog_on), med(dialog_off), "B", dialog="leave game? (q, n)")
        _pair("dialog_open_ms", _ms(on.dialog_open, 95), _ms(off.dialog_open, 95), "ms",
              p50=_ms(on.dialog_open, 50), opens=len(on.dialog_open))  # fmt: skip
        _pair("end_turn_ms", _ms(on.end_turns, 95), _ms(off.end_turns, 95), "ms",
              p50=_ms(on.end_turns, 50), turns=len(on.end_turns), note="confirm key to last byte")  # fmt: skip
        _pair("pty_keypress_p95_ms", _ms(on.steps(), 95), _ms(off.steps(), 95), "ms",
              p50=_ms(on.steps(), 50), keys=len(on.steps()), note="incl. dialogs and turns")  # fmt: skip
        emit("bytes_per_command", on.save_growth / max(on.commands, 1), "B",
             commands=on.commands, note="save file growth per command")  # fmt: skip
        note(
            f"pty: the crowded station, with and without the layer, by {time.perf_counter() - t0:.1f} s"
        )
        loads = after_loads(_save_file(homes["on"]), Path(tmp))
        figures = {
            "look_after_load_ms": lambda r: r.look.ms or 0.0,
            "zombie_phase_after_load_ms": lambda r: r.zombie_phase.ms or 0.0,
            "gc_pause_after_load_ms": lambda r: r.gc_pause_ms,
        }
        for name, figure in figures.items():
            frozen = statistics.median(figure(r) for r in loads[True])
            unfrozen = statistics.median(figure(r) for r in loads[False])
            what = "longest collection once shown" if name.startswith("gc") else "key to last byte"
            _pair(name, frozen, unfrozen, "ms", loads=len(loads[True]),
                  note=f"{what}, one load; baseline without gc.freeze")  # fmt: skip


if __name__ == "__main__":
    main()
