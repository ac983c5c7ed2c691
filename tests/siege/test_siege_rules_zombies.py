"""The zombie turn: the AI, a zombie player's commands, spawns and the dice
order (SI-11, SI-12, clarifications 8 and 9)."""

from __future__ import annotations

import msgspec

from engine import Game
from engine.siege import bot
from engine.siege.ai import plan as ai_plan
from engine.siege.ai import zombie_command


def _types(events: list[dict]) -> list[str]:
    return [e["type"] for e in events]


def test_si_12_a_zombie_next_to_a_human_bites_on_5_or_6(play):
    board = """
    ######
    #1Z..#
    #...X#
    ######
    """
    g = play(board, zombies="ai", dice=[5, 4])
    g.act("end_turn", "drifter")
    assert g.human("drifter")["lives"] == 2
    g.act("end_turn", "drifter")
    assert g.human("drifter")["lives"] == 2
    assert [e["die"] for e in g.events_of("zombie_attacked")] == [5, 4]


def test_clarification_9_the_bite_goes_to_the_fewest_lives_then_the_first_seat(play):
    board = """
    ######
    #1Z2.#
    #...X#
    ######
    """
    g = play(board, "[humans.cop]\nlives = 2\n", humans=["drifter", "cop"], zombies="ai", dice=[1])
    g.act("end_turn", "drifter")
    g.act("end_turn", "cop")
    assert g.events_of("zombie_attacked")[0]["human"] == "cop"
    g2 = play(board, humans=["drifter", "cop"], zombies="ai", dice=[1])
    g2.act("end_turn", "drifter")
    g2.act("end_turn", "cop")
    assert g2.events_of("zombie_attacked")[0]["human"] == "drifter"


def test_clarification_9_a_zombie_steps_to_the_first_free_cell_of_a_shortest_path(play):
    board = """
    #######
    #1....#
    #.....#
    #...Z.#
    #....X#
    #######
    """
    g = play(board, zombies="ai")
    g.act("end_turn", "drifter")
    assert g.zombies() == {"z1": [4, 2]}, "up comes before left in reading order"
    g.act("end_turn", "drifter")
    assert g.zombies() == {"z1": [4, 1]}


def test_clarification_9_zombies_act_in_id_order_and_the_second_takes_the_free_side(play):
    board = """
    #######
    #1....#
    #.ZZ..#
    #....X#
    #######
    """
    g = play(board, zombies="ai")
    g.act("end_turn", "drifter")
    assert g.zombies() == {"z1": [2, 1], "z2": [2, 2]}, (
        "z1 holds the cell right of the drifter: z2 heads for the one below, not behind z1"
    )


def test_clarification_9_a_zombie_with_no_free_way_waits(play):
    board = """
    #######
    #1Z...#
    ##Z####
    #....X#
    #######
    """
    g = play(board, zombies="ai", dice=[1])
    g.act("end_turn", "drifter")
    assert g.zombies() == {"z1": [2, 1], "z2": [2, 2]}
    assert g.summary()["round"] == 2


def test_clarification_9_with_no_open_way_a_zombie_breaks_the_door_in_its_path(play):
    board = """
    ########
    #1..+.Z#
    #####..#
    #X.....#
    ########
    """
    g = play(board, zombies="ai", dice=[3, 6])
    g.act("end_turn", "drifter")
    assert g.zombies() == {"z1": [5, 1]}
    g.act("end_turn", "drifter")
    assert g.events_of("break_rolled")[0] == {
        "type": "break_rolled",
        "zombie": "z1",
        "at": [4, 1],
        "die": 3,
    }
    assert g.cell(4, 1) == "+"
    g.act("end_turn", "drifter")
    assert g.cell(4, 1) == "%"
    assert g.zombies() == {"z1": [5, 1]}, "breaking is its whole turn"


