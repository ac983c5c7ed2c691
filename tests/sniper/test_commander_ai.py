"""SN-9 (the AI commander, house): how it hunts, from its view alone
(docs/rules-notes.md, Sniper, "The AI commander"). Each test builds a
scenario, reads the commander's view and checks the commands the AI gives."""

from __future__ import annotations

from engine.core.geometry import chebyshev
from engine.sniper import ai
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


def _orders(view: dict) -> dict[str, tuple[int, int]]:
    return {c.unit: c.to for c in commander_commands(view) if type(c).__name__ == "Order"}


def _event(view: dict):
    return next((c for c in commander_commands(view) if type(c).__name__ == "PlayEvent"), None)


WOOD = '''
""""""""""""""
"S""""""""""""
""""""""""""""
..............
s.s.s.........
""""""""""""ED
'''


# SN-9 (AI): with a last known position a turn old, its units search the cells
# around it, each a different cell and spread out, not queueing on one.
def test_SN_9_units_spread_over_the_cells_around_a_last_known_position(play):
    g = play(WOOD, _decks(shots='"miss"'))
    g.move((2, 2), (3, 3))  # out of the trees: the soldiers see him
    assert g.sniper["spotted"]
    g.move((4, 2))
    g.game.submit({"type": "hide"})
    g.round()
    view = g.view("commander")
    assert view["sniper_at"] is None and view["last_known"] == {"at": [4, 2], "turn": 1}
    orders = _orders(view)
    assert set(orders) == {"s1", "s2", "s3"} and len(set(orders.values())) == 3
    plan = ai._plan(ai._Picture(view), set())  # the cells they head for
    goals = [cells[0] for cells in plan.values()]
    assert len(goals) == 3 and (4, 2) in goals
    assert all(chebyshev(goal, (4, 2)) <= 4 for goal in goals)
    assert all(chebyshev(a, b) >= 2 for i, a in enumerate(goals) for b in goals[i + 1 :])


# SN-9 (AI): seen this turn, he cannot have moved since (he hid): the nearest
# soldier goes for his very cell, stops before it and finds him; next to him,
# spotted, he is taken at the end of the turn.
def test_SN_9_a_known_cell_is_searched_and_he_is_taken(play):
    g = play(WOOD, _decks(shots='"miss"'), commander="ai", dice=[1] * 9)
    g.move((2, 2), (3, 3))
    assert g.sniper["spotted"]
    g.move((3, 2))
    g.game.submit({"type": "hide"})
    assert not g.sniper["spotted"]
    g.end()
    assert (g.outcome, g.summary()["lost_reason"]) == ("lost", "captured")


# SN-9 (AI): a unit whose alert it cannot get next to drops it at once: the
# vehicle, alerted to a cell off its road, goes about the hunt instead of waiting.
def test_SN_9_a_unit_drops_an_alert_it_cannot_reach(play):
    g = play(
        '''
        S"""""""""""""""""""
        """"""""""""""""""""
        ....................
        v-------------------
        """"""""""""""""""ED
        ''',
        _decks(shots='"miss"', hand='"suppressor", "decoy"'),
    )
    g.use("decoy", at=(3, 1))  # in the trees, 2 off the road: the vehicle hears it
    g.end()
    view = g.view("commander")
    assert view["units"]["v1"]["alert"] == [3, 1]
    first = _orders(view)["v1"]
    assert chebyshev(first, (3, 1)) <= 2  # it goes to look
    g.order("v1", first)
    g.end()
    for _ in range(2):  # its alert stands, but it never stands still for it
        g.end()
        view = g.view("commander")
        assert view["units"]["v1"]["alert"] == [3, 1]
        to = _orders(view).get("v1")
        assert to is not None and to != tuple(view["units"]["v1"]["at"])
        g.order("v1", to)
        g.end()


# SN-9 (AI): once he has done something it can see (here the documents are
# gone), a soldier keeps watch next to the escape cells, changing post each turn.
def test_SN_9_a_guard_holds_an_escape_cell(play):
    g = play(
        '''
        SD"""""""""""""
        """""""""""""""
        ...............
        s......s...s...
        """""""""""""E.
        ''',
        _decks(),
    )
    g.move((1, 0))
    assert g.summary()["features"]["documents"] == "taken"
    g.move((2, 1))
    posts = []
    for _ in range(3):
        g.end()
        view = g.view("commander")
        orders = _orders(view)
        guard = [(u, to) for u, to in orders.items() if chebyshev(to, (13, 4)) <= 1]
        assert len(guard) == 1
        uid, to = guard[0]
        g.order(uid, to) if chebyshev(view["units"][uid]["at"], to) <= 2 else None
        posts.append(tuple(g.unit(uid)["at"]))
        g.end()
    assert chebyshev(posts[-1], (13, 4)) <= 1 and posts[-1] != posts[-2]


# SN-9 (AI): a searchlight goes where the most of his possible cells lie, not on
# its own units: at a noise this turn, on the trees around it.
def test_SN_9_a_searchlight_on_the_likeliest_cells(play):
    g = play(
        '''
        S"""""".......
        """""""...s...
        """"""".......
        """""""......E
        """"""".......
        D"""""""......
        ''',
        _decks(events='"searchlight"', hand='"decoy"'),
    )
    g.move((1, 1), (2, 1))
    g.use("decoy", at=(7, 2))  # heard by the soldier, 3 away
    g.end()
    view = g.view("commander")
    assert view["noises"] == [{"at": [7, 2]}]
    event = _event(view)
    assert event.card == "searchlight"
    assert event.at[0] <= 6 and chebyshev(event.at, (10, 1)) > 2


# SN-9 (AI): reinforcements arrive at the entry nearest the freshest lead.
def test_SN_9_reinforcements_toward_the_freshest_lead(play):
    g = play(
        '''
        -"""""""""""""-
        -""S""""""""""-
        -.............-
        -.............-
        -.........s...-
        -"""""""""""ED-
        ''',
        _decks(events='"reinforcements"', shots='"miss"'),
    )
    g.move((3, 2))  # seen in the open
    assert g.sniper["spotted"]
    g.end()
    event = _event(g.view("commander"))
    assert event.card == "reinforcements" and event.at[0] == 0
