"""Readings of open points (docs/rules-notes.md, Sniper), one test each."""

from __future__ import annotations

from engine import Game
from engine.sniper import content


def _decks(events: str = "", shots: str = "", hand: str = '"binoculars", "knife"') -> str:
    return f"""
    [sniper]
    objectives = 1
    equipment = [{hand}]
    draw_equipment = 0
    [decks]
    events = [{events}]
    shots = [{shots}]
    equipment = []
    """


# Clarification 2: units look for him after each of the commander's commands too.
# A soldier ordered round the wall sees him on open ground, spots him and fires
# at once (clarification 3); the end of the turn does not fire it twice at once.
def test_clar_2_a_unit_ordered_into_sight_spots_him(play):
    g = play('S....#.s..\n..........\n"""""""""E\nD"""""""""', dice=[5, 1])
    g.move((1, 0))  # open ground; the soldier behind the wall cannot see him
    g.end()
    assert not g.sniper["spotted"]
    events = g.order("s1", (6, 1))
    assert g.sniper["spotted"] and g.summary()["last_known"]["at"] == [1, 0]
    spotted = [e for e in events if type(e).__name__ == "SniperSpotted"]
    assert [(e.cause, e.by) for e in spotted] == [("sight", "s1")]
    fired = [e for e in events if type(e).__name__ == "UnitFired"]
    assert [(e.unit, e.die, e.at_once) for e in fired] == [("s1", 5, True)]
    assert g.sniper["health"] == 4


# Clarification 2: a dog that arrives within 3 of him smells him, cover or not.
def test_clar_2_a_dog_arriving_within_three_smells_him(play):
    g = play(
        '''
        S"""""".
        """"""".
        """""""E
        D"""""""
        ''',
        """
        [[units]]
        kind = "dog"
        at = [7, 0]
        """,
    )
    g.move((1, 1))  # in the trees, 6 from the dog
    g.end()
    assert not g.sniper["spotted"]
    events = g.order("d1", (4, 1))  # within 3: it smells him
    assert g.sniper["spotted"]
    spotted = [e for e in events if type(e).__name__ == "SniperSpotted"]
    assert [(e.cause, e.by) for e in spotted] == [("smell", "d1")]


# Clarification 2, SN-10: a soldier that ends its order next to him on open
# ground sees him; at the commander's end_turn he is captured.
def test_SN_10_a_soldier_walking_up_to_him_captures_him(play):
    g = play('S..#s\n.....\n""""E\nD""""', dice=[1])
    g.move((1, 0), (2, 0))
    g.end()
    assert not g.sniper["spotted"]  # the wall is between them
    events = g.order("s1", (2, 1))  # round the wall, next to him
    assert g.sniper["spotted"]
    assert [(e.unit, e.damage) for e in events if type(e).__name__ == "UnitFired"] == [("s1", 0)]
    g.end()
    assert (g.outcome, g.summary()["lost_reason"]) == ("lost", "captured")


# Clarification 1: when the turn's second shot is loud it alerts every unit,
# whether the first shot was loud or suppressed.
def test_clar_1_a_loud_second_shot_after_a_suppressed_one_alerts_every_unit(play):
    g = play(
        "S%..s.....s\n%%%%%%%%%%E\nD%%%%%%%%%%",
        _decks(shots='"miss", "miss"', hand='"suppressor"'),
    )
    g.move((1, 0))
    g.shoot("s1", suppressed=True)
    g.shoot("s1")
    s = g.summary()
    assert [n["radius"] for n in s["noises"]] == [1, None]
    assert s["units"]["s2"]["alert"] == [1, 0]


# Clarification 1: a suppressed second shot is heard only within 1.
def test_clar_1_a_suppressed_second_shot_is_heard_within_one(play):
    g = play(
        "S%..s.....s\n%%%%%%%%%%E\nD%%%%%%%%%%",
        _decks(shots='"miss", "miss"', hand='"suppressor"'),
    )
    g.move((1, 0))
    g.shoot("s1")
    g.shoot("s1", suppressed=True)
    s = g.summary()
    assert [n["radius"] for n in s["noises"]] == [3, 1]
    assert s["units"]["s2"]["alert"] is None


# K-4 (reading): with no shot card to draw at all, the shot misses.
def test_K_4_an_empty_shot_deck_misses(play):
    g = play("S.s\n..E\n..D")
    events = g.shoot("s1")
    assert "ShotCardDrawn" not in g.types(events) and g.unit("s1")["alive"]
    assert g.sniper["ammo"] == 5


# K-4: the shot deck refills from its discards, shuffled by the game's RNG.
def test_K_4_the_shot_deck_refills_from_its_discards(play):
    g = play("S.......s\n........E\n........D", _decks(shots='"miss"'), dice=[1] * 9)
    g.shoot("s1")
    g.round()
    events = g.shoot("s1")
    kinds = g.types(events)
    assert kinds.index("DeckShuffled") < kinds.index("ShotCardDrawn")
    assert g.state.shots_discard == ("miss",)


# Clarification 7 (reading): smoke is thrown like a grenade: within 5, in his sight.
def test_clar_7_smoke_is_thrown_within_five(play):
    g = play("S......\n......E\n......D", _decks(hand='"smoke"'))
    assert g.refused({"type": "use", "card": "smoke", "at": [6, 0]}) == "out_of_range"
    g.use("smoke", at=(5, 0))


# Clarification 8 (reading): a unit arriving on his cell arrives beside it and finds him.
def test_clar_8_reinforcements_arriving_on_his_cell_find_him(play):
    g = play("....-\n....S\n....E\n....D", _decks(events='"reinforcements"'))
    g.move((4, 0))
    g.end()
    g.event("reinforcements", at=(4, 0))
    units = g.summary()["units"]
    assert [u["at"] for u in units.values()] == [[3, 0], [3, 1]]
    assert g.sniper["spotted"]


# SN-A: the decks hold the baseline counts.
def test_SN_A_deck_sizes():
    assert len(content.full_deck("shots")) == 20
    assert len(content.full_deck("equipment")) == 12
    assert len(content.full_deck("events")) == 15
    assert len(content.full_deck("objectives")) == 8


# SN-12 (reading): his legal steps are the same whether or not a unit he cannot
# see stands on one of them (he would bump into it).
def test_SN_12_legal_steps_do_not_leak_hidden_units(play):
    board = 'S".E\n##"D'
    g = play(board, '[[units]]\nkind = "soldier"\nat = [2, 1]\n')
    empty = play(board)
    for game in (g, empty):
        game.move((1, 0))
    assert g.view("sniper")["units"] == {}
    assert g.legal_commands() == empty.legal_commands()
    assert any(c.path == ((2, 1),) for c in g.legal_commands() if type(c).__name__ == "Move")


def test_default_game_is_the_village_against_the_ai():
    g = Game.new("sniper")
    s = g.summary()
    assert (s["mission"], s["commander"], s["active"]) == ("village", "ai", "sniper")
