"""A throwaway redis-server on 127.0.0.1 (a free port, nothing saved to disk)
with the ACL users of docs/hosting.md, read from the guide itself: players
who may append only to their own `in:` stream and read only their own
`out:` stream and the log, and the host's user."""

from __future__ import annotations

import fcntl
import os
import re
import shutil
import signal
import socket
import subprocess
import tempfile
import time
from pathlib import Path

import pytest

INSTALL_LOCK = Path("/tmp/shamble-tests-redis-install.lock")
GUIDE = Path(__file__).resolve().parents[2] / "docs" / "hosting.md"
PLAYERS = {"alice": "alice-pw", "bob": "bob-pw"}
HOST_USER = ("shamble-host", "host-pw")


def guide_acl() -> dict[str, list[str]]:
    """The ACL SETUSER arguments of the hosting guide, by user it names."""
    text = GUIDE.read_text(encoding="utf-8")
    found = re.search(
        r"<!-- coop-redis-acl -->\n```\n(.*?)```\n<!-- /coop-redis-acl -->", text, re.S
    )
    assert found, "docs/hosting.md has no <!-- coop-redis-acl --> block"
    users = {}
    for line in found.group(1).splitlines():
        words = line.split()
        assert words[:2] == ["ACL", "SETUSER"], line
        users[words[2]] = words[2:]
    return users


def acl_for(account: str, password: str) -> list[str]:
    """The guide's player ACL (written for alice) for another account."""
    words = guide_acl()["alice"]
    return [w.replace(">alice-password", f">{password}").replace("alice", account) for w in words]


def host_acl() -> list[str]:
    user, password = HOST_USER
    return [w.replace(">host-password", f">{password}") for w in guide_acl()[user]]


def ensure_redis() -> str | None:
    """The redis-server binary, installing Debian's package when missing."""
    found = shutil.which("redis-server")
    if found or os.geteuid() != 0 or not shutil.which("apt-get"):
        return found
    with open(INSTALL_LOCK, "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        if not shutil.which("redis-server"):
            subprocess.run(
                ["sh", "-c", "apt-get update -qq && apt-get install -y -qq redis-server"],
                capture_output=True,
                timeout=300,
                env={**os.environ, "DEBIAN_FRONTEND": "noninteractive"},
            )
    return shutil.which("redis-server")


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class RedisServer:
    def __init__(self, binary: str) -> None:
        self.folder = Path(tempfile.mkdtemp(prefix="shrd", dir="/tmp"))
        self.port = 0
        for _attempt in range(3):
            self.port = free_port()
            self.process = subprocess.Popen(
                [binary, "--port", str(self.port), "--bind", "127.0.0.1", "--save", "",
                 "--appendonly", "no", "--dir", str(self.folder), "--daemonize", "no"],
                stdout=subprocess.DEVNULL,
                stderr=subprocess.STDOUT,
            )  # fmt: skip
            if self._ready():
                break
            self.stop()
        else:
            raise AssertionError("redis-server did not start")
        for account, password in PLAYERS.items():
            assert self.cli("ACL", "SETUSER", *acl_for(account, password)) == "OK"
        assert self.cli("ACL", "SETUSER", *host_acl()) == "OK"

    def kill(self) -> None:
        """SIGKILL the server mid-game (what it held is lost: nothing is saved)."""
        self.process.kill()
        self.process.wait(timeout=10)

    def restart(self, binary: str) -> None:
        """A new server on the same port, with the same ACL users, empty."""
        self.process = subprocess.Popen(
            [binary, "--port", str(self.port), "--bind", "127.0.0.1", "--save", "",
             "--appendonly", "no", "--dir", str(self.folder), "--daemonize", "no"],
            stdout=subprocess.DEVNULL,
            stderr=subprocess.STDOUT,
        )  # fmt: skip
        assert self._ready(), "redis-server did not start again"
        for account, password in PLAYERS.items():
            assert self.cli("ACL", "SETUSER", *acl_for(account, password)) == "OK"
        assert self.cli("ACL", "SETUSER", *host_acl()) == "OK"

    def _ready(self, timeout: float = 10) -> bool:
        end = time.monotonic() + timeout
        while time.monotonic() < end:
            if self.process.poll() is not None:
                return False
            try:
                if self.cli("PING") == "PONG":
                    return True
            except (OSError, AssertionError):
                pass
            time.sleep(0.05)
        return False

    def cli(self, *args: str, user: str | None = None) -> str:
        """One command through redis-cli (as `user`, with its password)."""
        argv = ["redis-cli", "-h", "127.0.0.1", "-p", str(self.port), "--no-auth-warning"]
        if user:
            argv += ["--user", user, "--pass", dict([HOST_USER], **PLAYERS)[user]]
        done = subprocess.run(
            [*argv, *args], capture_output=True, encoding="utf-8", errors="replace", timeout=10
        )
        assert done.returncode == 0, done.stderr
        return done.stdout.strip()

    def url(self, user: str | None = None) -> str:
        """The broker's URL for a player, or for the host's own ACL user."""
        user = user or HOST_USER[0]
        who = f"{user}:{dict([HOST_USER], **PLAYERS)[user]}@"
        return f"redis://{who}127.0.0.1:{self.port}/0"

    def stop(self) -> None:
        if self.process.poll() is None:
            self.process.send_signal(signal.SIGTERM)
            try:
                self.process.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait(timeout=5)
        shutil.rmtree(self.folder, ignore_errors=True)


@pytest.fixture(scope="module")
def redis_server():
    binary = ensure_redis()
    if binary is None:
        if os.environ.get("CI"):
            pytest.fail("redis-server is missing: .ci/run installs Debian's redis-server")
        pytest.skip("redis-server is not installed (apt-get install redis-server)")
    server = RedisServer(binary)
    try:
        yield server
    finally:
        server.stop()
