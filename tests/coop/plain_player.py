"""A plain player of a shared game in a process of its own, typed to through a
pipe, its output read as it grows (tests/coop/test_plain_shared.py,
tests/tui/test_coop_plain.py)."""

from __future__ import annotations

import re
import subprocess
import sys
import time

from tests.coop.conftest import REPO, CoopPlace

PROMPT = re.compile(r"[?:] (\n|$)")  # a prompt: "Command? ", "Choose 1 to 3: " (lines end bare)
DEADLINE = 60.0  # seconds for anything to arrive on a loaded machine


class PlainPlayer:
    """`shamble --plain join NAME` (or watch) as a player named by SHAMBLE_PLAYER,
    typed to through a pipe; what it prints goes to a file read as it grows."""

    def __init__(self, place: CoopPlace, name: str, player: str, *how: str) -> None:
        self.out = place.root / f"plain-{player}.out"
        self.err = place.root / f"plain-{player}.err"
        env = {**place.env, "SHAMBLE_PLAYER": player, "SHAMBLE_PLAIN": ""}
        if player == "host":  # the host's own account, which may mute and set watchers apart
            env.pop("SHAMBLE_PLAYER")
        with open(self.out, "wb") as out, open(self.err, "wb") as err:
            self.proc = subprocess.Popen(
                [sys.executable, "-m", "tui.cli", "--plain", *(how or ("join",)), name],
                cwd=REPO,
                env=env,
                stdin=subprocess.PIPE,
                stdout=out,
                stderr=err,
            )
        place.procs.append(self.proc)

    def raw(self) -> bytes:
        return self.out.read_bytes()

    def text(self) -> str:
        return self.raw().decode("utf-8", "replace")

    def prompts(self) -> int:
        return len(PROMPT.findall(self.text()))

    def type(self, line: str) -> None:
        assert self.proc.stdin is not None
        self.proc.stdin.write(line.encode() + b"\n")
        self.proc.stdin.flush()

    def wait_for(self, what: str | re.Pattern, since: int = 0) -> str:
        """The output from `since` once it holds what (a deadline, no sleep
        of fixed length: the file is looked at again until then)."""
        end = time.monotonic() + DEADLINE
        while True:
            text = self.text()[since:]
            if what.search(text) if isinstance(what, re.Pattern) else what in text:
                return text
            if self.proc.poll() is not None:
                raise AssertionError(f"the player left:\n{text[-2000:]}\n{self.err.read_text()}")
            if time.monotonic() > end:
                raise AssertionError(f"{what!r} did not arrive in {DEADLINE} s:\n{text[-2000:]}")
            time.sleep(0.02)

    def ask(self, line: str) -> None:
        """Type a line and wait until it has been answered (a prompt again)."""
        before = self.prompts()
        self.type(line)
        end = time.monotonic() + DEADLINE
        while self.prompts() <= before:
            assert time.monotonic() < end, f"no prompt after {line!r}:\n{self.text()[-2000:]}"
            assert self.proc.poll() is None, self.err.read_text()
            time.sleep(0.02)

    def leave(self) -> str:
        self.type("quit")
        self.proc.wait(timeout=DEADLINE)
        return self.text()
