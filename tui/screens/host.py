"""A screen that opens games and takes over when they end."""

from __future__ import annotations


class GameHost:
    """Mixed into a screen that opens games from itself (a campaign's
    progress screen): when such a game ends, the game-over screen offers
    `continue_label` instead of the title, and leaving the game says the
    host resumes it. Shared screens find it by this class, not by name."""

    continue_label = "Continue"
    resumes_note = "the campaign screen resumes it"


def host_below(app, screen) -> GameHost | None:
    """The GameHost right under screen in the app's stack, if any."""
    stack = app.screen_stack
    if screen in stack:
        i = stack.index(screen)
        if i and isinstance(stack[i - 1], GameHost):
            return stack[i - 1]
    return None
