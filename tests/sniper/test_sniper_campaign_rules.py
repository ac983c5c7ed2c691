"""House rule SN-C: the three maps in order, ammo and cards carried over."""

from __future__ import annotations

import pytest

from engine import Game, RuleError
from engine.sniper import campaign


def _finished(mission: str, outcome: str, ammo: int = 4, hand=("binoculars", "knife")) -> dict:
    g = Game.new("sniper", mission=mission, seed=1)
    s = g.summary()
    s["outcome"] = outcome
    s["sniper"]["ammo"] = ammo
    s["sniper"]["hand"] = list(hand)
    return s


# SN-C.1, SN-C.2: the maps in order; what he has left goes with him.
def test_SN_C_carries_ammo_and_cards_to_the_next_map():
    p = campaign.start()
    first = campaign.next_game(p)
    assert first == {"mode": "sniper", "mission": "village", "undo": "casual", "commander": "ai"}
    p = campaign.finish_mission(p, _finished("village", "won", 2, ("binoculars", "knife", "smoke")))
    kwargs = campaign.next_game(p)
    assert kwargs["mission"] == "rail_yard" and kwargs["ammo"] == 2
    assert kwargs["carry"] == {"sniper": {"kept": ["binoculars", "knife", "smoke"]}}
    g = Game.new(seed=3, **kwargs)
    s = g.summary()["sniper"]
    assert s["ammo"] == 2
    # his cards, then what the rail yard's kit adds, then two drawn
    assert s["hand"][:6] == ["binoculars", "knife", "smoke", "grenade", "grenade", "suppressor"]
    assert len(s["hand"]) == 8
    p = campaign.finish_mission(p, _finished("rail_yard", "won"))
    assert campaign.next_game(p)["mission"] == "forest_road"
    p = campaign.finish_mission(p, _finished("forest_road", "won"))
    assert campaign.next_game(p)["mission"] == "mill"
    p = campaign.finish_mission(p, _finished("mill", "won"))
    assert campaign.next_game(p)["mission"] == "border"
    p = campaign.finish_mission(p, _finished("border", "won"))
    assert p.outcome == "won" and [m for m, _ in p.history] == list(campaign.MISSIONS)
    with pytest.raises(RuleError) as e:
        campaign.next_game(p)
    assert e.value.code == "campaign_over"


# SN-C.3: one more try at a lost map, with what he carried into it; then it is lost.
def test_SN_C_a_lost_map_is_tried_once_more():
    p = campaign.finish_mission(campaign.start(), _finished("village", "won", 3))
    p = campaign.finish_mission(p, _finished("rail_yard", "lost", 0, ()))
    assert p.outcome is None and campaign.next_game(p)["ammo"] == 3
    p = campaign.finish_mission(p, _finished("rail_yard", "lost", 0, ()))
    assert p.outcome == "lost"


# SN-C.4: an ironman campaign plays its games without undo; summaries are checked.
def test_SN_C_ironman_and_wrong_summaries():
    p = campaign.start(ironman=True)
    assert campaign.next_game(p, commander="human")["undo"] == "ironman"
    with pytest.raises(RuleError) as e:
        campaign.finish_mission(p, _finished("rail_yard", "won"))
    assert e.value.code == "wrong_mission"
    running = Game.new("sniper", mission="village").summary()
    with pytest.raises(RuleError) as e:
        campaign.finish_mission(p, running)
    assert e.value.code == "mission_not_over"


def test_SN_C_bad_carry_is_refused():
    with pytest.raises(RuleError) as e:
        Game.new("sniper", carry={"sniper": {"kept": ["rifle"]}})
    assert e.value.code == "bad_carry"
    with pytest.raises(RuleError) as e:
        Game.new("sniper", carry={"vega": {"kept": []}})
    assert e.value.code == "bad_carry"
