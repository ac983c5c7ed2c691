"""python -m bench [group ...]: print the performance figures as JSON lines.

Groups: engine (replay, load, undo, zombie phase, legal commands, playouts,
memory), tui (keypress, startup, headless), pty (bytes and key latency in a
real pseudo-terminal), siege, sniper and outbreak (each mode's AI or bot turn
and playouts), plain (the words a round's story speaks at the --plain
prompt), largest (legal commands and a zombie turn on the largest
map a mission may draw, each mode). Default: all of those. Asked for by name
only: peers (DCSS and NetHack measured as pty measures Shamble, when `crawl`
and `nethack` are installed), fenrir (Station's tutorial at the --plain
prompt under the Fenrir screen reader, when `fenrir` is installed)."""

from __future__ import annotations

import importlib
import sys
import time

GROUPS = {
    "engine": "bench.engine_figures",
    "tui": "bench.tui_figures",
    "pty": "bench.pty_figures",
    "siege": "bench.siege_figures",
    "sniper": "bench.sniper_figures",
    "outbreak": "bench.outbreak_figures",
    "plain": "bench.plain_figures",
    "largest": "bench.largest_figures",
}
EXTRA = {"peers": "bench.peer_figures", "fenrir": "bench.fenrir_figures"}


def main(argv: list[str]) -> int:
    wanted = argv or list(GROUPS)
    known = {**GROUPS, **EXTRA}
    for name in wanted:
        if name not in known:
            print(f"unknown group {name!r} (groups: {', '.join(known)})", file=sys.stderr)
            return 2
    from bench.common import emit, note

    t0 = time.perf_counter()
    for name in wanted:
        try:
            module = importlib.import_module(known[name])
        except ModuleNotFoundError as e:
            print(f"group {name}: not available ({e})", file=sys.stderr)
            continue
        began = time.perf_counter()
        module.main()
        note(f"group {name}: {time.perf_counter() - began:.1f} s")
    emit("bench_s", time.perf_counter() - t0, "s", groups=wanted,
         note="the whole run; target under 240 s on 2 cores")  # fmt: skip
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
