"""Helpers for the Outbreak scenario tests (RULES.md OB-*).

A scenario writes a small mission inline: tiles laid around Town Square,
zombies and tokens on cells, and stacked tile and event piles, so the order
of everything drawn is fixed; dice are scripted (K-3). The helpers read
`summary()` only."""

from __future__ import annotations

import pytest

from engine import Game, RuleError


def mission_text(
    tiles: tuple = (),
    zombies: tuple = (),
    tokens: tuple = (),
    tile_pile: list[str] | None = (),
    event_pile: list[str] | None = (),
    kills_to_win: int = 25,
    round_limit: int = 0,
) -> str:
    """A mission file. `tiles` are (tile, [tx, ty], rotation); piles default to
    empty lists (nothing to draw); None leaves a pile to the shuffle."""
    lines = [
        "[mission]",
        'id = "scenario"',
        'mode = "outbreak"',
        f"kills_to_win = {kills_to_win}",
        f"round_limit = {round_limit}",
    ]
    for tid, at, rotation in tiles:
        lines += ["[[tiles]]", f'tile = "{tid}"', f"at = {list(at)}", f"rotation = {rotation}"]
    for cell in zombies:
        lines += ["[[zombies]]", f"cell = {list(cell)}"]
    for x, y, kind in tokens:
        lines += ["[[tokens]]", f"cell = [{x}, {y}]", f'kind = "{kind}"']
    decks = []
    if tile_pile is not None:
        decks.append("tiles = [" + ", ".join(f'"{t}"' for t in tile_pile) + "]")
    if event_pile is not None:
        decks.append("events = [" + ", ".join(f'"{e}"' for e in event_pile) + "]")
    if decks:
        lines += ["[decks]", *decks]
    return "\n".join(lines) + "\n"


class Scenario:
    """A Game plus the few words the scenarios use; anything else goes to the Game."""

    def __init__(self, game: Game) -> None:
        self.game = game

    def __getattr__(self, name: str):
        return getattr(self.game, name)

    # -- commands ---------------------------------------------------------------
    def do(self, kind: str, **fields: object) -> list:
        return self.game.submit({"type": kind, **fields})

    def draw(self) -> list:
        return self.do("draw_tile")

    def place(self, at, rotation: int = 0, **fields) -> list:
        return self.do("place_tile", at=list(at), rotation=rotation, **fields)

    def move(self, *cells) -> list:
        out = []
        for cell in cells:
            out += self.do("move", to=list(cell))
        return out

    def end_move(self) -> list:
        return self.do("end_move")

    def end_turn(self, discard: str | None = None) -> list:
        return self.do("end_turn", **({"discard": discard} if discard else {}))

    def choose(self, option: str) -> list:
        return self.do("choose", option=option)

    def play(self, card: str, **fields) -> list:
        return self.do("play_event", card=card, **fields)

    def pass_turn(self) -> None:
        """From the event step with nothing to draw: through to the next seat."""
        self.draw()
        while self.summary()["pending"] is not None:
            self.choose(self.summary()["pending"]["options"][0])
        if self.summary()["phase"] == "move":
            self.end_move()
        self.end_turn()

    def refused(self, command: dict) -> str:
        """The command must be refused and change nothing; returns its code."""
        before = self.game.summary()
        count = len(self.game.events)
        with pytest.raises(RuleError) as err:
            self.game.submit(command)
        assert self.game.summary() == before, "a refused command changed the game"
        assert len(self.game.events) == count
        return err.value.code

    def refuses(self, kind: str, **fields) -> str:
        return self.refused({"type": kind, **fields})

    # -- reading ----------------------------------------------------------------
    def seat(self, sid: str) -> dict:
        return self.game.summary()["seats"][sid]

    def types(self, events: list) -> list[str]:
        return [type(e).__struct_config__.tag for e in events]


@pytest.fixture
def mission_path(tmp_path):
    """mission_path(**mission) -> the path of a mission file written from mission_text."""

    def write(**kw):
        path = tmp_path / "scenario.toml"
        path.write_text(mission_text(**kw))
        return path

    return write


@pytest.fixture
def scenario(mission_path):
    """scenario(dice=[...], seats="ann:human,bob:human", options={variant: value},
    **mission) -> Scenario."""

    def make(
        dice=(),
        seats="ann:human,bob:human",
        seed: int = 1,
        undo: str = "casual",
        options: dict | None = None,
        **kw,
    ):
        game = Game.new(
            "outbreak",
            mission=mission_path(**kw),
            seed=seed,
            dice=list(dice),
            seats=seats,
            undo=undo,
            **(options or {}),
        )
        return Scenario(game)

    return make
