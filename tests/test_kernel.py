"""Kernel rules K-1..K-7 and shared geometry, through the public API."""

from __future__ import annotations

import random
import textwrap

import msgspec
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine import Game, RuleError, get_mode
from engine.core import rng
from engine.core.geometry import supercover
from engine.station.zones import parse_zones

ARENA = '''
[mission]
id = "arena"
danger_every_rounds = 0
map = """
#########
#aaa+bbb#
#aaa#bbb#
#########
"""
[zones.a]
start = true
[zones.b]
exit = true
[decks]
search = ["nothing", "ammo", "nothing"]
equipment = ["knife"]
[[zombies]]
zone = "a"
kind = "walker"
count = 3
'''


@pytest.fixture
def arena(tmp_path):
    p = tmp_path / "arena.toml"
    p.write_text(textwrap.dedent(ARENA).lstrip())
    return p


def melee(g, who="hale"):
    return g.submit({"type": "melee", "survivor": who})


def dice_of(events):
    return [e.dice for e in events if type(e).__name__ == "Rolled"]


def test_K_1_dice_are_written_into_events(arena):
    g = Game.new("station", mission=arena, seed=4, survivors=["hale"])
    rolled = dice_of(melee(g))
    assert len(rolled) == 1 and len(rolled[0]) == 3  # crowbar 1 + melee 2
    assert all(1 <= d <= 6 for d in rolled[0])


def test_K_2_undo_is_not_a_reroll(arena):
    g = Game.new("station", mission=arena, seed=9, survivors=["hale"])
    first = dice_of(melee(g))
    g.undo()
    again = dice_of(melee(g))
    assert first == again
    other = Game.new("station", mission=arena, seed=10, survivors=["hale"])
    assert [rng.die(9, n) for n in range(20)] != [rng.die(10, n) for n in range(20)]
    assert dice_of(melee(other)) is not None


def test_K_2_roll_n_depends_only_on_seed_and_n():
    assert [rng.die(5, n) for n in range(50)] == [rng.die(5, n) for n in range(50)]
    assert rng.dice(5, 10, 3) == (rng.die(5, 10), rng.die(5, 11), rng.die(5, 12))


def test_K_3_scripted_dice_come_first_then_the_seed(arena):
    g = Game.new("station", mission=arena, seed=2, survivors=["hale"], dice=[6, 5, 1])
    assert dice_of(melee(g)) == [(6, 5, 1)]
    assert dice_of(melee(g)) == [rng.dice(2, 3, 3)]


def test_K_3_shuffles_never_read_the_script():
    assert rng.shuffled(1, 0, list("abcdef")) == rng.shuffled(1, 0, list("abcdef"))
    g1 = Game.new("station", mission="tutorial", seed=1, dice=[6, 6, 6])
    g2 = Game.new("station", mission="tutorial", seed=1)
    assert g1.state.equipment == g2.state.equipment and g1.state.search == g2.state.search


def test_K_4_an_empty_deck_is_refilled_from_its_discards(arena):
    # clear the zone first: three walkers, three scripted successes
    g2 = Game.new(
        "station", mission=arena, seed=3, survivors=["hale", "vega", "lin", "ruiz"], dice=[6, 6, 6]
    )
    melee(g2)  # three successes kill all three walkers
    assert g2.summary()["zombies"] == {}
    for who in ["hale", "vega", "lin"]:
        g2.submit({"type": "search", "survivor": who})
    assert g2.state.search == () and len(g2.state.search_discard) == 3
    events = g2.submit({"type": "search", "survivor": "ruiz"})
    shuffled = [e for e in events if type(e).__name__ == "DeckShuffled"]
    assert shuffled and sorted(shuffled[0].order) == ["ammo", "nothing", "nothing"]


