"""Outbreak's UI adapter: the tile-laying race on the shared screens (RULES OB).

Registers itself with tui.modes when imported. Two to six seats, people and
bots, at one keyboard: each person's hand shows only to them (the screen
hands over between people), bots' turns are told in the log. The title's
Match entry plays several games with a running score table."""

from __future__ import annotations

from typing import Any

from tui.modes import register
from tui.modes.base import HelpSection, ModeUI, TitleEntry

RULES = """\
Goal: be the first onto the Helipad's landing pad with no zombie on it, or
the first to put down enough zombies (25 in the standard game). The
Helipad is the last tile of the pile.

A turn: (1) you may play one event card (p); (2) draw the tile (t) and lay
it where it fits: it must touch the town, roads must meet roads, never a
wall; turn it with r, lay it with Enter (the Helipad is laid by whoever has
the fewest kills; z first lets you put a plain tile's zombies on other road
cells of it); (3) a zombie in your cell fights you; (4) draw cards
back up to three; (5) roll and walk up to that many cells (cursor + Enter
walks, m steps one, e stops); (6) roll again and move up to that many
different zombies one cell each (z finds one, Enter shows its ways, an
arrow picks one); (7) end the turn (e), and you may discard a card: the
status line asks, Enter keeps every card and a card's number (your cards
are numbered) puts that one back under the event pile.

A late town is larger than the screen: arrows at the board's edge point to
your figure, the Helipad and the rivals off screen; g looks at the
Helipad, f at your own figure. s shows bots' turns at once (the log tells
every move). A new game may play the box's own rules instead of ours: the
discard a must, a dealer at random, buildings at dead ends, or three cards
that act on every player (docs/rules-outbreak.md).

Fights: roll plus your bonuses; 4 or more kills the zombie and takes the
token under it. Short of 4, pay the difference in bullets or lose a life
and roll again. At 0 lives you go back to Town Square and lose half your
kills. Rooms are entered only by their door; tokens are taken by stepping
on them. A new tile brings zombies; a building brings bullets and lives
too. Whoever closes the town (no road left to build on) loses the rest of
that turn, and from then on only kills can win.

Hot-seat: with two or more people, the board is covered between them so
nobody sees another's cards. Each person reads a log of their own: your
draws are named there, the others read only that you drew a card."""


class OutbreakUI(ModeUI):
    mode_id = "outbreak"
    name = "Outbreak"
    tagline = "a tile-laying race through a town the dead are taking"
    order = 30
    play_path = "tui.modes.outbreak.play:OutbreakPlay"

    def missions(self) -> list[tuple[str, str]]:
        from engine import get_mode

        rows = get_mode(self.mode_id).missions()
        return [(f"{m['name']} ({m['id']}, {m['size']})", m["id"]) for m in rows]

    def fields(self) -> Any:
        from tui.modes.outbreak.fields import OutbreakFields

        return OutbreakFields(id="mode-fields")

    def save_line(self, summary: dict) -> str:
        """Mission, round and whose turn (or who won), and the seats."""
        from tui.modes.outbreak.words import Seats

        try:
            seats = Seats.of(summary)
        except (KeyError, TypeError):
            return f"outbreak: {summary.get('mission', '')}"
        if summary.get("outcome") == "won":
            state = f"won by {seats.name(summary.get('winner'))}"
        elif summary.get("outcome"):
            state = "lost"
        else:
            state = f"round {summary.get('round')}, {seats.possessive(summary.get('current'))} turn"
        bots = len(seats.order) - len(seats.humans)
        who = [seats.name(sid) for sid in seats.humans]
        if bots:
            who.append(f"{bots} bot{'s' if bots > 1 else ''}")
        return f"Outbreak {summary.get('mission', '')}, {state}: {', '.join(who)}"

    def help(self, ascii_only: bool = False) -> HelpSection:
        from tui.modes.outbreak.glyphs import glyphs, legend

        return HelpSection(self.name, self.play_type.keys, legend(glyphs(ascii_only)), RULES)

    def title_entries(self) -> list[TitleEntry]:
        why = "Matches are kept in files: this Shamble plays without saving."
        return [TitleEntry("match", "Match", "m", _matches, True, why)]

    def plain_courses(self) -> list[Any]:
        from tui.modes.outbreak.plain_courses import courses

        return courses()


def _matches() -> Any:
    from tui.modes.outbreak.match import MatchListDialog

    return MatchListDialog()


register(OutbreakUI())
