"""Helpers for the `shamble serve` tests (issue 17), imported by name: a module
called conftest is shared by every test folder, so nothing is imported from one.

`served`: starts `python -m tui.cli serve --port 0 ...` with a throwaway
SHAMBLE_HOME, reads the link it prints, and stops it after the test (its
log goes to a file the test can read). Browser tests use Debian's Chromium
through Playwright (`webplay.py`): installed from Debian's packages when
missing, skipped, saying why, only when that cannot be done."""

from __future__ import annotations

import os
import re
import signal
import subprocess
import sys
import time
from dataclasses import dataclass
from pathlib import Path

from yarl import URL

REPO = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(Path(__file__).parent))


@dataclass
class Served:
    process: subprocess.Popen
    link: str  # what the server printed: the page with its token
    listening: str  # http://127.0.0.1:PORT/, where it listens
    home: Path  # the server's SHAMBLE_HOME
    log: Path  # the server's stderr

    @property
    def pid(self) -> int:
        return self.process.pid

    @property
    def base(self) -> str:
        """The page without the token, ending in '/'."""
        return str(URL(self.link).with_query(None))

    @property
    def origin(self) -> str:
        return self.base.rstrip("/")

    @property
    def token(self) -> str | None:
        return URL(self.link).query.get("token")

    @property
    def port(self) -> int:
        port = URL(self.listening).port
        assert port is not None
        return port

    def games(self) -> list[int]:
        """The game processes this server runs: its children."""
        return children(self.pid)

    def log_text(self) -> str:
        return self.log.read_text(errors="replace")

    def player_folders(self) -> list[Path]:
        web = self.home / "web"
        return sorted(web.iterdir()) if web.exists() else []


def children(pid: int) -> list[int]:
    """Live (not zombie) processes whose parent is pid, from /proc."""
    found = []
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            stat = (entry / "stat").read_text()
        except OSError:
            continue
        fields = stat.rsplit(")", 1)[1].split()
        if fields[0] != "Z" and int(fields[1]) == pid:
            found.append(int(entry.name))
    return found


def alive(pid: int) -> bool:
    try:
        stat = Path(f"/proc/{pid}/stat").read_text()
    except OSError:
        return False
    return stat.rsplit(")", 1)[1].split()[0] != "Z"


def wait_until(check, timeout: float, what: str, every: float = 0.05):
    """check()'s first truthy answer, polled until timeout; else AssertionError."""
    end = time.monotonic() + timeout
    while True:
        answer = check()
        if answer:
            return answer
        if time.monotonic() > end:
            raise AssertionError(f"timed out after {timeout} s waiting for {what}")
        time.sleep(every)


def start_server(
    tmp_path: Path, *args: str, home: Path | None = None, env: dict[str, str] | None = None
) -> Served:
    home = home or tmp_path / "home"
    home.mkdir(parents=True, exist_ok=True)
    log = tmp_path / f"serve-{time.monotonic_ns()}.log"
    env = {**os.environ, "SHAMBLE_HOME": str(home), **(env or {})}
    with open(log, "wb") as err:
        process = subprocess.Popen(
            [sys.executable, "-m", "tui.cli", "serve", "--port", "0", *args],
            stdout=subprocess.PIPE,
            stderr=err,
            stdin=subprocess.DEVNULL,
            text=True,
            cwd=REPO,
            env=env,
        )
    assert process.stdout is not None
    # Once it listens, the server prints its link, then where it listens.
    lines = [process.stdout.readline(), process.stdout.readline()]
    if not lines[0].startswith("Shamble is served at ") or "listening on" not in lines[1]:
        process.kill()
        process.wait()
        raise AssertionError(f"the server did not start: {lines!r}\n{log.read_text()}")
    listening = re.search(r"listening on (\S+) port (\d+)", lines[1])
    assert listening, lines
    local = f"http://{listening[1]}:{listening[2]}/"
    return Served(process, lines[0].split()[-1], local, home, log)


def stop_server(served: Served) -> None:
    games = served.games()
    if served.process.poll() is None:
        served.process.send_signal(signal.SIGTERM)
        try:
            served.process.wait(15)
        except subprocess.TimeoutExpired:
            served.process.kill()
            served.process.wait()
    for pid in games:  # they exit on their own; never leave one behind a failed test
        try:
            wait_until(lambda pid=pid: not alive(pid), 5, f"game {pid} to exit")
        except AssertionError:
            os.kill(pid, signal.SIGKILL)
