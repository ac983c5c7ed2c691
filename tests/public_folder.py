"""A machine's public folder for a test (saves/public.py): a world-writable
sticky folder as an installed one is, this process's player publishing to it,
and a home of the test's own."""

from __future__ import annotations

import os
from pathlib import Path

from saves import public


def public_folder(tmp_path: Path, monkeypatch) -> Path:  # noqa: ANN001
    root = tmp_path / "public"
    root.mkdir()
    os.chmod(root, 0o1777)
    monkeypatch.setenv(public.ENV, str(root))
    monkeypatch.setenv("SHAMBLE_HOME", str(tmp_path / "home"))
    return root
