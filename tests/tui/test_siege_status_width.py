"""Siege's targeting hints fit the status line at 80x24: an attack with
several zombies in line (and an aimed shot), and a move that slips past
zombies, keep their keys on the one line; a wide terminal shows every word."""

from __future__ import annotations

from test_siege_screen import siege, started

from tui.app import ShambleApp
from tui.widgets.panels import StatusLine

YARD = """
##########
#....Z..X#
#1..Z....#
#2...Z...#
##########
"""

LANE = """
###########
#1Z.Z....X#
#2#########
###########
"""


def line(screen) -> tuple[str, int]:
    """The status line's text and the cells it has."""
    status = screen.query_one(StatusLine)
    return screen.status_text().plain, status.content_region.width


async def test_an_attack_on_each_of_several_targets_fits_80_columns(tmp_path):
    game = siege(tmp_path, YARD, dice=[6])
    app = ShambleApp(game=game, autosave=False)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await started(pilot)
        await pilot.press("a")
        targets = set(screen.targeting.options)
        assert len(targets) == 3
        seen = set()
        for _ in targets:
            text, room = line(screen)
            assert len(text) <= room, text
            assert text.startswith("Attack: z") and text.endswith(", a next, Esc"), text
            assert "Pistol, kills 5-6 (33%)" in text  # the chance stays; the rest as room allows
            seen.add(screen.cursor)
            await pilot.press("a")
        assert seen == targets


async def test_an_aimed_shot_and_a_wide_terminal(tmp_path):
    game = siege(tmp_path, YARD, dice=[6])
    app = ShambleApp(game=game, autosave=False)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await started(pilot)
        (aim,) = [c for c in screen.legal if c["type"] == "aim"]
        screen.submit(aim)
        await pilot.pause()
        await pilot.press("a")
        text, room = line(screen)
        assert len(text) <= room and text.endswith("Esc"), text
        assert "Pistol (+1 aim), kills 4-6 (50%)" in text  # the aim counted in
    game = siege(tmp_path, YARD, dice=[6])
    app = ShambleApp(game=game, autosave=False)
    async with app.run_test(size=(120, 30)) as pilot:
        screen = await started(pilot)
        await pilot.press("a")
        text, room = line(screen)
        assert ", in line: Pistol, kills 5-6 (33%), pushes 3-4 (33%), oops 1, range 5." in text
        assert len(text) <= room


async def test_a_move_slipping_past_zombies_fits_80_columns(tmp_path):
    game = siege(tmp_path, LANE)
    app = ShambleApp(game=game, autosave=False)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await started(pilot)
        await pilot.press("m", "m")  # m leaves the cursor on the human; m again: the first cell
        slipping = 0
        for _ in range(len(screen.targeting.options)):
            text, room = line(screen)
            assert len(text) <= room, text
            slipping += "; slips past z" in text and "(a 6 bites)" in text
            await pilot.press("m")
        assert slipping
