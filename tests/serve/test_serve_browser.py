"""`shamble serve` played in a real browser (issue 17): headless Chromium
opens the printed link, starts the tutorial from the title screen by keys,
acts, undoes and redoes; the save it leaves is verified from scratch by
`shamble replay --verify`. A second browser finds none of the first one's
games, and a page from another origin is refused a game."""

from __future__ import annotations

import re
import subprocess
import sys
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

import msgspec
import pytest
from serve_helpers import REPO, wait_until
from webplay import CAPTURE_TERMINAL, CHROMIUM, Tab, ensure_chromium


@pytest.fixture(scope="module")
def browser():
    why = ensure_chromium()
    if why is not None:
        pytest.skip(f"browser tests need Debian's Chromium: {why}")
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        chromium = playwright.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox"])
        yield chromium
        chromium.close()


@pytest.fixture
def tabs(browser):
    """tabs(served, context=None) -> Tab in a new browser profile (or the given one)."""
    contexts = []

    def open_tab(served, context=None, size=(1100, 700)) -> Tab:
        if context is None:
            context = browser.new_context(viewport={"width": size[0], "height": size[1]})
            context.add_init_script(CAPTURE_TERMINAL)
            contexts.append(context)
        return Tab(context.new_page(), served.origin)

    yield open_tab
    for context in contexts:
        context.close()


ENDED = "() => document.body.classList.contains('-closed')"


def player_id(tab: Tab) -> str:
    cookies = {c["name"]: c["value"] for c in tab.page.context.cookies()}
    return cookies["shamble_player"]


def line_with(screen: str, text: str) -> str:
    return next((line for line in screen.splitlines() if text in line), "")


def test_tutorial_played_undone_and_redone_in_a_browser(serve, tabs):
    served = serve()
    tab = tabs(served)
    tab.open(served.link)
    tab.wait_for("New game", "Continue", "Quit")
    tab.keys("n")
    tab.wait_for("move between rows", "Seed")
    time.sleep(0.3)  # the dialog focuses its first row once it is up
    # Mode (first) <- Cancel <- Start <- Undo <- Seed: 0
    tab.keys("Shift+Tab", "Shift+Tab", "Shift+Tab", "Shift+Tab", "End", "Control+u", "0")
    tab.wait_match(r"Seed\s+0\s")
    tab.keys("Enter")
    screen = tab.wait_for(
        "Docking Ring", "Round 1", "Survivors", "Danger", "palette", gone=("move between rows",)
    )
    first = re.search(r"(Vega|Okafor) in a \(airlock\)", screen)
    assert first, f"no survivor is acting:\n{screen}"
    me, other = first[1], "Okafor" if first[1] == "Vega" else "Vega"
    assert f"██{me[0]} {other[0]}" in screen  # the board's glyphs, as in a terminal

    tab.keys("?")  # help opens; Escape closes it
    tab.wait_for("Shamble help")
    tab.keys("Escape")
    tab.wait_for("Round 1", gone=("Shamble help",))

    tab.target("o", "Open a door: ")  # open the door, move through it
    tab.wait_for(f"{me} opens door a-b.")
    tab.target("m", "Move: ")
    screen = tab.wait_for(f"{me} moves to zone b.", f"{other} in a")
    assert f"''{me[0]}" in line_with(screen, "''")
    tab.keys("Control+z")  # the move is undone: back in the airlock
    tab.wait_for("Undone: ", gone=(f"''{me[0]}",))
    tab.keys("Control+y")  # and redone
    screen = tab.wait_for("Redone: ", f"''{me[0]}")

    tab.keys("q")  # leave the game (it is saved)
    tab.wait_for("Leave this game?")
    tab.keys("y")
    tab.wait_for("Continue: ", gone=("Leave this game?",))

    folder = served.home / "web" / player_id(tab)
    saves = sorted((folder / "saves").glob("*.shamble"))
    assert len(saves) == 1, f"expected this browser's one save in {folder}: {saves}"
    assert served.player_folders() == [folder]
    done = subprocess.run(
        [sys.executable, "-m", "tui.cli", "replay", str(saves[0]), "--verify"],
        capture_output=True,
        text=True,
        cwd=REPO,
        timeout=60,
    )
    assert done.returncode == 0, done.stdout + done.stderr
    from saves import load

    game = load(saves[0])
    types = [msgspec.to_builtins(c)["type"] for c in game.commands]
    assert types == ["open_door", "move"], types

    assert tab.outside_requests() == []  # fonts, script and styles all from this server
    assert not [m for m in tab.console if "Content Security Policy" in m], tab.console

    # Another tab of the same browser: Continue finds the game. Quitting
    # Shamble there ends that tab's game and says so on the page.
    again = tabs(served, tab.page.context)
    again.open(served.link)
    again.wait_for("Continue: tutorial")
    wait_until(lambda: len(served.games()) == 2, 5, "a game for each tab")
    again.keys("q")
    again.wait_for("Quit Shamble?")
    again.keys("y")
    wait_until(lambda: again.page.evaluate(ENDED), 10, "the page to say the game ended")
    assert again.page.is_visible("text=The game has ended")
    wait_until(lambda: len(served.games()) == 1, 5, "the quit game's process to end")

    # Another browser: its own folder, and nothing to continue.
    stranger = tabs(served)
    stranger.open(served.link)
    screen = stranger.wait_for("New game", "Continue", "Quit")
    assert "Continue: " not in screen
    assert player_id(stranger) != player_id(tab)
    wait_until(lambda: len(served.player_folders()) == 2, 5, "the second browser's folder")


