"""Write golden save files and their expectations (run from the repo root:
`python tests/golden/make_golden.py NAME...`).

Golden saves are promises: every later Shamble must load them. Add new ones
with this script; never rewrite a committed one (that would hide a break).
A name says the format, the mode and what it shows; it writes v1 fixtures
and the current format only ("-whole": saved at once, not autosaved).
The v1 file is written the way format 1 wrote saves: every frame with the
4-byte length + CRC-32 prefix, and the header holding the total undo count.
"""

from __future__ import annotations

import json
import random
import sys
from pathlib import Path

from engine import Game
from engine.core import log
from saves import AutoSave

HERE = Path(__file__).parent


def play(game: Game, seed: int, steps: int, undo_p: float) -> None:
    rnd = random.Random(seed)
    for _ in range(steps):
        r = rnd.random()
        if r < undo_p and game.can_undo():
            game.undo()
        elif r < undo_p * 1.5 and game.can_redo():
            game.redo()
        elif game.outcome is None:
            game.submit(rnd.choice(game.legal_commands()))


def play_bot(game: Game, steps: int) -> None:
    from engine.station.bot import StationBot

    bot = StationBot.for_game(game)
    for _ in range(steps):
        if game.outcome is None:
            game.submit(bot.choose(game.view(), game.legal_commands()))


def expectations(game: Game) -> dict:
    return {
        "summary": game.summary(),
        "commands": len(game.commands),
        "journal": len(game.journal),
        "undo_count": game.undo_count,
        "can_undo": game.can_undo(),
        "can_redo": game.can_redo(),
    }


def write_v1(path: Path, game: Game) -> None:
    def frame_v1(payload: bytes) -> bytes:
        return log._HEADER_PREFIX.pack(len(payload), log.zlib.crc32(payload)) + payload

    enc = log.msgspec.msgpack.Encoder()
    header = log.Header(
        format=1,
        app="0.1.0",
        setup=game.setup,
        created="2026-01-01T00:00:00+00:00",
        undo_count=game.undo_count,
    )
    path.write_bytes(log.MAGIC + b"".join(frame_v1(enc.encode(x)) for x in [header, *game.journal]))


GAMES = {
    # name: (mission, seed, undo policy, play seed, steps, undo probability)
    "v1-station-tutorial": ("tutorial", 5, "casual", 1, 40, 0.2),
    "v2-station-casual": ("tutorial", 3, "casual", 2, 60, 0.2),
    "v2-station-honest": ("tutorial", 8, "honest", 3, 50, 0.2),
    "v2-station-ironman": ("tutorial", 9, "ironman", 4, 40, 0.0),
    # played under the Station rules as fixed in issue 14 (ST-5.3 hearing and more)
    "v1-station-rules2": ("tutorial", 11, "casual", 5, 50, 0.2),
    "v2-station-rules2": ("tutorial", 12, "honest", 6, 60, 0.2),
    # the other modes in the formats before 3 (issue 16): each mode's first mission
    "v1-siege-casual": (None, 5, "casual", 7, 60, 0.2),
    "v2-siege-honest": (None, 6, "honest", 8, 80, 0.2),
    "v1-sniper-casual": (None, 5, "casual", 9, 80, 0.05),
    "v2-sniper-casual": (None, 6, "casual", 10, 120, 0.05),
    "v1-outbreak-casual": (None, 5, "casual", 11, 60, 0.2),
    "v2-outbreak-honest": (None, 6, "honest", 12, 80, 0.2),
    # format 3 (issue 16): autosaved (a frame per item) or, "whole", saved at once
    # (many items to a frame)
    "v3-station-casual": ("tutorial", 13, "casual", 13, 80, 0.2),
    "v3-station-whole": ("airlock", 14, "honest", 14, 80, 0.2),
    "v3-siege-honest": (None, 15, "honest", 15, 80, 0.2),
    "v3-sniper-whole": (None, 16, "casual", 16, 120, 0.05),
    "v3-outbreak-casual": (None, 17, "casual", 17, 80, 0.2),
    # issue 28: a Med Bay game in play, saved before the zones named with figure letters
    # (d, j, r) were renamed; played by the Station bot (a play seed of None), which
    # walks into zone r
    "v3-station-medbay": ("med_bay", 2, "casual", None, 55, 0.0),
}


def main(names: list[str]) -> None:
    for name in names:
        mission, seed, undo, play_seed, steps, undo_p = GAMES[name]
        path = HERE / f"{name}.shamble"
        if path.exists():
            sys.exit(f"{path} exists: golden saves are never rewritten")
        mode = name.split("-")[1]  # v<format>-<mode>-<what>
        game = Game.new(mode, mission=mission, seed=seed, undo=undo)
        if play_seed is None:
            with AutoSave.create(path, game, snapshot_every=7):
                play_bot(game, steps)
        elif name.startswith("v1-"):
            play(game, play_seed, steps, undo_p)
            write_v1(path, game)
        elif not name.startswith(f"v{log.FORMAT_VERSION}-"):
            sys.exit(f"{name}: this Shamble writes format {log.FORMAT_VERSION} (and v1 fixtures)")
        elif name.endswith("-whole"):
            play(game, play_seed, steps, undo_p)
            game.save(path, created="2026-01-01T00:00:00+00:00")
        else:
            with AutoSave.create(path, game, snapshot_every=7):
                play(game, play_seed, steps, undo_p)
        (HERE / f"{name}.json").write_text(
            json.dumps(expectations(game), indent=1, sort_keys=True) + "\n"
        )
        print(f"wrote {path} ({path.stat().st_size} bytes)")


if __name__ == "__main__":
    main(sys.argv[1:] or list(GAMES))
