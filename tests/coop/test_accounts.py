"""Players logged in as real accounts (tests/coop/accounts.py) share a game:
the host knows them by name from the socket's peer credentials, and the
co-op folder's group is all that lets them in."""

from __future__ import annotations

import os
import subprocess
import sys

from saves import load
from tests.coop.conftest import REPO, finish
from tests.coop.test_play import lines


def play_as(place, accounts, account: str, *args: str) -> subprocess.Popen:
    out, err = place.out / f"{account}.out", place.out / f"{account}.err"
    env = {**place.env, "HOME": str(accounts.home(account)), "USER": account}
    env.pop("SHAMBLE_HOME")
    with open(out, "w") as stdout, open(err, "w") as stderr:
        proc = subprocess.Popen(
            accounts.argv(account, sys.executable, "-m", "tui.cli", *args),
            cwd=REPO,
            env=env,
            stdout=stdout,
            stderr=stderr,
        )
    proc.out_path, proc.err_path = out, err  # type: ignore[attr-defined]
    place.procs.append(proc)
    return proc


def test_two_accounts_join_by_name_and_an_outsider_is_kept_out(place, accounts):
    os.chown(place.dir, 0, accounts.gid)
    os.chmod(place.dir, 0o3770)
    name = place.host("--mission", "tutorial", "--players", "2", "--seed", "2")
    players = [
        play_as(place, accounts, f"shtest-{who}", "join", name, "--bot") for who in ("alice", "bob")
    ]
    for proc in players:
        code, out, err = finish(proc)
        assert code == 0, err
        assert lines(out)[0]["account"] in ("shtest-alice", "shtest-bob")
    assert load(place.save(name)).outcome is not None
    lobby = place.cli("join").stdout
    assert lobby.count("shtest-") == 2 and lobby.count("(away)") == 2

    os.chown(place.dir, 0, 0)  # now the folder is not the players' group's
    code, out, err = finish(play_as(place, accounts, "shtest-mallory", "join", name, "--bot"))
    assert code == 2 and "not open to your account" in err
