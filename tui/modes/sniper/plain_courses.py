"""The sniper's campaign (house rule SN-C) at the plain prompt
(tui/plain/records.py): the records, rules and fold of the campaign screen
(campaign.py), in lines; who plays the commander asked by number."""

from __future__ import annotations

import random
from typing import Any

from engine import Game
from engine.sniper import campaign as rules
from tui.modes.sniper import words
from tui.modes.sniper.campaign import (
    COMMANDERS,
    commander_of,
    describe,
    fold_mission,
    mission_infos,
)
from tui.plain.io import Lines
from tui.plain.records import Course, mission_lines, pick, yes_no


class SniperCampaign(Course):
    mode, kind = "sniper", "campaign"
    label, noun, new_label = "Sniper campaign", "campaign", "New sniper campaign"

    def describe(self, info: Any) -> str:
        return describe(info)

    def new(self, io: Lines) -> tuple[Any, str, dict[str, str]] | None:
        io.say(
            "The village, the rail yard, the forest road, in order. A won mission sends you "
            "on with the rounds and kit you have left; a lost one may be played again once."
        )
        i = pick(io, "Commander", [label for label, _ in COMMANDERS])
        if i is None:
            return None
        ironman = yes_no(io, "Ironman (no undo)", False)
        if ironman is None:
            return None
        return rules.start(ironman=ironman), "sniper", {"commander": COMMANDERS[i][1]}

    def commander(self, record: Any) -> str:
        return commander_of(record.state.header.options)

    def heading(self, record: Any) -> str:
        p = record.progress
        iron = ", ironman" if p.ironman else ""
        who = ", hot-seat commander" if self.commander(record) == "human" else ""
        return f"Sniper campaign {record.state.header.name}{iron}{who}."

    def body(self, record: Any, in_play: bool) -> list[str]:
        p = record.progress
        lines = mission_lines(p, mission_infos(), in_play)
        if p.hand is None and p.ammo is None:
            return [*lines, "You go in with the mission's own ammo and kit."]
        kit = ", ".join(words.card(c) for c in p.hand or ()) or "no kit"
        return [
            *lines,
            f"You carry in: {p.ammo} rounds; {kit}. The mission adds any of its own kit "
            "you lack; health is whole again.",
        ]

    def next_lines(self, record: Any, in_play: bool) -> list[str]:
        p = record.progress
        if p.outcome == "won":
            return ["The campaign is won: all three missions done."]
        if p.outcome == "lost":
            return ["The campaign is lost: a mission lost twice in a row."]
        info = mission_infos().get(p.mission or "", {})
        retry = " (a retry: lose it again and the campaign is lost)" if p.losses else ""
        return [f"Next: {info.get('name', p.mission)}{retry}."]

    def briefing(self, record: Any) -> str:
        return mission_infos().get(record.progress.mission or "", {}).get("briefing", "")

    def play_label(self, record: Any) -> str:
        p = record.progress
        name = mission_infos().get(p.mission or "", {}).get("name", p.mission)
        return f"{'Retry' if p.losses else 'Play'} mission {p.index + 1}: {name}"

    def new_game(self, record: Any) -> Game:
        kwargs = rules.next_game(record.progress, self.commander(record))
        return Game.new(**kwargs, seed=random.randrange(1_000_000))

    def fold(self, io: Lines, record: Any, game: Any) -> bool:
        fold_mission(record, game)
        return True

    def ended(self, io: Lines, record: Any) -> None:
        won = record.progress.outcome == "won"
        io.say("CAMPAIGN WON." if won else "CAMPAIGN LOST.")


def courses() -> list[Course]:
    return [SniperCampaign()]
