"""K-7: Siege's table (engine/siege/table.py). Given a game, a seat per
human and the zombies' seat (a person's or the AI side's); who acts and
whose a command is; the board hides nothing, so every seat is told all."""

from __future__ import annotations

from engine import Game
from engine.core.table import AI, PERSON


# K-7: a seat per human in roster order, then the zombies'.
def test_K_7_siege_seats():
    g = Game.new("siege", "house", survivors=["drifter", "cop"])
    assert [(s.id, s.kind, s.figures, s.viewer) for s in g.seats()] == [
        ("drifter", PERSON, ("drifter",), "humans"),
        ("cop", PERSON, ("cop",), "humans"),
        ("zombies", AI, (), "zombies"),
    ]
    h = Game.new("siege", "house", survivors=["drifter", "cop"], zombies="human")
    assert h.seat("zombies").kind == PERSON
    # at one keyboard the humans are one person's, the dead another's
    assert [s.person for s in h.seats()] == ["humans", "humans", "zombies"]


# DESIGN-siege "Turns": any human still to play; then the one who began.
def test_siege_who_acts_and_whose_command():
    g = Game.new("siege", "house", survivors=["drifter", "cop"], zombies="human")
    assert g.to_act() == ("drifter", "cop")
    assert g.owner({"type": "end_turn", "human": "cop"}) == "cop"
    assert g.owner({"type": "end_zombie_turn"}) == "zombies"
    assert g.owner({"type": "end_turn", "human": "nobody"}) is None
    g.submit({"type": "end_turn", "human": "drifter"})
    g.submit({"type": "end_turn", "human": "cop"})
    assert g.to_act() == ("zombies",)
    assert g.viewer_of("zombies") == "zombies" and g.viewer_of("cop") == "humans"
    events = g.submit({"type": "end_zombie_turn"})
    assert g.told(events, "humans") == events == g.told(events, "zombies")


# K-7: with the AI's zombies, nobody sits at their seat and nobody owns their commands.
def test_siege_ai_zombies_are_nobodys():
    g = Game.new("siege", "house", survivors=["drifter"])
    assert g.owner({"type": "end_zombie_turn"}) is None
