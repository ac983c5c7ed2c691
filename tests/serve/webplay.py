"""Playing Shamble in headless Chromium through Playwright.

Debian's Chromium (`apt-get install chromium`; Playwright's own browser
download is not used) is started through `executable_path`. The page draws
the terminal on a canvas, so to read the screen a test script captures
xterm.js's Terminal object as textual-serve's client stores it
(`this.terminal = ...`) and reads its buffer, row by row, as a player sees
it. Keys are typed into the terminal's text area (a click on the terminal
would be a mouse click in the game)."""

from __future__ import annotations

import fcntl
import os
import re
import shutil
import subprocess
import time

CHROMIUM = "/usr/bin/chromium"
INSTALL_LOCK = "/tmp/shamble-chromium-install.lock"

# Runs before the page's own scripts. Test-only: the served page has no hook.
CAPTURE_TERMINAL = """
Object.defineProperty(Object.prototype, "terminal", {
  configurable: true,
  set(value) {
    Object.defineProperty(this, "terminal", {
      value, writable: true, configurable: true, enumerable: true,
    });
    if (value && typeof value.onData === "function") window.__shambleTerminal = value;
  },
});
"""

SCREEN = """() => {
  const t = window.__shambleTerminal;
  if (!t) return null;
  const buffer = t.buffer.active;
  const rows = [];
  for (let y = 0; y < t.rows; y++) {
    const line = buffer.getLine(buffer.viewportY + y);
    rows.push(line ? line.translateToString(true) : "");
  }
  return rows.join("\\n");
}"""


def ensure_chromium(timeout: float = 600) -> str | None:
    """Install Debian's chromium when missing (one installer at a time, as
    pytest -n runs several workers). None when it is there, else why not."""
    if os.access(CHROMIUM, os.X_OK):
        return None
    with open(INSTALL_LOCK, "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        if os.access(CHROMIUM, os.X_OK):
            return None
        if os.geteuid() != 0 or not shutil.which("apt-get"):
            return "chromium is missing and cannot be installed here (need root and apt-get)"
        env = {**os.environ, "DEBIAN_FRONTEND": "noninteractive"}
        command = "apt-get update -qq && apt-get install -y -qq chromium"
        try:
            done = subprocess.run(
                ["sh", "-c", command], capture_output=True, text=True, timeout=timeout, env=env
            )
        except subprocess.TimeoutExpired:
            return f"installing chromium took over {timeout:.0f} s"
        if done.returncode != 0 or not os.access(CHROMIUM, os.X_OK):
            tail = (done.stderr or done.stdout).strip().splitlines()[-3:]
            return f"could not install chromium: {' / '.join(tail)}"
    return None


class Tab:
    """One browser tab on the game's page: read the screen, press keys."""

    def __init__(self, page, origin: str) -> None:
        self.page = page
        self.origin = origin
        self.requests: list[str] = []
        self.console: list[str] = []
        page.on("request", lambda r: self.requests.append(r.url))
        page.on("websocket", lambda ws: self.requests.append(ws.url))
        page.on("console", lambda m: self.console.append(f"{m.type}: {m.text}"))
        page.on("pageerror", lambda e: self.console.append(f"pageerror: {e}"))

    def open(self, url: str) -> None:
        self.page.goto(url)

    def screen(self) -> str:
        return self.page.evaluate(SCREEN) or ""

    def wait_for(self, *texts: str, gone: tuple[str, ...] = (), timeout: float = 20) -> str:
        """The screen once every text is on it and none of `gone` is."""
        end = time.monotonic() + timeout
        while True:
            screen = self.screen()
            if all(t in screen for t in texts) and not any(t in screen for t in gone):
                return screen
            if time.monotonic() > end:
                raise AssertionError(
                    f"{texts!r} (without {gone!r}) never showed; the screen:\n{screen}\n"
                    f"console: {self.console[-5:]}"
                )
            time.sleep(0.03)

    def wait_match(self, pattern: str, timeout: float = 20) -> str:
        end = time.monotonic() + timeout
        while not re.search(pattern, screen := self.screen()):
            if time.monotonic() > end:
                raise AssertionError(f"{pattern!r} never matched; the screen:\n{screen}")
            time.sleep(0.03)
        return screen

    def keys(self, *keys: str) -> None:
        """Press keys as a player does, into the terminal's text area."""
        self.page.focus(".xterm-helper-textarea")
        for key in keys:
            self.page.keyboard.press(key)
            time.sleep(0.05)

    def target(self, key: str, prompt: str) -> None:
        """An action that targets a zone: its key, the prompt, then Enter on
        the first target (a player reads the prompt before confirming)."""
        self.keys(key)
        self.wait_for(prompt)
        self.keys("Enter")

    def outside_requests(self) -> list[str]:
        """Every address the page asked for that is not this server's."""
        ws_origin = "ws" + self.origin[len("http") :]
        return [
            url
            for url in self.requests
            if not url.startswith((self.origin + "/", ws_origin + "/", "data:"))
        ]
