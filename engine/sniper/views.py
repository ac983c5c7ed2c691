"""A side's view as the mode gives it (DESIGN-sniper "Views"): what that side
may know (summary.py) and the commands it may submit now (legal.py). Apart
from summary.py so the commander's AI, which reads his view in the middle
of a command (commander.py), never imports the legal list, which tries
commands through decide.py."""

from __future__ import annotations

import msgspec

from engine.core.errors import RuleError
from engine.sniper.legal import legal_commands
from engine.sniper.rules import World
from engine.sniper.state import State
from engine.sniper.summary import commander_view, sniper_view


def view(world: World, state: State, viewer: str = "sniper") -> dict:
    """A side's view, with `legal`: the commands that side may submit now as
    plain data (empty while the other side acts), so a player who holds only
    the view (a shared game's client) can be offered them."""
    if viewer in ("sniper", "players"):
        out, side = sniper_view(world, state), "sniper"
    elif viewer == "commander":
        out, side = commander_view(world, state), "commander"
    else:
        raise RuleError("bad_viewer", f"a view is the sniper's or the commander's, not {viewer!r}")
    acting = state.active == side
    legal = legal_commands(world, state) if acting else []
    out["legal"] = msgspec.json.decode(msgspec.json.encode(legal))  # cells as lists, as JSON
    return out
