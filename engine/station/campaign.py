"""Campaign rules (RULES ST-C), pure: what the next mission is, who plays it
with what, and what a finished mission changes. Storage lives in saves/."""

from __future__ import annotations

from functools import cache

import msgspec

from engine.core.errors import RuleError
from engine.core.missions import shipped_campaigns
from engine.station import content


class CampaignSpec(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    id: str
    name: str
    missions: tuple[str, ...]
    mode: str = "station"
    description: str = ""
    survivors: tuple[str, ...] = ()
    retries: int = 1


class Member(msgspec.Struct, frozen=True):
    """A survivor between missions (ST-C.2)."""

    id: str
    xp: int = 0
    skills: tuple[str, ...] = ()  # skills chosen at orange and red, besides the starting one
    kept: tuple[str, ...] = ()
    sits_out: int = 0  # missions still to sit out


class Progress(msgspec.Struct, frozen=True):
    campaign: str
    missions: tuple[str, ...]
    members: tuple[Member, ...]
    index: int = 0  # the mission being played
    losses: int = 0  # losses in a row at this mission
    retries: int = 1
    ironman: bool = False
    outcome: str | None = None  # won | lost
    history: tuple[tuple[str, str], ...] = ()  # (mission, outcome) in order

    @property
    def mission(self) -> str | None:
        return self.missions[self.index] if self.outcome is None else None


@cache
def campaigns() -> dict[str, CampaignSpec]:
    return shipped_campaigns("engine.content.station.campaigns", CampaignSpec)


def start(campaign_id: str, roster: list[str] | None = None, ironman: bool = False) -> Progress:
    """ST-C.1: an ordered list of missions played with one roster."""
    spec = campaigns().get(campaign_id)
    if spec is None:
        raise RuleError("unknown_campaign", f"there is no campaign {campaign_id!r}")
    roster = check_roster(list(roster or spec.survivors))
    return Progress(
        campaign=spec.id,
        missions=spec.missions,
        members=tuple(Member(id=sid) for sid in roster),
        retries=spec.retries,
        ironman=ironman,
    )


def check_roster(roster: list[str]) -> list[str]:
    known = content.survivors()
    if not roster or len(roster) > 6 or len(set(roster)) != len(roster):
        raise RuleError("bad_roster", "a roster is 1 to 6 different survivors")
    for sid in roster:
        if sid not in known:
            raise RuleError("unknown_survivor", f"there is no survivor {sid!r}")
    return roster


def next_game(progress: Progress) -> dict:
    """Keyword arguments for Game.new for the next mission (ST-C.2, ST-C.4)."""
    if progress.outcome is not None:
        raise RuleError("campaign_over", f"the campaign is over: {progress.outcome}")
    return {
        "mode": "station",
        "mission": progress.missions[progress.index],
        "survivors": [m.id for m in playing(progress.members)],
        "undo": "ironman" if progress.ironman else "casual",
        "carry": carry_kwargs(progress.members),
    }


def keep_options(summary: dict, sid: str) -> list[str]:
    """The cards a survivor may keep: what they hold at the end, if they live."""
    s = summary["survivors"].get(sid)
    if not s or not s["alive"]:
        return []
    return list(dict.fromkeys(s["hand"] + s["backpack"]))


def _comes_back(sid: str, card: str, held: list[str]) -> bool:
    """Their own starting card, held once: it comes back anyway (ST-C.2), so
    keeping it adds no second copy."""
    return card == content.survivors()[sid].starts_with and held.count(card) == 1


def carry_over(
    members: tuple[Member, ...], summary: dict, kept: dict[str, str | None]
) -> tuple[Member, ...]:
    """The roster after a finished mission (ST-C.2): XP and skills kept, one
    kept card each, the eliminated sitting out the next mission."""
    out = []
    for m in members:
        s = summary["survivors"].get(m.id)
        if s is None:  # sat this one out
            out.append(msgspec.structs.replace(m, sits_out=max(0, m.sits_out - 1)))
        elif not s["alive"]:  # sits out the next mission, then returns at blue
            out.append(Member(id=m.id, sits_out=1))
        else:
            card = kept.get(m.id)
            if card is not None and card not in keep_options(summary, m.id):
                raise RuleError("cannot_keep", f"{m.id} does not hold a {card} to keep")
            if card is not None and _comes_back(m.id, card, s["hand"] + s["backpack"]):
                card = None
            start_skill = content.survivors()[m.id].skill
            out.append(
                Member(
                    id=m.id,
                    xp=s["xp"],
                    skills=tuple(k for k in s["skills"] if k != start_skill),
                    kept=(card,) if card else (),
                )
            )
    if all(m.sits_out for m in out):  # nobody left to play: everyone comes back
        out = [msgspec.structs.replace(m, sits_out=0) for m in out]
    return tuple(out)


def finish_mission(progress: Progress, summary: dict, kept: dict[str, str | None]) -> Progress:
    """Fold a finished mission into the campaign (ST-C.2, ST-C.3)."""
    outcome = summary.get("outcome")
    if outcome not in ("won", "lost"):
        raise RuleError("mission_not_over", "the mission is not over yet")
    if summary.get("mission") != progress.mission:
        raise RuleError("wrong_mission", f"the campaign is at {progress.mission}")
    members = carry_over(progress.members, summary, kept)
    history = progress.history + ((progress.mission, outcome),)
    index, losses, final = progress.index, progress.losses, None
    if outcome == "won":
        index, losses = index + 1, 0
        if index == len(progress.missions):
            final, index = "won", index - 1
    else:
        losses += 1
        if losses > progress.retries:  # ST-C.3: lost twice in a row
            final = "lost"
    return msgspec.structs.replace(
        progress, members=members, index=index, losses=losses, outcome=final, history=history
    )


def playing(members: tuple[Member, ...]) -> list[Member]:
    return [m for m in members if not m.sits_out]


def carry_kwargs(members: tuple[Member, ...]) -> dict:
    return {
        m.id: {"xp": m.xp, "skills": list(m.skills), "kept": list(m.kept)} for m in playing(members)
    }
