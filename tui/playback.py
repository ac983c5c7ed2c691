"""Step-by-step zombie phase: the events of one command folded one at a time
(the engine's own evolve), so the board can show each group's move or attack
as it happens. Off by default (and in tests); `--playback` turns it on."""

from __future__ import annotations

from typing import Any

import msgspec

from tui.narrate import narrate

STEP_SECONDS = 0.35


def frames(game: Any, before: Any, events: list[Any]) -> list[tuple[dict, list[str]]]:
    """(players' view, log lines) after each narrated step of the zombie
    phase; everything up to the phase is the first frame. Empty when the
    command started no zombie phase."""
    mode, world = game.mode, game.world
    tags = [msgspec.to_builtins(e)["type"] for e in events]
    if "zombie_phase" not in tags:
        return []
    out: list[tuple[dict, list[str]]] = []
    state = before
    waiting: list[Any] = []
    started = False
    for event, tag in zip(events, tags, strict=True):
        state = mode.evolve(world, state, event)
        waiting.append(event)
        started = started or tag == "zombie_phase"
        if started:
            lines = narrate(waiting)
            if lines:
                out.append((mode.view(world, state, "players"), lines))
                waiting = []
    if waiting and out:
        view, lines = out[-1]
        out[-1] = (mode.view(world, state, "players"), lines + narrate(waiting))
    return out
