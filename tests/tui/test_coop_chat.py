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
