"""Helpers for the Sniper scenario tests (RULES.md SN-*).

Every scenario writes a tiny mission inline: an ASCII map plus the TOML
tables it needs. `play` writes the file and starts a game with scripted dice
(K-3) and stacked decks; unless a test says otherwise the commander is a
hot-seat human (so the test gives his orders) and every deck is stacked
empty, so nothing is drawn that the test did not put there."""

from __future__ import annotations

import textwrap

import pytest

from engine import Game, RuleError

HEADER = """[mission]
id = "{id}"
name = "Scenario"
mode = "sniper"
turns = {turns}
map = '''
{map}
'''
"""


def mission_text(board: str, body: str = "", *, id: str = "scenario", turns: int = 12) -> str:
    """A whole mission file: [mission] with the map, then `body`. Unless the
    body says otherwise: one objective, no equipment drawn, every deck stacked
    and empty but the objectives (the map's first allowed objective is dealt)."""
    body = textwrap.dedent(body)
    if "[sniper]" not in body:
        body += "\n[sniper]\nobjectives = 1\ndraw_equipment = 0\n"
    if "[decks]" not in body:
        body += "\n[decks]\nshots = []\nevents = []\nequipment = []\n"
    head = HEADER.format(id=id, turns=turns, map=textwrap.dedent(board).strip("\n"))
    return head + body


class Scenario:
    """A Game plus the few words the scenarios use; anything else goes to the Game."""

    def __init__(self, game: Game) -> None:
        self.game = game

    def __getattr__(self, name: str):
        return getattr(self.game, name)

    # -- the sniper ------------------------------------------------------------------
    def move(self, *cells) -> list:
        return self.game.submit({"type": "move", "path": [list(c) for c in cells]})

    def shoot(self, target: str, suppressed: bool = False) -> list:
        return self.game.submit({"type": "shoot", "target": target, "suppressed": suppressed})

    def use(self, card: str, at=None, target: str | None = None) -> list:
        command: dict = {"type": "use", "card": card}
        if at is not None:
            command["at"] = list(at)
        if target is not None:
            command["target"] = target
        return self.game.submit(command)

    def end(self) -> list:
        return self.game.submit({"type": "end_turn"})

    # -- the commander (hot-seat) ------------------------------------------------------------
    def order(self, unit: str, to) -> list:
        return self.game.submit({"type": "order", "unit": unit, "to": list(to)})

    def event(self, card: str, at=None) -> list:
        command: dict = {"type": "event", "card": card}
        if at is not None:
            command["at"] = list(at)
        return self.game.submit(command)

    def round(self) -> list:
        """The sniper ends his turn, then the commander ends his."""
        out = self.end()
        if self.summary()["active"] == "commander":
            out += self.end()
        return out

    # -- reading -------------------------------------------------------------------------
    def refused(self, command: dict) -> str:
        """The code of a refused command; the game must be unchanged."""
        before = self.game.summary()
        with pytest.raises(RuleError) as e:
            self.game.submit(command)
        assert self.game.summary() == before
        return e.value.code

    @property
    def sniper(self) -> dict:
        return self.game.summary()["sniper"]

    def unit(self, uid: str) -> dict:
        return self.game.summary()["units"][uid]

    def at(self) -> tuple[int, int]:
        return tuple(self.sniper["at"])

    def types(self, events: list) -> list[str]:
        return [type(e).__name__ for e in events]


@pytest.fixture
def play(tmp_path):
    """play(board, body="", dice=(), commander="human", turns=12, seed=1, **options)."""

    def start(
        board: str,
        body: str = "",
        dice=(),
        commander: str = "human",
        turns: int = 12,
        seed: int = 1,
        undo: str = "casual",
        **options,
    ) -> Scenario:
        path = tmp_path / "scenario.toml"
        path.write_text(mission_text(board, body, turns=turns))
        game = Game.new(
            "sniper",
            mission=path,
            seed=seed,
            dice=list(dice),
            undo=undo,
            commander=commander,
            **options,
        )
        return Scenario(game)

    return start


@pytest.fixture
def write_mission(tmp_path):
    def write(text: str, name: str = "m.toml"):
        path = tmp_path / name
        path.write_text(textwrap.dedent(text).lstrip())
        return path

    return write
