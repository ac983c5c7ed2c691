"""A game whose players hold secrets is published as its watcher's stream
(issue 32, saves/view_stream.py): built from the engine's table for the
watcher viewer (K-7), so no secret of the game reaches the public folder.
Each test plays a whole bot game with publishing on and reads every byte
the player's process put in the public folder."""

from __future__ import annotations

import os

import msgspec
import pytest

from engine import Game
from engine.core.table import tag
from engine.sniper.rules import visible_units
from engine.sniper.table import NOT_FOR_SNIPER
from hosting.seats import bot_move
from saves import AutoSave, public, view_stream
from tests.public_folder import public_folder


@pytest.fixture
def pub(tmp_path, monkeypatch):
    root = public_folder(tmp_path, monkeypatch)
    monkeypatch.setattr(view_stream, "LIMIT", 1 << 30)  # the whole game in one stream
    return root


def published(tmp_path, mode, **options):
    game = Game.new(mode, **options)
    save = tmp_path / f"{mode}-1.shamble"
    session = AutoSave.create(save, game, fsync=False)
    publisher = public.publish(game, save)
    assert publisher is not None and publisher.stream is not None
    return game, session, publisher


def play_out(game, seats, each):
    """Bots play the game to its end; each(events) after every command."""
    for _ in range(3000):
        if game.outcome is not None:
            return
        command = game.bot_command() or bot_move(game, seats, eager=True)
        assert command is not None, "the bots stopped before the game ended"
        each(game.submit(command))
    raise AssertionError("the game did not end")


def views(data: bytes) -> list[tuple[dict, list]]:
    """Each line of a stream as (the watcher's view then, the events told)."""
    out, view = [], {}
    for row in data.splitlines():
        line = msgspec.json.decode(row)
        if line["t"] == "start":
            view = line["view"]
            out.append((view, [e for t in line.get("recent", []) for e in t["events"]]))
        else:
            view = {k: v for k, v in view.items() if k not in line.get("gone", [])}
            view.update(line["changed"])
            out.append((view, line["events"]))
    return out


def public_bytes(root) -> dict[str, bytes]:
    return {str(p.relative_to(root)): p.read_bytes() for p in root.rglob("*") if p.is_file()}


def test_ob10_a_watched_outbreak_game_never_shows_a_hand_card_the_watcher_was_not_shown(
    pub, tmp_path
):
    # given an Outbreak game of three bots, published by its player's process
    game, session, publisher = published(tmp_path, "outbreak", seed=0, seats="bot,bot,bot")
    drawn: set[str] = set()
    shown: set[str] = set()
    leaks: list[str] = []
    most_secret = 0

    def each(events):
        nonlocal most_secret
        for e in events:
            kind = tag(e)
            if kind == "event_drawn":
                drawn.add(e.card)
            elif kind in ("event_played", "event_discarded"):
                shown.add(e.card)
            elif kind == "effect_gained":
                shown.add(e.effect)
        # a card some seat drew and no seat has shown yet is in a hand, unseen
        secret = drawn - shown
        most_secret = max(most_secret, len(secret))
        so_far = b"".join(public_bytes(pub).values())
        leaks.extend(card for card in secret if f'"{card}"'.encode() in so_far)

    # when the bots play it to the end
    play_out(game, set(), each)

    # then the public folder never named a card that was only in a hand
    assert most_secret >= 3  # there were secrets to keep, move after move
    assert leaks == []
    # and each line's view hides every hand and both piles, and a drawn card
    # is told as drawn, never by name
    lines = views(publisher.view_path.read_bytes())
    assert len(lines) == len(game.journal) + 1  # the start, then every command
    for view, events in lines:
        assert all(seat["hand"] is None for seat in view["seats"].values())
        assert view["event_pile"] is None and view["tile_pile"] is None
        assert "legal" not in view
        for e in events:
            if e["type"] in ("event_drawn", "event_returned"):
                assert e["card"] is None
            if e["type"] == "deck_shuffled":
                assert e["order"] is None
    # and the stream ends where the game is, as the watcher sees it
    assert lines[-1][0] == view_stream.watcher_view(game)
    assert not (pub / public.me() / "live" / "outbreak-1.shamble").exists()  # no log copy
    publisher.close()
    session.close()


def test_sn12_a_watched_sniper_game_shows_only_the_units_the_sniper_sees(pub, tmp_path):
    # given a Sniper game against the computer commander, published
    game, session, publisher = published(tmp_path, "sniper", seed=0)
    moments: list[tuple[int, dict[str, list[int]], set[str]]] = []
    commanders_business = 0

    def each(events):
        nonlocal commanders_business
        commanders_business += sum(tag(e) in NOT_FOR_SNIPER for e in events)
        seen = {u.id: list(u.at) for u in visible_units(game.world, game.state)}
        unseen = {u.id for u in game.state.units if u.alive and u.id not in seen}
        moments.append((len(game.journal), seen, unseen))

    # when the sniper bot plays the mission to its end
    play_out(game, {"sniper"}, each)

    # then each published view holds exactly the units the sniper saw then,
    # where he saw them, and none of those he did not
    lines = views(publisher.view_path.read_bytes())
    hidden_moments = 0
    for index, seen, unseen in moments:
        view, events = lines[index]
        units = {uid: u["at"] for uid, u in view["units"].items()}
        assert units == seen
        assert not unseen & set(units)
        hidden_moments += bool(unseen)
        # and no event tells of a unit's walk, alert or arrival he did not see
        assert not [e for e in events if e["type"] in NOT_FOR_SNIPER]
    assert hidden_moments > 10 and commanders_business > 10  # there was much to hide
    # and nothing of the commander's hand or his event cards is in it
    data = publisher.view_path.read_bytes()
    assert b"commander_hand" not in data
    for _, events in lines:
        for e in events:
            if e["type"] == "event_card_drawn":
                assert e.get("card") is None
    publisher.close()
    session.close()


def test_a_stream_past_its_limit_begins_again_and_a_follower_reads_it_again(
    pub, tmp_path, monkeypatch
):
    game, session, publisher = published(tmp_path, "outbreak", seed=1, seats="human,bot")
    (listed,) = public.live_games()
    assert listed.watchable and listed.view and listed.why_not == ""
    follower = public.follower_of(listed)
    assert follower.view == view_stream.watcher_view(game)
    monkeypatch.setattr(view_stream, "LIMIT", publisher.stream.size + 10)
    game.submit(game.bot_command() or bot_move(game, {"p1"}, eager=True))
    assert len(publisher.view_path.read_bytes().splitlines()) == 1  # a start line alone
    update = follower.poll()
    assert update.reloaded and follower.view == view_stream.watcher_view(game)
    follower.close()
    publisher.close()
    session.close()
    assert not publisher.view_path.exists()


def test_a_damaged_or_foreign_stream_is_refused_with_a_reason(pub, tmp_path):
    path = tmp_path / "x.view"
    path.write_bytes(b"not json\n")
    with pytest.raises(public.SaveError, match="damaged stream"):
        view_stream.ViewFollower(path)
    path.write_bytes(b"")
    with pytest.raises(public.SaveError, match="not a watcher's stream"):
        view_stream.ViewFollower(path)
    with pytest.raises(public.SaveError, match="not its player's own"):
        view_stream.ViewFollower(path, owner=os.geteuid() + 1)
