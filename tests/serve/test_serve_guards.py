"""What `shamble serve` lets in, and what it leaves behind (issue 17).

An HTTP and websocket client (aiohttp) plays the browser here, so each
header can be set or left out: the page needs the host's token; a game's
websocket needs this server's page as its Origin, the token cookie and a
player cookie; each game is the game itself (no shell), in that browser's
own folder; and a server killed with SIGKILL leaves no game running and no
save locked."""

from __future__ import annotations

import asyncio
import os
import re
import signal
import subprocess
import sys
from pathlib import Path

import aiohttp
import msgspec
import pytest
from serve_helpers import REPO, alive, wait_until

WS_QUERY = "ws?width=100&height=30"


def session() -> aiohttp.ClientSession:
    # unsafe: keep cookies from an IP address (127.0.0.1) as a browser does
    return aiohttp.ClientSession(cookie_jar=aiohttp.CookieJar(unsafe=True))


async def open_game(client: aiohttp.ClientSession, served, origin: str | None = None):
    """The game's websocket, as the page opens it (Origin: the page's own)."""
    headers = {} if origin is None else {"Origin": origin}
    return await client.ws_connect(served.base + WS_QUERY, headers=headers, autoping=True)


async def refused(client: aiohttp.ClientSession, served, origin: str | None) -> int:
    """The status a websocket attempt was refused with."""
    with pytest.raises(aiohttp.WSServerHandshakeError) as refusal:
        await open_game(client, served, origin)
    return refusal.value.status


class Screen:
    """The game's output as it arrives (escape codes and all)."""

    def __init__(self, ws) -> None:
        self.ws = ws
        self.data = b""

    async def wait_for(self, text: str, timeout: float = 20) -> None:
        async def read() -> None:
            while text.encode() not in self.data:
                message = await self.ws.receive()
                if message.type == aiohttp.WSMsgType.BINARY:
                    self.data += message.data
                elif message.type in (aiohttp.WSMsgType.CLOSE, aiohttp.WSMsgType.CLOSED):
                    raise AssertionError(f"the game closed before showing {text!r}")

        await asyncio.wait_for(read(), timeout)

    async def keys(self, *keys: str) -> None:
        for key in keys:
            await self.ws.send_json(["stdin", key])
            await asyncio.sleep(0.05)


def cmdline(pid: int) -> list[str]:
    return Path(f"/proc/{pid}/cmdline").read_bytes().decode().split("\0")[:-1]


def environ(pid: int) -> dict[str, str]:
    pairs = Path(f"/proc/{pid}/environ").read_bytes().decode().split("\0")
    return dict(p.split("=", 1) for p in pairs if "=" in p)


async def test_the_page_needs_the_hosts_link(serve):
    served = serve()
    assert served.token and len(served.token) >= 16  # generated, printed in the link
    async with session() as client:
        async with client.get(served.base) as r:
            assert r.status == 403
            assert "?token=" in await r.text()
        async with client.get(served.base + "?token=not-the-token") as r:
            assert r.status == 403
        async with client.get(served.link) as r:
            assert r.status == 200
            page = await r.text()
            policy = r.headers["Content-Security-Policy"]
            assert r.headers["X-Frame-Options"] == "DENY"
        cookies = {c.key: c for c in client.cookie_jar}
        assert cookies[f"shamble_token_{served.port}"].value == served.token
        assert cookies[f"shamble_token_{served.port}"]["httponly"]
        assert len(cookies["shamble_player"].value) >= 22
        async with client.get(served.base) as r:  # the cookie stands in for the link now
            assert r.status == 200
    # Nothing from another host: every address in the page is relative to it,
    # and its policy tells the browser to load nothing from anywhere else.
    addresses = re.findall(r'(?:src|href)="([^"]*)"|url\("([^"]*)"\)', page)
    assert len(addresses) >= 5
    for address in (a or b for a, b in addresses):
        assert address == "data:," or re.fullmatch(r"static/[\w./-]+", address), address
    assert "default-src 'none'" in policy and "frame-ancestors 'none'" in policy
    assert "font-src 'self'" in policy and "script-src 'self' 'nonce-" in policy
    assert served.games() == []  # a page alone starts no game


