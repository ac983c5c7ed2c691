"""Two real accounts on one machine (issue 32): alice plays, bob sees her game
listed and watches its copy as it is played; bob cannot read alice's saves,
write in her public folder, take it away, or put a score in her name."""

from __future__ import annotations

import json
import os
import queue
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

import msgspec
import pytest

from saves.scores import Score
from tests.coop.conftest import REPO, needs_root
from tui.plain.io import said

ALICE, BOB = "shtest-alice", "shtest-bob"
DEADLINE = 60.0  # seconds for anything to show, on a loaded machine
# what alice's plain prompt says when bob comes to watch (a hyphen between
# words is said as a space there: a screen reader reads it as "dash")
WATCHING = said(f"{BOB} is watching your game.")


@pytest.fixture
def machine():
    needs_root()
    from tests.coop.accounts import Accounts

    try:
        accounts = Accounts(("alice", "bob"))
    except RuntimeError as e:
        pytest.skip(str(e))
    root = Path(tempfile.mkdtemp(prefix="shpub", dir="/tmp"))
    os.chmod(root, 0o755)
    public = root / "public"
    public.mkdir()
    os.chmod(public, 0o1777)  # as docs/hosting.md makes /var/lib/shamble/public
    homes = {}
    for name in (ALICE, BOB):
        homes[name] = root / name
        homes[name].mkdir()
        os.chown(homes[name], accounts.uid(name), accounts.gid)
        os.chmod(homes[name], 0o700)
    try:
        yield accounts, public, homes
    finally:
        accounts.close()
        subprocess.run(["rm", "-rf", str(root)], check=False)


def run_as(machine, account, *argv, stdin=None, popen=False):
    accounts, public, homes = machine
    env = {
        "PATH": os.environ.get("PATH", "/usr/bin:/bin"),
        "HOME": str(homes[account]),
        "SHAMBLE_HOME": str(homes[account]),
        "SHAMBLE_PUBLIC_DIR": str(public),
        "PYTHONPATH": str(REPO),
        "LANG": "C.UTF-8",
    }
    command = accounts.argv(account, sys.executable, *argv)
    if popen:
        return subprocess.Popen(
            command, cwd="/", env=env, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
            stderr=subprocess.STDOUT, text=True,
        )  # fmt: skip
    return subprocess.run(
        command, cwd="/", env=env, input=stdin, capture_output=True, text=True, timeout=120
    )


class Output:
    """A process's output lines, read by a thread of their own, so that no
    wait for a line can block past its deadline (a line that never comes
    fails the test with what the process did say)."""

    def __init__(self, proc: subprocess.Popen) -> None:
        self.proc = proc
        self.queue: queue.Queue[str] = queue.Queue()
        self.seen: list[str] = []
        threading.Thread(target=self._pump, daemon=True).start()

    def _pump(self) -> None:
        for line in self.proc.stdout:
            self.queue.put(line)
        self.queue.put("")  # the end of its output

    def poll(self, timeout: float = 0.5) -> str:
        """The next line, "" when none came within timeout (or at the end)."""
        try:
            line = self.queue.get(timeout=timeout)
        except queue.Empty:
            return ""
        self.seen.append(line)
        return line

    def next(self) -> str:
        end = time.monotonic() + DEADLINE
        while time.monotonic() < end:
            if not self.queue.empty() or self.proc.poll() is None:
                line = self.poll()
                if line:
                    return line
            else:
                break
        raise AssertionError("no line came; it said:\n" + "".join(self.seen[-40:]))

    def said(self) -> str:
        return "".join(self.seen[-40:])


def leave(proc: subprocess.Popen, text: str) -> None:
    """Type text, close the process's input and wait for it to end."""
    try:
        proc.stdin.write(text)
        proc.stdin.close()
    except (BrokenPipeError, ValueError):
        pass  # it ended already
    try:
        proc.wait(timeout=60)
    except subprocess.TimeoutExpired:
        proc.kill()
        proc.wait()
        raise


def shamble(machine, account, *args):
    return run_as(machine, account, "-m", "tui.cli", *args)


def wait_for(check, what, output=None):
    end = time.monotonic() + DEADLINE
    while time.monotonic() < end:
        found = check()
        if found:
            return found
        time.sleep(0.2)
    said = f"; it said:\n{output.said()}" if output is not None else ""
    raise AssertionError(f"timed out waiting for {what}{said}")


