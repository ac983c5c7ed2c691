"""Siege's Nightfall campaigns at the plain prompt (tui/plain/records.py):
the records, rules and fold of the campaign screen (campaign.py), in lines."""

from __future__ import annotations

import random
from typing import Any

from engine import Game, RuleError
from engine.siege import campaign as rules
from engine.siege import content
from tui.modes.siege.campaign import band_table, campaign_name, fold_mission, line, mission_names
from tui.plain.io import Lines
from tui.plain.records import Course, mission_lines, pick, table_lines, yes_no


class SiegeCampaign(Course):
    mode, kind = "siege", "campaign"
    label, noun, new_label = "Siege campaign", "campaign", "New siege campaign"

    def describe(self, info: Any) -> str:
        return line(info)

    def new(self, io: Lines) -> tuple[Any, str, None] | None:
        specs = list(rules.campaigns().values())
        i = pick(io, "Campaign", [f"{s.name} ({len(s.missions)} missions)" for s in specs])
        if i is None:
            return None
        spec, names = specs[i], mission_names()
        order = ", ".join(names.get(m, {}).get("name", m) for m in spec.missions)
        io.say(f"{spec.description} Missions: {order}.")
        ironman = yes_no(io, "Ironman (no undo)", False)
        if ironman is None:
            return None
        try:
            progress = rules.start(spec.id, ironman=ironman)
        except RuleError as e:
            io.say(f"That campaign cannot start: {e.message}")
            return None
        return progress, progress.campaign, None

    def heading(self, record: Any) -> str:
        p = record.progress
        iron = ", ironman" if p.ironman else ""
        return f"{campaign_name(p.campaign)}: campaign {record.state.header.name}{iron}."

    def body(self, record: Any, in_play: bool) -> list[str]:
        p = record.progress
        lines = mission_lines(p, mission_names(), in_play)
        lines += ["The band:"] + table_lines(band_table(p.members))
        if p.fallen:
            lines.append(f"Fallen: {', '.join(content.name(h) for h in p.fallen)}.")
        return lines

    def next_lines(self, record: Any, in_play: bool) -> list[str]:
        p = record.progress
        if p.outcome == "won":
            return ["The campaign is won: the band made it through the night."]
        if p.outcome == "lost":
            return ["The campaign is lost: a mission lost twice in a row."]
        info = mission_names().get(p.mission or "", {})
        text = f"Next: {info.get('name', p.mission)} ({info.get('size', '')}, "
        text += f"{info.get('turn_limit', '?')} rounds)"
        if p.losses:
            text += ", a retry: lose it again and the campaign is lost"
        return [text + "."]

    def briefing(self, record: Any) -> str:
        return mission_names().get(record.progress.mission or "", {}).get("briefing", "")

    def play_label(self, record: Any) -> str:
        p = record.progress
        name = mission_names().get(p.mission or "", {}).get("name", p.mission)
        return f"{'Retry' if p.losses else 'Play'} mission {p.index + 1}: {name}"

    def new_game(self, record: Any) -> Game:
        return Game.new(**rules.next_game(record.progress), seed=random.randrange(1_000_000))

    def fold(self, io: Lines, record: Any, game: Any) -> bool:
        fold_mission(record, game)
        return True

    def ended(self, io: Lines, record: Any) -> None:
        won = record.progress.outcome == "won"
        io.say("CAMPAIGN WON." if won else "CAMPAIGN LOST.")


def courses() -> list[Course]:
    return [SiegeCampaign()]
