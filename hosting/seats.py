"""Who sits where in a shared game, and what each mode means by a seat.

A seat is what one player controls: in Station a player number of the
`players` option (ST-1.3: the survivors dealt to that number), in Outbreak
a seat of the `seats` option (its own figure, hand and turn). Accounts claim
open seats in the lobby; a seat whose player has left can be handed to the
bot and is handed back when its player returns. The table is kept beside
the host's save so a restarted host seats everyone where they were.

Each mode brings one small adapter here (the way each mode brings one
adapter to tui/modes/): which seats there are, whose a command is, who may
act now, what the bot plays for a seat, and, where players are opponents,
what of an entry's events a seat may see."""

from __future__ import annotations

import os
from collections import Counter
from pathlib import Path
from typing import Any, Protocol

import msgspec

from hosting.protocol import SeatInfo
from saves.files import SaveError, write_atomic


class SeatSpec(msgspec.Struct, frozen=True):
    id: str
    label: str
    figures: tuple[str, ...]
    human: bool = True


class Seating(Protocol):
    mode: str
    shared_log: bool  # True: every player may hold the whole log (one side, K-7)

    def seats(self, game: Any) -> list[SeatSpec]: ...

    def owner(self, game: Any, command: Any) -> str | None:
        """The seat a parsed command is for, judged on the game as it is now;
        None when the command names nothing the rules know (they refuse it)."""

    def turn(self, game: Any) -> list[str]:
        """The seats that may act now (the one holding the floor, if any)."""

    def takes_from(self, game: Any, command: Any) -> set[str]:
        """Other seats a command would take something from (a trade)."""

    def viewer(self, seat: str | None) -> str:
        """The engine viewer a seat's screen shows (None: a watcher)."""

    def bot_move(self, game: Any, seats: set[str], eager: bool = False) -> Any | None:
        """A command the bot makes for one of `seats` now, else None. `eager`:
        a player's own helper, acting as soon as one of the seats may; else a
        stand-in for absent players, which lets the people present go first."""

    def bot_view_move(self, view: Any) -> Any | None:
        """The bot's command from a seat's view alone (view replicas), else None."""

    def redact(self, events: list[Any], seat: str | None) -> list[Any]:
        """Events as plain data, less what `seat` may not know."""


def _plain(command: Any) -> dict:
    return command if isinstance(command, dict) else msgspec.to_builtins(command)


class StationSeating:
    """Station is played by one side: every player may know what the players'
    view shows, and the log (the save) is theirs as in hot-seat play."""

    mode = "station"
    shared_log = True

    @staticmethod
    def _players(game: Any) -> dict[str, int]:
        return dict(game.world.players)

    def seats(self, game: Any) -> list[SeatSpec]:
        players = self._players(game)
        return [
            SeatSpec(str(n), f"Player {n}", tuple(s for s, p in players.items() if p == n))
            for n in sorted(set(players.values()))
        ]

    def _seat_of(self, game: Any, survivor: Any) -> str | None:
        number = self._players(game).get(survivor) if isinstance(survivor, str) else None
        return None if number is None else str(number)

    def owner(self, game: Any, command: Any) -> str | None:
        data = _plain(command)
        if data.get("type") == "choose":
            pending = game.summary()["pending"]
            return self._seat_of(game, pending["survivor"]) if pending else None
        return self._seat_of(game, data.get("survivor"))

    def takes_from(self, game: Any, command: Any) -> set[str]:
        """The seats whose survivors a trade (`manage` with `others`) leaves
        without a card they had: a player may give cards to a friend's
        survivor, but only that survivor's player may give theirs away."""
        data = _plain(command)
        others = data.get("others") if data.get("type") == "manage" else None
        if not others:
            return set()
        survivors = game.summary()["survivors"]
        losing = set()
        for sid, wanted in others.items():
            had = survivors.get(sid)
            if had is None:
                continue
            kept = Counter(wanted.get("hand", []) + wanted.get("backpack", []))
            if Counter(had["hand"] + had["backpack"]) - kept:
                losing.add(self._seat_of(game, sid))
        return {s for s in losing if s is not None}

    def _holder(self, game: Any, view: dict) -> str | None:
        """The seat acting now: a pending decision's owner, else the active
        survivor's (ST-2.1: one survivor acts at a time; acting with another
        ends its activation, which only its own player may choose)."""
        if view["pending"]:
            return self._seat_of(game, view["pending"]["survivor"])
        active = view["active"]
        if active and active not in view["done"]:
            me = view["survivors"].get(active)
            if me and me["alive"] and me["actions_left"] > 0:
                return self._seat_of(game, active)
        return None

    def turn(self, game: Any) -> list[str]:
        if game.outcome is not None:
            return []
        view = game.summary()
        holder = self._holder(game, view)
        if holder is not None:
            return [holder]
        ready = {
            self._seat_of(game, sid)
            for sid, s in view["survivors"].items()
            if s["alive"] and sid not in view["done"] and s["actions_left"] > 0
        }
        return sorted(s for s in ready if s is not None)

    def viewer(self, seat: str | None) -> str:
        return "players"

    def bot_move(self, game: Any, seats: set[str], eager: bool = False) -> Any | None:
        """A stand-in bot plays a seat's survivors after the people's survivors
        have acted in the round (and at once when its survivor holds the
        floor), so it never takes a step a player was about to choose."""
        turn = set(self.turn(game))
        if not turn or not (turn & seats if eager else turn <= seats):
            return None
        from engine.station.bot import StationBot

        legal = [
            c
            for c in game.legal_commands()
            if self.owner(game, c) in seats and self.takes_from(game, c) <= seats
        ]
        if not legal:
            return None
        return StationBot.for_game(game).choose(game.view("players"), legal)

    def bot_view_move(self, view: Any) -> Any | None:
        return None  # station clients hold the log, and play with bot_move

    def redact(self, events: list[Any], seat: str | None) -> list[Any]:
        return [msgspec.to_builtins(e) for e in events]


