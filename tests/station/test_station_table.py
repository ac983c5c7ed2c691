"""ST-1.3, K-7: Station's table (engine/station/table.py). Given a hot-seat
or shared game, a seat per player of the `players` option; who acts and
whose a command is follow ST-2.1; the players are one side, told everything."""

from __future__ import annotations

from engine import Game
from engine.core.table import PERSON


def game(**options) -> Game:
    return Game.new("station", "tutorial", survivors=["vega", "okafor", "lin"], **options)


# ST-1.3: a seat per player, with the survivors dealt to it.
def test_ST_1_3_a_seat_per_player():
    g = game(players="vega:1,okafor:2,lin:2")
    assert [(s.id, s.label, s.kind, s.figures) for s in g.seats()] == [
        ("1", "Player 1", PERSON, ("vega",)),
        ("2", "Player 2", PERSON, ("okafor", "lin")),
    ]
    assert g.owner({"type": "search", "survivor": "lin"}) == "2"
    assert [s.person for s in g.seats()] == ["1", "2"]  # a person each at one keyboard
    assert {s.viewer for s in g.seats()} == {"players"}  # one side: one view
    assert g.owner({"type": "search", "survivor": "nobody"}) is None


# ST-2.1: any player may start; once a survivor acts, its player holds the floor.
def test_ST_2_1_who_acts_now():
    g = game(players="vega:1,okafor:2,lin:2")
    assert g.to_act() == ("1", "2")
    g.submit({"type": "search", "survivor": "okafor"})
    assert g.to_act() == ("2",)


# ST-1.3: a trade taking cards from another player's survivor needs that player;
# giving a friend's survivor a card does not.
def test_ST_1_3_a_trade_takes_from_the_other_seat():
    g = game(players="vega:1,okafor:2,lin:2")
    take = {
        "type": "manage",
        "survivor": "vega",
        "hand": ["wrench", "pistol"],
        "backpack": [],
        "others": {"okafor": {"hand": [], "backpack": []}},
    }
    assert g.owner(take) == "1" and g.takes_from(take) == {"2"}
    give = dict(take, hand=[], others={"okafor": {"hand": ["pistol", "wrench"], "backpack": []}})
    assert g.takes_from(give) == set()


# K-7: one side: every player is told every event as it is.
def test_K_7_station_players_are_told_everything():
    g = game(players="2")
    events = g.submit(g.legal_commands()[0])
    for seat in g.seats():
        assert g.told(events, seat.viewer) == events