def test_a_page_from_another_origin_gets_no_game(serve, tabs):
    """Another web app on this machine (127.0.0.1, another port: the same
    site for cookies, so the browser sends them along) opens the game's
    websocket: the server refuses it by its Origin and starts nothing."""
    served = serve()
    tab = tabs(served)
    tab.open(served.link)  # the browser holds the token and player cookies
    tab.wait_for("New game")
    before = served.games()
    assert len(before) == 1

    script = f"""<!DOCTYPE html><title>waiting</title><script>
        const ws = new WebSocket("ws://127.0.0.1:{served.port}/ws?width=80&height=24");
        ws.onopen = () => {{ document.title = "opened"; }};
        ws.onclose = () => {{ if (document.title !== "opened") document.title = "refused"; }};
        </script>""".encode()

    class Innocent(BaseHTTPRequestHandler):
        def do_GET(self) -> None:
            self.send_response(200)
            self.send_header("Content-Type", "text/html")
            self.end_headers()
            self.wfile.write(script)

        def log_message(self, *args) -> None:
            pass

    other_app = ThreadingHTTPServer(("127.0.0.1", 0), Innocent)
    threading.Thread(target=other_app.serve_forever, daemon=True).start()
    try:
        other = f"http://127.0.0.1:{other_app.server_address[1]}"
        page = tab.page.context.new_page()
        page.goto(f"{other}/innocent.html")
        wait_until(lambda: page.title() in ("opened", "refused"), 10, "the websocket to settle")
    finally:
        other_app.shutdown()
        other_app.server_close()
    assert page.title() == "refused"
    assert f"Origin '{other}' is not this server's page" in served.log_text()
    assert served.games() == before


GRID = "() => { const t = window.__shambleTerminal; return [t.cols, t.rows, +t.options.fontSize]; }"


@pytest.mark.parametrize("size", [(800, 500), (1600, 1000)])
def test_the_page_fits_the_game_to_the_window(serve, tabs, size):
    """Issue 28: the font size comes from the window: an 800x500 window holds
    at least 80x24 cells, a big one draws them bigger (the board with them);
    ?fontsize= still chooses it."""
    served = serve()
    tab = tabs(served, size=size)
    tab.open(served.link)
    tab.wait_for("New game", "Continue", "Quit")
    cols, rows, font = tab.page.evaluate(GRID)
    print(f"window {size}: {cols}x{rows} cells at {font}px")
    assert cols >= 80 and rows >= 24, (cols, rows, font)
    assert cols < 100 and rows < 32, (cols, rows, font)  # the cells grew, not their count
    if size[0] > 1000:
        assert font >= 28, font
    asked = tabs(served, size=size)
    asked.open(served.link + ("&" if "?" in served.link else "?") + "fontsize=12")
    asked.wait_for("New game")
    assert asked.page.evaluate(GRID)[2] == 12


def test_the_page_fits_the_game_again_when_the_window_is_resized(serve, tabs):
    """Issue 28: a window made bigger after the page opened draws the game
    bigger (the font grows, the cell count stays near 80x24), and made small
    again still holds 80x24 cells: the font is worked out on every resize, not
    only when the page opens."""
    served = serve()
    tab = tabs(served, size=(800, 500))
    tab.open(served.link)
    tab.wait_for("New game", "Continue", "Quit")
    cols, rows, small = tab.page.evaluate(GRID)
    assert cols >= 80 and rows >= 24, (cols, rows, small)
    tab.page.set_viewport_size({"width": 1600, "height": 1000})
    wait_until(lambda: tab.page.evaluate(GRID)[2] >= 28, 10, "a bigger font")
    cols, rows, big = tab.page.evaluate(GRID)
    assert 80 <= cols < 100 and 24 <= rows < 32, (cols, rows, big)
    tab.wait_for("New game", "Continue", "Quit")  # the game drew itself again
    tab.page.set_viewport_size({"width": 800, "height": 500})
    wait_until(lambda: tab.page.evaluate(GRID)[2] == small, 10, "the first font again")
    cols, rows, _ = tab.page.evaluate(GRID)
    assert cols >= 80 and rows >= 24, (cols, rows)


