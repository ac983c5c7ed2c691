"""Real login accounts for shared-game tests: `shtest-alice`, `shtest-bob`
(and more), in the group `shtest`, able to run this checkout's Python.

The tests' Python lives under /root, which no other account may enter, so
while the accounts exist the group gets traverse permission (x, nothing
else) on each folder of that path that lacks it, through a POSIX ACL entry;
`close` removes the entries, the accounts and the group, and puts each
folder's mode back. One test at a time holds them (a lock file), since the
names and the ACL are machine-wide. For an sshd test: the accounts have
/bin/sh as their shell and a home folder each (`home(account)`)."""

from __future__ import annotations

import fcntl
import grp
import os
import pwd
import shutil
import signal
import struct
import subprocess
import sys
import tempfile
import time
from pathlib import Path

LOCK = Path("/tmp/shamble-tests-accounts.lock")
GROUP = "shtest"
_ACL = "system.posix_acl_access"
_USER_OBJ, _GROUP_OBJ, _GROUP, _MASK, _OTHER = 0x01, 0x04, 0x08, 0x10, 0x20
_NOBODY = 0xFFFFFFFF


def _acl(mode: int, gid: int) -> bytes:
    """An access ACL: the mode's owner, group and other bits, plus x for gid."""
    entries = [
        (_USER_OBJ, (mode >> 6) & 7, _NOBODY),
        (_GROUP_OBJ, (mode >> 3) & 7, _NOBODY),
        (_GROUP, 1, gid),
        (_MASK, ((mode >> 3) & 7) | 1, _NOBODY),
        (_OTHER, mode & 7, _NOBODY),
    ]
    return struct.pack("<I", 2) + b"".join(struct.pack("<HHI", *e) for e in entries)


def _run(*argv: str) -> None:
    done = subprocess.run(argv, capture_output=True, text=True, timeout=30)
    if done.returncode != 0:
        raise AssertionError(f"{' '.join(argv)}: {done.stderr.strip()}")


def _take_lock(deadline: float = 900.0):  # noqa: ANN202 (an open file)
    """The machine-wide lock on the accounts, waited for (another test, of
    this run or another checkout's, may hold them for minutes)."""
    lock = open(LOCK, "a")  # noqa: SIM115 (held until close)
    end = time.monotonic() + deadline
    while True:
        try:
            fcntl.flock(lock, fcntl.LOCK_EX | fcntl.LOCK_NB)
            return lock
        except BlockingIOError:
            if time.monotonic() > end:
                lock.close()
                raise AssertionError(
                    f"the test accounts stayed in use ({LOCK}) for {deadline:.0f} s"
                ) from None
            time.sleep(0.2)


def _exists(look_up, name: str) -> bool:  # noqa: ANN001
    try:
        look_up(name)
    except KeyError:
        return False
    return True


def _end_processes(uids: set[int], deadline: float = 20.0) -> None:
    """SIGKILL every process whose real uid is one of `uids` (test accounts
    only), and wait until they are gone."""
    if not uids:
        return
    end = time.monotonic() + deadline
    while True:
        pids = []
        for entry in Path("/proc").iterdir():
            if not entry.name.isdigit():
                continue
            try:
                status = (entry / "status").read_text()
            except OSError:
                continue
            line = next((ln for ln in status.splitlines() if ln.startswith("Uid:")), "")
            if line and int(line.split()[1]) in uids:
                pids.append(int(entry.name))
        if not pids or time.monotonic() > end:
            return
        for pid in pids:
            try:
                os.kill(pid, signal.SIGKILL)
            except ProcessLookupError:
                pass
        time.sleep(0.1)


class Accounts:
    def __init__(self, names: tuple[str, ...] = ("alice", "bob")) -> None:
        if os.geteuid() != 0 or not shutil.which("useradd") or not shutil.which("setpriv"):
            raise RuntimeError("real accounts need root, useradd and setpriv")
        self._lock = _take_lock()
        self.homes = Path(tempfile.mkdtemp(prefix="shacc", dir="/tmp"))
        os.chmod(self.homes, 0o755)
        self.names = [f"shtest-{n}" for n in names]
        self._opened: list[tuple[Path, int]] = []
        try:
            self._remove_accounts()  # left by a test that was killed
            _run("groupadd", GROUP)
            self.gid = grp.getgrnam(GROUP).gr_gid
            for name in self.names:
                home = self.homes / name
                _run("useradd", "--gid", GROUP, "--shell", "/bin/sh", "--home-dir", str(home),
                     "--create-home", name)  # fmt: skip
            self._open_path(Path(sys.executable).resolve().parent)
            self._open_path(Path(__file__).resolve().parents[2])
        except BaseException:
            self.close()
            raise

    def _open_path(self, folder: Path) -> None:
        """Let the group traverse every folder down to `folder`."""
        for part in [*reversed(folder.parents), folder]:
            mode = part.stat().st_mode & 0o7777
            if mode & 0o001 or any(p == part for p, _m in self._opened):
                continue
            if _ACL in os.listxattr(part):
                raise RuntimeError(f"{part} has an ACL of its own: not touching it")
            os.setxattr(part, _ACL, _acl(mode, self.gid))
            self._opened.append((part, mode))

    def uid(self, account: str) -> int:
        return pwd.getpwnam(account).pw_uid

    def home(self, account: str) -> Path:
        return self.homes / account

    def argv(self, account: str, *command: str) -> list[str]:
        """A command line that runs `command` as `account` (its group: GROUP)."""
        return [
            "setpriv",
            f"--reuid={self.uid(account)}",
            f"--regid={self.gid}",
            f"--groups={self.gid}",
            "--",
            *command,
        ]

    def _remove_accounts(self) -> None:
        """Remove this test's accounts and the group, and any other account a
        killed test left in the group (`shtest-mallory`, say): groupdel
        refuses a group that is still someone's primary group. A process a
        killed test left running as one of them is ended first (userdel
        refuses an account in use). Only ever called holding the lock."""
        try:
            gid: int | None = grp.getgrnam(GROUP).gr_gid
        except KeyError:
            gid = None
        left = {
            p.pw_name: p.pw_uid
            for p in pwd.getpwall()
            if p.pw_name in self.names or p.pw_name.startswith("shtest-") or p.pw_gid == gid
        }
        _end_processes(set(left.values()))
        for name in left:
            done = subprocess.run(["userdel", name], capture_output=True, text=True, timeout=30)
            if done.returncode != 0 and _exists(pwd.getpwnam, name):
                raise AssertionError(f"userdel {name}: {done.stderr.strip()}")
        if gid is not None:
            done = subprocess.run(["groupdel", GROUP], capture_output=True, text=True, timeout=30)
            if done.returncode != 0 and _exists(grp.getgrnam, GROUP):
                raise AssertionError(f"groupdel {GROUP}: {done.stderr.strip()}")

    def close(self) -> None:
        for folder, mode in reversed(self._opened):
            try:
                os.removexattr(folder, _ACL)
            except OSError:
                pass
            os.chmod(folder, mode)  # the ACL's mask changed the group bits
        self._opened.clear()
        self._remove_accounts()
        shutil.rmtree(self.homes, ignore_errors=True)
        if not self._lock.closed:
            fcntl.flock(self._lock, fcntl.LOCK_UN)
            self._lock.close()
