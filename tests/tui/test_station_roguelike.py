"""Issue 15: Station shows what the game knows. Pilot tests at 80x24 for
every card in the cards panel, the player's own action kept in the log
(a one-line zombie phase, --more-- when a command still overflows), the
character sheet, one rule for keys, the undo
policy in view, and the smaller words (undo, gear, reload, spawns, the
palette, help, Continue, the campaign list, --ascii, 80-column lines).
Zone ids on the board, the cursor and the camera are test_station_board.py's."""

from __future__ import annotations

import json
import os
import re
from pathlib import Path

import msgspec
import pytest

from engine import Game
from engine.station import campaign
from engine.station.commands import StationCommand
from saves import scores
from tui import persist
from tui.app import ShambleApp
from tui.keys import help_rows, table
from tui.modes import get_ui
from tui.modes.station.campaign import CampaignScreen, campaign_line
from tui.modes.station.glyphs import ASCII, UNICODE
from tui.modes.station.narrate import narrate
from tui.modes.station.sheet import CharacterSheet
from tui.screens.game import GameScreen
from tui.screens.help import HelpScreen, reflow
from tui.screens.scores import ScoresScreen
from tui.screens.title import TitleScreen
from tui.widgets.panels import MORE, Detail, MessageLog

REPO = Path(__file__).resolve().parents[2]
TUTORIAL = (REPO / "engine/content/station/missions/tutorial.toml").read_text()
CARDS = ["baton", "shotgun", "medkit", "fire_axe", "nail_gun", "stim", "grenade"]
ALL_SIX = ["vega", "okafor", "lin", "ruiz", "hale", "mori"]


def tutorial(seed: int = 3, **kw) -> Game:
    return Game.new("station", mission="tutorial", seed=seed, **kw)


def busy(tmp_path, roster: list[str], **kw) -> Game:
    """The tutorial with a pile of seven cards in the airlock and Vega's
    hands and backpack full."""
    text = TUTORIAL.replace('floor = ["baton"]', f"floor = {json.dumps(CARDS)}")
    path = tmp_path / "busy.toml"
    path.write_text(text)
    kept = {"vega": {"kept": ["pistol", "medkit", "stim", "grenade"]}}
    return Game.new("station", mission=str(path), seed=1, survivors=roster, carry=kept, **kw)


def screen_text(app: ShambleApp) -> str:
    return "\n".join(strip.text for strip in app.screen._compositor.render_strips())


def log_shown(app: ShambleApp) -> str:
    """The log's rows as shown, without the first column (the newest row's mark)."""
    rows = str(app.screen.query_one(MessageLog).render()).splitlines()
    return "\n".join(row[1:] for row in rows)


async def started(pilot) -> GameScreen:
    await pilot.pause()
    await pilot.pause()
    assert isinstance(pilot.app.screen, GameScreen)
    return pilot.app.screen


# -- 1. the cards panel ---------------------------------------------------------------


