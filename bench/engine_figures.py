"""Engine figures: replay, load, undo/redo, zombie phase, legal commands,
playouts and memory (issue 6, items 1-5 and 9); seeking a replay (issue 18)."""

from __future__ import annotations

import random
import re
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from msgspec.structs import replace

from bench.common import emit, interleaved, median_time, note, percentile, seconds
from engine import Game, get_mode
from engine.core import log
from engine.station import commands as cmd
from engine.station.decide import run
from engine.station.legal import legal_commands

LARGEST = "command_deck"


def quiet_mission(mission_id: str = LARGEST) -> str:
    """The largest map with no spawns and no zombies: a game that never ends,
    so one log can hold 100,000 events."""
    text = get_mode("station").mission_text(mission_id)
    text = re.sub(r"(?m)^spawn\s*=.*$", "", text)
    text = re.sub(r"(?ms)^\[\[zombies\]\].*?(?=^\[|\Z)", "", text)
    return re.sub(r"(?m)^danger_every_rounds\s*=.*$", "danger_every_rounds = 0", text)


def long_game(events: int, seed: int = 1) -> Game:
    folder = Path(tempfile.mkdtemp(prefix="shamble-bench-"))
    path = folder / "quiet.toml"
    path.write_text(quiet_mission())
    g = Game.new(
        "station",
        mission=path,
        seed=seed,
        survivors=["vega", "okafor", "lin", "ruiz", "hale", "mori"],
    )
    pick = random.Random(seed)
    count = len(g.events)
    keep = (cmd.Move, cmd.Manage, cmd.EndTurn)
    while count < events:
        legal = [c for c in g.legal_commands() if isinstance(c, keep)]
        moves = [c for c in legal if isinstance(c, cmd.Move)]
        choice = pick.choice(moves if moves and pick.random() < 0.7 else legal)
        count += len(g.submit(choice))
    return g


def replay_figures(g: Game, path: Path) -> None:
    data = g.to_bytes()
    path.write_bytes(data)
    n_events = len(g.events)
    mode, world = g.mode, g.world
    entry = log.entry_type(mode.id)
    start = len(log.encode_header(log.decode_log(data).header))
    payloads = [p for _, p in log.iter_payloads(data, start)]
    decode = log.codec(mode.id).decode  # the decoder the codec itself uses

    def replay() -> None:
        """What a load without snapshots does: read the log, fold every event."""
        with log.gc_paused():
            frames = log.decode_log(data).frames
            state = log.fold(mode, world, g._base, g._setup_events)
            for f in frames:
                if type(f) is entry:
                    state = log.fold(mode, world, state, f.events)
        assert state == g.state

    def bare_decode() -> None:
        """msgspec decoding the same payloads into the same items, nothing else."""
        with log.gc_paused():
            for p in payloads:
                decode(p)

    t_replay, t_decode = interleaved(replay, bare_decode, runs=5)
    emit("replay_events_per_s", n_events / t_replay, "events/s", events=n_events)
    emit(
        "replay_ratio",
        t_replay / t_decode,
        "x",
        baseline=n_events / t_decode,
        ratio=t_replay / t_decode,
        format=log.FORMAT_VERSION,
        note="full replay from bytes vs decoding the same payloads (both with gc paused)",
    )
    autosaved = autosaved_bytes(g, 256)
    emit(
        "bytes_per_event",
        len(data) / n_events,
        "B",
        events=n_events,
        file_bytes=len(data),
        autosaved_bytes_per_event=round(len(autosaved) / n_events, 3),
        note="a save written whole; autosaved: one frame per move, a snapshot every 256",
    )
    t_load = median_time(lambda: Game.load(path), runs=5)
    emit("load_ms", t_load * 1000, "ms", events=n_events)

    loaded = Game.load(path)
    undo_t = [seconds(loaded.undo) for _ in range(200)]
    redo_t = [seconds(loaded.redo) for _ in range(200)]
    assert loaded.state == g.state
    emit("undo_p50_ms", percentile(undo_t, 50) * 1000, "ms")
    emit("undo_p95_ms", percentile(undo_t, 95) * 1000, "ms")
    emit("redo_p50_ms", percentile(redo_t, 50) * 1000, "ms")
    emit("redo_p95_ms", percentile(redo_t, 95) * 1000, "ms")


def autosaved_bytes(g: Game, every: int) -> bytes:
    """g's log as a player's autosave writes it: a snapshot every `every` frames."""
    replay = Game(g.mode, g.setup)
    parts = [log.encode_header(g.header())]
    for n, item in enumerate(g.journal, 1):
        replay.apply_frame(item)
        parts.append(log.encode_frame(item))
        if n % every == 0:
            parts.append(replay.snapshot_frame() or b"")
    return b"".join(parts)


