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


async def test_a_named_zone_with_a_digit_id_is_said_as_a_zone_in_the_status_line(tmp_path):
    """A mission of one's own may name a zone "1": the status line says
    "Vega in zone 1 (airlock)", not "Vega in 1 (airlock), 2 actions"; a
    letter id keeps the shorter "in a (airlock)" that fits 80 columns."""
    text = TUTORIAL.replace("aaaa", "1111").replace("[zones.a]", "[zones.1]")
    path = tmp_path / "digits.toml"
    path.write_text(text)
    app = ShambleApp(game=Game.new("station", mission=str(path), seed=1), autosave=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await started(pilot)
        status = str(app.screen.query_one("#status").render())
        assert status.startswith("Vega in zone 1 (airlock), 2 actions:"), status
    app = ShambleApp(game=tutorial(), autosave=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await started(pilot)
        status = str(app.screen.query_one("#status").render())
        assert status.startswith("Vega in a (airlock), 2 actions:"), status


async def test_a_zombie_phase_in_zones_named_by_digits_says_zone_before_each_id():
    """The log at 80x24, in the generated station whose spawn zones are f, 1,
    0 and 9 (seed 6, large): the round's zombie line says "in zone 1", not
    "1 walker in 1" (a zone named by a digit read as a count); the spawns of
    round 2 no longer fit one row so they are summed over their zones."""
    from tests.pilot_wait import until

    game = Game.new("station", mission="random", seed=6, size="large")
    assert game.world.spawns == ("f", "1", "0", "9")
    game.submit({"type": "end_turn", "survivor": "vega"})
    app = ShambleApp(game=game, autosave=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await started(pilot)
        await pilot.press("e", "y")  # Okafor ends his turn too: the zombies act
        first = "Zombies: spawn 1 walker in zone f, 1 walker in zone 1, 2 walkers in zone 0."
        await until(pilot, lambda: first in log_shown(app), "round 1's zombie line")
        await pilot.press("e", "y", "e", "y")
        second = "Zombies: spawn 5 walkers + 1 jumper in zones f, 1, 0, 9."
        await until(pilot, lambda: second in log_shown(app), "round 2's zombie line")
        lines = app.screen.query_one(MessageLog).lines
        assert "  Spawn: 1 jumper in zone 0." in lines  # each zone's own in the whole log (v)


def test_every_narrated_zone_id_has_the_word_zone_before_it():
    """Moves, shots, noise, lights and look say "zone 5" or "zones 3, 4"."""
    from tui.modes.station.actions import describe_zone
    from tui.modes.station.narrate import narrate

    events = [
        {"type": "moved", "survivor": "vega", "path": ["6", "7"]},
        {"type": "zones_revealed", "zones": ["3", "4"]},
        {"type": "zones_revealed", "zones": ["3"]},
        {"type": "noise_made", "zone": "5", "amount": 2},
        {"type": "marker_moved", "zone": "5"},
        {"type": "zombies_moved", "kind": "runner", "count": 2, "path": ["5", "6", "7"]},
        {"type": "zombies_killed", "survivor": "vega", "zone": "7", "kinds": {"walker": 1}},
        {"type": "objective_taken", "survivor": "vega", "zone": "2"},
    ]
    assert narrate(events) == [
        "Vega moves to zone 7 via zone 6.",
        "Lights on in zones 3, 4.",
        "Lights on in zone 3.",
        "Noise in zone 5 (+2).",
        "The noise marker moves to zone 5.",
        "2 runners move from zone 5 to zone 7.",
        "Vega kills 1 walker in zone 7.",
        "Vega takes the objective in zone 2 (+5 XP).",
    ]
    game = Game.new("station", mission="random", seed=6, size="large")
    before = game.view("players")
    assert narrate([events[0]], before, origins=True) == [
        "Vega moves from zone 5 to zone 7 via zone 6."
    ]
    look = describe_zone(before, game.world, "5")
    assert look.startswith("Zone 5") and "; sees zone" in look and "; sees 4" not in look
