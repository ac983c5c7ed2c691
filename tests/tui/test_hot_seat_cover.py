"""OB-10, K-7 at one keyboard: when the keyboard passes from one person to
another, the screen is covered before anything in between (a bot's turn) is
shown, and a bot's turn between two people is drawn from nobody's hand.

Every frame the app paints is recorded (the whole screen as composed, from
`App._display`), so a hand that stays on screen while nothing repaints it
counts too: the frame before is still the one shown."""

from __future__ import annotations

from outbreak_keyplay import game_screen, hand_over, mission_file, play_command, settle

from engine import Game
from tui.app import ShambleApp
from tui.modes.outbreak.words import card_name
from tui.screens.dialogs import HandoverScreen

ANN = ("fire_axe", "chainsaw", "detour")  # her hand: she plays none of it
BOT = ("lots_of_ammo", "shotgun", "brain_cramp")
BOB = ("lucky_find", "stampede", "alternative_food_source")
PILE = ANN + BOT + BOB + ("lots_of_ammo",) * 12


async def play_turn(pilot, game: Game) -> None:
    """The tile, no walk, the turn ended keeping the cards: by keys, until the
    handover screen asks for the next person."""
    while not game.outcome:
        await settle(pilot)
        if isinstance(pilot.app.screen, HandoverScreen):
            return
        legal = game_screen(pilot.app).legal
        kinds = {c["type"]: c for c in reversed(legal) if not c.get("discard")}
        kind = next(k for k in ("draw_tile", "place_tile", "end_move", "end_turn") if k in kinds)
        await play_command(pilot, game, kinds[kind])


def record_frames(app, game: Game) -> list[tuple[int, str]]:
    """(commands made by then, the screen's text) for each frame painted."""
    frames: list[tuple[int, str]] = []
    display = app._display

    def recording(screen, renderable) -> None:  # noqa: ANN001
        if renderable is not None and not app._batch_count:
            strips = screen._compositor.render_strips()
            frames.append((len(game.commands), "\n".join(s.text for s in strips)))
        display(screen, renderable)

    app._display = recording
    return frames


async def test_ob10_from_anns_end_of_turn_to_her_next_no_frame_shows_her_cards(tmp_path):
    path = mission_file(tmp_path / "yard.toml", event_pile=PILE)
    game = Game.new(
        "outbreak", mission=path, seed=5, dice=[1] * 12, seats="ann:human,bot,bob:human"
    )
    app = ShambleApp(game=game, autosave=False)
    names = [card_name(c) for c in ANN]
    async with app.run_test(size=(80, 24)) as pilot:
        assert await hand_over(pilot)  # Ann sits down
        assert all(name in game_screen(app).query_one("#hand").render().plain for name in names)
        frames = record_frames(app, game)
        await play_turn(pilot, game)  # Ann's turn, to its end
        ended = next(
            i for i, c in enumerate(game.commands) if type(c).__name__ == "EndTurn"
        )  # her end of turn: the first made
        assert isinstance(app.screen, HandoverScreen) and "Bob" in app.screen.seat_name
        assert await hand_over(pilot)
        await play_turn(pilot, game)  # Bob's turn; then the bot's
        await settle(pilot)
        assert isinstance(app.screen, HandoverScreen) and "Ann" in app.screen.seat_name
        seen = [text for made, text in frames if made > ended]
        await hand_over(pilot)  # Ann is back: her cards show again
        await pilot.pause()
    assert seen, "no frame was painted between her turns"
    kinds = [type(c).__name__ for c in game.commands[ended + 1 :]]
    assert kinds.count("EndTurn") >= 2  # the bot's turn and Bob's came between
    for text in seen:
        for name in names:
            assert name not in text, f"{name} shows while Ann is away:\n{text}"
