"""Step-by-step zombie phase: the events of one command folded one at a time
(the engine's own evolve), so the board can show each group's move or attack
as it happens. Off by default (and in tests); `--playback` turns it on."""

from __future__ import annotations

from typing import Any

import msgspec

from tui.modes.base import Step
from tui.modes.station.narrate import narrate

NOTE = "The zombies act... (any key skips to the end)"


def frames(game: Any, before: Any, events: list[Any], viewer: str = "players") -> list[Step]:
    """A Step (view, log lines) after each narrated step of the zombie
    phase; everything up to the phase is the first step. Empty when the
    command started no zombie phase."""
    mode, world = game.mode, game.world
    tags = [msgspec.to_builtins(e)["type"] for e in events]
    if "zombie_phase" not in tags:
        return []
    out: list[Step] = []
    seen = mode.view(world, before, viewer)  # the view before the command: moves say from where
    state = before
    waiting: list[Any] = []
    started = False
    for event, tag in zip(events, tags, strict=True):
        state = mode.evolve(world, state, event)
        waiting.append(event)
        started = started or tag == "zombie_phase"
        if started:
            lines = narrate(waiting, seen, phases=False)
            if lines:
                view = mode.view(world, state, viewer)
                if tag == "zombies_spawned":  # the board looks where they came
                    view["spawned"] = msgspec.to_builtins(event)["zone"]
                out.append(Step(view, lines, NOTE))
                waiting = []
    if waiting and out:
        last = out[-1]
        out[-1] = Step(
            mode.view(world, state, viewer), last.lines + narrate(waiting, seen, phases=False), NOTE
        )
    return out