class OutbreakSeating:
    """Outbreak is played against each other: a seat sees its own hand and
    none of the piles (the mode's view), so clients get views, never the log."""

    mode = "outbreak"
    shared_log = False
    _SECRET_DRAWS = {"event_drawn": "card"}  # event type -> field only its seat may see

    def seats(self, game: Any) -> list[SeatSpec]:
        """A seat a figure: labelled as the game calls it ("Player 2", "Bot 3",
        "Ann"; tui/modes/outbreak/words.py seat_name), no other figures."""
        summary = game.summary()
        kinds = {sid: summary["seats"][sid]["kind"] for sid in summary["order"]}
        return [
            SeatSpec(sid, self.label(sid, kind), (), kind == "human") for sid, kind in kinds.items()
        ]

    @staticmethod
    def label(sid: str, kind: str) -> str:
        """An unnamed seat (p<place>) by its place, a named one by its name."""
        if len(sid) == 2 and sid[0] == "p" and sid[1] in "123456789":
            return f"{'Bot' if kind == 'bot' else 'Player'} {sid[1]}"
        return sid[:1].upper() + sid[1:]

    def owner(self, game: Any, command: Any) -> str | None:
        named = _plain(command).get("seat")
        return named if isinstance(named, str) else game.summary()["to_act"]

    def takes_from(self, game: Any, command: Any) -> set[str]:
        return set()  # a seat's commands touch only its own hand

    def turn(self, game: Any) -> list[str]:
        to_act = game.summary()["to_act"] if game.outcome is None else None
        return [to_act] if to_act else []

    def viewer(self, seat: str | None) -> str:
        return seat or "spectator"

    def bot_move(self, game: Any, seats: set[str], eager: bool = False) -> Any | None:
        to_act = self.turn(game)
        if not to_act or to_act[0] not in seats:
            return None
        return self.bot_view_move(game.view(to_act[0]))

    def bot_view_move(self, view: Any) -> Any | None:
        if not view or not view.get("legal"):
            return None
        from engine.outbreak.bot import choose

        return choose(view)

    def redact(self, events: list[Any], seat: str | None) -> list[Any]:
        out = []
        for event in events:
            data = msgspec.to_builtins(event)
            kind = data.get("type")
            if kind == "deck_shuffled":
                data["order"] = None  # nobody may know a pile's order
            secret = self._SECRET_DRAWS.get(kind)
            if secret and data.get("seat") != seat:
                data[secret] = None
            out.append(data)
        return out


