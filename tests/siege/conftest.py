"""Helpers for the Siege scenario tests (RULES.md SI-*).

Every scenario writes a tiny mission inline: an ASCII map plus the TOML
tables it needs. `play` writes the file and starts a game with scripted
dice (K-3) and, unless told otherwise, a stacked search deck; the helpers
read `summary()` only."""

from __future__ import annotations

import textwrap
from collections.abc import Callable

import msgspec
import pytest

from engine import Game, RuleError

HEADER = '''[mission]
id = "{id}"
mode = "siege"
name = "Scenario"
turn_limit = {turn_limit}
win = "{win}"
map = """
{map}
"""
'''


def mission_text(
    board: str,
    body: str = "",
    *,
    id: str = "scenario",
    turn_limit: int = 0,
    win: str = "spots",
    search: tuple[str, ...] | None = ("axe", "pistol", "planks"),
) -> str:
    """A whole mission file: the [mission] table with the map, then `body`,
    then a stacked search deck unless the body has its own [decks]."""
    text = HEADER.format(
        id=id, turn_limit=turn_limit, win=win, map=textwrap.dedent(board).strip("\n")
    )
    body = textwrap.dedent(body)
    if search is not None and "[decks]" not in body:
        body += "\n[decks]\nsearch = [" + ", ".join(f'"{c}"' for c in search) + "]\n"
    return text + body


def plain(event) -> dict:
    """An event as JSON would carry it: cells and dice as lists."""
    return msgspec.json.decode(msgspec.json.encode(event))


class Scenario:
    """A Game plus the few words the scenarios use; anything else goes to the Game."""

    def __init__(self, game: Game) -> None:
        self.game = game

    def __getattr__(self, name: str):
        return getattr(self.game, name)

    # -- commands ---------------------------------------------------------------
    def act(self, kind: str, human: str, **fields: object) -> list[dict]:
        """Submit one human's command; returns its events as plain dicts."""
        events = self.game.submit({"type": kind, "human": human, **fields})
        return [plain(e) for e in events]

    def zombie(self, kind: str, **fields: object) -> list[dict]:
        events = self.game.submit({"type": kind, **fields})
        return [plain(e) for e in events]

    def choose(self, option: str) -> list[dict]:
        return [plain(e) for e in self.game.submit({"type": "choose", "option": option})]

    def refused(self, command: dict) -> str:
        """The command must be refused with a RuleError and change nothing; returns its code."""
        before = self.game.summary()
        state = self.game.state
        events_before = len(self.game.events)
        with pytest.raises(RuleError) as err:
            self.game.submit(command)
        assert err.value.code, "a refusal carries a code"
        assert self.game.summary() == before, "a refused command changed the game"
        assert self.game.state == state
        assert len(self.game.events) == events_before
        return err.value.code

    def refuses(self, kind: str, human: str, **fields: object) -> str:
        return self.refused({"type": kind, "human": human, **fields})

    # -- reading the summary ------------------------------------------------------
    def human(self, hid: str) -> dict:
        return self.game.summary()["humans"][hid]

    def at(self, hid: str) -> list[int] | None:
        return self.human(hid)["at"]

    def zombies(self) -> dict[str, list[int]]:
        return self.game.summary()["zombies"]

    def cell(self, x: int, y: int) -> str:
        return self.game.summary()["map"][y][x]

    def events_of(self, kind: str, since: int = 0) -> list[dict]:
        """Events with the given type tag, as plain dicts."""
        out = []
        for ev in self.game.events[since:]:
            d = plain(ev)
            if d.get("type") == kind:
                out.append(d)
        return out


@pytest.fixture
def play(tmp_path) -> Callable[..., Scenario]:
    """play(board, body, humans=[...], dice=[...], seed=.., zombies=.., **mission) -> Scenario."""
    count = [0]

    def make(
        board: str,
        body: str = "",
        *,
        humans: tuple[str, ...] | list[str] = ("drifter",),
        dice: tuple[int, ...] | list[int] = (),
        seed: int = 1,
        undo: str = "casual",
        zombies: str = "human",
        **mission: object,
    ) -> Scenario:
        count[0] += 1
        path = tmp_path / f"scenario{count[0]}.toml"
        path.write_text(mission_text(board, body, **mission), encoding="utf-8")
        game = Game.new(
            "siege",
            mission=path,
            seed=seed,
            survivors=list(humans),
            dice=list(dice),
            undo=undo,
            zombies=zombies,
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
