"""A hosted session must not grow while a player plays (issue 7, resource use
per player). Measured over SSH (tests/ssh/measure_session.py), a busy session
grew from 36 to 80 MiB in 90 s; the growth follows the dialogs opened over
the game screen, about 0.5 MiB each. This test opens and closes dialogs
headless and measures the resident memory that stays."""

from __future__ import annotations

import gc
from pathlib import Path

import pytest

from engine import Game

WARM_UP = 3
ROUNDS = 12


def resident_bytes() -> int:
    for line in Path("/proc/self/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) * 1024
    raise AssertionError("no VmRSS in /proc/self/status")


async def allocated_after(pilot, keys: tuple[str, ...], rounds: int) -> int:
    for _ in range(rounds):
        for key in keys:
            await pilot.press(key)
        await pilot.pause()
    gc.collect()
    return resident_bytes()


async def growth_per_round(
    keys: tuple[str, ...], warm_up: int = WARM_UP, rounds: int = ROUNDS
) -> float:
    from tui.app import ShambleApp

    app = ShambleApp(game=Game.new("station", mission="tutorial", seed=0), autosave=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        before = await allocated_after(pilot, keys, warm_up)
        after = await allocated_after(pilot, keys, rounds)
    return (after - before) / rounds


async def test_cursor_moves_do_not_grow_the_session(home):
    grows = await growth_per_round(("right", "left", "m", "escape"))
    assert grows < 32 * 1024, f"{grows / 1024:.0f} KiB stay per round"


async def test_dialogs_do_not_grow_the_session(home):
    # Textual's render caches (bounded LRUs) fill over the first few dozen
    # dialogs; after that nothing may stay (tui/widgets/footer.py: the leak)
    grows = await growth_per_round(("q", "escape"), warm_up=50, rounds=30)
    assert grows < 32 * 1024, f"{grows / 1024:.0f} KiB stay per dialog"


@pytest.fixture
def home(tmp_path, monkeypatch):
    monkeypatch.setenv("SHAMBLE_HOME", str(tmp_path / "home"))
    return tmp_path / "home"