def test_K_4_a_deck_with_no_discards_stays_empty(tmp_path):
    text = (
        textwrap.dedent(ARENA)
        .lstrip()
        .replace('search = ["nothing", "ammo", "nothing"]', 'search = ["gear", "gear"]')
        .replace("count = 3", "count = 1")
    )
    path = tmp_path / "m.toml"
    path.write_text(text)
    g2 = Game.new("station", mission=path, seed=3, survivors=["vega", "lin"], dice=[6, 6])
    g2.submit({"type": "melee", "survivor": "vega"})  # wrench: 2 dice, the walker dies
    g2.submit({"type": "search", "survivor": "vega"})
    assert g2.summary()["survivors"]["vega"]["hand"] == ["wrench", "knife"]
    g2.submit({"type": "search", "survivor": "lin"})
    assert g2.summary()["survivors"]["lin"]["hand"] == ["medkit"]
    assert g2.state.equipment == () and g2.state.equipment_discard == ()


def test_K_5_rejected_command_changes_nothing(arena):
    g = Game.new("station", mission=arena, seed=1, survivors=["hale"])
    before = g.state
    with pytest.raises(RuleError) as e:
        g.submit({"type": "search", "survivor": "hale"})  # zombies in the zone
    assert e.value.code == "zombies_here" and g.state is before


def test_K_6_undo_reverts_a_whole_zombie_phase_and_redo_reapplies(arena):
    g = Game.new("station", mission=arena, seed=1, survivors=["hale"])
    start = g.summary()
    g.submit({"type": "end_turn", "survivor": "hale"})
    after = g.summary()
    assert after["round"] == 2 and after["survivors"]["hale"]["wounds"] >= 2
    assert g.undo() and g.summary() == start
    assert g.redo() and g.summary() == after
    assert g.redo() is False


def test_K_6_new_command_after_undo_discards_redo(arena):
    g = Game.new("station", mission=arena, seed=1, survivors=["hale"])
    g.submit({"type": "open_door", "survivor": "hale", "door": "a-b"})
    g.undo()
    assert g.can_redo()
    g.submit({"type": "end_turn", "survivor": "hale"})
    assert not g.can_redo() and g.redo() is False


def test_K_6_honest_undo_stops_at_revealed_information(arena):
    g = Game.new("station", mission=arena, seed=1, survivors=["hale", "vega"], undo="honest")
    g.submit({"type": "open_door", "survivor": "vega", "door": "a-b"})  # reveals nothing
    assert g.undo() is True
    g.submit({"type": "open_door", "survivor": "vega", "door": "a-b"})
    melee(g)  # dice rolled: hidden information revealed
    with pytest.raises(RuleError) as e:
        g.undo()
    assert e.value.code == "undo_refused" and "honest" in e.value.message
    assert g.undo_count == 1


def test_K_6_ironman_refuses_every_undo(arena):
    g = Game.new("station", mission=arena, seed=1, survivors=["hale"], undo="ironman")
    assert g.undo() is False  # nothing to undo yet
    g.submit({"type": "open_door", "survivor": "hale", "door": "a-b"})
    with pytest.raises(RuleError) as e:
        g.undo()
    assert e.value.code == "undo_refused" and "ironman" in e.value.message


def test_K_6_undo_count_is_kept_and_saved(arena, tmp_path):
    g = Game.new("station", mission=arena, seed=1, survivors=["hale"])
    g.submit({"type": "open_door", "survivor": "hale", "door": "a-b"})
    g.undo()
    g.redo()
    g.undo()
    assert g.undo_count == 2
    g.save(tmp_path / "s.shamble")
    assert Game.load(tmp_path / "s.shamble").undo_count == 2


def test_K_7_players_do_not_see_zombies_in_dark_zones():
    g = Game.new("station", mission="tutorial", seed=1)
    assert "g" in g.summary()["dark"]  # the archive
    view = g.view("players")
    assert "g" not in view["zombies"] or not g.state.zombies.get("g")
    assert view["zombie_count"] == g.state.zombie_count()


