"""Refusals (K-5): a bad command gets its code and changes nothing. The rule
tests check most codes where their rule is; these are the turn's own."""

from __future__ import annotations

import pytest

BOARD = """
#######
#12...#
#.Z..X#
#######
"""


def test_unknown_dead_and_finished_humans_are_refused(play):
    g = play(BOARD, "[humans.cop]\nlives = 1\n", humans=["drifter", "cop"], dice=[6])
    assert g.refuses("move", "vega", path=[[1, 2]]) == "unknown_human"
    g.act("end_turn", "drifter")
    assert g.refuses("move", "drifter", path=[[1, 2]]) == "turn_over"
    g.act("end_turn", "cop")
    g.zombie("zombie_attack", zombie="z1", human="cop")
    assert g.summary()["humans"]["cop"]["alive"] is False
    assert g.refuses("end_turn", "cop") == "dead"
    assert g.refuses("trade", "drifter", to="cop", items=["nail_board"]) == "dead"


@pytest.mark.parametrize(
    "command",
    [
        {"type": "move", "human": "drifter"},
        {"type": "move", "human": "drifter", "path": [[1, 2, 3]]},
        {"type": "fly", "human": "drifter"},
        {"type": "end_turn", "human": "drifter", "colour": "red"},
        ["end_turn"],
    ],
)
def test_malformed_commands_are_refused(play, command):
    g = play(BOARD, humans=["drifter", "cop"])
    assert g.refused(command) == "bad_command"


def test_a_zombie_command_with_the_ai_seat_is_never_the_players_turn(play):
    g = play(BOARD, humans=["drifter", "cop"], zombies="ai")
    assert g.refused({"type": "end_zombie_turn"}) == "not_your_turn"
    assert g.refused({"type": "zombie_attack", "zombie": "z1", "human": "drifter"}) == (
        "not_your_turn"
    )


def test_every_listed_command_is_accepted_in_a_busy_position(play):
    """The legal list covers steps, passes, attacks, trades, items and doors."""
    g = play(
        """
        ########
        #12Z.+.#
        #Z..B.X#
        #.'....#
        ########
        """,
        '[humans.drifter]\nitems = ["planks", "grenade", "car_keys"]\n'
        '[humans.cop]\nlives = 2\nitems = ["first_aid", "ammo_box"]\n',
        humans=["drifter", "cop"],
    )
    legal = g.legal_commands()
    kinds = {type(c).__name__ for c in legal}
    assert {"Move", "Attack", "Aim", "Trade", "Drop", "Use", "EndTurn"} <= kinds
    assert [c for c in g.legal_commands() if g.refusal(c)] == []
