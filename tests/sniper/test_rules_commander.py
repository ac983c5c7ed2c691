"""SN-8 enemy fire, SN-9 the commander's orders and events, SN-10 capture
(clarifications 4, 5, 8), with a hot-seat commander giving the orders."""

from __future__ import annotations

YARD = """
S%.......
%%.......
.s...o...
.........
--v------
E.......D
"""


def _events(cards: str, shots: str = "") -> str:
    return f"""
    [decks]
    events = [{cards}]
    shots = [{shots}]
    equipment = []
    """


# SN-8, clarification 4: at the commander's end every unit with a sight line to a
# spotted sniper within its range fires once; in cover only a 6 hurts, 1.
def test_SN_8_fire_at_a_spotted_sniper_in_cover(play):
    g = play("S%...s..\n%%%%%%%E\nD-v-----", _events("", '"miss"'), dice=[6, 5])
    g.move((1, 0))
    g.shoot("s1")
    g.end()
    events = g.end()
    fired = [(e.unit, e.die, e.damage) for e in events if type(e).__name__ == "UnitFired"]
    assert fired == [("s1", 6, 1), ("v1", 5, 0)]
    assert g.sniper["health"] == 4


# SN-8: on open ground 4-5 is one damage and 6 is two. Ordered into range it
# fires at once (clarifications 2, 3), then again at the commander's end.
def test_SN_8_fire_at_an_exposed_sniper(play):
    g = play("S.........s\n%%%%%%%%%%E\nD%%%%%%%%%%", dice=[6, 4, 3, 5])
    g.move((1, 0), (2, 0))  # 8 from the soldier: spotted, beyond its range
    g.end()
    g.order("s1", (8, 0))  # now 6 from him: it fires at once
    assert g.sniper["health"] == 3  # the 6
    g.end()
    assert g.sniper["health"] == 2  # the 4
    g.move((3, 0))
    assert g.sniper["health"] == 2  # at once (clarification 3): the 3 misses
    g.move((4, 0))
    assert g.sniper["health"] == 2  # once a turn


# SN-8: no fire at a sniper who is not spotted, even in sight.
def test_SN_8_no_fire_when_unspotted(play):
    g = play("S%...s..\n%%%%%%%E\nD-v-----", dice=[6, 6])
    g.move((1, 0))
    g.round()
    assert g.sniper["health"] == 5


# SN-9: soldiers move 2, officers 3, the vehicle 4 on the road only; each unit
# has one order a turn.
def test_SN_9_orders(play):
    g = play(YARD)
    g.end()
    assert g.refused({"type": "order", "unit": "s1", "to": [4, 2]}) == "too_far"
    g.order("s1", (3, 3))
    assert g.refused({"type": "order", "unit": "s1", "to": [3, 2]}) == "already_moved"
    assert g.refused({"type": "order", "unit": "o1", "to": [1, 2]}) == "too_far"
    g.order("o1", (8, 3))
    assert g.refused({"type": "order", "unit": "v1", "to": [2, 3]}) == "blocked"
    assert g.refused({"type": "order", "unit": "v1", "to": [7, 4]}) == "too_far"
    g.order("v1", (6, 4))
    assert g.refused({"type": "order", "unit": "s9", "to": [3, 3]}) == "unknown_unit"
    assert g.refused({"type": "move", "path": [[1, 1]]}) == "not_your_turn"
    units = g.summary()["units"]
    assert [units[u]["at"] for u in ("s1", "o1", "v1")] == [[3, 3], [8, 3], [6, 4]]
    assert all(units[u]["moved"] for u in ("s1", "o1", "v1"))
    g.end()
    assert not any(u["moved"] for u in g.summary()["units"].values())


# SN-9: no unit may stop on another, on a wall, or somewhere it cannot reach.
def test_SN_9_blocked_and_unreachable(play):
    g = play(
        """
        S%..###
        ...s#.#
        ..s.###
        E.....D
        """
    )
    g.end()
    assert g.refused({"type": "order", "unit": "s1", "to": [2, 2]}) == "blocked"
    assert g.refused({"type": "order", "unit": "s1", "to": [4, 0]}) == "blocked"
    assert g.refused({"type": "order", "unit": "s1", "to": [5, 1]}) == "unreachable"
    g.order("s1", (1, 2))  # through its fellow soldier's cell
    assert g.unit("s1")["at"] == [1, 2]


# SN-9: a dog moves 5.
def test_SN_9_dog_moves_five(play):
    g = play("S......\n.......\nE.....D", '[[units]]\nkind = "dog"\nat = [6, 1]\n' + _events(""))
    g.end()
    assert g.refused({"type": "order", "unit": "d1", "to": [0, 1]}) == "too_far"
    g.order("d1", (1, 1))
    assert g.unit("d1")["at"] == [1, 1]


# SN-9: a patrol heads for its waypoint and turns to the next when it stands there.
def test_SN_9_waypoints(play):
    g = play(
        "S%.....\n.s.....\nE.....D",
        """
        [[patrols]]
        unit = "s1"
        route = [[1, 1], [5, 1]]
        """,
    )
    assert g.unit("s1")["waypoint"] == 1  # it starts on waypoint 0 (setup too)
    g.end()
    g.order("s1", (3, 1))
    g.end()
    assert g.unit("s1")["waypoint"] == 1
    g.end()
    g.order("s1", (5, 1))
    assert g.unit("s1")["waypoint"] == 0


