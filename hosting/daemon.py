"""Starting a host that outlives the terminal it was started from.

`start` forks twice (a new session, no controlling terminal), points the
host's output at its log file and waits on a pipe until the host listens,
so `shamble host` prints the game's name only once players can join, and
prints the host's error instead when it cannot start."""

from __future__ import annotations

import asyncio
import os
import sys
from collections.abc import Callable
from pathlib import Path

from saves.files import private_folder

READY_WITHIN = 30.0  # seconds the caller waits for the host to listen


def _serve(run: Callable[[Callable[[str], None]], object], tell: Callable[[str], None]) -> int:
    """Run the host; `tell` is called once: "ready PATH" or "error TEXT"."""
    told = False

    def ready(path: str) -> None:
        nonlocal told
        told = True
        tell(f"ready {path}")

    try:
        asyncio.run(run(ready))
    except Exception as e:  # the host could not start (or failed): say so to the caller
        if not told:
            tell(f"error {e}")
        print(f"host stopped: {type(e).__name__}: {e}", file=sys.stderr, flush=True)
        return 1
    return 0


def start(run: Callable[[Callable[[str], None]], object], logfile: Path) -> str:
    """Start `run(ready)` in a detached process; return the socket path once it
    listens, or raise RuntimeError with the host's own reason."""
    private_folder(logfile.parent)
    read_end, write_end = os.pipe()
    first = os.fork()
    if first == 0:  # the child: a new session, then the daemon itself
        os.close(read_end)
        os.setsid()
        if os.fork() != 0:
            os._exit(0)
        null = os.open(os.devnull, os.O_RDONLY)
        out = os.open(logfile, os.O_WRONLY | os.O_CREAT | os.O_APPEND, 0o600)
        os.dup2(null, 0)
        os.dup2(out, 1)
        os.dup2(out, 2)
        os.close(null)
        os.close(out)
        sys.stdout = open(1, "w", buffering=1, closefd=False)  # noqa: SIM115 (the process's own)
        sys.stderr = open(2, "w", buffering=1, closefd=False)  # noqa: SIM115
        os.chdir("/")

        def tell(text: str) -> None:
            nonlocal write_end
            if write_end >= 0:
                os.write(write_end, text.encode("utf-8", "replace"))
                os.close(write_end)
                write_end = -1

        code = _serve(run, tell)
        sys.stdout.flush()
        sys.stderr.flush()
        os._exit(code)
    os.close(write_end)
    os.waitpid(first, 0)
    chunks = []
    with os.fdopen(read_end, "rb") as pipe:
        while chunk := pipe.read(4096):
            chunks.append(chunk)
    answer = b"".join(chunks).decode("utf-8", "replace")
    kind, _, text = answer.partition(" ")
    if kind == "ready":
        return text
    raise RuntimeError(text or f"the host stopped before it listened (see {logfile})")


def foreground(
    run: Callable[[Callable[[str], None]], object], on_ready: Callable[[str], None]
) -> int:
    """Run the host in this process (for a service manager, or tests)."""
    outcome: list[str] = []

    def tell(text: str) -> None:
        kind, _, rest = text.partition(" ")
        if kind == "ready":
            on_ready(rest)
        else:
            outcome.append(rest)

    code = _serve(run, tell)
    if outcome:
        print(f"error: {outcome[0]}", file=sys.stderr)
        return 2
    return code