class SiegeSeating:
    """Siege is played by one side against the dead: a seat per human (the
    mission's roster, in seat order), and a "zombies" seat when a person plays
    the dead (zombies="human"). The board hides nothing from either side (the
    engine's views are the summary and the viewer's name), so every player
    may hold the log, as in hot-seat play."""

    mode = "siege"
    shared_log = True
    ZOMBIES = "zombies"

    def seats(self, game: Any) -> list[SeatSpec]:
        from engine.siege.content import name

        out = [SeatSpec(hid, name(hid), (hid,)) for hid in game.world.seats]
        if game.world.zombie_seat == "human":
            out.append(SeatSpec(self.ZOMBIES, "Zombies", ()))
        return out

    def owner(self, game: Any, command: Any) -> str | None:
        data = _plain(command)
        kind = data.get("type")
        if kind == "choose":
            pending = game.state.pending
            return pending.human if pending is not None else None
        if kind in ("zombie_move", "zombie_attack", "zombie_break", "end_zombie_turn"):
            return self.ZOMBIES if game.world.zombie_seat == "human" else None
        human = data.get("human")
        return human if isinstance(human, str) and human in game.world.seats else None

    def takes_from(self, game: Any, command: Any) -> set[str]:
        return set()  # a human gives only what it carries; nobody takes

    def turn(self, game: Any) -> list[str]:
        """A pending re-roll's human; the zombies' seat in their turn; the human
        whose turn has begun while it has actions left (acting with another
        would end that turn, DESIGN-siege "Turns", which only its own player
        may choose); else every living human still to play this round."""
        from engine.siege.rules import actions_left

        state = game.state
        if game.outcome is not None:
            return []
        if state.pending is not None:
            return [state.pending.human]
        if state.phase == "zombies":
            return [self.ZOMBIES] if game.world.zombie_seat == "human" else []
        active = state.human(state.active) if state.active else None
        if active is not None and active.id not in state.done and actions_left(active) > 0:
            return [active.id]
        return [
            h.id
            for h in state.humans
            if h.alive and h.carried_by is None and h.id not in state.done
        ]

    def viewer(self, seat: str | None) -> str:
        return "zombies" if seat == self.ZOMBIES else "humans"

    def bot_move(self, game: Any, seats: set[str], eager: bool = False) -> Any | None:
        """The siege bot for absent humans (after the people's humans have had
        their turns, at once when its human holds the floor), and the zombie
        AI's next command when the zombies' seat is the bot's."""
        turn = set(self.turn(game))
        if not turn or not (turn & seats if eager else turn <= seats):
            return None
        from engine.siege.bot import choose

        legal = [c for c in game.legal_commands() if self.owner(game, c) in seats]
        if not legal:
            return None
        viewer = self.viewer(self.ZOMBIES if self.ZOMBIES in turn else None)
        return choose(game.view(viewer), legal)

    def bot_view_move(self, view: Any) -> Any | None:
        return None  # siege clients hold the log, and play with bot_move

    def redact(self, events: list[Any], seat: str | None) -> list[Any]:
        return [msgspec.to_builtins(e) for e in events]


