"""Outbreak among several people at one keyboard (OB-10): each seat reads a
log of its own, and a card someone draws is named in that person's log
only ("You draw Fire Axe."); every other seat reads "Ann draws a card.".
A game of one person and bots reads the same one log it always did."""

from __future__ import annotations

from outbreak_keyplay import game_screen, hand_over, play_command, settle
from test_outbreak_screen import (
    BOB,
    HAND,
    yard,  # noqa: F401  (a fixture)
)

from engine import Game
from tui.app import ShambleApp
from tui.modes.outbreak.words import card_name
from tui.screens.dialogs import HandoverScreen
from tui.widgets.panels import MessageLog

ANN_DRAWS = "fire_axe"  # her draw step after Adrenaline: one card
BOB_DRAWS = ("chainsaw", "first_aid")  # his Lucky Find: two at once
PILE = HAND + BOB + (ANN_DRAWS, *BOB_DRAWS) + ("lots_of_ammo",) * 10
ANN_SEES = f"You draw {card_name(ANN_DRAWS)}."
BOB_SEES = f"You draw {card_name(BOB_DRAWS[0])}, {card_name(BOB_DRAWS[1])}."


def log(app) -> list[str]:
    return list(game_screen(app).query_one(MessageLog).lines)


def kept(app, sid: str) -> list[str]:
    """The log of a seat away from the keyboard, as it will read it again."""
    return list(game_screen(app).logs[sid])


async def sit(pilot, name: str) -> None:
    await settle(pilot)
    assert isinstance(pilot.app.screen, HandoverScreen), pilot.app.screen
    assert name in str(pilot.app.screen.query_one("#question").render())
    assert await hand_over(pilot)


async def play_turn(pilot, game: Game, card: str | None) -> None:
    """A card (or none), the tile, no walk, the turn ended keeping the cards."""
    if card:
        await play_command(pilot, game, {"type": "play_event", "card": card})
    while game.commands and not game.outcome:
        await settle(pilot)
        if isinstance(pilot.app.screen, HandoverScreen):
            return  # the next person (or the one laying the tile) takes the keyboard
        legal = game_screen(pilot.app).legal
        kinds = {c["type"]: c for c in reversed(legal) if not c.get("discard")}
        for kind in ("draw_tile", "place_tile", "end_move", "end_turn"):
            if kind in kinds:
                await play_command(pilot, game, kinds[kind])
                break
        else:
            raise AssertionError(f"no way on in {legal}")


def never_names(lines: list[str], cards: tuple[str, ...], who: str) -> None:
    """Not one line of a log names the other seat's drawn cards."""
    for line in lines:
        assert not line.startswith("You draw"), line
        assert not any(card_name(c) in line for c in cards), line
    assert drew(lines, who, "a card") or drew(lines, who, "2 cards"), lines


def drew(lines: list[str], who: str, what: str) -> bool:
    """A line of `who`'s says they drew `what` (unnamed): "Ann lays the
    Corner ...; draws a card.", "Bob plays Lucky Find: draws 2 cards."."""
    return any(line.startswith(f"{who} ") and f"draws {what}" in line for line in lines)


async def test_ob10_each_seat_reads_its_own_draws_by_name_and_no_one_elses(yard):  # noqa: F811
    game = yard(seats="ann:human,bob:human", dice=[1, 1, 1, 1, 1, 1], event_pile=PILE)
    app = ShambleApp(game=game, autosave=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await sit(pilot, "Ann")
        await play_command(pilot, game, {"type": "play_event", "card": "adrenaline"})
        await pilot.press("ctrl+z")  # taken back: Bob reads that too, when he sits down
        await pilot.pause()
        assert log(app)[-1] == "Undone." and not game.commands
        await play_turn(pilot, game, "adrenaline")
        anns = kept(app, "ann")  # the handover is up: the board and log are covered
        assert ANN_SEES in anns  # her own draw, named as it happens
        assert "Ann draws a card." not in anns
        await sit(pilot, "Bob")
        bobs = log(app)
        assert drew(bobs, "Ann", "a card")
        played = [i for i, line in enumerate(bobs) if line == "Ann plays Adrenaline."]
        assert len(played) == 2 and bobs[played[0] + 1] == "Undone."
        never_names(bobs, (ANN_DRAWS,), "Ann")
        await play_turn(pilot, game, "lucky_find")
        bobs = kept(app, "bob")
        assert BOB_SEES in bobs and "Bob draws 2 cards." not in bobs
        never_names([line for line in bobs if line != BOB_SEES], (ANN_DRAWS,), "Ann")
        await sit(pilot, "Ann")  # back to Ann: her log, kept, and Bob's turn unnamed
        back = log(app)
        assert ANN_SEES in back and "Bob plays Lucky Find: draws 2 cards." in back
        assert drew(back, "Bob", "2 cards")
        never_names([line for line in back if line != ANN_SEES], BOB_DRAWS, "Bob")
        assert back[-1] == "Ann, your turn."
        await play_turn(pilot, game, None)  # her Fire Axe stays in her hand
        await sit(pilot, "Bob")  # and Bob again: still nothing of Ann's hand
        again = log(app)
        assert BOB_SEES in again
        never_names([line for line in again if line != BOB_SEES], (ANN_DRAWS,), "Ann")


async def test_a_resumed_hot_seat_game_tells_its_story_with_no_draw_named(yard):  # noqa: F811
    """What happened before anyone sat down is read by every seat."""
    game = yard(seats="ann:human,bob:human", dice=[1, 1, 1, 1], event_pile=PILE)
    app = ShambleApp(game=game, autosave=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await sit(pilot, "Ann")
        await play_turn(pilot, game, "adrenaline")
    again = ShambleApp(game=game, autosave=False)
    async with again.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        assert isinstance(again.screen, HandoverScreen)
        told = log(again)
        assert drew(told, "Ann", "a card") and ANN_SEES not in told
        await sit(pilot, "Bob")
        never_names(log(again), (ANN_DRAWS,), "Ann")


async def test_one_person_with_bots_still_reads_one_log_with_their_draws(yard):  # noqa: F811
    game = yard(seats="ann:human,bot", dice=[1, 1, 1, 1], event_pile=PILE)
    app = ShambleApp(game=game, autosave=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        screen = game_screen(app)
        await play_turn(pilot, game, "adrenaline")
        await settle(pilot)
        told = log(app)
        assert ANN_SEES in told and "Ann draws a card." not in told
        assert screen.at_keys is None and not screen.logs
