"""K-7, OB-10: Outbreak's table (engine/outbreak/table.py). Given a game,
when a seat acts, then each seat is told its own draws and never another's,
nobody a pile's order; the seats, the turn and each command's owner are the
engine's."""

from __future__ import annotations

import msgspec

from engine.core.table import BOT, PERSON

PILE = ["shotgun", "chainsaw", "fire_axe", "first_aid", "horde", "detour", "adrenaline"]


def told(g, events, viewer) -> list[dict]:
    return [msgspec.to_builtins(e) for e in g.told(events, viewer)]


def draws(events: list[dict]) -> list[tuple[str, str | None]]:
    return [(e["seat"], e["card"]) for e in events if e["type"] == "event_drawn"]


# K-7: a seat a figure; the seats that act, and whose command is whose.
def test_K_7_outbreak_seats_turns_and_owners(scenario):
    g = scenario(seats="ann:human,bot,bob:human", event_pile=PILE * 2)
    seats = g.seats()
    assert [(s.id, s.label, s.kind) for s in seats] == [
        ("ann", "Ann", PERSON),
        ("p2", "Bot 2", BOT),
        ("bob", "Bob", PERSON),
    ]
    assert [s.viewer for s in seats] == ["ann", "p2", "bob"]
    assert g.to_act() == ("ann",)
    assert g.owner({"type": "draw_tile"}) == "ann"  # no seat named: the one to act
    assert g.owner({"type": "draw_tile", "seat": "bob"}) == "bob"
    assert g.viewer_of(None) == "spectator"


# OB-10: each seat is told its own deal; another seat's, only that it drew.
def test_OB_10_a_seat_is_never_told_another_seats_draw(scenario):
    g = scenario(event_pile=PILE)
    setup = g.events
    assert draws(told(g, setup, "ann")) == [
        ("ann", "shotgun"), ("ann", "chainsaw"), ("ann", "fire_axe"),
        ("bob", None), ("bob", None), ("bob", None),
    ]  # fmt: skip
    assert draws(told(g, setup, "bob"))[:3] == [("ann", None)] * 3
    assert draws(told(g, setup, "spectator")) == [
        (s, None) for s, _ in draws(told(g, setup, "ann"))
    ]
    g.draw()
    g.end_move()
    g.end_turn(discard="shotgun")
    g.pass_turn()  # bob's turn
    drawn = g.draw()  # ann draws back up to three: the pile's last card
    assert draws(told(g, drawn, "ann")) == [("ann", "adrenaline")]
    assert draws(told(g, drawn, "bob")) == [("ann", None)]
    # a discard is played face up: every seat is told it
    discards = [e for e in told(g, g.events, "bob") if e["type"] == "event_discarded"]
    assert [(e["seat"], e["card"]) for e in discards] == [("ann", "shotgun")]


# K-4, K-7: nobody is told the order of a shuffled pile.
def test_K_7_nobody_is_told_a_piles_order(scenario):
    g = scenario(event_pile=None)
    shuffles = [e for e in g.events if msgspec.to_builtins(e)["type"] == "deck_shuffled"]
    assert shuffles
    for viewer in ("ann", "bob", "spectator"):
        assert all(e["order"] is None for e in told(g, shuffles, viewer))