async def test_cards_panel_lists_every_card_with_two_survivors(tmp_path):
    app = ShambleApp(game=busy(tmp_path, ["vega", "okafor"]), autosave=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await started(pilot)
        panel = str(app.screen.query_one("#cards").render())
        for card in ["wrench", "pistol", "medkit", "stim", "grenade", *CARDS]:
            assert card.replace("_", " ") in panel, card
        assert app.screen.query_one("#cards").size.height == panel.count("\n") + 1


async def test_cards_panel_counts_what_does_not_fit_and_says_where(tmp_path):
    app = ShambleApp(game=busy(tmp_path, ALL_SIX), autosave=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await started(pilot)
        text = screen_text(app)
        shown = [c for c in CARDS if c.replace("_", " ") in text.split("floor", 1)[-1]]
        more = re.search(r"\+(\d+) more on the floor: x looks", text)
        assert more, text
        assert len(shown) + int(more.group(1)) == len(CARDS)
        for card in ["wrench", "pistol", "medkit", "stim", "grenade"]:
            assert card in text  # what Vega carries is all there
        side = app.screen.query_one("#side")
        assert side.virtual_size.height <= side.size.height  # nothing hidden below


async def test_cards_panel_grows_when_cards_are_picked_up(tmp_path):
    game = busy(tmp_path, ["okafor", "vega"])
    app = ShambleApp(game=game, autosave=False)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await started(pilot)
        panel = screen.query_one("#cards")
        before = panel.size.height
        assert screen.selected == "okafor"
        screen.submit(
            {"type": "manage", "survivor": "okafor", "hand": ["pistol", "baton"],
             "backpack": ["shotgun", "medkit"]}
        )  # fmt: skip
        await pilot.pause()
        await pilot.pause()
        text = str(panel.render())
        assert "hand baton" in text and "pack shotgun" in text and "pack medkit" in text
        assert panel.size.height == text.count("\n") + 1 > before


# -- 2. the log keeps the player's own action ------------------------------------------


async def test_an_attack_that_ends_the_round_stays_in_the_log():
    app = ShambleApp(game=tutorial(3), autosave=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await started(pilot)
        # Vega opens the corridor and steps in as the walker comes into the
        # airlock; Okafor shoots it, then ends his turn: the zombies act
        await pilot.press("o", "enter", "m", "enter", "f", "enter", "e", "y")
        await pilot.pause()
        shown = log_shown(app)
        assert "Okafor fires pistol at zone a: rolled" in shown
        assert "Zombies: spawn 1 walker in zone f." in shown and "-- Round 2 --" in shown
        log = app.screen.query_one(MessageLog)
        assert "  -- Zombie phase --" in log.lines  # every step is in the whole log (v)


def test_friendly_fire_counts_wounds_per_survivor():
    events = [
        {"type": "rolled", "survivor": "okafor", "weapon": "pistol", "zone": "a",
         "dice": [1, 1, 6], "hit": 5, "ranged": True},
        {"type": "zombies_killed", "survivor": "okafor", "zone": "a", "kinds": {"walker": 1}},
        {"type": "wounded", "survivor": "vega", "cause": "friendly_fire"},
        {"type": "wounded", "survivor": "vega", "cause": "friendly_fire"},
    ]  # fmt: skip
    (line,) = narrate(events)
    assert line.endswith("1 kill (1 walker), friendly fire: 2 wounds on Vega.")
    assert "Vega, Vega" not in line


def test_a_zombie_phase_is_one_line_that_names_who_wounded_whom():
    events = [
        {"type": "zombie_phase", "round": 3},
        {"type": "zombies_attacked", "zone": "c", "kind": "runner", "count": 2},
        {"type": "wounded", "survivor": "okafor", "cause": "zombie"},
        {"type": "wounded", "survivor": "okafor", "cause": "zombie"},
        {"type": "wounded", "survivor": "vega", "cause": "zombie"},
        {"type": "eliminated", "survivor": "vega", "zone": "c"},
        {"type": "zombies_moved", "kind": "walker", "count": 3, "path": ["g", "c"]},
        {"type": "zombie_card_drawn", "card": "z28"},
        {"type": "zombies_spawned", "zone": "m", "card": "z28", "kinds": {}, "extra": "runners"},
        {"type": "runners_activated", "zone": "m"},
        {"type": "round_ended", "round": 3},
    ]
    lines = narrate(events)
    shown = [x for x in lines if not isinstance(x, Detail)]
    assert shown == [
        "Zombies: attack in zone c: 2 wounds on Okafor, 1 on Vega (Vega eliminated); 3 move; "
        "spawn no zombie in zone m but every runner on the station acts again.",
        "-- Round 4 --",
    ]
    assert "  Vega is eliminated in zone c!" in lines  # the whole log keeps each step


async def test_a_command_that_overflows_the_log_stops_at_more_and_the_key_is_not_an_action():
    app = ShambleApp(game=tutorial(), autosave=False)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await started(pilot)
        log = screen.query_one(MessageLog)
        log.begin()
        screen.add_log([f"line {n}" for n in range(1, 11)])
        screen.hold_log()
        await pilot.pause()
        assert log_shown(app).splitlines() == ["line 1", "line 2", "line 3", MORE]
        await pilot.press("m")  # shows the next page; does not start a move
        assert screen.targeting is None and not screen.game.commands
        assert log_shown(app).splitlines() == ["line 4", "line 5", "line 6", MORE]
        await pilot.press("space")  # the rest fits: the log shows its last lines again
        assert not screen.paging
        assert log_shown(app).splitlines() == ["line 7", "line 8", "line 9", "line 10"]
        marks = [row[0] for row in str(log.render()).splitlines()]
        assert marks == [" ", " ", " ", "\u203a"]  # the newest row is marked, not bold
        await pilot.press("o")  # keys act again: two doors, highlighted
        assert screen.targeting is not None


# -- 3. the character sheet -----------------------------------------------------------


async def test_character_sheet_shows_stats_skills_and_the_weapon_line_taken_apart():
    app = ShambleApp(game=tutorial(), autosave=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await started(pilot)
        assert "c sheet" in screen_text(app)  # in the footer
        await pilot.press("tab", "c")
        await pilot.pause()
        assert isinstance(app.screen, CharacterSheet)
        text = screen_text(app)
        assert "Okafor, marine" in text and "Speed 1 zone a move" in text
        assert "Melee +0 dice   Ranged +1 die" in text and "Wounds 0 of 3" in text
        assert "Level blue, 0 XP (next: yellow at 7 XP)" in text
        assert "+1 ranged die" in text and "one more die in every ranged attack" in text
        assert "3d 5+ r0-1 6/6" in text
        assert "3d: 3 dice = pistol 1 + Okafor's ranged 1 + 1 (+1 ranged die)" in text
        await pilot.press("right")
        assert "Vega, engineer" in screen_text(app)
        assert "silent doors" in screen_text(app)
        await pilot.press("escape")
        assert isinstance(app.screen, GameScreen)
        await pilot.press("z")  # no skill to use: the log says which he has
        assert "Okafor has no skill to use now. Skills: +1 ranged die" in log_shown(app)


async def test_help_lists_the_sheet_and_says_how_keys_act():
    app = ShambleApp(game=tutorial(), autosave=False)
    async with app.run_test(size=(80, 40)) as pilot:
        await started(pilot)
        await pilot.press("question_mark")
        await pilot.pause()
        assert isinstance(app.screen, HelpScreen)
        rules = str(app.screen.query_one("#help-rules").render())
        assert rules.startswith("How keys act: a key that aims at the board (m move, f fire")
        keys = help_rows(table(get_ui("station").help().keys))
        assert ("Turn", "c", "character sheet: speed, dice, wounds, XP, skills, weapons") in keys


# -- 6. one rule for the action keys ------------------------------------------------------


async def test_aim_keys_light_even_one_target_and_enter_never_moves_unasked():
    game = tutorial()
    app = ShambleApp(game=game, autosave=False)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await started(pilot)
        await pilot.press("o", "enter")  # two doors: the first is lit, Enter opens it
        await pilot.press("m")  # one zone to go to: lit all the same, with what it does
        assert screen.targeting is not None and list(screen.targeting.options) == ["b"]
        assert str(screen.status_text()).startswith("Move: zone b. Enter does it")
        await pilot.press("escape", "tab", "right")  # Okafor, the cursor on the corridor
        moved = len(game.commands)
        await pilot.press("enter")  # Enter alone: lights the move, does not make it
        assert len(game.commands) == moved and screen.targeting is not None
        assert "Enter does it" in str(screen.status_text())
        await pilot.press("enter")  # Vega has an action left: asked first
        assert screen.prompt is not None and "act with Okafor?" in screen.prompt.question.plain
        await pilot.press("y")
        assert len(game.commands) == moved + 1
        assert game.summary()["survivors"]["okafor"]["zone"] == "b"


async def test_melee_with_one_weapon_acts_at_once_and_a_grenade_near_friends_asks(tmp_path):
    kept = {"vega": {"kept": ["grenade"]}}
    text = TUTORIAL + '\n[[zombies]]\nzone = "a"\nkind = "walker"\ncount = 1\n'
    path = tmp_path / "fight.toml"
    path.write_text(text)
    game = Game.new("station", mission=str(path), seed=1, carry=kept)
    app = ShambleApp(game=game, autosave=False)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await started(pilot)
        await pilot.press("p")  # the grenade at the airlock, where Okafor is
        assert screen.prompt is not None and "where Okafor is?" in screen.prompt.question.plain
        await pilot.press("n")
        assert not game.commands
        await pilot.press("a")  # the wrench is Vega's one melee weapon: at once
        assert len(game.commands) == 1
        assert msgspec.to_builtins(game.commands[0])["type"] == "melee"


async def test_the_melee_choice_shows_each_weapons_dice():
    app = ShambleApp(game=tutorial(), autosave=False)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await started(pilot)
        melee = {"type": "melee", "survivor": "vega", "weapon": "wrench"}
        assert screen.play.label(melee, screen.view) == "Vega: melee with wrench: 2d 5+"
        hands = {"type": "melee", "survivor": "okafor"}
        assert screen.play.label(hands, screen.view) == "Okafor: melee with bare hands: 1d 6+"


# -- 7. the undo policy in view ------------------------------------------------------------


@pytest.mark.parametrize(
    ("policy", "title", "footer"),
    [("casual", "Survivors (undo: any)", True), ("ironman", "Survivors (ironman: no undo)", False)],
)
async def test_the_undo_policy_is_in_view_and_ironman_offers_no_undo(policy, title, footer):
    app = ShambleApp(game=tutorial(undo=policy), autosave=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await started(pilot)
        text = screen_text(app)
        assert title in text
        assert ("^z undo" in text) is footer


async def test_the_high_score_table_marks_undos_and_the_policy():
    for entry in (
        scores.Score("tutorial", 90, ("vega",), 8, 1, "won", undo="casual", undos=3),
        scores.Score("tutorial", 80, ("vega",), 9, 2, "won", undo="ironman"),
        scores.Score("tutorial", 70, ("vega",), 9, 3, "won"),  # before issue 15
    ):
        scores.record(entry)
    app = ShambleApp(autosave=False)
    async with app.run_test(size=(80, 24)) as pilot:
        app.push_screen(ScoresScreen())
        await pilot.pause()
        text = screen_text(app)
        assert "undos" in text and "3 (casual)" in text and "ironman" in text


def test_a_finished_games_score_keeps_its_undos():
    from tui.modes.station.play import StationPlay

    game = tutorial(undo="honest")
    game.submit({"type": "open_door", "survivor": "vega", "door": "a-b"})
    game.undo()
    entry = StationPlay(game).score()
    assert (entry.undo, entry.undos) == ("honest", 1)


# -- 8. the smaller things ---------------------------------------------------------------


async def test_undo_reselects_who_acted_and_says_what_it_took_back():
    game = tutorial()
    app = ShambleApp(game=game, autosave=False)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await started(pilot)
        await pilot.press("e", "y")  # Vega ends her turn: Okafor is selected
        assert screen.selected == "okafor"
        await pilot.press("ctrl+z")
        assert screen.selected == "vega"
        assert screen.query_one(MessageLog).lines[-1] == "Undone: Vega is done for this round."


def test_gear_reload_and_spawn_lines_say_what_happened():
    before = tutorial().view()
    take = [
        {"type": "gear_arranged", "zone": "a", "hands": {"vega": [["wrench", 0], ["baton", 0]]},
         "backpacks": {"vega": []}, "floor": []},
    ]  # fmt: skip
    assert narrate(take, before) == ["Gear: Vega takes baton (in hand)."]
    search = [
        {"type": "searched", "survivor": "vega", "card": "ammo"},
        {"type": "reloaded", "survivor": "vega"},
    ]
    assert narrate(search, before) == [
        "Vega searches: finds ammo.",
        "Vega has nothing to reload.",
    ]
    before["survivors"]["okafor"]["ammo"] = [["pistol", 2]]
    reload = [{"type": "reloaded", "survivor": "okafor"}]
    assert narrate(reload, before) == ["Okafor reloads pistol 2/6 -> 6/6."]
    spawn = [{"type": "zombies_spawned", "zone": "f", "card": "z13",
              "kinds": {"walker": 2, "runner": 1}}]  # fmt: skip
    assert narrate(spawn) == ["Spawn: 2 walkers + 1 runner in zone f."]


async def test_the_palette_names_keys_as_they_read_and_lists_only_the_game():
    app = ShambleApp(game=tutorial(), autosave=False)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await started(pilot)
        found = {c.title: c.help for c in app.get_system_commands(screen)}
        assert found["Undo the last command"] == "key: Ctrl+Z or Backspace"
        assert found["End this survivor's turn"] == "key: e or ."
        assert not any("theme" in t.lower() or "keys and help" in t.lower() for t in found)


def test_help_rules_wrap_once():
    text = reflow("One line\nand its rest.\n\n- an item\n  going on\n- another")
    assert text == "One line and its rest.\n\n- an item going on\n- another"


async def test_status_and_prompt_lines_keep_their_last_hint_at_80_columns():
    game = Game.new("station", mission="command_deck", seed=1)
    app = ShambleApp(game=game, autosave=False)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await started(pilot)
        room = screen.status_room()
        status = screen.status_text()
        assert status.cell_len <= room and status.plain.endswith("e end")
        screen.cursor = "V"
        await pilot.press("tab", "e")  # Okafor's end: a question that fits with its keys
        prompt = screen.status_text()
        assert prompt.cell_len <= room and prompt.plain.endswith("y yes, n no")


async def test_the_fire_prompt_shortens_its_words_to_keep_its_keys(tmp_path):
    text = TUTORIAL.replace('survivors = ["vega", "okafor"]', f"survivors = {json.dumps(ALL_SIX)}")
    path = tmp_path / "crowd.toml"
    path.write_text(text + '\n[[zombies]]\nzone = "a"\nkind = "walker"\ncount = 3\n')
    game = Game.new("station", mission=str(path), seed=1, survivors=ALL_SIX)
    app = ShambleApp(game=game, autosave=False)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await started(pilot)
        await pilot.press("tab", "f")  # Okafor shoots into his own crowded zone
        prompt = screen.status_text()
        assert screen.targeting is not None and prompt.cell_len <= screen.status_room()
        assert "survivors there!)" in prompt.plain and prompt.plain.endswith("f next, Esc")


async def test_ascii_arrows_labels_and_the_sheet_are_plain_ascii():
    game = Game.new("station", mission="random", seed=4, size="huge")
    app = ShambleApp(game=game, autosave=False, ascii_only=True)
    async with app.run_test(size=(80, 24)) as pilot:
        await started(pilot)
        text = screen_text(app)
        assert "z>" in text and ".a" in text  # an arrow toward a zombie, a zone id
        assert all(ord(ch) < 128 for ch in text), [ch for ch in text if ord(ch) >= 128]
        await pilot.press("c")
        await pilot.pause()
        text = screen_text(app)
        assert "Character sheet" in text and all(ord(ch) < 128 for ch in text)


def test_ascii_draws_a_closed_door_and_more_here_differently():
    assert ASCII.closed_door != ASCII.more and UNICODE.closed_door != UNICODE.more


def test_the_campaign_list_tells_a_new_campaign_from_one_in_play():
    from saves.records import Listed as CampaignInfo

    fresh = campaign.start("derelict", ["vega", "okafor"])
    new = CampaignInfo("derelict-1", "/x", "campaign", fresh)
    going = CampaignInfo("derelict-2", "/y", "campaign", fresh, save="/y/m.shamble")
    later = CampaignInfo("derelict-3", "/z", "campaign", msgspec.structs.replace(fresh, index=1,
                         history=(("tutorial", "won"),)))  # fmt: skip
    assert "new, mission 1 of 6 not started" in campaign_line(new)
    assert "mission 1 of 6 in play" in campaign_line(going)
    assert "mission 2 of 6 next" in campaign_line(later)


async def test_continue_opens_the_campaign_mission_played_last(home):
    plain = persist.start_session(tutorial())
    plain.game.submit({"type": "open_door", "survivor": "vega", "door": "a-b"})
    plain.close()
    progress = campaign.start("derelict", ["vega", "okafor"])
    record = persist.start_record(progress, "derelict")
    game = Game.new(**campaign.next_game(progress), seed=5)
    session = persist.start_game_session(record, game)
    persist.record_progress(record, progress, save=session.path)
    game.submit(game.legal_commands()[0])
    session.close()
    record.close()
    os.utime(plain.path, (1_000_000, 1_000_000))  # the plain game was played long ago
    app = ShambleApp()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.pause()
        assert isinstance(app.screen, TitleScreen)
        assert "Continue: campaign derelict-1" in screen_text(app)
        await pilot.press("c")
        screen = await started(pilot)
        assert screen.game.commands == game.commands
        assert isinstance(app.screen_stack[-2], CampaignScreen)


def test_the_script_example_runs_on_the_tutorial_and_the_table_lists_every_command():
    doc = (REPO / "docs/play-station-script.md").read_text()
    block = doc.split("```json\n", 1)[1].split("```", 1)[0]
    game = Game.new("station", mission="tutorial", seed=7)
    for line in block.splitlines():
        game.submit(json.loads(line))  # refused: RuleError, and the test fails
    kinds = {t.__struct_config__.tag for t in StationCommand.__args__}
    for kind in kinds:
        assert f"| `{kind}` |" in doc, kind


# -- snapshots ----------------------------------------------------------------------------


@pytest.mark.parametrize("size", [(80, 24), (120, 40)])
def test_a_large_station_snapshot(snap_compare, size):
    """Zone ids on the floor, arrows at the edges toward what is out of view."""
    game = Game.new("station", mission="random", seed=4, size="huge")
    assert snap_compare(ShambleApp(game=game, autosave=False), terminal_size=size)


def test_character_sheet_snapshot(snap_compare):
    app = ShambleApp(game=tutorial(), autosave=False)
    assert snap_compare(app, press=["tab", "c"], terminal_size=(80, 24))


async def test_the_melee_list_starts_on_the_best_weapon():
    """Issue 28: the cursor starts on the weapon expected to hit most (Vega's
    fire axe, 3d 5+, before her wrench, 2d 5+, and bare hands, 1d 6+)."""
    from textual.widgets import OptionList

    from tui.screens.dialogs import ChoiceDialog

    app = ShambleApp(game=tutorial(), autosave=False)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await started(pilot)
        hits = [
            {"type": "melee", "survivor": "vega"},
            {"type": "melee", "survivor": "vega", "weapon": "wrench"},
            {"type": "melee", "survivor": "vega", "weapon": "fire_axe"},
        ]
        assert screen.play.best_attack(hits) == 2
        assert screen.play.best_attack(hits[:2]) == 1
        screen.choose_and_act("Melee", hits, screen.play.best_attack(hits))
        await pilot.pause()
        dialog = app.screen
        assert isinstance(dialog, ChoiceDialog)
        menu = dialog.query_one(OptionList)
        assert menu.highlighted == 2 and "fire axe: 3d 5+" in str(menu.highlighted_option.prompt)
