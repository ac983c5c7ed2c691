"""The zombie turn a step at a time (`--playback`): the events of the
command that ended the humans' phase folded one at a time with the engine's
own evolve, a frame for each zombie's action (a bite with the life it
takes), then one for the spawns and the new round."""

from __future__ import annotations

from typing import Any

import msgspec

from tui.modes.base import Step
from tui.modes.siege.narrate import lives_before, narrate

NOTE = "The zombies act... (any key skips to the end)"
ACTIONS = frozenset({"zombie_moved", "zombie_attacked", "break_rolled", "zombie_turn_ended"})


def frames(game: Any, before: Any, events: list[Any], viewer: str) -> list[Step]:
    """A Step (view, log lines) per part of the zombie turn, what came
    before it the first; [] when the command ran no zombie turn."""
    tags = [msgspec.to_builtins(e)["type"] for e in events]
    if "zombie_turn_started" not in tags:
        return []
    mode, world = game.mode, game.world
    out: list[Step] = []
    state = before
    lives = lives_before(before)
    waiting: list[Any] = []
    started = False
    last = ""

    def flush() -> None:
        nonlocal lives
        lines = narrate(waiting, lives)
        lives = lives_before(state)
        if lines:
            out.append(Step(mode.view(world, state, viewer), lines, NOTE))
        elif out:  # nothing to tell (a turn's end): the last frame shows its board
            out[-1] = Step(mode.view(world, state, viewer), out[-1].lines, NOTE)
        waiting.clear()

    for event, tag in zip(events, tags, strict=True):
        begins = tag in ACTIONS or tag == "zombie_turn_started"
        if waiting and (begins or (started and tag == "spawn_rolled" and "spawn" not in last)):
            flush()
        started = started or tag == "zombie_turn_started"
        last = tag
        state = mode.evolve(world, state, event)
        waiting.append(event)
    if waiting:
        flush()
    return out
