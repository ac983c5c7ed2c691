"""Helpers for the Station scenario tests (RULES.md ST-*).

Every scenario writes a tiny mission inline: an ASCII map plus the TOML
tables it needs (zones, doors, zombies, decks). `play` writes the file and
starts a game with scripted dice (K-3); the helpers read `summary()` only."""

from __future__ import annotations

import textwrap
from collections.abc import Callable

import msgspec
import pytest

from engine import Game, RuleError

HEADER = '''[mission]
id = "{id}"
name = "Scenario"
mode = "station"
max_zombies = {max_zombies}
danger_every_rounds = {danger_every_rounds}
hearing = {hearing}
round_limit = {round_limit}
win = [{win}]
map = """
{map}
"""
'''


def mission_text(
    board: str,
    body: str = "",
    *,
    id: str = "scenario",
    max_zombies: int = 40,
    danger_every_rounds: int = 0,
    hearing: int = 4,
    round_limit: int = 0,
    win: tuple[str, ...] = ("all_objectives", "all_in_exit"),
) -> str:
    """A whole mission file: the [mission] table with the map, then `body`.

    Scenario maps keep a sealed room `x` out of everyone's way; unless the
    body describes zone x itself, it is the mission's exit."""
    head = HEADER.format(
        id=id,
        max_zombies=max_zombies,
        danger_every_rounds=danger_every_rounds,
        hearing=hearing,
        round_limit=round_limit,
        win=", ".join(f'"{w}"' for w in win),
        map=textwrap.dedent(board).strip("\n"),
    )
    body = textwrap.dedent(body)
    board_text = textwrap.dedent(board)
    if "x" in board_text and "[zones.x]" not in body:
        body += "\n[zones.x]\nexit = true\n"
    return head + body


class Scenario:
    """A Game plus the few words the scenarios use; anything else goes to the Game."""

    def __init__(self, game: Game) -> None:
        self.game = game

    def __getattr__(self, name: str):
        return getattr(self.game, name)

    # -- commands ---------------------------------------------------------------
    def act(self, kind: str, survivor: str, **fields: object) -> list:
        """Submit one survivor command, e.g. g.act("move", "lin", to="b")."""
        return self.game.submit({"type": kind, "survivor": survivor, **fields})

    def choose(self, option: str) -> list:
        return self.game.submit({"type": "choose", "option": option})

    def refused(self, command: dict) -> str:
        """The command must be refused with a RuleError and change nothing; returns its code."""
        before = self.game.summary()
        events_before = len(self.game.events)
        with pytest.raises(RuleError) as err:
            self.game.submit(command)
        assert err.value.code, "a refusal carries a code"
        assert self.game.summary() == before, "a refused command changed the game"
        assert len(self.game.events) == events_before
        return err.value.code

    def refuses(self, kind: str, survivor: str, **fields: object) -> str:
        return self.refused({"type": kind, "survivor": survivor, **fields})

    # -- reading the summary ------------------------------------------------------
    def survivor(self, sid: str) -> dict:
        return self.game.summary()["survivors"][sid]

    def zombies(self, zone: str) -> dict[str, int]:
        """Zombie kinds and counts in a zone, zero counts left out."""
        got = self.game.summary()["zombies"].get(zone) or {}
        return {k: n for k, n in got.items() if n}

    def all_zombies(self) -> dict[str, dict[str, int]]:
        out = {}
        for zone, kinds in self.game.summary()["zombies"].items():
            kinds = {k: n for k, n in (kinds or {}).items() if n}
            if kinds:
                out[zone] = kinds
        return out

    def noise(self, zone: str) -> int:
        return self.game.summary()["noise"].get(zone) or 0

    def floor(self, zone: str) -> list[str]:
        return list(self.game.summary()["floor"].get(zone) or [])

    def events_of(self, kind: str, since: int = 0) -> list[dict]:
        """Events with the given type tag, as plain dicts."""
        out = []
        for ev in self.game.events[since:]:
            d = msgspec.to_builtins(ev)
            if d.get("type") == kind:
                out.append(d)
        return out


@pytest.fixture
def play(tmp_path) -> Callable[..., Scenario]:
    """play(board, body, survivors=[...], dice=[...], seed=.., undo=.., **mission) -> Scenario."""
    count = [0]

    def make(
        board: str,
        body: str = "",
        *,
        survivors: tuple[str, ...] | list[str] = ("lin",),
        dice: tuple[int, ...] | list[int] = (),
        seed: int = 1,
        undo: str = "casual",
        **mission: object,
    ) -> Scenario:
        count[0] += 1
        path = tmp_path / f"scenario{count[0]}.toml"
        path.write_text(mission_text(board, body, **mission), encoding="utf-8")
        game = Game.new(
            "station",
            mission=path,
            seed=seed,
            survivors=list(survivors),
            dice=list(dice),
            undo=undo,
        )
        return Scenario(game)

    return make


@pytest.fixture
def mission_file(tmp_path) -> Callable[..., object]:
    """mission_file(board, body, **mission) -> Path of the written mission."""

    def write(board: str, body: str = "", **mission: object):
        path = tmp_path / "mission.toml"
        path.write_text(mission_text(board, body, **mission), encoding="utf-8")
        return path

    return write
