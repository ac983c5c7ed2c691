"""ST-9 wounds, elimination, winning, losing and score; ST-2.3 the first player."""

import pytest

# a corridor: start a, objective b, exit c
RUN = """
############
#aaabbbccc##
#aaabbbccc##
############
"""


def zombie(zone: str, kind: str = "walker", count: int = 1) -> str:
    return f'[[zombies]]\nzone = "{zone}"\nkind = "{kind}"\ncount = {count}\n'


MARKS = "[zones.a]\nstart = true\n[zones.b]\nobjective = true\n[zones.c]\nexit = true\n"


# ST-9.2, ST-9.4: every objective taken and every living survivor in the exit with no
# zombie: won at once, scored 10 per objective, 1 per kill, 25 per living survivor.
def test_ST_9_2_won_when_objectives_taken_and_all_in_exit(play):
    g = play(RUN, MARKS)
    g.act("move", "lin", to="b")
    g.act("take_objective", "lin")
    assert g.outcome is None and g.summary()["round"] == 2
    g.act("move", "lin", to="c")
    s = g.summary()
    assert g.outcome == "won" and s["outcome"] == "won"
    assert s["score"] == 10 + 25
    g.refuses("move", "lin", to="b")  # the game is over


# ST-9.2: the exit alone is not enough while an objective is left.
def test_ST_9_2_not_won_with_an_objective_left(play):
    g = play(RUN, MARKS, survivors=["ruiz"])
    g.act("move", "ruiz", to="c")
    assert g.outcome is None


# ST-9.2: every living survivor must be in the exit.
def test_ST_9_2_every_living_survivor_must_reach_the_exit(play):
    g = play(RUN, MARKS, survivors=["ruiz", "lin"])
    g.act("move", "ruiz", to="b")
    g.act("take_objective", "ruiz")
    g.act("move", "lin", to="b")
    g.act("end_turn", "lin")
    g.act("move", "ruiz", to="c")
    assert g.outcome is None
    g.act("move", "lin", to="c")
    assert g.outcome == "won"
    assert g.summary()["score"] == 10 + 2 * 25


# ST-9.2: a zombie in the exit zone stops the win until it is killed (checked after
# each action).
def test_ST_9_2_zombie_in_the_exit_blocks_the_win(play):
    g = play(
        RUN,
        "[zones.a]\nstart = true\n[zones.c]\nexit = true\n" + zombie("c"),
        win=("all_in_exit",),
        dice=[6],
    )
    g.act("move", "lin", to="b")
    g.act("move", "lin", to="c")
    assert g.outcome is None
    assert g.survivor("lin")["wounds"] == 1  # the walker attacked in the zombie phase
    g.act("melee", "lin")
    assert g.outcome == "won"
    assert g.summary()["score"] == 1 + 25


# ST-9.1, ST-9.2: an eliminated survivor need not reach the exit; their cards stay on
# the floor where they fell.
def test_ST_9_1_the_fallen_drop_their_cards_and_the_rest_may_win(play):
    g = play(
        RUN,
        "[zones.a]\nstart = true\n[zones.c]\nexit = true\n" + zombie("a", count=2),
        survivors=["lin", "ruiz"],
        win=("all_in_exit",),
    )
    g.act("end_turn", "lin")
    g.act("move", "ruiz", to="b")
    g.act("end_turn", "ruiz")
    s = g.summary()
    assert s["survivors"]["lin"]["alive"] is False and s["survivors"]["lin"]["hand"] == []
    assert g.floor("a") == ["medkit"]
    g.refuses("move", "lin", to="b")  # the fallen do not act
    g.act("move", "ruiz", to="c")
    assert g.outcome == "won"
    assert g.summary()["score"] == 25


# ST-9.3, ST-9.4: the end of round N without a win loses; no survivor bonus then.
def test_ST_9_3_round_limit_loses(play):
    g = play(RUN, MARKS, round_limit=2)
    g.act("move", "lin", to="b")
    g.act("take_objective", "lin")
    assert g.outcome is None and g.summary()["round"] == 2
    g.act("end_turn", "lin")
    assert g.outcome == "lost"
    assert g.summary()["score"] == 10
    g.refuses("move", "lin", to="c")


# ST-9.3: every survivor eliminated loses.
def test_ST_9_3_all_eliminated_loses(play):
    g = play(RUN, MARKS + zombie("a", count=5), survivors=["lin", "ruiz"])
    g.act("end_turn", "lin")
    g.act("end_turn", "ruiz")
    assert g.outcome == "lost"
    assert not any(v["alive"] for v in g.summary()["survivors"].values())


# ST-9.1: wounds reaching max eliminate at once, whatever dealt them (a hull breach).
@pytest.mark.parametrize("sid, breaches", [("lin", 2), ("vega", 3)])
def test_ST_9_1_max_wounds_eliminate(play, sid, breaches):
    body = MARKS + '[decks]\nsearch = ["trap_breach"]\n'
    g = play(RUN, body, survivors=[sid, "hale"])
    for i in range(breaches):
        assert g.survivor(sid)["alive"]
        g.act("search", sid)
        if i < breaches - 1:
            g.act("end_turn", sid)
            g.act("end_turn", "hale")
    s = g.survivor(sid)
    assert (s["alive"], s["wounds"]) == (False, breaches)
    assert g.outcome is None  # Hale lives on


# ST-2.3: the first-player token passes to the next seat each round.
def test_ST_2_3_first_player_passes(play):
    g = play(RUN, MARKS, survivors=["lin", "vega", "hale"])
    firsts = []
    for _ in range(4):
        firsts.append(g.view("players")["first"])
        for sid in ("lin", "vega", "hale"):
            g.act("end_turn", sid)
    assert firsts == ["lin", "vega", "hale", "lin"]


# ST-2.3 (rules-notes): the first-player token skips eliminated survivors.
def test_ST_2_3_first_player_skips_the_fallen(play):
    body = MARKS + '[decks]\nsearch = ["trap_breach"]\n'
    g = play(RUN, body, survivors=["lin", "vega", "hale"])
    firsts = []
    for _ in range(4):
        firsts.append(g.view("players")["first"])
        if g.survivor("lin")["alive"]:
            g.act("search", "lin")
        for sid in ("lin", "vega", "hale"):
            if g.survivor(sid)["alive"] and sid not in g.summary()["done"]:
                g.act("end_turn", sid)
    assert g.survivor("lin")["alive"] is False
    assert firsts == ["lin", "vega", "hale", "vega"]