def seek_figure(g: Game, path: Path, seeks: int = 200) -> None:
    """The replay viewer: a freshly opened save jumps to random moments and
    shows each one (its state and the players' view); p95 of the seeks."""
    from saves.history import History
    from saves.session import SNAPSHOT_EVERY

    path.write_bytes(autosaved_bytes(g, SNAPSHOT_EVERY))
    t0 = time.perf_counter()
    history = History.open(path)
    opened = time.perf_counter() - t0
    pick = random.Random(5)
    moments = [pick.randrange(history.last + 1) for _ in range(seeks)]
    times = [seconds(lambda m=m: history.view(m)) for m in moments]
    # a save written whole (Game.save, a format upgrade) has one snapshot, at
    # its end: the first far seek folds from the start, later ones are cheap
    whole = path.with_name("whole.shamble")
    whole.write_bytes(g.to_bytes())
    middle = History.open(whole)
    first_far = seconds(lambda: middle.view(middle.last // 2))
    emit(
        "replay_seek_ms",
        percentile(times, 95) * 1000,
        "ms",
        events=len(g.events),
        moments=history.last,
        p50_ms=round(percentile(times, 50) * 1000, 3),
        max_ms=round(max(times) * 1000, 3),
        open_ms=round(opened * 1000, 1),
        first_far_seek_whole_save_ms=round(first_far * 1000, 1),
        note=f"random moments of a save with a snapshot every {SNAPSHOT_EVERY} frames",
    )


def memory_figure(path: Path) -> None:
    """Peak resident memory of a fresh process (VmHWM: ru_maxrss would carry
    this benchmark's own size over fork), with the long game loaded and without."""
    peak = (
        "def peak():\n"
        "    for line in open('/proc/self/status'):\n"
        "        if line.startswith('VmHWM:'):\n"
        "            return int(line.split()[1])\n"
    )
    code = peak + (
        "import sys\nfrom engine import Game\n"
        "g = Game.load(sys.argv[1])\ng.summary(); g.legal_commands()\nprint(peak())\n"
    )
    base = peak + "import engine\nprint(peak())\n"
    loaded = int(subprocess.check_output([sys.executable, "-c", code, str(path)], text=True))
    bare = int(subprocess.check_output([sys.executable, "-c", base], text=True))
    emit("peak_rss_mb", loaded / 1024, "MB", baseline=bare / 1024, ratio=loaded / bare)


def crowded_state(zombies: int = 200):
    """The largest map, every door open, 200 zombies spread over it, four
    survivors in four zones and the noise marker set: every zombie has a target."""
    g = Game.new("station", mission=LARGEST, seed=1, survivors=["vega", "okafor", "lin", "ruiz"])
    world, state = g.world, g.state
    zones = list(world.board.zones)
    crowd: dict[str, dict[str, int]] = {}
    kinds = ["walker"] * 6 + ["runner", "dog", "jumper", "armored"]
    for i in range(zombies):
        z = zones[(i * 7) % len(zones)]
        k = kinds[i % len(kinds)]
        crowd.setdefault(z, {})
        crowd[z][k] = crowd[z].get(k, 0) + 1
    doors = {d: "open" for d in state.doors}
    places = [zones[5], zones[20], zones[35], zones[50]]
    survivors = tuple(replace(s, zone=places[i]) for i, s in enumerate(state.survivors))
    state = replace(
        state, zombies=crowd, doors=doors, dark=(), survivors=survivors, marker=zones[28]
    )
    last = state.survivors[0].id
    state = replace(state, done=tuple(s.id for s in state.survivors[1:]))
    return world, state, cmd.EndTurn(survivor=last)


def zombie_phase_figures() -> None:
    world, state, trigger = crowded_state()
    board = world.board

    def cold() -> None:
        board._los.clear()
        board._dist.clear()
        board._links.clear()
        run(world, state, trigger)

    cold_t = median_time(cold, runs=3)
    events, _ = run(world, state, trigger)
    warm_t = median_time(lambda: run(world, state, trigger), runs=9)
    emit("zombie_phase_ms", warm_t * 1000, "ms", events=len(events), zombies=200, map=LARGEST)
    emit("zombie_phase_cold_ms", cold_t * 1000, "ms", note="line-of-sight caches emptied first")
    fresh = replace(state, done=())
    legal_t = median_time(lambda: legal_commands(world, fresh), runs=9)
    emit("legal_commands_ms", legal_t * 1000, "ms", commands=len(legal_commands(world, fresh)))

    def look() -> None:
        """A first look after a load: the survivor's commands and every zone in sight."""
        board._los.clear()
        board._dist.clear()
        board._links.clear()
        zone, doors = fresh.survivors[0].zone, fresh.open_doors()
        legal_commands(world, fresh)
        [z for z in board.zones if board.sees(zone, z, doors)]

    look_t = median_time(look, runs=5)
    emit("look_cold_ms", look_t * 1000, "ms", note="line-of-sight caches emptied first")


def playout_figure(commands: int = 1000, runs: int = 3) -> None:
    """Seeded random play on the reactor, legal commands included: the rate the
    bot's balance runs are bounded by. Median of `runs` runs."""

    def play(run: int) -> float:
        pick = random.Random(run)
        done, seed = 0, run * 1000
        t0 = time.perf_counter()
        while done < commands:
            g = Game.new(
                "station", mission="reactor", seed=seed, survivors=["vega", "okafor", "hale"]
            )
            seed += 1
            while g.outcome is None and done < commands:
                g.submit(pick.choice(g.legal_commands()))
                done += 1
        return commands / (time.perf_counter() - t0)

    rates = [play(run) for run in range(runs)]
    emit("playout_commands_per_s", statistics.median(rates), "commands/s", mission="reactor")


def main(events: int = 100_000, playout_commands: int = 1000) -> None:
    note(f"building a {events}-event station log ...")
    g = long_game(events)
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "long.shamble"
        replay_figures(g, path)
        memory_figure(path)
        seek_figure(g, Path(tmp) / "played.shamble")
    zombie_phase_figures()
    playout_figure(playout_commands)


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 100_000)
