"""`shamble serve`: the game in a browser, one game process per tab.

textual-serve does the terminal part: its AppService runs a Textual app as a
child process speaking a small packet protocol over the child's standard
input and output, and its static bundle (xterm.js, CSS, the Roboto Mono
font) draws that in the page. The HTTP side is ours, because it decides who
may start a game:

- the page is served only with the host's token (`?token=`, then a cookie);
- the websocket that starts a game is refused unless its `Origin` is this
  server's own page (any other site a player visits could otherwise open
  one to a loopback port) and it carries the token cookie;
- each browser gets an id in a cookie and its own `SHAMBLE_HOME`
  (`<home>/web/<id>`), so Continue only ever finds that browser's games;
- the page loads nothing from any other host, and its Content-Security-Policy
  forbids it to, and to be framed by another page.

Each game is the `shamble` title screen started directly (no shell) with
tui/webdriver.py's driver, which exits when the server's end of its pipes
closes: a server killed outright leaves no game behind holding a save."""

from __future__ import annotations

import asyncio
import contextlib
import functools
import hashlib
import hmac
import html
import ipaddress
import logging
import os
import re
import secrets
import shutil
import signal
import site
import sys
import sysconfig
import tempfile
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path

import textual_serve
from aiohttp import WSMsgType, web
from textual_serve.app_service import AppService
from textual_serve.download_manager import DownloadManager
from yarl import URL

from tui.serve_page import PAGE, REFUSED_PAGE

log = logging.getLogger("shamble.serve")

STATIC = Path(textual_serve.__file__).resolve().parent / "static"
DRIVER = "tui.webdriver:ShambleWebDriver"
CODE_ROOT = Path(__file__).resolve().parents[1]  # the folder holding tui/, engine/, saves/
PLAYER_COOKIE = "shamble_player"
_PLAYER_ID = re.compile(r"[A-Za-z0-9_-]{22,64}")
_HOST = re.compile(r"[A-Za-z0-9.-]+(:[0-9]+)?|\[[0-9A-Fa-f:.]+\](:[0-9]+)?")
LOOPBACK_NAMES = ("127.0.0.1", "localhost", "[::1]")
WILDCARD_HOSTS = ("0.0.0.0", "::", "")
# A game asked to quit (tab closed, server stopping) gets this long to save and go.
QUIT_GRACE_S = 5.0
COOKIE_MAX_AGE = 400 * 24 * 3600  # the longest a browser keeps a cookie


class ServeError(Exception):
    """A setting `shamble serve` cannot work with; the message says which."""


def browser_name(player: str) -> str:
    """A browser's short public name: a hash of its (secret) player id."""
    return hashlib.sha256(player.encode()).hexdigest()[:16]


def origin_of(url: str | URL) -> str:
    """scheme://host[:port] as a browser sends it in `Origin` (no default port);
    ServeError for anything else, however malformed (a port that is no number,
    a bracket left open: yarl's ValueError becomes ours)."""
    try:
        u = URL(str(url))
        if u.scheme not in ("http", "https") or not u.host:
            raise ServeError(f"{url!s} is not an http:// or https:// address")
        host = u.host.lower()
        port = "" if u.port is None or u.is_default_port() else f":{u.port}"
    except (ValueError, TypeError, UnicodeError) as e:
        raise ServeError(f"{url!s} is not an http:// or https:// address ({e})") from None
    if ":" in host and not host.startswith("["):
        host = f"[{host}]"
    return f"{u.scheme}://{host}{port}"


def is_loopback(host: str) -> bool:
    if host == "localhost":
        return True
    try:
        return ipaddress.ip_address(host.strip("[]")).is_loopback
    except ValueError:
        return False


