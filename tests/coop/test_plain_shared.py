"""Shared games in plain mode (issues 30 and 31): plain players in separate
processes at a real host's table talk, hand the turn over in words, and each
hears only what their own seat may know."""

from __future__ import annotations

import re

import pytest

from tests.coop.conftest import CoopPlace
from tests.coop.plain_player import PlainPlayer


@pytest.fixture
def outbreak(place: CoopPlace):
    """An Outbreak table of two people (seed 3: Player 1 holds Lucky Find)."""
    name = place.host("--mode", "outbreak", "--seats", "human,human", "--seed", "3")
    ann = PlainPlayer(place, name, "ann")
    ann.wait_for("Your turn, Player 1.")
    bob = PlainPlayer(place, name, "bob")
    bob.wait_for("Waiting for Player 1 (root.ann)")
    ann.wait_for("root.bob came to the table and sits at Player 2.")
    return name, ann, bob


def test_plain_players_talk_in_order_with_their_names(outbreak):
    """OB talk (issue 31): given two plain players at a table, when one says
    three lines, the other prints them in order with name and seat, marked
    apart from the story; the answer comes back the same way."""
    _, ann, bob = outbreak
    for line in ("one", "two", "three"):
        ann.ask(f"say {line}")
    heard = bob.wait_for("says: three")
    said = re.findall(r"^(.*) says: (.*)$", heard, re.M)
    assert said == [("root.ann (Player 1)", "one"), ("root.ann (Player 1)", "two"),
                    ("root.ann (Player 1)", "three")]  # fmt: skip
    bob.ask("'I take the road north")
    ann.wait_for("root.bob (Player 2) says: I take the road north")
    bob.ask("mute ann")  # only the host's account may
    bob.wait_for("Not done: only the host may mute")
    ann.ask("who")
    table = ann.wait_for("The table of")
    assert re.search(r"Player 1: root\.ann, here since \d\d:\d\d, you; to act now\.", table)
    assert re.search(r"Player 2: root\.bob, here since \d\d:\d\d\.", table)


def test_a_line_with_escape_sequences_prints_inert(outbreak):
    """Issue 31 safe text: a line holding ESC, CSI, OSC, BEL and CR reaches
    the other plain terminal as plain words, with no control byte at all."""
    _, ann, bob = outbreak
    ann.ask("say hi\x1b[2J\x1b[31mred\x1b]0;owned\x07 there\r\x1bcdone\x07")
    bob.wait_for("root.ann (Player 1) says: hired theredone")
    raw = bob.raw()
    assert not re.search(rb"[\x00-\x08\x0b-\x1f\x7f]", raw), raw[-400:]
    assert "\x9b" not in bob.text() and "owned" not in bob.text()


def test_the_turn_is_handed_over_in_words_and_nothing_secret_leaks(outbreak):
    """OB-10 / K-7 through plain terminals: given Player 1 (ann) and Player 2
    (bob), when ann plays Lucky Find, she hears the two cards by name and bob
    hears only that she drew two; when ann's turn ends bob is told "Your
    turn" once, and ann whom she waits for."""
    _, ann, bob = outbreak
    start = len(bob.text())
    ann.ask("lucky find")
    drawn = re.search(r"You draw (.+), (.+)\.", ann.wait_for("You draw "))
    assert drawn is not None
    told = bob.wait_for("Player 1 plays Lucky Find: draws 2 cards.", start)
    assert "You draw" not in told
    for _ in range(60):  # what the rules offer first, until the turn is Player 2's
        if "Your turn, Player 2." in bob.text():
            break
        ann.ask("what")
        ann.ask("1")
    after = bob.wait_for("Your turn, Player 2.", start)
    assert after.count("Your turn, Player 2.") == 1
    assert "Waiting for Player 2 (root.bob)." in ann.text()
    # nothing ann's seat alone may know reached bob: the names of her draws
    # appear in his lines only where the table saw them played or discarded
    for card in drawn.groups():
        lines = [x for x in bob.text().splitlines() if card in x]
        assert all(re.search(r"plays|discard", x) for x in lines), lines
    bob.ask("what")
    assert "Draw the tile" in bob.text() or "1." in bob.text()[len(after) :]
    assert "Nothing to do now" not in bob.text()[len(after) :]