def test_bob_sees_and_watches_alices_game_and_can_touch_nothing_of_hers(machine):
    accounts, public, homes = machine
    alice = run_as(machine, ALICE, "-m", "tui.cli", "--plain", "new", "--seed", "7", popen=True)
    alice_says = Output(alice)
    try:
        alice.stdin.write("search\n")
        alice.stdin.flush()

        def listed():
            done = shamble(machine, BOB, "who", "--json")
            games = [json.loads(x) for x in done.stdout.splitlines() if x.startswith("{")]
            return [g for g in games if g["player"] == ALICE]

        (game,) = wait_for(listed, "alice's game in bob's `shamble who`")
        assert (game["mode"], game["mission"], game["watchable"]) == ("station", "tutorial", True)
        said = shamble(machine, BOB, "who").stdout
        assert f"{ALICE}  station  Docking Ring (tutorial)  round 1" in said

        # bob follows the public copy: the move alice made is in it
        copy = public / ALICE / "live" / f"{game['slot']}.shamble"

        def searched():
            done = shamble(machine, BOB, "replay", str(copy))
            return done.returncode == 0 and '"search"' in done.stdout

        wait_for(searched, "alice's search in the copy bob reads")

        # alice hears that bob watches (his note lives in his own folder)
        watcher = run_as(
            machine, BOB, "-c",
            "import sys, time\n"
            "from saves import public\n"
            f"note = public.WatchNote(public.find({ALICE!r}))\n"
            "print('watching', flush=True)\n"
            "sys.stdin.readline()\n"
            "note.close()\n",
            popen=True,
        )  # fmt: skip
        assert Output(watcher).next().strip() == "watching"
        alice.stdin.write("who\n")
        alice.stdin.flush()

        def heard():
            alice_says.poll()
            return any(WATCHING in line for line in alice_says.seen)

        wait_for(heard, "alice to hear that bob watches", alice_says)
        leave(watcher, "\n")

        # nothing of alice's is bob's to read or change
        probe = run_as(
            machine, BOB, "-c",
            "import os, sys\n"
            "def tries(f):\n"
            "    try:\n"
            "        f()\n"
            "    except OSError:\n"
            "        return 'refused'\n"
            "    return 'done'\n"
            f"print(tries(lambda: os.listdir({str(homes[ALICE])!r})))\n"
            f"print(tries(lambda: open({str(public / ALICE / 'scores.jsonl')!r}, 'a')))\n"
            f"print(tries(lambda: open({str(copy)!r}, 'a')))\n"
            f"print(tries(lambda: os.rename({str(public / ALICE)!r}, {str(public / 'x')!r})))\n",
        )  # fmt: skip
        assert probe.stdout.split() == ["refused"] * 4, probe.stderr
    finally:
        leave(alice, "quit\n")

    assert ALICE not in shamble(machine, BOB, "who").stdout

    # alice's finished game goes on the machine's scoreboard under her name;
    # bob's line that claims her survivors and a huge score stays bob's
    theirs = Score("tutorial", 40, ("vega", "okafor"), 6, 7, "won")
    run_as(
        machine, ALICE, "-c",
        "from tui import persist\nfrom saves.scores import Score\n"
        "persist.record_score(Score('tutorial', 40, ('vega', 'okafor'), 6, 7, 'won'))\n",
    )  # fmt: skip
    forged = msgspec.json.encode(Score("tutorial", 9999, ("vega",), 1, 1, "won")).decode()
    run_as(
        machine, BOB, "-c",
        "import os\nfrom saves import public\n"
        "folder = public.my_folder()\n"
        f"open(folder / 'scores.jsonl', 'a').write({forged!r} + '\\n')\n"
        f"os.makedirs({str(public / 'shtest-carol')!r}, exist_ok=True)\n"
        f"open({str(public / 'shtest-carol' / 'scores.jsonl')!r}, 'a').write({forged!r} + '\\n')\n",
    )  # fmt: skip
    board = shamble(machine, BOB, "scores", "--server", "--json").stdout.splitlines()
    rows = [json.loads(x) for x in board]
    assert [(r["player"], r["score"]) for r in rows] == [(BOB, 9999), (ALICE, theirs.score)]
    printed = shamble(machine, ALICE, "scores", "--server").stdout
    assert f"  2.    40  {ALICE}" in printed


def test_ob10_bob_watches_alices_outbreak_game_live_and_never_sees_her_hand(machine):
    accounts, public, homes = machine
    alice = run_as(
        machine, ALICE, "-m", "tui.cli", "--plain", "new", "--mode", "outbreak",
        "--seats", "human,bot", "--seed", "2", popen=True,
    )  # fmt: skip
    alice_says = Output(alice)
    bob = None
    try:

        def listed():
            done = shamble(machine, BOB, "who", "--json")
            games = [json.loads(x) for x in done.stdout.splitlines() if x.startswith("{")]
            return [g for g in games if g["player"] == ALICE]

        (game,) = wait_for(listed, "alice's Outbreak game in bob's `shamble who`")
        assert (game["mode"], game["watchable"], game["view"]) == ("outbreak", True, True)
        stream = public / ALICE / "live" / f"{game['slot']}.view"
        assert not (public / ALICE / "live" / f"{game['slot']}.shamble").exists()

        # bob opens his title screen, presses w and watches her game
        script = str(REPO / "tests" / "coop" / "watch_from_title.py")
        bob = run_as(machine, BOB, script, "Player 1 plays Fire Axe.", popen=True)
        bob_says = Output(bob)
        said = []
        while "watching" not in said:
            said.append(bob_says.next().strip())
        assert f"title: Playing now: {ALICE} (outbreak). w watches." in said

        # alice plays the Fire Axe from her hand (her First Aid stays there)
        alice.stdin.write("what\n1\n")
        alice.stdin.flush()
        while not said[-1].startswith("hands:"):
            said.append(bob_says.next().strip())
        assert "log: Player 1 plays Fire Axe." in said
        assert json.loads(said[-1].removeprefix("hands:")) == [None, None]
        # nothing alice's process published names the card still in her hand
        assert b'"first_aid"' not in stream.read_bytes()
        assert b'"first_aid"' not in b"".join(
            p.read_bytes() for p in (public / ALICE).rglob("*") if p.is_file()
        )

        # alice hears that bob watches
        alice.stdin.write("who\n")
        alice.stdin.flush()

        def heard():
            alice_says.poll()
            return any(WATCHING in line for line in alice_says.seen)

        wait_for(heard, "alice to hear that bob watches", alice_says)
        leave(bob, "\n")
        assert bob.returncode == 0
    finally:
        if bob is not None and bob.poll() is None:
            bob.kill()
            bob.wait()
        leave(alice, "quit\n")
    assert ALICE not in shamble(machine, BOB, "who").stdout
