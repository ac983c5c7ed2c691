"""Who sits where in a shared game: the seat table, and what the host asks
the game about its seats.

The seats, whose turn it is, whose a command is and what each seat is told
of each event are the game's own (engine/core/table.py, through `Game`);
nothing here names a mode. Accounts claim open seats in the lobby; a seat
whose player has left can be handed to the bot and is handed back when its
player returns. The table is kept beside the host's save so a restarted
host seats everyone where they were."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

import msgspec

from engine import Game, get_mode
from engine.core.errors import RuleError
from engine.core.mode import optional
from engine.core.table import AI, PERSON
from hosting.protocol import SeatInfo
from saves.files import SaveError, private_folder, write_atomic


class SeatSpec(msgspec.Struct, frozen=True):
    id: str
    label: str
    figures: tuple[str, ...]
    human: bool = True


def seat_specs(game: Game) -> list[SeatSpec]:
    """The seats of the lobby: the game's, less the sides its AI plays inside
    decide (nobody may sit there); a bot seat is one the game's bot plays."""
    return [
        SeatSpec(s.id, s.label, s.figures, s.kind == PERSON) for s in game.seats() if s.kind != AI
    ]


def shares_log(mode_id: str) -> bool:
    """Every player of a game of this mode may hold the whole log: its viewers
    are all told the same (K-7). Otherwise each gets its seat's view and events."""
    try:
        mode = get_mode(mode_id)
    except RuleError:
        return False
    return not optional(mode, "table").hidden


def redact(game: Game, events: Any, seat: str | None) -> list[Any]:
    """Events as plain data, as `seat` (None: a watcher) is told them."""
    return msgspec.to_builtins(game.told(events, game.viewer_of(seat)))


def bot_move(game: Game, seats: set[str], eager: bool = False) -> Any | None:
    """A command the bot makes for one of `seats` now, else None. `eager`: a
    player's own helper, acting as soon as one of the seats may; else a stand-in
    for absent players, which lets the people present go first (it acts only
    when every seat to act is its own), so it never takes a step a player was
    about to choose."""
    turn = set(game.to_act())
    if not turn or not (turn & seats if eager else turn <= seats):
        return None
    return game.stand_in(seats)


def view_bot_move(mode_id: str, view: Any) -> Any | None:
    """The bot's command from a seat's view alone (a view replica), else None."""
    if not view or not view.get("legal"):
        return None
    table = optional(get_mode(mode_id), "table")
    return table.stand_in(None, view, list(view["legal"]))


# -- the seat table -------------------------------------------------------------
class SeatRecord(msgspec.Struct):
    account: str | None = None
    bot: bool = False


class SeatTable:
    """Claims and bots per seat, saved beside the game (presence is not saved:
    it is whoever is connected)."""

    def __init__(self, specs: list[SeatSpec], path: Path | None = None) -> None:
        self.specs = {s.id: s for s in specs}
        self.path = path
        self.records: dict[str, SeatRecord] = {s.id: SeatRecord() for s in specs}
        if path is not None and path.exists():
            self._load(path)

    def _load(self, path: Path) -> None:
        try:
            saved = msgspec.json.decode(path.read_bytes(), type=dict[str, SeatRecord])
        except (OSError, msgspec.DecodeError, msgspec.ValidationError) as e:
            raise SaveError(f"{path}: the seat table cannot be read: {e}") from None
        for seat, record in saved.items():
            if seat in self.records:
                self.records[seat] = record

    def save(self) -> None:
        if self.path is not None:
            private_folder(self.path.parent)
            write_atomic(self.path, msgspec.json.encode(self.records), fsync=False)

    def seats_of(self, account: str) -> list[str]:
        return [s for s, r in self.records.items() if r.account == account]

    def account_of(self, seat: str | None) -> str | None:
        record = self.records.get(seat or "")
        return record.account if record else None

    def bot_seats(self) -> set[str]:
        return {s for s, r in self.records.items() if r.bot}

    def open_seats(self) -> list[str]:
        return [s for s, r in self.records.items() if self.specs[s].human and r.account is None]

    def seat(self, account: str) -> list[str]:
        """Seat an account that joins: its own seats back from the bot, else the
        first open seat; a full table leaves it watching (no seats)."""
        mine = self.seats_of(account)
        if not mine and self.open_seats():
            mine = [self.open_seats()[0]]
        for seat in mine:
            self.records[seat] = SeatRecord(account=account, bot=False)
        self.save()
        return mine

    def claim(self, account: str, seat: str) -> str | None:
        """Why the account cannot take the seat, or None once it has."""
        spec = self.specs.get(seat)
        if spec is None:
            return f"there is no seat {seat!r} (seats: {', '.join(self.specs)})"
        if not spec.human:
            return f"{spec.label} is played by the game's own bot"
        holder = self.records[seat].account
        if holder not in (None, account):
            return f"{spec.label} is {holder}'s seat"
        self.records[seat] = SeatRecord(account=account, bot=False)
        self.save()
        return None

    def release(self, account: str, seat: str) -> str | None:
        if self.account_of(seat) != account:
            return f"{self.label(seat)} is not your seat"
        self.records[seat].account = None
        self.save()
        return None

    def hand_to_bot(self, account: str, seat: str, present: set[str]) -> str | None:
        """A seat goes to the bot when its player asks, or when anyone seated
        asks while its player is away (`present`: accounts connected now)."""
        spec = self.specs.get(seat)
        if spec is None or not spec.human:
            return f"there is no seat {seat!r} a person plays"
        holder = self.records[seat].account
        if holder != account:
            if not self.seats_of(account):
                return "only a seated player may hand a seat to the bot"
            if holder in present:
                return f"{spec.label} is {holder}'s, who is here: only they may hand it over"
        self.records[seat].bot = True
        self.save()
        return None

    def take_back(self, account: str, seat: str) -> str | None:
        if self.account_of(seat) != account:
            return f"{self.label(seat)} is not your seat"
        self.records[seat].bot = False
        self.save()
        return None

    def label(self, seat: str | None) -> str:
        spec = self.specs.get(seat or "")
        return spec.label if spec else str(seat)

    def who(self, seat: str | None) -> str:
        """ "Player 2 (bob)": a seat as players read it in messages."""
        account = self.account_of(seat)
        return f"{self.label(seat)} ({account})" if account else self.label(seat)

    def infos(self, present: set[str]) -> list[SeatInfo]:
        out = []
        for seat, spec in self.specs.items():
            record = self.records[seat]
            if not spec.human or record.bot:
                status = "bot"
            elif record.account is None:
                status = "open"
            else:
                status = "here" if record.account in present else "away"
            out.append(
                SeatInfo(
                    seat=seat,
                    label=spec.label,
                    figures=list(spec.figures),
                    human=spec.human,
                    account=record.account,
                    status=status,
                )
            )
        return out


def seat_file(home: Path, name: str) -> Path:
    return home / "coop" / f"{name}.seats.json"


def remove_seat_file(home: Path, name: str) -> None:
    try:
        os.unlink(seat_file(home, name))
    except FileNotFoundError:
        pass
