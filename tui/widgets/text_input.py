"""The one text field the game makes (seeds, names, table talk, answers).

Textual's Input types a character in its own key handler but leaves its
editing keys (backspace, delete, the arrows, home/end, ctrl+u, ctrl+w,
Enter...) to bindings, which run only once the key has bubbled up to the
app. Keys that arrive together (a burst over SSH, a fast typist) are all
forwarded to the field first, so a backspace acted after the characters
typed behind it: '1', backspace, '2' gave '1' instead of '2'
(Textualize/textual#6605). TextInput runs the field's own bindings in its
key handler, in the order the keys came. Priority bindings have already run
by then and the field's bindings come first in the chain anyway, so which
action a key runs is unchanged; a key the field does not bind (Escape, Tab,
up/down) still bubbles to the dialog and the app as before.
"""

from __future__ import annotations

from textual import events
from textual.widgets import Input


class TextInput(Input):
    async def _on_key(self, event: events.Key) -> None:
        if event.is_printable:
            return  # Input's own handler types it (restrictions, max length)
        for binding in self._bindings.key_to_bindings.get(event.key, ()):
            if binding.priority:
                continue  # the app ran those before the key came here
            if await self.app.run_action(binding.action, self):
                self._restart_blink()
                event.stop()
                event.prevent_default()
                return
        # not bound here, or the action skipped (copy with nothing selected):
        # on to Input's handler and up the chain as Textual does it
