"""K-5 for every mode: a command with a field it does not have, or a field
longer than anything it could mean, is refused with a clear message, and the
save does not grow (engine/core/limits.py)."""

from __future__ import annotations

import pytest

from engine import Game, RuleError
from engine.core.limits import FEW, WORD
from saves import AutoSave

HUGE = "x" * 5_000_000

# per mode: (a legal command, a field of it that names something, a list field)
CASES = {
    "station": ({"type": "move", "survivor": "vega", "to": "b"}, "to",
                {"type": "manage", "survivor": "vega", "hand": [], "backpack": []}, "hand"),
    "siege": ({"type": "use", "human": "h1", "item": "medkit"}, "target",
              {"type": "drop", "human": "h1", "items": []}, "items"),
    "sniper": ({"type": "use", "card": "binoculars"}, "target",
               {"type": "move", "path": []}, "path"),
    "outbreak": ({"type": "choose", "option": "a"}, "option",
                 {"type": "place_tile", "at": [0, 0]}, "zombies"),
}  # fmt: skip


@pytest.fixture(params=sorted(CASES))
def saved(request, tmp_path):
    mode = request.param
    game = Game.new(mode, seed=3)
    save = AutoSave.create(tmp_path / "game.shamble", game, fsync=False)
    yield mode, game, save.path
    save.close()


def refused(game: Game, command: dict) -> str:
    before = (len(game.journal), game.state)
    with pytest.raises(RuleError) as e:
        game.submit(command)
    assert (len(game.journal), game.state) == before
    assert e.value.code == "bad_command"
    return str(e.value)


def test_a_bloated_or_unknown_field_is_refused_and_the_save_does_not_grow(saved):  # K-5
    mode, game, path = saved
    size = path.stat().st_size
    word, word_field, listed, list_field = CASES[mode]
    why = refused(game, {**word, word_field: HUGE})
    assert f"length <= {WORD}" in why and f"$.{word_field}" in why
    why = refused(game, {**listed, list_field: [[1, 1] if mode != "station" else "axe"] * 100})
    assert f"length <= {FEW}" in why and f"$.{list_field}" in why
    why = refused(game, {**word, "note": "remember me"})
    assert "unknown field" in why.lower() and "note" in why
    assert path.stat().st_size == size


def test_a_field_as_long_as_a_word_may_be_is_read_and_refused_by_the_rules(saved):  # K-5
    """At the bound the command is read, and refused for what it says."""
    mode, game, _ = saved
    word, word_field, _, _ = CASES[mode]
    with pytest.raises(RuleError) as e:
        game.submit({**word, word_field: "y" * WORD})
    assert "length <=" not in str(e.value)


def test_sniper_binoculars_take_no_target_and_no_cell():  # K-5, SN-A
    """An item is given only what it is aimed with: a name or a cell it would
    ignore is refused, not written into the save."""
    game = Game.new("sniper", seed=3)
    assert "takes no target" in refused(game, {"type": "use", "card": "binoculars", "target": "a"})
    assert "aimed at no cell" in refused(game, {"type": "use", "card": "binoculars", "at": [1, 1]})
    game.submit({"type": "use", "card": "binoculars"})
