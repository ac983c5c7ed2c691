"""How long a command takes to reach another player's replica in a shared game.

    python -m tests.coop.measure_latency [--commands 300] [--redis]

Starts a detached `shamble host` (autosave with fsync, as players get it) in
a scratch folder and two clients in this process: one plays the tutorial
with the bot, the other watches. Prints, as JSON, the median and 95th
percentile in milliseconds of: the player's own round trip (submit to the
host's answer, the entry already applied to its replica) and the time from
submit until the other client has applied the entry. With --redis the
clients go through a redis-server started on 127.0.0.1 for the run."""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from hosting.client import Client  # noqa: E402
from tests.coop.conftest import CoopPlace  # noqa: E402


def _stamp(seen: dict[int, float]):
    return lambda change: seen.setdefault(change.index, time.perf_counter())


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


async def measure(place: CoopPlace, commands: int, broker: str | None) -> dict:
    own, other = [], []
    games = 0
    while len(own) < commands:
        name = place.host("--mission", "tutorial", "--players", "2", "--seed", str(games))
        games += 1
        player = await Client.connect(name, broker=broker)
        await player.claim("2")
        watcher = await Client.connect(name, broker=broker)
        seen: dict[int, float] = {}
        watcher.listeners.append(_stamp(seen))
        while player.status.outcome is None and len(own) < commands:
            command = player.bot_command()
            if command is None:
                await player.changed(5)
                continue
            start = time.perf_counter()
            result = await player.submit(command)
            done = time.perf_counter()
            if not result.ok:
                continue
            own.append(done - start)
            while result.index not in seen:
                await watcher.changed(5)
            other.append(seen[result.index] - start)
        await player.close()
        await watcher.close()
    ms = [1000 * v for v in own], [1000 * v for v in other]
    return {
        "transport": "redis" if broker else "unix socket",
        "fsync": "--no-fsync" not in sys.argv,
        "commands": len(own),
        "games": games,
        "own_round_trip_ms": {"median": statistics.median(ms[0]), "p95": percentile(ms[0], 0.95)},
        "other_replica_ms": {"median": statistics.median(ms[1]), "p95": percentile(ms[1], 0.95)},
    }


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--commands", type=int, default=300)
    parser.add_argument("--redis", action="store_true")
    parser.add_argument("--no-fsync", action="store_true", help="the host flushes without fsync")
    args = parser.parse_args()
    place = CoopPlace()
    server = None
    try:
        os.environ.update({k: place.env[k] for k in ("SHAMBLE_HOME", "SHAMBLE_COOP_DIR")})
        broker = None
        extra = ["--no-fsync"] if args.no_fsync else []
        if args.redis:
            from tests.coop.redis_fixture import RedisServer, ensure_redis

            server = RedisServer(ensure_redis() or "redis-server")
            broker = server.url()
            extra += ["--broker", broker]
        place.host = _with(place.host, extra)  # type: ignore[method-assign]
        print(json.dumps(asyncio.run(measure(place, args.commands, broker))))
    finally:
        place.close()
        if server is not None:
            server.stop()
    return 0


def _with(host, extra: list[str]):
    return lambda *args: host(*args, *extra)


if __name__ == "__main__":
    sys.exit(main())
