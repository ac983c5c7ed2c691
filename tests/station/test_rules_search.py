"""ST-3.4 search, ST-8.2 every search outcome, ST-8.3 where a gained card goes."""

import pytest

CORRIDOR = """
#################
#aaabbbcccdddeee#
#aaabbbcccdddeee#
#################
#xx#
"""

START_A = "[zones.a]\nstart = true\n"


def zombie(zone: str, kind: str = "walker", count: int = 1) -> str:
    return f'[[zombies]]\nzone = "{zone}"\nkind = "{kind}"\ncount = {count}\n'


def decks(search: list[str], equipment: list[str] | None = None) -> str:
    out = "[decks]\nsearch = [" + ", ".join(f'"{c}"' for c in search) + "]\n"
    if equipment is not None:
        out += "equipment = [" + ", ".join(f'"{c}"' for c in equipment) + "]\n"
    return out


# ST-3.4: no search in a zone that holds zombies.
def test_ST_3_4_no_search_with_zombies_in_the_zone(play):
    g = play(
        CORRIDOR, START_A + zombie("a") + decks(["gear"], ["pistol"]), survivors=["lin", "vega"]
    )
    g.refuses("search", "lin")


# ST-3.4 (house): one search per survivor per round; the next round allows another.
def test_ST_3_4_search_once_per_round(play):
    g = play(
        CORRIDOR, START_A + decks(["gear"], ["knife", "baton", "stim"]), survivors=["vega", "lin"]
    )
    g.act("search", "vega")
    g.refuses("search", "vega")
    g.act("search", "lin")  # another survivor may still search
    g.act("end_turn", "lin")
    assert g.summary()["round"] == 2
    g.act("search", "vega")
    assert g.survivor("vega")["hand"] == ["wrench", "knife"]
    assert g.survivor("vega")["backpack"] == ["stim"]
    assert g.survivor("lin")["hand"] == ["medkit", "baton"]


# ST-8.2 gear, ST-8.3: the top equipment card goes to a free hand slot.
def test_ST_8_2_gear_draws_the_top_equipment_card(play):
    g = play(CORRIDOR, START_A + decks(["gear"], ["shotgun", "knife"]), survivors=["vega", "lin"])
    g.act("search", "vega")
    s = g.survivor("vega")
    assert s["hand"] == ["wrench", "shotgun"]
    assert [list(a) for a in s["ammo"]] == [["shotgun", 4]]  # weapons come loaded


# ST-8.2 ammo: refills the searcher's ranged weapons.
def test_ST_8_2_ammo_refills_ranged_weapons(play):
    g = play(
        CORRIDOR,
        START_A + zombie("b", count=3) + decks(["ammo"]),
        survivors=["okafor", "lin"],
        dice=[2, 2, 2],
    )
    g.act("ranged", "okafor", zone="b")
    assert [list(a) for a in g.survivor("okafor")["ammo"]] == [["pistol", 5]]
    g.act("search", "okafor")
    assert [list(a) for a in g.survivor("okafor")["ammo"]] == [["pistol", 6]]


# ST-8.2 trap, ambush: a walker spawns in the searcher's zone.
def test_ST_8_2_trap_ambush_spawns_a_walker(play):
    g = play(CORRIDOR, START_A + decks(["trap_ambush"]), survivors=["lin", "vega"])
    g.act("search", "lin")
    assert g.all_zombies() == {"a": {"walker": 1}}


# ST-8.2 trap, alarm: two noise tokens in the searcher's zone.
def test_ST_8_2_trap_alarm_makes_two_noise_tokens(play):
    g = play(CORRIDOR, START_A + decks(["trap_alarm"]), survivors=["lin", "vega"])
    g.act("search", "lin")
    assert g.noise("a") == 2


# ST-8.2 trap, hull breach: one wound to the searcher.
def test_ST_8_2_trap_breach_wounds_the_searcher(play):
    g = play(CORRIDOR, START_A + decks(["trap_breach"]), survivors=["vega", "lin"])
    g.act("search", "vega")
    assert g.survivor("vega")["wounds"] == 1
    assert g.survivor("lin")["wounds"] == 0


# ST-8.2 nothing: the action is spent and nothing else changes.
def test_ST_8_2_nothing_changes_nothing_but_the_action(play):
    g = play(CORRIDOR, START_A + decks(["nothing"]), survivors=["vega", "lin"])
    before = g.summary()
    g.act("search", "vega")
    after = g.summary()
    assert after["survivors"]["vega"]["actions_left"] == 1
    assert after["survivors"]["vega"]["hand"] == before["survivors"]["vega"]["hand"]
    assert after["zombies"] == before["zombies"] and after["noise"] == before["noise"]
    assert after["survivors"]["vega"]["wounds"] == 0


# ST-3.4: in a dangerous-search zone a zombie card is drawn after the search card and
# its line for the current danger level spawns there.
def test_ST_3_4_dangerous_search_spawns_a_zombie_card(play):
    body = (
        "[zones.a]\nstart = true\ndangerous = true\n"
        + decks(["nothing"])
        + "[[decks.zombie]]\nblue = {runner = 1}\nyellow = {walker = 5}\n"
    )
    g = play(CORRIDOR, body, survivors=["lin", "vega"])
    g.act("search", "lin")
    assert g.all_zombies() == {"a": {"runner": 1}}


# ST-3.4: a zone without the hazard mark does not draw a zombie card.
def test_ST_3_4_plain_search_draws_no_zombie_card(play):
    body = START_A + decks(["nothing"]) + "[[decks.zombie]]\nblue = {runner = 1}\n"
    g = play(CORRIDOR, body, survivors=["lin", "vega"])
    g.act("search", "lin")
    assert g.all_zombies() == {}


# ST-8.3: gained cards fill the hand, then the backpack, then fall to the zone floor.
def test_ST_8_3_gained_cards_hand_then_backpack_then_floor(play):
    cards = ["knife", "baton", "stim", "medkit", "keycard"]
    g = play(CORRIDOR, START_A + decks(["gear"], cards), survivors=["vega"])
    for _ in cards:
        g.act("search", "vega")
        g.act("end_turn", "vega")
    s = g.survivor("vega")
    assert s["hand"] == ["wrench", "knife"]
    assert s["backpack"] == ["baton", "stim", "medkit"]
    assert g.floor("a") == ["keycard"]


# ST-8.2, ST-3.4: a stacked search deck is drawn in order and then reshuffled (K-4):
# after the two stacked cards run out, the next search still finds one of them.
@pytest.mark.parametrize("seed", [1, 2])
def test_ST_8_2_search_deck_refills_from_its_discards(play, seed):
    g = play(CORRIDOR, START_A + decks(["trap_alarm", "nothing"]), survivors=["lin"], seed=seed)
    outcomes = []
    for _ in range(3):
        g.act("search", "lin")
        outcomes.append([e["card"] for e in g.events_of("searched")][-1])
        g.act("end_turn", "lin")
    assert outcomes[:2] == ["trap_alarm", "nothing"]
    assert outcomes[2] in ("trap_alarm", "nothing")


# ST-3.4, K-4, K-5: a stacked search deck that is empty, with no discards to refill it,
# cannot be searched, so legal_commands does not offer the search it would refuse.
def test_ST_3_4_no_search_offered_from_an_empty_stacked_deck(play):
    g = play(CORRIDOR, START_A + decks([]), survivors=["vega", "lin"])
    assert not [c for c in g.legal_commands() if type(c).__name__ == "Search"]
    assert g.refuses("search", "vega") == "deck_empty"
    g.act("move", "vega", to="b")  # everything else is still on offer
