"""Another account on the same machine cannot stand in for a game's host
(issue 26): with the shared-games folder of the old guide (2770: no sticky
bit) a second account could delete a host's socket, bind its own, and the
next `shamble join` reached it. Now the host refuses such a folder, the
sticky bit (3770) keeps a socket its owner's, and a player joins only a
socket owned by the account whose host started the game, answered by a
process of that account (the kernel's peer credentials)."""

from __future__ import annotations

import os
import subprocess
import sys
import time

from saves import load
from tests.coop.conftest import finish
from tests.coop.test_accounts import play_as
from tests.coop.test_play import lines

# Mallory's program: replace the socket at argv[1] if the folder lets her,
# else listen beside it; say what happened, and whether anyone connected
# (and sent anything) until she is stopped.
MALLORY = r"""
import os, socket, sys
path, mode = sys.argv[1], sys.argv[2]
fake = path + ".fake"
s = socket.socket(socket.AF_UNIX)
s.bind(fake)
s.listen(8)
try:
    os.unlink(path)
    print("deleted", flush=True)
except PermissionError:
    print("delete refused", flush=True)
try:
    os.rename(fake, path)
    print("replaced", flush=True)
except PermissionError:
    print("replace refused", flush=True)
s.settimeout(0.2)
while True:
    try:
        conn, _ = s.accept()
    except socket.timeout:
        continue
    conn.settimeout(2)
    try:
        data = conn.recv(65536)
    except socket.timeout:
        data = b""
    print(f"connected, sent {len(data)} bytes", flush=True)
"""


def mallory(place, accounts, path) -> subprocess.Popen:
    out = place.out / "mallory.out"
    with open(out, "w") as stdout:
        proc = subprocess.Popen(
            accounts.argv("shtest-mallory", sys.executable, "-c", MALLORY, str(path), "x"),
            stdout=stdout, stderr=subprocess.STDOUT, cwd="/",
        )  # fmt: skip
    proc.out_path = out  # type: ignore[attr-defined]
    place.procs.append(proc)
    deadline = time.monotonic() + 30
    while "refused" not in out.read_text() and "replaced" not in out.read_text():
        assert proc.poll() is None and time.monotonic() < deadline, out.read_text()
        time.sleep(0.05)
    return proc


def host_as_alice(place, accounts) -> str:
    done = play_as(place, accounts, "shtest-alice", "host", "--mission", "tutorial",
                   "--players", "2", "--seed", "2", "--bot-pace", "0")  # fmt: skip
    code, out, err = finish(done)
    assert code == 0, err
    name = out.strip()
    place.hosts.add(place.host_pid(name))
    return name


def test_a_second_account_cannot_take_a_hosts_socket(place, accounts):
    os.chown(place.dir, 0, accounts.gid)
    os.chmod(place.dir, 0o2770)  # the old guide's folder: no sticky bit
    code, out, err = finish(
        play_as(place, accounts, "shtest-alice", "host", "--mission", "tutorial")
    )
    if code == 0:  # hosted after all: stopped with the place, so the account can go
        place.hosts.add(place.host_pid(out.strip()))
    assert code == 2 and "not hosting there" in err and f"chmod +t {place.dir}" in err

    os.chmod(place.dir, 0o3770)  # the guide's folder now
    name = host_as_alice(place, accounts)
    sock = place.dir / f"{name}.sock"
    fake = mallory(place, accounts, sock)
    assert fake.out_path.read_text().split("\n")[:2] == ["delete refused", "replace refused"]
    fake.kill()
    players = [play_as(place, accounts, f"shtest-{who}", "join", name, "--bot")
               for who in ("alice", "bob")]  # fmt: skip
    for proc in players:
        code, out, err = finish(proc)
        assert code == 0, err
        assert lines(out)[0]["account"] in ("shtest-alice", "shtest-bob")
    saved = accounts.home("shtest-alice") / ".local/share/shamble/saves" / f"{name}.shamble"
    assert load(saved).outcome is not None  # the game was alice's host's, to the end


def test_join_refuses_a_socket_not_made_and_served_by_the_games_host(place, accounts):
    os.chown(place.dir, 0, accounts.gid)
    os.chmod(place.dir, 0o3770)
    name = host_as_alice(place, accounts)
    sock = place.dir / f"{name}.sock"
    os.chmod(place.dir, 0o2770)  # a moment without the sticky bit is enough for mallory
    fake = mallory(place, accounts, sock)
    assert "replaced" in fake.out_path.read_text()
    os.chmod(place.dir, 0o3770)

    code, _, err = finish(play_as(place, accounts, "shtest-bob", "join", name, "--bot"))
    assert code == 2 and "belongs to shtest-mallory" in err and "hosted by shtest-alice" in err
    assert "connected" not in fake.out_path.read_text()  # refused before connecting

    os.chown(sock, accounts.uid("shtest-alice"), accounts.gid)  # her socket passes for alice's
    os.chmod(sock, 0o660)
    code, _, err = finish(play_as(place, accounts, "shtest-bob", "join", name, "--bot"))
    assert code == 2 and "runs as shtest-mallory, not as shtest-alice" in err
    deadline = time.monotonic() + 30
    while "connected" not in fake.out_path.read_text():
        assert time.monotonic() < deadline, fake.out_path.read_text()
        time.sleep(0.05)
    assert "connected, sent 0 bytes" in fake.out_path.read_text()  # bob said nothing to her