def test_supercover_takes_both_cells_at_an_exact_corner():
    assert list(supercover((0, 0), (1, 1))) == [(0, 0), (1, 0), (0, 1), (1, 1)]
    assert list(supercover((0, 0), (3, 0))) == [(0, 0), (1, 0), (2, 0), (3, 0)]


def test_ST_4_3_a_corner_touching_wall_blocks_sight():
    board = parse_zones(
        """
#####
#a#.#
##b##
#####
"""
    )
    # a(1,1) and b(2,2) touch only at a corner; the diagonal crosses the corner
    # between wall cells (2,1) and (1,2): blocked.
    assert not board.sees("a", "b", frozenset())


def test_ST_4_4_map_order_and_door_ids():
    board = parse_zones(
        """
##########
#zz+aa#yy#
#zz#aa+yy#
#zz+aa#yy#
##########
"""
    )
    assert board.zones == ("z", "a", "y")  # first cell in reading order
    assert [d.id for d in board.doors] == ["a-z", "a-y", "a-z.2"]
    with pytest.raises(ValueError, match="third zone"):
        parse_zones(
            """
######
#aa+b#
#aacb#
######
"""
        )


def _brute_sees(board, a, b, open_doors):
    blocked = set()
    open_cells = {d.cell for d in board.doors if d.id in open_doors}
    for cell, ch in board.grid.cells():
        if ch in "#+' " and cell not in open_cells:
            blocked.add(cell)
    return a == b or any(
        all(c not in blocked for c in supercover(p, q))
        for p in board.cells[a]
        for q in board.cells[b]
    )


@settings(max_examples=150, deadline=None)
@given(st.data())
def test_ST_4_3_fast_line_of_sight_matches_the_plain_supercover(data):
    """The optimised zone-to-zone check agrees with the rule read literally."""
    width = data.draw(st.integers(4, 12))
    height = data.draw(st.integers(3, 8))
    alphabet = st.sampled_from("ab##c d")
    rows = ["#" * (width + 2)]
    for _ in range(height):
        rows.append("#" + "".join(data.draw(alphabet) for _ in range(width)) + "#")
    rows.append("#" * (width + 2))
    try:
        board = parse_zones("\n".join(rows))
    except ValueError:
        return  # split zones: not a map
    for a in board.zones:
        for b in board.zones:
            assert board.sees(a, b, frozenset()) == _brute_sees(board, a, b, frozenset())


def _walk_sees(board, a, b, open_doors):
    """Zone-to-zone sight as the engine had it before the sweep: a supercover
    walk per pair of cells, the walk written out over a flat opacity table.
    Far faster than _brute_sees, so the shipped maps can be checked pair by pair."""
    width = board.grid.width
    opaque = bytearray(width * board.grid.height)
    open_cells = {d.cell for d in board.doors if d.id in open_doors}
    for (x, y), ch in board.grid.cells():
        if ch in "#+' " and (x, y) not in open_cells:
            opaque[y * width + x] = 1
    if a == b:
        return True
    for x0, y0 in board.cells[a]:
        for x1, y1 in board.cells[b]:
            dx, dy = x1 - x0, y1 - y0
            nx, ny = abs(dx), abs(dy)
            sx, sy = (1 if dx > 0 else -1), (1 if dy > 0 else -1)
            x, y, ix, iy = x0, y0, 0, 0
            clear = True
            while clear and (ix < nx or iy < ny):
                decision = (1 + 2 * ix) * ny - (1 + 2 * iy) * nx
                if decision == 0:
                    clear = not (opaque[y * width + x + sx] or opaque[(y + sy) * width + x])
                    x, y, ix, iy = x + sx, y + sy, ix + 1, iy + 1
                elif decision < 0:
                    x, ix = x + sx, ix + 1
                else:
                    y, iy = y + sy, iy + 1
                clear = clear and not opaque[y * width + x]
            if clear:
                return True
    return False


