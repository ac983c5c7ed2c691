"""Issue 15, the Station board: zone ids written where they have room, a
cursor that reaches every zone from every zone (shipped and generated
stations), generated zone ids that read as no figure, arrows toward what
is off the board and a camera on the survivor selected. Pilot tests at 80x24."""

from __future__ import annotations

import pytest
from test_station_roguelike import ALL_SIX, started, tutorial

from engine import Game
from engine.station.generate import ZONE_IDS
from tui.app import ShambleApp
from tui.modes.station import actions
from tui.modes.station.glyphs import ZOMBIES
from tui.modes.station.scene import StationBoard
from tui.text import initial
from tui.widgets.board import Board

# -- 4. zones named on the board, a cursor that reaches them all, ids --------------------


async def test_the_board_names_zones_where_they_have_room():
    app = ShambleApp(game=tutorial(), autosave=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await started(pilot)
        board = app.screen.query_one(Board)
        rows = "\n".join(board.render_line(y).text for y in range(board.size.height))
        assert "██V O ♦ .a++z .b" in rows  # after what is in the zone, its id
        for zone in "cef":
            assert f".{zone}" in rows or f"░{zone}" in rows, zone
        assert ".d" not in rows and "░d" not in rows  # d is a dog's letter: no label


@pytest.mark.parametrize(
    "mission",
    ["tutorial", "airlock", "hydroponics", "med_bay", "cargo_hold", "reactor", "command_deck"],
)
def test_the_cursor_reaches_every_zone_from_every_zone(mission):
    board = tutorial().world.board if mission == "tutorial" else None
    board = board or Game.new("station", mission=mission, seed=1).world.board
    nav = actions.navigation(board)
    for start in board.zones:
        assert actions._reached(nav, start) == set(board.zones), start


@pytest.mark.parametrize("seed", range(6))
def test_the_cursor_reaches_every_zone_of_generated_stations(seed):
    for size in ("small", "huge"):
        board = Game.new("station", mission="random", seed=seed, size=size).world.board
        nav = actions.navigation(board)
        assert actions._reached(nav, board.zones[0]) == set(board.zones)


def test_generated_zone_ids_are_no_board_glyph_and_no_case_pair():
    """Issue 28: no generated station, however big, has a zone id the board
    draws a figure with (a zone "r" read as a runner)."""
    glyphs = set(ZOMBIES.values()) | {initial(sid) for sid in ALL_SIX}
    assert set("zrdjA") <= glyphs and not glyphs & set(ZONE_IDS)
    first = ZONE_IDS[:34]
    assert len({c.lower() for c in first}) == len(first)  # no "b" and "B"
    for seed in range(4):
        for size in ("small", "medium"):
            zones = Game.new("station", mission="random", seed=seed, size=size).world.board.zones
            assert set(zones) <= set(first), (seed, size)
    for seed in range(3):
        for size in ("huge", str(len(ZONE_IDS))):
            zones = Game.new("station", mission="random", seed=seed, size=size).world.board.zones
            assert not glyphs & set(zones), (seed, size)


# -- 5. the board shows that it scrolls ----------------------------------------------


async def test_arrows_at_the_edge_point_to_zombies_and_objectives_off_the_board():
    game = Game.new("station", mission="random", seed=4, size="huge")
    app = ShambleApp(game=game, autosave=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await started(pilot)
        board = app.screen.query_one(Board)
        rows = [board.render_line(y).text for y in range(board.size.height)]
        text = "\n".join(rows)
        assert "z→" in text and ("★→" in text or "↓★" in text)
        assert all(row.strip() for row in rows)  # no blank row while the map is cut off
        home = game.view()["survivors"]["vega"]["zone"]
        x0, y0, x1, y1 = app.screen.play.board.bounds[home]
        assert board.cam_y <= y0 and y1 < board.cam_y + board.size.height  # Vega in view


async def test_the_camera_centres_on_the_survivor_selected():
    game = Game.new("station", mission="command_deck", seed=1)
    app = ShambleApp(game=game, autosave=False)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await started(pilot)
        board = screen.query_one(Board)
        screen.submit({"type": "move", "survivor": "vega", "to": next(
            c["to"] for c in screen.legal if c["type"] == "move"
        )})  # fmt: skip
        await pilot.pause()
        x0, y0, x1, y1 = screen.play.board.bounds[screen.view["survivors"]["vega"]["zone"]]
        middle = (y0 + y1 + 1) // 2 - board.cam_y
        assert abs(middle - board.size.height // 2) <= 2 or board.cam_y in (
            0,
            board.map_size.height - board.size.height,
        )


@pytest.mark.parametrize("mission", ["tutorial", "command_deck"])
def test_rows_kept_from_the_last_scene_are_the_rows_drawn_afresh(mission):
    """The board keeps each row it drew and draws again only rows whose
    tokens, dark zones, cursor, targets or doors changed: over a played game,
    with the cursor and targets moving, every scene is the one a new board
    draws."""
    import random

    import msgspec

    from tui.modes import get_ui

    game = Game.new("station", mission=mission, seed=3)
    play = get_ui("station").play(game, False)
    kept = play.board
    pick = random.Random(5)
    zones = list(kept.zone_map.cells)
    doors = [d.id for d in kept.zone_map.doors]
    for _ in range(40):
        view = game.view(None)
        for _ in range(3):
            cursor = pick.choice(zones)
            targets = frozenset(pick.sample(zones + doors, pick.randint(0, 4)))
            selected = pick.choice([*view["survivors"], None])
            args = dict(cursor=cursor, selected=selected, targets=targets, centre=cursor)
            fresh = StationBoard(play.world, play.glyphs).scene(view, **args)
            assert kept.scene(view, **args) == fresh
        legal = [msgspec.to_builtins(c) for c in game.legal_commands()]
        if not legal or game.outcome:
            break
        game.submit(pick.choice(legal))
