"""Options of one mode or another, given on the command line (`shamble new
--seats ...`) or by the new-game dialog when it hosts a shared game. Each is
passed to the mode only when given: the mode checks it (an option it does
not know is refused as `bad_option`). Apart from tui/cli.py so the screens
can read it without importing the command line."""

from __future__ import annotations

MODE_OPTIONS = {
    "players": "station hot-seat: a number of players (2: two survivors each unless "
    "--survivors names them) or who controls each survivor, e.g. vega:1,okafor:2",
    "zombies": "siege: who plays the zombies, ai (default) or human",
    "commander": "sniper: who plays the commander, ai (default) or human",
    "seats": "outbreak: 2-6 seats in turn order, e.g. human,bot,bot or ann:human,bot",
    "discard": "outbreak: optional (default: a turn may end without one) or mandatory "
    "(the box's rule: one card goes back into the event deck)",
    "dealer": "outbreak: none (default: seat 1 starts) or random (the box's dealer; "
    "the seat at their left starts)",
    "tile_deck": "outbreak: standard (default) or dead_ends (buildings with one road, "
    "so the town can close and only kills win)",
    "event_deck": "outbreak: standard (default) or table (three more cards that act on "
    "every player at once)",
}
