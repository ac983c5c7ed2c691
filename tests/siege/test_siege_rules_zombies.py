"""The zombie turn: the AI, a zombie player's commands, spawns and the dice
order (SI-11, SI-12, clarifications 8 and 9)."""

from __future__ import annotations

import msgspec

from engine import Game
from engine.siege import bot
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


def test_clarification_9_zombies_act_in_id_order_and_go_round_each_other(play):
    board = """
    #######
    #1....#
    #.ZZ..#
    #....X#
    #######
    """
    g = play(board, zombies="ai")
    g.act("end_turn", "drifter")
    assert g.zombies() == {"z1": [2, 1], "z2": [3, 1]}


def test_clarification_9_figures_ignored_a_blocked_zombie_waits(play):
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


def test_clarification_9_an_open_way_comes_before_breaking_through(play):
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
