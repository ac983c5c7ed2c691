"""Fixtures for `shamble serve` (issue 17); the helpers are in serve_helpers.py."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).parent))

from serve_helpers import Served, start_server, stop_server  # noqa: E402


@pytest.fixture
def serve(tmp_path):
    """serve(*args) -> Served; every server started is stopped afterwards."""
    started: list[Served] = []

    def start(*args: str, **kwargs) -> Served:
        served = start_server(tmp_path, *args, **kwargs)
        started.append(served)
        return served

    yield start
    for served in started:
        stop_server(served)
