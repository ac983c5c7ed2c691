"""The hot-seat commander's side of the Sniper screen: his keys, hints and
words. Everything here reads the commander's view (host.view while he has
the keyboard): his units, the sniper only where he is spotted or was last
known, the noises his units heard, his event cards."""

from __future__ import annotations

from typing import Any

from rich.text import Text

from engine.core.geometry import chebyshev
from engine.sniper import content
from tui.modes.base import Host, Targeting
from tui.modes.sniper import words
from tui.modes.sniper.sight import Cell, Sight, as_cell


def _of_type(legal: list[dict], ctype: str) -> list[dict]:
    return [c for c in legal if c["type"] == ctype]


class CommanderKeys:
    """Mixed into SniperPlay."""

    def commander_home(self, host: Host) -> Cell:
        view = host.view
        unit = view["units"].get(host.selected or "")
        if unit is not None:
            return as_cell(unit["at"])
        if view.get("sniper_at"):
            return as_cell(view["sniper_at"])
        living = [u for u in view["units"].values() if u.get("alive", True)]
        return as_cell(living[0]["at"]) if living else (0, 0)

    def order_lines(self, host: Host, sight: Sight) -> frozenset[Cell]:
        """While ordering a unit: its sight line to the sniper's known cell
        from the cell the cursor is on."""
        t, view = host.targeting, host.view
        target = view.get("sniper_at") or (view.get("last_known") or {}).get("at")
        if t is None or t.kind != "order" or host.cursor not in t.options or not target:
            return frozenset()
        target = as_cell(target)
        if chebyshev(host.cursor, target) > sight.unit_sight:
            return frozenset()
        return frozenset(sight.line(host.cursor, target)) | {target}

    def commander_label(self, command: dict) -> str:
        match command["type"]:
            case "order":
                return f"Order {words.unit(command['unit'])} to {words.cell(command['to'])}"
            case "event":
                where = f" at {words.cell(command['at'])}" if command.get("at") else ""
                card = command["card"]
                return f"Play {words.card(card)}{where}: {words.event_card(card)}"
        return command["type"].replace("_", " ")

    def commander_status(self, host: Host) -> Text:
        view = host.view
        text = Text(f"Commander, turn {view['turn']}/{view['turns']}", "bold")
        unit = view["units"].get(host.selected or "")
        if unit is not None:
            speed = content.unit(unit["kind"]).speed
            text.append(f": {host.selected} ({unit['kind']}, speed {speed}).")
        else:
            text.append(": every unit has its orders.")
        can = {c["type"] for c in host.legal}
        for ctype, key, word in (
            ("order", "m", "order"),
            ("event", "p", "event"),
            ("end_turn", "e", "end"),
        ):
            if ctype in can:
                text.append(f" {key}", "bold")
                text.append(f" {word}")
        if "order" in can:
            text.append(" Tab", "bold")
            text.append(" unit")
        return text

    def commander_look(self, host: Host, c: Cell, text: str) -> str:
        view = host.view
        for uid, u in view["units"].items():
            if u.get("alive", True) and as_cell(u["at"]) == c:
                alert = f", alerted to {words.cell(u['alert'])}" if u.get("alert") else ""
                text += f"; {words.unit(uid)}, {u['health']} health{alert}"
        if view.get("sniper_at") and as_cell(view["sniper_at"]) == c:
            text += "; the sniper, spotted here"
        known = view.get("last_known")
        if known and as_cell(known["at"]) == c:
            text += f"; the sniper was last known here ({words.turns_ago(view['turn'] - known['turn'])})"
        return text + "."

    def commander_hint(self, host: Host, t: Targeting, cursor: Any) -> str:
        first = t.options[cursor][0]
        if first["type"] == "order":
            unit = host.view["units"][first["unit"]]
            d = chebyshev(as_cell(unit["at"]), cursor)
            return f"{first['unit']} to {words.cell(cursor)} ({d} away)"
        return self.commander_label(first)

    def commander_question(self, host: Host, command: dict) -> str | None:
        if command["type"] != "end_turn":
            return None
        idle = [c["unit"] for c in _of_type(host.legal, "order")]
        idle = list(dict.fromkeys(idle))
        if idle:
            n = len(idle)
            return f"End your turn with {n} unit{'s' if n > 1 else ''} not ordered?"
        return None

    def commander_enter(self, host: Host) -> None:
        orders = [
            c
            for c in _of_type(host.legal, "order")
            if c["unit"] == host.selected and as_cell(c["to"]) == host.cursor
        ]
        if orders:
            host.act(orders[0])
        else:
            host.add_log([self.look(host)])

    def key_order(self, host: Host) -> None:
        orders = [c for c in _of_type(host.legal, "order") if c["unit"] == host.selected]
        if not orders:
            if host.view.get("active") not in (None, "commander"):
                host.add_log(["Wait: it is the sniper's turn."])
            elif _of_type(host.legal, "order"):
                host.add_log(["That unit has its orders: Tab selects one that has none."])
            else:
                host.add_log(["Every unit has had its orders this turn: e ends it."])
            return
        options = {as_cell(c["to"]): [c] for c in orders}
        host.start_targeting(Targeting("order", f"Order {host.selected}", "m", options))

    def key_event(self, host: Host) -> None:
        if host.view.get("viewer") != "commander":
            host.add_log(["Only the commander plays event cards."])
            return
        plays = _of_type(host.legal, "event")
        if not plays:
            why = (
                "you have played your event this turn"
                if host.view.get("event_played")
                else "none of your cards can be played now"
            )
            host.add_log([f"No event to play: {why}."])
            return
        cards = list(dict.fromkeys(c["card"] for c in plays))
        options = [(card, f"{words.card(card)}: {words.event_card(card)}") for card in cards]

        def chosen(card: str | None) -> None:
            if card is None:
                return
            mine = [c for c in plays if c["card"] == card]
            if len(mine) == 1 and not mine[0].get("at"):
                host.act(mine[0])
                return
            options = {as_cell(c["at"]): [c] for c in mine if c.get("at")}
            host.start_targeting(Targeting("event", f"Play {words.card(card)}", "p", options))

        host.pick("Play an event card", options, chosen)
