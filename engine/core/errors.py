"""Errors the engine raises to its callers (K-5)."""

from __future__ import annotations


class RuleError(Exception):
    """A command the rules refuse. `code` is a stable snake_case string."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(f"{code}: {message}")
        self.code = code
        self.message = message


class MissionError(ValueError):
    """A mission file that cannot be played: names the file, the line and the reason."""

    def __init__(self, source: str, reason: str, line: int | None = None) -> None:
        where = f"{source}:{line}" if line else source
        super().__init__(f"{where}: {reason}")
        self.source = source
        self.line = line
        self.reason = reason
