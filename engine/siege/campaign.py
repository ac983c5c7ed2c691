"""Siege campaigns (a house rule, docs/rules-siege.md "Campaign"), pure: the
missions in order, who plays the next one with what, and what a finished
mission changes. Storage belongs to saves/.

- The survivors of a won mission go on, in their seat order, each with the
  items they held at the end (an empty firearm is reloaded in between).
- The fallen never come back. The next mission's own humans who have not
  played yet join, fresh, until its starts are filled.
- A lost mission may be played again `retries` times in a row, by the
  roster and items that began it; then the campaign is lost.

The items go to Game.new as `carry` (the kernel's Setup.carry, whose `kept`
lists them); the game adds each human's starting item in front, so one copy
of it is left out here."""

from __future__ import annotations

from functools import cache

import msgspec

from engine.core.errors import RuleError
from engine.core.missions import shipped_campaigns
from engine.core.mode import get_mode
from engine.siege import content
from engine.siege.mission import load_mission


class CampaignSpec(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    id: str
    name: str
    missions: tuple[str, ...]
    mode: str = "siege"
    description: str = ""
    retries: int = 1


class Member(msgspec.Struct, frozen=True):
    """A human between missions: the items they carry into the next one."""

    id: str
    items: tuple[str, ...] = ()  # everything carried, the starting item included


class Progress(msgspec.Struct, frozen=True):
    campaign: str
    missions: tuple[str, ...]
    members: tuple[Member, ...]  # who plays the mission now due, in seat order
    index: int = 0
    losses: int = 0  # losses in a row at this mission
    retries: int = 1
    ironman: bool = False
    fallen: tuple[str, ...] = ()
    outcome: str | None = None  # won | lost
    history: tuple[tuple[str, str], ...] = ()  # (mission, outcome) in order

    @property
    def mission(self) -> str | None:
        return self.missions[self.index] if self.outcome is None else None


@cache
def campaigns() -> dict[str, CampaignSpec]:
    return shipped_campaigns("engine.content.siege.campaigns", CampaignSpec)


@cache
def _mission_humans(mission_id: str) -> tuple[tuple[str, ...], int]:
    """(default roster, number of starts) of a shipped mission."""
    m = load_mission(get_mode("siege").mission_text(mission_id), mission_id)
    return m.info.humans, len(m.starts())


def start(campaign_id: str, ironman: bool = False) -> Progress:
    spec = campaigns().get(campaign_id)
    if spec is None:
        raise RuleError("unknown_campaign", f"there is no campaign {campaign_id!r}")
    return Progress(
        campaign=spec.id,
        missions=spec.missions,
        members=_join((), spec.missions[0], ()),
        retries=spec.retries,
        ironman=ironman,
    )


def _join(members: tuple[Member, ...], mission: str, fallen: tuple[str, ...]) -> tuple:
    """The carried-over humans, then the mission's own newcomers, up to its starts."""
    humans, starts = _mission_humans(mission)
    out = list(members[:starts])
    have = {m.id for m in out}
    for hid in humans:
        if len(out) >= starts:
            break
        if hid not in have and hid not in fallen:
            out.append(Member(id=hid, items=(content.humans()[hid].starts_with,)))
            have.add(hid)
    return tuple(out)


def next_game(progress: Progress) -> dict:
    """Keyword arguments for Game.new for the mission now due."""
    if progress.outcome is not None:
        raise RuleError("campaign_over", f"the campaign is over: {progress.outcome}")
    return {
        "mode": "siege",
        "mission": progress.mission,
        "survivors": [m.id for m in progress.members],
        "undo": "ironman" if progress.ironman else "casual",
        "carry": {m.id: {"kept": _kept(m)} for m in progress.members},
    }


def _kept(m: Member) -> list[str]:
    """The items beyond the starting one, which the game gives back itself."""
    items = list(m.items)
    first = content.humans()[m.id].starts_with
    if first in items:
        items.remove(first)
    return items


def carried(summary: dict) -> tuple[Member, ...]:
    """The survivors of a finished game, in seat order, with what they hold."""
    return tuple(
        Member(id=hid, items=tuple(h["items"]))
        for hid, h in summary["humans"].items()
        if h["alive"]
    )


def finish_mission(progress: Progress, summary: dict) -> Progress:
    """Fold a finished game into the campaign."""
    outcome = summary.get("outcome")
    if outcome not in ("won", "lost"):
        raise RuleError("mission_not_over", "the mission is not over yet")
    if summary.get("mode") != "siege" or summary.get("mission") != progress.mission:
        raise RuleError("wrong_mission", f"the campaign is at {progress.mission}")
    history = progress.history + ((progress.mission, outcome),)
    if outcome == "lost":
        losses = progress.losses + 1
        final = "lost" if losses > progress.retries else None
        return msgspec.structs.replace(progress, losses=losses, outcome=final, history=history)
    dead = tuple(h for h, v in summary["humans"].items() if not v["alive"])
    fallen = progress.fallen + tuple(h for h in dead if h not in progress.fallen)
    index = progress.index + 1
    if index == len(progress.missions):
        return msgspec.structs.replace(
            progress, outcome="won", history=history, fallen=fallen, losses=0
        )
    members = _join(carried(summary), progress.missions[index], fallen)
    return msgspec.structs.replace(
        progress, members=members, index=index, losses=0, fallen=fallen, history=history
    )
