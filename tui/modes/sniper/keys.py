"""What the sniper's keys do (RULES SN): move along a route, fire, use an item,
hide, take ammunition, sabotage, end the turn. Every command sent comes from
the game's legal list; a key with nothing to do says why and changes nothing.
The commander's keys are commander.py."""

from __future__ import annotations

from engine.core.geometry import chebyshev
from engine.sniper import content
from tui.modes.base import Host, Targeting
from tui.modes.sniper import words
from tui.modes.sniper.sight import Cell, as_cell
from tui.modes.sniper.status import of_type


class SniperKeys:
    """Mixed into SniperPlay: needs its side, sight, hints (status.py) and
    the commander's keys."""

    def question(self, host: Host, command: dict) -> str | None:
        view = host.view
        if view["viewer"] == "commander":
            return self.commander_question(host, command)
        if command["type"] == "move":
            _, seen_by = self.exposure(view, [as_cell(c) for c in command["path"]])
            if seen_by:
                who = ", ".join(words.unit(uid) for uid in seen_by)
                fires = any(f for _, f in seen_by.values())
                return f"In sight of {who}{' (it fires!)' if fires else ''}. Move there?"
        if command["type"] == "end_turn":
            me = view["sniper"]
            why = []
            if not me["acted"]:
                why.append("no action taken")
            if me["exposed"]:
                why.append("you stand on open ground")
            if why:
                return f"End turn {view['turn']} ({', '.join(why)})?"
        return None

    def enter(self, host: Host) -> None:
        if host.view["viewer"] == "commander":
            self.commander_enter(host)
            return
        move = self.route_to(host, host.cursor)
        if move is not None:
            host.act(move)
        else:
            host.add_log([self.look(host)])

    def route_to(self, host: Host, cell: Cell | None) -> dict | None:
        return self.routes(host).get(cell) if cell is not None else None

    def routes(self, host: Host) -> dict[Cell, dict]:
        """A move command for every cell he can reach this turn."""
        if not of_type(host.legal, "move"):
            return {}
        view = host.view
        sight = self.sight(view)
        me = view["sniper"]
        blocked = {as_cell(u["at"]) for u in view["units"].values()}
        routes = sight.routes(as_cell(me["at"]), me["moves_left"], blocked)
        return {c: {"type": "move", "path": [list(s) for s in p]} for c, p in routes.items()}

    def cannot(self, host: Host, what: str, why: str) -> None:
        host.add_log([f"You can't {what}: {why}."])

    def not_now(self, host: Host) -> bool:
        """True (and said) when the sniper cannot act now."""
        view = host.view
        if view.get("outcome"):
            host.add_log(["The game is over: press Enter for the summary."])
            return True
        if view["viewer"] != "sniper":
            host.add_log(["That is a sniper's key: the commander orders (m), plays (p), ends (e)."])
            return True
        return False

    def acted_reason(self, view: dict) -> str:
        me = view["sniper"]
        if me.get("actions_left", 0) == 0 and me["acted"]:
            return "you have taken your action this turn"
        return "not now"

    def key_home(self, host: Host) -> None:
        host.cursor = self.home(host)
        host.redraw()

    def key_move(self, host: Host) -> None:
        if host.view["viewer"] == "commander":
            self.key_order(host)
            return
        if self.not_now(host):
            return
        routes = self.routes(host)
        if not routes:
            me = host.view["sniper"]
            why = "you have acted, so no more moves" if me["acted"] else "no moves left"
            self.cannot(host, "move", why + " this turn")
            return
        options = {
            c: [cmd]
            for c, cmd in sorted(
                routes.items(), key=lambda kv: (len(kv[1]["path"]), kv[0][1], kv[0][0])
            )
        }
        host.start_targeting(Targeting("move", "Move", "m", options))

    def key_fire(self, host: Host) -> None:
        if self.not_now(host):
            return
        shots = of_type(host.legal, "shoot")
        view = host.view
        if not shots:
            me = view["sniper"]
            if not me.get("actions_left"):
                why = self.acted_reason(view)
            elif me["ammo"] <= 0:
                why = "you are out of ammo (a crate or an ammo pouch)"
            elif not view["units"]:
                why = "you see no one"
            else:
                why = f"no unit you see is within {content.numbers().rifle_range}"
            self.cannot(host, "fire", why)
            return
        options: dict[Cell, list[dict]] = {}
        for c in shots:
            options.setdefault(as_cell(view["units"][c["target"]]["at"]), []).append(c)
        host.start_targeting(Targeting("fire", "Fire", "f", options))

    def key_use(self, host: Host) -> None:
        if self.not_now(host):
            return
        uses = of_type(host.legal, "use")
        if not uses:
            why = (
                self.acted_reason(host.view)
                if host.view["sniper"]["acted"]
                else "none of your kit can be used here"
            )
            self.cannot(host, "use an item", why)
            return
        cards = list(dict.fromkeys(c["card"] for c in uses))
        options = [(card, f"{words.card(card)}: {words.equipment(card)}") for card in cards]

        def chosen(card: str | None) -> None:
            if card is not None:
                self.use_card(host, card, [c for c in uses if c["card"] == card])

        host.pick("Use an item", options, chosen)

    def use_card(self, host: Host, card: str, commands: list[dict]) -> None:
        spec = content.equipment(card)
        view = host.view
        if spec.aim == "target":
            options = {as_cell(view["units"][c["target"]]["at"]): [c] for c in commands}
        elif spec.aim == "at":
            me = as_cell(view["sniper"]["at"])
            ordered = sorted(
                commands, key=lambda c: (chebyshev(me, as_cell(c["at"])), c["at"][1], c["at"][0])
            )
            options = {as_cell(c["at"]): [c] for c in ordered}
        else:
            host.act(commands[0])
            return
        host.start_targeting(Targeting("use", f"Use the {words.card(card)}", "i", options))

    def key_hide(self, host: Host) -> None:
        if self.not_now(host):
            return
        found = of_type(host.legal, "hide")
        if found:
            host.act(found[0])
        elif host.view["sniper"]["exposed"]:
            self.cannot(host, "hide", "you are on open ground (hide in cover)")
        else:
            self.cannot(host, "hide", self.acted_reason(host.view))

    def key_ammo(self, host: Host) -> None:
        if self.not_now(host):
            return
        found = of_type(host.legal, "take_ammo")
        if found:
            host.act(found[0])
            return
        me = host.view["sniper"]
        if me["acted"] and not me.get("actions_left"):
            why = self.acted_reason(host.view)
        elif me["crates_used"] >= content.numbers().crates:
            why = f"you have taken from crates {content.numbers().crates} times already"
        else:
            why = "no ammo crate on or next to you"
        self.cannot(host, "take ammo", why)

    def key_sabotage(self, host: Host) -> None:
        if self.not_now(host):
            return
        found = of_type(host.legal, "sabotage")
        if found:
            host.choose_and_act("Sabotage", found)
        elif host.view["sniper"]["acted"] and not host.view["sniper"].get("actions_left"):
            self.cannot(host, "sabotage", self.acted_reason(host.view))
        else:
            self.cannot(host, "sabotage", "no intact radio, fuel depot or telephone next to you")

    def key_end_turn(self, host: Host) -> None:
        if host.view.get("outcome"):
            host.add_log(["The game is over: press Enter for the summary."])
            return
        found = of_type(host.legal, "end_turn")
        if found:
            host.act(found[0])
        elif host.view.get("active") != host.view.get("viewer"):
            side = "sniper's" if host.view.get("active") == "sniper" else "commander's"
            host.add_log([f"Wait: it is the {side} turn."])
