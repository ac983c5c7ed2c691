"""Terminal figures (issue 6, items 6-8): keypress to screen, bytes written to
a real pty for one turn and for the first frame, and start-up time against a
minimal Textual app started the same way."""

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
from engine import Game, get_mode

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


def crowded_mission(zombies: int = 120) -> Path:
    """The largest shipped map with `zombies` walkers spread over its lit zones."""
    mode = get_mode("station")
    text = mode.mission_text(LARGEST)
    g = Game.new("station", mission=LARGEST, seed=1)
    lit = [z for z in g.world.board.zones if z not in g.state.dark and z != g.world.start]
    blocks = []
    for i in range(zombies):
        kind = ("walker", "walker", "runner", "dog")[i % 4]
        blocks.append(f'[[zombies]]\nzone = "{lit[i % len(lit)]}"\nkind = "{kind}"\ncount = 1\n')
    text = text.replace("max_zombies = 60", "max_zombies = 400") + "\n" + "\n".join(blocks)
    path = Path(tempfile.mkdtemp(prefix="shamble-bench-")) / "crowded.toml"
    path.write_text(text)
    return path


# -- keypress to finished repaint (headless pilot) ------------------------------
async def _keypresses(mission: Path, presses: int) -> list[float]:
    from tui.app import ShambleApp

    shown = asyncio.Event()
    stamp: list[float] = []  # when the first repaint after a press finished

    class Timed(ShambleApp):
        CSS_PATH = [ROOT / "tui" / p for p in ShambleApp.CSS_PATH]  # paths are per module

        def post_display_hook(self) -> None:
            if not shown.is_set():
                stamp.append(time.perf_counter())
                shown.set()

    game = Game.new("station", mission=mission, seed=1, survivors=["vega", "okafor", "lin"])
    app = Timed(game=game, autosave=False)
    times: list[float] = []
    keys = ["l", "l", "j", "h", "k", "tab", "l", "j", "h", "x"]
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
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
    return times


def keypress_figures(mission: Path) -> None:
    times = asyncio.run(_keypresses(mission, 60))
    emit("keypress_p50_ms", percentile(times, 50) * 1000, "ms", presses=len(times), map=LARGEST)
    emit("keypress_p95_ms", percentile(times, 95) * 1000, "ms", zombies=120)


# -- a real pty ---------------------------------------------------------------------
class Pty:
    """A program on a pseudo-terminal of a given size; counts what it writes."""

    def __init__(self, argv: list[str], cols: int = 80, rows: int = 24, env=None) -> None:
        self.master, slave = os.openpty()
        fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", rows, cols, 0, 0))
        full_env = {**os.environ, "TERM": "xterm-256color", **(env or {})}
        full_env.pop("NO_COLOR", None)
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

    def close(self) -> None:
        try:
            self.proc.terminate()
            self.proc.wait(timeout=5)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            self.proc.wait(timeout=5)
        os.close(self.master)


def one_turn_in_a_pty(mission: Path) -> tuple[int, int]:
    """(bytes of the first game frame, bytes of one turn) in a real 80x24 pty."""
    with tempfile.TemporaryDirectory() as home:
        argv = [sys.executable, "-m", "tui.cli", "new", "--mission", str(mission), "--seed", "1",
                "--survivors", "vega,okafor,lin"]  # fmt: skip
        term = Pty(argv, env={"SHAMBLE_HOME": home})
        try:
            if term.read_until(b"Survivors", 30) == float("inf"):
                raise RuntimeError("the game screen did not appear in a pty")
            term.settle()
            first_frame = len(term.buffer)
            turn = 0
            for _ in range(3):  # each survivor ends their turn; the last starts the zombie phase
                term.send("e")
                turn += term.settle(0.4)
                term.send("y")
                turn += term.settle(0.6)
            return first_frame, turn
        finally:
            term.close()


def bytes_figures(mission: Path, runs: int = 3) -> None:
    results = [one_turn_in_a_pty(mission) for _ in range(runs)]
    first = statistics.median(r[0] for r in results)
    turn = statistics.median(r[1] for r in results)
    emit("first_frame_bytes", first, "B", term="xterm-256color", size="80x24")
    emit("bytes_per_turn", turn, "B", zombies=120, map=LARGEST, note="3 survivors end turn")


# -- start-up ---------------------------------------------------------------------------
def startup_figure(runs: int = 5) -> None:
    with tempfile.TemporaryDirectory() as home:
        minimal = Path(home) / "minimal_app.py"
        minimal.write_text(MINIMAL_APP)
        ours, theirs = [], []
        for _ in range(runs):
            for argv, marker, out in (
                ([sys.executable, "-m", "tui.cli"], b"New game", ours),
                ([sys.executable, str(minimal)], b"Hello from", theirs),
            ):
                t0 = time.perf_counter()
                term = Pty(argv, env={"SHAMBLE_HOME": home})
                try:
                    term.read_until(marker, 30)
                    out.append(time.perf_counter() - t0)
                finally:
                    term.close()
        a, b = statistics.median(ours), statistics.median(theirs)
        emit("startup_ms", a * 1000, "ms", baseline=b * 1000, ratio=a / b)
        emit("startup_ratio", a / b, "x", baseline=b * 1000, ratio=a / b)


def main() -> None:
    mission = crowded_mission()
    keypress_figures(mission)
    bytes_figures(mission)
    startup_figure()


if __name__ == "__main__":
    main()
