"""Commands by name at the plain prompt (issue 30): the words a player types
find the one legal command they mean; a wrong word finds the nearest."""

from tui.plain import words
from tui.plain.io import Lines, plain
from tui.plain.story import without_keys


def opts(*pairs):
    return [words.named(c, label, ("survivor",)) for c, label in pairs]


SEARCH_V = ({"type": "search", "survivor": "vega"}, "Vega: search")
SEARCH_O = ({"type": "search", "survivor": "okafor"}, "Okafor: search")
MOVE_B = ({"type": "move", "survivor": "vega", "zone": "b"}, "Vega: move to b")
MOVE_C = ({"type": "move", "survivor": "vega", "zone": "c"}, "Vega: move to c")
FIRE = (
    {"type": "ranged", "survivor": "vega", "zone": "b", "weapon": "pistol"},
    "Vega: fire pistol at b",
)


def test_a_command_by_its_words_and_field_values():
    options = opts(SEARCH_V, MOVE_B, MOVE_C, FIRE)
    assert [o.label for o in words.match("move b", options, "vega")] == ["Vega: move to b"]
    assert [o.label for o in words.match("fire at b with pistol", options, "vega")] == [FIRE[1]]
    assert [o.label for o in words.match("sea", options, "vega")] == ["Vega: search"]


def test_a_zone_named_by_a_mark_is_typed_as_a_word():
    """Issue 28: the Command Deck names zones $ ! : ; / < (no letter is left
    that the board does not draw a figure with); "move $" finds its move, and a
    mark inside a word, or after one, is no word of its own."""
    spine = ({"type": "move", "survivor": "vega", "to": "$"}, "Vega: move to $")
    lift = ({"type": "move", "survivor": "vega", "to": "<"}, "Vega: move to <")
    options = opts(spine, lift, MOVE_B)
    assert [o.label for o in words.match("move $", options, "vega")] == [spine[1]]
    assert [o.label for o in words.match("move <", options, "vega")] == [lift[1]]
    assert words.tokens("move: b") == ["move", "b"]
    assert words.tokens("c/e $") == ["c", "e", "$"]


def test_the_selected_figure_first_unless_another_is_named():
    options = opts(SEARCH_V, SEARCH_O)
    assert [o.label for o in words.match("search", options, "okafor")] == ["Okafor: search"]
    assert [o.label for o in words.match("vega search", options, "okafor")] == ["Vega: search"]


def test_cells_are_said_whole_in_any_spelling():
    options = [
        words.named({"type": "move", "path": [[3, 1]]}, "Move to 3,1 (1 step)", ()),
        words.named({"type": "move", "path": [[3, 10]]}, "Move to 3,10 (1 step)", ()),
    ]
    for typed in ("move 3,1", "move 3 1", "move 3, 1", "Move to 3,1 (1 step)"):
        assert [o.label for o in words.match(typed, options, None)] == ["Move to 3,1 (1 step)"]


def test_a_wrong_word_matches_nothing_and_has_neighbours():
    options = opts(SEARCH_V, MOVE_B)
    assert words.match("dance", options, "vega") == []
    assert words.nearest("serch", options, 1)[0].label == "Vega: search"


def test_commands_alike_but_for_their_cell_are_one_line():
    moves = [{"type": "move", "path": [[x, 1]]} for x in range(6)]
    hide = {"type": "hide"}
    groups = words.grouped([*moves, hide], words.GROUP_FROM)
    assert [len(g) for g in groups] == [6, 1]
    line = words.group_line(groups[0], "Move to 0,1 (1 step)")
    assert line.startswith("Move to X,Y: 6 cells (0,1 1,1 2,1 3,1 4,1 5,1)")


def test_status_lines_lose_their_keys_not_their_words():
    assert without_keys("Vega in a (airlock), 2 actions: s search o door e end") == (
        "Vega in a (airlock), 2 actions."
    )
    assert without_keys("Turn 1/12: 4 moves, 1 action. m move i item c hide e end") == (
        "Turn 1/12: 4 moves, 1 action."
    )
    assert without_keys("Nothing to press here") == "Nothing to press here"


def test_no_escape_or_box_drawing_reaches_the_terminal():
    assert plain("\x1b[1;31mred\x1b[0m \x1b]0;title\x07ok ─│┌ \x07bell") == "red ok  bell"


def test_a_line_is_not_said_twice_in_a_row_and_long_lines_fold(tmp_path):
    import io

    out = io.StringIO()
    lines = Lines(out, io.StringIO())
    lines.say("Zone a.", "Zone a.", "x " * 80)
    printed = out.getvalue().splitlines()
    assert printed[0] == "Zone a." and printed[1] != "Zone a."
    assert all(len(line) <= 100 for line in printed)


def test_a_story_puts_what_hurts_first_and_folds_runs_of_alike_lines():
    from tui.plain.story import brief

    story = [
        "Vega moves to b.",
        "2 walkers move to b.",
        "A walker bites Vega: 1 wound.",
        "-- Bot 2's turn (round 1) --",
        "Bot 2 moves a zombie south.",
        "Bot 2 moves a zombie east.",
        "3 zombies shamble in.",
    ]
    assert brief(story) == [
        "Vega moves to b.",
        "A walker bites Vega: 1 wound.",
        "2 walkers move to b.",
        "-- Bot 2's turn (round 1) --",
        "3 zombies shamble in.",
        "Bot 2 moves a zombie south and east.",
    ]


def test_what_a_screen_reader_would_misread_is_said_in_words():
    """Heard under Fenrir (docs/play-plain.md): dashes round a heading and an
    arrow were read as "dash"; a line the terminal wrapped split a word."""
    import io

    out = io.StringIO()
    lines = Lines(out)
    lines.columns = 40
    lines.say(
        "-- Round 2 --",
        "Vega: wrench: hand -> backpack",
        "north-east; Re-roll; door a-b",
        "word " * 20,
    )
    said = out.getvalue().splitlines()
    assert said[:3] == [
        "Round 2.",
        "Vega: wrench: hand to backpack",
        "north east; Re roll; door a-b",
    ]
    assert max(len(line) for line in said) < 40 and all(w == "word" for w in said[3].split())


def test_a_command_typed_as_it_was_said_is_that_command():
    pistol = (
        {"type": "gear", "survivor": "okafor", "card": "pistol"},
        "Okafor: pistol: hand -> backpack",
    )
    wrench = (
        {"type": "gear", "survivor": "okafor", "card": "wrench", "x": "pistol"},
        "Okafor: wrench: hand -> backpack",
    )
    options = opts(pistol, wrench)
    for typed in ("Okafor: pistol: hand to backpack", "Okafor: pistol: hand -> backpack"):
        assert [o.label for o in words.match(typed, options, "okafor")] == [pistol[1]]


def test_the_prompt_says_how_to_ask_at_first_and_after_a_wrong_word():
    import io

    from engine import Game
    from tui.modes import get_ui
    from tui.plain.table import PlainTable

    game = Game.new("station", seed=3)
    out = io.StringIO()
    table = PlainTable(
        game, get_ui("station").play(game, True), Lines(out, io.StringIO("where\nfly\n"))
    )
    table.run()
    prompts = [line.strip() for line in out.getvalue().splitlines() if "Command" in line]
    assert prompts == [  # who and the round when they change; how to ask at first and after
        "Vega, round 1. Command (what, help)?",
        "Command?",
        "Vega, round 1. Command (what, help)?",
    ]
