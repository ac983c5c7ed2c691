"""Timing helpers shared by the benchmark groups.

Every figure is a median of several runs; a comparison with a baseline
interleaves the two in the same process, so a noisy machine moves both."""

from __future__ import annotations

import json
import statistics
import sys
import time
from collections.abc import Callable


def emit(
    name: str,
    value: float,
    unit: str,
    baseline: float | None = None,
    ratio: float | None = None,
    **extra: object,
) -> dict:
    row = {
        "name": name,
        "value": round(value, 3),
        "unit": unit,
        "baseline": None if baseline is None else round(baseline, 3),
        "ratio": None if ratio is None else round(ratio, 3),
    }
    row.update(extra)
    print(json.dumps(row), flush=True)
    return row


def seconds(fn: Callable[[], object]) -> float:
    t0 = time.perf_counter()
    fn()
    return time.perf_counter() - t0


def median_time(fn: Callable[[], object], runs: int = 5) -> float:
    return statistics.median(seconds(fn) for _ in range(runs))


def interleaved(
    subject: Callable[[], object], baseline: Callable[[], object], runs: int = 5
) -> tuple[float, float]:
    """Median seconds of subject and baseline, run alternately."""
    a, b = [], []
    for _ in range(runs):
        a.append(seconds(subject))
        b.append(seconds(baseline))
    return statistics.median(a), statistics.median(b)


def percentile(values: list[float], p: float) -> float:
    ordered = sorted(values)
    k = min(len(ordered) - 1, max(0, round(p / 100 * (len(ordered) - 1))))
    return ordered[k]


def note(text: str) -> None:
    print(text, file=sys.stderr, flush=True)
