"""Siege's UI adapter: the cell-grid skirmish on the shared screens (RULES SI).

Registers itself with tui.modes when imported; the shared screens find it
by the engine's mode id. The campaign screens are imported only when the
title's entry is opened, so the title stays quick."""

from __future__ import annotations

from typing import Any

from tui.modes import register
from tui.modes.base import HelpSection, ModeUI, TitleEntry

# one paragraph a string: the help screen wraps them to its width
RULES = "\n\n".join(
    " ".join(paragraph.split())
    for paragraph in """
Goal: search every search spot (X) before the mission's last round ends
(the harder missions: every living human searches every spot). Lose when
every human is dead, or when the last round ends first.
|
A round: each living human takes one turn, in any order (Tab picks who):
4 actions, fewer when carrying more than 4 units (small items 1, large 2).
Acting with another human ends the turn of the one before. Then each
zombie acts once, then each spawn cell (S) brings a zombie on a 5-6.
|
Moving costs what each cell costs to enter: floor, doors and rubble 1;
windows, furniture and bushes 3. A human may slip straight past a zombie
to the free cell beyond it; on a 6 it bites and the move stops there.
|
Attacks cost 1 action. Melee and bare hands hit a zombie next to you; a
loaded firearm shoots along a clear line within its range, counted in
steps. One die (the AK-47 rolls three and keeps the best): kill, push
back, miss or oops. Aiming (1 action) adds 1 to the next shot. Once a turn
a human's own item may roll again: the game asks, re-roll or keep.
|
Searching a spot next to you takes 3 actions: the top card is yours.
Doors open and close for 1 action; planks make a barricade (2 actions,
the mechanic 1), a crowbar takes one down. Zombies batter doors and
barricades: a 6 breaks them.
|
A zombie next to a human bites: 5-6 takes a life. With one life left a
human is wounded: one cell of movement a turn, and a neighbour may carry
them.
""".split("|")
)


class SiegeUI(ModeUI):
    mode_id = "siege"
    name = "Siege"
    tagline = "a few humans hold a house, a street or a farm against the dead"
    order = 10
    play_path = "tui.modes.siege.play:SiegePlay"

    def missions(self) -> list[tuple[str, str]]:
        from engine import get_mode

        rows = get_mode(self.mode_id).missions()
        return [
            (f"{m['name']} ({m['id']}, {m['size']}, difficulty {m['difficulty']})", m["id"])
            for m in rows
        ]

    def fields(self) -> Any:
        from tui.modes.siege.fields import SiegeFields

        return SiegeFields(id="mode-fields")

    def save_line(self, summary: dict) -> str:
        """Mission, round or outcome, and the humans ("(dead)" after the fallen)."""
        from engine.siege.content import name

        state = summary.get("outcome") or f"round {summary.get('round')}"
        who = ", ".join(
            name(hid) if h.get("alive", True) else f"{name(hid)} (dead)"
            for hid, h in summary.get("humans", {}).items()
        )
        zombies = ", zombie player" if summary.get("zombie_seat") == "human" else ""
        return f"siege: {summary.get('mission', '')}, {state}, {who}{zombies}"

    def help(self, ascii_only: bool = False) -> HelpSection:
        from tui.modes.siege.glyphs import glyphs, legend

        return HelpSection(self.name, self.play_type.keys, legend(glyphs(ascii_only)), RULES)

    def title_entries(self) -> list[TitleEntry]:
        why = "Campaigns are kept in files: this Shamble plays without saving."
        return [TitleEntry("siege-campaign", "Siege campaign", "g", _campaigns, True, why)]

    def plain_courses(self) -> list[Any]:
        from tui.modes.siege.plain_courses import courses

        return courses()


def _campaigns() -> Any:
    from tui.modes.siege.campaign import SiegeCampaignList

    return SiegeCampaignList()


register(SiegeUI())
