"""Issue 28 on the Station board: zone ids that cannot be read as figures
(no shipped mission names a zone with a zombie's letter or a survivor's
initial; a player's own mission that does is warned; a game saved before the
rename keeps its ids), and opening lines longer than the log."""

from __future__ import annotations

import time

import pytest
from test_station_roguelike import REPO, TUTORIAL, log_shown, screen_text, started, tutorial

from engine import Game
from tui.app import ShambleApp
from tui.widgets.board import Board
from tui.widgets.panels import MessageLog


async def test_a_zone_named_like_a_figure_is_not_labelled_and_a_mission_file_is_warned(tmp_path):
    """Issue 28: a mission file with zones "r" and "z" (a runner, a walker on
    the board): the board leaves those labels off, the opening log says why."""
    text = TUTORIAL.replace("ggggg", "rrrrr").replace("[zones.g]", "[zones.r]")
    text = text.replace('"b-g"', '"b-r"')
    text = text.replace("eeeeeeeeee", "zzzzzzzzzz").replace("[zones.e]", "[zones.z]")
    path = tmp_path / "figures.toml"
    path.write_text(text)
    app = ShambleApp(game=Game.new("station", mission=str(path), seed=1), autosave=False)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await started(pilot)
        assert screen.play.board.unlabelled == {"r", "z"}
        board = app.screen.query_one(Board)
        rows = "\n".join(board.render_line(y).text for y in range(board.size.height))
        assert ".a" in rows and ".r" not in rows and ".z" not in rows
        lines = " ".join(screen.query_one(MessageLog).lines)
        assert "names zones r, z with letters the board draws figures with" in lines
    app = ShambleApp(game=tutorial(), autosave=False)  # a shipped mission: no warning
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await started(pilot)
        assert "Warning" not in " ".join(screen.query_one(MessageLog).lines)
        assert screen.play.board.unlabelled == frozenset()  # every zone labelled


@pytest.mark.parametrize("ascii_only", [False, True], ids=["unicode", "ascii"])
def test_no_shipped_mission_names_a_zone_with_a_figure_letter(ascii_only):
    """Issue 28: no zone of a shipped Station mission has for its id a letter
    the board draws a figure with, in either glyph set, so every zone is labelled."""
    from engine.station.mission import load_mission
    from engine.station.zones import parse_zones
    from tui.modes.station.glyphs import glyphs
    from tui.modes.station.scene import figure_letters, figure_zones

    g = glyphs(ascii_only)
    assert {"z", "r", "d", "j", "A", "V", "O"} <= figure_letters(g)
    missions = [p.stem for p in (REPO / "engine/content/station/missions").glob("*.toml")]
    assert len(missions) == 7
    for mid in missions:
        text = Game.new("station", mission=mid).setup.mission_text
        zones = parse_zones(load_mission(text, mid).info.map).zones
        assert figure_zones(zones, g) == [], mid


async def test_a_game_saved_before_the_zones_were_renamed_plays_on_with_its_own_ids(tmp_path):
    """Issue 28: a Med Bay game saved before its zones d, j and r were renamed
    (tests/golden/v3-station-medbay, written by the code of that day) opens with
    the ids it was played with, Vega still in zone r; the board leaves those
    unlabelled, and the log says so and what a new game calls them, with no
    warning meant for a player's own mission. It plays on and saves."""
    import shutil

    from saves import AutoSave, load

    path = tmp_path / "medbay.shamble"
    shutil.copy(REPO / "tests/golden/v3-station-medbay.shamble", path)
    with AutoSave.resume(path) as session:
        app = ShambleApp(game=session.game, session=session)
        async with app.run_test(size=(80, 24)) as pilot:
            screen = await started(pilot)
            assert screen.game.view()["survivors"]["vega"]["zone"] == "r"
            assert screen.play.board.unlabelled == {"d", "j", "r"}
            lines = " ".join(screen.query_one(MessageLog).lines)
            assert "Warning" not in lines
            assert "recorded before the mission's zones were renamed" in lines
            assert "leaves d, j, r unlabelled (a new game calls them x, y, 0)" in lines
            before = len(screen.game.commands)
            await pilot.press("e", "y")  # end Vega's turn
            deadline = time.monotonic() + 30
            while len(screen.game.commands) == before and time.monotonic() < deadline:
                await pilot.pause(0.05)
            assert len(screen.game.commands) > before
    again = load(path)
    assert len(again.commands) > before and again.replay_state() == again.state


async def test_a_briefing_longer_than_the_log_is_read_from_its_start():
    """Issue 28: Med Bay's opening lines (its briefing, then the keys) take five
    rows of the four the log has at 80x24, so the log showed the briefing from
    the middle of a sentence. It shows the first page with --more--; the next
    key shows the rest and acts as ever (the cursor moves: no key is lost).
    The tutorial's fit, and are shown as they are."""
    app = ShambleApp(game=Game.new("station", mission="med_bay", seed=1), autosave=False)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await started(pilot)
        shown = log_shown(app)
        assert "Med Bay: Whatever started the outbreak" in shown and "--more--" in shown
        cursor = screen.cursor
        await pilot.press("right")
        await pilot.pause()
        assert screen.cursor != cursor and not screen.paging
        shown = log_shown(app)
        assert "lift." in shown and "Arrows move the cursor" in shown and "--more--" not in shown
        await pilot.pause()
        assert "m move" in screen_text(app).splitlines()[-1]  # the footer's keys are back
    app = ShambleApp(game=tutorial(), autosave=False)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await started(pilot)
        assert not screen.paging and "Docking Ring: The docking ring" in log_shown(app)


async def test_zone_ids_that_are_digits_are_said_as_zones_next_to_counts():
    """A generated station names zones 0-9 too (seed 6, large: Vega starts in
    zone 5, the cores are in n, 2 and G). The Danger panel and the status
    line say "zone(s)" before the ids, so "2" is a zone and not a count, at
    80x24; a noise count is in brackets after its zone."""
    game = Game.new("station", mission="random", seed=6, size="large")
    assert list(game.state.objectives) == ["n", "2", "G"]
    game.submit({"type": "search", "survivor": "vega"})
    app = ShambleApp(game=game, autosave=False)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await started(pilot)
        danger = app.screen.query_one("#danger")

        def lines() -> list[str]:
            return [danger.render_line(y).text.rstrip() for y in range(danger.size.height)]

        assert "Objectives left: zones n, 2, G" in lines()
        # one noise in zone 5 (a door opened there, say) and the marker on it
        danger.draw({**screen.view, "noise": {"5": 1}, "marker": "5"}, danger.glyphs)
        await pilot.pause()
        assert "Noise 5 (1)  ◎ 5" in lines()
        status = str(app.screen.query_one("#status").render())
        assert status.startswith("Vega in zone 5, 1 action:"), status
    from tui.modes.station.panels import objectives_line

    assert objectives_line(["5", "u", "F", "Q"], 33) == "Objectives left: zones 5, u, F, Q"
    assert objectives_line(["5", "u", "F", "Q", "a", "b"], 33) == "Objectives left: 6 zones"
    assert objectives_line(["2"], 33) == "Objectives left: zone 2"
    assert objectives_line([], 33) == "Objectives left: none"
