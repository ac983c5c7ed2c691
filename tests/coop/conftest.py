"""Helpers for shared-game tests: a host core with stand-in connections (no
socket), and real `shamble host` / `shamble join` processes, each player
under an account of their own (tests/coop/as_account.py)."""

from __future__ import annotations

import os
import shutil
import signal
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from engine import Game
from hosting import protocol as p
from hosting.host import Host
from hosting.seats import SeatTable, seat_specs

REPO = Path(__file__).resolve().parents[2]
AS_ACCOUNT = Path(__file__).with_name("as_account.py")
# A player's process starts with -S: no .pth file of this machine's Python
# imports anything before as_account drops to the player's uid (one here
# imported importlib.readers, which hid that a plain install would fail), and
# it finds the installed packages on PYTHONPATH instead.
SITE = [p for p in sys.path if p.endswith("-packages") and os.path.isdir(p)]
PLAYERS_GID = 60000  # the co-op group the tests' players share
ALICE, BOB, CAROL = 60001, 60002, 60003  # bare uids: the host names them uid60001...


# -- the host core with stand-in connections ------------------------------------------
class FakeConn:
    """A connection that records what the host sends it."""

    shared_stream = False
    _n = 0

    def __init__(self, account: str) -> None:
        FakeConn._n += 1
        self.id = f"{account}-{FakeConn._n}"
        self.account = account
        self.replica = ""
        self.sent: list[Any] = []
        self.closed = False

    def send(self, message: p.Message) -> None:
        self.sent.append(message)

    def close(self) -> None:
        self.closed = True

    def of(self, kind: type) -> list[Any]:
        return [m for m in self.sent if isinstance(m, kind)]

    def last(self, kind: type) -> Any:
        return self.of(kind)[-1]


class HostBench:
    """A Host over a game with no socket: `join` connects an account, `ask`
    sends a request and returns the host's Result, `run_bots` lets due bot
    moves happen."""

    def __init__(self, game: Game, seats_path: Path | None = None) -> None:
        self.due: list[Any] = []
        self.table = SeatTable(seat_specs(game), seats_path)
        self.host = Host(
            "bench",
            game,
            "2026-01-01T00:00:00+00:00",
            self.table,
            schedule=lambda delay, fn: self.due.append(fn),
            bot_pace=0,
        )
        self.game = game
        self._refs = 0

    def join(self, account: str, **hello: Any) -> FakeConn:
        conn = FakeConn(account)
        self.host.hello(conn, p.Hello(version=p.PROTOCOL, **hello))
        return conn

    def ask(self, conn: FakeConn, make: Any, *args: Any) -> p.Result:
        self._refs += 1
        self.host.handle(conn, make(self._refs, *args))
        return next(m for m in reversed(conn.sent) if isinstance(m, p.Result))

    def submit(self, conn: FakeConn, **command: Any) -> p.Result:
        return self.ask(conn, lambda ref: p.Submit(ref=ref, command=command))

    def run_bots(self, limit: int = 2000) -> int:
        moves = 0
        while self.due and moves < limit:
            self.due.pop(0)()
            moves += 1
        return moves


@pytest.fixture
def station_bench():
    def make(players: str = "2", undo: str = "casual", seed: int = 1, **kw: Any) -> HostBench:
        game = Game.new("station", mission="tutorial", seed=seed, players=players, undo=undo, **kw)
        return HostBench(game)

    return make


# -- real processes ------------------------------------------------------------------------
def needs_root() -> None:
    if os.geteuid() != 0:
        pytest.skip("players of other accounts need root to stand in for them")


