"""A throwaway OpenSSH server on 127.0.0.1 running the hosting guide's setup,
and tmux terminals that connect to it with the real ssh client.

The sshd `Match` block and the `shamble-ssh` wrapper are read from
docs/hosting.md, so the tests check what a host copies. The test user is
root (`PermitRootLogin prohibit-password`): the project's Python lives under
/root, which no other account may read. Every wait here has a deadline."""

from __future__ import annotations

import fcntl
import os
import re
import shlex
import shutil
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
GUIDE = REPO / "docs" / "hosting.md"
INSTALL_LOCK = Path("/tmp/shamble-tests-openssh-install.lock")

# What the guide names, and what the tests put in its place.
GUIDE_USERS = "Match User alice,bob,carol"
GUIDE_WRAPPER = "/usr/local/bin/shamble-ssh"
GUIDE_HOMES = "/srv/shamble"
GUIDE_SHAMBLE = "/opt/shamble/venv/bin/shamble"


def guide_block(name: str) -> str:
    """The fenced block between <!-- name --> and <!-- /name --> in the guide."""
    text = GUIDE.read_text(encoding="utf-8")
    found = re.search(rf"<!-- {name} -->\n```[a-z]*\n(.*?)```\n<!-- /{name} -->", text, re.S)
    if found is None:
        raise AssertionError(f"docs/hosting.md has no <!-- {name} --> block")
    return found.group(1)


def find_sshd() -> str | None:
    return shutil.which("sshd") or next(
        (p for p in ("/usr/sbin/sshd", "/usr/local/sbin/sshd") if os.access(p, os.X_OK)), None
    )


def tools_missing() -> list[str]:
    missing = [] if find_sshd() else ["openssh-server"]
    if not (shutil.which("ssh") and shutil.which("ssh-keygen")):
        missing.append("openssh-client")
    if not shutil.which("tmux"):
        missing.append("tmux")
    return missing


