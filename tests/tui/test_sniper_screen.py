"""Sniper on the shared game screen, by the keys a player presses: a move
onto open ground warned and asked, a shot with its odds, an item, ammo from
a crate, hiding, the end of the turn with the commander's turn told only as
far as the sniper saw it; the screen never shows a unit his view does not.

Most tests play a small yard (YARD): the sniper in cover at 1,1, soldier 2
in plain sight at 7,4, soldier 1 patrolling unseen behind a wall, an ammo
crate at 4,2; stacked shot cards; scripted dice of 1 (every shot at him
misses)."""

from __future__ import annotations

import re
from pathlib import Path

import msgspec

from engine import Game
from engine.sniper import content
from engine.sniper.bot import SniperBot
from tui.app import ShambleApp
from tui.screens.dialogs import ChoiceDialog
from tui.screens.game import GameScreen
from tui.widgets.panels import MessageLog

YARD = """\
[mission]
id = "test_yard"
name = "Test Yard"
mode = "sniper"
turns = 12
map = '''
####################
#S%.....#..........#
#%%.a...#.......s..#
#.......#..........#
#......s.........D.E
####################
'''

[sniper]
health = 5
ammo = 3
equipment = ["smoke", "suppressor", "binoculars"]
draw_equipment = 0
objectives = 1

[[patrols]]
unit = "s1"
route = [[16, 2], [16, 4]]

[decks]
objectives = ["steal_documents"]
equipment = []
shots = ["hit", "miss", "headshot"]
events = []
"""


def yard(tmp_path: Path, shots: str = '["hit", "miss", "headshot"]', **options) -> Game:
    path = tmp_path / "test_yard.toml"
    path.write_text(YARD.replace('["hit", "miss", "headshot"]', shots), encoding="utf-8")
    options.setdefault("dice", [1] * 40)
    return Game.new("sniper", mission=path, seed=1, **options)


def game_screen(app) -> GameScreen:
    return next(s for s in reversed(app.screen_stack) if isinstance(s, GameScreen))


def log(app) -> list[str]:
    return game_screen(app).query_one(MessageLog).lines


def status(app) -> str:
    return game_screen(app).status_text().plain


def shown(app) -> str:
    """Every character on the terminal now."""
    return "\n".join(strip.text for strip in app.screen._compositor.render_strips())


def cells(app) -> dict[tuple[int, int], tuple[str, str]]:
    """The board as drawn: cell -> (glyph, style name)."""
    screen = game_screen(app)
    scene = screen.play.scene(screen)
    return {(x, y): (c[0], c[1]) for y, row in enumerate(scene.rows) for x, c in enumerate(row)}


async def started(pilot) -> GameScreen:
    await pilot.pause()
    assert isinstance(pilot.app.screen, GameScreen), pilot.app.screen
    return pilot.app.screen


