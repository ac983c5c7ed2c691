"""Sniper screen items of issue 24 at 80x24: every card of his kit by its
full name, the "kill 4 soldiers" objective's count, a shot masked by a
bombardment and a shot that cannot hurt the armoured car said as such, and a
hot-seat end screen that tells each side its own end."""

from __future__ import annotations

from pathlib import Path

from test_sniper_screen import started

from engine import Game
from tests.sniper.conftest import mission_text
from tui.app import ShambleApp
from tui.modes.sniper.panels import kit_text

FULL_KIT = ["binoculars", "knife", "grenade", "grenade", "suppressor", "medkit", "ammo_pouch"]


def panel(app, name: str) -> str:
    return str(app.screen.query_one(f"#{name}-panel").render())


def test_the_kit_is_packed_by_whole_names():
    assert kit_text(FULL_KIT, 32, 2) == (
        "binoculars, knife, grenade x2,\nsuppressor, medkit, ammo pouch"
    )
    nine = ["binoculars", "knife", "grenade", "smoke", "suppressor", "medkit", "ammo_pouch"]
    assert kit_text(nine + ["decoy", "camouflage"], 32, 2).endswith("+3")
    assert kit_text([], 32, 2) == "nothing left"


def scenario(tmp_path: Path, board: str, body: str, turns: int = 12, **options) -> Game:
    path = tmp_path / "items.toml"
    path.write_text(mission_text(board, body, turns=turns))
    return Game.new("sniper", mission=path, seed=1, **options)


async def test_the_kit_panel_shows_every_card_at_80x24(tmp_path: Path):
    game = scenario(
        tmp_path,
        "S....\n%%%%E\nD%%%%",
        f"[sniper]\nobjectives = 1\ndraw_equipment = 0\nequipment = {FULL_KIT!r}\n".replace(
            "'", '"'
        ),
    )
    app = ShambleApp(game=game, autosave=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await started(pilot)
        kit = " ".join(panel(app, "kit").split())
        for name in ("binoculars", "knife", "grenade x2", "suppressor", "medkit", "ammo pouch"):
            assert name in kit, kit


async def test_kill_4_soldiers_shows_how_many_are_down(tmp_path: Path):
    game = scenario(
        tmp_path,
        "S.s.s.s.s\n%%%%%%%%E\nD%%%%%%%%",
        """
        [sniper]
        objectives = 1
        draw_equipment = 0
        [decks]
        objectives = ["kill_4_soldiers"]
        shots = ["headshot", "headshot"]
        events = []
        equipment = []
        """,
        dice=[1] * 9,
    )
    game.submit({"type": "shoot", "target": "s1"})
    game.submit({"type": "shoot", "target": "s2"})
    app = ShambleApp(game=game, autosave=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await started(pilot)
        assert "kill 4 soldiers (2/4)" in panel(app, "objectives")


async def test_a_masked_shot_is_said_masked(tmp_path: Path):
    game = scenario(
        tmp_path,
        "S%.....s..\n%%%%%%%%%E\nD%%%%%%%%%",
        """
        [sniper]
        objectives = 1
        draw_equipment = 0
        health = 5
        [decks]
        shots = ["miss", "miss"]
        events = ["bombardment"]
        equipment = []
        """,
        commander="human",
        dice=[1] * 9,
    )
    game.submit({"type": "shoot", "target": "s1"})  # loud: spotted, a last known position
    game.submit({"type": "end_turn"})
    game.submit({"type": "event", "card": "bombardment"})
    game.submit({"type": "end_turn"})
    assert game.view("sniper")["masked"]
    from tui.modes.sniper.play import SniperPlay

    play = SniperPlay(game)
    label = play.label({"type": "shoot", "target": "s1", "suppressed": False}, game.view("sniper"))
    assert label == "Fire at soldier 1, loud: masked (no one hears it; you stay unseen)"


def _host(view: dict):
    class Host:
        def status_room(self) -> int:
            return 200

    host = Host()
    host.view = view
    return host


def test_a_shot_at_the_armoured_car_says_what_can_hurt_it(tmp_path: Path):
    game = scenario(tmp_path, "S%..\n%%%E\nD---", "")
    from tui.modes.sniper.play import SniperPlay

    play = SniperPlay(game)
    view = dict(game.view("sniper"))
    view["units"] = {"v1": {"kind": "vehicle", "at": [2, 2], "health": 3}}
    play.drawn_shots = lambda: []
    assert "only a weak point hurts it" in play.odds_hint(_host(view), "v1")
    play.drawn_shots = lambda: ["weak_point", "weak_point"]  # both weak points drawn
    assert "no shot left can hurt it" in play.odds_hint(_host(view), "v1")


def test_hot_seat_end_screen_tells_each_side_its_end(tmp_path: Path):
    from tui.modes.sniper.play import SniperPlay

    lost = scenario(tmp_path, "S.s\n..E\n..D", "", commander="human", dice=[1] * 9)
    lost.submit({"type": "move", "path": [[1, 0]]})
    lost.submit({"type": "end_turn"})
    lost.submit({"type": "end_turn"})
    assert lost.outcome == "lost"
    over = SniperPlay(lost).game_over()
    assert over.headline == "COMMANDER: THE SNIPER IS FINISHED" and not over.won
    assert over.reason == "Sniper: mission lost, you were captured."
    won = scenario(tmp_path, "SD.E", "", commander="human", turns=2)
    won.submit({"type": "move", "path": [[1, 0], [2, 0], [3, 0]]})
    for _ in range(4):
        won.submit({"type": "end_turn"})
    assert won.outcome == "won"
    over = SniperPlay(won).game_over()
    assert over.headline == "SNIPER: ESCAPED, MISSION WON" and over.won
    assert over.reason == "Commander: the sniper got away."
