"""The game's only source of chance (K-1..K-4).

Fate is fixed (K-2): die roll n of a timeline depends only on the seed and n,
and shuffle k only on the seed and k, so undoing and redoing an action gives
the same dice. Scripted faces (K-3) stand in for the first die rolls only.
"""

from __future__ import annotations

import hashlib
import random
from collections.abc import Sequence


def _digest(seed: int, stream: str, n: int) -> bytes:
    return hashlib.blake2b(f"{seed}:{stream}:{n}".encode(), digest_size=16).digest()


def die(seed: int, n: int, script: Sequence[int] = ()) -> int:
    """Face (1-6) of die roll number n (0-based)."""
    if n < len(script):
        return script[n]
    return int.from_bytes(_digest(seed, "die", n)[:8], "big") % 6 + 1


def dice(seed: int, start: int, count: int, script: Sequence[int] = ()) -> tuple[int, ...]:
    return tuple(die(seed, start + i, script) for i in range(count))


def shuffled(seed: int, k: int, items: Sequence[str]) -> tuple[str, ...]:
    """Shuffle number k (0-based) of this game: its own counter, never the dice script."""
    out = list(items)
    random.Random(_digest(seed, "shuffle", k)).shuffle(out)
    return tuple(out)


def stream(seed: int, name: str) -> random.Random:
    """A private random stream for content made at setup (a generated station),
    fixed by the seed and the stream's name; never used for in-game chance."""
    return random.Random(_digest(seed, f"stream:{name}", 0))
