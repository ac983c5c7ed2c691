"""A shared game between opponents, as the game screen sees it: one seat's view.

Where players are opponents (each holds cards the others may not see) the
host sends each player only the engine's view for their seat and the
events of each move less what that seat may not know (hosting/client.py,
`client.view`); there is no log to replay here. `ViewGame` gives the game
screen and the mode's adapter what they read of a Game, from that view
alone:

- `view(viewer)` is the player's own view whatever viewer is asked for (the
  host chose it: their seat's), and `summary()` is that same view: nothing
  here knows more than the player may;
- `legal_commands()` is the view's own list of what its seat may do now
  (a mode's view lists it as "legal"), when that seat is this player's, may
  act and is not handed to the bot;
- `outcome`, undo and redo come from the host's status; `bot_command()` is
  None (the host plays the bots); moves, undo and redo go through the
  client (tui/screens/coop_game.py);
- `players_here` names the seats of the person at this terminal, so an
  adapter may speak to them ("You draw ...") where at a shared keyboard it
  must not.

It names no mode: a mode's adapter says it can draw a game from a view
alone with `plays_from_view = True` on its Play (tui/modes/README.md).

`SharedGame` is the other kind, a replica of the whole log (every player
on one side); both are read by the game screen and by plain mode's shared
games (tui/plain/shared.py), neither of which draws anything here."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

import msgspec

from engine import RuleError


class NotHere(RuleError):
    pass


class HostActs:
    """What a shared game's host does for a screen's game (needs `client`):
    the bots, and every move, undo and redo, go through the host."""

    client: Any

    def bot_command(self) -> None:
        return None  # the host plays the bots

    def play_bots(self, limit: int = 0) -> Iterator[Any]:
        return iter(())  # the host plays the bots

    def can_undo(self) -> bool:
        return self.client.can_undo()

    def can_redo(self) -> bool:
        return self.client.status.redo_seat in self.client.my_seats

    def submit(self, command: Any) -> list[Any]:
        raise NotHere("shared", "a shared game's moves go through its host")

    def undo(self) -> bool:
        raise NotHere("shared", "a shared game's undo goes through its host")

    def redo(self) -> bool:
        raise NotHere("shared", "a shared game's redo goes through its host")

    def undo_to_person(self) -> int:
        raise NotHere("shared", "a shared game's undo goes through its host")

    def redo_to_person(self) -> int:
        raise NotHere("shared", "a shared game's redo goes through its host")


@dataclass(frozen=True)
class ViewSetup:
    """What a view replica knows of the game's setup. The undo policy is the
    host's: whether undo is allowed now comes with the host's status."""

    mode: str
    mission: str
    undo: str = ""


def plays_from_view(mode: str) -> bool:
    """The mode's adapter can draw a shared game from one seat's view alone."""
    from tui.modes import get_ui

    ui = get_ui(mode)
    return ui is not None and ui.play_type.plays_from_view


class ViewGame(HostActs):
    """The replica of a game between opponents: the client's view (module
    docstring). Reading never goes past what this player may know."""

    replica = "view"
    undo_count = None  # the host's count; a view does not hold it

    def __init__(self, client: Any) -> None:
        self.client = client
        self.setup = ViewSetup(client.mode, client.mission)

    # -- reading -----------------------------------------------------------------------
    def view(self, viewer: str = "") -> dict:
        """This player's view (the seat the host shows them), whoever is asked for."""
        return self.client.view or {}

    def summary(self) -> dict:
        """Summary-like data for the screens: the view, never more."""
        return self.view()

    @property
    def outcome(self) -> str | None:
        view = self.view()
        return self.client.status.outcome or view.get("outcome")

    @property
    def commands(self) -> range:
        """The moves made so far, as far as a view knows them: how many."""
        return range(self.client.status.index)

    @property
    def events(self) -> list[Any]:
        # a view replica holds no log: each move's events are told as they
        # come, and the last ones before joining come with the host's Welcome
        # (client.recent, retold by the screen's story())
        return []

    def told(self, events: Any, viewer: str = "") -> list[Any]:
        """Events as this seat is told them: the host already told them so."""
        return list(events)

    @property
    def players_here(self) -> list[str]:
        return list(self.client.my_seats)

    def acting(self) -> set[str]:
        """This player's seats that may act now (not those handed to the bot)."""
        client = self.client
        if client.closed is not None or self.outcome is not None:
            return set()
        mine = set(client.my_seats)
        playing = {s.seat for s in client.lobby.seats if s.seat in mine and s.status != "bot"}
        return playing & set(client.status.turn)

    def legal_commands(self) -> list[dict]:
        """The view's own list, for this player's seats that may act now."""
        acting = self.acting()
        if not acting:
            return []
        if self.client.view_seat not in acting:  # the view is of a seat that waits
            return []
        return [msgspec.to_builtins(c) for c in self.view().get("legal") or []]


class SharedGame(HostActs):
    """The replica as the game screen and the mode's adapter see it: reading
    goes to the replica Game; the legal commands are the player's own; the
    bots are the host's; moves, undo and redo go through the client."""

    def __init__(self, client: Any) -> None:
        self.client = client
        self.replica = client.game

    def __getattr__(self, name: str) -> Any:
        return getattr(self.replica, name)

    @property
    def players_here(self) -> list[str]:
        """The seats of the person at this terminal (none: a watcher)."""
        return list(self.client.my_seats)

    def legal_commands(self) -> list[Any]:
        """The commands the rules allow now for this player's seats that may
        act (not those handed to the bot), never taking a friend's cards."""
        client, game = self.client, self.replica
        if client.closed is not None or game.outcome is not None:
            return []
        mine = set(client.my_seats)
        playing = {s.seat for s in client.lobby.seats if s.seat in mine and s.status != "bot"}
        acting = playing & set(client.status.turn)
        if not acting:
            return []
        return [
            c
            for c in game.legal_commands()
            if game.owner(c) in acting and game.takes_from(c) <= mine
        ]


def who(client: Any, seat: str | None) -> str:
    """A seat as the log names its player: "Player 2 (bob)", "Player 2 (bot)"."""
    info = client.seat_info(seat)
    if info is not None and info.status == "bot":
        return f"{info.label} (bot)" if info.human else info.label  # the game's own bot
    return client.who(seat)


def names_seat(line: str, label: str) -> bool:
    """A move's first line already says whose it was: "Player 2 lays ...", or
    a watcher's "The sniper moves ..." (the Sniper seat, told of him), so the
    log needs no "Sniper (alice):" before it."""
    return line.startswith(label) or line.startswith(f"The {label.lower()} ")