@dataclass
class Settings:
    """What one `shamble serve` serves, and to whom."""

    host: str = "127.0.0.1"
    port: int = 8000
    public_url: str | None = None  # where players open the page (a proxy's URL)
    token: str | None = None  # None: anyone who reaches the page may play
    home: Path = field(default_factory=Path)  # web players' folders go under home/web
    game_args: Sequence[str] = ()  # --ascii, --no-mouse, --playback, --plain for every game
    max_games: int = 20  # tabs and the shared games hosted from them, together
    share_games: bool = False  # browsers see and join each other's shared games
    host_idle: float = (
        600.0  # a game hosted from a tab ends, saved, this long after its last player
    )

    def __post_init__(self) -> None:
        if self.host in WILDCARD_HOSTS and self.public_url is None:
            raise ServeError(
                f"--host {self.host or '(all)'} lets other machines in: give --public-url, "
                "the address their browsers open (e.g. http://192.168.1.20:8000/), "
                "so the server knows which page may start games"
            )
        if self.public_url is not None:
            origin_of(self.public_url)  # checks it
        if self.max_games < 1:
            raise ServeError("--max-games must be at least 1")

    def base_url(self, port: int) -> URL:
        """The page's address, ending in '/'."""
        if self.public_url is not None:
            url = URL(self.public_url)
        else:
            host = self.host if ":" not in self.host else f"[{self.host}]"
            url = URL(f"http://{host}:{port}/")
        path = url.path if url.path.endswith("/") else url.path + "/"
        return url.with_path(path).with_query(None).with_fragment(None)

    def allowed_origins(self, port: int) -> frozenset[str]:
        """Pages allowed to open a game: the public page and, when this server
        listens on loopback, this port's loopback names (only it can be there)."""
        origins = {origin_of(self.base_url(port))}
        if self.host in WILDCARD_HOSTS or is_loopback(self.host):
            origins.update(f"http://{name}:{port}" for name in LOOPBACK_NAMES)
        return frozenset(origins)

    def game_argv(self) -> list[str]:
        return [sys.executable, "-m", "tui.cli", *self.game_args]


def installed() -> bool:
    """Whether this Shamble is installed in site-packages, where a game's
    Python finds it anyway (never put site-packages ahead of the stdlib)."""
    paths = sysconfig.get_paths()
    sites = {paths["purelib"], paths["platlib"], *site.getsitepackages()}
    return CODE_ROOT in {Path(p).resolve() for p in sites}


class GameService(AppService):
    """One browser tab's game: the title screen as a child process, started
    with exec (no shell in between), in that browser's own SHAMBLE_HOME."""

    def __init__(
        self,
        argv: Sequence[str],
        home: Path,
        coop: Path | None = None,
        player: str = "",
        host_idle: float = 600.0,
        limit: tuple[Path | None, int] = (None, 0),
        **kwargs,
    ) -> None:
        super().__init__(" ".join(argv), **kwargs)
        self.argv = list(argv)
        self.home = home
        self.coop = coop
        self.player = player
        self.host_idle = host_idle
        self.limit = limit

    def _build_environment(self, width: int = 80, height: int = 24) -> dict[str, str]:
        env = super()._build_environment(width, height)
        env["TEXTUAL_DRIVER"] = DRIVER
        env["SHAMBLE_HOME"] = str(self.home)
        if self.coop is not None:  # the shared games this browser sees: its own, or the server's
            env["SHAMBLE_COOP_DIR"] = str(self.coop)
        env.pop("XDG_RUNTIME_DIR", None)
        env["SHAMBLE_HOST_IDLE"] = f"{self.host_idle:g}"
        root, cap = self.limit
        if root is not None:  # what this tab may host counts against --max-games
            env["SHAMBLE_SERVE_GAMES"], env["SHAMBLE_SERVE_MAX"] = str(root), str(cap)
        if self.player:
            env["SHAMBLE_PLAYER"] = self.player
        else:
            env.pop("SHAMBLE_PLAYER", None)
        if not installed():  # the game runs from the same checkout as this server
            path = [str(CODE_ROOT), *filter(None, env.get("PYTHONPATH", "").split(os.pathsep))]
            env["PYTHONPATH"] = os.pathsep.join(dict.fromkeys(path))
        return env

    async def _open_app_process(self, width: int = 80, height: int = 24):
        self._process = process = await asyncio.create_subprocess_exec(
            *self.argv,
            stdin=asyncio.subprocess.PIPE,
            stdout=asyncio.subprocess.PIPE,
            stderr=asyncio.subprocess.PIPE,
            env=self._build_environment(width, height),
            cwd=self.home,
        )
        assert process.stdin is not None
        self._stdin = process.stdin
        return process

    @property
    def pid(self) -> int | None:
        return None if self._process is None else self._process.pid

    async def finish(self) -> None:
        """Ask the game to quit (it saves), and end it if it does not."""
        process = self._process
        try:
            await asyncio.wait_for(self.stop(), QUIT_GRACE_S)
        except (TimeoutError, ConnectionError, OSError):
            pass
        if process is not None and process.returncode is None:
            try:
                await asyncio.wait_for(process.wait(), QUIT_GRACE_S)
            except TimeoutError:
                log.warning("game %s did not quit; killing it", process.pid)
                with contextlib.suppress(ProcessLookupError):
                    process.kill()
                await process.wait()


