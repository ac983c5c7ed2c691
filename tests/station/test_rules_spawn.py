"""ST-6 spawn, ST-7.2 danger, ST-A the shipped zombie deck lines."""

from collections import Counter

import pytest

# Lin waits behind a closed door; spawned zombies neither see nor hear her and stay put.
SEALED = """
##############
#aaa+yyyzzz###
##############
#xx#
"""

CORRIDOR = """
#################
#aaabbbcccdddeee#
#################
#yy#xx#
"""

START_A = "[zones.a]\nstart = true\n"


def zombie(zone: str, kind: str = "walker", count: int = 1) -> str:
    return f'[[zombies]]\nzone = "{zone}"\nkind = "{kind}"\ncount = {count}\n'


def card(**lines: str) -> str:
    return "[[decks.zombie]]\n" + "".join(f"{k} = {v}\n" for k, v in lines.items())


# ST-6.1, ST-1.2: spawn zones draw in their spawn order, not in map order.
def test_ST_6_1_spawn_zones_draw_in_spawn_order(play):
    body = (
        START_A
        + "[zones.y]\nspawn = 2\n[zones.z]\nspawn = 1\n"
        + card(blue="{walker = 1}")
        + card(blue="{runner = 1}")
    )
    g = play(SEALED, body)
    g.act("end_turn", "lin")
    assert g.all_zombies() == {"z": {"walker": 1}, "y": {"runner": 1}}


# ST-6.1, ST-7.2: the line read is the current danger level's.
def test_ST_6_1_spawn_reads_the_danger_line(play):
    body = (
        START_A
        + "[zones.y]\nspawn = 1\n"
        + card(blue="{walker = 1}", yellow="{runner = 2}", orange="{dog = 3}", red="{jumper = 4}")
    )
    g = play(SEALED, body, danger_every_rounds=1)
    seen = []
    for _ in range(4):
        seen.append(g.summary()["danger"])
        g.act("end_turn", "lin")
    assert seen == ["blue", "yellow", "orange", "red"]
    assert g.zombies("y") == {"walker": 1, "runner": 2, "dog": 3, "jumper": 4}


# ST-6.2: "extra activation: runners": every runner on the board acts once more.
@pytest.mark.parametrize("line, after", [('{extra = "runners"}', "b"), ("{walker = 1}", "c")])
def test_ST_6_2_extra_activation_for_runners(play, line, after):
    body = START_A + "[zones.y]\nspawn = 1\n" + zombie("e", "runner") + card(blue=line)
    g = play(CORRIDOR, body)
    g.act("end_turn", "lin")
    assert g.zombies(after) == {"runner": 1}


# ST-6.2: an empty line spawns nothing.
def test_ST_6_2_empty_line_spawns_nothing(play):
    body = START_A + "[zones.y]\nspawn = 1\n" + card(blue="{}", yellow="{walker = 3}")
    g = play(SEALED, body)
    g.act("end_turn", "lin")
    assert g.all_zombies() == {}


# ST-6.3, ST-9.3: more zombies on the board than the mission limit loses the game;
# exactly the limit does not.
@pytest.mark.parametrize("limit, outcome", [(3, "lost"), (4, None)])
def test_ST_6_3_zombie_limit(play, limit, outcome):
    body = START_A + "[zones.y]\nspawn = 1\n" + zombie("z", count=3) + card(blue="{walker = 1}")
    g = play(SEALED, body, max_zombies=limit)
    g.act("end_turn", "lin")
    assert g.outcome == outcome
    assert g.summary()["outcome"] == outcome


# ST-7.2: danger rises with the round every R rounds, and stops at red.
@pytest.mark.parametrize(
    "every, levels",
    [
        (2, ["blue", "blue", "yellow", "yellow", "orange", "orange", "red", "red", "red"]),
        (0, ["blue"] * 5),
    ],
)
def test_ST_7_2_danger_by_round(play, every, levels):
    g = play(SEALED, START_A, danger_every_rounds=every)
    seen = []
    for _ in levels:
        seen.append(g.summary()["danger"])
        g.act("end_turn", "lin")
    assert seen == levels


SHIPPED = {
    "z01": ({"walker": 1}, {"walker": 2}, {"walker": 3}, {"walker": 4}),
    "z07": ({"walker": 2}, {"walker": 3}, {"walker": 4}, {"walker": 6}),
    "z11": ({"walker": 1}, {"walker": 1, "runner": 1}, {"walker": 2, "runner": 1},
            {"walker": 3, "runner": 2}),
    "z14": ({"runner": 1}, {"runner": 1}, {"runner": 2}, {"runner": 3}),
    "z17": ({"walker": 1}, {"dog": 1}, {"dog": 2}, {"dog": 3}),
    "z20": ({"jumper": 1}, {"jumper": 1}, {"jumper": 2}, {"jumper": 2}),
    "z23": ({"walker": 1}, {"armored": 1}, {"armored": 1}, {"armored": 2}),
    "z26": ({"walker": 2}, {"walker": 2, "armored": 1}, {"walker": 3, "armored": 1},
            {"walker": 4, "armored": 2}),
    "z28": ({}, {}, {}, {}),
    "z30": ({}, {"walker": 2}, {"walker": 4}, {"walker": 6, "runner": 1}),
}  # fmt: skip


# ST-A: the shipped zombie cards, read at blue, yellow, orange and red in turn.
@pytest.mark.parametrize("card_id", sorted(SHIPPED))
def test_ST_A_zombie_deck_lines(play, card_id):
    body = START_A + f'[zones.y]\nspawn = 1\n[decks]\nzombie = ["{card_id}"]\n'
    g = play(SEALED, body, danger_every_rounds=1)
    total: Counter = Counter()
    for line in SHIPPED[card_id]:
        g.act("end_turn", "lin")
        total.update(line)
        assert g.zombies("y") == dict(total)
    assert g.summary()["round"] == 5
