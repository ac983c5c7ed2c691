"""Campaign rules ST-C.1..ST-C.4, through engine.station.campaign and Game.new."""

from __future__ import annotations

import pytest

from engine import Game, RuleError
from engine.station import campaign


def finished(mission: str, survivors: dict, outcome: str) -> dict:
    """A finished mission's summary, as much of it as the campaign reads."""
    return {"mission": mission, "outcome": outcome, "survivors": survivors}


def alive(xp=0, skills=("tough",), hand=("crowbar",), backpack=()):
    return {
        "alive": True,
        "xp": xp,
        "skills": list(skills),
        "hand": list(hand),
        "backpack": list(backpack),
    }


DEAD = {"alive": False, "xp": 0, "skills": [], "hand": [], "backpack": []}


def test_ST_C_1_missions_in_order_with_one_roster():
    p = campaign.start("derelict", ["hale", "lin"])
    assert p.missions[0] == "airlock" and p.mission == "airlock"
    kwargs = campaign.next_game(p)
    assert kwargs["survivors"] == ["hale", "lin"] and kwargs["mission"] == "airlock"
    g = Game.new(**kwargs, seed=1)
    assert g.summary()["mission"] == "airlock"
    p = campaign.finish_mission(
        p, finished("airlock", {"hale": alive(), "lin": alive(skills=["medic"], hand=["medkit"])}, "won")
    , {})  # fmt: skip
    assert p.mission == "hydroponics" and p.history == (("airlock", "won"),)


def test_ST_C_2_xp_skills_and_one_kept_card_carry_over():
    p = campaign.start("derelict", ["hale", "lin"])
    hale = alive(
        xp=21, skills=["tough", "racket"], hand=["crowbar", "shotgun"], backpack=["medkit"]
    )
    p = campaign.finish_mission(
        p, finished("airlock", {"hale": hale, "lin": alive(skills=["medic"], hand=["medkit"])}, "won"),
        {"hale": "shotgun"},
    )  # fmt: skip
    g = Game.new(**campaign.next_game(p), seed=2)
    s = g.summary()["survivors"]["hale"]
    assert s["xp"] == 21 and s["level"] == "orange"
    assert s["skills"] == ["tough", "racket"]
    assert s["hand"] == ["crowbar", "shotgun"]  # starting card plus the kept one
    assert g.summary()["pending"] is None  # the orange pick was made before


# ST-C.2: gear resets to the starting card plus the kept one. Keeping the starting card
# itself brings back that one card, not a copy beside it: Vega's wrench is in no deck, and
# Hale with one crowbar keeps that crowbar; only a second crowbar he found is a second card.
@pytest.mark.parametrize(
    "sid, held, keep, options, back",
    [
        ("vega", ["wrench", "pistol"], "wrench", ["wrench", "pistol"], ["wrench"]),
        ("vega", ["wrench", "pistol"], "pistol", ["wrench", "pistol"], ["wrench", "pistol"]),
        ("hale", ["crowbar"], "crowbar", ["crowbar"], ["crowbar"]),
        ("hale", ["crowbar", "crowbar"], "crowbar", ["crowbar"], ["crowbar", "crowbar"]),
    ],
)
def test_ST_C_2_keeping_the_starting_card_does_not_copy_it(sid, held, keep, options, back):
    p = campaign.start("derelict", [sid])
    done = finished("airlock", {sid: alive(skills=[], hand=held)}, "won")
    assert campaign.keep_options(done, sid) == options
    p = campaign.finish_mission(p, done, {sid: keep})
    g = Game.new(**campaign.next_game(p), seed=1)
    assert g.summary()["survivors"][sid]["hand"] == back


# ST-C.2: progress handed straight to Game.new cannot copy a card that only exists as a
# survivor's starting card either.
def test_ST_C_2_carry_never_doubles_a_starting_only_card():
    g = Game.new(
        "station", mission="airlock", seed=1, survivors=["vega"],
        carry={"vega": {"kept": ["wrench"]}},
    )  # fmt: skip
    assert g.summary()["survivors"]["vega"]["hand"] == ["wrench"]


def test_ST_C_2_a_kept_card_must_be_held():
    p = campaign.start("derelict", ["hale"])
    with pytest.raises(RuleError) as e:
        campaign.finish_mission(p, finished("airlock", {"hale": alive()}, "won"), {"hale": "rifle"})
    assert e.value.code == "cannot_keep"


def test_ST_C_2_eliminated_sit_out_one_mission_then_return_at_blue():
    p = campaign.start("derelict", ["hale", "lin"])
    p = campaign.finish_mission(
        p, finished("airlock", {"hale": alive(xp=30, skills=["tough", "racket"]), "lin": DEAD}, "won"), {}
    )  # fmt: skip
    assert campaign.next_game(p)["survivors"] == ["hale"]
    p = campaign.finish_mission(p, finished("hydroponics", {"hale": alive(xp=35)}, "won"), {})
    kwargs = campaign.next_game(p)
    assert kwargs["survivors"] == ["hale", "lin"]
    assert kwargs["carry"]["lin"] == {"xp": 0, "skills": [], "kept": []}


def test_ST_C_3_a_lost_mission_is_retried_once_then_the_campaign_is_lost():
    p = campaign.start("derelict", ["hale"])
    p = campaign.finish_mission(p, finished("airlock", {"hale": alive()}, "lost"), {})
    assert p.outcome is None and p.mission == "airlock"
    p = campaign.finish_mission(p, finished("airlock", {"hale": alive()}, "lost"), {})
    assert p.outcome == "lost"
    with pytest.raises(RuleError):
        campaign.next_game(p)


