"""Endless runs (issue 5): generated stations of rising difficulty, one after
another with the same roster, until a mission is lost. Ironman by default,
as roguelikes are. Survivors carry over as in a campaign (ST-C.2)."""

from __future__ import annotations

import msgspec

from engine.core.errors import RuleError
from engine.station.campaign import Member, carry_kwargs, carry_over, check_roster, playing

SIZES = ("small", "small", "medium", "medium", "large", "large", "huge")


class Run(msgspec.Struct, frozen=True):
    seed: int
    members: tuple[Member, ...]
    stage: int = 0  # stations cleared so far
    ironman: bool = True
    outcome: str | None = None  # "lost" when the run falls
    scores: tuple[int, ...] = ()  # score of each station played
    rounds: int = 0

    @property
    def score(self) -> int:
        return sum(self.scores)


def start(roster: list[str], seed: int, ironman: bool = True) -> Run:
    return Run(
        seed=seed, members=tuple(Member(id=s) for s in check_roster(list(roster))), ironman=ironman
    )


def stage_settings(stage: int) -> tuple[str, int]:
    """Size and difficulty of the n-th station (0-based): both rise."""
    return SIZES[min(stage, len(SIZES) - 1)], min(6, 1 + stage // 2)


def next_game(run: Run) -> dict:
    if run.outcome is not None:
        raise RuleError("run_over", "this run has fallen")
    size, difficulty = stage_settings(run.stage)
    return {
        "mode": "station",
        "mission": "random",
        "seed": run.seed * 1000 + run.stage,
        "size": size,
        "difficulty": str(difficulty),
        "survivors": [m.id for m in playing(run.members)],
        "undo": "ironman" if run.ironman else "casual",
        "carry": carry_kwargs(run.members),
    }


def finish_stage(run: Run, summary: dict, kept: dict[str, str | None]) -> Run:
    outcome = summary.get("outcome")
    if outcome not in ("won", "lost"):
        raise RuleError("mission_not_over", "the station is not cleared or lost yet")
    return msgspec.structs.replace(
        run,
        members=carry_over(run.members, summary, kept),
        stage=run.stage + (outcome == "won"),
        outcome=None if outcome == "won" else "lost",
        scores=run.scores + (int(summary.get("score", 0)),),
        rounds=run.rounds + int(summary.get("round", 0)),
    )
