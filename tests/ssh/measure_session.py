"""Resources one SSH player costs the host: `python tests/ssh/measure_session.py`.

Starts the tests' throwaway sshd (the hosting guide's setup), connects with
ssh inside tmux at 80x24, starts the tutorial, then reads /proc for the
server-side processes of that one connection (the game and sshd's two session
processes): memory as PSS (smaps_rollup: shared pages split between the
processes sharing them) and RSS, and CPU as utime+stime over a span of wall
time. Idle: nobody touches a key. Busy: a key every 0.1 s (cursor moves,
move-targeting and cancelling, opening the help and closing it)."""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))
sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from sshd_fixture import Sshd, SshTerminal, ensure_tools, wait_until  # noqa: E402

TICK = os.sysconf("SC_CLK_TCK")
BUSY_KEYS = ["Right", "Right", "Down", "Left", "Up", "m", "m", "Escape", "?", "Escape"]


def children(pid: int) -> list[int]:
    try:
        return [int(c) for c in Path(f"/proc/{pid}/task/{pid}/children").read_text().split()]
    except OSError:
        return []


def descendants(pid: int) -> list[int]:
    out, todo = [], children(pid)
    while todo:
        p = todo.pop()
        out.append(p)
        todo += children(p)
    return out


def cpu_seconds(pid: int) -> float:
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / TICK  # utime + stime


def memory_kb(pid: int) -> tuple[int, int]:
    pss = rss = 0
    for line in Path(f"/proc/{pid}/smaps_rollup").read_text().splitlines():
        if line.startswith("Pss:"):
            pss = int(line.split()[1])
        elif line.startswith("Rss:"):
            rss = int(line.split()[1])
    return pss, rss


def span(pids: list[int], seconds: float, keys: SshTerminal | None = None) -> dict:
    start = {p: cpu_seconds(p) for p in pids}
    began = time.monotonic()
    i = 0
    while time.monotonic() - began < seconds:
        if keys is not None:
            keys.keys(BUSY_KEYS[i % len(BUSY_KEYS)], pause=0.1)
            i += 1
        else:
            time.sleep(0.5)
    wall = time.monotonic() - began
    used = {p: cpu_seconds(p) - start[p] for p in pids}
    return {"wall": wall, "cpu": used, "keys": i}


def report(label: str, game: int, sessions: list[int], result: dict) -> None:
    pss, rss = memory_kb(game)
    side = [memory_kb(p) for p in sessions]
    game_cpu = result["cpu"][game] / result["wall"] * 100
    sshd_cpu = sum(result["cpu"][p] for p in sessions) / result["wall"] * 100
    print(
        f"{label}: {result['wall']:.0f} s, {result['keys']} keys; "
        f"game PSS {pss / 1024:.1f} MiB (RSS {rss / 1024:.1f} MiB), CPU {game_cpu:.1f}%; "
        f"sshd session processes PSS {sum(s[0] for s in side) / 1024:.1f} MiB, "
        f"CPU {sshd_cpu:.1f}%"
    )


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=30, help="length of each span")
    args = parser.parse_args()
    why = ensure_tools()
    if why:
        print(f"cannot measure: {why}", file=sys.stderr)
        return 2
    with tempfile.TemporaryDirectory(prefix="shamble-measure-") as root:
        server = Sshd(Path(root))
        server.start()
        term = SshTerminal(server)
        try:
            term.wait_for("New game", "Quit")
            term.keys("n")
            term.wait_for("move between rows")
            term.keys("BTab", "BTab", "Enter")  # Mode (focused first) <- Cancel <- Start
            term.wait_for("Round 1", "Survivors", "palette", gone=("move between rows",))
            (game,) = wait_until(server.game_processes, 5, "the game")
            sessions = [p for p in descendants(server.process.pid) if p != game]
            time.sleep(2)  # let start-up settle
            report("idle", game, sessions, span([game, *sessions], args.seconds))
            report("busy", game, sessions, span([game, *sessions], args.seconds, term))
            hwm = next(
                line.split()[1]
                for line in Path(f"/proc/{game}/status").read_text().splitlines()
                if line.startswith("VmHWM")
            )
            print(f"game peak RSS (VmHWM) {int(hwm) / 1024:.1f} MiB")
        finally:
            term.close()
            server.stop()
    return 0


if __name__ == "__main__":
    sys.exit(main())