def game_env(pid: int) -> dict[str, str]:
    raw = open(f"/proc/{pid}/environ", "rb").read().split(b"\0")  # noqa: SIM115
    return dict(item.decode().split("=", 1) for item in raw if b"=" in item)


def host_as(env: dict[str, str], *args: str, refused: bool = False) -> str:
    """What a tab's Host does: `shamble host` in that tab's game's folders."""
    import os

    keep = ("SHAMBLE_HOME", "SHAMBLE_COOP_DIR", "SHAMBLE_HOST_IDLE", "SHAMBLE_PLAYER",
            "SHAMBLE_SERVE_GAMES", "SHAMBLE_SERVE_MAX")  # fmt: skip
    run = {k: v for k, v in os.environ.items() if k not in (*keep, "XDG_RUNTIME_DIR")}
    run.update({k: env[k] for k in keep if k in env}, PYTHONPATH=str(REPO))
    done = subprocess.run(
        [sys.executable, "-m", "tui.cli", "host", "--mission", "tutorial", "--players", "2", *args],
        env=run, capture_output=True, text=True, cwd=REPO, timeout=60,
    )  # fmt: skip
    if refused:
        assert done.returncode == 2, done.stdout
        return done.stderr
    assert done.returncode == 0, done.stderr
    return done.stdout.strip()


def opened(served, tabs, count: int) -> tuple[Tab, dict[str, str]]:
    """A new browser at the title screen, and its game's environment."""
    before = set(served.games())
    tab = tabs(served)
    tab.open(served.link)
    tab.wait_for("New game", "Continue", "Quit")
    new = wait_until(lambda: set(served.games()) - before, 20, "the new tab's game")
    assert len(served.games()) == count
    return tab, game_env(new.pop())


def test_a_browsers_shared_games_are_its_own_and_count_as_games(serve, tabs):
    """Issue 26: every tab runs as the server's account, so a shared games
    folder common to all of them let a second browser list the first one's
    hosted game and take the host's seat. Each browser now has its own."""
    served = serve("--max-games", "3")
    alice, alice_env = opened(served, tabs, 1)
    bob, bob_env = opened(served, tabs, 2)
    assert alice_env["SHAMBLE_COOP_DIR"] != bob_env["SHAMBLE_COOP_DIR"]
    assert alice_env["SHAMBLE_HOST_IDLE"] == "600" and "SHAMBLE_PLAYER" not in alice_env
    name = host_as(alice_env)

    bob.keys("o")
    screen = bob.wait_for("No shared games are")
    assert name not in screen
    alice.keys("o")
    alice.wait_for(name)

    assert "every one is taken" in host_as(bob_env, refused=True)  # nor may a tab host one more
    third = tabs(served)  # two tabs and alice's hosted game fill --max-games 3
    third.open(served.link)
    wait_until(lambda: "busy" in served.log_text(), 20, "the third tab to be refused")
    assert len(served.games()) == 2


def test_with_share_games_browsers_see_each_others_games_under_names_of_their_own(serve, tabs):
    served = serve("--share-games")
    _, alice_env = opened(served, tabs, 1)
    bob, bob_env = opened(served, tabs, 2)
    assert alice_env["SHAMBLE_COOP_DIR"] == bob_env["SHAMBLE_COOP_DIR"]
    assert alice_env["SHAMBLE_PLAYER"] != bob_env["SHAMBLE_PLAYER"]  # told apart by the host
    name = host_as(alice_env)
    bob.keys("o")
    bob.wait_for(name)


def test_a_reloaded_tab_continues_with_the_survivor_it_had_selected(serve, tabs):
    """Issue 28: a reload is a new game process; Continue selects Okafor
    again, as he was when the page went."""
    served = serve()
    tab = tabs(served)
    tab.open(served.link)
    tab.wait_for("New game", "Continue", "Quit")
    tab.keys("n")
    tab.wait_for("move between rows", "Enter opens the list")
    tab.keys("Shift+Tab", "Shift+Tab", "Enter")  # Mode (focused first) <- Cancel <- Start
    tab.wait_for("Round 1", "Survivors", gone=("move between rows",))
    tab.keys("s")  # a command, so there is a game to continue
    tab.wait_for("searches")
    tab.keys("Tab")
    tab.wait_for("Okafor in a")
    tab.page.reload()
    tab.wait_for("New game", "Continue: tutorial")
    tab.keys("c")
    screen = tab.wait_for("Round 1", "Survivors")
    assert "Okafor in a" in screen, screen
