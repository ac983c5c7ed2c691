"""The kernel hands each mode its own options as given (a list stays a list),
and a mode's own default mission is played when none is named."""

import pytest

from engine import Game, RuleError


def test_default_mission_comes_from_the_mode():
    assert Game.new("tally").setup.mission == "plain"
    assert Game.new("station").setup.mission == "tutorial"


def test_typed_options_survive_a_save(tmp_path):
    g = Game.new("tally", seats=["ann:human", "bot"], rounds=3)
    assert g.setup.options == {"seats": ["ann:human", "bot"], "rounds": 3}
    g.submit({"type": "add", "n": 2})
    g.save(tmp_path / "t.shamble")
    back = Game.load(tmp_path / "t.shamble")
    assert back.setup.options == {"seats": ["ann:human", "bot"], "rounds": 3}
    assert back.state == g.state


def test_options_that_are_not_plain_data_are_refused():
    with pytest.raises(RuleError) as e:
        Game.new("tally", when=object())
    assert e.value.code == "bad_option"


def test_station_still_reads_its_options_given_as_numbers():
    g = Game.new("station", mission="random", seed=3, size="small", difficulty=2)
    assert g.summary()["mission"] == "random"


def test_a_driver_plays_the_bot_seats_between_commands():
    g = Game.new("tally", mission="bot")
    assert g.bot_command() is None
    g.submit({"type": "add", "n": 3})
    assert g.bot_command() is not None
    while (cmd := g.bot_command()) is not None:
        g.submit(cmd)
    assert g.summary()["total"] == 4
