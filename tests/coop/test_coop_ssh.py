"""Two friends, two accounts, two SSH sessions, one shared game (issue 19).

A real sshd runs the hosting guide's Match block and wrapper for two real
accounts (tests/coop/accounts.py); each player is a tmux pane running the
real `ssh` client. Alice hosts from the title screen's Host dialog, Bob joins
from Join; each plays their own survivors and sees the other's moves as they
arrive; Bob may not undo Alice's move. Then the bot plays both their seats
through the headless client (`shamble join NAME --bot`, one per account) to
the end of the mission, which both screens show.

The co-op folder stands in for the guide's /run/shamble (the group's folder):
the launcher the wrapper runs points SHAMBLE_COOP_DIR at a folder of the
accounts' group, so the test leaves /run alone."""

from __future__ import annotations

import os
import re
import shlex
import shutil
import signal
import subprocess
import sys
import tempfile
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.coop.conftest import REPO, needs_root, wait_gone
from tests.ssh.sshd_fixture import (
    GUIDE_USERS,
    GUIDE_WRAPPER,
    Sshd,
    SshTerminal,
    ensure_tools,
    guide_block,
    write,
)

PLAYERS = ("alice", "bob")


class Login:
    """The test's sshd as one account logs in to it (SshTerminal asks it)."""

    def __init__(self, sshd: Sshd, account: str) -> None:
        self.sshd = sshd
        self.account = account
        self.root = sshd.root

    def ssh_argv(self, *remote: str, **kwargs) -> list[str]:
        argv = self.sshd.ssh_argv(*remote, **kwargs)
        return [f"{self.account}@127.0.0.1" if a == "root@127.0.0.1" else a for a in argv]


class Box:
    """One machine two friends ssh into: the accounts, the sshd, the group's
    co-op folder, and what the players run there."""

    def __init__(self) -> None:
        from tests.coop.accounts import Accounts

        self.accounts = Accounts(PLAYERS)
        self.terminals: list[SshTerminal] = []
        self.root = Path(tempfile.mkdtemp(prefix="shssh", dir="/tmp"))
        os.chmod(self.root, 0o755)
        self.sshd: Sshd | None = None
        try:
            self._set_up()
        except BaseException:
            self.close()
            raise

    def _set_up(self) -> None:
        gid = self.accounts.gid
        for name in self.accounts.names:  # useradd locks the password: sshd would refuse keys
            subprocess.run(["usermod", "-p", "*", name], check=True, timeout=30)
        self.coop = self.root / "run-shamble"  # the guide's /run/shamble: root:group, 3770
        self.coop.mkdir()
        os.chown(self.coop, 0, gid)
        os.chmod(self.coop, 0o3770)
        (self.root / "sshd").mkdir()
        sshd = self.sshd = Sshd(self.root / "sshd")
        os.chmod(sshd.root, 0o755)
        os.chmod(sshd.root / "authorized_keys", 0o644)  # read as the account logging in
        sshd.match = (
            guide_block("sshd-match")
            .replace(GUIDE_USERS, "Match User " + ",".join(self.accounts.names))
            .replace(GUIDE_WRAPPER, str(sshd.wrapper))
        )
        write(
            sshd.root / "bin" / "shamble",
            "#!/bin/sh\n"
            f"export SHAMBLE_COOP_DIR={shlex.quote(str(self.coop))}\n"
            f'cd {shlex.quote(str(REPO))} && exec {shlex.quote(sys.executable)} -m tui.cli "$@"\n',
            0o755,
        )
        sshd.homes.mkdir(mode=0o755, exist_ok=True)
        for name in self.accounts.names:
            home = sshd.homes / name  # the wrapper's SHAMBLE_HOME: /srv/shamble/$USER
            home.mkdir(mode=0o700)
            os.chown(home, self.accounts.uid(name), gid)
        sshd.start()

    def login(self, account: str) -> SshTerminal:
        term = SshTerminal(Login(self.sshd, account))  # type: ignore[arg-type]
        self.terminals.append(term)
        return term

    def headless(self, account: str, *args: str) -> subprocess.Popen:
        """`shamble join ARGS` as the account, as the wrapper would set it up."""
        env = {
            "PATH": os.environ.get("PATH", "/usr/bin:/bin"),
            "HOME": str(self.accounts.home(account)),
            "SHAMBLE_HOME": str(self.sshd.homes / account),
            "SHAMBLE_COOP_DIR": str(self.coop),
        }
        argv = self.accounts.argv(account, sys.executable, "-m", "tui.cli", "join", *args)
        return subprocess.Popen(
            argv, cwd=REPO, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True
        )

    def hosts(self) -> list[int]:
        pids = []
        for pid_file in self.coop.glob("*.pid"):
            try:
                pids.append(int(pid_file.read_text()))
            except (OSError, ValueError):
                pass
        return pids

    def games(self) -> list[int]:
        """Pids of the Shamble processes the players' accounts run."""
        uids = {str(self.accounts.uid(n)) for n in self.accounts.names}
        found = []
        for entry in Path("/proc").iterdir():
            try:
                status = (entry / "status").read_text() if entry.name.isdigit() else ""
                cmdline = (entry / "cmdline").read_bytes() if status else b""
            except OSError:
                continue
            uid = next((ln.split()[1] for ln in status.splitlines() if ln.startswith("Uid:")), "")
            if uid in uids and b"tui.cli" in cmdline:
                found.append(int(entry.name))
        return found

    def close(self) -> None:
        for term in self.terminals:
            term.close()
        for pid in self.hosts():
            try:
                if b"tui.cli" in Path(f"/proc/{pid}/cmdline").read_bytes():
                    os.kill(pid, signal.SIGTERM)
                    wait_gone(pid)
            except OSError:
                pass
        if self.sshd is not None:
            self.sshd.stop()
        for pid in self.games():  # a game whose connection did not end it
            try:
                os.kill(pid, signal.SIGKILL)
            except ProcessLookupError:
                pass
        self.accounts.close()
        shutil.rmtree(self.root, ignore_errors=True)


