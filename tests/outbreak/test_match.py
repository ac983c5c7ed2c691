"""Outbreak matches (house rules): several games, a running score table."""

from __future__ import annotations

import msgspec
import pytest

from engine import Game, RuleError
from engine.outbreak import match


def finished(kwargs: dict) -> dict:
    g = Game.new(**kwargs)
    while (command := g.bot_command()) is not None:
        g.submit(command)
    return g.summary()


def test_a_match_rotates_the_first_seat_and_keeps_the_seat_names():
    m = match.start("ann:bot,bot,cy:bot", games=3, seed=40)
    first = match.next_game(m)
    assert first == {
        "mode": "outbreak",
        "mission": "standard",
        "seed": 40,
        "seats": ["ann:bot", "p2:bot", "cy:bot"],
        "undo": "casual",
    }
    m = match.finish_game(m, finished(first))
    second = match.next_game(m)
    assert second["seats"] == ["p2:bot", "cy:bot", "ann:bot"]
    assert second["seed"] != first["seed"]


def test_a_match_of_bots_to_the_end_with_its_table():
    m = match.start("bot,bot", games=2, seed=3)
    summaries = []
    while not m.over:
        summaries.append(finished(match.next_game(m)))
        m = match.finish_game(m, summaries[-1])
    assert m.over and m.played == 2
    rows = match.table(m)
    assert {r["seat"] for r in rows} == {"p1", "p2"}
    assert sum(r["wins"] for r in rows) == sum(s["outcome"] == "won" for s in summaries)
    for r in rows:
        assert r["wins"] == r["helipad_wins"] + r["kill_wins"]
        assert r["kills"] == sum(s["seats"][r["seat"]]["kills"] for s in summaries)
        expected = sum(
            (3 if s["winner"] == r["seat"] else 0) + s["seats"][r["seat"]]["kills"] // 10
            for s in summaries
        )
        assert r["points"] == expected and r["games"] == 2
    assert rows[0]["points"] >= rows[1]["points"]
    assert match.leaders(m)[0] == rows[0]["seat"]
    with pytest.raises(RuleError) as err:
        match.next_game(m)
    assert err.value.code == "match_over"


def test_the_table_ranks_points_then_wins_then_kills():
    m = match.start("ann:human,bob:human,cy:human", games=3)
    results = (
        match.GameResult(("ann", "bob", "cy"), "won", "bob", "helipad", 9, {"ann": 12, "bob": 3, "cy": 0}),
        match.GameResult(("bob", "cy", "ann"), "won", "ann", "kills", 14, {"ann": 25, "bob": 4, "cy": 9}),
    )  # fmt: skip
    m = msgspec.structs.replace(m, results=results)
    rows = match.table(m)
    assert [(r["seat"], r["points"], r["wins"], r["kills"]) for r in rows] == [
        ("ann", 1 + 3 + 2, 1, 37),
        ("bob", 3, 1, 7),
        ("cy", 0, 0, 9),
    ]
    assert match.leaders(m) == ["ann"] and not m.over


def test_only_the_matchs_next_finished_game_counts():
    m = match.start("bot,bot", games=1, seed=1)
    g = Game.new(**match.next_game(m))
    with pytest.raises(RuleError) as err:
        match.finish_game(m, g.summary())
    assert err.value.code == "game_not_over"
    other = finished({"mode": "outbreak", "seed": 1, "seats": "bot,bot,bot"})
    with pytest.raises(RuleError) as err:
        match.finish_game(m, other)
    assert err.value.code == "wrong_game"


def test_a_match_survives_msgpack_like_a_campaign_record():
    m = match.start("ann:human,bot", games=2, seed=5)
    m = msgspec.structs.replace(
        m, results=(match.GameResult(("ann", "p2"), "lost", None, None, 30, {"ann": 4, "p2": 2}),)
    )
    back = msgspec.msgpack.decode(msgspec.msgpack.encode(m), type=match.Match)
    assert back == m and match.table(back) == match.table(m)


@pytest.mark.parametrize("games", [0, 21, "3", True])
def test_bad_match_settings(games):
    with pytest.raises(RuleError) as err:
        match.start("bot,bot", games=games)
    assert err.value.code == "bad_games"
    with pytest.raises(RuleError) as err:
        match.start("bot", games=2)
    assert err.value.code == "bad_seats"
