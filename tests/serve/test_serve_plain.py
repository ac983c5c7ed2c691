"""`shamble serve --plain` (issue 30): a browser tab plays the plain
interface, whose lines arrive as plain text with no escape sequence, and the
page's terminal has xterm.js's screen-reader support turned on."""

from __future__ import annotations

from test_serve_guards import WS_QUERY, Screen, session


class Lines(Screen):
    """The tab's lines as they arrive; a line is typed key by key, then Enter."""

    async def wait_for(self, text: str, timeout: float = 60) -> bytes:
        await super().wait_for(text, timeout)
        return self.data

    async def type(self, text: str) -> None:
        await self.keys(*text, "\r")


async def test_a_browser_tab_plays_the_plain_interface(serve):
    served = serve("--plain")
    async with session() as client:
        async with client.get(served.link) as r:
            assert r.status == 200
        async with client.get(served.base + "static/js/textual.js") as r:
            assert r.status == 200
            assert "screenReaderMode:!0" in await r.text()
        ws = await client.ws_connect(
            served.base + WS_QUERY, headers={"Origin": served.origin}, autoping=True
        )
        game = Lines(ws)
        await game.wait_for("Choose 1 to")
        await game.type("1")  # New game
        await game.wait_for("Mode:")
        await game.type("")  # the first mode (Enter takes the default)
        await game.wait_for("Mission:")
        await game.type("")
        await game.wait_for("Seed")
        await game.type("7")
        await game.wait_for("Command (what, help)?")
        await game.type("where")
        said = await game.wait_for("Zone a (airlock)")
        await game.type("quit")
        await game.wait_for("Goodbye.")
        await ws.close()
    text = said.decode()
    assert "\x1b" not in text
    assert "Docking Ring" in text
    assert "wher" in text  # what is typed is echoed back, as a terminal would


async def test_without_plain_the_terminal_script_is_as_shipped(serve):
    served = serve()
    async with session() as client:
        async with client.get(served.link):
            pass
        async with client.get(served.base + "static/js/textual.js") as r:
            assert "screenReaderMode:!0" not in await r.text()


def entry(data: bytes, label: str) -> str:
    """The number of a title menu's entry, as the tab printed it."""
    import re

    found = re.findall(rf"(\d+)\. {label}", data.decode("utf-8", "replace"))
    assert found, data[-600:]
    return found[-1]


async def test_two_plain_tabs_host_join_and_talk_at_one_table(serve):
    """Issues 30 and 31 through `shamble serve --plain`: one tab hosts a
    shared game from the plain title, another tab of the same browser joins
    it from the list and takes the other seat, and a line said in one is
    printed in the other with name and seat."""
    served = serve("--plain")
    async with session() as client:
        async with client.get(served.link):
            pass
        ws1 = await client.ws_connect(
            served.base + WS_QUERY, headers={"Origin": served.origin}, autoping=True
        )
        one = Lines(ws1)
        await one.wait_for("Choose 1 to")
        await one.type(entry(one.data, "Host a shared game"))
        for question in ("mode", "Mission:", "Seed"):
            await one.wait_for(question)
            await one.type("7" if question == "Seed" else "")
        await one.wait_for("Enter hosts it")
        await one.type("")
        await one.wait_for("Your turn, Vega.")
        ws2 = await client.ws_connect(
            served.base + WS_QUERY, headers={"Origin": served.origin}, autoping=True
        )
        two = Lines(ws2)
        await two.wait_for("Choose 1 to")
        await two.type(entry(two.data, "Join or watch a shared game"))
        await two.wait_for("Shared games hosted here:")
        await two.type("")
        await two.wait_for("2. Watch")
        await two.type("")
        await two.wait_for("Your turn, Lin.")
        await one.wait_for("came to the table and sits at Player 2.")
        await two.type("'hello from the other tab")
        await one.wait_for("(Player 2) says: hello from the other tab")
        await one.type("quit")
        await one.wait_for("You left")
        await two.type("quit")
        await two.wait_for("You left")
        await ws1.close()
        await ws2.close()
    assert b"\x1b" not in one.data + two.data
