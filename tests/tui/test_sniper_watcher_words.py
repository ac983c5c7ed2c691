"""A Sniper watcher reads the sniper in the third person (issue 32): "The
sniper moves 2 steps to 4,7.", where the sniper's own seat reads "You move
2 steps to 4,7.". Both are told the same events (the watcher's viewer is
the sniper's, K-7), so a watcher's story is the sniper's, worded of him,
and never more than the events and views a watcher is given hold. The
sniper's own seat of a shared game reads what he reads at his keyboard."""

from __future__ import annotations

import re

import pytest

from engine import Game
from engine.core.table import tag
from hosting.seats import bot_move
from saves import AutoSave, public, view_stream
from saves.view_stream import ViewFollower
from tests.public_folder import public_folder
from tui.modes.sniper import narrate, words
from tui.modes.sniper.play import SniperPlay
from tui.modes.sniper.voice import LINES, WATCHER, YOU
from tui.screens.coop_view import ViewGame

SECOND_PERSON = re.compile(r"\b(you|your|yours|yourself)\b", re.IGNORECASE)
CELL = re.compile(r"\b\d+,\d+\b")
UNIT_WORDS = re.compile(r"\b(?:(soldier|dog|vehicle) (\d+)|officer ([A-Z]))\b")
KINDS = {"soldier": "s", "dog": "d", "vehicle": "v"}


def named_units(text: str) -> set[str]:
    out = set()
    for m in UNIT_WORDS.finditer(text):
        out.add(KINDS[m.group(1)] + m.group(2) if m.group(1) else f"o{ord(m.group(3)) - 64}")
    return out


class SeatedView(ViewGame):
    """The same stream as the sniper's own seat of a shared game reads it."""

    @property
    def players_here(self) -> list[str]:
        return ["sniper"]


@pytest.fixture
def pub(tmp_path, monkeypatch):
    root = public_folder(tmp_path, monkeypatch)
    monkeypatch.setattr(view_stream, "LIMIT", 1 << 30)  # the whole game in one stream
    return root


@pytest.mark.parametrize("seed", [0, 3])
def test_sn12_a_watcher_reads_the_sniper_in_the_third_person_and_no_more_than_he_may(
    pub, tmp_path, seed
):
    # given a Sniper game against the computer commander, published by its
    # player's process as its watchers' stream (what `w` on the title reads)
    game = Game.new("sniper", seed=seed)
    save = tmp_path / "sniper-1.shamble"
    session = AutoSave.create(save, game, fsync=False)
    publisher = public.publish(game, save)
    assert publisher is not None and publisher.stream is not None
    follower = ViewFollower(publisher.view_path)
    watcher = SniperPlay(ViewGame(follower))
    seated = SniperPlay(SeatedView(follower))
    alone = SniperPlay(game)  # the sniper playing it at his own keyboard
    at_keys: list[str] = []
    assert (watcher.voice(), seated.voice()) == (WATCHER, YOU)
    drawn_cards: set[str] = set()  # the commander's event cards: in his hand, unseen
    played: set[str] = set()
    known: set[str] = set()  # every unit a watcher's view has shown so far
    told: list[tuple[list[str], list[str]]] = []

    # when the sniper bot plays the mission to its end, and after each of
    # its commands the watcher's terminal and the sniper's seat each tell
    # what the stream gained (as the watch screen does: tui/screens/watch.py)
    for _ in range(3000):
        if game.outcome is not None:
            break
        command = game.bot_command() or bot_move(game, {"sniper"}, eager=True)
        alone.drawn = (game.state, game.view("sniper"))  # the board he looked at
        events = game.submit(command)
        at_keys += alone.narrate(events)
        for e in events:
            if tag(e) == "event_card_drawn":
                drawn_cards.add(e.card)
            elif tag(e) == "event_played":
                played.add(e.card)
        for update in follower.poll().frames:
            before = follower.apply(update)
            known |= narrate.ids_in(before, follower.view)
            lines = watcher.tell(before, list(update.events))
            told.append((lines, seated.tell(before, list(update.events))))
            # then no watcher's line names a unit no view of his showed,
            # nor an event card of the commander's hand not played yet
            for line in lines:
                assert named_units(line) <= known, (line, known)
                for card in drawn_cards - played:
                    assert words.card(card) not in line.lower(), line
    assert game.outcome is not None

    # then a watcher never reads "you" for the sniper, where his seat does,
    # and reads the same story: line for line, the same cells and units
    watched = [line for lines, _ in told for line in lines]
    his = [line for _, lines in told for line in lines]
    assert len(watched) == len(his) and len(his) > 30
    assert not [line for line in watched if SECOND_PERSON.search(line)]
    assert sum(bool(SECOND_PERSON.search(line)) for line in his) > 10  # there was "you" to say
    for w, h in zip(watched, his, strict=True):
        assert CELL.findall(w) == CELL.findall(h) and named_units(w) == named_units(h), (w, h)
    assert any(line.startswith("The sniper moves ") for line in watched)
    # and his seat of a shared game reads what he reads alone at his keyboard
    # (the computer commander's whole turn with what changed in his sight)
    assert his == at_keys
    seen_move = re.compile(r"^(Soldier|Officer|Dog|Vehicle) \S+ (moves to|comes into sight)")
    assert any(seen_move.match(line) for line in watched)
    publisher.close()
    session.close()


def test_every_line_told_of_the_sniper_has_both_wordings_and_only_his_says_you():
    for key, (his, watchers) in LINES.items():
        assert SECOND_PERSON.search(his), key
        assert not SECOND_PERSON.search(watchers), key
        fields = set(re.findall(r"{(\w+)}", his))
        assert fields == set(re.findall(r"{(\w+)}", watchers)), key
