"""Sniper's UI adapter: the sniper mode on the shared screens (RULES SN).

Registers itself with tui.modes when imported. The campaign screens (the
five maps in order, ammo and kit carried on) are imported only when opened."""

from __future__ import annotations

from typing import Any

from tui.modes import register
from tui.modes.base import HelpSection, ModeUI, TitleEntry
from tui.widgets.fields import ChoiceFields

RULES = """\
You are alone behind the lines. Do your secret objectives (the Objectives
panel), then reach an escape cell (E) and stay there a whole turn without
moving: at the end of the commander's turn the mission is won. Lose if you
are killed, captured, or the turns run out.

Your turn: up to 4 moves (3 in rain), then one action: fire, use an item,
take ammo, sabotage or hide. A shot may be followed by one more action.
Moving after acting is not allowed.

Cover (trees, rubble, low walls, buildings, crates, smoke) hides you. On
open ground (ground, road, escape) any unit with a clear line within 8 (4 in
rain) sees you, and fires at once if you are in its range. Seen, or after a
loud shot, you are spotted until you hide or the turn ends: then units come
for you, fire at the end of their turn (open: 4-5 one damage, 6 two; cover:
6 one), and one next to you captures you.

Shots draw a card from a deck of 20: 6 miss, 8 hit (1), 4 headshot (2), 2
weak point (1, the only card that hurts the vehicle). The odds shown before a
shot count the cards you drew since the deck was last shuffled. A loud shot
is heard within 3 (a second one by every unit); suppressed within 1.

You see units within 12 (4 in rain; any range with binoculars) along clear
lines. Units out of your sight are not shown: a digit marks where you last
saw one, and how many turns ago. The commander's turn is told only as far
as you could see or hear it."""


class SniperFields(ChoiceFields):
    options = (
        (
            "commander",
            "Commander",
            [("played by the AI", "ai"), ("a person", "human")],
            "ai",
        ),
    )

    def seed_note(self, mission: str) -> str:
        return "deals objectives and cards, picks dice"


class SniperUI(ModeUI):
    mode_id = "sniper"
    name = "Sniper"
    tagline = "one sniper behind the lines, a commander hunting him"
    order = 30
    play_path = "tui.modes.sniper.play:SniperPlay"

    def fields(self) -> Any:
        return SniperFields(id="mode-fields")

    def save_line(self, summary: dict) -> str:
        """Mission and turn, or how it ended, and who commands: no secrets."""
        if summary.get("outcome"):
            state = summary["outcome"]
        else:
            state = f"turn {summary.get('turn')} of {summary.get('turns')}"
        who = "hot-seat commander" if summary.get("commander") == "human" else "AI commander"
        return f"sniper: {summary.get('mission', '')}, {state}, {who}"

    def help(self, ascii_only: bool = False) -> HelpSection:
        from tui.modes.sniper.glyphs import glyphs, legend

        return HelpSection(self.name, self.play_type.keys, legend(glyphs(ascii_only)), RULES)

    def title_entries(self) -> list[TitleEntry]:
        why = "Campaigns are kept in files: this Shamble plays without saving."
        return [TitleEntry("sniper-campaign", "Sniper campaign", "r", _campaigns, True, why)]

    def plain_courses(self) -> list[Any]:
        from tui.modes.sniper.plain_courses import courses

        return courses()


def _campaigns() -> Any:
    from tui.modes.sniper.campaign import SniperRecordsDialog

    return SniperRecordsDialog()


register(SniperUI())
