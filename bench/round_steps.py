"""python -m bench.round_steps [mode] [-v]: where a whole round's bytes go.

The pty bench's round for one mode (bench/pty_figures.py, MODES; Outbreak
by default), step by step: each key's output, and each playback step of an
AI's or bot's turn (output after a pause of STEP_GAP seconds is a new step),
with its bytes, what of them are colour codes (SGR) and cursor moves, the
cells that really changed on screen by region (board, panels, status line,
log, footer) and the text it sent with the escapes left out (-v: the raw
bytes too). Not a figure of the bench: a developer's look at a figure."""

from __future__ import annotations

import re
import sys
import tempfile
import time
from pathlib import Path

import pyte

from bench import pty_figures as pf

STEP_GAP = 0.12  # seconds without output between two playback steps (they are 0.35 s apart)
ESCAPE = re.compile(rb"\x1b\[[0-9;?]*[A-Za-z@]|\x1b[()][0-9A-Za-z]|\x1b[=>DEM78]|[\x08\r]")
PANELS = 46  # the first column of the side panels at 80 columns


def capture(mode: pf.Mode) -> tuple[list[tuple[str, list[bytes]]], list[bytes], int]:
    """The round's output as (key, chunks) steps, what came before it, and the
    bench's own count of the round's bytes."""
    chunks: list[tuple[float, str, bytes]] = []
    key = ["start"]
    read, press = pf.Terminal._read, pf.Terminal.press

    def reading(self: pf.Terminal, wait: float) -> bytes:
        data = read(self, wait)
        if data:
            chunks.append((time.perf_counter(), key[0], data))
        return data

    def pressing(self: pf.Terminal, keys: str, *args: object, **kw: object) -> pf.Step:
        if keys:
            key[0] = repr(keys)
        return press(self, keys, *args, **kw)  # type: ignore[arg-type]

    pf.Terminal._read, pf.Terminal.press = reading, pressing  # type: ignore[method-assign]
    try:
        with tempfile.TemporaryDirectory() as home:
            run = pf.play_mode(mode, Path(home), helps=0)
    finally:
        pf.Terminal._read, pf.Terminal.press = read, press  # type: ignore[method-assign]
    first_key = repr(mode.round_keys[0][0])
    start = next(i for i, c in enumerate(chunks) if c[1] == first_key)
    before = [data for _, _, data in chunks[:start]]
    steps: list[tuple[str, list[bytes]]] = []
    last = 0.0
    for t, k, data in chunks[start:]:
        if k == repr(pf.LEAVE[0]):
            break
        if steps and steps[-1][0] == k and t - last < STEP_GAP:
            steps[-1][1].append(data)
        else:
            steps.append((k, [data]))
        last = t
    return steps, before, sum(s.bytes for s in run.round)


def region(y: int, x: int, rows: int) -> str:
    below = rows - y  # the footer, then the log's four rows, then the status line
    if below == 1:
        return "footer"
    if below <= 5:
        return "log"
    if below == 6:
        return "status"
    return "board" if x < PANELS else "panels"


def main(argv: list[str]) -> None:
    name = next((a for a in argv if not a.startswith("-")), "outbreak")
    mode = next(m for m in pf.MODES if m.name == name)
    steps, before, counted = capture(mode)
    screen = pyte.Screen(pf.COLS, pf.ROWS)
    stream = pyte.ByteStream(screen)
    for data in before:
        stream.feed(data)

    def cells() -> list[list[tuple[object, ...]]]:
        return [[tuple(screen.buffer[y][x]) for x in range(pf.COLS)] for y in range(pf.ROWS)]

    shown, total, sgr, moves = cells(), 0, 0, 0
    for key, parts in steps:
        data = b"".join(parts)
        stream.feed(data)
        now = cells()
        changed: dict[str, int] = {}
        for y in range(pf.ROWS):
            for x in range(pf.COLS):
                if now[y][x] != shown[y][x]:
                    where = region(y, x, pf.ROWS)
                    changed[where] = changed.get(where, 0) + 1
        shown = now
        codes = [m.group(0) for m in ESCAPE.finditer(data)]
        colour = sum(len(c) for c in codes if c.endswith(b"m"))
        moved = sum(len(c) for c in codes) - colour
        total, sgr, moves = total + len(data), sgr + colour, moves + moved
        text = re.sub(r"\|+", "|", ESCAPE.sub(b"|", data).decode("utf-8", "replace"))
        print(f"{key:6} {len(data):5} B  sgr {colour:3}  moves {moved:3}  cells {changed}")
        print(f"       {text[:400]}")
        if "-v" in argv:
            print(f"       {data!r}")
    print(f"round {total} B (the bench counts {counted}): sgr {sgr}, moves {moves}, "
          f"the rest {total - sgr - moves} B of text")  # fmt: skip


if __name__ == "__main__":
    main(sys.argv[1:])