async def test_a_game_opens_only_for_the_page_with_the_token(serve):
    served = serve()
    async with session() as client:
        async with client.get(served.link) as r:
            assert r.status == 200
        same_site = f"http://127.0.0.1:{served.port + 1}"  # another local web app
        malformed = (
            f"http://127.0.0.1:{served.port}.evil.example",
            "http://[::1",
            f"http://127.0.0.1:{served.port}0000",
            "http://127.0.0.1:-1",
            "http://%zz:x",
        )
        for origin in (None, "http://evil.example", same_site, "null", *malformed):
            assert await refused(client, served, origin) == 403, origin  # never a 500
        async with session() as stranger:  # no token cookie, no player cookie
            assert await refused(stranger, served, served.origin) == 403
    log = served.log_text()
    assert "no Origin" in log and "'http://evil.example' is not this server's page" in log
    assert f"{same_site!r} is not this server's page" in log
    assert "no valid token" in log
    assert served.games() == []

    async with session() as client:
        async with client.get(served.link) as r:
            assert r.status == 200
        player = next(c.value for c in client.cookie_jar if c.key == "shamble_player")
        # The page by another of this machine's names is still this page.
        ws = await open_game(client, served, f"http://localhost:{served.port}")
        screen = Screen(ws)
        await screen.wait_for("New game")
        [game] = served.games()
        assert cmdline(game)[1:] == ["-m", "tui.cli"]  # the game itself, not a shell
        assert Path(cmdline(game)[0]).name.startswith("python")
        folder = served.home / "web" / player
        assert environ(game)["SHAMBLE_HOME"] == str(folder)
        assert os.readlink(f"/proc/{game}/cwd") == str(folder)
        assert (folder.stat().st_mode & 0o777) == 0o700
        await ws.close()  # the tab closes: the game quits
        wait_until(lambda: not alive(game), 10, "the game to quit with its tab")


async def test_no_token_and_a_public_url_behind_a_proxy(serve):
    served = serve("--no-token", "--public-url", "https://games.example.org/shamble/")
    assert served.link == "https://games.example.org/shamble/"
    local = served.listening  # what the proxy forwards to
    async with session() as client:
        async with client.get(local) as r:
            assert r.status == 200
            player = r.cookies["shamble_player"]
            assert player["path"] == "/shamble/" and player["secure"]
        client.cookie_jar.update_cookies({"shamble_player": player.value})
        headers = {"Origin": "http://games.example.org"}  # not https: another origin
        with pytest.raises(aiohttp.WSServerHandshakeError):
            await client.ws_connect(local + WS_QUERY, headers=headers)
        ws = await client.ws_connect(
            local + WS_QUERY, headers={"Origin": "https://games.example.org"}
        )
        await Screen(ws).wait_for("New game")
        await ws.close()


async def test_max_games_and_a_token_kept_across_restarts(serve):
    served = serve("--max-games", "1", env={"SHAMBLE_SERVE_TOKEN": "kept-across-restarts"})
    assert served.token == "kept-across-restarts"
    async with session() as client:
        async with client.get(served.link):
            pass
        ws = await open_game(client, served, served.origin)
        await Screen(ws).wait_for("New game")
        assert await refused(client, served, served.origin) == 503
        await ws.close()


def test_other_machines_need_a_public_url(tmp_path):
    done = subprocess.run(
        [sys.executable, "-m", "tui.cli", "serve", "--host", "0.0.0.0"],
        capture_output=True,
        text=True,
        cwd=REPO,
        env={**os.environ, "SHAMBLE_HOME": str(tmp_path)},
        timeout=30,
    )
    assert done.returncode == 2
    assert "--public-url" in done.stderr


async def test_a_killed_server_leaves_no_game_and_no_locked_save(serve):
    from saves import slots
    from saves.verify import verify

    served = serve()
    async with session() as client:
        async with client.get(served.link):
            pass
        player = next(c.value for c in client.cookie_jar if c.key == "shamble_player")
        playing = Screen(await open_game(client, served, served.origin))
        idle = Screen(await open_game(client, served, served.origin))  # a second tab
        await playing.wait_for("New game")
        await idle.wait_for("New game")
        await playing.keys("n")
        await playing.wait_for("move between rows")
        await playing.keys("\x1b[Z", "\x1b[Z", "\r")  # Mode (focused first) <- Cancel <- Start
        await playing.wait_for("Round 1")
        await playing.keys("o")
        await playing.wait_for("Open a door: ")
        await playing.keys("\r")
        await playing.wait_for("opens door a-b.")
        games = served.games()
        assert len(games) == 2
        [path] = (served.home / "web" / player / "saves").glob("*.shamble")
        assert slots.locked(path)  # the game holds its save

        os.kill(served.pid, signal.SIGKILL)
        served.process.wait(5)
        wait_until(lambda: not any(alive(pid) for pid in games), 5, "the games to exit")

    assert not slots.locked(path)
    report = verify(path)
    assert report.ok, report.text()
    from saves import load

    assert [msgspec.to_builtins(c)["type"] for c in load(path).commands] == ["open_door"]
