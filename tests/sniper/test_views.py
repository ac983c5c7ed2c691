"""SN-12, K-7: what each side may know. The sniper's view is his fog of war
and his memory; the commander's holds what his units saw and heard, and the
commander AI decides from it alone."""

from __future__ import annotations

import json

import pytest
from msgspec.structs import replace

from engine import Game, RuleError
from engine.core.geometry import chebyshev
from engine.sniper import ai, bot, content
from engine.sniper.ai import commander_commands
from engine.sniper.decide import run

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
def test_SN_12_the_commander_cannot_tell_where_he_hides(play, monkeypatch):
    a = _hidden_walk(play, [(1, 0), (2, 0), (3, 0)])
    b = _hidden_walk(play, [(1, 1), (2, 1), (3, 1)])
    assert a.at() != b.at()
    va, vb = a.view("commander"), b.view("commander")
    assert va == vb
    assert commander_commands(va) == commander_commands(vb)
    assert commander_commands(va) == commander_commands(_round_trip(va))
    decided = _record_the_ai(monkeypatch)
    a.end()
    b.end()
    assert len(decided) == 2 and decided[0] == decided[1]
    assert any(type(c).__name__ == "Order" for c in decided[0])


def _record_the_ai(monkeypatch) -> list:
    """What the AI seat decides in each commander turn, from here on."""
    decided: list = []
    decide = ai.commander_commands

    def recorded(view):
        commands = decide(view)
        decided.append(commands)
        return commands

    monkeypatch.setattr("engine.sniper.commander.commander_commands", recorded)  # the AI seat
    return decided


def _elsewhere(world, state):
    """The same state with the sniper on another cell no unit could know of:
    in cover, no unit on or next to it, no dog's nose within reach."""
    board = world.board
    units = [u for u in state.units if u.alive]
    for c, _ in board.grid.cells():
        if c == state.sniper.at or not board.enterable(c) or board.is_open(c):
            continue
        if any(chebyshev(c, u.at) <= max(1, content.unit(u.kind).smell + 1) for u in units):
            continue
        return replace(state, sniper=replace(state.sniper, at=c, camo_at=None))
    return None


# SN-12 (no cheating) over whole games of every map: at each of the commander's
# turns while the sniper is unseen, the AI seat gives the same commands whether he
# is where he is or on another hidden cell.
@pytest.mark.parametrize("mission", ["village", "rail_yard", "forest_road", "mill", "border"])
def test_SN_12_no_cheating_over_a_whole_game(mission, monkeypatch):
    g = Game.new("sniper", mission=mission, seed=3)
    sniper = bot.SniperBot()
    decided = _record_the_ai(monkeypatch)
    compared = 0
    while g.outcome is None:
        command = sniper.choose(g.view("sniper"), g.legal_commands())
        other = _elsewhere(g.world, g.state) if type(command).__name__ == "EndTurn" else None
        if other is not None and not g.state.sniper.spotted:
            del decided[:]
            run(g.world, g.state, command)
            run(g.world, other, command)
            assert len(decided) == 2 and decided[0] == decided[1], f"turn {g.state.turn}"
            compared += 1
        g.submit(command)
    assert compared >= 3


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
