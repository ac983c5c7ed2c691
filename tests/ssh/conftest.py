"""Fixtures for playing Shamble over a real SSH connection (issue 7).

`sshd`: one throwaway OpenSSH server per test process, installed from Debian's
packages when missing; the tests are skipped, saying why, only if that fails.
`terminals`: tmux windows running the ssh client. `player_home`: the test
player's $SHAMBLE_HOME, emptied before each test."""

from __future__ import annotations

import shutil
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).parent))

import sshd_fixture  # noqa: E402


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line(
        "markers", "ssh: plays over a real sshd on 127.0.0.1 (deselect with -m 'not ssh')"
    )


@pytest.fixture(scope="session")
def sshd(tmp_path_factory):
    why = sshd_fixture.ensure_tools()
    if why is not None:
        pytest.skip(f"SSH tests need OpenSSH and tmux: {why}")
    server = sshd_fixture.Sshd(tmp_path_factory.mktemp("sshd"))
    server.start()
    yield server
    server.stop()


@pytest.fixture
def player_home(sshd) -> Path:
    """The player's $SHAMBLE_HOME, empty, with no game from an earlier test running."""
    sshd_fixture.reap_games(sshd, timeout=0)
    shutil.rmtree(sshd.player_home, ignore_errors=True)
    return sshd.player_home


@pytest.fixture
def terminals(sshd, player_home):
    yield from sshd_fixture.terminals(sshd)
