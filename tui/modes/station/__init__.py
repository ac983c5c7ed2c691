"""Station's UI adapter: the station mode on the shared screens (RULES ST).

Registers itself with tui.modes when imported; the shared screens find it
there by the engine's mode id. Its screens (campaign, endless run, gear)
are imported only when opened, so the title screen stays quick."""

from __future__ import annotations

from typing import Any

from tui.modes import register
from tui.modes.base import HelpSection, InPlay, ModeUI, TitleEntry

RULES = """\
How keys act: a key that aims at the board (m move, f fire, o door)
lights up its targets first, even a single one, with what it would do in
the status line; the key again picks the next target, Enter does it, Esc
cancels. Any other action key acts at once when there is exactly one
thing it can do (one weapon, one card, one skill), and opens a list when
there is a choice. A grenade that could wound a survivor, or ending a
turn with actions left, asks y/n first. Enter alone never acts: on a zone
you can move to, it lights the move up first.

Goal: take every objective, then bring every living survivor to the exit
with no zombie in it. Lose if every survivor dies, if the board would hold
more zombies than the mission limit, or at the round limit.

A round: each survivor takes one turn (any order; Tab picks who acts),
with 2 actions (3 from yellow level). Move, melee, fire, search, open a
door, manage gear, play a card, use a skill, take an objective. When every
survivor is done, the zombies act, then new zombies spawn.

Zombies attack survivors in their zone, else walk toward survivors they
see (the noisiest zone), else the noise marker, else the loudest noise they
hear. Noise: gunshots, doors, alarms; each survivor counts as 1 noise.

Dice: each die at or above the weapon's hit value kills (an armored zombie
needs two hits from one attack). Shooting into a zone with survivors: every
1 rolled wounds one of them (friendly fire).

Danger (blue, yellow, orange, red) rises with the best survivor's level and
with the rounds; spawns grow with it. Kills and objectives give XP.

Full rules, with rule ids: docs/rules.md in the source."""


class StationUI(ModeUI):
    mode_id = "station"
    name = "Station"
    tagline = "zombie survival on a boarded-up space station"
    order = 0  # the first mode offered
    play_path = "tui.modes.station.play:StationPlay"

    def missions(self) -> list[tuple[str, str]]:
        from tui.modes.station.fields import GENERATED

        return super().missions() + [("Generated station (a new one from the seed)", GENERATED)]

    def fields(self) -> Any:
        from tui.modes.station.fields import StationFields

        return StationFields(id="mode-fields")

    def save_line(self, summary: dict) -> str:
        """Mission, round or outcome, and the survivors ("(dead)" after the fallen)."""
        state = summary.get("outcome") or f"round {summary.get('round')}"
        who = ", ".join(
            sid if s.get("alive", True) else f"{sid} (dead)"
            for sid, s in summary.get("survivors", {}).items()
        )
        return f"{summary.get('mission', '')}, {state}, {who}"

    def help(self, ascii_only: bool = False) -> HelpSection:
        from tui.modes.station.glyphs import glyphs, legend

        return HelpSection(self.name, self.play_type.keys, legend(glyphs(ascii_only)), RULES)

    def title_entries(self) -> list[TitleEntry]:
        why = "Campaigns and endless runs are kept in files: this Shamble plays without saving."
        return [
            TitleEntry(
                "campaign",
                "Campaign",
                "a",
                _campaigns,
                True,
                why,
                True,
                lambda: _in_play("campaign"),
            ),
            TitleEntry(
                "endless", "Endless run", "e", _runs, True, why, in_play=lambda: _in_play("endless")
            ),
        ]

    def plain_courses(self) -> list[Any]:
        from tui.modes.station.plain_courses import courses

        return courses()


def _in_play(kind: str) -> InPlay | None:
    """The campaign (or endless run) still going that was played last: its
    record or its mission's save, whichever was written last."""
    from pathlib import Path

    from tui import persist

    def when(info: Any) -> float:
        times = []
        for path in (info.path, info.save):
            try:
                times.append(Path(path).stat().st_mtime if path else 0.0)
            except OSError:
                times.append(0.0)
        return max(times)

    try:
        infos = persist.records_list("station", kind)
    except persist.SaveProblem:
        return None
    going = [i for i in infos if not i.error and i.progress and i.progress.outcome is None]
    if not going:
        return None
    info = max(going, key=when)
    if kind == "campaign":
        from tui.modes.station.campaign import CampaignScreen, campaign_state

        text, screen = f"campaign {info.name}, {campaign_state(info)}", CampaignScreen
    else:
        from tui.modes.station.endless import RunScreen, run_state

        text, screen = f"endless run {info.name}, {run_state(info)}", RunScreen
    return InPlay(
        when(info),
        text,
        lambda: screen(persist.open_record("station", kind, info.path), resume=True),
    )


def _campaigns() -> Any:
    from tui.modes.station.campaign import RecordListDialog

    return RecordListDialog()


def _runs() -> Any:
    from tui.modes.station.endless import RunListDialog

    return RunListDialog()


register(StationUI())
