"""A shared game's talk in its replay (issue 31): `replay --view` shows each
line said at the table at the moment it was said; the save is the same game
with or without its talk."""

from __future__ import annotations

from test_replay_screen import log, played, replaying, saved, started

from hosting.chat import Talk, chat_file


async def test_each_line_is_shown_at_the_moment_it_was_said(home):
    game = played(frames=6)
    path = saved(home, game, "table-1")
    talk = Talk(chat_file(home, "table-1"))
    talk.say("alice", "let us begin", "Player 1", at=0)
    talk.say("bob", "after the third step", "Player 2", at=3)
    app = replaying(path, 0)
    async with app.run_test(size=(80, 24)) as pilot:
        await started(pilot)
        assert "alice (Player 1) says: let us begin" in log(app)
        assert not any("after the third step" in x for x in log(app))
        for _ in range(2):
            await pilot.press("full_stop")
        assert not any("after the third step" in x for x in log(app))
        await pilot.press("full_stop")
        await pilot.pause()
        assert log(app)[-1] == "bob (Player 2) says: after the third step"
