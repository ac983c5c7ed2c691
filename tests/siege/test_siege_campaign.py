"""The Siege campaign (house rule, docs/rules-siege.md "Campaign"): the
missions in order, survivors carrying their items on, the fallen gone,
newcomers filling the starts, one retry of a lost mission."""

from __future__ import annotations

import pytest

from engine import Game, RuleError
from engine.siege import bot, content
from engine.siege import campaign as c


def _summary(mission: str, outcome: str, humans: dict) -> dict:
    return {
        "mode": "siege",
        "mission": mission,
        "outcome": outcome,
        "humans": {h: {"alive": alive, "items": items} for h, (alive, items) in humans.items()},
    }


def test_a_campaign_starts_with_the_first_missions_roster():
    p = c.start("nightfall")
    assert p.missions == ("house", "street", "night", "chapel", "rescue", "farm")
    kwargs = c.next_game(p)
    assert kwargs["mission"] == "house" and kwargs["survivors"] == ["drifter", "cop"]
    g = Game.new(seed=1, **kwargs)
    assert g.summary()["humans"]["cop"]["items"] == ["pistol"]


def test_survivors_carry_their_items_and_newcomers_fill_the_starts():
    p = c.start("nightfall")
    done = _summary(
        "house",
        "won",
        {"drifter": (False, []), "cop": (True, ["pistol", "axe", "ammo_box"])},
    )
    p = c.finish_mission(p, done)
    assert p.mission == "street" and p.fallen == ("drifter",)
    kwargs = c.next_game(p)
    assert kwargs["survivors"] == ["cop", "mechanic", "medic"]
    assert kwargs["carry"]["cop"] == {"kept": ["axe", "ammo_box"]}
    g = Game.new(seed=1, **kwargs)
    humans = g.summary()["humans"]
    assert humans["cop"]["items"] == ["pistol", "axe", "ammo_box"]
    assert humans["mechanic"]["items"] == ["crowbar", "planks"], "the street's own extras"
    p = c.finish_mission(
        p,
        _summary(
            "street",
            "won",
            {"cop": (True, ["axe"]), "mechanic": (True, []), "medic": (False, [])},
        ),
    )
    kwargs = c.next_game(p)
    assert kwargs["survivors"] == ["cop", "mechanic"], "the fallen never come back"
    assert kwargs["carry"] == {"cop": {"kept": ["axe"]}, "mechanic": {"kept": []}}
    g = Game.new(seed=1, **kwargs)
    assert g.summary()["humans"]["cop"]["items"] == ["pistol", "axe"]
    assert g.summary()["humans"]["mechanic"]["items"] == ["crowbar"], "a lost crowbar comes back"


def test_a_lost_mission_is_tried_once_more_then_the_campaign_is_lost():
    p = c.start("nightfall")
    lost = _summary("house", "lost", {"drifter": (False, []), "cop": (False, [])})
    p = c.finish_mission(p, lost)
    assert p.outcome is None and p.mission == "house" and p.losses == 1
    assert c.next_game(p)["survivors"] == ["drifter", "cop"]
    p = c.finish_mission(p, lost)
    assert p.outcome == "lost"
    with pytest.raises(RuleError) as err:
        c.next_game(p)
    assert err.value.code == "campaign_over"


def test_winning_the_last_mission_wins_the_campaign():
    p = c.start("nightfall", ironman=True)
    for mission in ("house", "street", "night", "chapel", "rescue", "farm"):
        kwargs = c.next_game(p)
        assert kwargs["undo"] == "ironman"
        humans = {h: (True, []) for h in kwargs["survivors"]}
        p = c.finish_mission(p, _summary(mission, "won", humans))
    assert p.outcome == "won"
    assert p.history == tuple(
        (m, "won") for m in ("house", "street", "night", "chapel", "rescue", "farm")
    )


def test_finishing_needs_the_mission_due_and_over():
    p = c.start("nightfall")
    with pytest.raises(RuleError) as err:
        c.finish_mission(p, _summary("house", None, {}))
    assert err.value.code == "mission_not_over"
    with pytest.raises(RuleError) as err:
        c.finish_mission(p, _summary("farm", "won", {}))
    assert err.value.code == "wrong_mission"
    with pytest.raises(RuleError):
        c.start("nowhere")


def test_a_played_mission_carries_into_the_next_game():
    p = c.start("nightfall")
    g = Game.new(seed=0, **c.next_game(p))
    assert bot.play(g) == "won"
    p = c.finish_mission(p, g.summary())
    nxt = Game.new(seed=0, **c.next_game(p))
    alive = {h: v["items"] for h, v in g.summary()["humans"].items() if v["alive"]}
    assert alive
    for hid, items in alive.items():
        first = content.humans()[hid].starts_with
        expected = [first] + [i for i in items if i != first] + [first] * (items.count(first) - 1)
        assert sorted(nxt.summary()["humans"][hid]["items"]) == sorted(expected)
