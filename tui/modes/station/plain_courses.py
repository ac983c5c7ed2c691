"""Station's campaigns (RULES ST-C) and endless runs at the plain prompt
(tui/plain/records.py): the same records, rules and folds as the campaign
and run screens (campaign.py, endless.py, progress.py), said in lines, and
the cards each survivor keeps (ST-C.2) chosen by number."""

from __future__ import annotations

import random
from typing import Any

from engine import Game
from engine.station import campaign as rules
from engine.station import content, endless
from tui.modes.station.actions import card_name
from tui.modes.station.campaign import campaign_line, mission_infos
from tui.modes.station.endless import record_run_score, run_line
from tui.modes.station.fields import survivor_roster
from tui.modes.station.progress import fold_finished, keep_choices, keep_first, roster_table
from tui.plain.io import Lines
from tui.plain.records import Course, mission_lines, pick, table_lines, whole_number, yes_no
from tui.text import display_name


def ask_roster(io: Lines, chosen: list[str]) -> list[str] | None:
    """The survivors by number ("1 3 4"); Enter keeps the ones offered."""
    roster = survivor_roster()
    io.say("Survivors:", [f"{i}. {label}" for i, (_, label) in enumerate(roster, 1)])
    offered = " ".join(str(i) for i, (sid, _) in enumerate(roster, 1) if sid in chosen)
    while True:
        answer = io.ask(f"Type the numbers of who goes, with spaces between (Enter: {offered}):")
        if answer is None:
            return None
        picked = (answer or offered).replace(",", " ").split()
        if picked and all(p.isdigit() and 1 <= int(p) <= len(roster) for p in picked):
            return list(dict.fromkeys(roster[int(p) - 1][0] for p in picked))
        io.say(f"Numbers from 1 to {len(roster)}, like: {offered}.")


def keep_cards(io: Lines, game: Game) -> dict[str, str | None] | None:
    """ST-C.2: each living survivor keeps one card they hold, by number."""
    options = keep_choices(game)
    kept: dict[str, str | None] = {}
    starts = [
        f"{display_name(sid)}'s {card_name(content.survivors()[sid].starts_with)}"
        for sid in options
        if content.survivors()[sid].starts_with
    ]
    if starts:
        io.say(
            f"Each survivor keeps one card for the next mission. Back anyway: {', '.join(starts)}."
        )
    for sid, cards in options.items():
        labels = [card_name(c) for c in cards] + ["nothing"]
        first = keep_first(sid, cards)
        i = pick(io, f"{display_name(sid)} keeps", labels, cards.index(first) if first else 0)
        if i is None:
            return None
        kept[sid] = cards[i] if i < len(cards) else None
    return kept


def roster_lines(members: Any) -> list[str]:
    lines = table_lines(roster_table(members))
    return [line.replace("xp ", "XP ").replace("keeps -", "keeps nothing") for line in lines]


