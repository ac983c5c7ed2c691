"""How fast bots' turns are shown in Outbreak: a step at a time (each
command of a bot on screen for a moment, any key shows the rest at once) or
"fast" (the screen jumps to where the bots left the game; the log still
tells every move, so nobody misses what a bot did in view).

The setting holds for the whole session: the s key toggles it during a
game, and SHAMBLE_OUTBREAK_BOTS=fast starts Shamble with it on."""

from __future__ import annotations

import os

_fast = os.environ.get("SHAMBLE_OUTBREAK_BOTS", "") == "fast"


def fast() -> bool:
    return _fast


def set_fast(on: bool) -> None:
    global _fast
    _fast = on
