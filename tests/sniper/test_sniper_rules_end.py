"""SN-10 capture, SN-11 the end of the game (clarification 10)."""

from __future__ import annotations


# SN-11, clarification 10: every objective done, on an escape cell, and not moved
# this turn: won at the commander's end of turn.
def test_SN_11_won_by_staying_a_whole_turn_on_the_escape(play):
    g = play("SD.E")
    g.move((1, 0), (2, 0), (3, 0))
    assert g.sniper["done"] == ["steal_documents"]
    g.round()
    assert g.outcome is None  # he moved this turn
    g.end()
    assert g.summary()["phase"] == "commander" and g.outcome is None
    g.end()
    s = g.summary()
    assert (s["outcome"], s["phase"], s["active"]) == ("won", "over", None)


# Clarification 9, SN-11: on an escape-only map (objectives = 0) staying a whole
# turn on an escape cell wins.
def test_clar_9_an_escape_only_map_is_won_by_the_escape(play):
    g = play('S"E\n"""\n""D', "[sniper]\nobjectives = 0\ndraw_equipment = 0\n")
    assert g.sniper["objectives"] == []
    g.move((1, 0), (2, 0))
    g.round()
    assert g.outcome is None  # he moved this turn
    g.round()
    assert g.outcome == "won"


# Clarification 10: the win beats the turn limit.
def test_clar_10_the_win_beats_the_turn_limit(play):
    g = play("SD.E", turns=2)
    g.move((1, 0), (2, 0), (3, 0))
    g.round()
    g.round()
    assert g.outcome == "won"


# SN-11: on the escape without his objectives he does not win; time runs out.
def test_SN_11_no_win_without_the_objectives(play):
    g = play("SE.D", turns=3)
    g.move((1, 0))
    g.round()
    g.round()
    g.round()
    s = g.summary()
    assert (s["outcome"], s["lost_reason"]) == ("lost", "time")


# SN-11: he loses when his health reaches 0.
def test_SN_11_killed(play):
    g = play("S.....s\n%%%%%%E\nD%%%%%%", dice=[6, 6, 6, 6])
    g.move((1, 0))  # at once: 2
    g.end()
    g.end()  # at the end: 2
    assert g.sniper["health"] == 1 and g.outcome is None
    g.move((2, 0))  # at once: 2
    s = g.summary()
    assert (s["outcome"], s["lost_reason"], s["sniper"]["health"]) == ("lost", "killed", 0)
    assert g.legal_commands() == []


# SN-10, clarification 4: capture comes before fire.
def test_SN_10_capture_comes_before_fire(play):
    g = play("S.s\n..E\n..D", dice=[6, 6])
    g.move((1, 0))  # open ground next to a soldier: seen, and fired on at once
    assert g.sniper["spotted"] and g.sniper["health"] == 3
    g.end()
    events = g.end()
    assert g.types(events)[-2:] == ["SniperCaptured", "GameLost"]
    assert "UnitFired" not in g.types(events)
    assert (g.outcome, g.summary()["lost_reason"]) == ("lost", "captured")


# SN-10: a dog spots him but does not capture him.
def test_SN_10_a_dog_does_not_capture(play):
    g = play('S"\n"E\n"D', '[[units]]\nkind = "dog"\nat = [1, 0]\n[decks]\nevents = []\nshots = []')
    g.move((0, 1))
    assert g.sniper["spotted"]
    g.round()
    assert g.outcome is None
