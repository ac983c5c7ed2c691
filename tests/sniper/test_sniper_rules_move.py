"""SN-4 movement and exposure, and how he is spotted (clarifications 2, 3)."""

from __future__ import annotations

import pytest

from engine import Game, MissionError

CORRIDOR = '''
S.........s
""""""""""E
D""""""""""
'''


# SN-4: up to 4 cells a turn, in one path or several; every step to a neighbour.
def test_SN_4_four_moves_a_turn(play):
    g = play('S%%%%%%\n"""""ED')
    assert g.refused({"type": "move", "path": []}) == "bad_path"
    assert g.refused({"type": "move", "path": [[2, 0]]}) == "bad_path"
    path = [[1, 0], [2, 0], [3, 0], [4, 0], [5, 0]]
    assert g.refused({"type": "move", "path": path}) == "too_far"
    g.move((1, 0), (2, 0))
    g.move((3, 0))
    assert g.sniper["moves_left"] == 1 and g.sniper["moved"]
    assert g.refused({"type": "move", "path": [[4, 0], [5, 0]]}) == "too_far"
    g.move((4, 0))
    assert g.sniper["moves_left"] == 0
    assert [m.path for m in g.legal_commands() if type(m).__name__ == "Move"] == []


# SN-4: open ground in a unit's sight within 8 spots him; within its range (6) it
# fires at once (clarification 3): an exposed sniper takes 1 on a 4-5.
def test_SN_4_exposed_in_sight_is_spotted_and_fired_on(play):
    g = play(CORRIDOR, dice=[5, 6])
    g.move((1, 0))  # 9 from the soldier: unseen
    assert not g.sniper["spotted"]
    events = g.move((2, 0))  # 8: seen, out of its range
    assert g.sniper["spotted"] and "UnitFired" not in g.types(events)
    assert g.summary()["last_known"] == {"at": [2, 0], "turn": 1}
    events = g.move((3, 0), (4, 0))  # 6: in range
    fired = [e for e in events if type(e).__name__ == "UnitFired"]
    assert [(e.unit, e.die, e.damage, e.at_once) for e in fired] == [("s1", 5, 1, True)]
    assert g.sniper["health"] == 4
    assert g.summary()["last_known"] == {"at": [4, 0], "turn": 1}  # it follows him


# Clarification 3: a unit fires at once at most once a sniper turn.
def test_clar_3_fires_at_once_once_a_turn(play):
    g = play(CORRIDOR.replace("S....", "S%%%%"), dice=[4, 4, 4])
    g.move((1, 0), (2, 0), (3, 0), (4, 0))
    g.round()
    events = g.move((5, 0)) + g.move((6, 0))
    assert [e.unit for e in events if type(e).__name__ == "UnitFired"] == ["s1"]
    assert g.sniper["health"] == 4


# SN-4 (house, clarification 2): stepping onto a unit he cannot see, he stops short
# and it spots him; the rest of his moves this turn are lost.
def test_SN_4_bumping_into_an_unseen_unit(play):
    g = play(
        """
        S".E
        ##"D
        """,
        """
        [[units]]
        kind = "soldier"
        at = [2, 1]
        """,
    )
    assert g.view("sniper")["units"] == {}  # the wall and the trees hide it
    events = g.move((1, 0), (2, 1))
    assert g.types(events)[:2] == ["SniperStepped", "SniperBumped"]
    assert g.at() == (1, 0) and g.sniper["spotted"] and g.sniper["moves_left"] == 0


# SN-4: a unit he sees stands in the way.
def test_SN_4_a_unit_he_sees_blocks_the_step(play):
    g = play("Ss.ED")
    assert g.refused({"type": "move", "path": [[1, 0]]}) == "blocked"


# Clarification 2: cover hides him from sight, but a dog smells him within 3.
def test_clar_2_dog_smells_him_through_cover(play):
    g = play(
        '''
        S""""
        """"E
        """.D
        ''',
        """
        [[units]]
        kind = "dog"
        at = [4, 0]
        """,
    )
    g.move((1, 0))  # 3 from the dog, in the trees
    assert g.sniper["spotted"]
    events = [e for e in g.events if type(e).__name__ == "SniperSpotted"]
    assert (events[-1].cause, events[-1].by) == ("smell", "d1")


