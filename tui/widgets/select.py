"""A drop-down for dialogs: Enter or space opens it, the arrow keys move
to the row above or below (as they do between the dialog's other rows);
its arrows are ASCII under --ascii."""

from __future__ import annotations

from textual.binding import Binding
from textual.widgets import Select


class MenuSelect(Select):
    BINDINGS = [
        Binding("enter,space", "show_overlay", "Show menu", show=False),
        Binding("down", "app.focus_next", "next row", show=False),
        Binding("up", "app.focus_previous", "previous row", show=False),
    ]

    def on_mount(self) -> None:
        if getattr(self.app, "ascii_only", False):
            for arrow, text in ((".down-arrow", "v"), (".up-arrow", "^")):
                for widget in self.query(arrow):
                    widget.update(text)