def test_clarification_9_a_long_way_round_loses_to_a_door(play):
    """Round the building is 15 zombie turns; the door 7 (6 to break it, 1
    to step in), then 4: the zombie goes to the door and batters it."""
    board = """
    ###########
    #1..+.Z...#
    #.#######.#
    #.........#
    #####X#####
    """
    g = play(board, zombies="ai", dice=[1, 1, 1])
    g.act("end_turn", "drifter")
    assert g.zombies() == {"z1": [5, 1]}
    g.act("end_turn", "drifter")
    assert [e["at"] for e in g.events_of("break_rolled")] == [[4, 1]]
    g.act("end_turn", "drifter")
    assert g.zombies() == {"z1": [5, 1]}, "it stays at the door, battering it"
    assert len(g.events_of("break_rolled")) == 2


def test_clarification_9_two_zombies_take_two_ways_in(play):
    """z1 batters the door above it; behind it, z2 would wait on z1's cell
    (2 turns more), so it heads for the other door, as quick now."""
    board = """
    #########
    #X..1...#
    ###+#+###
    #.......#
    #.......#
    #########
    """
    body = "[[zombies]]\nat = [3, 3]\n[[zombies]]\nat = [3, 4]\n"
    g = play(board, body, zombies="ai", dice=[1] * 8)
    g.act("end_turn", "drifter")
    assert g.zombies() == {"z1": [3, 3], "z2": [4, 4]}
    g.act("end_turn", "drifter")
    g.act("end_turn", "drifter")
    assert g.zombies() == {"z1": [3, 3], "z2": [5, 3]}
    g.act("end_turn", "drifter")
    breaks = [(e["zombie"], e["at"]) for e in g.events_of("break_rolled")]
    assert breaks[-2:] == [("z1", [3, 2]), ("z2", [5, 2])]


def test_clarification_9_a_window_costs_two_a_door_seven(play):
    """Both ways in are as long; through the window is 8 zombie turns,
    through the door 13: the zombie climbs in and never batters the door."""
    board = """
    #######
    #..1..#
    #+###=#
    #.....#
    #..Z.X#
    #######
    """
    g = play(board, zombies="ai", dice=[1] * 4)
    steps = []
    for _ in range(4):
        g.act("end_turn", "drifter")
        steps.append(g.zombies()["z1"])
    assert steps == [[3, 3], [4, 3], [5, 3], [5, 2]]
    assert not g.events_of("break_rolled")


def test_clarification_9_a_short_way_round_still_beats_a_door(play):
    board = """
    ########
    #1..+.Z#
    #.####.#
    #......#
    #####X##
    """
    g = play(board, zombies="ai")
    g.act("end_turn", "drifter")
    assert g.zombies() == {"z1": [6, 2]}


def test_clarification_9_the_plan_shown_on_the_board_is_what_the_ai_does(play):
    """The next-steps overlay reads ai.plan: for the first zombie to act it
    names the very command the AI gives; zombies that have acted drop out."""
    board = """
    #########
    #X..1...#
    ###+#+###
    #.......#
    #.Z....Z#
    #########
    """
    g = play(board, zombies="human", dice=[1] * 6)
    g.act("end_turn", "drifter")
    plan = ai_plan(g.view("zombies"))
    first = zombie_command(g.view("zombies"))
    assert first == {"type": "zombie_move", "zombie": "z1", "to": list(plan["z1"][1])}
    assert set(plan) == {"z1", "z2"}
    g.zombie(**{"kind": first["type"], **{k: v for k, v in first.items() if k != "type"}})
    assert set(ai_plan(g.view("zombies"))) == {"z2"}


def test_si_12_a_zombie_that_reaches_nobody_heads_for_the_noise(play):
    board = """
    #########
    #1.c....#
    #..c....#
    #X.c...Z#
    #########
    """
    g = play(board, '[humans.drifter]\nitems = ["molotov"]\n', zombies="ai", dice=[3])
    g.act("attack", "drifter", weapon="molotov", at=[5, 1])
    assert g.summary()["noise"] == [5, 1]
    g.act("end_turn", "drifter")
    assert g.zombies() == {"z1": [7, 2]}
    assert g.summary()["noise"] is None, "noise clears after spawns"
    g.act("end_turn", "drifter")
    assert g.zombies() == {"z1": [7, 2]}, "no noise, nobody to reach: it stays"