def test_a_watcher_hears_the_table_and_talks_but_cannot_play(outbreak, place):
    """Watching (issue 31): `shamble --plain watch NAME` takes no seat, is
    told as the spectator is, talks, and is refused any move."""
    name, ann, bob = outbreak
    carol = PlainPlayer(place, name, "carol", "watch")
    carol.wait_for("You are watching")
    ann.wait_for("root.carol came to watch.")
    ann.ask("lucky find")
    seen = carol.wait_for("Player 1 plays Lucky Find: draws 2 cards.")
    assert "You draw" not in seen
    carol.ask("say nice draw")
    bob.wait_for("root.carol (watching) says: nice draw")
    carol.ask("end turn")
    assert "You are watching" in carol.text()
    gone = carol.leave()
    assert "You left" in gone
    ann.wait_for("root.carol stopped watching.")


def test_every_line_is_plain_and_short(outbreak):
    """Issue 30: what a plain shared game prints has no escape sequence and no
    line of 120 characters or more."""
    _, ann, bob = outbreak
    ann.ask("lucky find")
    bob.wait_for("Player 1 plays Lucky Find: draws 2 cards.")
    for player in (ann, bob):
        text = player.leave()
        assert "\x1b" not in text
        assert max(len(x) for x in text.splitlines()) < 120


def test_a_plain_commander_never_hears_where_the_unseen_sniper_went(place):
    """SN hidden movement through plain terminals: given the sniper (ann) and
    a human commander (bob) at one table, when the sniper moves unseen and
    ends his turn, the commander hears that a move was made, not where, and
    is told once that it is his turn."""
    name = place.host("--mode", "sniper", "--mission", "village", "--commander", "human",
                      "--seed", "5")  # fmt: skip
    ann = PlainPlayer(place, name, "ann")
    ann.wait_for("Your turn, Sniper.")
    bob = PlainPlayer(place, name, "bob")
    bob.wait_for("Waiting for Sniper (root.ann)")
    ann.ask("move 2,6")
    ann.wait_for("You move 1 step to 2,6.")
    bob.wait_for("Sniper (root.ann) made a move.")
    ann.type("end turn")
    ann.wait_for("(yes or no)")
    ann.ask("yes")
    told = bob.wait_for("You draw an event card")
    assert len(re.findall(r"your turn", told, re.I)) == 1, told
    assert "2,6" not in bob.text()
    assert "Waiting for Commander (root.bob)." in ann.wait_for("Waiting for Commander")


def test_a_plain_watcher_reads_the_sniper_in_the_third_person(place):
    """SN at plain terminals (issue 32): given the sniper (ann) against the
    computer commander and a watcher (carol), when the sniper moves, ann
    reads "You move ..." and carol the same move told of him, "The sniper
    moves ...", with nothing said to her as "you" of the sniper."""
    name = place.host("--mode", "sniper", "--mission", "village", "--seed", "5")
    ann = PlainPlayer(place, name, "ann")
    ann.wait_for("Your turn, Sniper.")
    carol = PlainPlayer(place, name, "carol", "watch")
    carol.wait_for("You are watching")
    ann.ask("move 2,6")
    ann.wait_for("You move 1 step to 2,6.")
    told = carol.wait_for("The sniper moves 1 step to 2,6.")
    assert "You move" not in told and "Sniper (root.ann): The sniper" not in told
    carol.ask("board")  # the map around him: @ is the sniper, not "you"
    assert "you are @" not in carol.wait_for("the sniper is @:")
    ann.ask("board")
    ann.wait_for("you are @:")
    ann.leave()
    carol.leave()


