"""`shamble serve --plain` (issue 30): a browser tab plays the plain
interface, whose lines arrive as plain text with no escape sequence, and the
page's terminal has xterm.js's screen-reader support turned on."""

from __future__ import annotations

import asyncio

import aiohttp
from test_serve_guards import WS_QUERY, session


class Lines:
    def __init__(self, ws) -> None:
        self.ws = ws
        self.data = b""

    async def wait_for(self, text: str, timeout: float = 60) -> bytes:
        async def read() -> None:
            while text.encode() not in self.data:
                message = await self.ws.receive()
                if message.type == aiohttp.WSMsgType.BINARY:
                    self.data += message.data
                elif message.type in (aiohttp.WSMsgType.CLOSE, aiohttp.WSMsgType.CLOSED):
                    raise AssertionError(f"the game closed before saying {text!r}: {self.data!r}")

        await asyncio.wait_for(read(), timeout)
        return self.data

    async def type(self, text: str) -> None:
        for ch in text:  # a browser sends each key as it is pressed
            await self.ws.send_json(["stdin", ch])
        await self.ws.send_json(["stdin", "\r"])


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