class CoopPlace:
    """A host account's SHAMBLE_HOME and a co-op folder shared with the
    players' group (mode 3770, sticky), both short paths under /tmp (socket paths
    have a length limit); every process started here is stopped by its id."""

    def __init__(self) -> None:
        self.root = Path(tempfile.mkdtemp(prefix="shco", dir="/tmp"))
        self.home = self.root / "h"
        self.dir = self.root / "r"
        self.out = self.root / "out"  # where players write their replicas
        for folder in (self.home, self.dir, self.out):
            folder.mkdir()
        os.chmod(self.out, 0o1777)
        os.chmod(self.root, 0o755)
        if os.geteuid() == 0:
            os.chown(self.dir, 0, PLAYERS_GID)
        os.chmod(self.dir, 0o3770)
        self.env = {
            **os.environ,
            "SHAMBLE_HOME": str(self.home),
            "SHAMBLE_COOP_DIR": str(self.dir),
            "SHAMBLE_FSYNC": "1",
            "PYTHONPATH": str(REPO),
        }
        self.env.pop("XDG_RUNTIME_DIR", None)
        self.procs: list[subprocess.Popen] = []
        self._joins = 0
        self.hosts: set[int] = set()

    def cli(self, *args: str, timeout: float = 30) -> subprocess.CompletedProcess:
        return subprocess.run(
            [sys.executable, "-m", "tui.cli", *args],
            cwd=REPO,
            env=self.env,
            capture_output=True,
            text=True,
            timeout=timeout,
        )

    def host(self, *args: str) -> str:
        """`shamble host ARGS` (detached, bots without pause): the game's name."""
        done = self.cli("host", "--bot-pace", "0", *args)
        assert done.returncode == 0, done.stderr
        name = done.stdout.strip()
        self.hosts.add(self.host_pid(name))
        return name

    def host_pid(self, name: str) -> int:
        return int((self.dir / f"{name}.pid").read_text())

    def join(self, uid: int, name: str, *args: str) -> subprocess.Popen:
        """`shamble join NAME ARGS` as the player with this uid. Its output goes
        to files (a full pipe nobody reads would stall the player, and the game)."""
        self._joins += 1
        out = self.root / f"join{self._joins}.out"
        err = self.root / f"join{self._joins}.err"
        with open(out, "w") as stdout, open(err, "w") as stderr:
            proc = subprocess.Popen(
                [
                    sys.executable,
                    "-S",
                    str(AS_ACCOUNT),
                    str(uid),
                    str(PLAYERS_GID),
                    "join",
                    name,
                    *args,
                ],  # fmt: skip
                cwd=REPO,
                env={**self.env, "PYTHONPATH": os.pathsep.join([str(REPO), *SITE])},
                stdout=stdout,
                stderr=stderr,
                text=True,
            )
        proc.out_path, proc.err_path = out, err  # type: ignore[attr-defined]
        self.procs.append(proc)
        return proc

    def join_seated(self, uid: int, name: str, *args: str) -> subprocess.Popen:
        """join, then wait until the host has seated the player (seats go to
        players in the order they join)."""
        proc = self.join(uid, name, *args)
        end = time.monotonic() + 20
        while '"joined"' not in proc.out_path.read_text():
            assert proc.poll() is None, proc.err_path.read_text()
            assert time.monotonic() < end, "the player was not seated in 20 s"
            time.sleep(0.02)
        return proc

    def kill_host(self, name: str) -> None:
        pid = self.host_pid(name)
        os.kill(pid, signal.SIGKILL)
        wait_gone(pid)
        self.hosts.discard(pid)

    def save(self, name: str) -> Path:
        return self.home / "saves" / f"{name}.shamble"

    def close(self) -> None:
        for proc in self.procs:
            if proc.poll() is None:
                proc.kill()
                proc.wait(timeout=10)
        for pid in self.hosts:
            try:
                if b"tui.cli" in Path(f"/proc/{pid}/cmdline").read_bytes():  # still our host
                    os.kill(pid, signal.SIGTERM)
                    wait_gone(pid)
            except (OSError, ProcessLookupError):
                pass
        shutil.rmtree(self.root, ignore_errors=True)


def wait_gone(pid: int, timeout: float = 10) -> None:
    """Wait for a process to end (a detached host's zombie counts as ended:
    reaping it is init's business)."""
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        try:
            status = Path(f"/proc/{pid}/status").read_text()
        except OSError:
            return
        if "\nState:\tZ" in status:
            return
        time.sleep(0.02)
    raise AssertionError(f"process {pid} is still running after {timeout} s")


def finish(proc: subprocess.Popen, timeout: float = 60) -> tuple[int, str, str]:
    """A player process's exit status, output and errors, once it has ended."""
    proc.wait(timeout=timeout)
    return proc.returncode, proc.out_path.read_text(), proc.err_path.read_text()


@pytest.fixture
def accounts():
    """Real login accounts shtest-alice, -bob and -mallory (tests/coop/accounts.py)."""
    needs_root()
    from tests.coop.accounts import Accounts

    try:
        made = Accounts(("alice", "bob", "mallory"))
    except RuntimeError as e:
        pytest.skip(str(e))
    try:
        yield made
    finally:
        made.close()


@pytest.fixture
def place() -> Iterator[CoopPlace]:
    where = CoopPlace()
    try:
        yield where
    finally:
        where.close()