def test_watchers_talk_among_themselves_once_the_host_sets_them_apart(place):
    """Issue 31 item 3 at plain terminals: the host's account types
    `watchers apart`; a watcher's line then reaches the other watcher,
    marked as the watchers' own, and neither player; `watchers together`
    gives the table one channel again."""
    name = place.host("--mission", "tutorial", "--players", "2", "--seed", "1")
    host = PlainPlayer(place, name, "host")
    host.wait_for("Your turn, Vega.")
    bob = PlainPlayer(place, name, "bob")
    bob.wait_for("Your turn, Lin.")
    carol = PlainPlayer(place, name, "carol", "watch")
    dee = PlainPlayer(place, name, "dee", "watch")
    carol.wait_for("You are watching")
    dee.wait_for("You are watching")
    host.wait_for("root.dee came to watch.")
    bob.ask("watchers apart")
    bob.wait_for("Not done: only the host may give the watchers a channel")
    host.ask("watchers apart")
    for someone in (host, bob, carol, dee):
        someone.wait_for("the players do not hear them")
    carol.ask("say she should search first")
    dee.wait_for("root.carol (watching) says to the watchers: she should search first")
    bob.ask("say I open the door")  # the players' lines still reach the watchers
    carol.wait_for("root.bob (Player 2) says: I open the door")
    host.wait_for("root.bob (Player 2) says: I open the door")
    assert "search first" not in host.text() + bob.text()
    host.ask("watchers together")
    carol.wait_for("the watchers talk with the whole table again")
    dee.ask("say hello players")
    host.wait_for("root.dee (watching) says: hello players")
    bob.wait_for("root.dee (watching) says: hello players")


def test_a_plain_player_joins_again_after_the_host_comes_back(place):
    """The host killed and resumed from its save: the plain player is told the
    connection closed, Enter joins again, and the table goes on with talk."""
    name = place.host("--mission", "tutorial", "--players", "2", "--seed", "1")
    ann = PlainPlayer(place, name, "ann")
    ann.wait_for("Your turn, Vega.")
    ann.ask("say before")
    ann.wait_for("says: before")
    place.kill_host(name)
    ann.wait_for("Press Enter to join it again")
    resumed = place.cli("host", "--bot-pace", "0", "--resume", name)
    assert resumed.returncode == 0, resumed.stderr
    place.hosts.add(place.host_pid(name))
    start = len(ann.text())
    ann.ask("")
    back = ann.wait_for("You joined", start)
    assert "Joining" in back
    ann.ask("say after")
    ann.wait_for("root.ann (Player 1) says: after", start)


def test_plain_players_stand_up_sit_down_and_hand_a_seat_to_the_bot(place):
    """The table's seats from the plain prompt: a player stands up, one who
    came to a full table sits down in the seat and is told it is their turn,
    and a seat handed to the bot is taken back."""
    name = place.host("--mission", "tutorial", "--players", "2", "--seed", "1")
    ann = PlainPlayer(place, name, "ann")
    ann.wait_for("Your turn, Vega.")
    bob = PlainPlayer(place, name, "bob")
    bob.wait_for("Your turn, Lin.")
    carol = PlainPlayer(place, name, "carol")  # every seat taken: she watches
    carol.wait_for("You are watching")
    carol.ask("sit 2")
    carol.wait_for("Refused: Player 2 is root.bob's seat")
    bob.ask("stand lin")
    bob.wait_for("You stood up from Player 2: it is open.")
    ann.wait_for("root.bob stood up: Player 2 is open.")
    start = len(carol.text())
    carol.ask("sit player 2")
    carol.wait_for("You sit at Player 2.", start)
    carol.wait_for("Your turn, Lin.", start)
    ann.wait_for("root.carol sat down at Player 2.")
    carol.ask("bot 2")
    ann.wait_for("The bot plays Player 2 for root.carol.")
    carol.ask("take 2")
    carol.wait_for("You play Player 2 again.")


def test_a_plain_siege_watcher_is_told_who_the_board_is_round(place):
    """Plain `board` at a real host: a watcher (carol, no seat) of ann's
    Siege is told which human the @ is by name, not "you are @", while ann
    at her seat is still told "you are @"."""
    name = place.host("--mode", "siege", "--seed", "3")
    ann = PlainPlayer(place, name, "ann")
    ann.wait_for("Your turn, Drifter.")
    carol = PlainPlayer(place, name, "carol", "watch")
    carol.wait_for("You are watching")
    carol.ask("board")
    told = carol.wait_for("@ is Drifter, the human in focus:")
    assert "you are @" not in told
    ann.ask("board")
    ann.wait_for("you are @:")
    ann.leave()
    carol.leave()