# Clarification 2: a unit stepping into his cell stops before it and spots him;
# SN-10: at the commander's end a spotted sniper next to a soldier is captured.
def test_clar_2_contact_then_SN_10_capture(play):
    g = play("S.s\n..E\n..D")
    g.end()
    events = g.order("s1", (0, 0))  # his cell counts as free for an order
    assert g.unit("s1")["at"] == [1, 0] and g.sniper["spotted"]
    assert [e.cause for e in events if type(e).__name__ == "SniperSpotted"] == ["contact"]
    g.end()
    assert (g.outcome, g.summary()["lost_reason"]) == ("lost", "captured")


# SN-10: a soldier next to him does not capture him while he is unspotted.
def test_SN_10_no_capture_when_unspotted(play):
    g = play("Ss.\n..E\n..D")
    g.round()
    assert g.outcome is None and not g.sniper["spotted"]


# Clarification 2: spotted lasts until he hides or the turn ends; hiding needs cover.
def test_clar_2_hide_ends_spotted_and_the_turn_end_does_too(play):
    g = play(CORRIDOR.replace("S...", "S..%"))
    g.move((1, 0), (2, 0))
    assert g.sniper["spotted"] and g.sniper["exposed"]
    assert g.refused({"type": "hide"}) == "not_in_cover"
    g.round()
    assert not g.sniper["spotted"]
    g.move((3, 0))
    g.shoot("s1")  # a loud shot spots him
    assert g.sniper["spotted"]
    g.game.submit({"type": "hide"})  # the one more action a shot allows
    assert not g.sniper["spotted"]
    assert g.summary()["last_known"] == {"at": [3, 0], "turn": 2}


# SN-4, SN-A rain: two turns of sight 4 and one move fewer for everyone.
def test_SN_4_rain_slows_and_blinds(play):
    g = play(
        CORRIDOR,
        """
        [decks]
        events = ["rain"]
        shots = []
        equipment = []
        """,
    )
    g.end()
    g.event("rain")
    assert g.summary()["rain_until"] == 2
    assert g.refused({"type": "order", "unit": "s1", "to": [8, 0]}) == "too_far"
    g.order("s1", (9, 0))
    g.end()
    assert g.sniper["moves_left"] == 3
    g.move((1, 0), (2, 0), (3, 0))  # 6 from the soldier: beyond sight in the rain
    assert not g.sniper["spotted"]
    assert g.view("sniper")["units"] == {}  # and he sees 4 at most too
    g.round()
    g.move((4, 0))  # rain_until was 2: turn 3 is dry again
    assert g.sniper["moves_left"] == 3 and g.sniper["spotted"]


# SN-A camouflage: the next open cell he enters is cover while he stays.
def test_SN_A_camouflage_covers_the_next_open_cell(play):
    g = play(
        CORRIDOR.replace("S..", "S%."),
        """
        [sniper]
        objectives = 1
        equipment = ["binoculars", "knife", "camouflage"]
        draw_equipment = 0
        [decks]
        shots = []
        events = []
        equipment = []
        """,
    )
    g.move((1, 0))
    g.use("camouflage")
    assert g.sniper["camouflage"] and "camouflage" not in g.sniper["hand"]
    g.round()
    g.move((2, 0))  # open, 8 from the soldier
    assert not g.sniper["exposed"] and not g.sniper["spotted"] and g.sniper["camouflage"]
    g.move((3, 0))  # he left it: the next open cell exposes him
    assert g.sniper["exposed"] and g.sniper["spotted"] and not g.sniper["camouflage"]


# SN-A rain, house: a mission may open in rain (`[mission] rain_until`): sight 4
# and one move fewer from the first turn to the end of that turn.
def test_SN_A_a_mission_that_opens_in_rain(write_mission):
    text = """
    [mission]
    id = "wet"
    mode = "sniper"
    turns = 4
    rain_until = 2
    map = '''
    S.....s...
    %%%%%%%%%E
    D%%%%%%%%%
    '''
    [sniper]
    objectives = 1
    draw_equipment = 0
    [decks]
    shots = []
    events = []
    equipment = []
    """
    g = Game.new("sniper", mission=write_mission(text), commander="human")
    s = g.summary()
    assert s["rain_until"] == 2 and s["sniper"]["moves_left"] == 3
    g.submit({"type": "move", "path": [[1, 0]]})  # 5 from the soldier: unseen in the rain
    assert not g.summary()["sniper"]["spotted"]
    for _ in range(4):
        g.submit({"type": "end_turn"})
    s = g.summary()
    assert s["turn"] == 3 and s["sniper"]["moves_left"] == 4  # the rain is over
    with pytest.raises(MissionError) as e:
        Game.new("sniper", mission=write_mission(text.replace("rain_until = 2", "rain_until = 5")))
    assert "rain_until must be 0 to 4" in str(e.value)