def _with_valid_doors(rows: list[str]) -> list[str]:
    """Door marks that do not join exactly two zones on opposite sides become walls."""
    grid = [list(r) for r in rows]

    def at(x, y):
        return grid[y][x] if 0 <= y < len(grid) and 0 <= x < len(grid[y]) else " "

    def zone(ch):
        return ch not in "#+' "

    for y, row in enumerate(grid):
        for x, ch in enumerate(row):
            if ch not in "+'":
                continue
            left, right, up, down = at(x - 1, y), at(x + 1, y), at(x, y - 1), at(x, y + 1)
            horiz = zone(left) and zone(right) and left != right
            vert = zone(up) and zone(down) and up != down
            side = (up, down) if horiz else (left, right)
            if horiz == vert or any(zone(c) for c in side):
                grid[y][x] = "#"
    return ["".join(r) for r in grid]


@settings(max_examples=300, deadline=None)
@given(st.data())
def test_ST_4_3_sight_with_doors_and_map_edges_matches_the_plain_supercover(data):
    """Doors open and shut in turn on one board (its cached sweeps must follow),
    maps with void and with zones running to the edge of the grid."""
    width = data.draw(st.integers(2, 11))
    height = data.draw(st.integers(2, 8))
    alphabet = st.sampled_from("aabbc#+'  d#")
    rows = [("".join(data.draw(alphabet) for _ in range(width))) for _ in range(height)]
    try:
        board = parse_zones("\n".join(_with_valid_doors(rows)))
    except ValueError:
        return  # split zones or nothing left: not a map
    if board.grid.height < 2 or not board.zones:
        return
    door_ids = [d.id for d in board.doors]
    for _ in range(data.draw(st.integers(1, 4))):
        opened = frozenset(d for d in door_ids if data.draw(st.booleans()))
        for a in board.zones:
            for b in board.zones:
                assert board.sees(a, b, opened) == _brute_sees(board, a, b, opened), (a, b)


