"""The footer: rebuilt only when the keys it shows change, and without the leak.

Textual 8.2.8's Footer rebuilds its keys whenever the bindings may have
changed: twice for every dialog opened over a screen (its screen suspended,
then resumed) and once more per focus change, though the keys it shows are
the same. A rebuild costs a few milliseconds and a relayout of the footer
inside the key press that opened the dialog; this footer compares the keys
first and keeps them when nothing it shows changed.

Each new key also watches the footer's `compact` reactive. Textual prunes
such watchers only when the watched value changes, which `compact` never
does, so every rebuild kept the old keys alive: about 0.5 MiB per dialog in a
hosted session (tests/ssh/test_session_memory.py). This footer drops the
watchers of keys that are gone after each rebuild.

Textual also keeps the render cache of the last 1,024 widgets drawn, closed
or not (an LRU on StylesCache.get_inner_outer keyed by the widget's cache):
each dialog's widgets stay there long after it closed, about 90 KiB a
dialog. The footer hears of every dialog opened or closed over its screen,
and empties that LRU then (it is refilled in microseconds).

A screen whose `holds_footer` is true keeps the footer as it is: a game
screen while a bot's or the AI's steps play."""

from __future__ import annotations

from textual._styles_cache import StylesCache
from textual.screen import Screen
from textual.widgets import Footer


def release_closed_widgets() -> None:
    """Let go of the render caches Textual keeps for widgets already gone."""
    clear = getattr(StylesCache.get_inner_outer, "cache_clear", None)
    if clear is not None:
        clear()


class KeyFooter(Footer):
    _shown: tuple | None = None  # the keys on show, as shown_keys() tells them

    def bindings_changed(self, screen: Screen) -> None:
        release_closed_widgets()  # a dialog over the screen opened or closed
        super().bindings_changed(screen)

    def shown_keys(self) -> tuple:
        """What the footer would show now: every shown key's text and state."""
        if not self._bindings_ready:
            return ()
        display = self.app.get_key_display
        return tuple(
            (key, display(binding), binding.description, binding.action, enabled, tooltip,
             binding.group, binding.show)
            for key, (_, binding, enabled, tooltip) in self.screen.active_bindings.items()
            if binding.show or key == self.app.COMMAND_PALETTE_BINDING
        )  # fmt: skip

    async def recompose(self) -> None:
        if not self.is_attached or self._pruning:
            return  # gone with its screen before the rebuild came round
        if getattr(self.screen, "holds_footer", False):
            return  # its screen asks for the keys as they are (GameScreen.holds_footer)
        keys = self.shown_keys()
        if keys == self._shown and self.is_mounted:
            return
        self._shown = keys
        await super().recompose()
        watchers = getattr(self, "__watchers", {}).get("compact")  # Textual's own store
        if watchers:
            watchers[:] = [(node, callback) for node, callback in watchers if node.is_attached]