class ShambleServer:
    """The aiohttp application and the games it runs."""

    def __init__(self, settings: Settings) -> None:
        self.settings = settings
        self.port = settings.port  # the bound port once started (for --port 0)
        self.games: set[GameService] = set()
        self.downloads = DownloadManager()  # AppService wants one; no route serves it
        self.run_dir: Path | None = None  # the tabs' shared-games folders (sockets), private

    # -- shared games hosted from tabs -----------------------------------------
    def coop_dir(self, player: str) -> Path:
        """Where this browser's games host and find shared games: a folder of
        its own (named by a hash of its id: sockets need short paths), or with
        --share-games one for every browser."""
        if self.run_dir is None:
            self.run_dir = Path(tempfile.mkdtemp(prefix="shsv", dir="/tmp"))
        name = "shared" if self.settings.share_games else browser_name(player)
        folder = self.run_dir / name
        folder.mkdir(mode=0o700, exist_ok=True)
        return folder

    def hosted(self) -> list[int]:
        """The pids of the shared games tabs have hosted that still run."""
        from hosting.cli import live_hosts

        return [] if self.run_dir is None else live_hosts(self.run_dir)

    def count_tabs(self) -> None:
        """Write down how many tabs run, for a tab's `shamble host` to count
        against --max-games with the games hosted already."""
        if self.run_dir is not None:
            with contextlib.suppress(OSError):
                (self.run_dir / "tabs").write_text(f"{len(self.games)}\n")

    # -- identity -----------------------------------------------------------
    @property
    def token_cookie(self) -> str:
        return f"shamble_token_{self.port}"

    def token_ok(self, presented: str | None) -> bool:
        token = self.settings.token
        if token is None:
            return True
        return presented is not None and hmac.compare_digest(
            presented.encode("utf-8", "replace"), token.encode()
        )

    def player_home(self, player: str) -> Path:
        return self.settings.home / "web" / player

    def set_cookie(self, response: web.StreamResponse, name: str, value: str) -> None:
        base = self.settings.base_url(self.port)
        response.set_cookie(
            name,
            value,
            max_age=COOKIE_MAX_AGE,
            path=base.path,
            httponly=True,
            samesite="Lax",
            secure=base.scheme == "https",
        )

    # -- the page -------------------------------------------------------------
    async def page(self, request: web.Request) -> web.StreamResponse:
        presented = request.query.get("token")
        from_query = presented is not None and self.token_ok(presented)
        if not from_query and not self.token_ok(request.cookies.get(self.token_cookie)):
            log.info("refused the page to %s: no valid token", request.remote)
            return self.refusal(
                403,
                "This Shamble server lets in only those with the host's link: "
                "open the full address you were given (it ends in ?token=...).",
            )
        try:
            font_size = min(max(int(request.query.get("fontsize", "16")), 8), 40)
        except ValueError:
            font_size = 16
        nonce = secrets.token_urlsafe(16)
        text = PAGE.replace("__NONCE__", nonce).replace("__FONT_SIZE__", str(font_size))
        response = web.Response(text=text, content_type="text/html")
        response.headers["Content-Security-Policy"] = self.page_policy(request, nonce)
        response.headers["Cache-Control"] = "no-store"
        if from_query and self.settings.token is not None:
            self.set_cookie(response, self.token_cookie, self.settings.token)
        player = request.cookies.get(PLAYER_COOKIE, "")
        if not _PLAYER_ID.fullmatch(player):
            self.set_cookie(response, PLAYER_COOKIE, secrets.token_urlsafe(24))
        return response

    def page_policy(self, request: web.Request, nonce: str) -> str:
        """Nothing from other hosts, no framing by other pages."""
        host = request.host
        # 'self' covers the websocket in current browsers; older ones want it named
        sockets = f" ws://{host} wss://{host}" if _HOST.fullmatch(host) else ""
        return "; ".join(
            (
                "default-src 'none'",
                f"script-src 'self' 'nonce-{nonce}'",
                "style-src 'self' 'unsafe-inline'",  # xterm.js sets styles as it draws
                "font-src 'self'",
                "img-src 'self' data:",
                f"connect-src 'self'{sockets}",
                "base-uri 'none'",
                "form-action 'none'",
                "frame-ancestors 'none'",
            )
        )

    def refusal(self, status: int, message: str) -> web.Response:
        text = REFUSED_PAGE.replace("__MESSAGE__", html.escape(message))
        return web.Response(status=status, text=text, content_type="text/html")

    # -- the game's websocket -----------------------------------------------
    def websocket_refusal(self, request: web.Request) -> str | None:
        """Why this websocket may not start a game, or None."""
        origin = request.headers.get("Origin")
        if origin is None:
            return "no Origin: only the game's page may start a game"
        try:
            normal = origin_of(origin)
        except ServeError:
            normal = origin
        if normal not in self.settings.allowed_origins(self.port):
            return f"Origin {origin!r} is not this server's page"
        if not self.token_ok(request.cookies.get(self.token_cookie)):
            return "no valid token: open the host's link first"
        if not _PLAYER_ID.fullmatch(request.cookies.get(PLAYER_COOKIE, "")):
            return "no player cookie: open the game's page first"
        if len(self.games) + len(self.hosted()) >= self.settings.max_games:
            return "busy"
        return None

    async def websocket(self, request: web.Request) -> web.StreamResponse:
        why = self.websocket_refusal(request)
        if why is not None:
            log.info("refused a game to %s: %s", request.remote, why)
            if why == "busy":
                return self.refusal(503, "Every game on this server is taken; try again later.")
            return self.refusal(403, why)
        home = self.player_home(request.cookies[PLAYER_COOKIE])
        try:
            home.mkdir(mode=0o700, parents=True, exist_ok=True)
        except OSError as e:
            log.error("cannot make %s: %s", home, e.strerror)
            return self.refusal(500, "The server cannot make this browser's save folder.")

        def size(name: str, default: int) -> int:
            try:
                return min(max(int(request.query.get(name, default)), 1), 1000)
            except ValueError:
                return default

        socket = web.WebSocketResponse(heartbeat=15, max_msg_size=1 << 20)
        await socket.prepare(request)
        player = request.cookies[PLAYER_COOKIE]
        game = GameService(
            self.settings.game_argv(),
            home,
            coop=self.coop_dir(player),
            limit=(self.run_dir, self.settings.max_games),
            player=browser_name(player) if self.settings.share_games else "",
            host_idle=self.settings.host_idle,
            write_bytes=socket.send_bytes,
            write_str=socket.send_str,
            close=socket.close,
            download_manager=self.downloads,
        )
        self.games.add(game)
        self.count_tabs()
        try:
            await game.start(size("width", 80), size("height", 24))
            log.info("game %s started for %s in %s", game.pid, request.remote, home)
            await self.relay(socket, game)
        except (ConnectionError, asyncio.CancelledError):
            pass
        finally:
            await game.finish()
            self.games.discard(game)
            self.count_tabs()
            log.info("game %s ended", game.pid)
            if not socket.closed:
                await socket.close()
        return socket

    async def relay(self, socket: web.WebSocketResponse, game: GameService) -> None:
        """Keys, resizes and focus from the page to the game (textual-serve's
        messages; anything else is ignored)."""
        async for message in socket:
            if message.type != WSMsgType.TEXT:
                continue
            try:
                kind, *rest = message.json()
            except (ValueError, TypeError):
                continue
            data = rest[0] if rest else None
            if kind == "stdin" and isinstance(data, str):
                await game.send_bytes(data.encode("utf-8"))
            elif kind == "resize" and isinstance(data, dict):
                width, height = data.get("width"), data.get("height")
                if isinstance(width, int) and isinstance(height, int):
                    await game.set_terminal_size(
                        min(max(width, 1), 1000), min(max(height, 1), 1000)
                    )
            elif kind == "ping" and isinstance(data, str):
                await socket.send_json(["pong", data])
            elif kind == "blur":
                await game.blur()
            elif kind == "focus":
                await game.focus()

    # -- the application --------------------------------------------------------
    @web.middleware
    async def headers(self, request: web.Request, handler) -> web.StreamResponse:
        response = await handler(request)
        if not response.prepared:
            response.headers.setdefault("X-Content-Type-Options", "nosniff")
            response.headers.setdefault("Referrer-Policy", "no-referrer")
            response.headers.setdefault("X-Frame-Options", "DENY")
        return response

    async def terminal_script(self, request: web.Request) -> web.StreamResponse:
        """textual-serve's terminal script; with --plain, its xterm.js terminal is
        made with the screen-reader support on (a live region a screen reader
        speaks as lines arrive)."""
        return web.Response(
            text=terminal_script(reader="--plain" in self.settings.game_args),
            content_type="application/javascript",
        )

    def make_app(self) -> web.Application:
        app = web.Application(middlewares=[self.headers])
        app.add_routes(
            [
                web.get("/", self.page),
                web.get("/ws", self.websocket),
                web.get("/static/js/textual.js", self.terminal_script),
                web.static("/static", STATIC, show_index=False, follow_symlinks=False),
            ]
        )
        app.on_shutdown.append(self.end_games)
        return app

    async def end_games(self, app: web.Application) -> None:
        """Server stopping: every game is asked to quit (it saves), and every
        shared game a tab hosted is stopped (it saves; its folder goes)."""
        await asyncio.gather(*(game.finish() for game in list(self.games)))
        hosts = self.hosted()
        for pid in hosts:
            with contextlib.suppress(OSError):
                os.kill(pid, signal.SIGTERM)
        end = asyncio.get_running_loop().time() + QUIT_GRACE_S
        while hosts and asyncio.get_running_loop().time() < end:
            await asyncio.sleep(0.05)
            hosts = self.hosted()
        if self.run_dir is not None:
            shutil.rmtree(self.run_dir, ignore_errors=True)

    async def run(self, ready=None) -> None:
        """Serve until SIGINT or SIGTERM; `ready(url)` once listening."""
        runner = web.AppRunner(self.make_app(), handle_signals=False, access_log=None)
        await runner.setup()
        site = web.TCPSite(runner, self.settings.host, self.settings.port)
        try:
            await site.start()
        except OSError as e:
            await runner.cleanup()
            raise ServeError(
                f"cannot listen on {self.settings.host} port {self.settings.port}: {e.strerror}"
            ) from None
        sockets = site._server.sockets if site._server is not None else ()
        if sockets:
            self.port = sockets[0].getsockname()[1]
        stop = asyncio.Event()
        loop = asyncio.get_running_loop()
        for signum in (signal.SIGINT, signal.SIGTERM):
            loop.add_signal_handler(signum, stop.set)
        try:
            if ready is not None:
                ready(self.link())
            await stop.wait()
        finally:
            await runner.cleanup()

    def link(self) -> str:
        """The address to share: the page, with the token if there is one."""
        base = self.settings.base_url(self.port)
        token = self.settings.token
        return str(base if token is None else base.with_query(token=token))


