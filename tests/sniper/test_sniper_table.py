"""K-7, SN-12: the sniper's table (engine/sniper/table.py). Given a game,
when a side acts, then each viewer is told only what its side may know, the
seats and the turn are the engine's, and each command has its owner."""

from __future__ import annotations

import msgspec

from engine.core.table import AI, PERSON

KIT = """
[sniper]
objectives = 1
equipment = ["binoculars", "knife"]
draw_equipment = 0
[decks]
shots = ["miss"]
events = []
equipment = []
"""
# the sniper behind a bush, a soldier he sees; the commander's units stand far off
FIELD = "S%.s.\n....E\n....D"
# a wall between him and the soldier: nobody sees him walk
WALLED = "S..#.s\n...#..\n...#.E\n...#.D"


def told(g, events, viewer) -> list[dict]:
    return [msgspec.to_builtins(e) for e in g.told(events, viewer)]


def kinds(events: list[dict]) -> list[str]:
    return [e["type"] for e in events]


# K-7: the seats, whose turn, and whose command, as the engine says.
def test_K_7_sniper_seats_turns_and_owners(play):
    g = play(FIELD, KIT)
    seats = {s.id: s for s in g.seats()}
    assert list(seats) == ["sniper", "commander"]
    assert seats["sniper"].kind == seats["commander"].kind == PERSON
    assert (seats["sniper"].viewer, seats["commander"].viewer) == ("sniper", "commander")
    assert g.to_act() == ("sniper",)
    assert g.owner({"type": "move", "path": [[1, 1]]}) == "sniper"
    assert g.owner({"type": "end_turn"}) == "sniper"
    assert g.owner({"type": "order", "unit": "s1", "to": [3, 1]}) == "commander"
    g.end()
    assert g.to_act() == ("commander",)
    assert g.owner({"type": "end_turn"}) == "commander"
    assert g.viewer_of(None) == "sniper"  # a watcher is told what the sniper is


# K-7: against the AI commander, his seat is the AI's and nobody acts for it.
def test_K_7_the_ai_commander_is_a_side_nobody_sits_at(play):
    g = play(FIELD, KIT, commander="ai")
    assert [(s.id, s.kind) for s in g.seats()] == [("sniper", PERSON), ("commander", AI)]
    assert g.owner({"type": "order", "unit": "s1", "to": [3, 1]}) is None


# SN-12: the commander never hears his steps, his cards or his cell.
def test_SN_12_the_commander_never_hears_his_steps_cards_or_cell(play):
    g = play(WALLED, KIT)
    steps = g.move((1, 1), (2, 1))
    assert "sniper_stepped" in kinds(told(g, steps, "sniper"))
    assert told(g, steps, "commander") == []
    card = g.use("binoculars")
    assert "card_used" in kinds(told(g, card, "sniper"))
    assert told(g, card, "commander") == []
    assert all((2, 1) not in e.values() for e in told(g, g.events, "commander"))


# SN-12: a shot heard says where it was, never what fired it or what was drawn.
def test_SN_12_the_commander_hears_a_shot_not_the_card(play):
    g = play(FIELD, KIT)
    shot = g.shoot("s1")
    assert {"shot_fired", "shot_card_drawn"} <= set(kinds(told(g, shot, "sniper")))
    heard = told(g, shot, "commander")
    assert not {"shot_fired", "shot_card_drawn"} & set(kinds(heard))
    for event in heard:
        if event["type"] == "noise_made":
            assert event["kind"] is None and event["radius"] is None


# SN-12: his starting cards are dealt where the commander is told that, not which.
def test_SN_12_the_commander_is_not_told_his_cards(play):
    g = play(FIELD, KIT)
    dealt = [e for e in told(g, g.events, "commander") if e["type"] == "objectives_dealt"]
    assert dealt and all(e["cards"] is None for e in dealt)
    mine = [e for e in told(g, g.events, "sniper") if e["type"] == "objectives_dealt"]
    assert mine and all(e["cards"] for e in mine)


# K-7: nobody is told a pile's order, and the sniper not the commander's walks.
def test_K_7_piles_and_walks(play):
    g = play(FIELD, KIT)
    for viewer in ("sniper", "commander"):
        for event in told(g, g.events, viewer):
            if event["type"] == "deck_shuffled":
                assert event["order"] is None
    g.end()
    walk = g.order("s1", (3, 1))
    assert "unit_moved" in kinds(told(g, walk, "commander"))
    assert "unit_moved" not in kinds(told(g, walk, "sniper"))
