"""python -m bench [group ...]: print the performance figures as JSON lines.

Groups: engine (replay, load, undo, zombie phase, legal commands, playouts,
memory), tui (keypress, startup, headless), pty (bytes and key latency in a
real pseudo-terminal), siege, sniper and outbreak (each mode's AI or bot turn
and playouts), plain (the words a round's story speaks at the --plain
prompt), largest (legal commands and a zombie turn on the largest
map a mission may draw, each mode). Default: all."""

from __future__ import annotations

import importlib
import sys

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


def main(argv: list[str]) -> int:
    wanted = argv or list(GROUPS)
    for name in wanted:
        if name not in GROUPS:
            print(f"unknown group {name!r} (groups: {', '.join(GROUPS)})", file=sys.stderr)
            return 2
    for name in wanted:
        try:
            module = importlib.import_module(GROUPS[name])
        except ModuleNotFoundError as e:
            print(f"group {name}: not available ({e})", file=sys.stderr)
            continue
        module.main()
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
