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