def ensure_tools(timeout: float = 300) -> str | None:
    """Install OpenSSH (and tmux) from Debian's packages when missing.
    None when everything is there, else why not. One installer at a time
    (pytest -n runs several workers)."""
    if not tools_missing():
        return None
    with open(INSTALL_LOCK, "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        missing = tools_missing()
        if not missing:
            return None
        if os.geteuid() != 0 or not shutil.which("apt-get"):
            return (
                f"{', '.join(missing)} missing and cannot be installed here (need root and apt-get)"
            )
        command = "apt-get update -qq && apt-get install -y -qq " + " ".join(missing)
        env = {**os.environ, "DEBIAN_FRONTEND": "noninteractive"}
        try:
            done = subprocess.run(
                ["sh", "-c", command], capture_output=True, text=True, timeout=timeout, env=env
            )
        except subprocess.TimeoutExpired:
            return f"installing {', '.join(missing)} took over {timeout:.0f} s"
        if done.returncode != 0 or tools_missing():
            tail = (done.stderr or done.stdout).strip().splitlines()[-3:]
            return f"could not install {', '.join(missing)}: {' / '.join(tail)}"
    return None


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


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


def write(path: Path, text: str, mode: int = 0o644) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")
    path.chmod(mode)
    return path


class Sshd:
    """sshd -D on a free loopback port with the guide's Match block for root."""

    def __init__(self, root: Path) -> None:
        self.root = root
        self.homes = root / "srv"  # stands in for /srv/shamble
        self.key = root / "client_ed25519"
        self.port = 0
        self.process: subprocess.Popen | None = None
        self.log = root / "sshd.log"
        for key in (root / "host_ed25519", self.key):
            subprocess.run(
                [
                    "ssh-keygen",
                    "-q",
                    "-t",
                    "ed25519",
                    "-N",
                    "",
                    "-C",
                    "shamble-test",
                    "-f",
                    str(key),
                ],
                check=True,
                timeout=20,
            )
        write(root / "authorized_keys", (root / "client_ed25519.pub").read_text(), 0o600)
        launcher = write(
            root / "bin" / "shamble",
            f'#!/bin/sh\ncd {shlex.quote(str(REPO))} && exec {shlex.quote(sys.executable)} -m tui.cli "$@"\n',
            0o755,
        )
        wrapper = guide_block("shamble-ssh")
        for old, new in ((GUIDE_HOMES, str(self.homes)), (GUIDE_SHAMBLE, str(launcher))):
            assert old in wrapper, f"the guide's wrapper no longer mentions {old}"
            wrapper = wrapper.replace(old, new)
        self.wrapper = write(root / "bin" / "shamble-ssh", wrapper, 0o755)
        match = guide_block("sshd-match")
        for old, new in ((GUIDE_USERS, "Match User root"), (GUIDE_WRAPPER, str(self.wrapper))):
            assert old in match, f"the guide's sshd block no longer mentions {old}"
            match = match.replace(old, new)
        self.match = match

    @property
    def player_home(self) -> Path:
        """$SHAMBLE_HOME of the test player (the wrapper's /srv/shamble/$USER)."""
        return self.homes / "root"

    def config(self) -> Path:
        r = self.root
        lines = [
            f"Port {self.port}",
            "ListenAddress 127.0.0.1",
            f"HostKey {r / 'host_ed25519'}",
            f"PidFile {r / 'sshd.pid'}",
            f"AuthorizedKeysFile {r / 'authorized_keys'}",
            "PubkeyAuthentication yes",
            "PasswordAuthentication no",
            "KbdInteractiveAuthentication no",
            "PermitRootLogin prohibit-password",
            "StrictModes no",
            "UsePAM no",
            "PrintMotd no",
            "PrintLastLog no",
            "Banner none",
            "LogLevel VERBOSE",
            "",
            self.match,
        ]
        return write(r / "sshd_config", "\n".join(lines) + "\n", 0o600)

    def start(self, timeout: float = 15) -> None:
        sshd = find_sshd()
        assert sshd, "sshd is not installed"
        Path("/run/sshd").mkdir(mode=0o755, exist_ok=True)  # privilege separation
        for _attempt in range(3):  # another process may take the free port first
            self.port = free_port()
            config = self.config()
            checked = subprocess.run(
                [sshd, "-t", "-f", str(config)], capture_output=True, text=True, timeout=20
            )
            assert checked.returncode == 0, f"sshd rejects the config: {checked.stderr}"
            log = open(self.log, "ab")
            self.process = subprocess.Popen(
                [sshd, "-D", "-e", "-f", str(config)], stdout=log, stderr=subprocess.STDOUT
            )
            log.close()
            if self._wait_listening(timeout):
                return
            self.stop()
        raise AssertionError(f"sshd did not start; its log:\n{self.log.read_text()[-2000:]}")

    def _wait_listening(self, timeout: float) -> bool:
        end = time.monotonic() + timeout
        while time.monotonic() < end:
            if self.process is None or self.process.poll() is not None:
                return False
            try:
                with socket.create_connection(("127.0.0.1", self.port), timeout=2) as s:
                    s.settimeout(2)
                    if s.recv(64).startswith(b"SSH-"):
                        return True
            except OSError:
                time.sleep(0.05)
        return False

    def stop(self) -> None:
        if self.process is not None and self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(timeout=5)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait(timeout=5)
        self.process = None

    def ssh_argv(self, *remote: str, tty: bool = True, send_env: tuple[str, ...] = ()) -> list[str]:
        argv = ["ssh", "-tt"] if tty else ["ssh", "-T"]
        argv += [
            "-F", "/dev/null",
            "-i", str(self.key),
            "-p", str(self.port),
            "-o", "StrictHostKeyChecking=no",
            "-o", "UserKnownHostsFile=/dev/null",
            "-o", "IdentitiesOnly=yes",
            "-o", "BatchMode=yes",
            "-o", "LogLevel=ERROR",
            "-o", "ConnectTimeout=10",
        ]  # fmt: skip
        for name in send_env:
            argv += ["-o", f"SendEnv={name}"]
        return [*argv, "root@127.0.0.1", *(["--", *remote] if remote else [])]

    def game_processes(self) -> list[int]:
        """Pids of the Python processes playing with this server's player home."""
        marker = f"SHAMBLE_HOME={self.player_home}".encode()
        found = []
        for entry in Path("/proc").iterdir():
            if not entry.name.isdigit():
                continue
            try:
                environ = (entry / "environ").read_bytes().split(b"\0")
                cmdline = (entry / "cmdline").read_bytes()
            except OSError:
                continue  # gone, or a kernel thread
            if marker in environ and b"tui.cli" in cmdline:
                found.append(int(entry.name))
        return found


def process_note(pid: int) -> str:
    """What a stuck process is doing: its state and each thread's wait channel."""
    try:
        state = next(
            line
            for line in Path(f"/proc/{pid}/status").read_text().splitlines()
            if line.startswith("State")
        )
        waits = [(task / "wchan").read_text() for task in Path(f"/proc/{pid}/task").iterdir()]
    except (OSError, StopIteration):
        return f"pid {pid}: gone"
    return f"pid {pid}: {state.split(':', 1)[1].strip()}, threads waiting in {waits}"


def reap_games(sshd: Sshd, timeout: float = 5) -> list[str]:
    """Wait for the server-side games to exit; kill and describe any that do not."""
    end = time.monotonic() + timeout
    while sshd.game_processes() and time.monotonic() < end:
        time.sleep(0.05)
    stuck = []
    for pid in sshd.game_processes():
        stuck.append(process_note(pid))
        try:
            os.kill(pid, signal.SIGKILL)
        except ProcessLookupError:
            pass
    return stuck


class SshTerminal:
    """A tmux window (its own tmux server) whose one pane runs the ssh client."""

    def __init__(
        self,
        sshd: Sshd,
        *remote: str,
        term: str = "xterm-256color",
        env: dict[str, str] | None = None,
        size: tuple[int, int] = (80, 24),
    ) -> None:
        self.socket = f"shamble-ssh-{os.getpid()}-{time.monotonic_ns()}"
        self.name = "play"
        self.status_file = sshd.root / f"{self.socket}.status"
        extra = dict(env or {})
        argv = sshd.ssh_argv(*remote, send_env=tuple(extra))
        assignments = [f"TERM={term}"] + [f"{k}={v}" for k, v in extra.items()]
        # sh waits for ssh and writes down its exit status (tmux's own
        # pane_dead_status is sometimes still blank when the pane is dead).
        keeper = f'"$@"; echo $? > {shlex.quote(str(self.status_file))}'
        command = shlex.join(["exec", "env", *assignments, "sh", "-c", keeper, "sh", *argv])
        width, height = size
        self.tmux(
            "new-session", "-d", "-s", self.name, "-x", str(width), "-y", str(height), command
        )
        self.tmux("set-option", "-t", self.name, "remain-on-exit", "on")

    def tmux(self, *args: str) -> str:
        done = subprocess.run(
            ["tmux", "-L", self.socket, *args], capture_output=True, text=True, timeout=10
        )
        assert done.returncode == 0, f"tmux {' '.join(args)}: {done.stderr}"
        return done.stdout

    def screen(self) -> str:
        return self.tmux("capture-pane", "-p", "-t", self.name)

    def keys(self, *keys: str, pause: float = 0.1) -> None:
        """Press keys one at a time (tmux key names: Enter, Escape, BTab, C-p)."""
        for key in keys:
            self.tmux("send-keys", "-t", self.name, key)
            time.sleep(pause)

    def type(self, text: str) -> None:
        self.tmux("send-keys", "-t", self.name, "-l", text)

    def wait_for(self, *texts: str, timeout: float = 20, gone: tuple[str, ...] = ()) -> str:
        """The screen once every text is on it and none of `gone` is."""

        def ready() -> str | None:
            screen = self.screen()
            if all(t in screen for t in texts) and not any(t in screen for t in gone):
                return screen
            return None

        try:
            return wait_until(ready, timeout, f"{texts!r} on screen (and not {gone!r})", 0.03)
        except AssertionError as e:
            raise AssertionError(f"{e}; the screen:\n{self.screen()}") from None

    def wait_match(self, pattern: str, timeout: float = 10) -> str:
        """The screen once the regular expression matches it."""

        def matched() -> str | None:
            screen = self.screen()
            return screen if re.search(pattern, screen) else None

        try:
            return wait_until(matched, timeout, f"{pattern!r} on screen", 0.03)
        except AssertionError as e:
            raise AssertionError(f"{e}; the screen:\n{self.screen()}") from None

    def pane(self, field: str) -> str:
        return self.tmux("display-message", "-p", "-t", self.name, f"#{{{field}}}").strip()

    def client_pid(self) -> int:
        """The ssh client: the one child of the pane's sh."""
        sh = int(self.pane("pane_pid"))
        children = wait_until(
            lambda: Path(f"/proc/{sh}/task/{sh}/children").read_text().split(), 5, "ssh to start"
        )
        return int(children[0])

    def wait_dead(self, timeout: float = 10) -> int:
        """The ssh client's exit status (255: killed or the connection failed)."""
        wait_until(self.status_file.exists, timeout, "the ssh client to exit")
        text = wait_until(lambda: self.status_file.read_text().strip(), 2, "its exit status")
        return int(text)

    def resize(self, width: int, height: int) -> None:
        self.tmux("resize-window", "-t", self.name, "-x", str(width), "-y", str(height))

    def close(self) -> None:
        try:
            pid = None if self.status_file.exists() else self.client_pid()
        except (AssertionError, ValueError, OSError, subprocess.TimeoutExpired):
            pid = None
        if pid:
            try:
                os.kill(pid, signal.SIGTERM)
            except ProcessLookupError:
                pass
        subprocess.run(["tmux", "-L", self.socket, "kill-server"], capture_output=True, timeout=10)


def target(term: SshTerminal, key: str, prompt: str) -> None:
    """An action that targets a zone: its key, the prompt, then Enter on the
    first target (a player reads the prompt before confirming, so do we)."""
    term.keys(key)
    term.wait_for(prompt)
    term.keys("Enter")


def terminals(sshd: Sshd) -> Iterator:
    """A factory of SshTerminals, all closed afterwards (generator for fixtures).
    Closing one drops its connection: the game on the server must then exit
    within 5 s; one that does not is killed and fails the test."""
    opened: list[SshTerminal] = []

    def open_terminal(*remote: str, **kwargs) -> SshTerminal:
        t = SshTerminal(sshd, *remote, **kwargs)
        opened.append(t)
        return t

    yield open_terminal
    for t in opened:
        t.close()
    stuck = reap_games(sshd)
    assert not stuck, f"games still running 5 s after their connection closed: {stuck}"
