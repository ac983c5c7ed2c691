"""Terminal figures (issue 6, items 6-8; issue 16, item 8): keypress to
screen (headless), on the largest station map and on the largest map of a
grid mode, and start-up time against a minimal Textual app started the same
way.

Bytes to the terminal and key latency in a real pty are bench/pty_figures.py's
(`python -m bench pty`), on the same crowded mission as the station keypress
here: bench_mission(), where a measured turn never ends the game."""

from __future__ import annotations

import asyncio
import fcntl
import os
import select
import statistics
import struct
import subprocess
import sys
import tempfile
import termios
import time
from pathlib import Path

from bench.common import emit, percentile
from bench.pty_figures import ZOMBIES, bench_mission
from engine import Game

ROOT = Path(__file__).resolve().parent.parent
LARGEST = "command_deck"
MINIMAL_APP = """
from textual.app import App
from textual.widgets import Footer, Header, Label

class Minimal(App):
    def compose(self):
        yield Header()
        yield Label("Hello from a minimal app")
        yield Footer()

Minimal().run()
"""


# -- keypress to finished repaint (headless pilot) ------------------------------
STATION_KEYS = ["l", "l", "k", "h", "j", "tab", "l", "h", "x"]  # each one repaints
GRID_KEYS = ["l", "l", "j", "j", "h", "k", "tab", "l", "l", "j", "h", "x"]


async def _keypresses(game: Game, keys: list[str], presses: int) -> list[float]:
    from tui.app import ShambleApp

    shown = asyncio.Event()
    stamp: list[float] = []  # when the first repaint after a press finished

    class Timed(ShambleApp):
        CSS_PATH = [ROOT / "tui" / p for p in ShambleApp.CSS_PATH]  # paths are per module

        def post_display_hook(self) -> None:
            if not shown.is_set():
                stamp.append(time.perf_counter())
                shown.set()

    app = Timed(game=game, autosave=False)
    times: list[float] = []
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        if type(app.screen).__name__ != "GameScreen":
            raise RuntimeError(f"the game screen did not open ({type(app.screen).__name__})")
        for i in range(presses):
            shown.clear()
            stamp.clear()
            t0 = time.perf_counter()
            await pilot.press(keys[i % len(keys)])
            try:
                await asyncio.wait_for(shown.wait(), 2.0)
            except TimeoutError:
                continue  # the key changed nothing on screen
            times.append(stamp[0] - t0)
    if not times:
        raise RuntimeError("no key press changed the screen")
    return times


def keypress_figures(mission: Path) -> None:
    game = Game.new("station", mission=mission, seed=1, survivors=["vega", "okafor", "lin"])
    times = asyncio.run(_keypresses(game, STATION_KEYS, 60))
    emit("keypress_p50_ms", percentile(times, 50) * 1000, "ms", presses=len(times), map=LARGEST)
    emit("keypress_p95_ms", percentile(times, 95) * 1000, "ms", zombies=ZOMBIES)


def grid_keypress_figures() -> None:
    """The same on a grid mode: siege's largest map, the cursor a cell at a time."""
    from bench.siege_figures import largest_mission

    mission = largest_mission()
    game = Game.new("siege", mission=mission, seed=1)
    times = asyncio.run(_keypresses(game, GRID_KEYS, 60))
    emit("siege_keypress_p50_ms", percentile(times, 50) * 1000, "ms", presses=len(times),
         map=mission)  # fmt: skip
    emit("siege_keypress_p95_ms", percentile(times, 95) * 1000, "ms", map=mission)


