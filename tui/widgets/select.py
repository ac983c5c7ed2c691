"""A Select whose drop-down arrows are ASCII under --ascii."""

from __future__ import annotations

from textual.widgets import Select


class MenuSelect(Select):
    def on_mount(self) -> None:
        if getattr(self.app, "ascii_only", False):
            for arrow, text in ((".down-arrow", "v"), (".up-arrow", "^")):
                for widget in self.query(arrow):
                    widget.update(text)
