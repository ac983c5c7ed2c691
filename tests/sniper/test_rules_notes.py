"""Readings of open points (docs/rules-notes.md, Sniper), one test each."""

from __future__ import annotations

from engine import Game
from engine.sniper import content
from engine.sniper.ai import commander_commands


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


# Clarification 2 (reading): units look for him at the start of the commander's turn;
# a unit that walks into his sight later in that turn does not spot him.
def test_clar_2_sight_checks_at_the_start_of_the_commanders_turn_only(play):
    g = play('S....#.s..\n..........\n"""""""""E\nD"""""""""')
    g.move((1, 0))  # open ground; the soldier behind the wall cannot see him
    g.end()
    assert not g.sniper["spotted"]
    g.order("s1", (6, 1))  # now it could: nothing happens until his next command
    g.end()
    assert not g.sniper["spotted"] and g.sniper["health"] == 5
    g.move((2, 0))
    assert g.sniper["spotted"]


# SN-6 (reading): a second shot alerts the whole map only when it is the second
# loud one; suppressed and masked shots do not count.
def test_SN_6_only_the_second_loud_shot_alerts_every_unit(play):
    g = play(
        "S%..s.....s\n%%%%%%%%%%E\nD%%%%%%%%%%",
        _decks(shots='"miss", "miss"', hand='"suppressor"'),
    )
    g.move((1, 0))
    g.shoot("s1", suppressed=True)
    g.shoot("s1")
    s = g.summary()
    assert [n["radius"] for n in s["noises"]] == [1, 3]
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


# SN-9 (reading, AI): a unit with nothing else to do follows a last known
# position at most two turns old, then holds.
def test_SN_9_free_units_follow_a_fresh_trail_then_hold(play):
    g = play("S%........s\n%%%%%%%%%%E\nD%%%%%%%%%%", _decks(shots='"miss"'))
    g.move((1, 0))
    g.shoot("s1")  # 9 cells off: not heard; the shot spots him
    view = g.view("commander")
    assert view["units"]["s1"]["alert"] is None and view["last_known"]["turn"] == 1
    orders = [c for c in commander_commands(view) if type(c).__name__ == "Order"]
    assert [(o.unit, o.to) for o in orders] == [("s1", (8, 0))]
    for _ in range(3):
        g.round()
    view = g.view("commander")
    assert view["turn"] == 4 and view["last_known"]["turn"] == 1
    assert [type(c).__name__ for c in commander_commands(view)] == ["EndTurn"]


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
