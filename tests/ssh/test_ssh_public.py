"""The machine's list over a real SSH connection (issue 32): alice, a real
account of this machine, plays Outbreak; root connects with ssh through the
guide's wrapper and Match block, sees her game on the title screen, presses
w and watches it live, her moves arriving as a watcher may know them.

The sshd here is this test's own, with the guide's wrapper plus one line
that points SHAMBLE_PUBLIC_DIR at a throwaway public folder (the guide's
default, /var/lib/shamble/public, is the machine's: a test must not make it)."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

import pytest
import sshd_fixture

from tests.coop.conftest import REPO

pytestmark = pytest.mark.ssh
ALICE = "shtest-alice"


@pytest.fixture
def machine(tmp_path):
    if os.geteuid() != 0:
        pytest.skip("a second account needs root")
    why = sshd_fixture.ensure_tools()
    if why is not None:
        pytest.skip(f"SSH tests need OpenSSH and tmux: {why}")
    from tests.coop.accounts import Accounts

    try:
        accounts = Accounts(("alice",))
    except RuntimeError as e:
        pytest.skip(str(e))
    root = Path(tempfile.mkdtemp(prefix="shsshpub", dir="/tmp"))
    server = None
    try:
        os.chmod(root, 0o755)
        public = root / "public"
        public.mkdir()
        os.chmod(public, 0o1777)  # as docs/hosting.md makes /var/lib/shamble/public
        home = root / ALICE
        home.mkdir()
        os.chown(home, accounts.uid(ALICE), accounts.gid)
        os.chmod(home, 0o700)
        (tmp_path / "sshd").mkdir()
        server = sshd_fixture.Sshd(tmp_path / "sshd")
        wrapper = server.wrapper.read_text()
        assert '\nexport SHAMBLE_HOME="' in wrapper
        server.wrapper.write_text(
            wrapper.replace("\nexport SHAMBLE_HOME=", f"\nexport SHAMBLE_PUBLIC_DIR={public}\nexport SHAMBLE_HOME=")
        )  # fmt: skip
        server.player_home.mkdir(parents=True, exist_ok=True)
        server.start()
        yield accounts, public, home, server
    finally:
        if server is not None:
            server.stop()
        accounts.close()
        shutil.rmtree(root, ignore_errors=True)


def test_root_over_ssh_sees_alices_game_on_the_title_and_watches_it(machine):
    accounts, public, home, server = machine
    env = {
        "PATH": os.environ.get("PATH", "/usr/bin:/bin"),
        "HOME": str(home),
        "SHAMBLE_HOME": str(home),
        "SHAMBLE_PUBLIC_DIR": str(public),
        "PYTHONPATH": str(REPO),
        "LANG": "C.UTF-8",
    }
    argv = [sys.executable, "-m", "tui.cli", "--plain", "new", "--mode", "outbreak",
            "--seats", "human,bot", "--seed", "2"]  # fmt: skip
    alice = subprocess.Popen(
        accounts.argv(ALICE, *argv), cwd="/", env=env, stdin=subprocess.PIPE,
        stdout=subprocess.DEVNULL, stderr=subprocess.STDOUT, text=True,
    )  # fmt: skip
    terminals = sshd_fixture.terminals(server)
    open_terminal = next(terminals)
    try:
        sshd_fixture.wait_until(
            lambda: list(public.glob(f"{ALICE}/live/*.json")), 60, "alice's game to be published"
        )
        term = open_terminal()
        term.wait_for(f"Playing now: {ALICE} (outbreak). w watches.", timeout=60)
        term.keys("w")
        term.wait_for("Watch a game", ALICE, "outbreak")
        term.keys("Enter")
        term.wait_for("Watching standard-1 live", "Hands are secret", timeout=60)
        alice.stdin.write("what\n1\n")  # she plays the Fire Axe from her hand
        alice.stdin.flush()
        screen = term.wait_for("Player 1 plays Fire Axe.", timeout=60)
        assert "First Aid" not in screen  # the card still in her hand is hers alone
        # she sees root watching: root's note is in root's own public folder
        assert list(public.glob("root/watching/*.json"))
        term.keys("q")
        term.wait_for("New game", "Quit", gone=("Hands are secret",))
        assert not list(public.glob("root/watching/*.json"))
    finally:
        next(terminals, None)  # closes the terminals, checks no game is left running
        alice.communicate("quit\n", timeout=60)