def test_ST_C_3_won_when_the_last_mission_is_won():
    p = campaign.start("derelict", ["hale"])
    for mission in p.missions:
        assert p.mission == mission
        p = campaign.finish_mission(p, finished(mission, {"hale": alive()}, "won"), {})
    assert p.outcome == "won"


def test_ST_C_3_everyone_eliminated_all_return_for_the_retry():
    p = campaign.start("derelict", ["hale", "lin"])
    p = campaign.finish_mission(p, finished("airlock", {"hale": DEAD, "lin": DEAD}, "lost"), {})
    assert campaign.next_game(p)["survivors"] == ["hale", "lin"]


def test_ST_C_4_ironman_campaigns_refuse_undo():
    p = campaign.start("derelict", ["hale"], ironman=True)
    g = Game.new(**campaign.next_game(p), seed=1)
    g.submit({"type": "end_turn", "survivor": "hale"})
    with pytest.raises(RuleError) as e:
        g.undo()
    assert e.value.code == "undo_refused"


def test_bad_campaigns_and_rosters():
    with pytest.raises(RuleError):
        campaign.start("nope")
    with pytest.raises(RuleError):
        campaign.start("derelict", ["hale", "hale"])
    p = campaign.start("derelict", ["hale"])
    with pytest.raises(RuleError) as e:
        campaign.finish_mission(p, finished("airlock", {"hale": alive()}, None), {})
    assert e.value.code == "mission_not_over"
    with pytest.raises(RuleError) as e:
        Game.new("station", mission="tutorial", survivors=["hale"], carry={"lin": {"xp": 1}})
    assert e.value.code == "bad_carry"
    with pytest.raises(RuleError) as e:
        Game.new("station", mission="tutorial", survivors=["hale"], carry={"hale": {"xp": "x"}})
    assert e.value.code == "bad_carry"


def test_endless_run_rises_and_falls():
    from engine.station import endless

    run = endless.start(["hale", "lin"], seed=4)
    first = endless.next_game(run)
    assert first["mission"] == "random" and first["undo"] == "ironman"
    g = Game.new(**first)
    assert g.summary()["mission"] == "random"
    sizes = [endless.stage_settings(n) for n in range(8)]
    assert sizes[0] == ("small", 1) and sizes[-1] == ("huge", 4)
    assert [d for _, d in sizes] == sorted(d for _, d in sizes)
    won = {"outcome": "won", "score": 40, "round": 6, "survivors": {"hale": alive(), "lin": DEAD}}
    run = endless.finish_stage(run, won, {})
    assert run.stage == 1 and run.outcome is None and run.score == 40
    assert endless.next_game(run)["survivors"] == ["hale"]
    assert endless.next_game(run)["seed"] != first["seed"]
    lost = {"outcome": "lost", "score": 3, "round": 9, "survivors": {"hale": DEAD}}
    run = endless.finish_stage(run, lost, {})
    assert run.outcome == "lost" and run.score == 43 and run.rounds == 15
    with pytest.raises(RuleError):
        endless.next_game(run)


# ST-1.3: the default for two players is two survivors each: `players` may be a number
# (as `--players 2` on the command line); with no survivors named the roster grows to two
# per player (at most six), and the survivors are dealt out in seat order.
@pytest.mark.parametrize(
    "players, survivors, dealt",
    [
        (2, None, {"vega": 1, "okafor": 1, "lin": 2, "ruiz": 2}),
        ("2", None, {"vega": 1, "okafor": 1, "lin": 2, "ruiz": 2}),
        ("3", None, {"vega": 1, "okafor": 1, "lin": 2, "ruiz": 2, "hale": 3, "mori": 3}),
        (2, ["hale", "mori", "lin"], {"hale": 1, "mori": 1, "lin": 2}),
        ("1", None, {"vega": 1, "okafor": 1}),
    ],
)
def test_ST_1_3_two_players_default_to_two_survivors_each(players, survivors, dealt):
    g = Game.new("station", mission="tutorial", seed=1, survivors=survivors, players=players)
    assert g.view("players")["players"] == dealt
    assert list(g.summary()["survivors"]) == list(dealt)
    with pytest.raises(RuleError) as e:
        Game.new("station", mission="tutorial", survivors=["vega"], players=2)
    assert e.value.code == "bad_players"


def test_ST_1_3_hot_seat_players_control_their_survivors():
    g = Game.new(
        "station", mission="tutorial", seed=1, survivors=["vega", "okafor", "lin"],
        players="vega:1,okafor:2,lin:1",
    )  # fmt: skip
    assert g.view("players")["players"] == {"vega": 1, "okafor": 2, "lin": 1}
    assert Game.new("station", mission="tutorial", seed=1).view()["players"] == {
        "vega": 1,
        "okafor": 1,
    }
    for bad in ["vega:1", "vega:1,okafor:9", "vega:1,okafor:x", "hale:1,vega:1,okafor:2"]:
        with pytest.raises(RuleError) as e:
            Game.new("station", mission="tutorial", players=bad)
        assert e.value.code == "bad_players"
    with pytest.raises(RuleError) as e:
        Game.new("station", mission="tutorial", colour="red")
    assert e.value.code == "bad_option"
