"""SN-12, K-7: what each side may know. The sniper's view is his fog of war
and his memory; the commander's holds what his units saw and heard, and the
commander AI decides from it alone."""

from __future__ import annotations

import json

import pytest

from engine import RuleError
from engine.sniper.ai import commander_commands

COMMON = {
    "mode", "mission", "viewer", "turn", "turns", "phase", "active", "outcome",
    "lost_reason", "map", "features", "kills", "events_played", "rain_until", "smoke",
}  # fmt: skip

FIELD = '''
S"".......
"""...s...
"""%......
....""""""
o.."""""ED
'''


def _round_trip(view: dict) -> dict:
    return json.loads(json.dumps(view))


# SN-12: he sees only the living units in his sight; the map has no unit glyphs.
def test_SN_12_sniper_view_is_his_fog_of_war(play):
    g = play(FIELD)
    view = g.view("sniper")
    assert set(view) >= COMMON | {"sniper", "units", "last_seen"}
    assert view["viewer"] == "sniper" and view["units"] == {}
    assert view["map"][1] == '""".......' and view["map"][4] == '..."""""ED'
    assert g.view() == view  # the default viewer is the sniper
    assert _round_trip(view) == view


# SN-12: he remembers where and when he last saw each unit (from what he saw).
def test_SN_12_last_seen_is_his_memory(play):
    g = play(FIELD)
    g.move((1, 1), (2, 2), (3, 2))
    view = g.view("sniper")
    assert view["units"] == {"s1": {"kind": "soldier", "at": [6, 1], "health": 1}}
    assert view["last_seen"] == {"s1": {"kind": "soldier", "at": [6, 1], "turn": 1}}
    g.end()
    g.order("s1", (5, 3))  # the commander moves it into the trees, out of his sight
    g.end()
    assert g.view("sniper")["units"] == {}
    view = g.view("sniper")
    assert view["last_seen"] == {"s1": {"kind": "soldier", "at": [6, 1], "turn": 1}}
    assert _round_trip(view) == view
    # his memory is state he observed: replaying the events gives it back
    assert g.replay_state().memory == g.state.memory


# SN-12: a unit he saw die leaves his memory; one that fell out of his sight stays.
def test_SN_12_memory_of_the_dead(play):
    g = play("Ss.\n..E\n..D")
    g.use("knife", target="s1")
    assert g.view("sniper")["last_seen"] == {}


# K-7: the commander's view: his units, the sniper's cell only while spotted.
def test_K_7_commander_view(play):
    g = play(FIELD)
    view = g.view("commander")
    assert set(view) >= COMMON | {"units", "sniper_at", "last_known", "noises", "commander_hand"}
    assert "sniper" not in view and view["sniper_at"] is None and view["last_known"] is None
    assert view["units"]["s1"]["at"] == [6, 1] and view["units"]["o1"]["at"] == [0, 4]
    g.move((1, 0), (2, 1), (3, 1))  # onto open ground in the soldier's sight
    view = g.view("commander")
    assert view["sniper_at"] == [3, 1] and view["last_known"] == {"at": [3, 1], "turn": 1}
    assert _round_trip(view) == view
    g.move((2, 1))  # spotted: it follows him
    assert g.view("commander")["sniper_at"] == [2, 1]
    g.round()
    view = g.view("commander")
    assert view["sniper_at"] is None and view["last_known"] == {"at": [2, 1], "turn": 1}


def test_K_7_bad_viewer(play):
    g = play(FIELD)
    with pytest.raises(RuleError) as e:
        g.view("referee")
    assert e.value.code == "bad_viewer"


def _hidden_walk(play, path):
    """A game where he walks `path` through the trees, never seen or heard."""
    g = play(
        '''
        S"""""""""
        """"""""".
        ....s.....
        o.......ED
        ''',
        """
        [[patrols]]
        unit = "s1"
        route = [[4, 2], [8, 2]]
        """,
        commander="ai",
    )
    for cell in path:
        g.move(cell)
    assert not g.sniper["spotted"]
    return g


# SN-12 (no cheating): two games that differ only in where the unseen sniper
# stands give the commander the same view and the AI the same decisions.
def test_SN_12_the_commander_cannot_tell_where_he_hides(play):
    a = _hidden_walk(play, [(1, 0), (2, 0), (3, 0)])
    b = _hidden_walk(play, [(1, 1), (2, 1), (3, 1)])
    assert a.at() != b.at()
    va, vb = a.view("commander"), b.view("commander")
    assert va == vb
    assert commander_commands(va) == commander_commands(vb)
    assert commander_commands(va) == commander_commands(_round_trip(va))
    a.end()
    b.end()
    moves = [
        [(e.unit, e.path) for e in g.events if type(e).__name__ == "UnitMoved"] for g in (a, b)
    ]
    assert moves[0] == moves[1] and moves[0]
    assert a.view("commander") == b.view("commander")


# K-7: the commander's view never holds his true cell while he is unseen: the
# same view whatever unseen cell he is on, so nothing in it can name it.
def test_K_7_commander_view_holds_no_hidden_cell(play):
    views = []
    for cell in [(1, 0), (1, 1), (0, 1)]:
        g = _hidden_walk(play, [cell])
        views.append(json.dumps(g.view("commander"), sort_keys=True))
    assert len(set(views)) == 1


# DESIGN-sniper "Commander AI": pure, end_turn last, reads only its view.
def test_commander_ai_is_pure_and_ends_its_turn(play):
    g = play(FIELD, commander="ai")
    view = g.view("commander")
    first = commander_commands(view)
    assert type(first[-1]).__name__ == "EndTurn"
    assert commander_commands(_round_trip(view)) == first == commander_commands(view)
    assert g.view("commander") == view  # it changed nothing
