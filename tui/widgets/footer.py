"""The footer, without the leak.

Textual 8.2.8's Footer rebuilds its keys whenever the bindings change (every
dialog opened or closed over a screen), and each new key watches the
footer's `compact` reactive. Textual prunes such watchers only when the
watched value changes, which `compact` never does, so every rebuild kept
the old keys alive: about 0.5 MiB per dialog in a hosted session
(tests/ssh/test_session_memory.py). This footer drops the watchers of keys
that are gone after each rebuild."""

from __future__ import annotations

from textual.widgets import Footer


class KeyFooter(Footer):
    async def recompose(self) -> None:
        await super().recompose()
        watchers = getattr(self, "__watchers", {}).get("compact")  # Textual's own store
        if watchers:
            watchers[:] = [(node, callback) for node, callback in watchers if node.is_attached]