# Where textual-serve's bundle makes its xterm.js Terminal: the options it
# passes (textual-serve is pinned below 1.2, whose bundle reads this way).
TERMINAL_OPTIONS = "new v.Terminal({allowProposedApi:!0,"
# Where it makes the object holding that terminal and its fit addon, one per
# terminal element: the page keeps it on the element (`element.shamble`), so
# its own resize handler can set the font size anew and refit.
TERMINAL_MADE = "const t=new w(e,{ping:r});"


@functools.cache
def terminal_script(reader: bool) -> str:
    """The terminal script as shipped, with its terminal object left where the
    page finds it, and with screenReaderMode turned on for a reader."""
    text = (STATIC / "js" / "textual.js").read_text(encoding="utf-8")
    if TERMINAL_MADE in text:
        text = text.replace(TERMINAL_MADE, TERMINAL_MADE + "e.shamble=t;", 1)
    else:
        log.warning("textual.js has changed: the page keeps its first font size on a resize")
    if reader:
        if TERMINAL_OPTIONS not in text:
            log.warning("textual.js has changed: the screen-reader option cannot be set")
            return text
        text = text.replace(TERMINAL_OPTIONS, TERMINAL_OPTIONS + "screenReaderMode:!0,", 1)
    return text


def serve(settings: Settings) -> int:
    """Run the server in the foreground (the `shamble serve` command)."""
    logging.basicConfig(level=logging.INFO, format="%(message)s", stream=sys.stderr)
    server = ShambleServer(settings)

    def ready(link: str) -> None:
        print(f"Shamble is served at {link}", flush=True)
        print(
            f"(listening on {settings.host} port {server.port}; each browser keeps its "
            f"saves in {settings.home / 'web'}/<id>; Ctrl+C stops, games in play are saved)",
            flush=True,
        )

    try:
        asyncio.run(server.run(ready))
    except ServeError as e:
        print(f"error: {e}", file=sys.stderr)
        return 2
    return 0


def new_token() -> str:
    return secrets.token_urlsafe(16)
