"""python -m bench peers: DCSS and NetHack measured as bench pty measures
Shamble (issue 29), so the two are compared side by side in one run.

Each peer runs in the same 80x24 pty (TERM=xterm-256color, COLORTERM unset),
in a fresh home, and takes the steps the Shamble figures count: its first
frame, moves (a cursor step's counterpart), help opened and closed, a refused
command (one message), a turn waited (a whole round; no AI of theirs is
shown doing anything), and save-and-quit. The figures carry the same names
as Shamble's with _dcss and _nethack suffixes. A peer that is not installed
(Debian: `apt-get install crawl nethack-console`) is skipped with a line
saying so. NetHack has no seed: its map, and so its moves' bytes, differ
from run to run (medians of several steps)."""

from __future__ import annotations

import os
import shutil
import statistics
import tempfile
from dataclasses import dataclass
from pathlib import Path

from bench.common import emit, note
from bench.pty_figures import Terminal, _ms, until_shown


@dataclass(frozen=True)
class Peer:
    name: str
    program: str
    package: str
    args: tuple[str, ...]
    env: tuple[tuple[str, str], ...]
    ready: str  # on screen once the game is drawn
    moves: str  # there and back, a few times
    help: tuple[str, str, str]  # open, close, and what the open help shows
    refused: str  # a command that only says why it cannot be done
    wait: str  # a turn passed
    quit: tuple[str, ...]  # save and leave


PEERS = (
    Peer("dcss", "crawl", "crawl",
         ("-name", "bench", "-species", "Human", "-background", "Fighter", "-seed", "1",
          "-extra-opt-first", "weapon=long sword"),
         (), "Press ? for a list", "jkjkjk", ("?", "\x1b", "Manual Contents"), "z", "s",
         ("S", "y")),
    Peer("nethack", "nethack", "nethack-console", ("-u", "{name}"),
         (("NETHACKOPTIONS", "!legacy,!news,!autopickup,suppress_alert:3.6.0,pettype:none,"
           "role:valkyrie,race:human,gender:female,align:neutral"),),
         "Dlvl:1", "lhlhlh", ("?", "\x1b", "Select one item"), "z", "s", ("S", "y")),
)  # fmt: skip


NETHACK_SAVES = "/var/games/nethack/save"  # Debian's


def find(program: str) -> str | None:
    return shutil.which(program) or shutil.which(program, path="/usr/games:/usr/local/games")


def play(peer: Peer, path: str, home: Path) -> dict[str, object]:
    env = {"HOME": str(home), **dict(peer.env)}
    name = f"bench{os.getpid()}"  # NetHack keeps its saves in one place for every user
    term = Terminal([path, *(a.format(name=name) for a in peer.args)], env)
    steps = []
    try:
        first = term.start(peer.ready, timeout=90.0)
        moves = [term.press(k) for k in peer.moves]
        helps = []
        for _ in range(3):
            opened = until_shown(term, term.press(peer.help[0]), peer.help[2], True)
            closed = term.press(peer.help[1], quiet=0.5)  # a bare Escape waits for more
            helps.append(opened.bytes + closed.bytes)
            steps += [opened]
        refused = [term.press(peer.refused) for _ in range(3)]
        waits = [term.press(peer.wait) for _ in range(3)]
        quit_steps = [term.press(k) for k in peer.quit]
        if not term.exited(timeout=5.0):
            quit_steps.append(term.press("\r"))  # a last --More--
            term.exited(timeout=5.0)
        steps += moves + refused + waits
    finally:
        term.close()
        for save in Path(NETHACK_SAVES).glob(f"*{name}*"):
            save.unlink(missing_ok=True)  # what it saved on leaving (ours alone: the pid)
    med = statistics.median
    return {
        "first_frame_bytes": first,
        "cursor_step_bytes": med(s.bytes for s in moves),
        "help_bytes": med(helps),
        "log_line_bytes": med(s.bytes for s in refused),
        "round_bytes": med(s.bytes for s in waits),
        "quit_bytes": sum(s.bytes for s in quit_steps),
        "pty_keypress_p95_ms": _ms(steps, 95),
    }


NOTES = {
    "cursor_step_bytes": "a move",
    "help_bytes": "? opens help, Escape closes it",
    "log_line_bytes": "z with nothing to zap or cast: one message",
    "round_bytes": "s: a turn waited",
    "quit_bytes": "save and quit",
    "pty_keypress_p95_ms": "key to last byte (not help's Escape)",
}


def main() -> None:
    for peer in PEERS:
        path = find(peer.program)
        if path is None:
            note(f"peers: {peer.program} is not installed (apt-get install {peer.package}): "
                 f"{peer.name} skipped")  # fmt: skip
            continue
        with tempfile.TemporaryDirectory() as home:
            figures = play(peer, path, Path(home))
        for name, value in figures.items():
            emit(f"{name}_{peer.name}", value, "ms" if name.endswith("_ms") else "B",
                 program=peer.program, note=NOTES.get(name, ""))  # fmt: skip


if __name__ == "__main__":
    main()
