"""SN-1 board, SN-2 setup, SN-3 turn: scenario tests on tiny maps."""

from __future__ import annotations

from engine.sniper import content


# SN-1: open ground exposes him, every cover glyph hides him.
def test_SN_1_open_ground_exposes_cover_does_not(play):
    g = play('S.%=":a-ED')
    seen = [(g.at(), g.sniper["exposed"])]
    for x in range(1, 10):
        if g.sniper["moves_left"] == 0:
            g.round()
        g.move((x, 0))
        seen.append((g.at(), g.sniper["exposed"]))
    exposed = {cell[0]: flag for cell, flag in seen}
    assert exposed == {
        0: False,  # S
        1: True,  # . ground
        2: False,  # % rubble
        3: False,  # = low wall
        4: False,  # " trees
        5: False,  # : building
        6: False,  # a crate
        7: True,  # - road
        8: True,  # E escape
        9: False,  # D documents
    }


# SN-1: walls, the void and the features cannot be entered.
def test_SN_1_walls_and_features_cannot_be_entered(play):
    g = play(
        """
        .#E
        RSF
        .T.
        """
    )
    for cell in ((1, 0), (0, 1), (2, 1), (1, 2)):
        assert g.refused({"type": "move", "path": [list(cell)]}) == "blocked"
    g.move((0, 0))
    assert g.at() == (0, 0)
    assert g.refused({"type": "move", "path": [[-1, 0]]}) == "blocked"  # off the map


# SN-1: trees and walls block sight; rubble, low walls and figures do not.
def test_SN_1_trees_and_walls_block_sight_rubble_walls_and_figures_do_not(play):
    g = play(
        """
        S=s"s
        #....
        s..ED
        """
    )
    assert set(g.view("sniper")["units"]) == {"s1"}


# SN-1: a unit standing in trees sees out, and so does he.
def test_SN_1_a_figure_in_trees_sees_out(play):
    g = play(
        'S.."DE',
        """
        [[units]]
        kind = "soldier"
        at = [3, 0]
        """,
    )
    assert set(g.view("sniper")["units"]) == {"s1"}  # its own tree does not hide it
    g2 = play('S".sDE')
    g2.move((1, 0))  # into the trees
    assert set(g2.view("sniper")["units"]) == {"s1"}
    g.move((1, 0))  # onto open ground two cells from a soldier in the trees
    assert g.sniper["spotted"]


# SN-1: ids per kind in reading order of their start cells, glyphs and [[units]] together.
def test_SN_1_unit_ids_follow_reading_order(play):
    g = play(
        """
        S...s
        .o...
        s..ED
        ---v-
        """,
        """
        [[units]]
        kind = "soldier"
        at = [1, 0]
        [[units]]
        kind = "officer"
        at = [0, 1]
        """,
    )
    units = g.summary()["units"]
    assert list(units) == ["s1", "s2", "s3", "o1", "o2", "v1"]
    assert units["s1"]["at"] == [1, 0] and units["s2"]["at"] == [4, 0]
    assert units["o1"]["at"] == [0, 1] and units["o2"]["at"] == [1, 1]
    assert units["v1"]["kind"] == "vehicle" and g.view("sniper")["map"][3] == "-----"


# SN-2: he starts on S with his health, ammo, binoculars, knife and dealt objectives.
def test_SN_2_setup(play):
    g = play(
        """
        ..S..
        R.oED
        """,
        """
        [sniper]
        objectives = 2
        draw_equipment = 1
        [decks]
        objectives = ["steal_documents", "destroy_radio", "kill_officer_a"]
        equipment = ["grenade", "smoke"]
        shots = []
        events = []
        """,
    )
    s = g.sniper
    assert s["at"] == [2, 0] and s["health"] == 5 and s["ammo"] == 6
    assert s["hand"] == ["binoculars", "knife", "grenade"]
    assert s["objectives"] == ["steal_documents", "destroy_radio"]
    assert s["done"] == [] and s["moves_left"] == 4
    assert g.unit("o1")["at"] == [2, 1] and g.unit("o1")["health"] == 2
    assert g.summary()["features"] == {"radio": "intact", "documents": "there"}


# SN-2 (DESIGN-sniper): the shuffled equipment deck is the 12 cards less his starting ones.
def test_SN_2_equipment_deck_is_twelve_less_his_cards(play):
    g = play(
        "S..ED",
        """
        [sniper]
        objectives = 1
        draw_equipment = 0
        [decks]
        shots = []
        events = []
        """,
    )
    deck = g.state.equipment_deck
    assert len(deck) == 10
    assert "binoculars" not in deck and "knife" not in deck
    assert sorted(deck + ("binoculars", "knife")) == sorted(content.full_deck("equipment"))


# SN-3: his move phase, his action phase, the commander's turn, then the next turn.
def test_SN_3_turn_flow_and_whose_turn(play):
    g = play("S%.ED\n.....\n...s.")
    s = g.summary()
    assert (s["turn"], s["phase"], s["active"]) == (1, "move", "sniper")
    g.move((1, 0))
    assert g.summary()["phase"] == "move"
    g.use("binoculars")
    s = g.summary()
    assert (s["phase"], s["sniper"]["moves_left"], s["sniper"]["acted"]) == ("action", 0, True)
    assert g.refused({"type": "move", "path": [[2, 0]]}) == "move_phase_over"
    g.end()
    s = g.summary()
    assert (s["phase"], s["active"]) == ("commander", "commander")
    assert g.refused({"type": "move", "path": [[2, 0]]}) == "not_your_turn"
    g.end()
    s = g.summary()
    assert (s["turn"], s["phase"], s["active"]) == (2, "move", "sniper")
    assert s["sniper"]["moves_left"] == 4 and not s["sniper"]["acted"]


# SN-3: the sniper cannot give orders, and an AI commander's turn needs no one.
def test_SN_3_orders_are_the_commanders(play):
    g = play("S..ED\n...s.", commander="ai")
    assert g.refused({"type": "order", "unit": "s1", "to": [3, 0]}) == "not_your_turn"
    g.end()
    assert g.summary()["turn"] == 2 and g.summary()["active"] == "sniper"


# SN-3, SN-11: the game is lost when the last turn ends.
def test_SN_3_turn_limit(play):
    g = play("S..ED", turns=2)
    g.round()
    assert g.outcome is None
    g.round()
    s = g.summary()
    assert (s["outcome"], s["lost_reason"], s["phase"], s["active"]) == (
        "lost",
        "time",
        "over",
        None,
    )
    assert g.refused({"type": "end_turn"}) == "game_over"
    assert g.legal_commands() == []
