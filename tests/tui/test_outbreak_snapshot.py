"""SVG snapshots of Outbreak at 80x24 (pytest-textual-snapshot; update with
--snapshot-update after a deliberate change, and look at the SVGs before
committing them): a town of several tiles with the drawn tile's preview,
the places it fits, the seats, the turn and the person's hand."""

from __future__ import annotations

from engine import Game
from engine.outbreak.bot import choose
from tui.app import ShambleApp


def town_in_round_three() -> Game:
    """Ann (a person) against two bots, played by the bot's choices to her
    third turn, the tile drawn and waiting to be laid."""
    game = Game.new("outbreak", seed=21, seats="ann:human,bot,bot")
    while not (game.summary()["round"] == 3 and game.summary()["phase"] == "tile"):
        sid = game.state.to_act
        game.submit(choose(game.view(sid)))
    return game


def test_outbreak_tile_snapshot(snap_compare):
    app = ShambleApp(game=town_in_round_three(), autosave=False)
    assert snap_compare(app, terminal_size=(80, 24))