@settings(max_examples=120, deadline=None)
@given(st.data())
def test_ST_4_3_sight_between_large_rooms_matches_the_walk(data):
    """Rooms of many cells side by side, walls and pillars strewn over them:
    the sweep skips runs of zones it has seen, stops once every zone it could
    reach is seen, and asks a smaller zone whether it sees a larger one."""
    width = data.draw(st.integers(8, 22))
    height = data.draw(st.integers(6, 14))
    grid = [["a"] * width for _ in range(height)]
    for letter in "bcde":
        x0, y0 = data.draw(st.integers(0, width - 1)), data.draw(st.integers(0, height - 1))
        x1 = data.draw(st.integers(x0, width - 1))
        y1 = data.draw(st.integers(y0, height - 1))
        for y in range(y0, y1 + 1):
            for x in range(x0, x1 + 1):
                grid[y][x] = letter
    for _ in range(data.draw(st.integers(0, width * height // 4))):
        grid[data.draw(st.integers(0, height - 1))][data.draw(st.integers(0, width - 1))] = "#"
    rows = ["#" * (width + 2), *("#" + "".join(r) + "#" for r in grid), "#" * (width + 2)]
    try:
        board = parse_zones("\n".join(rows))
    except ValueError:
        return  # split zones: not a map
    for a in board.zones:
        for b in board.zones:
            assert board.sees(a, b, frozenset()) == _walk_sees(board, a, b, frozenset()), (a, b)


def _shipped_board(mission: str):
    import tomllib

    text = get_mode("station").mission_text(mission)
    return parse_zones(tomllib.loads(text)["mission"]["map"])


@pytest.mark.parametrize(
    "mission",
    ["tutorial", "airlock", "hydroponics", "med_bay", "cargo_hold", "reactor", "command_deck"],
)
def test_ST_4_3_sight_on_every_shipped_map_matches_the_walk(mission):
    """Every door open (sight reaches furthest) and every door shut: each pair
    of zones on the smaller maps, a fixed sample of 150 pairs on the larger
    ones (the walk costs seconds there); sight stays symmetric."""
    import random

    board = _shipped_board(mission)
    pairs = [(a, b) for a in board.zones for b in board.zones if a < b]
    if len(board.zones) > 24:
        pairs = random.Random(mission).sample(pairs, 150)
    for doors in (frozenset(d.id for d in board.doors), frozenset()):
        for a, b in pairs:
            assert board.sees(a, b, doors) == _walk_sees(board, a, b, doors), (a, b, doors)
        seen = {a: board.visible_zones(a, doors) for a in board.zones}
        assert all((b in seen[a]) == (a in seen[b]) for a in seen for b in seen)


def test_K_7_dark_zones_hide_their_floor_too(tmp_path):
    text = (
        textwrap.dedent(ARENA)
        .lstrip()
        .replace("[zones.b]\nexit = true", '[zones.b]\nexit = true\ndark = true\nfloor = ["rifle"]')
    )
    path = tmp_path / "dark.toml"
    path.write_text(text)
    g = Game.new("station", mission=path, seed=1, survivors=["hale"])
    assert g.summary()["floor"] == {"b": ["rifle"]}
    assert g.view("players")["floor"] == {}


# -- the facade's loops the screens share (plain and full screen) -------------------


def outbreak_with_a_bot(**kw):
    return Game.new("outbreak", seed=0, seats="human,bot", **kw)


def person_turn(g) -> int:
    """The person's turn played to its end (a tile laid, no move): how many
    commands it took; the bot is to act then."""
    n = 0
    while g.bot_command() is None:
        legal = [msgspec.to_builtins(c) for c in g.legal_commands()]
        enders = [c for c in legal if c["type"] in ("end_move", "end_turn")]
        g.submit((enders or [c for c in legal if c["type"] != "play_event"])[0])
        n += 1
    return n


def test_play_bots_plays_each_bot_command_until_a_person_decides():
    g = outbreak_with_a_bot()
    assert list(g.play_bots()) == []  # the person opens: no bot acts
    mine = person_turn(g)
    played = []
    for command, before, events in g.play_bots():
        assert before is g.moment_back(1).state  # the state the command was played on
        assert g.last_entry() == (g.parse_command(command), tuple(events))
        played.append(g.parse_command(command))
    assert played and g.commands[mine:] == played
    assert g.bot_command() is None and g.outcome is None  # the person's turn again


def test_play_bots_stops_at_its_limit():
    g = outbreak_with_a_bot()
    person_turn(g)
    assert len(list(g.play_bots(limit=2))) == 2
    assert g.bot_command() is not None  # the bot is still to act


def test_K_6_undo_to_person_takes_back_the_bots_turn_with_the_persons_command():
    g = outbreak_with_a_bot()
    mine = person_turn(g)
    before = g.moment_back(1).state  # before the person's last command, the end of the turn
    bots = len(list(g.play_bots()))
    after, commands = g.state, g.commands
    assert bots and g.undo_to_person() == 1 + bots  # the bot's turn and the end of turn
    assert g.state == before and len(g.commands) == mine - 1
    assert g.redo_to_person() == 1 + bots
    assert g.state == after and g.commands == commands
    assert g.redo_to_person() == 0
    assert g.undo_to_person() == 1 + bots and g.undo_to_person() == 1  # one person's command


def test_K_6_undo_to_person_refused_part_way_changes_nothing():
    """Honest undo may take back the bot's last commands but not one that
    drew a tile before them: then the undone ones are played again."""
    g = outbreak_with_a_bot(undo="honest")
    pick = random.Random(0)
    partial = 0
    for _ in range(40):
        if g.outcome:
            break
        g.submit(pick.choice(g.legal_commands()))
        list(g.play_bots())
        state, commands, count = g.state, g.commands, g.undo_count
        try:
            g.undo_to_person()
        except RuleError as e:
            assert e.code == "undo_refused"
            assert g.state == state
            assert g.commands == commands and not g.can_redo()
            partial += g.undo_count > count  # undone part way, then played again
            continue
        g.redo_to_person()
        assert g.commands == commands
    assert partial  # seed 0 meets one