# -- a real pty (start-up) ---------------------------------------------------------------------
class Pty:
    """A program on a pseudo-terminal of a given size; counts what it writes."""

    def __init__(
        self, argv: list[str], cols: int = 80, rows: int = 24, env=None, keep_bytecode=False
    ) -> None:
        self.master, slave = os.openpty()
        fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", rows, cols, 0, 0))
        full_env = {**os.environ, "TERM": "xterm-256color", **(env or {})}
        full_env.pop("NO_COLOR", None)
        if keep_bytecode:
            full_env.pop("PYTHONDONTWRITEBYTECODE", None)
        self.proc = subprocess.Popen(
            argv, stdin=slave, stdout=slave, stderr=slave, env=full_env, cwd=ROOT,
            start_new_session=True,
        )  # fmt: skip
        os.close(slave)
        self.buffer = bytearray()

    def read_until(self, marker: bytes, timeout: float) -> float:
        """Seconds until marker appears in the output (inf on timeout)."""
        t0 = time.perf_counter()
        while marker not in self.buffer:
            left = timeout - (time.perf_counter() - t0)
            if left <= 0:
                return float("inf")
            self._read(min(left, 0.05))
        return time.perf_counter() - t0

    def settle(self, quiet: float = 0.6, timeout: float = 20.0) -> int:
        """Read until nothing arrives for `quiet` seconds; bytes read."""
        start = len(self.buffer)
        t0 = time.perf_counter()
        last = time.perf_counter()
        while time.perf_counter() - last < quiet and time.perf_counter() - t0 < timeout:
            if self._read(0.05):
                last = time.perf_counter()
        return len(self.buffer) - start

    def _read(self, wait: float) -> int:
        ready, _, _ = select.select([self.master], [], [], wait)
        if not ready:
            return 0
        try:
            data = os.read(self.master, 65536)
        except OSError:
            return 0
        self.buffer.extend(data)
        return len(data)

    def send(self, keys: str) -> None:
        os.write(self.master, keys.encode())

    def close(self, kill: bool = False) -> None:
        """End the program: SIGTERM and its own way out, or with `kill` at once
        (a figure that needs nothing more of it; Textual's way out takes
        0.3-0.6 s)."""
        try:
            (self.proc.kill if kill else self.proc.terminate)()
            self.proc.wait(timeout=5)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            self.proc.wait(timeout=5)
        os.close(self.master)


# -- start-up ---------------------------------------------------------------------------
def startup_figure(runs: int = 5) -> None:
    """Both programs started as installed ones start: from compiled bytecode.
    Under PYTHONDONTWRITEBYTECODE (set on the shared machines) a checkout's
    modules were compiled from source at every start while Textual's came
    compiled from site-packages; here both are compiled into a cache of the
    run's own (PYTHONPYCACHEPREFIX) by an untimed first start of each."""
    with tempfile.TemporaryDirectory() as home:
        minimal = Path(home) / "minimal_app.py"
        minimal.write_text(MINIMAL_APP)
        env = {"SHAMBLE_HOME": home, "PYTHONPYCACHEPREFIX": str(Path(home) / "bytecode")}
        ours, theirs = [], []
        for n in range(runs + 1):
            for argv, marker, out in (
                ([sys.executable, "-m", "tui.cli"], b"New game", ours),
                ([sys.executable, str(minimal)], b"Hello from", theirs),
            ):
                t0 = time.perf_counter()
                term = Pty(argv, env=env, keep_bytecode=True)
                try:
                    if term.read_until(marker, 30) == float("inf"):
                        raise RuntimeError(f"{marker!r} never appeared: {argv}")
                    if n:  # the first start of each compiles its bytecode
                        out.append(time.perf_counter() - t0)
                finally:
                    term.close(kill=True)
        a, b = statistics.median(ours), statistics.median(theirs)
        extra = dict(
            runs=runs, note="first title frame vs a minimal Textual app, both from bytecode"
        )
        emit("startup_ms", a * 1000, "ms", baseline=b * 1000, ratio=a / b)
        emit("startup_ratio", a / b, "x", baseline=b * 1000, ratio=a / b, **extra)


def main() -> None:
    keypress_figures(bench_mission())
    grid_keypress_figures()
    startup_figure()


if __name__ == "__main__":
    main()