class StationCampaign(Course):
    mode, kind = "station", "campaign"
    label, noun, new_label = "Station campaign", "campaign", "New campaign"

    def describe(self, info: Any) -> str:
        return campaign_line(info)

    def new(self, io: Lines) -> tuple[Any, str, None] | None:
        from engine import RuleError

        specs = list(rules.campaigns().values())
        i = pick(io, "Campaign", [f"{s.name} ({len(s.missions)} missions)" for s in specs])
        if i is None:
            return None
        spec = specs[i]
        if spec.description:
            io.say(spec.description)
        roster = ask_roster(io, list(spec.survivors) or ["vega", "okafor"])
        if roster is None:
            return None
        ironman = yes_no(io, "Ironman (no undo)", False)
        if ironman is None:
            return None
        try:
            progress = rules.start(spec.id, roster, ironman=ironman)
        except RuleError as e:
            io.say(f"That campaign cannot start: {e.message}")
            return None
        return progress, progress.campaign, None

    def heading(self, record: Any) -> str:
        p = record.progress
        spec = rules.campaigns().get(p.campaign)
        iron = ", ironman" if p.ironman else ""
        return f"{spec.name if spec else p.campaign}: campaign {record.state.header.name}{iron}."

    def body(self, record: Any, in_play: bool) -> list[str]:
        return mission_lines(record.progress, mission_infos(), in_play) + roster_lines(
            record.progress.members
        )

    def next_lines(self, record: Any, in_play: bool) -> list[str]:
        p = record.progress
        if p.outcome == "won":
            return ["The campaign is won."]
        if p.outcome == "lost":
            return ["The campaign is lost: a mission lost twice in a row."]
        info = mission_infos().get(p.mission or "", {})
        text = f"Next: {info.get('name', p.mission)} (difficulty {info.get('difficulty', '?')})"
        if p.losses:
            left = p.retries - p.losses + 1
            text += f", a retry; lose it {'again ' if left == 1 else ''}and the campaign is lost"
        return [text + "."]

    def briefing(self, record: Any) -> str:
        return mission_infos().get(record.progress.mission or "", {}).get("briefing", "")

    def play_label(self, record: Any) -> str:
        p = record.progress
        info = mission_infos().get(p.mission or "", {})
        verb = "Retry" if p.losses else "Play"
        return f"{verb} mission {p.index + 1}: {info.get('name', p.mission)}"

    def new_game(self, record: Any) -> Game:
        return Game.new(**rules.next_game(record.progress), seed=random.randrange(1_000_000))

    def fold_rules(self, progress: Any, summary: dict, kept: dict) -> Any:
        return rules.finish_mission(progress, summary, kept)

    def fold(self, io: Lines, record: Any, game: Any) -> bool:
        summary = game.summary()
        kept = keep_cards(io, game)
        if kept is None:
            return False
        fold_finished(record, self.fold_rules(record.progress, summary, kept), summary, game)
        return True

    def ended(self, io: Lines, record: Any) -> None:
        p = record.progress
        infos = mission_infos()
        won = sum(o == "won" for _, o in p.history)
        io.say("CAMPAIGN WON." if p.outcome == "won" else "CAMPAIGN LOST.")
        played = ", ".join(f"{infos.get(m, {}).get('name', m)} {o}" for m, o in p.history)
        io.say(f"{won} of {len(p.missions)} missions won in {len(p.history)} played: {played}.")


class StationRun(StationCampaign):
    kind = "endless"
    label, noun, new_label = "Station endless run", "endless run", "New endless run"

    def describe(self, info: Any) -> str:
        return run_line(info)

    def new(self, io: Lines) -> tuple[Any, str, None] | None:
        roster = ask_roster(io, ["vega", "okafor", "hale"])
        if roster is None:
            return None
        seed = whole_number(io, "Seed", random.randrange(1_000_000))
        if seed is None:
            return None
        ironman = yes_no(io, "Ironman (no undo)", True)
        if ironman is None:
            return None
        from engine import RuleError

        try:
            return endless.start(roster, seed, ironman=ironman), "run", None
        except RuleError as e:
            io.say(f"That run cannot start: {e.message}")
            return None

    def heading(self, record: Any) -> str:
        run = record.progress
        iron = ", ironman" if run.ironman else ""
        name = record.state.header.name
        return f"Endless run {name}: seed {run.seed}{iron}, score {run.score}."

    def body(self, record: Any, in_play: bool) -> list[str]:
        run = record.progress
        lines = []
        for i, score in enumerate(run.scores):
            size, difficulty = endless.stage_settings(i)
            outcome = "lost" if run.outcome and i == len(run.scores) - 1 else "cleared"
            lines.append(
                f"Station {i + 1}, {size}, difficulty {difficulty}: {outcome}, score {score}."
            )
        return lines + roster_lines(run.members)

    def next_lines(self, record: Any, in_play: bool) -> list[str]:
        run = record.progress
        if run.outcome:
            s = "s" if run.stage != 1 else ""
            return [f"The run has fallen after {run.stage} station{s}: score {run.score}."]
        size, difficulty = endless.stage_settings(run.stage)
        state = "in play" if in_play else "next"
        return [
            f"Station {run.stage + 1}, {size}, difficulty {difficulty}, {state}. "
            "Clear it to go on; lose it and the run is over."
        ]

    def briefing(self, record: Any) -> str:
        return ""

    def play_label(self, record: Any) -> str:
        return f"Board station {record.progress.stage + 1}"

    def new_game(self, record: Any) -> Game:
        return Game.new(**endless.next_game(record.progress))

    def fold_rules(self, progress: Any, summary: dict, kept: dict) -> Any:
        return endless.finish_stage(progress, summary, kept)

    def opened(self, io: Lines, record: Any) -> None:
        if record.progress.outcome and not record.state.scored:
            self.ended(io, record)  # it fell before its score was written

    def ended(self, io: Lines, record: Any) -> None:
        from tui import persist

        io.say("THE RUN HAS FALLEN.")
        try:
            note = record_run_score(record)
        except persist.SaveProblem as e:
            note = f"The score could not be recorded: {e}"
        if note:
            io.say(note)


def courses() -> list[Course]:
    return [StationCampaign(), StationRun()]