# Clarification 5: an alert is cleared when the unit ends a move on or next to it.
def test_clar_5_alert_cleared_next_to_its_cell(play):
    g = play("S%......s\n%%%%%%%%E\nD%%%%%%%%", _events("", '"miss"'))
    g.move((1, 0))
    g.shoot("s1")
    g.shoot("s1")  # the second loud shot: every unit hears it
    assert g.unit("s1")["alert"] == [1, 0]
    g.end()
    g.order("s1", (6, 0))
    assert g.unit("s1")["alert"] == [1, 0]
    g.end()
    g.end()
    g.order("s1", (4, 0))
    assert g.unit("s1")["alert"] == [1, 0]
    g.end()
    g.end()
    g.order("s1", (2, 0))
    assert g.unit("s1")["alert"] is None


# SN-9: one event a turn, from the cards he holds; he draws one each turn.
def test_SN_9_one_event_a_turn(play):
    g = play(YARD, _events('"rain", "rain"'))
    assert g.summary()["commander_hand"] == []
    g.end()
    assert g.summary()["commander_hand"] == ["rain"]
    assert g.refused({"type": "event", "card": "alarm"}) == "no_event"
    g.end()
    g.end()
    assert g.view("commander")["commander_hand"] == ["rain", "rain"]
    g.event("rain")
    assert g.refused({"type": "event", "card": "rain"}) == "event_played"
    assert g.summary()["events_played"] == [{"turn": 2, "card": "rain", "at": None}]
    assert g.summary()["commander_hand"] == ["rain"]


# Clarification 8: bombardment and alarm need a last known position.
def test_clar_8_bombardment_and_alarm(play):
    g = play(
        "S%.so....\n%%.......\nE.......D",
        _events('"bombardment", "alarm"', '"miss"'),
        dice=[1] * 10,
    )
    g.end()
    assert g.refused({"type": "event", "card": "bombardment"}) == "no_last_known"
    g.end()
    g.move((1, 0))
    g.shoot("s1")  # spotted: the last known position is (1, 0)
    g.end()
    g.event("bombardment")
    s = g.summary()
    assert s["sniper"]["health"] == 3
    assert s["units"]["s1"]["alive"] is True  # (3, 0) is 2 away
    assert s["events_played"][-1] == {"turn": 2, "card": "bombardment", "at": [1, 0]}
    g.end()
    assert g.summary()["masked"]
    g.shoot("s1")  # masked: no noise, not spotted
    s = g.summary()
    assert s["noises"] == [] and not s["sniper"]["spotted"]
    g.end()
    g.event("alarm")
    assert all(u["alert"] == [1, 0] for u in g.summary()["units"].values())


# Clarification 8: the bombardment hurts every figure by the last known position,
# his own units too; objectives hold whoever made them true (clarification 9).
def test_clar_8_bombardment_kills_officer_a_for_him(play):
    g = play(
        "So.\n...\nE.D",
        """
        [sniper]
        objectives = 1
        draw_equipment = 0
        [decks]
        objectives = ["kill_officer_a"]
        events = ["bombardment"]
        shots = ["miss"]
        equipment = []
        """,
        dice=[1] * 10,
    )
    g.shoot("o1")
    g.end()
    g.event("bombardment")
    assert not g.unit("o1")["alive"]
    assert g.sniper["done"] == ["kill_officer_a"] and g.sniper["health"] == 3


# Clarification 8: reinforcements are two soldiers (six at most) at an entry cell
# and its first free neighbour in reading order; a dog patrol is one dog.
def test_clar_8_reinforcements_and_dogs(play):
    g = play(
        """
        S%....-
        ss....-
        ss...--
        .s....-
        E.....D
        """,
        _events('"reinforcements", "reinforcements", "dog_patrol"'),
    )
    g.end()
    assert g.refused({"type": "event", "card": "reinforcements", "at": [5, 2]}) == "not_entry"
    assert g.refused({"type": "event", "card": "reinforcements", "at": [2, 4]}) == "not_entry"
    g.event("reinforcements", at=(6, 1))
    units = g.summary()["units"]
    assert units["s6"]["at"] == [6, 1] and "s7" not in units  # six at most
    g.end()
    g.end()
    g.order("s6", (4, 1))
    g.end()
    g.end()
    g.event("dog_patrol", at=(6, 0))
    assert g.unit("d1") == {
        "kind": "dog",
        "at": [6, 0],
        "health": 1,
        "alive": True,
        "alert": None,
        "moved": False,
        "patrol": [],
        "waypoint": 0,
    }


# Clarification 8: two soldiers arrive, the second on the first free neighbour.
def test_clar_8_reinforcements_take_the_first_free_neighbour(play):
    g = play("S%...-\n......\nE....D", _events('"reinforcements"'))
    g.end()
    g.event("reinforcements", at=(5, 0))
    units = g.summary()["units"]
    assert (units["s1"]["at"], units["s2"]["at"]) == ([5, 0], [4, 0])


# Clarification 8: a searchlight spots him within 2 of its cell, cover or not.
def test_clar_8_searchlight(play):
    g = play('S"""""\n""""""\nE""""D', _events('"searchlight", "searchlight"'))
    g.move((1, 1))
    g.end()
    g.event("searchlight", at=(4, 1))
    assert not g.sniper["spotted"]
    assert g.view("commander")["sniper_at"] is None
    g.end()
    g.end()
    g.event("searchlight", at=(3, 2))
    assert g.sniper["spotted"] and g.view("commander")["sniper_at"] == [1, 1]


# Clarification 8: a roadblock moves the vehicle up to 4 along the road, besides its order.
def test_clar_8_roadblock(play):
    g = play("S%.........\n-v---------\nE.........D", _events('"roadblock"'))
    g.end()
    assert g.refused({"type": "event", "card": "roadblock", "at": [6, 1]}) == "too_far"
    assert g.refused({"type": "event", "card": "roadblock", "at": [3, 0]}) == "blocked"
    g.event("roadblock", at=(5, 1))
    g.order("v1", (9, 1))
    assert g.unit("v1")["at"] == [9, 1]