def test_si_12_spawns_roll_5_or_6_per_spawn_cell_after_the_zombies(play):
    """Clarification 8: zombie rolls in acting order, then each spawn cell in
    reading order, free or not."""
    board = """
    S######
    #1Z..S#
    #Z..X.#
    #....S#
    #######
    """
    g = play(board, zombies="ai", dice=[5, 1, 6, 6, 4])
    g.act("end_turn", "drifter")
    assert [e["die"] for e in g.events_of("zombie_attacked")] == [5, 1]
    assert [(e["at"], e["die"]) for e in g.events_of("spawn_rolled")] == [
        ([0, 0], 6),
        ([5, 1], 6),
        ([5, 3], 4),
    ]
    assert g.zombies() == {"z1": [2, 1], "z2": [1, 2], "z3": [0, 0], "z4": [5, 1]}


def test_si_12_a_spawn_cell_taken_spawns_nothing(play):
    board = """
    ######
    #1..Z#
    #...X#
    ######
    """
    g = play(board.replace("Z#", "S#"), "[[zombies]]\nat = [4, 1]\n", dice=[6])
    g.act("end_turn", "drifter")
    g.zombie("zombie_move", zombie="z1", to=[3, 1])
    assert g.zombies() == {"z1": [3, 1], "z2": [4, 1]}, "spawns come after the zombies move"
    g2 = play(board.replace("Z#", "S#"), "[[zombies]]\nat = [4, 1]\n", dice=[6])
    g2.act("end_turn", "drifter")
    g2.zombie("end_zombie_turn")
    assert g2.events_of("spawn_rolled")[0]["die"] == 6
    assert g2.zombies() == {"z1": [4, 1]}


def test_zombie_player_commands_and_refusals(play):
    board = """
    #######
    #1Z...#
    #.Z..X#
    #######
    """
    g = play(board, dice=[2])
    assert g.refused({"type": "zombie_move", "zombie": "z1", "to": [3, 1]}) == "not_your_turn"
    g.act("end_turn", "drifter")
    s = g.summary()
    assert s["phase"] == "zombies" and s["zombie_seat"] == "human"
    assert g.refuses("move", "drifter", path=[[1, 2]]) == "not_your_turn"
    assert g.refused({"type": "zombie_move", "zombie": "z9", "to": [3, 1]}) == "unknown_zombie"
    assert g.refused({"type": "zombie_move", "zombie": "z1", "to": [4, 1]}) == "not_adjacent"
    assert g.refused({"type": "zombie_move", "zombie": "z1", "to": [2, 2]}) == "blocked"
    assert g.refused({"type": "zombie_attack", "zombie": "z2", "human": "drifter"}) == (
        "not_adjacent"
    )
    g.zombie("zombie_attack", zombie="z1", human="drifter")
    assert g.summary()["zombies_acted"] == ["z1"]
    g.zombie("zombie_move", zombie="z2", to=[3, 2])
    assert g.summary()["phase"] == "humans" and g.summary()["round"] == 2


def test_a_zombie_player_using_the_ai_plays_the_same_game_as_the_ai_seat():
    """DESIGN-siege: the engine plays exactly zombie_command's commands."""
    ai = Game.new("siege", mission="farm", seed=5, zombies="ai")
    seat = Game.new("siege", mission="farm", seed=5, zombies="human")
    for _ in range(80):
        if ai.outcome is not None:
            break
        command = bot.choose(ai.view("humans"), ai.legal_commands())
        ai.submit(command)
        seat.submit(command)
        while seat.summary()["phase"] == "zombies":
            seat.submit(zombie_command(seat.view("zombies")))
    assert ai.summary()["round"] >= 4 and ai.summary()["zombies"]
    assert seat.summary() == {**ai.summary(), "zombie_seat": "human"}
    encode = msgspec.json.encode
    assert [encode(e) for e in seat.events] == [encode(e) for e in ai.events]
