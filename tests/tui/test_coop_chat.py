"""Talk at the table on the shared game screen (issue 31): `'` says a line
to everyone at a real host; another player's line (sent from their own
process) shows in the log with their name and seat, as plain words."""

from __future__ import annotations

from test_coop_screen import joined, log_text, script, until

from tests.coop.conftest import BOB, finish
from tui.app import ShambleApp
from tui.screens.coop_say import SayDialog


async def test_two_players_say_hello_both_ways_through_a_real_host(place):
    name = place.host("--mission", "tutorial", "--players", "2", "--seed", "1")
    app = ShambleApp(autosave=False)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await joined(pilot, name)
        assert "' says a line." in log_text(app)
        bob = place.join(
            BOB,
            name,
            "--script",
            script(
                place,
                "bob.jsonl",
                {"coop": "say", "text": "hi from bob\x1b[2J\x1b]0;owned\x07"},
                {"coop": "wait", "until": "said", "text": "hello bob"},
                {"coop": "say", "text": "got it"},
            ),
        )
        bobs = "uid60002 (Player 2) says: hi from bob"
        await until(pilot, lambda: bobs in log_text(app), "bob's line", timeout=60)
        assert "\x1b" not in log_text(app) and "owned" not in log_text(app)

        await pilot.press("apostrophe")
        await until(pilot, lambda: isinstance(app.screen, SayDialog), "the say dialog")
        await pilot.press(*"hello bob")
        await pilot.press("enter")
        mine = "root (Player 1) says: hello bob"
        await until(pilot, lambda: mine in log_text(app), "my own line", timeout=60)
        answer = "uid60002 (Player 2) says: got it"
        await until(pilot, lambda: answer in log_text(app), "bob's answer", timeout=60)
        lines = screen.client.chat
        spoken = [x.text for x in lines if x.kind == "say"]
        assert spoken == ["hi from bob", "hello bob", "got it"]  # in order, for everyone
        code, _out, err = finish(bob)
        assert code == 0, err

        # Escape says nothing
        await pilot.press("apostrophe")
        await until(pilot, lambda: isinstance(app.screen, SayDialog), "the say dialog")
        await pilot.press(*"never mind", "escape")
        await pilot.pause()
        assert "never mind" not in log_text(app)


async def test_the_host_sets_the_watchers_apart_from_the_say_line(place, monkeypatch):
    """Issue 31 on the full screen: the host's account types `/watchers
    apart` on the say line; the log says the watchers have a channel of
    their own, and a watcher's line then never reaches this player's log,
    while the watcher reads it as the watchers' own; `/watchers together`
    gives the table one channel again."""
    from hosting.client import Client

    name = place.host("--mission", "tutorial", "--players", "2", "--seed", "1")
    app = ShambleApp(autosave=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await joined(pilot, name)
        monkeypatch.setenv("SHAMBLE_PLAYER", "carol1")  # a watcher of another name
        carol = await Client.connect(name, watch=True)

        async def say_line(text: str) -> None:
            await pilot.press("apostrophe")
            await until(pilot, lambda: isinstance(app.screen, SayDialog), "the say dialog")
            await pilot.press(*text)
            await pilot.press("enter")

        await say_line("/watchers apart")
        await until(
            pilot, lambda: "the players do not hear them" in log_text(app), "the note", timeout=60
        )
        assert (await carol.say("psst, the key is in the archive")).ok
        await say_line("we go left")  # said after hers: had hers come, it came first
        await until(pilot, lambda: "says: we go left" in log_text(app), "my line", timeout=60)
        assert "psst" not in log_text(app)
        theirs = [x for x in carol.chat if x.text.startswith("psst")]
        assert [x.channel for x in theirs] == ["watchers"]
        await say_line("/watchers together")
        await until(
            pilot, lambda: "talk with the whole table again" in log_text(app), "the note", 60
        )
        assert (await carol.say("now you hear me")).ok
        await until(pilot, lambda: "says: now you hear me" in log_text(app), "hers", timeout=60)
        await carol.close()
