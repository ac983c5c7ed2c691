"""The sniper's campaign (house rule SN-C), pure: the five shipped maps in
order, his ammunition and his cards carried from one mission to the next.

- SN-C.1 The campaign plays village, rail_yard, forest_road, mill, border in
  that order (a campaign begun with three maps keeps its three).
- SN-C.2 A won mission sends him on with the rounds left in his rifle and the
  cards left in his hand; the next mission adds any card of its own kit he
  does not hold. Health is whole again at every mission.
- SN-C.3 A lost mission may be played again once, with what he carried into
  it; lost twice in a row, the campaign is lost. Won when the last is won.
- SN-C.4 An ironman campaign refuses undo.

Storage (a campaign record) belongs to saves/; this module only computes."""

from __future__ import annotations

import msgspec

from engine.core.errors import RuleError
from engine.sniper import content

MISSIONS = ("village", "rail_yard", "forest_road", "mill", "border")


class Progress(msgspec.Struct, frozen=True):
    missions: tuple[str, ...] = MISSIONS
    index: int = 0  # the mission being played
    ammo: int | None = None  # rounds carried in (None: the mission's own)
    hand: tuple[str, ...] | None = None  # cards carried in (None: the mission's kit)
    losses: int = 0  # losses in a row at this mission
    retries: int = 1
    ironman: bool = False
    outcome: str | None = None  # won | lost
    history: tuple[tuple[str, str], ...] = ()  # (mission, outcome) in order

    @property
    def mission(self) -> str | None:
        return self.missions[self.index] if self.outcome is None else None


def start(ironman: bool = False) -> Progress:
    return Progress(ironman=ironman)


def next_game(progress: Progress, commander: str = "ai") -> dict:
    """Keyword arguments for Game.new for the next mission (SN-C.2, SN-C.4)."""
    if progress.outcome is not None:
        raise RuleError("campaign_over", f"the campaign is over: {progress.outcome}")
    kwargs: dict = {
        "mode": "sniper",
        "mission": progress.missions[progress.index],
        "undo": "ironman" if progress.ironman else "casual",
        "commander": commander,
    }
    if progress.ammo is not None:
        kwargs["ammo"] = progress.ammo
    if progress.hand is not None:
        kwargs["carry"] = {"sniper": {"kept": list(progress.hand)}}
    return kwargs


def finish_mission(progress: Progress, summary: dict) -> Progress:
    """Fold a finished mission's summary into the campaign (SN-C.2, SN-C.3)."""
    outcome = summary.get("outcome")
    if summary.get("mode") != "sniper" or outcome not in ("won", "lost"):
        raise RuleError("mission_not_over", "the mission is not over yet")
    if summary.get("mission") != progress.mission:
        raise RuleError("wrong_mission", f"the campaign is at {progress.mission}")
    history = progress.history + ((progress.mission, outcome),)
    if outcome == "lost":
        losses = progress.losses + 1
        final = "lost" if losses > progress.retries else None
        return msgspec.structs.replace(progress, losses=losses, outcome=final, history=history)
    sniper = summary["sniper"]
    hand = tuple(c for c in sniper["hand"] if c in content.content().equipment)
    index, final = progress.index + 1, None
    if index == len(progress.missions):
        index, final = index - 1, "won"
    return msgspec.structs.replace(
        progress,
        index=index,
        ammo=max(0, min(int(sniper["ammo"]), content.numbers().max_ammo)),
        hand=hand,
        losses=0,
        outcome=final,
        history=history,
    )