@pytest.fixture
def box() -> Iterator[Box]:
    needs_root()
    why = ensure_tools()
    if why is not None:
        pytest.skip(f"needs OpenSSH and tmux: {why}")
    try:
        made = Box()
    except RuntimeError as e:
        pytest.skip(str(e))
    try:
        yield made
    finally:
        made.close()


def press(term: SshTerminal, *keys: str) -> None:
    term.keys(*keys, pause=0.15)


def end_turn(term: SshTerminal, who: str) -> None:
    """e ends the selected survivor's turn (y, if the status line asks)."""
    press(term, "e")
    screen = term.wait_match(rf"{who} is done for this round|y yes, n no", timeout=10)
    if "y yes, n no" in screen and f"{who} is done" not in screen:
        press(term, "y")


def test_two_friends_host_and_join_over_ssh_and_play_the_tutorial_to_the_end(box):
    alice, bob = (f"shtest-{p}" for p in PLAYERS)
    a = box.login(alice)
    a.wait_for("Host a shared game", "Join a shared game")
    press(a, "h")
    a.wait_for("Host a shared game", "Players", "Host is at the bottom")
    # the dialog opens on its first row: Mode <- Cancel <- Host <- Undo <- Seed <- Players
    press(a, "BTab", "BTab", "BTab", "BTab", "BTab", "Enter")  # the Players drop-down
    a.wait_for("2 players")
    press(a, "Down", "Enter")
    a.wait_for("P2")  # survivors dealt to two players
    press(a, "Tab", "Enter")  # Enter in the seed field hosts
    # the whole line, not its first words: the screen may be caught mid-draw
    screen = a.wait_for("You joined", " as shtest-alice: ", "Players  undo", timeout=40)
    name = re.search(r"You joined (\S+) as shtest-alice", screen).group(1)
    assert "Player 1 shtest-alice (you)" in screen and "Player 2 open" in screen

    b = box.login(bob)
    b.wait_for("Join a shared game")
    press(b, "o")
    b.wait_for(name, "Player 1: shtest-alice; Player 2: open", "1 game to join")
    press(b, "Enter")
    screen = b.wait_for("You joined", f"{name} as shtest-bob: Player 2 (Lin, Ruiz)")
    assert "Player 1 shtest-alice" in screen and "Player 2 shtest-bob (you)" in screen
    a.wait_for("shtest-bob sat down at Player 2.")

    # each plays their own survivors; the other's screen tells it, with who
    end_turn(a, "Vega")
    b.wait_for("Player 1 (shtest-alice): Vega is done for this round.")
    press(b, "C-z")  # not Bob's move to take back
    b.wait_for("No undo: only Player 1 (shtest-alice) may undo the last move")
    end_turn(b, "Lin")
    a.wait_for("Player 2 (shtest-bob): Lin is done for this round.")
    press(b, "C-z")  # his own: he may
    b.wait_for("Undone: Lin is done for this round.")
    a.wait_for("Player 2 (shtest-bob): Undone: Lin")
    press(b, "C-y")
    b.wait_for("Redone: Lin")

    # the rest of the mission: the bot plays each friend's seats, from their own accounts
    bots = [box.headless(who, name, "--bot", "--quiet", "--timeout", "30") for who in (alice, bob)]
    for proc in bots:
        out, err = proc.communicate(timeout=60)
        assert proc.returncode == 0, err
        assert '"outcome": "won"' in out or '"outcome": "lost"' in out
    for term in (a, b):
        screen = term.wait_match(r"MISSION (WON|LOST)", timeout=30)
        assert "Back to the title screen" in screen
    press(b, "t")
    b.wait_for("Join a shared game")
    press(a, "t")
    a.wait_for("Join a shared game")
    press(a, "q")
    a.wait_for("Quit Shamble?")
    press(a, "y")
    assert a.wait_dead(timeout=15) == 0