async def test_the_board_shows_him_the_unit_he_sees_and_not_the_one_he_does_not(tmp_path):
    app = ShambleApp(game=yard(tmp_path), autosave=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await started(pilot)
        board = cells(app)
        assert board[(1, 1)][0] == "@" and board[(7, 4)] == ("s", "enemy")
        assert board[(16, 2)][0] == "." and board[(16, 2)][1].endswith(".far")  # s1, unseen
        assert not board[(3, 1)][1].endswith(".far")  # in his sight: drawn plain
        panel = str(app.screen.query_one("#enemy-panel").render())
        assert "s2" in panel and "s1" not in panel
        assert "[ ] steal the documents" in str(app.screen.query_one("#objectives-panel").render())
        assert "Turn 1 of 12" in str(app.screen.query_one("#sniper-panel").render())


async def test_a_move_onto_open_ground_in_sight_is_warned_then_asked(tmp_path):
    game = yard(tmp_path)
    app = ShambleApp(game=game, autosave=False)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await started(pilot)
        await pilot.press("m")
        assert screen.cursor == (2, 1) and "Move: 2,1, 1 step, cover. Enter" in status(app)
        await pilot.press("right")
        assert "Move: 3,1, 2 steps, open: seen by s2 (fires). Enter" in status(app)
        board = cells(app)
        assert board[(3, 1)][1].endswith(".line")  # the soldier's sight line, in italics
        assert board[(5, 3)][1].endswith(".line") and not board[(2, 2)][1].endswith(".line")
        await pilot.press("enter")
        assert status(app).startswith("In sight of soldier 2 (it fires!). Move there?")
        await pilot.press("n")  # no: nothing happens
        assert game.view("sniper")["sniper"]["at"] == [1, 1] and not game.commands
        await pilot.press("enter", "y")
        await pilot.pause()
        assert game.view("sniper")["sniper"]["at"] == [3, 1]
        assert log(app)[-3:] == [
            "You move 2 steps to 3,1.",
            "Soldier 2 sees you: you are spotted!",
            "Soldier 2 fires at you (die 1): missed.",
        ]
        assert "SPOTTED" in str(app.screen.query_one("#sniper-panel").render())


async def test_a_shot_shows_its_odds_then_draws_its_card_and_rings_out(tmp_path):
    game = yard(tmp_path)
    app = ShambleApp(game=game, autosave=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await started(pilot)
        await pilot.press("f")
        assert "Fire: s2 6 away: kill 70%, miss 30%" in status(app)  # 14 of 20 cards hurt
        assert cells(app)[(4, 2)][1].endswith(".line")  # his line to the target
        await pilot.press("enter")
        await pilot.pause()
        dialog = app.screen
        assert isinstance(dialog, ChoiceDialog)
        options = shown(app)
        assert "Fire at soldier 2, loud (heard within 3; you are spotted)" in options
        assert "Fire at soldier 2, suppressed (heard within 1)" in options
        await pilot.press("enter")  # the loud shot
        await pilot.pause()
        assert log(app)[-6:] == [
            "You fire at soldier 2.",
            "Shot card: hit.",
            "Soldier 2 takes 1 damage.",
            "Soldier 2 is down.",
            "The shot rings out: heard within 3.",
            "Your shot gives you away: you are spotted.",
        ]
        board = cells(app)
        assert board[(4, 1)][0] in "~∘" and board[(4, 4)][0] in "~∘"  # the ring, 3 out
        assert board[(3, 1)][0] == "."
        assert "Ammo 2" in str(app.screen.query_one("#sniper-panel").render())
        await pilot.press("f")  # nobody left in sight: said, nothing changes
        assert log(app)[-1] == "You can't fire: you see no one."
        assert len(game.commands) == 1


async def test_the_odds_count_the_cards_he_drew(tmp_path):
    """SN-6, SN-A: the hint while aiming and the note on the unit under the
    cursor give one shot the same odds, counted from the shot cards left
    (the stacked deck's miss drawn: 14 of the 19 left hurt), and both say
    how many cards that is, so a draw between them reads as what it is."""
    game = yard(tmp_path, shots='["miss", "hit"]')
    app = ShambleApp(game=game, autosave=False)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await started(pilot)
        odds = {}
        for drawn in (0, 1):
            screen.cursor = (7, 4)  # on soldier 2
            screen.refresh_view()
            await pilot.pause()
            odds["note", drawn] = status(app)
            await pilot.press("f")
            odds["aim", drawn] = status(app)
            if not drawn:
                await pilot.press("enter", "down", "enter")  # suppressed: the miss
                await pilot.pause()
                assert log(app)[-3:] == [
                    "You fire at soldier 2 (suppressed).",
                    "Shot card: miss.",
                    "The shot rings out: heard within 1.",
                ]
        assert odds["note", 0].startswith("Soldier 2: f fires (s2 6 away: ")
        assert odds["aim", 0].startswith("Fire: s2 6 away: ")
        full = "kill 70%, miss 30% (20 cards left)"  # 14 of the 20 cards hurt
        after = "kill 74%, miss 26% (19 cards left)"  # a shot may follow a shot
        for where in ("note", "aim"):
            assert full in odds[where, 0] and after in odds[where, 1], odds


async def test_an_item_from_the_kit_is_used_on_a_cell(tmp_path):
    game = yard(tmp_path)
    app = ShambleApp(game=game, autosave=False)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await started(pilot)
        await pilot.press("i")
        await pilot.pause()
        assert isinstance(app.screen, ChoiceDialog)
        assert "smoke: 3x3 smoke: cover, blocks sight; range 5" in shown(app)
        await pilot.press("enter")  # smoke, the first card
        await pilot.pause()
        assert screen.targeting is not None and screen.targeting.kind == "use"
        assert screen.cursor == (1, 1)  # nearest first: his own cell
        await pilot.press("right", "right")
        assert "smoke at 3,1" in status(app)
        await pilot.press("enter")
        await pilot.pause()
        assert log(app)[-2:] == ["You use the smoke.", "Smoke around 3,1 until the end of turn 2."]
        assert cells(app)[(4, 2)][0] in "*▒"
        assert "smoke" not in str(app.screen.query_one("#kit-panel").render())


async def test_ammo_from_the_crate_and_what_he_cannot_do_after_acting(tmp_path):
    game = yard(tmp_path)
    game.submit({"type": "move", "path": [[2, 2], [3, 3]]})
    app = ShambleApp(game=game, autosave=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await started(pilot)
        assert "r ammo" in status(app)
        await pilot.press("r")
        await pilot.pause()
        assert log(app)[-1] == "You reload from the crate: 6 rounds."
        assert "Ammo 6" in str(app.screen.query_one("#sniper-panel").render())
        await pilot.press("c")
        assert log(app)[-1] == "You can't hide: you are on open ground (hide in cover)."
        await pilot.press("m")
        assert log(app)[-1] == "You can't move: you have acted, so no more moves this turn."
        await pilot.press("r")
        assert log(app)[-1] == "You can't take ammo: you have taken your action this turn."
        assert len(game.commands) == 2


async def test_hiding_in_cover(tmp_path):
    game = yard(tmp_path)
    game.submit({"type": "shoot", "target": "s2"})  # the loud shot gives him away
    app = ShambleApp(game=game, autosave=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await started(pilot)
        assert "SPOTTED" in str(app.screen.query_one("#sniper-panel").render())
        await pilot.press("c")
        await pilot.pause()
        assert log(app)[-1] == "You hide: you are no longer spotted."
        assert "unseen" in str(app.screen.query_one("#sniper-panel").render())


async def test_the_commanders_turn_is_told_only_as_far_as_he_saw_it(tmp_path):
    game = yard(tmp_path)
    app = ShambleApp(game=game, autosave=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await started(pilot)
        await pilot.press("e")
        assert status(app).startswith("End turn 1 (no action taken)?")
        await pilot.press("y")
        await pilot.pause()
        # soldier 1 walked its patrol behind the wall: he saw nothing of it;
        # soldier 2 came looking for him in his sight
        moved = [e for e in game.events if type(e).__name__ == "UnitMoved"]
        assert [e.unit for e in moved] == ["s1", "s2"]
        assert log(app)[-4:] == [
            "You end your turn.",
            "The commander's turn:",
            "Soldier 2 moves to 5,2.",
            "Turn 2 begins: 4 moves.",
        ]
        assert "oldier 1" not in "\n".join(log(app)) and "s1" not in shown(app)
        await pilot.press("m", "right", "enter", "y")  # onto open ground: soldier 2 sees him
        await pilot.press("e", "y")
        await pilot.pause()
        told = log(app)[log(app).index("You end your turn.", -8) :]
        assert told == [
            "You end your turn.",
            "The commander's turn:",
            "Soldier 2 moves to 4,1.",
            "Soldier 2 seizes you. Captured!",
            "Mission lost: you were captured.",
        ]
        assert not any("oldier 1" in line for line in log(app))


UNIT_WORDS = re.compile(r"\b(?:([sovd])(\d+)|(soldier|dog|vehicle) (\d+)|officer ([A-Z]))\b")
KINDS = {"soldier": "s", "dog": "d", "vehicle": "v"}


def named_units(text: str) -> set[str]:
    out = set()
    for m in UNIT_WORDS.finditer(text):
        if m.group(1):
            out.add(m.group(1) + m.group(2))
        elif m.group(3):
            out.add(KINDS[m.group(3)] + m.group(4))
        else:
            out.add(f"o{ord(m.group(5)) - 64}")
    return out


def check_shows_only_his_view(app, game: Game, ever: set[str]) -> None:
    """The board, panels, status and log hold no unit his view does not:
    unit glyphs exactly where he sees units now, digits only where he saw
    one before; any unit named was shown by one of his views (or is named
    by his own objectives: "kill officer A")."""
    view = game.view("sniper")
    ever |= set(view["units"]) | set(view["last_seen"])
    ever |= {content.objective(o).unit for o in view["sniper"]["objectives"]} - {""}
    board = cells(app)
    seen_at = {tuple(u["at"]) for u in view["units"].values()}
    drawn_units = {c for c, (glyph, style) in board.items() if style.startswith("enemy")}
    assert drawn_units == seen_at
    remembered = {tuple(s["at"]) for s in view["last_seen"].values()}
    for c, (glyph, style) in board.items():
        if style.startswith("memory"):
            assert c in remembered and glyph.isdigit() or glyph in "+…"
    screen = game_screen(app)
    text = "\n".join(
        [*log(app), screen.status_text().plain]
        + [str(p.render()) for p in screen.query_one("#side").children]
    )
    assert named_units(text) <= ever, named_units(text) - ever


async def test_the_rendered_screen_holds_no_unit_his_view_does_not_show():
    """A whole game of the village against the AI commander, played by the
    sniper bot through the screen, checked after every command."""
    game = Game.new("sniper", mission="village", seed=3)
    app = ShambleApp(game=game, autosave=False)
    bot = SniperBot()
    ever: set[str] = set()
    hidden = 0  # checks made while some unit was still unknown to him
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await started(pilot)
        for _ in range(120):
            if game.outcome:
                break
            command = bot.choose(game.view("sniper"), game.legal_commands())
            screen.submit(msgspec.to_builtins(command))  # redraws board and panels at once
            check_shows_only_his_view(app, game, ever)
            hidden += bool(set(game.summary()["units"]) - ever)
        await pilot.pause()
        assert game.summary()["turn"] > 3
    assert hidden > 10  # units he did not know of were about: the check had work to do


async def test_honest_undo_never_goes_back_past_the_commanders_turn(tmp_path):
    game = yard(tmp_path, undo="honest")
    app = ShambleApp(game=game, autosave=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await started(pilot)
        await pilot.press("e", "y")
        await pilot.pause()
        await pilot.press("ctrl+z")
        await pilot.pause()
        assert log(app)[-1].startswith("No undo:") and game.view("sniper")["turn"] == 2


async def test_casual_undo_takes_back_a_step(tmp_path):
    game = yard(tmp_path)
    app = ShambleApp(game=game, autosave=False)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await started(pilot)
        await pilot.press("m", "enter")
        await pilot.pause()
        assert game.view("sniper")["sniper"]["at"] == [2, 1]
        await pilot.press("ctrl+z")
        await pilot.pause()
        assert game.view("sniper")["sniper"]["at"] == [1, 1] and log(app)[-1] == "Undone."
        assert cells(app)[(1, 1)][0] == "@" and screen.cursor == (2, 1)


def test_terrain_is_told_by_its_glyph_in_the_text_colour():
    """Each glyph of the board's terrain means one kind of terrain, in both
    sets, and is one byte but the crate's: the glyph says what the cell is,
    so terrain has no colour of its own (it read the same under NO_COLOR
    already; colour changing at almost every cell cost most of a first
    frame). What the sniper acts on or must notice keeps its colour."""
    from tui.modes.sniper.glyphs import ASCII, BASE, KIND, UNICODE

    for g in (ASCII, UNICODE):
        kinds: dict[str, set[str]] = {}
        for ch, kind in KIND.items():
            kinds.setdefault(g.terrain[ch], set()).add(kind)
        assert all(len(k) == 1 for k in kinds.values()), kinds
    assert all(len(t.encode()) == 1 for ch, t in UNICODE.terrain.items() if ch != "a")
    for kind in ("ground", "road", "trees", "cover", "building", "wall"):
        assert BASE[kind].color is None, kind
    for kind in ("escape", "papers", "crate", "feature", "enemy", "memory", "ring"):
        assert BASE[kind].color is not None, kind