class SniperSeating:
    """Sniper is played against each other: the sniper's seat, and the
    commander's when a person commands (commander="human"; with the AI
    commander the sniper's is the only seat, and others may watch). The
    sniper's whereabouts are hidden from the commander, the commander's hand
    and unseen units from the sniper, so clients get their side's view and
    the events it may know, never the log (K-7). Watchers see the sniper's
    view."""

    mode = "sniper"
    shared_log = False
    SNIPER, COMMANDER = "sniper", "commander"
    _COMMANDER_COMMANDS = ("order", "event")
    # events the commander never hears of: the sniper's steps, sightings, actions
    # and cards, which would tell where he is or what he holds
    _NOT_FOR_COMMANDER = frozenset(
        {
            "unit_sighted",
            "sniper_bumped",  # the contact spots him: sniper_spotted says where
            "sniper_stepped",
            "camouflage_worn",
            "camouflage_dropped",
            "camouflage_readied",
            "action_taken",
            "shot_fired",
            "shot_card_drawn",
            "card_used",
            "far_sight_raised",
            "sniper_healed",
            "ammo_refilled",
            "sniper_hid",
            "objective_completed",
        }
    )
    # the commander's own business the sniper does not see: his units' walks,
    # alerts and arrivals (the sniper hears of the units he sees by sightings)
    _NOT_FOR_SNIPER = frozenset(
        {"unit_moved", "waypoint_reached", "alert_cleared", "unit_alerted", "unit_arrived"}
    )

    def seats(self, game: Any) -> list[SeatSpec]:
        out = [SeatSpec(self.SNIPER, "Sniper", (self.SNIPER,))]
        if game.world.commander == "human":
            out.append(SeatSpec(self.COMMANDER, "Commander", ()))
        return out

    def owner(self, game: Any, command: Any) -> str | None:
        """Judged on what both sides know (`active`, `commander`), so that a
        view replica (tui/screens/coop_view.py) can ask it too."""
        kind = _plain(command).get("type")
        known = game.summary()
        if kind == "end_turn":
            return known["active"]  # either side ends its own turn
        if kind in self._COMMANDER_COMMANDS:
            return self.COMMANDER if known["commander"] == "human" else None
        return self.SNIPER

    def takes_from(self, game: Any, command: Any) -> set[str]:
        return set()

    def turn(self, game: Any) -> list[str]:
        known = game.summary()
        active = known["active"] if game.outcome is None else None
        if active == self.COMMANDER and known["commander"] != "human":
            return []  # the AI commander plays inside the sniper's end_turn
        return [active] if active else []

    def viewer(self, seat: str | None) -> str:
        return self.COMMANDER if seat == self.COMMANDER else self.SNIPER

    def bot_move(self, game: Any, seats: set[str], eager: bool = False) -> Any | None:
        turn = self.turn(game)
        if not turn or turn[0] not in seats:
            return None
        return self.bot_view_move(game.view(self.viewer(turn[0])))

    def bot_view_move(self, view: Any) -> Any | None:
        """The sniper bot (a fresh one: it keeps no notes between commands), or
        the commander AI's next command that the rules list now."""
        if not view or not view.get("legal"):
            return None
        legal = view["legal"]
        if view.get("viewer") == self.COMMANDER:
            from engine.sniper.ai import commander_commands

            plan = msgspec.json.decode(msgspec.json.encode(commander_commands(view)))
            return next((c for c in plan if c in legal), {"type": "end_turn"})
        from engine.sniper.bot import SniperBot
        from engine.sniper.commands import SniperCommand

        commands = [msgspec.convert(c, SniperCommand) for c in legal]
        choice = SniperBot().choose(view, commands)
        return msgspec.json.decode(msgspec.json.encode(choice))

    @staticmethod
    def _card(cause: Any) -> bool:
        from engine.sniper.content import content

        cards = content()
        return cause in cards.equipment or cause in cards.events or cause in cards.shots

    def redact(self, events: list[Any], seat: str | None) -> list[Any]:
        """The events `seat` may know (a watcher: what the sniper may)."""
        commander = seat == self.COMMANDER
        out = []
        for event in events:
            data = msgspec.to_builtins(event)
            kind = data.get("type")
            if kind == "deck_shuffled":
                data["order"] = None  # nobody may know a pile's order
            if commander:
                if kind in self._NOT_FOR_COMMANDER:
                    continue
                if kind == "noise_made":
                    if not data.get("heard"):
                        continue  # no unit heard it
                    data["kind"] = data["radius"] = None  # a decoy sounds like a shot
                elif kind == "sniper_wounded" and self._card(data.get("cause")):
                    continue  # a blast that hurt him says where he was
                elif kind == "unit_hit":
                    data["cause"] = None  # a knife says he was next to it
                elif kind == "unit_killed":
                    data["witnessed"] = None
                elif kind in ("objectives_dealt", "equipment_drawn"):
                    data["cards"] = None
            else:
                if kind in self._NOT_FOR_SNIPER:
                    continue
                if kind == "event_card_drawn":
                    data["card"] = None
                elif kind == "unit_killed" and not data.get("witnessed"):
                    continue
                elif kind == "unit_hit" and data.get("cause") in self._event_cards():
                    continue  # a bombardment's hits he may not see
            out.append(data)
        return out

    @staticmethod
    def _event_cards() -> Any:
        from engine.sniper.content import content

        return content().events


SEATINGS: dict[str, Seating] = {
    s.mode: s for s in (StationSeating(), OutbreakSeating(), SiegeSeating(), SniperSeating())
}


def seating_for(mode: str) -> Seating:
    try:
        return SEATINGS[mode]
    except KeyError:
        known = ", ".join(sorted(SEATINGS))
        raise SaveError(
            f"{mode} cannot be shared across terminals yet (shared games: {known})"
        ) from None


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
            self.path.parent.mkdir(parents=True, exist_ok=True)
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
